// SPDX-License-Identifier: MIT
#include "loaderscope/results/histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace loaderscope {

namespace {
constexpr int kSubBits = 6;                 ///< 64 buckets per power of two
constexpr uint64_t kSub = 1ULL << kSubBits; ///< below this, one bucket per nanosecond
} // namespace

int LatencyHistogram::bucketOf(uint64_t ns)
{
    if (ns < kSub)
        return int(ns);
    const int e = std::bit_width(ns) - 1; // >= kSubBits
    const uint64_t sub = (ns >> (e - kSubBits)) & (kSub - 1);
    return int(kSub) + (e - kSubBits) * int(kSub) + int(sub);
}

uint64_t LatencyHistogram::bucketLow(int bucket)
{
    if (bucket < int(kSub))
        return uint64_t(bucket);
    const int e = (bucket - int(kSub)) / int(kSub) + kSubBits;
    const uint64_t sub = uint64_t(bucket - int(kSub)) % kSub;
    return (kSub + sub) << (e - kSubBits);
}

uint64_t LatencyHistogram::bucketHigh(int bucket)
{
    if (bucket < int(kSub))
        return uint64_t(bucket);
    const int e = (bucket - int(kSub)) / int(kSub) + kSubBits;
    return bucketLow(bucket) + (1ULL << (e - kSubBits)) - 1;
}

void LatencyHistogram::add(uint64_t ns, uint64_t weight)
{
    if (weight == 0)
        return;
    const size_t b = size_t(bucketOf(ns));
    if (b >= m_counts.size())
        m_counts.resize(b + 1, 0);
    m_counts[b] += weight;
    m_count += weight;
    m_max = std::max(m_max, ns);
}

void LatencyHistogram::merge(const LatencyHistogram& other)
{
    if (other.m_counts.size() > m_counts.size())
        m_counts.resize(other.m_counts.size(), 0);
    for (size_t b = 0; b < other.m_counts.size(); ++b)
        m_counts[b] += other.m_counts[b];
    m_count += other.m_count;
    m_max = std::max(m_max, other.m_max);
}

uint64_t LatencyHistogram::quantileNs(double q) const
{
    if (m_count == 0)
        return 0;
    const uint64_t rank = std::max<uint64_t>(1, uint64_t(std::ceil(std::clamp(q, 0.0, 1.0) * double(m_count))));
    uint64_t seen = 0;
    for (size_t b = 0; b < m_counts.size(); ++b) {
        seen += m_counts[b];
        if (seen >= rank)
            return std::min(bucketHigh(int(b)), m_max);
    }
    return m_max;
}

std::vector<std::pair<uint64_t, uint64_t>> LatencyHistogram::bins() const
{
    std::vector<std::pair<uint64_t, uint64_t>> out;
    for (size_t b = 0; b < m_counts.size(); ++b)
        if (m_counts[b])
            out.emplace_back(bucketLow(int(b)), m_counts[b]);
    return out;
}

LatencyHistogram LatencyHistogram::fromBins(const std::vector<std::pair<uint64_t, uint64_t>>& bins, uint64_t maxNs)
{
    LatencyHistogram h;
    for (const auto& [low, n] : bins)
        h.add(low, n);
    h.m_max = std::max(maxNs, h.m_max);
    return h;
}

} // namespace loaderscope

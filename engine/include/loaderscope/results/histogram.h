// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace loaderscope {

/**
 * A latency histogram in the manner of HdrHistogram: log-linear buckets of nanoseconds, exact
 * below 64 ns, then 64 buckets per power of two (each at most 1/64 of its value wide: a quantile
 * is within 1.6 % of the true one). Its buckets are fixed, so two histograms merge exactly (ranks,
 * epochs, a live view's batches): merged quantiles are those of all the values together, never a
 * mean of quantiles. The count and the exact largest value are kept beside. Values are weighted
 * (a Fetch recorded 1 in N stands for N samples). Owned by one thread; a copy is a value.
 */
class LatencyHistogram
{
public:
    void add(uint64_t ns, uint64_t weight = 1);
    void merge(const LatencyHistogram& other);
    uint64_t count() const { return m_count; }
    uint64_t maxNs() const { return m_max; }
    /// The value at quantile q (0..1): the upper end of the bucket where the ceil(q x count)-th
    /// value falls, never above the largest value seen; 0 when empty.
    uint64_t quantileNs(double q) const;
    /// The non-empty buckets, as (lowest value of the bucket in ns, count), lowest first.
    std::vector<std::pair<uint64_t, uint64_t>> bins() const;
    /// Rebuilds from bins() and the largest value (a summary read back): merges as the original.
    static LatencyHistogram fromBins(const std::vector<std::pair<uint64_t, uint64_t>>& bins, uint64_t maxNs);

    static int bucketOf(uint64_t ns);
    static uint64_t bucketLow(int bucket);
    static uint64_t bucketHigh(int bucket); ///< inclusive

private:
    std::vector<uint64_t> m_counts; ///< per bucket, grown to the highest bucket used
    uint64_t m_count = 0;
    uint64_t m_max = 0;
};

} // namespace loaderscope

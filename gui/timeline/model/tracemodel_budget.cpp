// SPDX-License-Identifier: MIT
// TraceModel's detail budget: which time ranges hold every span (the coverage), and the oldest
// detail dropped when the spans pass the budget, keeping the range the user looks at. The folded
// overview (histograms) keeps the whole run. Owned by the GUI thread, as the model.
#include "tracemodel.h"

#include <algorithm>

namespace {

/// First span of a row starting at or after `t` (rows are sorted by start time).
size_t firstStartingAt(const std::vector<SpanRec>& row, qint64 t)
{
    return size_t(std::lower_bound(row.begin(), row.end(), t, [](const SpanRec& r, qint64 v) { return r.t0 < v; }) -
                  row.begin());
}

} // namespace

bool TraceModel::covered(qint64 t0, qint64 t1) const
{
    for (const auto& [a, b] : m_coverage)
        if (a <= t0 && t1 <= b)
            return true;
    return false;
}

bool TraceModel::overlapsCovered(qint64 t0, qint64 t1) const
{
    for (const auto& [a, b] : m_coverage)
        if (a <= t1 && t0 <= b)
            return true;
    return false;
}

std::vector<std::pair<qint64, qint64>> TraceModel::uncovered(qint64 t0, qint64 t1) const
{
    std::vector<std::pair<qint64, qint64>> gaps;
    qint64 at = t0;
    for (const auto& [a, b] : m_coverage) {
        if (b < at)
            continue;
        if (a > t1)
            break;
        if (a > at)
            gaps.emplace_back(at, a);
        at = std::max(at, b);
        if (at >= t1)
            break;
    }
    if (at < t1)
        gaps.emplace_back(at, t1);
    return gaps;
}

void TraceModel::addCoverage(qint64 t0, qint64 t1)
{
    m_coverage.emplace_back(t0, t1);
    std::sort(m_coverage.begin(), m_coverage.end());
    std::vector<std::pair<qint64, qint64>> merged;
    for (const auto& r : m_coverage) {
        if (!merged.empty() && r.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, r.second);
        else
            merged.push_back(r);
    }
    m_coverage.swap(merged);
}

void TraceModel::removeCoverageBefore(qint64 t, qint64 keep0, qint64 keep1)
{
    std::vector<std::pair<qint64, qint64>> out;
    for (const auto& [a, b] : m_coverage) {
        if (b > t)
            out.emplace_back(std::max(a, t), b);
        const qint64 ka = std::max(a, keep0), kb = std::min({b, keep1, t});
        if (kb > ka)
            out.emplace_back(ka, kb);
    }
    m_coverage.clear();
    for (const auto& r : out)
        addCoverage(r.first, r.second);
}

void TraceModel::evictIfNeeded()
{
    if (m_spans <= m_budget)
        return;
    // Drop the oldest detail down to 3/4 of the budget, keeping what the user looks at.
    const qint64 target = m_budget * 3 / 4;
    const auto [p0, p1] = m_protected;
    auto removable = [&](qint64 cut) {
        qint64 n = 0;
        for (const Lane& l : m_lanes)
            for (const auto& row : l.rows) {
                const size_t end = firstStartingAt(row, cut);
                n += qint64(end);
                if (p1 >= p0) // spans of the protected range stay
                    n -= qint64(std::min(end, firstStartingAt(row, p1 + 1)) - std::min(end, firstStartingAt(row, p0)));
            }
        return n;
    };
    qint64 lo = 0, hi = m_end + 1;
    while (lo < hi) {
        const qint64 mid = lo + (hi - lo) / 2;
        if (m_spans - removable(mid) <= target)
            hi = mid;
        else
            lo = mid + 1;
    }
    const qint64 cut = lo;
    qint64 removed = 0;
    auto inProtected = [&](qint64 a, qint64 b) { return p1 >= p0 && b >= p0 && a <= p1; };
    for (Lane& l : m_lanes)
        for (int r = 0; r < 2; ++r) {
            std::vector<SpanRec>& row = l.rows[r];
            const auto end = row.begin() + std::ptrdiff_t(firstStartingAt(row, cut));
            const auto kept = std::remove_if(row.begin(), end, [&](const SpanRec& s) { return s.t1 < cut && !inProtected(s.t0, s.t1); });
            removed += end - kept;
            if (kept != end) {
                row.erase(kept, end);
                l.folds[r].rebuild(row, 0);
            }
        }
    m_counters.erase(std::remove_if(m_counters.begin(), m_counters.end(),
                                    [&](const CounterSample& c) { return c.t < cut && !inProtected(c.t, c.t); }),
                     m_counters.end());
    m_spans -= removed;
    m_evicted += removed;
    removeCoverageBefore(cut, p0, p1 >= p0 ? p1 : p0);
}

qint64 TraceModel::memoryBytes() const
{
    qint64 bytes = qint64(m_counters.capacity() * sizeof(CounterSample) + m_counterBuckets.capacity() * sizeof(CounterBucket) +
                          m_memory.bytes());
    for (const Lane& l : m_lanes)
        bytes += qint64((l.rows[0].capacity() + l.rows[1].capacity()) * sizeof(SpanRec) + l.folds[0].bytes() +
                        l.folds[1].bytes() + l.instants.capacity() * sizeof(InstantRec) +
                        l.histogram.capacity() * sizeof(HistogramBucket));
    return bytes;
}

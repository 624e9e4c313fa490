// SPDX-License-Identifier: MIT
#include "loaderscope/results/slow_samples.h"

#include <algorithm>

namespace loaderscope {

namespace {
/// Whether `a` stays longer than `b`: slower, or as slow and earlier. As the heap's order it puts
/// the one to go first (the fastest kept; among equals, the latest) at the front.
bool keepsLonger(const SlowFetch& a, const SlowFetch& b)
{
    return a.ns != b.ns ? a.ns > b.ns : a.t0 < b.t0;
}
} // namespace

uint64_t stallAddedNs(const SlowFetch& s, uint64_t waitMedianNs)
{
    return s.wait_ns > 0 && uint64_t(s.wait_ns) > waitMedianNs ? uint64_t(s.wait_ns) - waitMedianNs : 0;
}

uint64_t stallAddedByBatchesNs(const std::vector<SlowFetch>& samples, uint64_t waitMedianNs)
{
    std::vector<int64_t> seen;
    uint64_t sum = 0;
    for (const SlowFetch& s : samples) {
        const int64_t key = batchKey(s.epoch, s.batch);
        if (std::find(seen.begin(), seen.end(), key) != seen.end())
            continue;
        seen.push_back(key);
        sum += stallAddedNs(s, waitMedianNs);
    }
    return sum;
}

SlowSampleAccumulator::LoopCost& SlowSampleAccumulator::recent(int64_t key)
{
    auto [it, added] = m_recent.try_emplace(key);
    if (added) {
        m_recentOrder.push_back(key);
        if (m_recentOrder.size() > kRecentBatches) {
            m_recent.erase(m_recentOrder.front());
            m_recentOrder.pop_front();
        }
    }
    return it->second; // the erase took the oldest key, never this one (just added, at the back)
}

void SlowSampleAccumulator::addLoopCost(const Event& e)
{
    const int64_t ns = int64_t(e.t1 > e.t0 ? e.t1 - e.t0 : 0);
    const bool wait = e.kind == EventKind::WaitData;
    LoopCost& c = recent(e.batch);
    // One wait per delivered batch; head-of-line spans add up (a next() may report several).
    if (wait)
        c.wait_ns = ns;
    else
        c.hol_ns = std::max<int64_t>(0, c.hol_ns) + ns;
    for (SlowFetch& s : m_heap)
        if (batchKey(s.epoch, s.batch) == e.batch) {
            s.wait_ns = c.wait_ns;
            s.hol_ns = c.hol_ns;
        }
}

void SlowSampleAccumulator::add(const Event& e)
{
    if ((e.kind == EventKind::WaitData || e.kind == EventKind::HeadOfLine) && e.lane == LaneMain && e.batch >= 0) {
        if (m_keep > 0)
            addLoopCost(e);
        return;
    }
    if (e.kind != EventKind::Fetch || !(e.lane >= 0 || e.lane == LaneMain) || m_keep == 0)
        return;
    SlowFetch s;
    s.ns = e.t1 > e.t0 ? e.t1 - e.t0 : 0;
    s.t0 = e.t0;
    if (m_heap.size() == m_keep && !keepsLonger(s, m_heap.front()))
        return; // no slower than the fastest kept
    s.sample = e.arg0;
    s.worker = e.lane >= 0 ? int(e.lane) : -1;
    s.epoch = batchKeyEpoch(e.batch);
    s.batch = batchKeyTask(e.batch);
    if (const auto it = m_recent.find(e.batch); it != m_recent.end()) {
        s.wait_ns = it->second.wait_ns;
        s.hol_ns = it->second.hol_ns;
    }
    if (m_heap.size() == m_keep) {
        std::pop_heap(m_heap.begin(), m_heap.end(), keepsLonger);
        m_heap.back() = s;
    } else {
        m_heap.push_back(s);
    }
    std::push_heap(m_heap.begin(), m_heap.end(), keepsLonger);
}

std::vector<SlowFetch> SlowSampleAccumulator::slowest() const
{
    std::vector<SlowFetch> out = m_heap;
    std::sort(out.begin(), out.end(), keepsLonger);
    return out;
}

} // namespace loaderscope

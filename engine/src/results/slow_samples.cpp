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

void SlowSampleAccumulator::add(const Event& e)
{
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

// SPDX-License-Identifier: MIT
#include "loaderscope/results/loop_steps.h"

#include <algorithm>

namespace loaderscope {

LoopStep* LoopSteps::byBatch(int64_t batch)
{
    // The newest, or one just before it when two steps' events came in one batch.
    for (auto it = m_steps.rbegin(); it != m_steps.rend() && it - m_steps.rbegin() < 4; ++it)
        if (it->batch == batch)
            return &*it;
    return nullptr;
}

void LoopSteps::halveOlder()
{
    // The newest few stay whole: their step and hand-over may still come.
    constexpr size_t kKeep = 8;
    const size_t older = m_steps.size() > kKeep ? (m_steps.size() - kKeep) & ~size_t(1) : 0;
    size_t out = 0;
    for (size_t i = 0; i < older; i += 2) {
        const LoopStep& a = m_steps[i];
        const LoopStep& b = m_steps[i + 1];
        m_steps[out++] = a.waitNs + a.stepNs >= b.waitNs + b.stepNs ? a : b;
    }
    m_steps.erase(std::copy(m_steps.begin() + std::ptrdiff_t(older), m_steps.end(), m_steps.begin() + std::ptrdiff_t(out)),
                  m_steps.end());
    m_decimated = true;
}

void LoopSteps::add(const Event& e)
{
    if (e.lane != LaneMain || e.t1 < e.t0)
        return;
    switch (e.kind) {
    case EventKind::WaitData:
        if (e.batch >= 0) { // StopIteration ends the loop, it begins no step
            if (m_steps.size() >= kMaxSteps)
                halveOlder();
            m_steps.push_back({e.t0, e.batch, e.t1 - e.t0, 0, 0, 0});
            ++m_total;
        }
        return;
    case EventKind::HandOverWait:
        if (LoopStep* s = byBatch(e.batch); s && e.arg0 > 0)
            s->handoverNs = std::min(s->waitNs, s->handoverNs + uint64_t(e.arg0));
        return;
    case EventKind::Step:
        if (LoopStep* s = byBatch(e.batch))
            s->stepNs += e.t1 - e.t0;
        return;
    case EventKind::HostBlocked:
        if (!m_steps.empty() && e.t0 >= m_steps.back().t0 + m_steps.back().waitNs)
            m_steps.back().blockedNs += e.t1 - e.t0;
        return;
    default:
        return;
    }
}

} // namespace loaderscope

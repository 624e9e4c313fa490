// SPDX-License-Identifier: MIT
// The modelled descriptor hand-over (handover.h). Two words each way in the worker's control
// block, one writer each: main writes handover_asked (and the time of its latest request), the
// worker writes handover_answered and gil_held.
#include "loaderscope/loader/handover.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/base/futex.h"
#include "loaderscope/config/config.h"
#include "loaderscope/shm/shm_layout.h"

#include <algorithm>
#include <cmath>

namespace loaderscope {

namespace {

/// How much CPU the worker burns between looks for a request: small against any wait worth
/// modelling (the job's waits are hundreds of microseconds to milliseconds), large against the
/// cost of a look (two relaxed loads).
constexpr uint64_t kLookEveryNs = 20'000;

} // namespace

GilHolder::GilHolder(WorkerCtl* ctl, double busyWaitUs)
    : m_ctl(busyWaitUs > 0 ? ctl : nullptr), m_busyWaitNs(uint64_t(std::max(0.0, busyWaitUs) * 1000.0))
{
}

uint64_t GilHolder::burnUntil(uint64_t endCpuNs, uint64_t salt)
{
    if (!m_ctl)
        return burnCpuUntil(endCpuNs, salt);
    // Held before the first burn, let go after the last.
    holdOver();
    uint64_t x = salt | 1;
    for (uint64_t cpu = threadCpuNs(); cpu < endCpuNs; cpu = threadCpuNs()) {
        x = burnCpuUntil(std::min(endCpuNs, cpu + kLookEveryNs), x);
        answerIfDue(false);
    }
    letGo();
    return x;
}

void GilHolder::holdOver()
{
    // seq_cst with main's ask and its look at gil_held: either main sees the GIL free or this
    // thread sees the ask at its next look (never neither).
    if (m_ctl)
        m_ctl->gil_held.store(1, std::memory_order_seq_cst);
}

void GilHolder::letGo()
{
    if (!m_ctl || !m_ctl->gil_held.load(std::memory_order_relaxed))
        return;
    m_ctl->gil_held.store(0, std::memory_order_seq_cst);
    answerIfDue(true);
}

void GilHolder::answerIfDue(bool releasing)
{
    const uint32_t asked = m_ctl->handover_asked.load(std::memory_order_seq_cst);
    if (asked == m_ctl->handover_answered.load(std::memory_order_relaxed))
        return;
    if (!releasing && nowNs() < m_ctl->handover_asked_ns.load(std::memory_order_relaxed) + m_busyWaitNs)
        return;
    m_ctl->handover_answered.store(asked, std::memory_order_release);
    futexWake(&m_ctl->handover_answered, 1);
}

HandOverTime handOverFrom(WorkerCtl* ctl, double busyWaitUs, double idleWaitUs, double cpuUs)
{
    const uint64_t t0 = nowNs();
    if (!ctl)
        return {};
    HandOverTime r;
    if (cpuUs > 0) {
        const uint64_t c0 = threadCpuNs();
        (void)burnCpuUntil(c0 + uint64_t(cpuUs * 1000.0), t0);
        r.cpu_ns = threadCpuNs() - c0;
    }
    const uint64_t asking = nowNs();
    // Single writer: a load and a store are the increment.
    const uint32_t asked = ctl->handover_asked.load(std::memory_order_relaxed) + 1;
    ctl->handover_asked_ns.store(asking, std::memory_order_relaxed);
    ctl->handover_asked.store(asked, std::memory_order_seq_cst);
    if (busyWaitUs <= 0 || !ctl->gil_held.load(std::memory_order_seq_cst)) {
        waitOffCpuNs(uint64_t(std::max(0.0, idleWaitUs) * 1000.0));
        r.ns = nowNs() - t0;
        return r;
    }
    const uint64_t giveUp = asking + uint64_t(busyWaitUs * 1000.0) + 1'000'000'000ULL;
    for (;;) {
        const uint32_t seen = ctl->handover_answered.load(std::memory_order_acquire);
        if (int32_t(seen - asked) >= 0)
            break;
        const uint64_t now = nowNs();
        if (now >= giveUp)
            break;
        futexWait(&ctl->handover_answered, seen, std::min<uint64_t>(giveUp - now, 10'000'000ULL));
    }
    r.ns = nowNs() - t0;
    return r;
}

BatchHandOvers::BatchHandOvers(const LoaderConfig& loader) : m_loader(loader) {}

void BatchHandOvers::receive(WorkerCtl* ctl)
{
    if (m_loader.handovers_per_batch <= 0)
        return;
    const double before = m_due;
    m_due += m_loader.handovers_per_batch;
    const int64_t calls = int64_t(std::floor(m_due)) - int64_t(std::floor(before));
    for (int64_t i = 0; i < calls; ++i) {
        const HandOverTime t = handOverFrom(ctl, m_loader.handover_busy_us, m_loader.handover_idle_us,
                                            m_loader.handover_cpu_us);
        m_since.ns += t.ns;
        m_since.cpu_ns += t.cpu_ns;
    }
    m_since.calls += calls;
}

BatchHandOvers::Taken BatchHandOvers::take()
{
    const Taken t = m_since;
    m_since = {};
    return t;
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// The modelled descriptor hand-over (handover.h). One word each way in the worker's control
// block, one writer each: main counts its messages in handover_asked, the worker's answering
// thread its answers in handover_answered. The GIL is the worker process's own (ModelledGil).
#include "loaderscope/loader/handover.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/base/futex.h"
#include "loaderscope/config/config.h"
#include "loaderscope/shm/shm_layout.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace loaderscope {

namespace {

/// How much CPU the fetching thread burns between looks for a drop request: small against the
/// switch interval (milliseconds), large against the cost of a look (one relaxed load). CPython
/// looks between bytecodes; a look every 20 us of CPU is as good at these scales.
constexpr uint64_t kLookEveryNs = 20'000;
/// How long the main thread waits for a worker's answers before it takes the worker for dead.
constexpr uint64_t kGiveUpNs = 2'000'000'000ULL;

} // namespace

void ModelledGil::take(Thread who)
{
    std::unique_lock lock(m_mutex);
    const bool waited = m_locked;
    if (waited)
        m_waiting.fetch_add(1, std::memory_order_relaxed);
    while (m_locked) {
        const uint64_t seen = m_switches;
        const bool timedOut = m_cond.wait_for(lock, std::chrono::nanoseconds(m_intervalNs)) == std::cv_status::timeout;
        // Waited a whole interval and nobody switched: ask the holder to drop it.
        if (timedOut && m_locked && m_switches == seen)
            m_dropAsked.store(true, std::memory_order_relaxed);
    }
    if (waited)
        m_waiting.fetch_sub(1, std::memory_order_relaxed);
    {
        std::lock_guard switching(m_switchMutex);
        m_locked = true;
        if (m_lastHolder != who) {
            m_lastHolder = who;
            ++m_switches;
        }
        m_switchCond.notify_all();
    }
    m_dropAsked.store(false, std::memory_order_relaxed);
}

void ModelledGil::drop(Thread who)
{
    {
        std::lock_guard lock(m_mutex);
        m_locked = false;
        m_cond.notify_one();
    }
    if (!m_dropAsked.load(std::memory_order_relaxed))
        return;
    // Asked to drop it: wait until the asker has it, so this thread cannot take it straight back.
    std::unique_lock switching(m_switchMutex);
    if (m_lastHolder == who) {
        m_dropAsked.store(false, std::memory_order_relaxed);
        // Bounded: an asker that gave up (never here: askers wait until they have it) cannot
        // stall the worker.
        m_switchCond.wait_for(switching, std::chrono::milliseconds(100), [&] { return m_lastHolder != who; });
    }
}

void ModelledGil::handOff(Thread who)
{
    // As a forced drop: the holder waits until the waiter has it, then queues for it again.
    m_dropAsked.store(true, std::memory_order_relaxed);
    drop(who);
    take(who);
}

uint64_t GilHolder::burnUntil(uint64_t endCpuNs, uint64_t salt)
{
    if (!m_gil)
        return burnCpuUntil(endCpuNs, salt);
    holdOver();
    uint64_t x = salt | 1;
    uint64_t cpu = threadCpuNs();
    uint64_t runFrom = cpu; // the thread CPU at the last release point
    while (cpu < endCpuNs) {
        x = burnCpuUntil(std::min(endCpuNs, cpu + kLookEveryNs), x);
        cpu = threadCpuNs();
        if (m_gil->dropAsked()) {
            m_gil->drop(ModelledGil::Fetching);
            m_gil->take(ModelledGil::Fetching);
        } else if (m_releaseEveryNs == 0 || cpu - runFrom < m_releaseEveryNs) {
            continue; // no release point yet: one clock read a look
        } else if (m_gil->someoneWaits()) {
            m_gil->handOff(ModelledGil::Fetching);
        }
        cpu = runFrom = threadCpuNs();
    }
    letGo();
    return x;
}

void GilHolder::holdOver()
{
    if (m_gil && !m_held) {
        m_gil->take(ModelledGil::Fetching);
        m_held = true;
    }
}

void GilHolder::letGo()
{
    if (m_gil && m_held) {
        m_gil->drop(ModelledGil::Fetching);
        m_held = false;
    }
}

void startHandOverAnswerer(WorkerCtl* ctl, ModelledGil* gil, double answerCpuUs, int rounds)
{
    const uint64_t shareNs = uint64_t(std::max(0.0, answerCpuUs) * 1000.0 / double(std::max(1, rounds)));
    std::thread([ctl, gil, shareNs] {
        // The thread's answers so far: one per message of the main thread (handover_asked).
        uint32_t answered = ctl->handover_answered.load(std::memory_order_relaxed);
        for (;;) {
            const uint32_t asked = ctl->handover_asked.load(std::memory_order_acquire);
            if (asked == answered) {
                futexWait(&ctl->handover_asked, asked, 100'000'000ULL);
                continue;
            }
            gil->take(ModelledGil::Answering);
            if (shareNs > 0)
                (void)burnCpuUntil(threadCpuNs() + shareNs, answered);
            // Its next message is a blocking call: the GIL goes.
            gil->drop(ModelledGil::Answering);
            answered += 1;
            ctl->handover_answered.store(answered, std::memory_order_release);
            futexWake(&ctl->handover_answered, 1);
        }
    }).detach();
}

HandOverTime handOverFrom(WorkerCtl* ctl, int rounds, double cpuUs)
{
    const uint64_t t0 = nowNs();
    if (!ctl)
        return {};
    HandOverTime r;
    const uint64_t shareNs = uint64_t(std::max(0.0, cpuUs) * 1000.0 / double(std::max(1, rounds)));
    const uint64_t c0 = threadCpuNs();
    const uint64_t giveUp = t0 + kGiveUpNs;
    for (int i = 0; i < std::max(1, rounds); ++i) {
        if (shareNs > 0)
            (void)burnCpuUntil(threadCpuNs() + shareNs, t0 + uint64_t(i));
        // Single writer: a load and a store are the increment.
        const uint32_t asked = ctl->handover_asked.load(std::memory_order_relaxed) + 1;
        ctl->handover_asked.store(asked, std::memory_order_release);
        futexWake(&ctl->handover_asked, 1);
        bool gaveUp = false;
        for (;;) {
            const uint32_t seen = ctl->handover_answered.load(std::memory_order_acquire);
            if (int32_t(seen - asked) >= 0)
                break;
            const uint64_t now = nowNs();
            if (now >= giveUp) {
                gaveUp = true;
                break;
            }
            futexWait(&ctl->handover_answered, seen, std::min<uint64_t>(giveUp - now, 10'000'000ULL));
        }
        if (gaveUp)
            break;
    }
    r.cpu_ns = shareNs > 0 ? threadCpuNs() - c0 : 0;
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
        const HandOverTime t = handOverFrom(ctl, m_loader.handover_rounds, m_loader.handover_cpu_us);
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

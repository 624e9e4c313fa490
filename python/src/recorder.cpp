// SPDX-License-Identifier: MIT
#include "recorder.h"

#include <optional>
#include <unistd.h>

namespace lsprobe {

uint64_t runDelayNs()
{
    // One clock per thread (RunDelayClock keeps the file open); /proc/thread-self resolves to the
    // thread that opened it, so a forked child (same thread-local, other process) opens its own.
    thread_local std::optional<ls::RunDelayClock> clock;
    thread_local pid_t owner = 0;
    const pid_t me = getpid();
    if (!clock || owner != me) {
        clock.emplace();
        owner = me;
    }
    return clock->now();
}

void FetchRecorder::begin_batch(int64_t key)
{
    m_batch = key;
    m_batchSamples = 0;
    m_cpu0 = threadCpuNs();
    m_rq0 = runDelayNs();
    m_open = true;
}

int64_t FetchRecorder::end_batch(bool delivered)
{
    if (!m_open)
        return 0;
    m_open = false;
    m_cpu1 = threadCpuNs();
    m_rq1 = runDelayNs();
    const uint64_t cpu = m_cpu1 - m_cpu0;
    const uint64_t rq = m_rq1 - m_rq0;
    const uint64_t t = ls::nowNs();
    // A task that made no batch (an iterable dataset's end) still cost its CPU: batch -1 keeps
    // that cost in the lane's figures without counting a batch (metrics.cpp).
    m_w->span(int(ls::EventKind::BatchCost), t, t, delivered ? m_batch : -1, int64_t(cpu), int64_t(rq), 0x7fff);
    return m_batchSamples;
}

void FetchRecorder::fetched(uint64_t t0, int64_t index)
{
    ++m_batchSamples;
    // Recording 1 sample in N: the span stands for the N samples from it on (arg1 = N).
    if (m_seen++ % m_every == 0)
        m_w->span(int(ls::EventKind::Fetch), t0, ls::nowNs(), m_batch, index, m_every, 0x7fff);
}

void FetchRecorder::fetchedMany(uint64_t t0, uint64_t t1, const int64_t* indices, uint64_t n)
{
    const int64_t none = -1;
    if (n == 0 || !indices) { // no index list: one span for the call
        indices = &none;
        n = 1;
    }
    for (uint64_t i = 0; i < n; ++i)
        m_w->span(int(ls::EventKind::Fetch), t0 + (t1 - t0) * i / n, t0 + (t1 - t0) * (i + 1) / n, m_batch, indices[i], 1, 0x7fff);
    m_batchSamples += int64_t(n);
    m_seen += n;
}

void FetchRecorder::collated(uint64_t t0, int64_t samples)
{
    m_w->span(int(ls::EventKind::Collate), t0, ls::nowNs(), m_batch, samples, 0, 0x7fff);
}

} // namespace lsprobe

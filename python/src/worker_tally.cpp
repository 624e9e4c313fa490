// SPDX-License-Identifier: MIT
#include "worker_tally.h"

#include <algorithm>

namespace lsprobe {

namespace {
constexpr int kOwnLane = 0x7fff; // the writer's own lane
int64_t positive(int64_t v) { return std::max<int64_t>(0, v); }
} // namespace

bool WorkerTally::task(int64_t task)
{
    // The head (until the batch's CPU mark) measured on 1 task in kMeasureEvery.
    const bool measure = --m_ticks[0] == 0;
    const uint64_t c0 = measure ? threadCpuNs() : 0;
    const uint64_t now = ls::nowNs();
    if (m_idleSince) {
        m_w->span(int(ls::EventKind::WaitTask), m_idleSince, now, -1, 0, 0, kOwnLane);
        m_idleSince = 0;
    }
    m_rec->begin_batch(ls::batchKey(m_epoch, task));
    if (measure) {
        m_ticks[0] = kMeasureEvery;
        m_smallNs[0] = uint64_t(positive(int64_t(m_rec->begin_clocks().first - c0)));
    }
    m_ownNs += m_smallNs[0];
    passCost(now);
    return m_probeTasks >= kProbeCostTasks;
}

void WorkerTally::passCost(uint64_t t)
{
    const uint64_t process = ls::processCpuNs();
    const auto [thread, runQueue] = m_rec->begin_clocks();
    const bool hadMark = m_hasMark;
    const uint64_t lastProcess = m_markProcess, lastThread = m_markThread;
    m_hasMark = true;
    m_markProcess = process;
    m_markThread = thread;
    const uint64_t own = m_ownNs;
    m_ownNs = 0;
    m_probeNs += own;
    ++m_probeTasks;
    if (!hadMark || m_lastKey < 0)
        return;
    const int64_t fetchCpu = positive(int64_t(m_resultThread - lastThread));
    const int64_t outside = positive(int64_t(process - lastProcess) - fetchCpu - int64_t(own));
    m_w->span(int(ls::EventKind::PassCost), t, t, m_lastKey, outside, positive(int64_t(runQueue - m_resultRunQueue)),
              kOwnLane);
}

void WorkerTally::result(bool delivered)
{
    m_rec->end_batch(delivered);
    const auto [thread, runQueue] = m_rec->end_clocks();
    m_resultThread = thread;
    m_resultRunQueue = runQueue;
    m_lastKey = delivered && m_hasMark ? m_rec->batch() : -1;
    m_idleSince = ls::nowNs();
    // The tail (after the batch's CPU mark) measured on 1 task in kMeasureEvery.
    if (--m_ticks[1] == 0) {
        m_ticks[1] = kMeasureEvery;
        m_smallNs[1] = uint64_t(positive(int64_t(threadCpuNs() - thread)));
    }
    m_ownNs += m_smallNs[1];
}

} // namespace lsprobe

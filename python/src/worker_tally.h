// SPDX-License-Identifier: MIT
// A DataLoader worker's per-task recording, in one library call as a task arrives and one as its
// result leaves (loaderscope/_worker.py's IndexQueue and DataQueue make them). In Python these
// hooks cost the worker about 60 us of CPU a batch on a core just woken by the task (issue 45:
// some 1.5 us a sample at 32 samples a batch), most of it the interpreter running the probe's own
// lines cold, not the clock reads they take.
#pragma once

#include "recorder.h"

#include <cstdint>
#include <memory>

namespace lsprobe {

/**
 * What a worker's loop thread records around each task, on its own lane:
 * - WaitTask, from the last result (or the fetcher's creation) until the next task arrives;
 * - the batch's CPU and run-queue wait (the FetchRecorder's begin_batch/end_batch: BatchCost);
 * - PassCost of the batch the previous task made, as the next task arrives: the process's CPU
 *   (every thread: the data queue's feeder pickles the batch) from that task's start until now,
 *   less the thread's fetch and collate and less the probe's own CPU in between; arg1 the
 *   thread's run-queue wait since that batch ended;
 * - the probe's own CPU in these calls (measured on 1 task in kMeasureEvery, counted at that on
 *   the others: a thread-clock read costs about what these parts do), handed to the worker's
 *   ProbeCost events (takeOwnNs), one due every kProbeCostTasks tasks.
 * Owned by the worker's loop thread; every call is made with the GIL held.
 */
class WorkerTally
{
public:
    static constexpr uint32_t kMeasureEvery = 8;
    static constexpr uint32_t kProbeCostTasks = 16;

    WorkerTally(std::shared_ptr<FetchRecorder> recorder, std::shared_ptr<Writer> writer, int epoch)
        : m_rec(std::move(recorder)), m_w(std::move(writer)), m_epoch(epoch)
    {
    }

    /// The worker is idle from t (CLOCK_MONOTONIC ns) until its next task (the fetcher made).
    void idleFrom(uint64_t t) { m_idleSince = t; }
    /// Persistent workers: the iterator's next epoch begins (torch's resume message).
    void nextEpoch() { ++m_epoch; }
    /// Task `task` arrived (its index in the epoch). True when a ProbeCost is due.
    bool task(int64_t task);
    /// The task's result leaves: `delivered` false when it made no batch (an iterable dataset's end).
    void result(bool delivered);
    /// The probe's own CPU in these calls since the last take, ns.
    uint64_t takeOwnNs()
    {
        const uint64_t ns = m_probeNs;
        m_probeNs = 0;
        m_probeTasks = 0;
        return ns;
    }

private:
    void passCost(uint64_t t);

    std::shared_ptr<FetchRecorder> m_rec;
    std::shared_ptr<Writer> m_w;
    int m_epoch;
    uint64_t m_idleSince = 0; ///< 0: not idle (a task in progress)
    // The clocks as the current task began (process CPU, thread CPU; ns); none before the first task.
    bool m_hasMark = false;
    uint64_t m_markProcess = 0, m_markThread = 0;
    // The thread's (CPU, run-queue) ns as the last batch ended, and that batch (-1: none).
    uint64_t m_resultThread = 0, m_resultRunQueue = 0;
    int64_t m_lastKey = -1;
    uint64_t m_ownNs = 0;       ///< the probe's CPU since the current task's mark
    uint64_t m_probeNs = 0;     ///< not yet taken for a ProbeCost
    uint32_t m_probeTasks = 0;
    uint32_t m_ticks[2] = {1, 1}; ///< task's head, result's tail: measured when down to 0
    uint64_t m_smallNs[2] = {0, 0};
};

} // namespace lsprobe

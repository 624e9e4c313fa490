// SPDX-License-Identifier: MIT
// The other threads of a CPU training step (train.threads_cpu_us): torch's intra-op pool burns CPU
// beside the main thread during each step; the engine burns the fitted amount on helper threads
// of its main process, in parallel with the step, so that it contends for cores with the workers.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace loaderscope {

/**
 * Helper threads, started once per run and asleep on a condition variable between steps (never
 * spinning). The main thread calls start() when a step starts and wait() when its own part is
 * done; start() and wait() are for that one thread only.
 */
class StepThreads
{
public:
    /// Helpers for `threadsCpuUs` per step of `stepUs` wall time: one per whole step's worth of
    /// CPU (ceil(threadsCpuUs / stepUs)), at least 1, at most kMaxHelpers.
    static int helpersFor(double threadsCpuUs, double stepUs);
    static constexpr int kMaxHelpers = 16;

    explicit StepThreads(int helpers);
    ~StepThreads();
    StepThreads(const StepThreads&) = delete;
    StepThreads& operator=(const StepThreads&) = delete;

    int helpers() const { return int(m_threads.size()); }
    /// Every helper burns totalNs / helpers() ns of its own thread CPU from now; returns at once.
    void start(uint64_t totalNs, uint64_t salt);
    /// Blocks until every helper has burnt its share of the last start() (at once if none ran).
    void wait();

private:
    void loop(int index);

    std::mutex m_mutex;                 // guards everything below but m_threads
    std::condition_variable m_wake;     // helpers: a new step, or stop
    std::condition_variable m_done;     // the main thread: the last helper finished
    uint64_t m_generation = 0;          // steps started so far
    uint64_t m_shareNs = 0;             // each helper's CPU in the current step
    uint64_t m_salt = 0;
    int m_running = 0;                  // helpers still burning the current step
    bool m_stop = false;
    std::vector<std::thread> m_threads; // written by the constructor only
};

} // namespace loaderscope

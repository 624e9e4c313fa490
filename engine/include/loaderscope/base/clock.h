// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <ctime>

namespace loaderscope {

/** CLOCK_MONOTONIC in nanoseconds: comparable across every process of one boot. */
inline uint64_t nowNs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return uint64_t(ts.tv_sec) * 1000000000ULL + uint64_t(ts.tv_nsec);
}

/** Sleeps for `ns` nanoseconds (restarting after signals) on CLOCK_MONOTONIC. */
void sleepNs(uint64_t ns);
/** CPU time of the calling thread in nanoseconds (CLOCK_THREAD_CPUTIME_ID). */
uint64_t threadCpuNs();
/** CPU time of the calling process, every thread, in nanoseconds (CLOCK_PROCESS_CPUTIME_ID); a
 *  forked child's starts at 0 at the fork. */
uint64_t processCpuNs();
/**
 * Busy computation costing `ns` nanoseconds of the calling thread's CPU time (not wall time): a
 * thread that is preempted takes longer to finish, as real decoding does on oversubscribed cores.
 * Returns a checksum.
 */
uint64_t burnCpuNs(uint64_t ns, uint64_t salt);
/** burnCpuNs until the calling thread's CPU clock (threadCpuNs) reaches `endNs`; none if it has. */
uint64_t burnCpuUntil(uint64_t endNs, uint64_t salt);
/**
 * A modelled wait off the CPU (a read, a step's time on a device): the calling thread spends `ns`
 * nanoseconds neither on a core nor waiting for one. A sleep on this kind of machine overshoots
 * by tens of microseconds (timer slack and wake-up: about 100 us on a 2-core VM, 30 us of it on
 * the CPU). A fitted latency already holds the job's own overshoot, so each thread learns what
 * its sleeps add (a running mean, reset in a forked child) and asks for that much less. The wait
 * for a core after waking is not taken off: contention is what the model must show.
 */
void waitOffCpuNs(uint64_t ns);
/** CPUs this process may run on (sched_getaffinity), bounded by its cgroup's CPU quota (a
 *  container's cpu.max or cfs quota, rounded up to whole cores), at least 1. */
int usableCores();

/**
 * Time the calling thread spent runnable but waiting for a core (the second field of
 * /proc/thread-self/schedstat), in ns. Keeps the file open: one pread per call (about a
 * microsecond). Reads 0 where the kernel does not keep schedstats. Use from one thread only.
 */
class RunDelayClock
{
public:
    RunDelayClock();
    ~RunDelayClock();
    RunDelayClock(const RunDelayClock&) = delete;
    RunDelayClock& operator=(const RunDelayClock&) = delete;
    uint64_t now();

private:
    int m_fd = -1;
};

/**
 * What the calling thread spends on one piece of modelled work, for the *Cost events the probe
 * writes for the job (PassCost, StepCost): its CPU (threadCpuNs) and its wait for a core (the
 * clock's run delay) from construction to take(), in ns. Same thread throughout.
 */
class ThreadCostMeter
{
public:
    explicit ThreadCostMeter(RunDelayClock& runQueue) : m_runQueue(runQueue), m_cpu0(threadCpuNs()), m_runq0(runQueue.now()) {}
    struct Cost
    {
        int64_t cpu_ns = 0;
        int64_t runq_ns = 0;
    };
    Cost take()
    {
        const uint64_t cpu = threadCpuNs(), runq = m_runQueue.now();
        return {int64_t(cpu - m_cpu0), runq >= m_runq0 ? int64_t(runq - m_runq0) : 0};
    }

private:
    RunDelayClock& m_runQueue;
    uint64_t m_cpu0;
    uint64_t m_runq0;
};

} // namespace loaderscope

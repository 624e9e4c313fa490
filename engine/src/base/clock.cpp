// SPDX-License-Identifier: MIT
// Clocks and CPU work (clock.h): sleeping to a deadline, thread CPU time, the run-queue delay.
#include "loaderscope/base/clock.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <pthread.h>
#include <sched.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace loaderscope {

void sleepNs(uint64_t ns)
{
    if (ns == 0)
        return;
    timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += time_t(ns / 1000000000ULL);
    deadline.tv_nsec += long(ns % 1000000000ULL);
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1000000000L;
    }
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nullptr) == EINTR) {
    }
}

uint64_t threadCpuNs()
{
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return uint64_t(ts.tv_sec) * 1000000000ULL + uint64_t(ts.tv_nsec);
}

uint64_t processCpuNs()
{
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return uint64_t(ts.tv_sec) * 1000000000ULL + uint64_t(ts.tv_nsec);
}

uint64_t burnCpuNs(uint64_t ns, uint64_t salt)
{
    return burnCpuUntil(threadCpuNs() + ns, salt);
}

uint64_t burnCpuUntil(uint64_t endNs, uint64_t salt)
{
    // xorshift mixing in chunks, checking the thread's CPU clock every 2048 rounds (about a
    // microsecond; the clock is a system call, not vDSO): real work the optimiser cannot remove,
    // because the result is returned and folded into the batch checksum.
    uint64_t x = salt | 1;
    while (threadCpuNs() < endNs) {
        for (int i = 0; i < 2048; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
    }
    return x;
}

namespace {

// Forks seen by this process: a child's copy of a thread's wait state names its parent's thread.
std::atomic<unsigned> g_forks{0};
[[maybe_unused]] const int kCountForks = pthread_atfork(nullptr, nullptr, [] { g_forks.fetch_add(1); });

/** One thread's modelled waits (thread_local: each thread learns its own sleeps). */
struct OffCpuWaits
{
    unsigned forks = ~0u;
    std::unique_ptr<RunDelayClock> runQueue; // opened on the thread that waits
    double excessNs = 0;                     // running mean of what a sleep adds off the CPU
};
thread_local OffCpuWaits tl_waits;

} // namespace

void waitOffCpuNs(uint64_t ns)
{
    if (ns == 0)
        return;
    OffCpuWaits& w = tl_waits;
    if (const unsigned forks = g_forks.load(std::memory_order_relaxed); w.forks != forks) {
        w.forks = forks;
        w.runQueue = std::make_unique<RunDelayClock>();
        w.excessNs = 0;
        prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL); // no 50 us rounding of this thread's timers
    }
    // A wait shorter than half what a sleep adds is nearer done by not sleeping at all.
    const double excess = w.excessNs;
    if (double(ns) < 0.5 * excess)
        return;
    const uint64_t ask = double(ns) > excess ? ns - uint64_t(excess) : 1;
    const uint64_t t0 = nowNs(), cpu0 = threadCpuNs(), runq0 = w.runQueue->now();
    sleepNs(ask);
    const uint64_t runq1 = w.runQueue->now(), cpu1 = threadCpuNs(), t1 = nowNs();
    const double off = double(t1 - t0) - double(cpu1 - cpu0) - double(runq1 >= runq0 ? runq1 - runq0 : 0);
    w.excessNs = std::max(0.0, excess + (off - double(ask) - excess) / 8.0);
}

int usableCores()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        return std::max(1, CPU_COUNT(&set));
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? int(n) : 1;
}

RunDelayClock::RunDelayClock() : m_fd(::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)) {}

RunDelayClock::~RunDelayClock()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

uint64_t RunDelayClock::now()
{
    if (m_fd < 0)
        return 0;
    char buf[96];
    const ssize_t n = pread(m_fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    // "<on-cpu ns> <run-queue wait ns> <timeslices>"
    char* end = nullptr;
    std::strtoull(buf, &end, 10);
    return end ? std::strtoull(end, nullptr, 10) : 0;
}

} // namespace loaderscope

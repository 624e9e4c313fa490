// SPDX-License-Identifier: MIT
// Clocks and CPU work (clock.h): sleeping to a deadline, thread CPU time, the run-queue delay.
#include "loaderscope/base/clock.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <memory>
#include <string>
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

namespace {

/// The first line of a small file under /sys or /proc; empty when unreadable.
std::string firstLine(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

/**
 * The CPU a container's cgroup grants, in cores (quota / period, rounded up), or 0 when none is
 * set: cgroup v2's cpu.max on this process's cgroup and each above it (a limit set on a parent
 * binds too), else v1's cpu.cfs_quota_us and cpu.cfs_period_us. A job in a 2-CPU pod on a
 * 64-core node has 2 cores' worth, whatever its affinity says.
 */
int cgroupCpuLimit()
{
    std::ifstream cg("/proc/self/cgroup");
    std::string line, v2, v1;
    while (std::getline(cg, line)) {
        if (line.rfind("0::", 0) == 0)
            v2 = line.substr(3);
        else if (line.find(":cpu,") != std::string::npos || line.find(":cpu:") != std::string::npos)
            v1 = line.substr(line.rfind(':') + 1);
    }
    auto cores = [](double quota, double period) { return quota > 0 && period > 0 ? int(std::ceil(quota / period)) : 0; };
    int limit = 0;
    for (std::string dir = v2; !v2.empty(); dir = dir.substr(0, dir.rfind('/'))) {
        double quota = 0, period = 0;
        if (std::sscanf(firstLine("/sys/fs/cgroup" + dir + "/cpu.max").c_str(), "%lf %lf", &quota, &period) == 2)
            if (const int c = cores(quota, period); c > 0)
                limit = limit > 0 ? std::min(limit, c) : c;
        if (dir.empty() || dir == "/")
            break;
    }
    if (limit == 0 && !v1.empty()) {
        // The process's own cgroup under the controller's mount; in a container the mount is
        // often that cgroup itself (its path as the host names it does not exist there).
        for (const char* mount : {"/sys/fs/cgroup/cpu,cpuacct", "/sys/fs/cgroup/cpu"}) {
            for (const std::string& d : {std::string(mount) + (v1 == "/" ? "" : v1), std::string(mount)}) {
                const std::string q = firstLine(d + "/cpu.cfs_quota_us"), p = firstLine(d + "/cpu.cfs_period_us");
                if (!q.empty() && !p.empty()) {
                    limit = cores(std::atof(q.c_str()), std::atof(p.c_str()));
                    break;
                }
            }
            if (limit > 0)
                break;
        }
    }
    return limit;
}

} // namespace

int usableCores()
{
    // Read once: the affinity and the cgroup do not change under a run (a child inherits both).
    static const int cores = [] {
        int n = 0;
        cpu_set_t set;
        CPU_ZERO(&set);
        if (sched_getaffinity(0, sizeof set, &set) == 0) {
            n = CPU_COUNT(&set);
        } else {
            const long online = sysconf(_SC_NPROCESSORS_ONLN);
            n = online > 0 ? int(online) : 1;
        }
        if (const int limit = cgroupCpuLimit(); limit > 0)
            n = std::min(n, limit);
        return std::max(1, n);
    }();
    return cores;
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

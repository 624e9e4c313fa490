// SPDX-License-Identifier: MIT
// Clocks and CPU work (clock.h): sleeping to a deadline, thread CPU time, the run-queue delay.
#include "loaderscope/base/clock.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <sched.h>
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

uint64_t burnCpuNs(uint64_t ns, uint64_t salt)
{
    // xorshift mixing in chunks, checking the thread's CPU clock every 2048 rounds (about a
    // microsecond; the clock is a system call, not vDSO): real work the optimiser cannot remove,
    // because the result is returned and folded into the batch checksum.
    const uint64_t end = threadCpuNs() + ns;
    uint64_t x = salt | 1;
    do {
        for (int i = 0; i < 2048; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
    } while (threadCpuNs() < end);
    return x;
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

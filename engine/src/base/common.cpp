// SPDX-License-Identifier: MIT
// Small shared pieces: clocks, CPU work, futexes, event names.
#include "loaderscope/clock.h"
#include "loaderscope/events.h"
#include "loaderscope/futex.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
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

bool futexWait(std::atomic<uint32_t>* word, uint32_t expected, uint64_t timeoutNs)
{
    timespec ts{time_t(timeoutNs / 1000000000ULL), long(timeoutNs % 1000000000ULL)};
    // FUTEX_WAIT (not PRIVATE): the word is in shared memory and the waker is another process.
    const long r = syscall(SYS_futex, reinterpret_cast<uint32_t*>(word), FUTEX_WAIT, expected, &ts,
                           nullptr, 0);
    return !(r == -1 && errno == ETIMEDOUT);
}

void futexWake(std::atomic<uint32_t>* word, int count)
{
    syscall(SYS_futex, reinterpret_cast<uint32_t*>(word), FUTEX_WAKE, count, nullptr, nullptr, 0);
}

std::string_view eventKindName(EventKind kind)
{
    switch (kind) {
    case EventKind::WorkerStart: return "worker started";
    case EventKind::WorkerExit: return "worker exited";
    case EventKind::WorkerInit: return "worker init";
    case EventKind::Fetch: return "fetch";
    case EventKind::Collate: return "collate";
    case EventKind::BatchReady: return "batch ready";
    case EventKind::WaitTask: return "idle (waiting for an index)";
    case EventKind::WaitData: return "waiting for data";
    case EventKind::Deliver: return "batch delivered";
    case EventKind::Step: return "training step";
    case EventKind::StartWorkers: return "starting workers";
    case EventKind::Shutdown: return "shutting down workers";
    case EventKind::EpochBegin: return "epoch begin";
    case EventKind::EpochEnd: return "epoch end";
    case EventKind::QueueDepth: return "queue depth";
    case EventKind::Error: return "error";
    case EventKind::PinCopy: return "pin copy";
    case EventKind::H2DCopy: return "H2D copy";
    case EventKind::Kernel: return "step kernel";
    case EventKind::HostBlocked: return "host blocked by copy";
    case EventKind::BatchCost: return "batch cost";
    case EventKind::HeadOfLine: return "head-of-line blocking";
    case EventKind::WorkerStalled: return "worker stalled";
    case EventKind::MemoryUsage: return "memory";
    case EventKind::ShmUsage: return "shared memory";
    case EventKind::PinnedMemory: return "pinned memory";
    default: return "unknown";
    }
}

bool isSpan(EventKind kind)
{
    switch (kind) {
    case EventKind::WorkerInit:
    case EventKind::Fetch:
    case EventKind::Collate:
    case EventKind::WaitTask:
    case EventKind::WaitData:
    case EventKind::Step:
    case EventKind::StartWorkers:
    case EventKind::Shutdown:
    case EventKind::PinCopy:
    case EventKind::H2DCopy:
    case EventKind::Kernel:
    case EventKind::HostBlocked:
    case EventKind::HeadOfLine:
        return true;
    default:
        return false;
    }
}

bool isCounter(EventKind kind)
{
    return kind == EventKind::QueueDepth || kind == EventKind::MemoryUsage || kind == EventKind::ShmUsage ||
           kind == EventKind::PinnedMemory;
}

} // namespace loaderscope

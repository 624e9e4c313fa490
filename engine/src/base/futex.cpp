// SPDX-License-Identifier: MIT
// Futex wait and wake (futex.h) on words in shared memory, between processes.
#include "loaderscope/base/futex.h"

#include <cerrno>
#include <ctime>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace loaderscope {

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

} // namespace loaderscope

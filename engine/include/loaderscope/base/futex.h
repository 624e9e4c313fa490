// SPDX-License-Identifier: MIT
// Cross-process futex on a shared 32-bit word. libstdc++'s atomic::wait uses FUTEX_*_PRIVATE, which
// cannot wake another process, so these call the syscall directly, always with a timeout.
#pragma once

#include <atomic>
#include <cstdint>

namespace loaderscope {

static_assert(std::atomic<uint32_t>::is_always_lock_free);
static_assert(std::atomic<uint64_t>::is_always_lock_free);

/** Sleeps while *word == expected, at most timeoutNs. Returns false on timeout. */
bool futexWait(std::atomic<uint32_t>* word, uint32_t expected, uint64_t timeoutNs);
/** Wakes up to `count` waiters on word. */
void futexWake(std::atomic<uint32_t>* word, int count = 1);

/**
 * A wake-up channel in shared memory: one sequence word bumped by producers, a sleeper count so
 * producers only pay the wake syscall when someone sleeps. Any process may use it.
 */
struct alignas(64) WakeWord
{
    std::atomic<uint32_t> seq{0};
    std::atomic<uint32_t> sleepers{0};

    void notify()
    {
        seq.fetch_add(1, std::memory_order_seq_cst);
        if (sleepers.load(std::memory_order_seq_cst) != 0)
            futexWake(&seq, 64);
    }
    /// Waits until seq differs from `seen` (read before checking the condition) or the timeout.
    bool wait(uint32_t seen, uint64_t timeoutNs)
    {
        sleepers.fetch_add(1, std::memory_order_seq_cst);
        const bool woke = futexWait(&seq, seen, timeoutNs);
        sleepers.fetch_sub(1, std::memory_order_seq_cst);
        return woke;
    }
};

} // namespace loaderscope

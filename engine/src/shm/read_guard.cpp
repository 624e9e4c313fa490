// SPDX-License-Identifier: MIT
// The SIGBUS guard of read_guard.h. The table is fixed (no allocation in the handler) and read
// by the handler with atomics only.
#include "read_guard.h"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace loaderscope::read_guard {

namespace {

struct Slot
{
    std::atomic<uintptr_t> base{0};
    std::atomic<size_t> bytes{0};
    std::atomic<bool> hit{false};
};

constexpr int kSlots = 64; // a watched job has one segment per rank; the app follows a few
Slot g_slots[kSlots];
struct sigaction g_previous {};
std::mutex g_mutex; ///< add/remove (never taken by the handler)

void onSigbus(int sig, siginfo_t* info, void* context)
{
    const auto addr = reinterpret_cast<uintptr_t>(info->si_addr);
    for (Slot& s : g_slots) {
        const uintptr_t base = s.base.load(std::memory_order_acquire);
        const size_t bytes = s.bytes.load(std::memory_order_acquire);
        if (base == 0 || addr < base || addr >= base + bytes)
            continue;
        const uintptr_t page = uintptr_t(sysconf(_SC_PAGESIZE));
        const uintptr_t from = addr & ~(page - 1);
        // Zeroed private pages over the lost ones; the faulting read is restarted and sees zeros.
        if (mmap(reinterpret_cast<void*>(from), base + bytes - from, PROT_READ,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            s.hit.store(true, std::memory_order_release);
            return;
        }
        break;
    }
    // Not ours: what was there before (the default ends the process with SIGBUS, as it would have).
    if (g_previous.sa_flags & SA_SIGINFO) {
        if (g_previous.sa_sigaction) {
            g_previous.sa_sigaction(sig, info, context);
            return;
        }
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(sig);
        return;
    }
    signal(SIGBUS, SIG_DFL); // the faulting instruction runs again and ends the process
}

void installOnce()
{
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction sa {};
        sa.sa_sigaction = onSigbus;
        sa.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGBUS, &sa, &g_previous);
    });
}

} // namespace

int add(const void* base, size_t bytes)
{
    installOnce();
    std::lock_guard lock(g_mutex);
    for (int i = 0; i < kSlots; ++i) {
        Slot& s = g_slots[i];
        if (s.base.load(std::memory_order_relaxed) != 0)
            continue;
        s.hit.store(false, std::memory_order_relaxed);
        s.bytes.store(bytes, std::memory_order_relaxed);
        s.base.store(reinterpret_cast<uintptr_t>(base), std::memory_order_release);
        return i;
    }
    return -1;
}

void remove(int slot)
{
    if (slot < 0 || slot >= kSlots)
        return;
    std::lock_guard lock(g_mutex);
    g_slots[slot].base.store(0, std::memory_order_release);
    g_slots[slot].bytes.store(0, std::memory_order_release);
}

bool hit(int slot)
{
    return slot >= 0 && slot < kSlots && g_slots[slot].hit.load(std::memory_order_acquire);
}

} // namespace loaderscope::read_guard

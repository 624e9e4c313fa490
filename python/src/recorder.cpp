// SPDX-License-Identifier: MIT
#include "recorder.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <ctime>
#include <optional>
#include <pthread.h>
#include <unistd.h>

namespace lsprobe {

namespace {
// Forks seen by this process's children (a pthread_atfork handler): a thread's schedstat file,
// opened by its parent's thread, is reopened after each. getpid() per read cost a system call
// (glibc keeps no copy), some microseconds on a core just woken.
std::atomic<uint32_t> g_forks{0};
void countFork() { g_forks.fetch_add(1, std::memory_order_relaxed); }
[[maybe_unused]] const int g_atfork = pthread_atfork(nullptr, nullptr, countFork);
} // namespace

uint64_t runDelayNs()
{
    // One clock per thread (RunDelayClock keeps the file open); /proc/thread-self resolves to the
    // thread that opened it, so a forked child (same thread-local, other process) opens its own.
    thread_local std::optional<ls::RunDelayClock> clock;
    thread_local uint32_t opened = 0;
    const uint32_t forks = g_forks.load(std::memory_order_relaxed);
    if (!clock || opened != forks) {
        clock.emplace();
        opened = forks;
    }
    return clock->now();
}

void FetchRecorder::begin_batch(int64_t key)
{
    m_batch = key;
    m_batchSamples = 0;
    m_cpu0 = threadCpuNs();
    m_rq0 = runDelayNs();
    m_open = true;
}

int64_t FetchRecorder::end_batch(bool delivered)
{
    flush(); // the batch's last samples (a batch torch dropped: its samples, in any case)
    if (!m_open)
        return 0;
    m_open = false;
    m_cpu1 = threadCpuNs();
    m_rq1 = runDelayNs();
    const uint64_t cpu = m_cpu1 - m_cpu0;
    const uint64_t rq = m_rq1 - m_rq0;
    const uint64_t t = ls::nowNs();
    // A task that made no batch (an iterable dataset's end) still cost its CPU: batch -1 keeps
    // that cost in the lane's figures without counting a batch (metrics.cpp).
    m_w->span(int(ls::EventKind::BatchCost), t, t, delivered ? m_batch : -1, int64_t(cpu), int64_t(rq), 0x7fff);
    return m_batchSamples;
}

void FetchRecorder::fetchedOne(const int64_t* v)
{
    ++m_batchSamples;
    // Recording 1 sample in N: the span stands for the N samples from it on (arg1 = N).
    if (m_seen++ % m_every == 0)
        m_w->span(int(ls::EventKind::Fetch), uint64_t(v[0]), uint64_t(v[1]), m_batch, v[2], m_every, 0x7fff);
}

void FetchRecorder::fetchedList(const void* triples, uint64_t n)
{
    const auto* p = static_cast<const unsigned char*>(triples);
    for (uint64_t i = 0; i < n; ++i, p += sizeof(int64_t[3])) {
        int64_t t[3];
        std::memcpy(t, p, sizeof t); // a Python bytes object's buffer: no alignment promised
        fetchedOne(t);
    }
}

namespace {

// The CPython functions FetchRecorder::fetchedTuples reads a list with (setPythonApi). Set once
// as the Python side loads the library, before any thread records; a forked worker inherits it.
struct PythonApi {
    ssize_t (*listSize)(void*);
    void* (*listItem)(void*, ssize_t);     // borrowed
    void* (*tupleItem)(void*, ssize_t);    // borrowed
    long long (*asLongLong)(void*);
    void (*errClear)();
    int (*listSetSlice)(void*, ssize_t, ssize_t, void*);
};
PythonApi g_python;
bool g_havePython = false;

} // namespace

bool setPythonApi(void* const* f)
{
    if (!f || !f[0] || !f[1] || !f[2] || !f[3] || !f[4] || !f[5])
        return false;
    g_python.listSize = reinterpret_cast<ssize_t (*)(void*)>(f[0]);
    g_python.listItem = reinterpret_cast<void* (*)(void*, ssize_t)>(f[1]);
    g_python.tupleItem = reinterpret_cast<void* (*)(void*, ssize_t)>(f[2]);
    g_python.asLongLong = reinterpret_cast<long long (*)(void*)>(f[3]);
    g_python.errClear = reinterpret_cast<void (*)()>(f[4]);
    g_python.listSetSlice = reinterpret_cast<int (*)(void*, ssize_t, ssize_t, void*)>(f[5]);
    g_havePython = true;
    return true;
}

/// Each tuple of the Python list `list` as N int64, in order, to `use`: the tuples read whole
/// (with the GIL held). -1 without the functions. -1 is also a value: only a tuple too short
/// (or not a tuple) is skipped; an int beyond int64 reads -1, its OverflowError cleared.
template <int N, typename Use>
int64_t forEachTuple(void* list, Use&& use, ssize_t* items = nullptr)
{
    if (!g_havePython || !list)
        return -1;
    const PythonApi& py = g_python;
    const ssize_t n = py.listSize(list);
    if (items)
        *items = n < 0 ? 0 : n;
    if (n < 0) { // not a list: nothing read, the error Python would raise cleared
        py.errClear();
        return 0;
    }
    int64_t read = 0;
    for (ssize_t i = 0; i < n; ++i) {
        void* tuple = py.listItem(list, i);
        int64_t v[N];
        bool whole = tuple != nullptr;
        for (int k = 0; whole && k < N; ++k) {
            void* item = py.tupleItem(tuple, k);
            whole = item != nullptr;
            if (whole && (v[k] = py.asLongLong(item)) == -1)
                py.errClear();
        }
        if (!whole) {
            py.errClear();
            continue;
        }
        use(v);
        ++read;
    }
    return read;
}

int64_t FetchRecorder::fetchedTuples(void* list)
{
    ssize_t items = 0;
    const int64_t n = forEachTuple<3>(list, [this](const int64_t* v) { fetchedOne(v); }, &items);
    // The items read are taken out here, with the GIL still held: the stack watch's thread may
    // flush the same list, and no Python code of either thread runs between the read and this.
    if (n >= 0 && items > 0 && g_python.listSetSlice(list, 0, items, nullptr) != 0)
        g_python.errClear();
    return n;
}

int64_t writeTuples(Writer& w, void* list)
{
    return forEachTuple<7>(list, [&w](const int64_t* v) {
        w.span(int(v[0]), uint64_t(v[1]), uint64_t(v[2]), v[3], v[4], v[5], int(v[6]));
    });
}

void Writer::awaitRoom(uint64_t records)
{
    const uint64_t cap = m_ev.capacity();
    const uint64_t limit = cap - cap / 8;
    records = std::min(records, cap / 2);
    if (m_ev.unread() + records <= limit)
        return;
    const uint64_t deadline = ls::nowNs() + kAwaitRoomNs;
    do {
        m_sinceWake = 0;
        m_seg->segment().header()->collector_wake.notify();
        const timespec pause{0, 100'000};
        nanosleep(&pause, nullptr);
    } while (m_ev.unread() + records > limit && ls::nowNs() < deadline);
}

void FetchRecorder::flush()
{
    if (m_pending.empty()) {
        m_flushAt = ls::nowNs() + kFlushNs;
        return;
    }
    m_w->awaitRoom((m_pending.size() + m_every - 1) / m_every); // a wait for the collector, not CPU
    // The write's own cost by the monotonic clock (vDSO, tens of ns), not the thread's CPU clock:
    // that one is a system call (1.4-2.8 us each here), two of which cost more than the write of
    // a batch's 32 records they measured (issue 45). Wall time is an upper bound of the CPU (a
    // preemption in between would count), and the write never waits.
    const uint64_t t0 = ls::nowNs();
    for (const Sample& s : m_pending) {
        const int64_t v[3] = {int64_t(s.t0), int64_t(s.t1), s.index};
        fetchedOne(v);
    }
    m_pending.clear();
    const uint64_t t1 = ls::nowNs();
    m_flushAt = t1 + kFlushNs;
    m_wrapNs += t1 - t0;
}

void FetchRecorder::fetchedMany(uint64_t t0, uint64_t t1, const int64_t* indices, uint64_t n)
{
    flush(); // samples fetched one by one before: theirs first
    const int64_t none = -1;
    if (n == 0 || !indices) { // no index list: one span for the call
        indices = &none;
        n = 1;
    }
    for (uint64_t i = 0; i < n; ++i)
        m_w->span(int(ls::EventKind::Fetch), t0 + (t1 - t0) * i / n, t0 + (t1 - t0) * (i + 1) / n, m_batch, indices[i], 1, 0x7fff);
    m_batchSamples += int64_t(n);
    m_seen += n;
}

void FetchRecorder::collated(uint64_t t0, int64_t samples)
{
    const uint64_t t1 = ls::nowNs();
    flush(); // the batch's samples, before its collate in the ring
    m_w->span(int(ls::EventKind::Collate), t0, t1, m_batch, samples, 0, 0x7fff);
}

} // namespace lsprobe

// SPDX-License-Identifier: MIT
// The probe's writers: one event ring of a segment per lane, and the per-thread fetch recorder that
// times samples, collates and batch costs inside a DataLoader worker (or the main process with
// num_workers=0). Each is used by one thread at a time (the Python side's); none of it blocks,
// but for Writer::awaitRoom: a bounded wait for the job's own collector, never for a viewer.
#pragma once

#include "loaderscope/base/clock.h"
#include "loaderscope/base/events.h"
#include "loaderscope/shm/segment.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>
#include <sys/types.h>

namespace lsprobe {

namespace ls = loaderscope;

/**
 * A mapped segment, created by this process (the probe's session) or opened by name (a spawned
 * worker). A forked child inherits the mapping of its parent's handle: it must never unmap or
 * unlink it, so the destructor leaks the mapping in any process but the one that made the handle.
 */
class SegmentHandle
{
public:
    SegmentHandle(std::unique_ptr<ls::Segment> seg) : m_seg(std::move(seg)), m_pid(getpid()) {}
    ~SegmentHandle()
    {
        if (getpid() != m_pid)
            (void)m_seg.release(); // a forked child: the parent owns the name and the mapping
    }
    ls::Segment& segment() const { return *m_seg; }
    pid_t pid() const { return m_pid; }

private:
    std::unique_ptr<ls::Segment> m_seg;
    pid_t m_pid;
};

/// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID), ns: the engine's own.
using loaderscope::threadCpuNs;
/**
 * Time the calling thread spent runnable but waiting for a core (the second field of
 * /proc/thread-self/schedstat), ns; 0 where schedstat is not available. The file stays open per
 * thread (reopened after a fork), so each call is one pread.
 */
uint64_t runDelayNs();

/** The single writer of one lane's event ring in this process. */
class Writer
{
public:
    Writer(std::shared_ptr<SegmentHandle> seg, int lane)
        : m_seg(std::move(seg)), m_ev(m_seg->segment(), lane), m_lane(lane),
          m_wakeEvery(std::max<uint32_t>(m_seg->segment().layout().event_ring_capacity / 8, 1))
    {
    }
    void span(int kind, uint64_t t0, uint64_t t1, int64_t batch, int64_t arg0, int64_t arg1, int lane)
    {
        m_ev.span(ls::EventKind(kind), t0, t1, batch, arg0, arg1, lane);
        written();
    }
    /// A span from t0 until now; returns now (the caller's next t0).
    uint64_t until_now(int kind, uint64_t t0, int64_t batch, int64_t arg0, int64_t arg1)
    {
        const uint64_t t1 = ls::nowNs();
        m_ev.span(ls::EventKind(kind), t0, t1, batch, arg0, arg1);
        written();
        return t1;
    }
    int lane() const { return m_lane; }
    /// Before a burst of `records`: when they would overwrite records the collector has not read
    /// (a ring within an eighth of full), nudges it and waits for it, at most kAwaitRoomNs, in
    /// sleeps of 0.1 ms (then writes anyway: the reader counts what it lost). A writer faster than
    /// the collector (trivial samples timed in C, on a loaded machine) is slowed, not recorded
    /// with holes. One atomic load when there is room.
    void awaitRoom(uint64_t records);
    /// Records between two nudges of the collector (an eighth of the ring): the most a burst
    /// should write at once.
    uint32_t wakeEvery() const { return m_wakeEvery; }

private:
    /// Every eighth of the ring written, the collector is woken (SegmentHeader::collector_wake):
    /// it then drains this ring with seven eighths of it still free, however long its pause (a
    /// ring of 1 Ki records at the C proxies' fastest, ~0.17 us a record, leaves it ~150 us).
    void written()
    {
        if (++m_sinceWake >= m_wakeEvery) {
            m_sinceWake = 0;
            m_seg->segment().header()->collector_wake.notify();
        }
    }

    std::shared_ptr<SegmentHandle> m_seg; // keeps the mapping alive while anything writes
    ls::EventWriter m_ev;
    int m_lane;
    uint32_t m_wakeEvery;   ///< records
    uint32_t m_sinceWake = 0;
};

// How the samples' times wait before they are written (one definition; _native.py reads them
// from lsp_constants):
/// One sample in kWrapEvery has the timing wrapper's own CPU measured (thread CPU clock around the
/// probe's parts of it), scaled by kWrapEvery: the probe's cost per sample, at ~1/64 of a clock read.
constexpr uint32_t kWrapEvery = 64;
/// A collate proxy measures its own CPU on 1 call in this many and counts that on the others.
constexpr uint32_t kCollateMeasureEvery = 8;
/// The samples' times wait until their batch ends, or at most this long (ns): a slow worker's
/// samples still reach the live view within about 50 ms, and a worker killed in the middle of a
/// batch loses at most that long's sample spans.
constexpr uint64_t kFlushNs = 50'000'000;
/// ... or this many samples: a long batch of trivial samples reaches the ring in bursts the
/// collector's pacing (sized for a ring of 8 Ki records or more) keeps up with. (The Python
/// wrappers check it on their measured sample only: up to kWrapEvery more may wait there.)
constexpr uint32_t kFlushSamples = 1024;
/// The longest a writer waits for its collector to make room in its ring (Writer::awaitRoom), ns.
constexpr uint64_t kAwaitRoomNs = 50'000'000;

/// Six functions of CPython's stable ABI, by address (PyList_Size, PyList_GetItem,
/// PyTuple_GetItem, PyLong_AsLongLong, PyErr_Clear, PyList_SetSlice), handed over by _native.py from
/// ctypes.pythonapi: the library links to no libpython and stays one build for every CPython.
/// False (and nothing kept) when one is missing.
bool setPythonApi(void* const* functions);

/// Events from a Python list of (kind, t0, t1, batch, arg0, arg1, lane) tuples, in order, into
/// the writer's ring (lane 0x7fff: the writer's own): a hook's events in one C call. The events
/// written, or -1 without setPythonApi. With the GIL held.
int64_t writeTuples(Writer& w, void* list);

/**
 * Times one thread's fetching: each sample (Fetch span, arg0 = sample index, -1 for an iterable
 * dataset's, on 1 in `every` samples), each collate (Collate span, arg0 = samples), and each
 * batch's cost (BatchCost instant: CPU ns and run-queue ns between begin_batch and end_batch).
 * The batch key is set per task. The timing proxies (timed.cpp's types, or loaderscope/_proxies.py
 * where those cannot be made) time the calls; a sample's times wait here (or in Python) until
 * their batch's collate or end, or kFlushNs, and are then written together: one write per batch
 * rather than per sample (after a sample's own sleep, a call per sample cost 6 to 9 us of CPU).
 * Owned by one fetching thread; the stack watch's thread also calls flushLate() and fetchNow(),
 * with the GIL held as every caller here does, so no two calls ever overlap.
 */
class FetchRecorder
{
public:
    FetchRecorder(std::shared_ptr<Writer> writer, uint32_t every)
        : m_w(std::move(writer)), m_every(every ? every : 1), m_flushSamples(std::min(kFlushSamples, m_w->wakeEvery()))
    {
        m_pending.reserve(m_flushSamples);
    }

    void begin_batch(int64_t key);
    /// Emits the batch's BatchCost; returns the number of samples fetched in it. `delivered`
    /// false: the task made no batch (an iterable dataset's end): its cost, under batch -1.
    int64_t end_batch(bool delivered = true);
    int64_t batch() const { return m_batch; }
    /// The thread's (CPU ns, run-queue ns) read by the last begin_batch and end_batch: the worker's
    /// PassCost reuses them rather than read the clocks again (a microsecond or two each).
    std::pair<uint64_t, uint64_t> begin_clocks() const { return {m_cpu0, m_rq0}; }
    std::pair<uint64_t, uint64_t> end_clocks() const { return {m_cpu1, m_rq1}; }
    /// Samples this thread fetched, those waiting included.
    uint64_t samples_seen() const { return m_seen + m_pending.size(); }
    uint32_t every() const { return m_every; }

    /// A whole batch fetched by one Dataset.__getitems__ call, t0..t1: there is no per-sample
    /// time, so it is recorded as one span per sample, each an equal share of the call (arg1 = 1),
    /// and totals and per-sample figures stay exact.
    void fetchedMany(uint64_t t0, uint64_t t1, const int64_t* indices, uint64_t n);
    /// Samples timed by the Python proxies and kept until their batch ends (or for at most
    /// FLUSH_NS, _native.py): `n` packed int64 triples, any alignment (t0 and t1, CLOCK_MONOTONIC ns; the sample's index, -1
    /// where it has none: an iterable dataset's), in the order fetched. One
    /// C call per batch instead of one per sample: after a sample's own sleep that call cost the
    /// worker 6 to 9 us of CPU (cold caches), the list append in Python about 2.
    void fetchedList(const void* triples, uint64_t n);
    /// The same from Python's own list of (t0, t1, index) tuples, read through the CPython
    /// functions that setPythonApi() was given: no packing in Python (15 us a batch of 32, cold).
    /// Returns the samples written, or -1 when no table was given (the caller packs instead).
    /// The list is emptied in the same call. With the GIL held.
    int64_t fetchedTuples(void* list);
    /// A collate of `samples` samples from t0 until now, the samples waiting written first (but
    /// after the collate's end is read: the write's cost stays outside the span).
    void collated(uint64_t t0, int64_t samples);

    // --- the C timing proxies (timed.cpp): a sample's times kept here until written ---
    /// The fetch in progress as the stack watch reads it (fetchNow): a fetch's start and sample.
    struct Fetch
    {
        uint64_t t0 = 0; ///< CLOCK_MONOTONIC ns; 0: none
        int64_t index = -1;
    };
    /// Sample `f.index` (-1: none) is fetched from f.t0 on; returns the fetch it stands in front
    /// of (one whose dataset fetches from another proxy of this thread: an inner DataLoader), for
    /// fetchEnds to put back.
    Fetch fetchBegins(Fetch f)
    {
        const Fetch outer = m_fetch;
        m_fetch = f;
        return outer;
    }
    /// The fetch `f` ended at t1: its times wait (`fetched`: false when the dataset raised, and no
    /// sample came), and `outer` is again the fetch in progress. True when the samples are due
    /// to be written (flush()): kFlushNs has passed since the last write, or m_flushSamples wait
    /// (kFlushSamples, or an eighth of a smaller ring: a burst never writes more than the
    /// collector is nudged for, Writer). The times come from the caller, never from m_fetch, which
    /// another fetch of the thread may have moved meanwhile.
    bool fetchEnds(Fetch f, uint64_t t1, bool fetched, Fetch outer)
    {
        if (fetched)
            m_pending.push_back({f.t0, t1, f.index});
        m_fetch = outer;
        return t1 >= m_flushAt || m_pending.size() >= m_flushSamples;
    }
    /// True once every kWrapEvery calls: that sample's wrapper has its CPU measured.
    bool measureThisOne()
    {
        if (--m_tick)
            return false;
        m_tick = kWrapEvery;
        return true;
    }
    /// The wrapper's measured CPU (ns) for the probe's own cost, estimated as measureThisOne says.
    void addWrapNs(uint64_t ns) { m_wrapNs += ns; }
    /// The probe's CPU in this recorder since the last call (wrappers and writes), ns.
    uint64_t takeWrapNs()
    {
        const uint64_t ns = m_wrapNs;
        m_wrapNs = 0;
        return ns;
    }
    /// Writes the samples waiting (their spans, in order); its own CPU is counted as the probe's.
    void flush();
    /// From the stack watch: the samples waiting, when kFlushNs has passed since the last write
    /// (a fetch that has run that long: the ones before it are seen while it runs).
    void flushLate()
    {
        if (!m_pending.empty() && ls::nowNs() >= m_flushAt)
            flush();
    }
    size_t pending() const { return m_pending.size(); }
    /// The fetch in progress: its start (0: none) and sample index.
    Fetch fetchNow() const { return m_fetch; }

private:
    /// One sample's (t0, t1, index): counted, and its span written if it is 1 of every m_every.
    void fetchedOne(const int64_t* v);

    std::shared_ptr<Writer> m_w;
    uint32_t m_every;
    uint32_t m_flushSamples; ///< kFlushSamples, or an eighth of the ring if less
    int64_t m_batch = -1;
    int64_t m_batchSamples = 0;
    uint64_t m_seen = 0;      ///< samples fetched by this thread, all batches
    uint64_t m_cpu0 = 0;
    uint64_t m_rq0 = 0;
    uint64_t m_cpu1 = 0;
    uint64_t m_rq1 = 0;
    bool m_open = false;

    struct Sample
    {
        uint64_t t0, t1; ///< CLOCK_MONOTONIC ns
        int64_t index;
    };
    std::vector<Sample> m_pending; ///< reserved once: no allocation per sample
    uint64_t m_flushAt = 0;        ///< CLOCK_MONOTONIC ns
    Fetch m_fetch;
    uint32_t m_tick = kWrapEvery;
    uint64_t m_wrapNs = 0;
};

} // namespace lsprobe

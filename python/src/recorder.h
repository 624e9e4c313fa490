// SPDX-License-Identifier: MIT
// The probe's writers: one event ring of a segment per lane, and the per-thread fetch recorder that
// times samples, collates and batch costs inside a DataLoader worker (or the main process with
// num_workers=0). Each is used by one thread at a time (the Python side's); none of it blocks.
#pragma once

#include "loaderscope/base/clock.h"
#include "loaderscope/base/events.h"
#include "loaderscope/shm/segment.h"

#include <cstdint>
#include <memory>
#include <utility>
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
    Writer(std::shared_ptr<SegmentHandle> seg, int lane) : m_seg(std::move(seg)), m_ev(m_seg->segment(), lane), m_lane(lane) {}
    void span(int kind, uint64_t t0, uint64_t t1, int64_t batch, int64_t arg0, int64_t arg1, int lane)
    {
        m_ev.span(ls::EventKind(kind), t0, t1, batch, arg0, arg1, lane);
    }
    /// A span from t0 until now; returns now (the caller's next t0).
    uint64_t until_now(int kind, uint64_t t0, int64_t batch, int64_t arg0, int64_t arg1)
    {
        const uint64_t t1 = ls::nowNs();
        m_ev.span(ls::EventKind(kind), t0, t1, batch, arg0, arg1);
        return t1;
    }
    int lane() const { return m_lane; }

private:
    std::shared_ptr<SegmentHandle> m_seg; // keeps the mapping alive while anything writes
    ls::EventWriter m_ev;
    int m_lane;
};

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
 * The batch key is set per task. The Python proxies (loaderscope/_proxies.py) time the calls and
 * hand the samples' times here a batch at a time (fetchedList), each collate's as it ends.
 */
class FetchRecorder
{
public:
    FetchRecorder(std::shared_ptr<Writer> writer, uint32_t every) : m_w(std::move(writer)), m_every(every ? every : 1) {}

    void begin_batch(int64_t key);
    /// Emits the batch's BatchCost; returns the number of samples fetched in it. `delivered`
    /// false: the task made no batch (an iterable dataset's end): its cost, under batch -1.
    int64_t end_batch(bool delivered = true);
    int64_t batch() const { return m_batch; }
    /// The thread's (CPU ns, run-queue ns) read by the last begin_batch and end_batch: the worker's
    /// PassCost reuses them rather than read the clocks again (a microsecond or two each).
    std::pair<uint64_t, uint64_t> begin_clocks() const { return {m_cpu0, m_rq0}; }
    std::pair<uint64_t, uint64_t> end_clocks() const { return {m_cpu1, m_rq1}; }
    uint64_t samples_seen() const { return m_seen; }
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
    /// A collate of `samples` samples from t0 until now.
    void collated(uint64_t t0, int64_t samples);

private:
    /// One sample's (t0, t1, index): counted, and its span written if it is 1 of every m_every.
    void fetchedOne(const int64_t* v);

    std::shared_ptr<Writer> m_w;
    uint32_t m_every;
    int64_t m_batch = -1;
    int64_t m_batchSamples = 0;
    uint64_t m_seen = 0;      ///< samples fetched by this thread, all batches
    uint64_t m_cpu0 = 0;
    uint64_t m_rq0 = 0;
    uint64_t m_cpu1 = 0;
    uint64_t m_rq1 = 0;
    bool m_open = false;
};

} // namespace lsprobe

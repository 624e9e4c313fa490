// SPDX-License-Identifier: MIT
// Event kinds written by every process of a run into its own ring (EventWriter, segment.h).
#pragma once

#include "loaderscope/base/translate.h"

#include <cstdint>
#include <cstddef>
#include <string_view>

namespace loaderscope {

/** Which timeline lane an event belongs to. Workers use their id (0..N-1). */
enum Lane : int16_t {
    LaneMain = -1,       ///< the engine's main thread: the training loop and, with 0 workers, fetching
    LanePin = -2,        ///< the pin-memory thread
    LaneCopy = -3,       ///< device copy engine (H2D)
    LaneCompute = -4,    ///< device compute stream (step kernel)
};

enum class EventKind : uint8_t {
    None = 0,
    // worker lanes
    WorkerStart = 1,  ///< instant; arg0 = pid, arg1 = generation
    WorkerExit,       ///< instant (written by main when it reaps); arg0 = pid, arg1 = wait status
    WorkerInit,       ///< span: worker_init_fn cost and fetcher creation; arg0 = pid, arg1 = generation
    Fetch,            ///< span: one sample; batch = task index, arg0 = sample index, arg1 = the
                      ///< samples it stands for (0 or 1: itself; N: the probe recorded 1 in N)
    Collate,          ///< span: stacking samples into the batch slot; arg0 = samples
    BatchReady,       ///< instant: batch written and published; arg0 = slot
    WaitTask,         ///< span: a worker idle, waiting for its next index
    // main lane
    WaitData,         ///< span: the training loop waiting in next(); batch = what it got,
                      ///< arg0 = worker, arg1 = samples in it
    Deliver,          ///< instant: batch handed to the loop; arg0 = worker, arg1 = delivery index
    Step,             ///< span: the training step on the host (issued kernel or timed wait)
    StartWorkers,     ///< span: main process starting worker processes; arg0 = count, arg1 = CPU ns
                      ///< of the main thread in it (0 in recordings made before it was measured)
    Shutdown,         ///< span: shutting the workers down
    EpochBegin,       ///< instant; arg0 = epoch
    EpochEnd,         ///< instant; arg0 = epoch
    QueueDepth,       ///< counter; arg0 = ready batches, arg1 = outstanding tasks; batch = pinned in use
    Error,            ///< instant; arg0 = worker (or -1)
    // pin and device lanes
    PinCopy,          ///< span: copy into a pinned staging buffer; arg0 = bytes
    H2DCopy,          ///< span: host-to-device copy; arg0 = bytes, arg1 = 1 pinned / 0 pageable
    Kernel,           ///< span: step kernel on the device
    HostBlocked,      ///< span (main lane): host thread blocked by a pageable copy or a sync
    // added in the second round (appended: the numbers above are in recordings)
    BatchCost,        ///< instant, on the lane that made the batch, at its end: arg0 = CPU ns the
                      ///< thread spent in the batch's fetches and collate (thread CPU clock),
                      ///< arg1 = ns it waited runnable for a core (schedstat run delay); the rest
                      ///< of its fetch/collate wall time was spent off-CPU (I/O, sleeps)
    HeadOfLine,       ///< span (main lane, inside a next()): waiting for the head batch while
                      ///< later batches were already ready; arg0 = later batches ready
    WorkerStalled,    ///< instant on a worker's lane, written by main while the worker has not
                      ///< finished its task for kStallNs and more (then every kStallNs): batch =
                      ///< the task's key, arg0 = worker pid, arg1 = ms since it took the task
    // memory counters (issue 15), written about 20 times a second by the main process's memory
    // sampler thread on its own ring (ShmLayout::kMemoryRing), and one MemoryUsage by each worker
    // on its own ring as it leaves cleanly (its final figures); bytes throughout
    MemoryUsage,      ///< counter on the lane of the process measured (a worker's lane, LaneMain for
                      ///< the main process): arg0 = RSS (pages mapped in memory, shared ones
                      ///< counted in full), arg1 = PSS (each shared page divided by the processes
                      ///< mapping it), batch = USS (Private_Clean + Private_Dirty: what only this
                      ///< process holds, freed if it ended). PSS and USS come from smaps_rollup,
                      ///< read within a CPU budget: -1 in the samples where they were not read
                      ///< (RSS alone, from statm). The process is the lane's latest WorkerStart pid.
    ShmUsage,         ///< counter (main lane): arg0 = batch-slot bytes in use (slots not free:
                      ///< assigned, being filled, ready, or held by the loop, the pin thread or the
                      ///< device; each counted at its capacity), arg1 = /dev/shm bytes used (every
                      ///< user of the file system), batch = /dev/shm size (statvfs)
    PinnedMemory,     ///< counter (main lane): arg0 = page-locked host bytes the process holds
                      ///< (pin_memory true: the staging buffers; "shared": the registered slots),
                      ///< arg1 = the part holding a batch now
    // what the job pays outside the dataset (issue 24): the probe writes them, "Model this job"
    // fits them (probe_model.cpp); the engine writes them where it burns such CPU (send_cpu_us,
    // receive_ns_per_byte, step_cpu_us, threads_cpu_us), and the summary's send_cpu_fraction
    // and main_cpu_fraction come from them, the job's and the model's alike
    PassCost,         ///< instant, batch = the batch handed on: on a worker's lane, CPU ns the
                      ///< worker process spent outside its fetches and collate from that task to
                      ///< its next (the queue put: pickling, tensors into shared memory); on the
                      ///< main lane, CPU ns of the main thread inside the next() that received it
                      ///< (unpickling). arg0 = CPU ns, arg1 = ns the thread waited for a core
                      ///< (-1: not measured, as in the probe's on the main lane)
    StepCost,         ///< instant (main lane) at the end of a step: arg0 = CPU ns of the main
                      ///< thread in the step, arg1 = ns it waited runnable for a core in it (-1:
                      ///< not measured; the probe measures 1 step in 8)
    // derived states (EventRing::Derived): never written to a ring, made by readers
    CoreWait,         ///< span on the lane that made a batch: the thread waited runnable for a core
                      ///< (BatchCost arg1, schedstat run delay), drawn as one span ending at the
                      ///< BatchCost: the waits' total within the batch, not where each one fell
    // appended after the derived state (the numbers above are in recordings)
    ThreadsCost,      ///< instant (main lane) with a StepCost: arg0 = CPU ns that
                      ///< the main process's other threads burnt from the previous ThreadsCost's
                      ///< next() to this one (a CPU step's intra-op threads, spinning on after
                      ///< it), less the probe's own threads; arg1 = the steps that covers (the
                      ///< probe writes one every 8 steps and as a loop ends by StopIteration or
                      ///< an error; 0, one step, in the engine's and in recordings made before)
    HandOverWait,     ///< instant (main lane) at the end of a next() that received a
                      ///< worker's batch (the engine's: modelled, loader/handover.h): arg0 = ns
                      ///< the loop's thread spent inside it fetching the
                      ///< batch's tensors' file descriptors from that worker (PyTorch's
                      ///< file_descriptor sharing: a thread of the worker answers each, under the
                      ///< worker's GIL, so it waits while the worker's Python code runs), arg1 =
                      ///< descriptors fetched
    HandOverCost,     ///< instant (main lane) right after a HandOverWait, same batch: arg0 = CPU ns
                      ///< the loop's thread burnt inside those hand-overs (connecting to the
                      ///< worker's thread, the authentication handshake, receiving the
                      ///< descriptor; part of the HandOverWait's ns and of the next()'s PassCost),
                      ///< arg1 = descriptors fetched
    WorkerInitCost,   ///< instant on a worker's lane as it is ready to fetch (after its WorkerInit):
                      ///< arg0 = CPU ns of the worker process since it started (every thread; a
                      ///< forked worker's clock starts at the fork), arg1 = ns its thread waited
                      ///< runnable for a core (schedstat run delay) in that time
    ShmOwn,           ///< counter (main lane), about 4 a second with the memory samples: arg0 =
                      ///< /dev/shm bytes the run's own processes map (its segment, PyTorch's
                      ///< shared tensors: each file once, at the furthest extent mapped), arg1 =
                      ///< files. ShmUsage's used bytes are every user's: this is the run's share
    ProbeCost,        ///< instant, written by the probe only, on the lane of the thread that paid it
                      ///< (a worker's, the main lane): arg0 = CPU ns that thread spent in the
                      ///< probe's own code since its last ProbeCost (thread CPU clock: the hooks
                      ///< around each task or next(), left out of PassCost and StepCost; plus the
                      ///< per-sample timing wrapper, timed on 1 sample in 64 and scaled, which lies
                      ///< inside the Fetch spans and their BatchCost), arg1 = samples it covers;
                      ///< once at the end on the main lane with arg1 = -1: the CPU of the probe's
                      ///< own threads (its collector and memory sampler) over the whole run
    // What a thread was doing (issue 49): written by the probe only, by its stack watch thread
    // (python/loaderscope/_stacks.py), when asked or when a fetch has run past its threshold
    Stack,            ///< instant on the lane of the thread whose Python stack it is (a worker's,
                      ///< LaneMain for the job's main thread): batch = the task it was on (-1:
                      ///< none), arg0 = the sample index it was fetching (-1: none, or an iterable
                      ///< dataset's), arg1 = why (StackReason) | the text's bytes << 8. The text
                      ///< follows in StackText events (stacks.h reassembles it)
    StackText,        ///< a piece of the text of the Stack with the same lane and t0: 24 bytes of
                      ///< UTF-8 in batch, arg0, arg1 (little-endian, the last piece padded with
                      ///< NULs), t1 - t0 = the piece's number (0, 1, ...). Never drawn
    // What the job declares (issue 49): loaderscope.mark("checkpoint") in the training loop
    Mark,             ///< instant (main lane): a moment the job named (a checkpoint, an eval, a
                      ///< learning-rate change); its label, up to 24 bytes of UTF-8, in batch,
                      ///< arg0, arg1 as StackText's (little-endian, padded with NULs). The step
                      ///< chart draws it beside epoch starts and worker starts
    Count
};

/** A decoded event: what readers copy out of a ring. Times are CLOCK_MONOTONIC ns. */
struct Event
{
    uint64_t t0 = 0;
    uint64_t t1 = 0;      ///< equals t0 for instants and counters
    int64_t batch = -1;
    int64_t arg0 = 0;
    int64_t arg1 = 0;
    EventKind kind = EventKind::None;
    int16_t lane = 0;
};

/**
 * The `batch` field of every batch event: epoch and DataLoader task id together, so one batch's
 * path (fetch, collate, pin, copy, kernel) can be followed across lanes and epochs.
 */
constexpr int64_t batchKey(int epoch, int64_t task)
{
    return task < 0 ? -1 : (int64_t(epoch) << 32) | (task & 0xffffffffLL);
}
constexpr int batchKeyEpoch(int64_t key) { return key < 0 ? -1 : int(key >> 32); }
constexpr int64_t batchKeyTask(int64_t key) { return key < 0 ? -1 : (key & 0xffffffffLL); }

/** What an event is: a span (t0..t1), an instant, or a sampled counter (one per sample). */
enum class EventShape : uint8_t { Instant, Span, Counter };

/** Where a kind's events are written: the writing lane's ring (ShmLayout::eventRingIndexForLane),
 *  the main process's memory-sampler ring (ShmLayout::kMemoryRing; a worker's final MemoryUsage
 *  goes to its own), or no ring at all: a derived kind, made by readers from another kind. */
enum class EventRing : uint8_t { Lane, Memory, Derived };

/** Why the host thread was blocked: the typed reason of a HostBlocked span (its arg0). */
enum class HostBlock : int {
    DeviceBuffers = 1,   ///< K batches in flight: waiting for kernel i-K to free its buffer
    PageableStaging = 2, ///< pageable source: the driver stages it, the host waits for the copy
    SyncCopy = 3,        ///< pinned but non_blocking false: a synchronous copy
};
constexpr int kHostBlockReasons = 3; ///< HostBlock values are 1..kHostBlockReasons

/** A HostBlocked span's arg0 as its reason: an out-of-range value (a foreign or corrupt
 *  recording) reads as the nearest reason, so readers can index by it safely. */
constexpr HostBlock hostBlockFrom(int64_t arg0)
{
    return HostBlock(arg0 < 1 ? 1 : arg0 > kHostBlockReasons ? kHostBlockReasons : int(arg0));
}

/**
 * One row of the event-kind registry (events.cpp, kEventKinds): everything the engine, the trace
 * export and the probe know about a kind. The GUI's look of a kind is in gui/timeline/model/lanekinds.cpp.
 */
struct EventKindInfo
{
    EventKind kind = EventKind::None;
    const char* id = "";        ///< the enumerator's name: the probe's KINDS keys (_kinds.py)
    const char* name = "";      ///< English name: logs, the probe's KIND_NAMES, trace instant names
    /// What the timeline calls a span of this kind (hover, legend), English, translated by the GUI
    /// in context TimelineRenderer; every span has one, an instant one when the legend marks it.
    const char* label = "";
    EventShape shape = EventShape::Instant;
    const char* category = "";  ///< Chrome trace "cat"
    EventRing ring = EventRing::Lane;
    /// A derived kind (ring Derived): a span readers make from each event of `derivedFrom` on the
    /// same lane: it ends at that event's t0 and lasts its arg `derivedArg` (0 or 1) in ns.
    EventKind derivedFrom = EventKind::None;
    uint8_t derivedArg = 0;
};

/** The registry's rows as a range (not std::span: the CUDA backend includes this header as C++17). */
struct EventKindRows
{
    const EventKindInfo* first = nullptr;
    const EventKindInfo* last = nullptr;
    const EventKindInfo* begin() const { return first; }
    const EventKindInfo* end() const { return last; }
    size_t size() const { return size_t(last - first); }
};
/** Every kind but None and Count, in enum order (the registry is indexed by kind). */
EventKindRows eventKinds();
/** The registry row of a kind; kinds outside the enum get an "unknown" instant row. */
const EventKindInfo& eventKindInfo(EventKind kind);

std::string_view eventKindName(EventKind kind);
bool isSpan(EventKind kind);
/** Sampled values (QueueDepth and the memory counters): one per sample, not per batch. */
bool isCounter(EventKind kind);
/** Whether some derived kind is made from events of `kind` (a table lookup, for hot loops). */
bool hasDerivedKinds(EventKind kind);
/**
 * Calls `add` with every event derived from `source` (see EventKindInfo::derivedFrom). A derived
 * span of 0 ns (nothing measured) is not made.
 */
template <typename F>
void forEachDerived(const Event& source, F&& add)
{
    if (!hasDerivedKinds(source.kind))
        return;
    for (const EventKindInfo& k : eventKinds()) {
        if (k.derivedFrom != source.kind)
            continue;
        const int64_t ns = k.derivedArg == 0 ? source.arg0 : source.arg1;
        if (ns <= 0 || uint64_t(ns) > source.t0)
            continue;
        Event d = source;
        d.kind = k.kind;
        d.t0 = source.t0 - uint64_t(ns);
        d.t1 = source.t0;
        add(d);
    }
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// The GUI's store of one run's events, in bounded memory however long the run:
// - detail: per lane, spans sorted by start time in two rows (outer and nested), instants, and
//   queue-depth samples, for the time ranges in detailCoverage(): the live tail (the newest
//   detailBudget() spans) and what was read back from the recording for the user's view;
// - aggregates over the whole run at a coarser resolution: per lane, the busy time of each kind
//   in fixed buckets, and the queue depth's peaks per bucket, so zooming out over an hour still
//   shows its shape.
// Owned by the GUI thread; events arrive in batches.
#pragma once

#include "timeline/model/foldindex.h"
#include "timeline/model/memorytracks.h"

#include "loaderscope/base/events.h"
#include "loaderscope/results/loop_steps.h"
#include "loaderscope/results/run_marks.h"
#include "loaderscope/results/run_summary.h"
#include "loaderscope/results/thread_stacks.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <array>
#include <optional>
#include <utility>
#include <vector>

/** One span as stored: 32 bytes (the budget is 64 per event). Times are ns from the run origin. */
struct SpanRec
{
    qint64 t0 = 0;
    qint64 t1 = 0;
    qint64 batch = -1;   ///< loaderscope::batchKey(epoch, task), or -1
    qint32 arg = 0;      ///< sample index (fetch), bytes in KiB (copies), reason (host blocked)
    quint8 kind = 0;     ///< loaderscope::EventKind
    quint8 flags = 0;    ///< H2D copy: 1 = pinned; host blocked: 1 = waiting for the GPU
};
static_assert(sizeof(SpanRec) == 32);

struct InstantRec
{
    qint64 t = 0;
    qint64 batch = -1;
    qint64 arg0 = 0;
    qint64 arg1 = 0;
    quint8 kind = 0;
};

struct CounterSample
{
    qint64 t = 0;
    qint32 ready = 0;
    qint32 outstanding = 0;
    qint32 pinned = 0;
};

/** A lane's busy time in one aggregate bucket, ns per slot (see TraceModel::histogramSlot). */
using HistogramBucket = std::array<quint64, 4>;

/** The queue depth over one aggregate bucket: its peaks and its value at the end. */
struct CounterBucket
{
    qint32 maxReady = 0, maxOutstanding = 0, maxPinned = 0;
    qint32 lastReady = 0, lastOutstanding = 0, lastPinned = 0;
    bool set = false;
};

class TraceModel : public QObject
{
    Q_OBJECT
public:
    enum class LaneKind { Main, Pin, Worker, Copy, Compute };
    struct Lane
    {
        LaneKind kind = LaneKind::Main;
        int worker = -1;
        std::vector<SpanRec> rows[2]; ///< row 0: outer spans; row 1: spans nested in them
        std::vector<InstantRec> instants;
        std::vector<HistogramBucket> histogram; ///< whole run, histogramBucketNs() wide
        /// What the lane is from when the kind alone does not say it (an imported trace's
        /// rank and thread); empty: the kind's own name.
        QString title;
        bool hidden = false; ///< laid out with no height (a lane the source cannot have)
        FoldIndex folds[2]; ///< each row's level of detail for folding, kept with it
    };
    /// Aggregate buckets per lane; the bucket width doubles when a run outgrows them.
    static constexpr int kMaxBuckets = 16384;
    static constexpr qint64 kFirstBucketNs = 1'000'000; ///< 1 ms
    static constexpr qint64 kDefaultDetailBudget = 4'000'000; ///< spans (32 B each: 128 MB)

    explicit TraceModel(QObject* parent = nullptr);

    /// Forgets everything; `origin` is the CLOCK_MONOTONIC ns that becomes time 0.
    void reset(quint64 origin, int numWorkers, bool simulatedDevice);
    /// A watched PyTorch job: worker lanes appear as workers write (up to `workerCapacity`, the
    /// segment's lane count), the device lanes only when a copy or a kernel is recorded (a job
    /// without CUDA has none). The device, when one appears, is the job's own GPU.
    void resetGrowing(quint64 origin, int workerCapacity);
    /// Whether lanes are added as events need them (a watched job).
    bool growing() const { return m_growing; }
    /// Appends events (any order between lanes, time order within a writer). Keeps detail within
    /// the budget by evicting the oldest (outside the protected view); aggregates keep everything.
    void append(const std::vector<loaderscope::Event>& events);
    /// Detail read back from the recording for [t0, t1] (model time): spans in that range that
    /// are not held yet are added, and the range becomes covered. Aggregates are not touched.
    void insertDetail(qint64 t0, qint64 t1, const std::vector<loaderscope::Event>& events);
    /// Imports (profiler traces): one span into a lane's row, kept sorted; call finishAppend()
    /// once at the end to notify the views.
    void appendSpan(int lane, int row, const SpanRec& span);
    void finishAppend();
    /// Takes everything `other` holds (a model filled on another thread); `other` is left empty.
    void takeContents(TraceModel& other);

    int laneCount() const { return int(m_lanes.size()); }
    const Lane& lane(int i) const { return m_lanes[size_t(i)]; }
    int laneIndex(LaneKind kind, int worker = -1) const;
    int numWorkers() const { return m_numWorkers; }
    bool simulatedDevice() const { return m_simulated; }
    /// Imported traces: name a lane after its source, hide the lanes it cannot fill (no pin thread
    /// in a profiler trace). Lane indices stay as they are.
    void setLaneTitle(int lane, const QString& title) { m_lanes[size_t(lane)].title = title; }
    void setLaneHidden(int lane, bool hidden) { m_lanes[size_t(lane)].hidden = hidden; }
    void setSimulatedDevice(bool simulated) { m_simulated = simulated; }
    /// Queue-depth samples held in detail (time order).
    const std::vector<CounterSample>& counters() const { return m_counters; }
    /// Memory per process, batch slots and /dev/shm, pinned memory (bounded, never evicted).
    const MemoryTracks& memory() const { return m_memory; }
    qint64 startTime() const { return 0; }
    qint64 endTime() const { return m_end; }
    quint64 origin() const { return m_origin; }
    qint64 spanCount() const { return m_spans; }
    qint64 eventCount() const { return m_events; }
    /// Bytes held by the model's containers (for the memory benchmark).
    qint64 memoryBytes() const;
    /// Incremented on every change: views redraw only when it moved.
    quint64 generation() const { return m_generation; }
    /// Reserve room for about `spansPerLane` spans in every lane (benchmarks, imports).
    void reserve(size_t spansPerLane);

    /// Spans kept in detail; beyond it the oldest are evicted (aggregates keep their shape).
    void setDetailBudget(qint64 spans) { m_budget = std::max<qint64>(1000, spans); }
    qint64 detailBudget() const { return m_budget; }
    /// Time ranges where every event is held in detail, sorted and disjoint.
    const std::vector<std::pair<qint64, qint64>>& detailCoverage() const { return m_coverage; }
    /// True when [t0, t1] lies inside one covered range.
    bool covered(qint64 t0, qint64 t1) const;
    /// True when [t0, t1] meets a covered range: a span there is held (every span that overlaps a
    /// covered range is, eviction and read-back keep it so).
    bool overlapsCovered(qint64 t0, qint64 t1) const;
    /// The parts of [t0, t1] not covered by detail.
    std::vector<std::pair<qint64, qint64>> uncovered(qint64 t0, qint64 t1) const;
    /// What the user is looking at: never evicted while detail is trimmed.
    void setProtectedRange(qint64 t0, qint64 t1) { m_protected = {t0, t1}; }
    /// Spans dropped from detail so far.
    qint64 evictedSpans() const { return m_evicted; }
    /// Where the events of batches the loop delivered are missing (events lost: a reconnect after
    /// the job's rings moved on, a stream that dropped chunks), model time, sorted; the timeline
    /// shades them. Set by whoever knows the losses (RunSession); cleared by reset().
    const std::vector<std::pair<qint64, qint64>>& unseen() const { return m_unseen; }
    void setUnseen(std::vector<std::pair<qint64, qint64>> ranges);
    /// The same from the figures' runs of batch numbers not seen (events' clock, ns): from the
    /// delivery seen before each (the start for the first) to the one after it.
    void setUnseen(const std::vector<loaderscope::RunFigures::UnseenBatches>& unseen);

    qint64 histogramBucketNs() const { return m_bucketNs; }
    /// The aggregate slot of a span kind on its lane (0..3), or -1 when it is not aggregated.
    static int histogramSlot(LaneKind lane, quint8 kind, quint8 flags);
    /// The kind drawn for a slot of a lane (for colours).
    static std::pair<quint8, quint8> slotKind(LaneKind lane, int slot);
    const std::vector<CounterBucket>& counterHistogram() const { return m_counterBuckets; }

    /// Running totals per lane and span kind (ns and count), over the whole run.
    qint64 totalNs(int lane, loaderscope::EventKind kind) const { return m_totals[size_t(lane)][size_t(kind)].ns; }
    qint64 totalCount(int lane, loaderscope::EventKind kind) const { return m_totals[size_t(lane)][size_t(kind)].count; }
    qint64 instantCount(loaderscope::EventKind kind) const { return m_instantCounts[size_t(kind)]; }
    /// Whether a span of `kind` with this variant was ever added (variant: the host-blocked reason
    /// 0..3, or an H2D copy's pinned flag 0/1; -1: any). For the legend, without walking spans.
    bool seen(loaderscope::EventKind kind, int variant = -1) const;

    /// A worker reported as stuck on a task (the engine's WorkerStalled events).
    struct Stall
    {
        int worker = -1;
        qint64 pid = 0;
        qint64 batch = -1;  ///< batch key of the task
        qint64 since = 0;   ///< when it took the task (model time)
        qint64 at = 0;      ///< the latest report (model time)
    };
    /// The newest stall report, if any.
    std::optional<Stall> latestStall() const;
    qint64 deliveredSamples() const { return m_deliveredSamples; }
    /// Every step of the loop, in time order (the step chart), in the events' clock (origin() is
    /// model time 0): never evicted with the detail.
    const std::vector<loaderscope::LoopStep>& steps() const { return m_steps.steps(); }
    /// Epoch starts, worker starts and the job's own marks, in time order, in the events' clock
    /// (the step chart's marks): never evicted with the detail (bounded: RunMarks).
    const loaderscope::RunMarks& marks() const { return m_marks; }
    /// The Python stacks the probe took (issue 49), in the order they completed, their `t` in model
    /// time; the newest kMaxStacks kept, never evicted with the detail.
    static constexpr size_t kMaxStacks = 1000;
    const std::vector<loaderscope::ThreadStack>& stacks() const { return m_stacks; }
    /// The stack nearest to `t` (model time) on the event lane `eventLane` (a worker's id,
    /// loaderscope::LaneMain) within `tolerance` ns, or null.
    const loaderscope::ThreadStack* stackNear(int eventLane, qint64 t, qint64 tolerance) const;

signals:
    void changed();

private:
    int laneIndexFor(int16_t lane) const;
    /// Inserts into a row of a lane in start order, and keeps the row's FoldIndex with it.
    static void insertSorted(Lane& lane, int row, const SpanRec& s);
    /// Merges `add` (any order; sorted here) into the sorted `row` in O(n).
    static void mergeSorted(Lane& lane, int row, std::vector<SpanRec>& add);
    /// Converts an event to its stored form; false for events that are not drawn as spans.
    static bool toSpan(const loaderscope::Event& e, qint64 t0, qint64 t1, SpanRec& s, bool* nested, LaneKind kind);
    void addToHistogram(Lane& lane, const SpanRec& s);
    void addCounterToHistogram(const CounterSample& c);
    void growBuckets(qint64 t);
    void evictIfNeeded();
    void addCoverage(qint64 t0, qint64 t1);
    void removeCoverageBefore(qint64 t, qint64 keep0, qint64 keep1);

    struct Total
    {
        qint64 ns = 0;
        qint64 count = 0;
    };
    std::vector<Lane> m_lanes;
    std::vector<std::array<Total, size_t(loaderscope::EventKind::Count)>> m_totals;
    std::array<qint64, size_t(loaderscope::EventKind::Count)> m_instantCounts{};
    std::array<quint8, size_t(loaderscope::EventKind::Count)> m_variants{}; ///< bit v: variant v seen
    void markSeen(const SpanRec& s);
    qint64 m_deliveredSamples = 0;
    std::vector<CounterSample> m_counters;
    MemoryTracks m_memory;
    loaderscope::LoopSteps m_steps;
    loaderscope::RunMarks m_marks;
    loaderscope::StackAssembler m_stackParts;
    std::vector<loaderscope::ThreadStack> m_stacks;
    std::vector<CounterBucket> m_counterBuckets;
    std::vector<std::pair<qint64, qint64>> m_coverage;
    std::pair<qint64, qint64> m_protected{0, -1};
    std::vector<std::pair<qint64, qint64>> m_unseen;
    qint64 m_bucketNs = kFirstBucketNs;
    qint64 m_budget = kDefaultDetailBudget;
    qint64 m_evicted = 0;
    quint64 m_origin = 0;
    qint64 m_end = 0;
    qint64 m_spans = 0;
    qint64 m_events = 0;
    quint64 m_generation = 0;
    /// Adds the lanes `lane` needs in a growing model; its index, or -1.
    int ensureLane(int16_t lane);

    int m_numWorkers = 0;
    bool m_simulated = true;
    bool m_growing = false;      ///< resetGrowing(): lanes added on demand
    int m_workerCapacity = 0;    ///< worker lanes a growing model may add
    bool m_deviceLanes = true;   ///< the copy and compute lanes exist
};

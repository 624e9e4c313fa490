// SPDX-License-Identifier: MIT
// The one place where a run's figures are computed from its events. Streaming: events go in one
// at a time (any order between lanes, time order within a lane's writer), memory stays bounded
// whatever the run's length, and figures() can be asked at any time (live) or at the end (final).
// Used by the engine's collector thread, the app's live view, the probe and the trace analysis.
#pragma once

#include "loaderscope/device/device.h"
#include "loaderscope/base/events.h"
#include "loaderscope/results/distributions.h"
#include "loaderscope/results/loop_steps.h"
#include "loaderscope/results/run_summary.h"
#include "loaderscope/results/slow_samples.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <vector>

namespace loaderscope {

/**
 * The loop's own figures from its counters: samples and batches delivered, the loop's length and
 * its time in next() (nanoseconds). The one definition of samples/s and the data stall (the time
 * in next() over the loop's time), for the collector's events and the main thread's counters.
 */
void setLoopFigures(RunFigures& f, int64_t samples, int64_t batches, uint64_t loopNs, uint64_t waitNs);

class MetricsAccumulator
{
public:
    /// `numWorkers`: worker lanes 0..N-1; events of other worker lanes are ignored.
    explicit MetricsAccumulator(int numWorkers = 0);
    /// Worker lanes up to `maxLanes` - 1 are taken as their events come (a probe's saved stream:
    /// its header counts the lanes in use when the stream began, often before the workers).
    void growLanesTo(int maxLanes) { m_maxLanes = size_t(std::max(0, maxLanes)); }

    void add(const Event& e);
    void add(const std::vector<Event>& events)
    {
        for (const Event& e : events)
            add(e);
    }
    /// Figures from everything added so far.
    RunFigures figures() const;
    int64_t eventsAdded() const { return m_events; }
    /// Only the batch numbering of figures() (batches_numbered, unseen): cheap, for a view that
    /// shades where deliveries were not seen.
    RunFigures batchNumbering() const
    {
        RunFigures f;
        batchNumbering(f);
        return f;
    }
    int numWorkers() const { return int(m_workers.size()); }

private:
    struct LaneTotals
    {
        int64_t pid = 0;
        uint64_t pidTime = 0;      ///< time of the WorkerStart that set pid
        uint64_t fetchNs = 0;
        uint64_t collateNs = 0;
        uint64_t cpuNs = 0;
        uint64_t runqNs = 0;
        uint64_t sendCpuNs = 0;    ///< PassCost on a worker's lane: handing batches on
        uint64_t idleNs = 0;
        int64_t samples = 0;
        int64_t batches = 0;       ///< BatchCost instants
        int64_t collates = 0;
    };
    /// USS against samples fetched, for one process (least squares on values shifted by the first).
    struct MemoryTrend
    {
        double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
        double x0 = 0, y0 = 0, xMax = 0;
        void add(double x, double y);
        /// slope x samples fetched, when USS rises with the samples (see WorkerMemory); else 0.
        double growth() const;
    };
    struct LaneMemory
    {
        ProcessMemoryPeaks peaks;
        MemoryTrend trend;           ///< the current process's
        double bestGrowth = 0;       ///< the largest growth of an earlier process of this lane
        uint64_t lastUss = 0;
        uint64_t lastT = 0;          ///< time of the trend's latest sample
        void newProcess();
    };
    /// An event of a fetching lane (a worker, or the main thread fetching with num_workers 0);
    /// false for a main-lane event that is not about fetching, which addLoopEvent then takes.
    bool addFetchLaneEvent(const Event& e, uint64_t d);
    /// An event of the training loop (next(), steps, epochs, queue depth) or of the pin thread
    /// and the device; `d`: its duration (ns).
    void addLoopEvent(const Event& e, uint64_t d);
    void addMemory(const Event& e);
    void addDevice(const Event& e);
    void settleCopies(uint64_t upTo);
    static WorkerFigures laneFigures(int id, const LaneTotals& t, double seconds);
    /// The fetching lanes' window (s): the loop's time widened to their first and last span.
    double fetchWindowSeconds() const;
    // Parts of figures().
    void deviceFigures(RunFigures& f) const;
    void perSampleFigures(RunFigures& f) const;
    MemoryFigures memoryFigures() const;

    int64_t m_events = 0;
    std::vector<LaneTotals> m_workers;
    size_t m_maxLanes = 0; ///< growLanesTo's bound (0: the lanes given at construction only)
    /// Makes room for worker lane `lane` when growLanesTo allows it; whether it has room.
    bool haveLane(int16_t lane);
    LaneTotals m_mainFetch;          ///< fetching in the main process (num_workers 0)
    DistributionAccumulator m_distributions; ///< each stage's durations (issue 49)
    SlowSampleAccumulator m_slowSamples;     ///< the slowest fetches (issue 49)
    LoopSteps m_loopSteps;                   ///< the loop's steps: repeating slowdowns (issue 49)
    /// Earliest start and latest end of a fetching lane's Fetch, Collate or WaitTask span: a worker
    /// waits for its first task while the others start (before the first next()), and for the
    /// end after the loop.
    uint64_t m_fetchFirst = UINT64_MAX;
    uint64_t m_fetchLast = 0;
    // main lane
    uint64_t m_loopBegin = 0;        ///< first next() (0: none yet)
    uint64_t m_loopEnd = 0;          ///< end of the last main-lane span after m_loopBegin
    uint64_t m_waitNs = 0;
    uint64_t m_holNs = 0;
    uint64_t m_longestHolNs = 0;
    uint64_t m_stepNs = 0;
    uint64_t m_mainCpuNs = 0;        ///< main lane PassCost, StepCost and ThreadsCost CPU
    uint64_t m_handOverNs = 0;       ///< HandOverWait: the loop fetching tensors' descriptors
    uint64_t m_probeNs = 0;          ///< ProbeCost: the probe's own CPU on the job's threads
    uint64_t m_probeThreadsNs = 0;   ///< ProbeCost with arg1 -1: the probe's own threads' CPU
    uint64_t m_blockedNs[kHostBlockReasons + 1] = {}; ///< by HostBlock (index 0 unused)
    int64_t m_samples = 0;
    int64_t m_batches = 0;
    /// The deliveries seen (WaitData with a batch), per iteration over a loader (each EpochBegin on
    /// the loop's lane begins one; so does a batch number seen again: another loader, or one whose
    /// EpochBegin was lost), as runs of consecutive batch keys: first key -> {last key, the first's
    /// next() start, the last's next() end}. An iteration without holes is folded into
    /// m_numberedDone when the next begins: what is kept grows with the holes, not the run.
    struct SeenRun
    {
        int64_t last = 0;
        uint64_t t0 = 0, t1 = 0;
    };
    struct Iteration
    {
        uint64_t before = 0; ///< the end of the last delivery seen before it (0: none)
        std::map<int64_t, SeenRun> runs;
    };
    std::vector<Iteration> m_iterations; ///< those with holes, and the current one (last)
    int64_t m_numberedDone = 0;
    uint64_t m_lastDeliveryEnd = 0;
    void newIteration();
    void noteDelivery(int64_t batchKey, uint64_t t0, uint64_t t1);
    /// Adds an iteration's batch numbers and holes to `f`.
    static void number(const Iteration& it, RunFigures& f);
    void batchNumbering(RunFigures& f) const;
    uint64_t m_epoch0Begin = 0;
    uint64_t m_firstDelivery = 0;    ///< earliest end of a next() that delivered an epoch-0 batch
    uint64_t m_startWorkersNs = 0;
    int m_startups = 0;
    /// Per worker generation: its WorkerInit spans' earliest start, latest end and longest span (ns).
    struct InitSpan
    {
        uint64_t first = UINT64_MAX, last = 0, longest = 0;
    };
    std::map<int64_t, InitSpan> m_initByGeneration;
    uint64_t startupNs() const;
    std::vector<uint64_t> m_startWorkersT0; ///< when each StartWorkers span began (one per start)
    uint64_t m_pinNs = 0;
    // queue depth (the main thread's counters, in time order)
    uint64_t m_lastCounterT = 0;
    int64_t m_lastReady = 0;
    double m_readyArea = 0;          ///< batch-seconds
    double m_readySpan = 0;          ///< seconds
    // memory counters (MemoryUsage per process lane, ShmUsage and PinnedMemory on the main lane)
    bool m_memorySeen = false;
    std::vector<LaneMemory> m_workerMemory;
    LaneMemory m_mainMemory;
    uint64_t m_peakSlotsInUse = 0;
    uint64_t m_devShmSize = 0;
    uint64_t m_devShmMinFree = UINT64_MAX;
    uint64_t m_peakPinned = 0;
    uint64_t m_peakShmOwn = 0; ///< ShmOwn's most
    // device
    uint64_t m_copyNs = 0;
    uint64_t m_kernelNs = 0;
    uint64_t m_copyBytes = 0;
    int64_t m_copies = 0;
    int64_t m_pageableCopies = 0;
    int64_t m_kernels = 0;
    uint64_t m_firstKernel = UINT64_MAX;
    uint64_t m_lastKernelEnd = 0;
    uint64_t m_latestKernelStart = 0;
    uint64_t m_lastCopyEnd = 0;
    uint64_t m_overlapNs = 0;        ///< settled copies only
    std::map<uint64_t, uint64_t> m_busy;          ///< merged kernel intervals still needed
    std::deque<std::pair<uint64_t, uint64_t>> m_pendingCopies; ///< copies whose overlap may still grow
};

/** Device-side figures computed from finished copies and kernels. */
struct DeviceMetrics
{
    double copy_s = 0;       ///< total H2D copy time
    double kernel_s = 0;     ///< total step-kernel time
    double overlap_s = 0;    ///< copy time that ran while a step kernel ran
    double step_period_s = 0;///< first kernel start to last kernel end, per kernel
    uint64_t bytes = 0;
    size_t copies = 0;
    size_t kernels = 0;
    size_t pageable_copies = 0;
};
/// The figures of finished copies and kernels, through MetricsAccumulator (tests, trace import).
DeviceMetrics deviceMetrics(const std::vector<DeviceSpan>& spans);

} // namespace loaderscope

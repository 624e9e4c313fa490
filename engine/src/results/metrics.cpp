// SPDX-License-Identifier: MIT
#include "loaderscope/results/metrics.h"

#include <algorithm>
#include <cmath>

namespace loaderscope {

namespace {

constexpr double kNs = 1e-9;
/// Merged kernel intervals kept for copies that may still overlap them; more is pruned (oldest).
constexpr size_t kMaxBusyIntervals = 4096;

uint64_t duration(const Event& e)
{
    return e.t1 > e.t0 ? e.t1 - e.t0 : 0;
}

uint64_t overlapWith(const std::map<uint64_t, uint64_t>& busy, uint64_t a, uint64_t b)
{
    uint64_t total = 0;
    auto it = busy.upper_bound(a);
    if (it != busy.begin())
        --it;
    for (; it != busy.end() && it->first < b; ++it) {
        const uint64_t lo = std::max(it->first, a), hi = std::min(it->second, b);
        if (hi > lo)
            total += hi - lo;
    }
    return total;
}

} // namespace

MetricsAccumulator::MetricsAccumulator(int numWorkers)
    : m_workers(size_t(std::max(0, numWorkers))), m_workerMemory(size_t(std::max(0, numWorkers)))
{
}

bool MetricsAccumulator::haveLane(int16_t lane)
{
    if (lane < 0)
        return false;
    if (size_t(lane) < m_workers.size())
        return true;
    if (size_t(lane) >= m_maxLanes)
        return false;
    m_workers.resize(size_t(lane) + 1);
    m_workerMemory.resize(size_t(lane) + 1);
    return true;
}

uint64_t MetricsAccumulator::startupNs() const
{
    // Each generation: from the main process starting the workers to the last of them ready (its
    // worker_init_fn done). That covers what happens between the two, in the new process before
    // its first instruction of ours: exec, the dynamic loader, a runtime's start-up (a spawned
    // PyTorch worker's interpreter and imports; an instrumented build's own start-up).
    std::vector<uint64_t> starts = m_startWorkersT0;
    std::sort(starts.begin(), starts.end());
    uint64_t total = 0;
    bool matched = !m_initByGeneration.empty();
    for (const auto& [gen, g] : m_initByGeneration) {
        const auto it = std::upper_bound(starts.begin(), starts.end(), g.first);
        if (it == starts.begin() || g.last < *std::prev(it)) {
            matched = false; // a generation whose start was not seen (a probe attached late)
            break;
        }
        total += g.last - *std::prev(it);
    }
    if (matched)
        return total;
    // Without the starts: the main process's StartWorkers spans plus the longest init of each.
    total = m_startWorkersNs;
    for (const auto& [gen, g] : m_initByGeneration)
        total += g.longest;
    return total;
}

void MetricsAccumulator::add(const Event& e)
{
    ++m_events;
    if (e.kind == EventKind::MemoryUsage || e.kind == EventKind::ShmUsage || e.kind == EventKind::PinnedMemory ||
        e.kind == EventKind::ShmOwn) {
        addMemory(e);
        return;
    }
    if (e.kind == EventKind::ProbeCost) {
        (e.arg1 < 0 ? m_probeThreadsNs : m_probeNs) += uint64_t(std::max<int64_t>(0, e.arg0));
        return;
    }
    m_distributions.add(e);
    m_slowSamples.add(e);
    m_loopSteps.add(e);
    const uint64_t d = duration(e);
    if (e.lane >= 0 || e.lane == LaneMain) {
        if (addFetchLaneEvent(e, d))
            return;
    }
    addLoopEvent(e, d);
}

bool MetricsAccumulator::addFetchLaneEvent(const Event& e, uint64_t d)
{
    // Fetching lanes: a worker, or the main thread with num_workers 0.
    LaneTotals* t = nullptr;
    if (e.lane >= 0) {
        if (!haveLane(e.lane))
            return true; // never index with a lane number read from shared memory unchecked
        t = &m_workers[size_t(e.lane)];
    } else {
        t = &m_mainFetch;
    }
    if (e.kind == EventKind::Fetch || e.kind == EventKind::Collate || e.kind == EventKind::WaitTask) {
        m_fetchFirst = std::min(m_fetchFirst, e.t0);
        m_fetchLast = std::max(m_fetchLast, e.t1);
    }
    switch (e.kind) {
    case EventKind::WorkerStart:
        if (e.t0 >= t->pidTime) {
            t->pid = e.arg0;
            t->pidTime = e.t0;
        }
        if (e.lane >= 0) {
            // Samples taken before this process started belong to the one before it.
            LaneMemory& m = m_workerMemory[size_t(e.lane)];
            if (m.trend.n > 0 && m.lastT < e.t0)
                m.newProcess();
        }
        return true;
    case EventKind::Fetch: {
        // arg1: the samples this span stands for, each taking its time (the probe records
        // 1 sample in N with arg1 = N when asked to); 0 or 1: the span itself.
        const int64_t n = std::max<int64_t>(1, e.arg1);
        t->fetchNs += d * uint64_t(n);
        t->samples += n;
        return true;
    }
    case EventKind::Collate:
        t->collateNs += d;
        ++t->collates;
        return true;
    case EventKind::BatchCost:
        t->cpuNs += uint64_t(std::max<int64_t>(0, e.arg0));
        t->runqNs += uint64_t(std::max<int64_t>(0, e.arg1));
        // batch -1: a task that made no batch (the probe's iterable end of stream); its CPU counts
        t->batches += e.batch >= 0 ? 1 : 0;
        return true;
    case EventKind::WaitTask:
        t->idleNs += d;
        return true;
    case EventKind::PassCost:
        if (e.lane < 0)
            break; // the main thread's receive: the loop's CPU (addLoopEvent)
        t->sendCpuNs += uint64_t(std::max<int64_t>(0, e.arg0));
        return true;
    case EventKind::WorkerInit: {
        InitSpan& g = m_initByGeneration[e.arg1];
        g.first = std::min(g.first, e.t0);
        g.last = std::max(g.last, e.t1);
        g.longest = std::max(g.longest, d);
        return true;
    }
    default:
        break;
    }
    return e.lane >= 0;
}

void MetricsAccumulator::addLoopEvent(const Event& e, uint64_t d)
{
    switch (e.kind) {
    case EventKind::WaitData:
        if (m_loopBegin == 0 || e.t0 < m_loopBegin)
            m_loopBegin = e.t0;
        m_loopEnd = std::max(m_loopEnd, e.t1);
        m_waitNs += d;
        if (e.batch >= 0) {
            ++m_batches;
            noteDelivery(e.batch, e.t0, e.t1);
            m_samples += std::max<int64_t>(0, e.arg1);
            if (batchKeyEpoch(e.batch) == 0 && (m_firstDelivery == 0 || e.t1 < m_firstDelivery))
                m_firstDelivery = e.t1;
        }
        return;
    case EventKind::PassCost:
    case EventKind::StepCost:
    case EventKind::ThreadsCost:
        if (e.lane == LaneMain)
            m_mainCpuNs += uint64_t(std::max<int64_t>(0, e.arg0));
        return;
    case EventKind::HandOverWait:
        m_handOverNs += uint64_t(std::max<int64_t>(0, e.arg0));
        return;
    case EventKind::Step:
        m_stepNs += d;
        m_loopEnd = std::max(m_loopEnd, e.t1);
        return;
    case EventKind::HostBlocked:
        m_blockedNs[int(hostBlockFrom(e.arg0))] += d;
        m_loopEnd = std::max(m_loopEnd, e.t1);
        return;
    case EventKind::HeadOfLine:
        m_holNs += d;
        m_longestHolNs = std::max(m_longestHolNs, d);
        return;
    case EventKind::EpochBegin:
        if (e.arg0 == 0 && (m_epoch0Begin == 0 || e.t0 < m_epoch0Begin))
            m_epoch0Begin = e.t0;
        newIteration();
        return;
    case EventKind::StartWorkers:
        m_startWorkersNs += d;
        m_startWorkersT0.push_back(e.t0);
        ++m_startups;
        return;
    case EventKind::QueueDepth:
        // Written by the main thread in time order: the ready count holds until the next sample.
        if (m_lastCounterT != 0 && e.t0 >= m_lastCounterT) {
            const double dt = double(e.t0 - m_lastCounterT) * kNs;
            m_readyArea += double(m_lastReady) * dt;
            m_readySpan += dt;
        }
        m_lastCounterT = e.t0;
        m_lastReady = e.arg0;
        return;
    case EventKind::PinCopy:
        if (e.lane == LanePin)
            m_pinNs += d;
        return;
    case EventKind::H2DCopy:
    case EventKind::Kernel:
        addDevice(e);
        return;
    default:
        return;
    }
}

void MetricsAccumulator::addDevice(const Event& e)
{
    const uint64_t d = duration(e);
    if (e.kind == EventKind::H2DCopy) {
        m_copyNs += d;
        m_copyBytes += uint64_t(std::max<int64_t>(0, e.arg0));
        ++m_copies;
        m_pageableCopies += e.arg1 == 0 ? 1 : 0;
        m_pendingCopies.emplace_back(e.t0, e.t1);
        m_lastCopyEnd = std::max(m_lastCopyEnd, e.t1);
        settleCopies(m_latestKernelStart);
        return;
    }
    m_kernelNs += d;
    ++m_kernels;
    m_firstKernel = std::min(m_firstKernel, e.t0);
    m_lastKernelEnd = std::max(m_lastKernelEnd, e.t1);
    m_latestKernelStart = std::max(m_latestKernelStart, e.t0);
    // Merge into the disjoint busy intervals.
    uint64_t a = e.t0, b = e.t1;
    auto it = m_busy.upper_bound(a);
    if (it != m_busy.begin() && std::prev(it)->second >= a)
        --it;
    while (it != m_busy.end() && it->first <= b) {
        a = std::min(a, it->first);
        b = std::max(b, it->second);
        it = m_busy.erase(it);
    }
    m_busy.emplace(a, b);
    // Kernels run one after another on their stream: none that arrives later starts before this
    // one, so copies that ended before it started can overlap nothing more.
    settleCopies(m_latestKernelStart);
}

void MetricsAccumulator::settleCopies(uint64_t upTo)
{
    uint64_t keepFrom = UINT64_MAX;
    for (auto it = m_pendingCopies.begin(); it != m_pendingCopies.end();) {
        if (it->second <= upTo) {
            m_overlapNs += overlapWith(m_busy, it->first, it->second);
            it = m_pendingCopies.erase(it);
        } else {
            keepFrom = std::min(keepFrom, it->first);
            ++it;
        }
    }
    // Intervals that end before every pending copy and before the last copy seen are not needed
    // again: copies run one after another on the copy engine, so later ones start after it.
    const uint64_t horizon = std::min(keepFrom, m_lastCopyEnd);
    while (!m_busy.empty() && (m_busy.begin()->second < horizon || m_busy.size() > kMaxBusyIntervals))
        m_busy.erase(m_busy.begin());
}

WorkerFigures MetricsAccumulator::laneFigures(int id, const LaneTotals& t, double seconds)
{
    WorkerFigures w;
    w.worker = id;
    w.pid = t.pid;
    w.samples = t.samples;
    w.batches = t.batches > 0 ? t.batches : t.collates;
    if (seconds <= 0)
        return w;
    const double busy = double(t.fetchNs + t.collateNs) * kNs;
    const double cpu = double(t.cpuNs) * kNs;
    const double runq = double(t.runqNs) * kNs;
    // A lane's spans are disjoint and lie inside `seconds` (fetchWindowSeconds), so busy + idle
    // <= 1; only 1-in-N sampled fetches (arg1 = N) can overshoot: busy is capped at what idle leaves.
    w.idle_fraction = std::min(1.0, double(t.idleNs) * kNs / seconds);
    w.busy_fraction = std::min(1.0 - w.idle_fraction, busy / seconds);
    w.cpu_fraction = std::min(1.0, cpu / seconds);
    w.cpu_wait_fraction = std::min(1.0, runq / seconds);
    w.io_fraction = std::max(0.0, w.busy_fraction - w.cpu_fraction - w.cpu_wait_fraction);
    w.send_cpu_fraction = std::min(1.0, double(t.sendCpuNs) * kNs / seconds);
    return w;
}

double MetricsAccumulator::fetchWindowSeconds() const
{
    if (m_loopEnd <= m_loopBegin || m_loopBegin == 0)
        return 0.0;
    const uint64_t begin = std::min(m_loopBegin, m_fetchFirst), end = std::max(m_loopEnd, m_fetchLast);
    return double(end - begin) * kNs;
}

void setLoopFigures(RunFigures& f, int64_t samples, int64_t batches, uint64_t loopNs, uint64_t waitNs)
{
    f.samples = samples;
    f.batches = batches;
    f.seconds = double(loopNs) * kNs;
    if (f.seconds <= 0)
        return;
    f.samples_per_s = double(samples) / f.seconds;
    f.batches_per_s = double(batches) / f.seconds;
    f.data_stall_fraction = std::min(1.0, double(waitNs) * kNs / f.seconds);
}

void MetricsAccumulator::newIteration()
{
    if (!m_iterations.empty()) {
        const Iteration& last = m_iterations.back();
        if (last.runs.empty())
            return; // nothing delivered since the last one began
        RunFigures f;
        number(last, f);
        if (f.unseen.empty()) { // whole: only its count is kept
            m_numberedDone += f.batches_numbered;
            m_iterations.pop_back();
        }
    }
    m_iterations.push_back({m_lastDeliveryEnd, {}});
}

void MetricsAccumulator::noteDelivery(int64_t key, uint64_t t0, uint64_t t1)
{
    if (m_iterations.empty())
        newIteration();
    auto contains = [](const std::map<int64_t, SeenRun>& runs, int64_t k) {
        auto at = runs.upper_bound(k);
        return at != runs.begin() && k <= std::prev(at)->second.last;
    };
    if (contains(m_iterations.back().runs, key))
        newIteration(); // a batch number seen again: another iteration, its beginning not seen
    m_lastDeliveryEnd = std::max(m_lastDeliveryEnd, t1);
    std::map<int64_t, SeenRun>& runs = m_iterations.back().runs;
    // Keys of one epoch are consecutive integers (batchKey): a run grows at either end, and two
    // runs whose hole this key closes become one.
    auto next = runs.upper_bound(key);
    if (next != runs.begin()) {
        auto prev = std::prev(next);
        if (key == prev->second.last + 1) {
            prev->second.last = key;
            prev->second.t1 = std::max(prev->second.t1, t1);
            if (next != runs.end() && next->first == key + 1) {
                prev->second.last = next->second.last;
                prev->second.t1 = std::max(prev->second.t1, next->second.t1);
                runs.erase(next);
            }
            return;
        }
    }
    if (next != runs.end() && next->first == key + 1) {
        const SeenRun grown{next->second.last, std::min(next->second.t0, t0), next->second.t1};
        runs.erase(next);
        runs.emplace(key, grown);
        return;
    }
    runs.emplace(key, SeenRun{key, t0, t1});
}

void MetricsAccumulator::number(const Iteration& it, RunFigures& f)
{
    uint64_t before = it.before;
    int epoch = -1;
    int64_t expected = 0; // the next batch number of `epoch`
    for (const auto& [first, run] : it.runs) {
        if (batchKeyEpoch(first) != epoch) {
            f.batches_numbered += expected;
            epoch = batchKeyEpoch(first);
            expected = 0;
        }
        const int64_t task = batchKeyTask(first);
        if (task > expected)
            f.unseen.push_back({epoch, expected, task - 1, before, run.t0});
        expected = batchKeyTask(run.last) + 1;
        before = run.t1;
    }
    f.batches_numbered += expected;
}

void MetricsAccumulator::batchNumbering(RunFigures& f) const
{
    f.batches_numbered += m_numberedDone;
    for (const Iteration& it : m_iterations)
        number(it, f);
}

RunFigures MetricsAccumulator::figures() const
{
    RunFigures f;
    setLoopFigures(f, m_samples, m_batches, m_loopEnd > m_loopBegin && m_loopBegin != 0 ? m_loopEnd - m_loopBegin : 0,
                   m_waitNs);
    batchNumbering(f);
    f.distributions = m_distributions.figures();
    f.slowest_samples = m_slowSamples.slowest();
    f.repeating_slowdowns = findRepeatingSlowdowns(m_loopSteps.steps(), !m_loopSteps.decimated());
    f.repeating_steps = int64_t(m_loopSteps.total());
    f.repeating_partial = m_loopSteps.decimated();
    const double s = f.seconds;
    if (m_epoch0Begin != 0 && m_firstDelivery > m_epoch0Begin)
        f.first_batch_s = double(m_firstDelivery - m_epoch0Begin) * kNs;
    f.step_s = double(m_stepNs) * kNs;
    deviceFigures(f);
    f.startup_s = double(startupNs()) * kNs;
    f.startups = m_startups;
    f.mean_ready_batches = m_readySpan > 0 ? m_readyArea / m_readySpan : 0.0;
    f.longest_head_of_line_s = double(m_longestHolNs) * kNs;
    perSampleFigures(f);
    // Worker figures are shares of the fetching lanes' window, not of the loop alone: the idle
    // time before the first next() and after the last one is in their sums (a short run's
    // workers wait longer for the others to start than the loop lasts).
    const double window = fetchWindowSeconds();
    for (size_t w = 0; w < m_workers.size(); ++w)
        f.workers.push_back(laneFigures(int(w), m_workers[w], window));
    if (m_mainFetch.samples > 0)
        f.main_fetch = laneFigures(-1, m_mainFetch, window);
    if (m_memorySeen)
        f.memory = memoryFigures();
    if (s <= 0)
        return f;
    f.head_of_line_fraction = std::min(1.0, double(m_holNs) * kNs / s);
    f.gpu_busy_fraction = std::min(1.0, f.kernel_s / s);
    f.pageable_blocked_fraction = std::min(1.0, double(m_blockedNs[int(HostBlock::PageableStaging)]) * kNs / s);
    f.sync_copy_blocked_fraction = std::min(1.0, double(m_blockedNs[int(HostBlock::SyncCopy)]) * kNs / s);
    f.host_blocked_fraction = std::min(1.0, f.pageable_blocked_fraction + f.sync_copy_blocked_fraction);
    f.host_waits_for_gpu_fraction = std::min(1.0, double(m_blockedNs[int(HostBlock::DeviceBuffers)]) * kNs / s);
    f.pin_busy_fraction = std::min(1.0, double(m_pinNs) * kNs / s);
    // CPU seconds per loop second: more than 1 where the step's other threads ran beside it.
    f.main_cpu_fraction = double(m_mainCpuNs) * kNs / s;
    // The whole job's CPU over the same loop seconds (the workers' shares above are of the wider
    // fetching window: summed with the loop's they would undercount a short run's workers).
    uint64_t jobNs = m_mainCpuNs + m_mainFetch.cpuNs;
    for (const LaneTotals& t : m_workers)
        jobNs += t.cpuNs + t.sendCpuNs;
    f.job_cpu_fraction = double(jobNs) * kNs / s;
    f.probe_hooks_cpu_s = double(m_probeNs) * kNs;
    f.probe_threads_cpu_s = double(m_probeThreadsNs) * kNs;
    f.handover_wait_fraction = std::min(1.0, double(m_handOverNs) * kNs / s);
    return f;
}

void MetricsAccumulator::deviceFigures(RunFigures& f) const
{
    f.copy_s = double(m_copyNs) * kNs;
    f.kernel_s = double(m_kernelNs) * kNs;
    f.copies = m_copies;
    f.pageable_copies = m_pageableCopies;
    if (m_copyNs > 0) {
        uint64_t overlap = m_overlapNs;
        for (const auto& [a, b] : m_pendingCopies)
            overlap += overlapWith(m_busy, a, b);
        f.overlap_fraction = std::min(1.0, double(overlap) / double(m_copyNs));
        f.h2d_gbps = double(m_copyBytes) / double(m_copyNs);
    }
    if (m_kernels > 1)
        f.step_period_s = double(m_lastKernelEnd - m_firstKernel) * kNs / double(m_kernels);
}

void MetricsAccumulator::perSampleFigures(RunFigures& f) const
{
    // Per-sample costs over every lane that fetched (workers, or the main thread).
    uint64_t busyNs = 0, cpuNs = 0, runqNs = 0;
    int64_t fetched = 0;
    auto sum = [&](const LaneTotals& t) {
        busyNs += t.fetchNs + t.collateNs;
        cpuNs += t.cpuNs;
        runqNs += t.runqNs;
        fetched += t.samples;
    };
    for (const LaneTotals& t : m_workers)
        sum(t);
    sum(m_mainFetch);
    if (fetched > 0) {
        const double n = double(fetched);
        f.cpu_s_per_sample = double(cpuNs) * kNs / n;
        f.cpu_wait_s_per_sample = double(runqNs) * kNs / n;
        f.io_s_per_sample = std::max(0.0, double(busyNs) - double(cpuNs) - double(runqNs)) * kNs / n;
    }
}

DeviceMetrics deviceMetrics(const std::vector<DeviceSpan>& spans)
{
    // One definition of every device figure: MetricsAccumulator's, fed in completion order.
    std::vector<Event> events;
    events.reserve(spans.size());
    for (const DeviceSpan& s : spans) {
        Event e;
        e.kind = s.kind;
        e.t0 = s.t0;
        e.t1 = s.t1;
        e.arg0 = int64_t(s.bytes);
        e.arg1 = s.pinned ? 1 : 0;
        e.lane = s.kind == EventKind::Kernel ? LaneCompute : LaneCopy;
        events.push_back(e);
    }
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.t1 < b.t1; });
    MetricsAccumulator acc;
    acc.add(events);
    const RunFigures f = acc.figures();
    DeviceMetrics m;
    m.copy_s = f.copy_s;
    m.kernel_s = f.kernel_s;
    m.overlap_s = f.overlap_fraction ? *f.overlap_fraction * f.copy_s : 0.0;
    m.step_period_s = f.step_period_s.value_or(0.0);
    for (const DeviceSpan& s : spans)
        m.bytes += s.kind == EventKind::H2DCopy ? s.bytes : 0;
    m.copies = size_t(f.copies);
    m.kernels = 0;
    for (const DeviceSpan& s : spans)
        m.kernels += s.kind == EventKind::Kernel ? 1 : 0;
    m.pageable_copies = size_t(f.pageable_copies);
    return m;
}

} // namespace loaderscope

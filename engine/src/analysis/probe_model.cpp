// SPDX-License-Identifier: MIT
#include "loaderscope/analysis/probe_model.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>

namespace loaderscope {

namespace {

constexpr double kUs = 1e-3; // ns -> us
constexpr double kLogFloorUs = 1.0; // below a microsecond the log of a duration is clock noise
/// A sample's off-CPU time below this share of its fetch fits as none (fitConfig).
constexpr double kNoIoShare = 0.03;
/// Hand-overs (and batch windows) kept to split busy from idle: plenty for two means.
constexpr size_t kMaxHandOvers = 20'000;

/// Busy hand-overs (and idle ones, as the baseline) needed before their means are trusted.
constexpr int64_t kMinHandOvers = 8;
/// A message of a busy hand-over that waits this much less for the worker's GIL than a
/// pure-Python worker would make it wait (microseconds) says the worker's code lets it go.
constexpr double kReleaseEvidenceUs = 100.0;

/**
 * loader.gil_release_every_us: how much of the worker's CPU runs between release points of its
 * GIL, from the job's hand-overs that found the worker busy. A pure-Python dataset holds the GIL
 * for all of its CPU: with no I/O each message waits about a switch interval; with I/O, about
 * half a sample's CPU when it finds the worker on its CPU. A dataset whose CPU is mostly C code
 * that lets the GIL go (PIL, torch ops) answers each message far sooner: the held run left at
 * the message's arrival, on the CPU share of the busy window. 0 (pure Python) unless the job's
 * messages wait clearly less than that.
 */
double fitGilReleaseEvery(const LoaderObservation& o, const DatasetConfig& d, const LoaderConfig& l)
{
    if (o.handovers_busy < kMinHandOvers || d.cpu_us <= 0)
        return 0;
    // Beyond what a hand-over with a free GIL costs: an idle worker's, or both sides' CPU.
    const double base = o.handovers_idle >= kMinHandOvers ? o.handover_idle_us : 2 * o.handover_cpu_us;
    const double perMessage = std::max(0.0, o.handover_busy_us - base) / double(std::max(1, l.handover_rounds));
    const double onCpu = d.cpu_us / (d.cpu_us + d.io_latency.mean_us);
    const double pure = d.io_latency.mean_us > 0 ? onCpu * d.cpu_us / 2 : l.gil_switch_interval_us;
    if (pure - perMessage < kReleaseEvidenceUs)
        return 0;
    // No shorter than the engine's looks (20 us of CPU); a run as long as a sample is no release.
    const double run = std::max(20.0, perMessage / onCpu);
    return run < d.cpu_us ? run : 0;
}

} // namespace

void ObservationAccumulator::Moments::add(double us, double weight)
{
    w += weight;
    sum += us * weight;
    if (us > kLogFloorUs) {
        const double l = std::log(us);
        lw += weight;
        lsum += l * weight;
        lsq += l * l * weight;
    }
}

LognormalFit ObservationAccumulator::Moments::fit() const
{
    LognormalFit f;
    f.n = int64_t(w);
    if (w <= 0)
        return f;
    f.mean_us = sum / w; // the arithmetic mean: what the engine's lognormal takes as its mean
    if (lw > 1) {
        const double m = lsum / lw;
        f.sigma = std::sqrt(std::max(0.0, lsq / lw - m * m));
    }
    return f;
}

void ObservationAccumulator::Side::close(OpenBatch&& b, double cpuUs, double runqUs, uint64_t endNs, bool first)
{
    int64_t n = b.collate_samples;
    if (n <= 0) {
        n = 0;
        for (const auto& f : b.fetches)
            n += f.second;
    }
    if (n <= 0)
        return; // an empty batch (the end of an iterable dataset)
    // Collate is CPU work: its wall time (at most the batch's CPU) is not fetch CPU.
    const double fetchCpu = std::max(0.0, cpuUs - std::min(cpuUs, b.collate_us)) / double(n);
    const double runqPer = runqUs / double(n);
    for (const auto& [wall, weight] : b.fetches) {
        fetch.add(wall, double(weight));
        io.add(std::max(0.0, wall - fetchCpu - runqPer), double(weight));
    }
    // Off the CPU and not waiting for a core, over the whole batch (the thread's CPU and run-queue
    // clocks cover it from its first fetch to its BatchCost, gaps between spans included): per
    // sample, the estimates above are clipped at 0 one by one, so a CPU-bound sample's scatter (one
    // preempted, the next not) would add up to I/O that no sample did.
    if (b.first_t0 && endNs > b.first_t0)
        off_cpu_us += std::max(0.0, double(endNs - b.first_t0) * kUs - cpuUs - runqUs);
    cpu_us += cpuUs;
    runq_us += runqUs;
    collate_us += b.collate_us;
    samples += n;
    ++batches;
    if (first) {
        first_cpu_us += cpuUs;
        first_samples += n;
        ++firsts;
    }
}

void ObservationAccumulator::addBatchPart(Side& side, const Event& e, double dur)
{
    if (e.kind == EventKind::Fetch) {
        OpenBatch& b = side.open[e.lane];
        b.fetches.emplace_back(dur, std::max<int64_t>(1, e.arg1));
        if (!b.first_t0 || e.t0 < b.first_t0)
            b.first_t0 = e.t0;
    } else if (e.kind == EventKind::Collate) {
        side.open[e.lane].collate_us += dur;
        side.open[e.lane].collate_samples = e.arg0;
    } else if (auto it = side.open.find(e.lane); it != side.open.end()) {
        // A lane's batch ends with its BatchCost: its fetches and collate came before it.
        const bool first = e.lane >= 0 && m_coldLanes.erase(e.lane) > 0;
        side.close(std::move(it->second), double(e.arg0) * kUs, double(e.arg1) * kUs, e.t0, first);
        side.open.erase(it);
    }
}

void ObservationAccumulator::MainCost::add(const MainCost& c)
{
    receive_us += c.receive_us;
    handover_us += c.handover_us;
    handovers += c.handovers;
}

void ObservationAccumulator::addMainCost(const MainCost& c)
{
    if (m_firstKeys.count(c.key))
        m_firstSum.add(c);
    else if (m_lastMain.key == c.key)
        m_lastMain.add(c);
    else
        m_lastMain = c;
}

void ObservationAccumulator::add(const Event& e)
{
    const double dur = double(e.t1 > e.t0 ? e.t1 - e.t0 : 0) * kUs;
    Side* side = e.lane >= 0 ? &m_workers : e.lane == LaneMain ? &m_main : nullptr;
    switch (e.kind) {
    case EventKind::BatchCost:
        // A worker's batch window opens at its first fetch (closed below by addBatchPart).
        if (e.lane >= 0 && m_windowsKept < 4 * kMaxHandOvers) {
            if (auto it = m_workers.open.find(e.lane); it != m_workers.open.end() && it->second.first_t0) {
                m_windows[e.lane].emplace_back(it->second.first_t0, e.t0);
                ++m_windowsKept;
            }
        }
        [[fallthrough]];
    case EventKind::Fetch:
    case EventKind::Collate:
        if (side)
            addBatchPart(*side, e, dur);
        break;
    case EventKind::HandOverWait:
        if (e.lane == LaneMain && e.arg1 > 0) {
            m_handOverCalls += e.arg1;
            if (m_handOvers.size() < kMaxHandOvers) {
                HandOver& h = m_handOvers[e.batch];
                const uint64_t ns = uint64_t(std::max<int64_t>(0, e.arg0));
                h.asked_ns = e.t0 > ns ? e.t0 - ns : 0;
                h.wait_us = double(ns) * kUs;
                h.calls = e.arg1;
                if (auto w = m_batchWorker.find(e.batch); w != m_batchWorker.end()) {
                    h.worker = w->second;
                    m_batchWorker.erase(w);
                }
            }
        }
        break;
    case EventKind::HandOverCost:
        // Written right after its HandOverWait (the probe's and the engine's alike).
        if (e.lane == LaneMain && e.arg1 > 0) {
            const double cpu = double(std::max<int64_t>(0, e.arg0)) * kUs;
            m_handOverCpu += cpu;
            m_handOverCpuCalls += e.arg1;
            addMainCost({e.batch, 0, cpu, e.arg1});
        }
        break;
    case EventKind::Step:
        if (e.lane == LaneMain && e.batch >= 0) {
            m_stepSum += dur;
            ++m_steps;
        }
        break;
    case EventKind::QueueDepth:
        if (e.lane == LaneMain)
            m_readyBefore = e.arg0;
        break;
    case EventKind::WaitData:
        // next() with a batch already waiting: what it costs the main process to take one
        // (unpickling, shared-memory handles), with no waiting in it.
        if (e.lane == LaneMain && e.batch >= 0 && e.arg0 >= 0) {
            ++m_workerBatches;
            if (m_unreceived.erase(int(e.arg0)) > 0) {
                if (m_lastMain.key == e.batch) {
                    ++m_firstReceives; // its PassCost came first (the engine's order)
                    m_firstSum.add(m_lastMain);
                } else if (m_firstKeys.size() < kMaxHandOvers) {
                    m_firstKeys.insert(e.batch);
                }
            }
            if (auto h = m_handOvers.find(e.batch); h != m_handOvers.end())
                h->second.worker = int(e.arg0);
            else if (m_batchWorker.size() < kMaxHandOvers)
                m_batchWorker[e.batch] = int(e.arg0);
        }
        if (e.lane == LaneMain) {
            if (e.batch >= 0 && m_readyBefore > 0) {
                m_readySum += dur;
                ++m_readyN;
            }
            m_readyBefore = 0;
        }
        break;
    case EventKind::EpochBegin:
        if (e.lane == LaneMain)
            m_epochBegin = e.t0;
        break;
    case EventKind::PassCost:
        if (e.lane >= 0) {
            m_sendCpu += double(std::max<int64_t>(0, e.arg0)) * kUs;
            ++m_sends;
        } else if (e.lane == LaneMain) {
            const double cpu = double(std::max<int64_t>(0, e.arg0)) * kUs;
            m_receiveCpu += cpu;
            ++m_receives;
            if (m_firstKeys.count(e.batch))
                ++m_firstReceives; // its WaitData came first (the probe's order)
            addMainCost({e.batch, cpu, 0, 0});
        }
        break;
    case EventKind::StepCost:
        if (e.lane == LaneMain) {
            m_stepCpu += double(std::max<int64_t>(0, e.arg0)) * kUs;
            if (e.arg1 >= 0) { // -1: not measured for this step
                m_stepRunq += double(e.arg1) * kUs;
                ++m_stepRunqs;
            }
            ++m_stepCosts;
        }
        break;
    case EventKind::ThreadsCost:
        if (e.lane == LaneMain) {
            m_threadsCpu += double(std::max<int64_t>(0, e.arg0)) * kUs;
            m_threadsCosts += std::max<int64_t>(1, e.arg1); // the steps it covers (0: one)
        }
        break;
    case EventKind::Kernel:
        ++m_kernels;
        break;
    case EventKind::StartWorkers:
        if (e.lane == LaneMain && e.arg0 > 0 && e.arg1 > 0) {
            m_startCpu += double(e.arg1) * kUs;
            m_startsCosted += e.arg0;
        }
        break;
    case EventKind::WorkerInitCost:
        if (e.lane >= 0) {
            m_initCpu += double(std::max<int64_t>(0, e.arg0)) * kUs;
            m_initRunq += double(std::max<int64_t>(0, e.arg1)) * kUs;
            ++m_initCosts;
        }
        break;
    case EventKind::Shutdown:
        if (e.lane == LaneMain && e.arg0 > 0) {
            m_exitSum += dur / double(e.arg0);
            ++m_exits;
        }
        break;
    case EventKind::WorkerInit:
        if (e.lane >= 0) {
            m_coldLanes.insert(e.lane); // its next batch is its first
            m_unreceived.insert(e.lane);
        }
        // From iter(loader) to this worker ready to fetch: process start, the job's imports in a
        // spawned worker, worker_init_fn, the fetcher. The engine pays its own (small) process
        // start on top of worker_init_us.
        if (m_epochBegin && e.t1 > m_epochBegin) {
            m_initSum += double(e.t1 - m_epochBegin) * kUs;
            ++m_inits;
        }
        break;
    default:
        break;
    }
}

void ObservationAccumulator::finish(LoaderObservation& obs) const
{
    const Side& s = m_workers.batches > 0 || m_workers.fetch.w > 0 ? m_workers : m_main;
    obs.fetch_us = s.fetch.fit();
    obs.io_us = s.io.fit();
    obs.io_us.mean_us = s.samples ? s.off_cpu_us / double(s.samples) : obs.io_us.mean_us;
    obs.cpu_us_per_sample = s.samples ? s.cpu_us / double(s.samples) : 0;
    obs.run_queue_us_per_sample = s.samples ? s.runq_us / double(s.samples) : 0;
    obs.collate_us_per_batch = s.batches ? s.collate_us / double(s.batches) : 0;
    obs.batches_costed = s.batches;
    obs.steps = m_steps;
    obs.step_us = m_steps ? m_stepSum / double(m_steps) : 0;
    obs.next_ready_us = m_readyN ? m_readySum / double(m_readyN) : 0;
    obs.next_ready_n = m_readyN;
    obs.worker_init_us = m_inits ? m_initSum / double(m_inits) : 0;
    obs.worker_start_cpu_us = m_startsCosted ? m_startCpu / double(m_startsCosted) : 0;
    obs.worker_starts_costed = m_startsCosted;
    obs.worker_init_cpu_us = m_initCosts ? m_initCpu / double(m_initCosts) : 0;
    obs.worker_init_run_queue_us = m_initCosts ? m_initRunq / double(m_initCosts) : 0;
    obs.worker_inits_costed = m_initCosts;
    obs.worker_exit_us = m_exits ? m_exitSum / double(m_exits) : 0;
    obs.worker_exits = m_exits;
    // Warm-up: a new worker's first batch against the later ones, per sample; what it costs
    // beyond them is a cost of the worker's start (the engine burns it once per worker), not of
    // every sample.
    if (&s == &m_workers && s.firsts > 0 && s.samples > s.first_samples) {
        const double later = (s.cpu_us - s.first_cpu_us) / double(s.samples - s.first_samples);
        const double extra = std::max(0.0, s.first_cpu_us - later * double(s.first_samples));
        obs.worker_warmup_cpu_us = extra / double(s.firsts);
        obs.worker_warmups = s.firsts;
        obs.cpu_us_per_sample = std::max(0.0, (s.cpu_us - extra) / double(s.samples));
    }
    obs.step_cpu_us = m_stepCosts ? m_stepCpu / double(m_stepCosts) : 0;
    obs.step_run_queue_us = m_stepRunqs ? m_stepRunq / double(m_stepRunqs) : 0;
    obs.steps_costed = m_stepCosts;
    obs.threads_cpu_us = m_threadsCosts ? m_threadsCpu / double(m_threadsCosts) : 0;
    obs.threads_costed = m_threadsCosts;
    obs.device_step = m_kernels > 0;
    obs.send_cpu_us = m_sends ? m_sendCpu / double(m_sends) : 0;
    obs.sends_costed = m_sends;
    obs.receive_cpu_us = m_receives ? m_receiveCpu / double(m_receives) : 0;
    obs.receives_costed = m_receives;
    finishHandOvers(obs);
    // The first receive from each new worker against the later ones: what it costs beyond them
    // is a cost of the worker's start, paid once per worker by the loop (fitConfig), not of every
    // batch. A watch with no later receive keeps the plain means.
    if (m_firstReceives > 0 && m_receives > m_firstReceives) {
        const double later = (m_receiveCpu - m_firstSum.receive_us) / double(m_receives - m_firstReceives);
        obs.receive_cpu_us = std::max(0.0, later);
        obs.first_receive_cpu_us =
            std::max(0.0, m_firstSum.receive_us - later * double(m_firstReceives)) / double(m_firstReceives);
        obs.first_receives = m_firstReceives;
        if (m_handOverCpuCalls > m_firstSum.handovers && m_firstSum.handovers > 0)
            obs.handover_cpu_us = std::max(0.0, m_handOverCpu - m_firstSum.handover_us) /
                                  double(m_handOverCpuCalls - m_firstSum.handovers);
    }
}

void ObservationAccumulator::finishHandOvers(LoaderObservation& obs) const
{
    obs.handovers_per_batch = m_workerBatches ? double(m_handOverCalls) / double(m_workerBatches) : 0;
    double busyUs = 0, idleUs = 0;
    int64_t busy = 0, idle = 0;
    for (const auto& [key, h] : m_handOvers) {
        const auto w = m_windows.find(h.worker);
        if (h.worker < 0 || w == m_windows.end() || w->second.empty())
            continue;
        const auto& windows = w->second;
        // The windows kept may end before this request: then it cannot be told apart.
        if (m_windowsKept >= 4 * kMaxHandOvers && h.asked_ns > windows.back().second)
            continue;
        // The last window that opened at or before the request: the worker was busy if it was open.
        auto it = std::upper_bound(windows.begin(), windows.end(), h.asked_ns,
                                   [](uint64_t t, const auto& win) { return t < win.first; });
        const bool inside = it != windows.begin() && std::prev(it)->second >= h.asked_ns;
        (inside ? busyUs : idleUs) += h.wait_us;
        (inside ? busy : idle) += h.calls;
    }
    obs.handover_busy_us = busy ? busyUs / double(busy) : 0;
    obs.handovers_busy = busy;
    obs.handover_idle_us = idle ? idleUs / double(idle) : 0;
    obs.handovers_idle = idle;
    obs.handover_cpu_us = m_handOverCpuCalls ? m_handOverCpu / double(m_handOverCpuCalls) : 0;
    obs.handovers_cpu_costed = m_handOverCpuCalls;
}

void observeTimings(const std::vector<Event>& events, LoaderObservation& obs)
{
    ObservationAccumulator a;
    for (const Event& e : events)
        a.add(e);
    a.finish(obs);
}

Config fitConfig(const LoaderObservation& o)
{
    Config c;
    DatasetConfig& d = c.dataset;
    d.kind = o.iterable ? DatasetConfig::Kind::Iterable : DatasetConfig::Kind::Map;
    d.shard = o.iterable; // a real iterable dataset split by worker id (else workers duplicate it)
    const int64_t perEpoch = std::max<int64_t>(1, o.samples_per_epoch);
    d.length = o.iterable || !o.dataset_length || *o.dataset_length < 1 ? perEpoch : *o.dataset_length;
    d.sample_bytes = std::clamp<int64_t>(o.sample_bytes, 1, int64_t(1) << 30);
    // Off-CPU time per sample: lognormal when it varies, a constant when it is (nearly) none. A
    // worker's fetch thread also waits off the CPU for the GIL while the queue's feeder thread
    // pickles the previous batch: at most that send CPU, which the model charges on the fetching
    // thread already (send_cpu_us), so it is not I/O. Below kNoIoShare of the fetch what is left
    // is clock and accounting noise of a CPU-bound dataset.
    const double perSample = double(std::max<int64_t>(1, o.batch_size.value_or(1)));
    const double ioUs = std::max(0.0, o.io_us.mean_us - (o.num_workers > 0 ? o.send_cpu_us / perSample : 0.0));
    const bool io = ioUs >= 2.0 && ioUs > kNoIoShare * o.fetch_us.mean_us;
    if (io && o.io_us.sigma > 0.05)
        d.io_latency = {Latency::Dist::Lognormal, ioUs, std::min(o.io_us.sigma, 5.0)};
    else
        d.io_latency = {Latency::Dist::Constant, io ? ioUs : 0.0, 0.0};
    d.cpu_us = std::max(0.0, o.cpu_us_per_sample);

    LoaderConfig& l = c.loader;
    l.batch_size = o.batch_size;
    l.shuffle = !o.iterable && !o.sampler && o.shuffle;
    l.drop_last = o.drop_last;
    if (o.sampler && !o.iterable)
        l.sampler = o.sampler;
    l.num_workers = std::clamp(o.num_workers, 0, 64);
    l.prefetch_factor = std::max(1, o.prefetch_factor);
    l.persistent_workers = o.persistent_workers && l.num_workers > 0;
    l.pin_memory = o.pin_memory ? PinMemory::On : PinMemory::Off;
    l.in_order = o.in_order;
    l.timeout_s = l.num_workers > 0 ? o.timeout_s : 0.0;
    l.start_method = o.start_method == "spawn" || o.start_method == "forkserver" ? StartMethod::Spawn : StartMethod::Fork;
    l.worker_init_us = std::max(0.0, o.worker_init_us);
    if (l.num_workers > 0) {
        // Starting and ending workers, as CPU where the job spends it: with many workers on few
        // cores they contend (each of a large interpreter's workers costs tens of ms). What is
        // left of a worker's start (iter(loader) to ready) beyond those is slept.
        // The loop's CPU to start a worker, its first receive from it beyond a later one included.
        l.worker_start_cpu_us = std::max(0.0, o.worker_start_cpu_us) + std::max(0.0, o.first_receive_cpu_us);
        l.worker_warmup_cpu_us = std::max(0.0, o.worker_warmup_cpu_us);
        l.worker_exit_cpu_us = std::max(0.0, o.worker_exit_us);
        if (o.worker_inits_costed > 0) {
            l.worker_init_cpu_us = std::max(0.0, o.worker_init_cpu_us);
            l.worker_init_us = std::max(0.0, o.worker_init_us - l.worker_start_cpu_us - l.worker_init_cpu_us -
                                                 std::max(0.0, o.worker_init_run_queue_us));
        }
        l.send_cpu_us = std::max(0.0, o.send_cpu_us);
        const double batchBytes = double(d.sample_bytes) * double(o.batch_size.value_or(1));
        l.receive_ns_per_byte = std::min(1e6, 1000.0 * std::max(0.0, o.receive_cpu_us) / batchBytes);
        // The descriptor hand-overs. The main thread's CPU in them is measured, and comes out of
        // the receive's (the next()'s PassCost holds it). The worker's answering thread is taken
        // to spend as much (the handshake is symmetric: each side sends a challenge and checks
        // an HMAC), which comes out of the send's (the worker's process CPU between tasks holds
        // it). Their waits for the GIL come from the modelled GIL, at every setting.
        if (o.handovers_per_batch > 0) {
            l.handovers_per_batch = std::min(1e6, o.handovers_per_batch);
            l.gil_switch_interval_us = o.switch_interval_us;
            if (o.handovers_cpu_costed > 0) {
                // Neither side burns more than it was seen to spend per batch (a noisy watch).
                const double perHandOver = std::min(60e6, o.handover_cpu_us);
                const double n = l.handovers_per_batch;
                l.handover_cpu_us = std::min(perHandOver, std::max(0.0, o.receive_cpu_us) / n);
                l.handover_answer_cpu_us = std::min(perHandOver, l.send_cpu_us / n);
                l.receive_ns_per_byte = std::min(1e6, 1000.0 * (std::max(0.0, o.receive_cpu_us) - n * l.handover_cpu_us) / batchBytes);
                l.send_cpu_us -= n * l.handover_answer_cpu_us;
            }
            l.gil_release_every_us = fitGilReleaseEvery(o, d, l);
        }
    }

    TrainConfig& t = c.train;
    t.epochs = std::max(1, o.epochs);
    t.step_us = std::max(0.0, o.step_us);
    if (!o.device_step && o.steps_costed > 0) {
        // A step on the CPU: its CPU burns on the main thread, the rest of its wall time without
        // the wait for a core is spent off it (that wait comes back in the model by itself).
        t.step_on = StepOn::Cpu;
        t.step_cpu_us = std::min(t.step_us, std::max(0.0, o.step_cpu_us));
        t.step_us = std::max(t.step_cpu_us, o.step_us - o.step_run_queue_us);
        // Its intra-op threads: burnt beside the main thread, in parallel with the step.
        t.threads_cpu_us = std::max(0.0, o.threads_cpu_us);
    }
    c.device.backend = DeviceConfig::Backend::Sim;
    return c;
}

} // namespace loaderscope

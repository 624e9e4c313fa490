// SPDX-License-Identifier: MIT
#include "loaderscope/run.h"

#include "loaderscope/clock.h"
#include "loaderscope/loader.h"
#include "loaderscope/memory.h"
#include "loaderscope/metrics.h"
#include "loaderscope/oom.h"
#include "loaderscope/recording.h"
#include "loaderscope/segment.h"
#include "loaderscope/sweep.h"
#include "loaderscope/worker_pool.h"

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <map>
#include <cstring>
#include <mutex>
#include <sys/prctl.h>
#include <thread>
#include <unistd.h>

namespace loaderscope {

std::atomic<int>& stopSignal()
{
    static std::atomic<int> sig{0};
    return sig;
}

std::atomic<int>& stopSignalCount()
{
    static std::atomic<int> count{0};
    return count;
}

namespace {

void onStop(int sig)
{
    stopSignal().store(sig);
    stopSignalCount().fetch_add(1);
}

/**
 * Drains every event ring of the run on its own thread, so a slow consumer never blocks a writer,
 * and passes each event on as it comes: to the metrics (running aggregates) and to the recording
 * on disk. Nothing is kept in memory, however long the run.
 */
class Collector
{
public:
    Collector(const Segment& seg, int numWorkers, RecordingWriter* recording)
        : m_reader(seg), m_metrics(numWorkers), m_recording(recording)
    {
        m_thread = std::thread([this] {
            uint64_t lastFlush = nowNs();
            while (!m_done.load(std::memory_order_acquire)) {
                drainOnce();
                // Readers following the recording see at most 0.2 s of delay.
                if (m_recording && nowNs() - lastFlush > 200'000'000ULL) {
                    m_recording->flush();
                    lastFlush = nowNs();
                }
                sleepNs(500'000); // 0.5 ms: a ring of 64 Ki records absorbs 100 M events/s
            }
        });
    }
    /// An exception leaving runEngine after the thread started must not destroy it joinable
    /// (std::terminate): stop and join it here when finish() was not reached.
    ~Collector()
    {
        if (m_thread.joinable()) {
            m_done.store(true, std::memory_order_release);
            m_thread.join();
        }
    }
    /// Stops the thread and drains once more.
    void finish(RunReport& report)
    {
        m_done.store(true, std::memory_order_release);
        if (m_thread.joinable())
            m_thread.join();
        drainOnce();
        report.events_lost = m_reader.lost();
        report.events_collected = m_collected;
        report.figures = m_metrics.figures();
    }

private:
    void drainOnce()
    {
        m_batch.clear();
        m_reader.drain(m_batch);
        for (const Event& e : m_batch) {
            m_metrics.add(e);
            if (m_recording)
                m_recording->add(e);
        }
        m_collected += m_batch.size();
    }

    EventReader m_reader;
    MetricsAccumulator m_metrics;   ///< owned by the collector thread until finish()
    RecordingWriter* m_recording;   ///< likewise
    std::vector<Event> m_batch;
    uint64_t m_collected = 0;
    std::atomic<bool> m_done{false};
    std::thread m_thread;
};

} // namespace

void installStopHandlers()
{
    struct sigaction sa {};
    sa.sa_handler = onStop;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGHUP, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
    // A file size limit (or a full quota) must fail the write, not kill the run without a summary.
    std::signal(SIGXFSZ, SIG_IGN);
}

namespace {

/**
 * Blocks the host thread until `t` (the simulator's blocking calls); no-op when already past.
 * A sleep costs tens of microseconds of scheduling, far more than short modelled copies: sleep
 * until 50 us before, then spin, so the modelled time is kept to the microsecond.
 */
void sleepUntil(uint64_t t)
{
    constexpr uint64_t kSpinNs = 50'000;
    uint64_t now = nowNs();
    if (t > now + kSpinNs)
        sleepNs(t - now - kSpinNs);
    while ((now = nowNs()) < t)
        __builtin_ia32_pause();
}

std::unique_ptr<DeviceBackend> chooseDevice(const Config& config, RunReport& report)
{
    const DeviceParams params = DeviceParams::fromConfig(config);
    const char* force = std::getenv("LOADERSCOPE_FORCE_SIM");
    const bool forceSim = force && *force && std::string(force) != "0";
    CudaProbe probe;
    if (config.device.backend != DeviceConfig::Backend::Sim && !forceSim)
        probe = probeCuda(); // initialises CUDA: the zygote was forked before this
    else
        probe.message = "not probed";
    const BackendChoice choice = chooseBackend(config.device.backend, probe, forceSim);
    report.backend_note = choice.reason;
    if (choice.kind == BackendChoice::Error)
        throw DeviceUnavailable(choice.reason);
    if (choice.kind == BackendChoice::Cuda) {
        std::string error;
        if (auto b = makeCudaBackend(params, &error)) {
            report.backend = "cuda";
            report.backend_note = b->description();
            return b;
        }
        if (config.device.backend == DeviceConfig::Backend::Cuda)
            throw DeviceUnavailable("device.backend \"cuda\": " + error);
        report.backend_note = "simulated GPU: the CUDA backend failed to start: " + error;
    }
    report.backend = "sim";
    auto sim = std::make_unique<SimBackend>(params);
    report.backend_note += "; " + sim->description();
    return sim;
}

} // namespace

RunReport runEngine(const Config& config, const std::string& configJson, Zygote* zygote, const RunOptions& options)
{
    RunReport report;
    report.engine_pid = getpid();
    report.num_workers = config.loader.num_workers;
    report.warnings = config.warnings;

    prctl(PR_SET_TIMERSLACK, 1UL); // modelled waits are measured, not stretched by 50 us of slack
    const OomWatch oomWatch = OomWatch::begin(); // the OOM counters before anything can be killed
    report.memory_limit_bytes = oomWatch.memoryLimitBytes();
    std::unique_ptr<DeviceBackend> device = chooseDevice(config, report);

    sweepStaleSegments();
    sweepStaleTempDirs(); // what killed runs, sweeps and apps left
    std::unique_ptr<Segment> segment = Segment::create(config, configJson);
    report.segment_name = segment->name();
    report.segment_bytes = segment->layout().total_bytes;
    report.slots_bytes = segment->slotDataBytes();
    report.clock_origin_ns = segment->header()->clock_origin_ns;
    segment->header()->device_backend = report.backend == "cuda" ? 2 : 1;
    if (zygote)
        zygote->guardSegment(segment->name());
    segment->header()->run_state.store(uint32_t(RunState::Running));

    std::unique_ptr<RecordingWriter> recording;
    if (!options.recordingPath.empty()) {
        RecordingHeader h;
        h.num_workers = uint32_t(config.loader.num_workers);
        h.clock_origin_ns = report.clock_origin_ns;
        h.simulated_device = report.backend == "cuda" ? 0 : 1;
        h.engine_pid = getpid();
        recording = std::make_unique<RecordingWriter>(options.recordingPath, h); // throws: nothing started yet
    }
    if (options.onStarted)
        options.onStarted(segment->name(), recording ? recording->livePath() : std::string());

    EventWriter mainEvents(*segment, LaneMain);
    EventWriter deviceEvents(*segment, LaneCopy); // copy and compute lanes; written by this thread
    Collector collector(*segment, config.loader.num_workers, recording.get());
    // After the collector (whose drains pick its events up), before any worker starts.
    report.memory_sample_hz = memorySampleHz();
    std::unique_ptr<MemorySampler> memory;
    if (report.memory_sample_hz > 0)
        memory = std::make_unique<MemorySampler>(*segment, report.memory_sample_hz,
                                                 config.loader.pin_memory == PinMemory::Shared);
    // A worker killed by SIGKILL: say which OOM killer fired, with its last sampled memory.
    auto killNote = [&](const LoaderError& e) -> std::string {
        const auto* died = dynamic_cast<const WorkerDied*>(&e);
        if (!died || died->signal() != SIGKILL)
            return {};
        const std::string who = "Worker " + std::to_string(died->worker()) + " (pid " + std::to_string(died->pid()) + ")";
        return " " + oomWatch.explainSigkill(who, memory ? memory->last(died->pid()) : std::nullopt, nowNs()) + ".";
    };
    Generator global(config.seed); // torch's global generator after manual_seed(seed)
    const auto& stop = stopSignal();

    bool registered = false;
    if (config.loader.pin_memory == PinMemory::Shared) {
        // "shared": pin the whole slot section once; workers then collate into pinned pages.
        // A failure is exit 2, like a device that cannot be used (nothing has run yet).
        try {
            device->registerPinned(segment->slotDataBase(), segment->slotDataBytes());
            pinnedAccounting().held.fetch_add(segment->slotDataBytes());
        } catch (const DeviceError& e) {
            throw DeviceUnavailable(std::string("pin_memory \"shared\" cannot page-lock the batch slots: ") + e.what() +
                                    " (pin_memory true stages batches in pinned buffers instead)");
        }
        registered = true;
    }

    std::unique_ptr<DataLoaderIter> it;
    std::map<int64_t, Batch> inFlight; // batches whose H2D copy has not finished, by loop number
    int64_t loopBatch = 0;
    auto emitCounts = [&](uint64_t t) {
        const QueueCounts q = it->counts();
        mainEvents.instant(EventKind::QueueDepth, t, q.pinned_in_use, q.ready, q.outstanding);
    };
    // Finished device work: record it, and release every batch whose copy is done (only then may
    // its slot or staging buffer be reused).
    auto pollDevice = [&](uint64_t now) {
        for (const DeviceSpan& s : device->poll(now)) {
            deviceEvents.span(s.kind, s.t0, s.t1, s.task_idx, int64_t(s.bytes), s.pinned ? 1 : 0,
                              s.kind == EventKind::H2DCopy ? LaneCopy : LaneCompute);
            if (s.kind == EventKind::H2DCopy) {
                if (auto f = inFlight.find(s.batch_id); f != inFlight.end()) {
                    it->release(f->second);
                    inFlight.erase(f);
                }
            }
        }
    };
    auto blockHost = [&](uint64_t from, uint64_t until, HostBlock why, int64_t task) {
        sleepUntil(until);
        const uint64_t end = std::max(until, from);
        mainEvents.span(EventKind::HostBlocked, from, end, task, int(why));
        (why == HostBlock::DeviceBuffers ? report.host_waits_gpu_ns : report.host_blocked_ns) += end - from;
        report.t_loop_end = std::max(report.t_loop_end, end);
    };
    try {
        it = makeLoaderIter(config, *segment, zygote, mainEvents, *device, global, stop);
        for (int epoch = 0; epoch < config.train.epochs; ++epoch) {
            if (const int sig = stop.load())
                throw Interrupted(sig);
            const uint64_t tIter = nowNs();
            mainEvents.instant(EventKind::EpochBegin, tIter, -1, epoch);
            it->beginEpoch(epoch);
            emitCounts(nowNs()); // the window just primed: prefetch_factor x num_workers tasks out
            if (epoch == 0)
                report.t_iter_created = tIter;
            report.worker_pids.push_back(it->workerPids());
            int64_t delivered = 0;
            for (;;) {
                // A stop request (SIGTERM from the app or its death) is honoured every batch: while
                // data flows, next() never waits and would not look.
                if (const int sig = stop.load())
                    throw Interrupted(sig);
                if (config.train.max_batches && delivered >= *config.train.max_batches)
                    break;
                const uint64_t t0 = nowNs();
                if (report.t_loop_begin == 0)
                    report.t_loop_begin = t0;
                std::optional<Batch> batch;
                try {
                    batch = it->next();
                } catch (const WorkerException& e) {
                    const uint64_t t1 = nowNs();
                    report.wait_ns += t1 - t0;
                    report.t_loop_end = std::max(report.t_loop_end, t1);
                    mainEvents.span(EventKind::WaitData, t0, t1, -1);
                    mainEvents.instant(EventKind::Error, t1, -1, e.worker(), 0,
                                       e.worker() >= 0 ? e.worker() : int(LaneMain)); // on the raising lane
                    // A loop that catches every exception could collect millions: keep the first.
                    if (report.errors.size() < 100)
                        report.errors.push_back(e.what());
                    else if (report.errors.size() == 100)
                        report.errors.push_back("(further worker exceptions are not listed)");
                    if (!config.train.continue_on_exception)
                        throw;
                    continue; // the loop catches it and calls next() again
                }
                const uint64_t t1 = nowNs();
                report.wait_ns += t1 - t0;
                report.t_loop_end = std::max(report.t_loop_end, t1);
                if (!batch) {
                    mainEvents.span(EventKind::WaitData, t0, t1, -1);
                    break;
                }
                const int64_t key = batchKey(epoch, batch->task_idx);
                mainEvents.span(EventKind::WaitData, t0, t1, key, batch->worker, batch->n_samples);
                mainEvents.instant(EventKind::Deliver, t1, key, batch->worker, delivered);
                if (report.t_first_batch == 0)
                    report.t_first_batch = t1;
                if (report.batch_log.size() < kBatchLogLimit)
                    report.batch_log.push_back({epoch, delivered, batch->task_idx, batch->worker,
                                                batch->first_sample, batch->n_samples, batch->checksum});
                else
                    report.batch_log_truncated = true;
                ++report.batches;
                report.samples += batch->n_samples;
                report.batch_bytes += batch->bytes;
                // Zero copy: the loop reads the batch where the worker collated it (or where the
                // pin-memory thread staged it). Anything else was copied on its way here.
                const uint8_t* slots = segment->slotDataBase();
                const bool inSlot = batch->data >= slots && batch->data + batch->bytes <= slots + segment->slotDataBytes();
                if (!inSlot && batch->staging < 0)
                    report.copied_to_main_bytes += batch->bytes;
                ++delivered;

                // The training step: batch.to(device, non_blocking) then the step kernel.
                const uint64_t s0 = nowNs();
                pollDevice(s0);
                const int64_t id = loopBatch++;
                inFlight.emplace(id, *batch);
                const SubmitResult r = device->submit({id, key, batch->data, batch->bytes, batch->pinned}, s0);
                uint64_t host = s0;
                if (r.buffer_wait_until > host) {
                    blockHost(host, r.buffer_wait_until, HostBlock::DeviceBuffers, key);
                    host = r.buffer_wait_until;
                }
                if (r.copy_block_until > host) // the copy call alone, from when it started
                    blockHost(std::max(host, r.copy_block_from), r.copy_block_until, r.copy_block, key);
                const uint64_t s1 = nowNs();
                mainEvents.span(EventKind::Step, s0, s1, key, id);
                report.step_ns += s1 - s0;
                report.t_loop_end = std::max(report.t_loop_end, s1);
                pollDevice(s1);
                emitCounts(s1);
            }
            it->endEpoch();
            mainEvents.instant(EventKind::EpochEnd, nowNs(), -1, epoch);
        }
        // torch.cuda.synchronize() at the end of training: every copy and kernel finishes.
        const uint64_t d0 = nowNs();
        const uint64_t drained = device->drainTime();
        if (drained > d0)
            blockHost(d0, drained, HostBlock::DeviceBuffers, -1);
        pollDevice(std::max(drained, nowNs()));
        it->shutdown();
        segment->header()->run_state.store(uint32_t(RunState::Finished));
    } catch (const Interrupted& e) {
        report.interrupted_by = e.signal();
        report.errors.push_back(std::string("interrupted by ") + strsignal(e.signal()));
        report.exit_code = 128 + e.signal();
    } catch (const WorkerException& e) {
        report.exit_code = 3;
    } catch (const LoaderError& e) {
        report.errors.push_back(e.what() + killNote(e));
        report.exit_code = 3;
    } catch (const std::exception& e) {
        report.errors.push_back(e.what());
        report.exit_code = 3;
    }
    if (report.exit_code != 0)
        segment->header()->run_state.store(uint32_t(RunState::Failed));
    if (report.exit_code != 0 && it) {
        try {
            device->drainTime(); // nothing may still read a slot when the workers go
            pollDevice(UINT64_MAX);
        } catch (const std::exception& e) {
            // A failed device runs nothing more (a sticky fault ends all its work): the slots may go.
            if (std::find(report.errors.begin(), report.errors.end(), e.what()) == report.errors.end())
                report.errors.push_back(e.what());
        }
    }
    if (it) {
        for (auto& [id, b] : inFlight)
            it->release(b);
        for (const std::string& stall : it->stalls())
            report.warnings.push_back(stall);
        report.stalled_tasks = int(it->stalls().size());
    }
    inFlight.clear();
    if (memory) {
        memory->stop(); // its last sample while the workers still stand
        report.memory_samples = memory->ticks();
        report.memory_sampler_cpu_ns = memory->cpuNs();
    }
    it.reset(); // shuts every worker down (join, terminate, kill) before the segment goes
    if (registered) {
        device->unregisterPinned(segment->slotDataBase());
        pinnedAccounting().held.fetch_sub(segment->slotDataBytes());
    }
    collector.finish(report);
    segment->unlink();
    if (recording && !recording->close(&report.recording_error))
        report.warnings.push_back("the recording is incomplete: " + report.recording_error);
    const DeviceFigures figures = device->figures();
    report.device_timing_bracket_ns = figures.timing_bracket_ns;
    report.device_peak_h2d_gbps = figures.peak_h2d_gbps;
    return report;
}

} // namespace loaderscope

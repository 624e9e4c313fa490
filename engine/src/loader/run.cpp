// SPDX-License-Identifier: MIT
#include "loaderscope/loader/run.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/loader/loader.h"
#include "loaderscope/shm/memory.h"
#include "loaderscope/results/metrics.h"
#include "loaderscope/shm/oom.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/shm/segment.h"
#include "loaderscope/base/temp_dir.h"
#include "loaderscope/loader/worker_pool.h"
#include "engine_collector.h"
#include "step_threads.h"

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

namespace {

/**
 * One run of runEngine: the training loop over the loader iterator, the device it feeds, and what
 * both leave to the teardown. Main thread only; the collector and the memory sampler run their own
 * threads. Members are declared in the order they are set up, so that they are destroyed in reverse
 * (the iterator, which holds references to the events, the device and the generator, goes first).
 */
class EngineRun
{
public:
    /// Chooses the device, creates the segment and the recording, starts the collector and the
    /// memory sampler, pins the slots for pin_memory "shared". Throws when the run cannot start.
    EngineRun(const Config& config, const std::string& configJson, Zygote* zygote, const RunOptions& options);
    /// The epochs, then the teardown; failures become the report's exit code and errors.
    RunReport run();

private:
    void createSegment(const std::string& configJson);
    /// The recording (options.recordingPath), described by the run's configuration.
    void openRecording(const RunOptions& options, const std::string& configJson);
    void registerSharedPinning();
    void runEpochs();
    void runEpoch(int epoch);
    /// next() with a worker's exception recorded: rethrown unless the loop continues, in which case
    /// `retry` is set. Empty at the end of the epoch.
    std::optional<Batch> next(uint64_t t0, bool& retry);
    /// Events and figures of a delivered batch.
    void recordDelivery(const Batch& batch, int epoch, int64_t delivered, uint64_t t0, uint64_t t1);
    /// batch.to(device, non_blocking) then the step kernel.
    void trainStep(const Batch& batch, int64_t key);
    /// The Step span from `s0` until now, into the report.
    void endStep(uint64_t s0, int64_t key, int64_t id);
    /// Burns `ns` of this thread's CPU and reports it as the probe reports the job's (`kind`:
    /// PassCost for a receive, StepCost for a step), with the wait for a core on the way; a
    /// receive's PassCost adds `burntCpuNs`, the hand-overs' CPU burnt earlier in the same next().
    void burnReported(EventKind kind, uint64_t ns, uint64_t salt, int64_t key, uint64_t burntCpuNs = 0);
    /// torch.cuda.synchronize() at the end of training: every copy and kernel finishes.
    void synchronizeDevice();
    void tearDown();
    void emitCounts(uint64_t t);
    void pollDevice(uint64_t now);
    void blockHost(uint64_t from, uint64_t until, HostBlock why, int64_t task);
    /// The loop's wait for next(), from `t0` until now, into the report; returns now.
    uint64_t endWait(uint64_t t0);
    /// A worker killed by SIGKILL: which OOM killer fired, with its last sampled memory.
    std::string killNote(const LoaderError& e) const;

    const Config& m_config;
    Zygote* m_zygote;
    RunReport m_report;
    OomWatch m_oomWatch; ///< the OOM counters before anything can be killed
    std::unique_ptr<DeviceBackend> m_device;
    std::unique_ptr<Segment> m_segment;
    std::unique_ptr<RecordingWriter> m_recording;
    std::optional<EventWriter> m_mainEvents;
    std::optional<EventWriter> m_deviceEvents; ///< copy and compute lanes; written by this thread
    std::optional<EngineCollector> m_collector;
    std::unique_ptr<MemorySampler> m_memory;
    Generator m_global; ///< torch's global generator after manual_seed(seed)
    bool m_registered = false;
    std::unique_ptr<DataLoaderIter> m_it;
    std::map<int64_t, Batch> m_inFlight; ///< batches whose H2D copy has not finished, by loop number
    int64_t m_loopBatch = 0;
    /// A CPU step's other threads (train.threads_cpu_us): made at the first step (after the first
    /// workers started), asleep between steps; driven by this thread only.
    std::unique_ptr<StepThreads> m_stepThreads;
    /// This (the loop's) thread's wait for a core, for the PassCost and StepCost it writes as the
    /// probe writes them for a job (the summary's main_cpu_fraction comes from them).
    RunDelayClock m_runDelay;
};

EngineRun::EngineRun(const Config& config, const std::string& configJson, Zygote* zygote, const RunOptions& options)
    : m_config(config), m_zygote(zygote), m_oomWatch(OomWatch::begin()), m_global(config.seed)
{
    m_report.engine_pid = getpid();
    m_report.num_workers = config.loader.num_workers;
    m_report.warnings = config.warnings;
    prctl(PR_SET_TIMERSLACK, 1UL); // modelled waits are measured, not stretched by 50 us of slack
    m_report.memory_limit_bytes = m_oomWatch.memoryLimitBytes();
    m_device = chooseDevice(config, m_report);
    createSegment(configJson);
    openRecording(options, configJson);
    if (options.onStarted)
        options.onStarted(m_segment->name(), m_recording ? m_recording->livePath() : std::string());
    m_mainEvents.emplace(*m_segment, LaneMain);
    m_deviceEvents.emplace(*m_segment, LaneCopy);
    m_collector.emplace(*m_segment, config.loader.num_workers, m_recording.get());
    // After the collector (whose drains pick its events up), before any worker starts.
    m_report.memory_sample_hz = memorySampleHz();
    if (m_report.memory_sample_hz > 0)
        m_memory = std::make_unique<MemorySampler>(*m_segment, m_report.memory_sample_hz,
                                                   config.loader.pin_memory == PinMemory::Shared);
    if (config.loader.pin_memory == PinMemory::Shared)
        registerSharedPinning();
}

void EngineRun::createSegment(const std::string& configJson)
{
    sweepStaleSegments();
    sweepStaleTempDirs(); // what killed runs, sweeps and apps left
    m_segment = Segment::create(m_config, configJson);
    m_report.segment_name = m_segment->name();
    m_report.segment_bytes = m_segment->layout().total_bytes;
    m_report.slots_bytes = m_segment->slotDataBytes();
    m_report.clock_origin_ns = m_segment->header()->clock_origin_ns;
    m_segment->header()->device_backend = m_report.backend == "cuda" ? 2 : 1;
    if (m_zygote)
        m_zygote->guardSegment(m_segment->name());
    m_segment->header()->run_state.store(uint32_t(RunState::Running));
}

void EngineRun::openRecording(const RunOptions& options, const std::string& configJson)
{
    if (options.recordingPath.empty())
        return;
    RecordingHeader h;
    h.num_workers = uint32_t(m_config.loader.num_workers);
    h.clock_origin_ns = m_report.clock_origin_ns;
    h.simulated_device = m_report.backend == "cuda" ? 0 : 1;
    h.engine_pid = getpid();
    m_recording = std::make_unique<RecordingWriter>(options.recordingPath, h); // throws: nothing started yet
    // What ran: an opened recording shows its own configuration (docs/traces.md, JOBD).
    // The cores the run could use: an opened recording's advice is bounded by them, as the live one.
    m_recording->describe(R"({"source":"engine","cores":)" + std::to_string(usableCores()) + R"(,"config":)" + configJson + "}");
}

void EngineRun::registerSharedPinning()
{
    // "shared": pin the whole slot section once; workers then collate into pinned pages.
    // A failure is exit 2, like a device that cannot be used (nothing has run yet).
    try {
        m_device->registerPinned(m_segment->slotDataBase(), m_segment->slotDataBytes());
        pinnedAccounting().held.fetch_add(m_segment->slotDataBytes());
    } catch (const DeviceError& e) {
        throw DeviceUnavailable(std::string("pin_memory \"shared\" cannot page-lock the batch slots: ") + e.what() +
                                " (pin_memory true stages batches in pinned buffers instead)");
    }
    m_registered = true;
}

std::string EngineRun::killNote(const LoaderError& e) const
{
    const auto* died = dynamic_cast<const WorkerDied*>(&e);
    if (!died || died->signal() != SIGKILL)
        return {};
    const std::string who = "Worker " + std::to_string(died->worker()) + " (pid " + std::to_string(died->pid()) + ")";
    return " " + m_oomWatch.explainSigkill(who, m_memory ? m_memory->last(died->pid()) : std::nullopt, nowNs()) + ".";
}

void EngineRun::emitCounts(uint64_t t)
{
    const QueueCounts q = m_it->counts();
    m_mainEvents->instant(EventKind::QueueDepth, t, q.pinned_in_use, q.ready, q.outstanding);
}

void EngineRun::pollDevice(uint64_t now)
{
    // Finished device work: record it, and release every batch whose copy is done (only then may
    // its slot or staging buffer be reused).
    for (const DeviceSpan& s : m_device->poll(now)) {
        m_deviceEvents->span(s.kind, s.t0, s.t1, s.task_idx, int64_t(s.bytes), s.pinned ? 1 : 0,
                             s.kind == EventKind::H2DCopy ? LaneCopy : LaneCompute);
        if (s.kind == EventKind::H2DCopy) {
            if (auto f = m_inFlight.find(s.batch_id); f != m_inFlight.end()) {
                m_it->release(f->second);
                m_inFlight.erase(f);
            }
        }
    }
}

uint64_t EngineRun::endWait(uint64_t t0)
{
    const uint64_t t1 = nowNs();
    m_report.wait_ns += t1 - t0;
    m_report.t_loop_end = std::max(m_report.t_loop_end, t1);
    return t1;
}

void EngineRun::blockHost(uint64_t from, uint64_t until, HostBlock why, int64_t task)
{
    sleepUntil(until);
    const uint64_t end = std::max(until, from);
    m_mainEvents->span(EventKind::HostBlocked, from, end, task, int(why));
    (why == HostBlock::DeviceBuffers ? m_report.host_waits_gpu_ns : m_report.host_blocked_ns) += end - from;
    m_report.t_loop_end = std::max(m_report.t_loop_end, end);
}

RunReport EngineRun::run()
{
    try {
        runEpochs();
    } catch (const Interrupted& e) {
        if (e.signal() == kStopRecordingFailed) {
            // Not a signal: the recording's write failed (its error is the report's, at close).
            clearStopRequest(kStopRecordingFailed);
            m_report.exit_code = 3;
            tearDown();
            if (m_report.recording_error.empty())
                m_report.recording_error = "the recording could not be written";
            m_report.errors.push_back("the run stopped: " + m_report.recording_error);
            return std::move(m_report);
        }
        m_report.interrupted_by = e.signal();
        m_report.errors.push_back(std::string("interrupted by ") + strsignal(e.signal()));
        m_report.exit_code = 128 + e.signal();
    } catch (const WorkerException& e) {
        m_report.exit_code = 3;
    } catch (const LoaderError& e) {
        m_report.errors.push_back(e.what() + killNote(e));
        m_report.exit_code = 3;
    } catch (const std::exception& e) {
        m_report.errors.push_back(e.what());
        m_report.exit_code = 3;
    }
    tearDown();
    return std::move(m_report);
}

void EngineRun::runEpochs()
{
    const auto& stop = stopSignal();
    m_it = makeLoaderIter(m_config, *m_segment, m_zygote, *m_mainEvents, *m_device, m_global, stop);
    for (int epoch = 0; epoch < m_config.train.epochs; ++epoch) {
        if (const int sig = stop.load())
            throw Interrupted(sig);
        const uint64_t tIter = nowNs();
        m_mainEvents->instant(EventKind::EpochBegin, tIter, -1, epoch);
        m_it->beginEpoch(epoch);
        emitCounts(nowNs()); // the window just primed: prefetch_factor x num_workers tasks out
        if (epoch == 0)
            m_report.t_iter_created = tIter;
        m_report.worker_pids.push_back(m_it->workerPids());
        runEpoch(epoch);
        m_it->endEpoch();
        m_mainEvents->instant(EventKind::EpochEnd, nowNs(), -1, epoch);
    }
    synchronizeDevice();
    m_it->shutdown();
    m_segment->header()->run_state.store(uint32_t(RunState::Finished));
}

void EngineRun::runEpoch(int epoch)
{
    const auto& stop = stopSignal();
    int64_t delivered = 0;
    for (;;) {
        // A stop request (SIGTERM from the app or its death) is honoured every batch: while data
        // flows, next() never waits and would not look.
        if (const int sig = stop.load())
            throw Interrupted(sig);
        if (m_config.train.max_batches && delivered >= *m_config.train.max_batches)
            break;
        const uint64_t t0 = nowNs();
        if (m_report.t_loop_begin == 0)
            m_report.t_loop_begin = t0;
        bool retry = false;
        const std::optional<Batch> batch = next(t0, retry);
        if (retry)
            continue; // the loop catches the exception and calls next() again
        // PyTorch's main process receives and unpickles a worker's batch inside next(), fetching
        // its tensors' descriptors from the worker on the way (the iterator did, as it received
        // each batch), reported as the probe reports a job's.
        // The hand-overs' CPU is part of the next()'s PassCost, as the probe's is.
        const BatchHandOvers::Taken handOvers = m_it->takeHandOvers();
        if (batch && handOvers.calls > 0) {
            const uint64_t t = nowNs();
            const int64_t key = batchKey(epoch, batch->task_idx);
            m_mainEvents->instant(EventKind::HandOverWait, t, key, int64_t(handOvers.ns), handOvers.calls);
            m_mainEvents->instant(EventKind::HandOverCost, t, key, int64_t(handOvers.cpu_ns), handOvers.calls);
        }
        if (batch && batch->worker >= 0 && (m_config.loader.receive_ns_per_byte > 0 || handOvers.cpu_ns > 0))
            burnReported(EventKind::PassCost, uint64_t(m_config.loader.receive_ns_per_byte * double(batch->bytes)),
                         batch->bytes, batchKey(epoch, batch->task_idx), handOvers.cpu_ns);
        const uint64_t t1 = endWait(t0);
        if (!batch) {
            m_mainEvents->span(EventKind::WaitData, t0, t1, -1);
            break;
        }
        recordDelivery(*batch, epoch, delivered, t0, t1);
        ++delivered;
        trainStep(*batch, batchKey(epoch, batch->task_idx));
    }
}

std::optional<Batch> EngineRun::next(uint64_t t0, bool& retry)
{
    try {
        return m_it->next();
    } catch (const WorkerException& e) {
        const uint64_t t1 = endWait(t0);
        m_mainEvents->span(EventKind::WaitData, t0, t1, -1);
        m_mainEvents->instant(EventKind::Error, t1, -1, e.worker(), 0,
                              e.worker() >= 0 ? e.worker() : int(LaneMain)); // on the raising lane
        // A loop that catches every exception could collect millions: keep the first.
        if (m_report.errors.size() < 100)
            m_report.errors.push_back(e.what());
        else if (m_report.errors.size() == 100)
            m_report.errors.push_back("(further worker exceptions are not listed)");
        if (!m_config.train.continue_on_exception)
            throw;
        retry = true;
        return std::nullopt;
    }
}

void EngineRun::recordDelivery(const Batch& batch, int epoch, int64_t delivered, uint64_t t0, uint64_t t1)
{
    const int64_t key = batchKey(epoch, batch.task_idx);
    m_mainEvents->span(EventKind::WaitData, t0, t1, key, batch.worker, batch.n_samples);
    m_mainEvents->instant(EventKind::Deliver, t1, key, batch.worker, delivered);
    if (m_report.t_first_batch == 0)
        m_report.t_first_batch = t1;
    if (m_report.batch_log.size() < kBatchLogLimit)
        m_report.batch_log.push_back({epoch, delivered, batch.task_idx, batch.worker, batch.first_sample,
                                      batch.n_samples, batch.checksum});
    else
        m_report.batch_log_truncated = true;
    ++m_report.batches;
    m_report.samples += batch.n_samples;
    m_report.batch_bytes += batch.bytes;
    // Zero copy: the loop reads the batch where the worker collated it (or where the pin-memory
    // thread staged it). Anything else was copied on its way here.
    const uint8_t* slots = m_segment->slotDataBase();
    const bool inSlot = batch.data >= slots && batch.data + batch.bytes <= slots + m_segment->slotDataBytes();
    if (!inSlot && batch.staging < 0)
        m_report.copied_to_main_bytes += batch.bytes;
}

void EngineRun::trainStep(const Batch& batch, int64_t key)
{
    const uint64_t s0 = nowNs();
    const TrainConfig& t = m_config.train;
    // The step's own CPU on this thread; on the CPU the rest of step_us is spent off it first,
    // and what that wait cost the CPU counts in step_cpu_us, as in the job's StepCost (a
    // contended core stretches the burn, as it stretches the job's step).
    if (t.step_on == StepOn::Cpu) {
        // The step's other threads burn in parallel with this one, from the step's start; the
        // step ends when both parts are done, as the job's waits for its intra-op pool.
        if (t.threads_cpu_us > 0) {
            if (!m_stepThreads)
                m_stepThreads = std::make_unique<StepThreads>(StepThreads::helpersFor(t.threads_cpu_us, t.step_us));
            m_stepThreads->start(uint64_t(t.threads_cpu_us * 1000.0), uint64_t(key) + 2);
        }
        ThreadCostMeter meter(m_runDelay);
        const uint64_t cpu0 = threadCpuNs();
        if (t.step_us > t.step_cpu_us)
            waitOffCpuNs(uint64_t((t.step_us - t.step_cpu_us) * 1000.0));
        if (t.step_cpu_us > 0)
            (void)burnCpuUntil(cpu0 + uint64_t(t.step_cpu_us * 1000.0), uint64_t(key) + 1);
        const ThreadCostMeter::Cost c = meter.take();
        if (m_stepThreads)
            m_stepThreads->wait();
        // As the probe reports a job's step: the main thread's part, then the other threads' (the
        // helpers burn their share of threads_cpu_us exactly: CPU time, not wall time).
        const uint64_t s1 = nowNs();
        m_mainEvents->instant(EventKind::StepCost, s1, key, c.cpu_ns, c.runq_ns);
        if (m_stepThreads)
            m_mainEvents->instant(EventKind::ThreadsCost, s1, key, int64_t(t.threads_cpu_us * 1000.0), 0);
        m_it->release(batch); // nothing is copied to a device: the batch is done with
        return endStep(s0, key, m_loopBatch++);
    }
    if (t.step_cpu_us > 0)
        burnReported(EventKind::StepCost, uint64_t(t.step_cpu_us * 1000.0), uint64_t(key) + 1, key);
    pollDevice(s0);
    const int64_t id = m_loopBatch++;
    m_inFlight.emplace(id, batch);
    const SubmitResult r = m_device->submit({id, key, batch.data, batch.bytes, batch.pinned}, s0);
    uint64_t host = s0;
    if (r.buffer_wait_until > host) {
        blockHost(host, r.buffer_wait_until, HostBlock::DeviceBuffers, key);
        host = r.buffer_wait_until;
    }
    if (r.copy_block_until > host) // the copy call alone, from when it started
        blockHost(std::max(host, r.copy_block_from), r.copy_block_until, r.copy_block, key);
    endStep(s0, key, id);
}

void EngineRun::burnReported(EventKind kind, uint64_t ns, uint64_t salt, int64_t key, uint64_t burntCpuNs)
{
    ThreadCostMeter meter(m_runDelay);
    (void)burnCpuNs(ns, salt);
    const ThreadCostMeter::Cost c = meter.take();
    m_mainEvents->instant(kind, nowNs(), key, c.cpu_ns + int64_t(burntCpuNs), c.runq_ns);
}

void EngineRun::endStep(uint64_t s0, int64_t key, int64_t id)
{
    const uint64_t s1 = nowNs();
    m_mainEvents->span(EventKind::Step, s0, s1, key, id);
    m_report.step_ns += s1 - s0;
    m_report.t_loop_end = std::max(m_report.t_loop_end, s1);
    pollDevice(s1);
    emitCounts(s1);
}

void EngineRun::synchronizeDevice()
{
    const uint64_t d0 = nowNs();
    const uint64_t drained = m_device->drainTime();
    if (drained > d0)
        blockHost(d0, drained, HostBlock::DeviceBuffers, -1);
    pollDevice(std::max(drained, nowNs()));
}

void EngineRun::tearDown()
{
    if (m_report.exit_code != 0)
        m_segment->header()->run_state.store(uint32_t(RunState::Failed));
    if (m_report.exit_code != 0 && m_it) {
        try {
            m_device->drainTime(); // nothing may still read a slot when the workers go
            pollDevice(UINT64_MAX);
        } catch (const std::exception& e) {
            // A failed device runs nothing more (a sticky fault ends all its work): the slots may go.
            if (std::find(m_report.errors.begin(), m_report.errors.end(), e.what()) == m_report.errors.end())
                m_report.errors.push_back(e.what());
        }
    }
    if (m_it) {
        for (auto& [id, b] : m_inFlight)
            m_it->release(b);
        for (const std::string& stall : m_it->stalls())
            m_report.warnings.push_back(stall);
        m_report.stalled_tasks = int(m_it->stalls().size());
    }
    m_inFlight.clear();
    m_stepThreads.reset(); // idle between steps: joined at once
    if (m_memory) {
        m_memory->stop(); // its last sample while the workers still stand
        m_report.memory_samples = m_memory->ticks();
        m_report.memory_sampler_cpu_ns = m_memory->cpuNs();
    }
    m_it.reset(); // shuts every worker down (join, terminate, kill) before the segment goes
    if (m_registered) {
        m_device->unregisterPinned(m_segment->slotDataBase());
        pinnedAccounting().held.fetch_sub(m_segment->slotDataBytes());
    }
    m_collector->finish(m_report);
    // A files dataset's slow samples by the file they are (its samples are its sorted files).
    if (m_config.dataset.kind == DatasetConfig::Kind::Files)
        for (SlowFetch& s : m_report.figures.slowest_samples)
            if (s.sample >= 0 && size_t(s.sample) < m_config.dataset.files.size())
                s.file = m_config.dataset.files[size_t(s.sample)];
    m_segment->unlink();
    // After a stop signal the recording is not fsync'ed: the user asked to end now, and a
    // gigabyte's flush can take longer than the 10 s that docker stop or systemd wait.
    if (m_recording && !m_recording->close(&m_report.recording_error, stopSignalCount().load() == 0))
        m_report.warnings.push_back("the recording is incomplete: " + m_report.recording_error);
    const DeviceFigures figures = m_device->figures();
    m_report.device_timing_bracket_ns = figures.timing_bracket_ns;
    m_report.device_peak_h2d_gbps = figures.peak_h2d_gbps;
}

} // namespace

RunReport runEngine(const Config& config, const std::string& configJson, Zygote* zygote, const RunOptions& options)
{
    EngineRun run(config, configJson, zygote, options);
    return run.run();
}

} // namespace loaderscope

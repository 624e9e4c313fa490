// SPDX-License-Identifier: MIT
#include "session.h"

#include "loaderscope/shm/drain_pacer.h"
#include "loaderscope/shm/shm_layout.h"

#include <algorithm>
#include <cstdlib>
#include <unistd.h>

namespace lsprobe {

namespace {

/// The probe's memory sampler budget: a watched job pays for its watching, so PSS/USS come
/// fifty times less often than in the engine's own runs (where the lessons show them move):
/// 0.1 % of a core, about one smaps_rollup read of a PyTorch process (~5 ms) every 5 s, shared by
/// the job's processes (a new one is read first; RSS stays at every tick); its own /dev/shm every
/// 10 s, or every 2 s while /dev/shm's use moves by 16 MiB or more (a job whose batches pass
/// through /dev/shm moves it all the time), within the same 0.1 % of a core, shared evenly with
/// the PSS reads, so neither grows with the workers.
/// Measured on a job of 3 processes at ~3,000 samples/s (issue 45, 20,000 samples, 7 alternated
/// runs): the probe's threads took 2.16 us per sample (2.00-2.40) against 2.62 (2.51-3.50) at
/// 0.25 %; before the budget, with its own /dev/shm every 2 s, the sampler alone took 16 ms per
/// second of the job.
constexpr ls::MemorySamplerBudget kProbeMemoryBudget{0.001, 10'000'000'000, 16ull << 20, 2'000'000'000, true};

/// The probe's memory ticks per second where LOADERSCOPE_MEMORY_SAMPLE_HZ does not say (the
/// engine's runs take 20: a lesson's runs last seconds). Each tick reads every process's RSS,
/// /dev/shm's use and the batch slots (about ten system calls and a wake of a cold core); a
/// training job's memory moves over seconds to minutes. Measured (issue 45, 20,000 samples of a
/// 0.5 ms sleep, 2 workers, 5 alternated runs): the sampler took 0.70 us a sample at 5 ticks a
/// second (0.64-0.78) against 1.05 (1.04-1.15) at 20.
constexpr double kProbeMemoryHz = 5.0;

double probeMemoryHz()
{
    const char* v = std::getenv("LOADERSCOPE_MEMORY_SAMPLE_HZ");
    return v && *v ? ls::memorySampleHz() : kProbeMemoryHz;
}

} // namespace

void RunTally::add(const ls::Event& e)
{
    ++events;
    metrics.add(e);
    observed.add(e);
    switch (e.kind) {
    case ls::EventKind::Fetch:
        if (batch_log.size() < ls::kBatchLogLimit)
            first_sample.emplace(e.batch, e.arg0);
        break;
    case ls::EventKind::WaitData:
        if (e.lane == ls::LaneMain && e.batch >= 0) {
            const int epoch = ls::batchKeyEpoch(e.batch);
            const int64_t index = delivered_in_epoch[epoch]++;
            if (batch_log.size() < ls::kBatchLogLimit)
                batch_log.push_back({epoch, index, ls::batchKeyTask(e.batch), int(e.arg0), -1,
                                     uint32_t(std::max<int64_t>(0, e.arg1)), 0});
            else
                batch_log_truncated = true;
        }
        break;
    case ls::EventKind::EpochBegin:
        if (e.lane == ls::LaneMain && t_iter_created == 0)
            t_iter_created = e.t0;
        break;
    case ls::EventKind::Kernel:
        ++kernels;
        break;
    default:
        break;
    }
    if (recording)
        recording->add(e);
}

namespace {

// The probe's pauses between drains (ns). Each wake-up costs the job some microseconds of a cold
// core (issue 45: 200 wakes a second were a third of the collector's CPU), so at least 5 ms, and
// as long as the rings allow (drain_pacer.h: no ring past an eighth at the rate just seen), up to
// kLongestPauseNs: what the recording file may lag the job by while it runs (the summary is
// written after the last drain; the app and `stream` read the rings themselves; a job that ends,
// raises, or gets SIGTERM under `python3 -m loaderscope run` is drained to its end; one killed
// otherwise leaves at most the last pause out of its temporary recording).
// A ring never has to wait for a pause's end to be drained: its writer nudges the collector every
// eighth of a ring it writes (Writer), so a burst faster than any pause allows for (the C timing
// proxies write a record every ~0.2 us with trivial samples; a steady Python writer one every
// ~1.2 us, which had bounded the pause at 19.7 ms for 32 Ki records) is drained with seven
// eighths of its ring still free. Measured (issue 45, 20,000 samples of a 0.5 ms sleep, 2
// workers, 5 alternated runs): the collector took 0.69 us a sample (0.59-0.84) with at most 1 s
// against 1.17 (1.13-1.38) with at most 100 ms; each drain costs about 0.15 ms of a cold core
// besides its events.
constexpr uint64_t kShortestPauseNs = 5'000'000;
constexpr uint64_t kLongestPauseNs = 1'000'000'000;

} // namespace

Collector::Collector(const ls::Segment& seg, RunTally& tally) : m_reader(seg), m_segment(seg), m_tally(tally)
{
    m_thread = std::thread([this] {
        pthread_setname_np(pthread_self(), "ls_collector"); // what top -H and perf show for it
        const uint32_t capacity = m_segment.layout().event_ring_capacity;
        ls::DrainPacer pacer(capacity, kShortestPauseNs, kLongestPauseNs);
        uint64_t last = ls::nowNs();
        ls::WakeWord& wake = m_segment.header()->collector_wake;
        for (;;) {
            // Read before the drain: a writer's nudge during it ends the next pause at once.
            const uint32_t seen = wake.seq.load(std::memory_order_acquire);
            if (m_done.load(std::memory_order_acquire))
                break;
            const size_t drained = drainOnce();
            m_cpuNs.store(ls::threadCpuNs(), std::memory_order_relaxed);
            const uint64_t now = ls::nowNs();
            const uint64_t sleep = pacer.next(drained, now - last);
            last = now;
            wake.wait(seen, sleep); // the pause, cut short by a writer's nudge or by stop()
        }
    });
}

Collector::~Collector()
{
    stop();
}

void Collector::stop()
{
    m_done.store(true, std::memory_order_release);
    m_segment.header()->collector_wake.notify();
    if (m_thread.joinable())
        m_thread.join();
}

size_t Collector::drainOnce()
{
    m_buffer.clear();
    const size_t drained = m_reader.drain(m_buffer);
    m_reader.publishRead(); // the records copied out: their slots may be written again
    for (const ls::Event& e : m_buffer)
        m_tally.add(e);
    // A reader following the recording sees the events within a drain or two.
    if (!m_buffer.empty() && m_tally.recording)
        m_tally.recording->flush();
    // The job's description into the recording as the job rewrites it (a new DataLoader): an
    // opened recording shows the job's own arguments (a torn read is taken next time).
    if (m_tally.recording) {
        const uint64_t digest = m_segment.configDigest();
        if (digest != 0 && digest != m_described) {
            if (const auto text = m_segment.configJsonChecked()) {
                m_tally.recording->describe(*text);
                m_described = digest;
            }
        }
    }
    return drained;
}

uint64_t Collector::finish()
{
    stop();
    drainOnce();
    return m_reader.lost();
}

namespace {

ls::SegmentSpec probeSegmentSpec(const SessionSpec& spec)
{
    ls::SegmentSpec s;
    s.num_workers = spec.lanes;
    s.num_slots = 1; // the probe moves no batches through the segment: events only
    s.task_ring_capacity = 8;
    s.event_ring_capacity = spec.ring_capacity;
    s.max_indices = 1;
    s.slot_payload_bytes = 0;
    s.config_json = spec.info_json;
    s.config_reserve_bytes = kInfoReserveBytes;
    s.source = ls::SegmentSource::Probe;
    s.program = spec.program;
    s.rank = spec.rank;
    s.world_size = spec.world_size;
    return s;
}

} // namespace

uint64_t probeSegmentBytes(uint32_t lanes, uint32_t ringCapacity, uint64_t infoJsonBytes)
{
    SessionSpec spec;
    spec.lanes = lanes;
    spec.ring_capacity = ringCapacity;
    const ls::SegmentSpec s = probeSegmentSpec(spec);
    return ls::ShmLayout::fromCounts(s.num_workers, s.num_slots, s.task_ring_capacity, s.event_ring_capacity,
                                     s.max_indices, s.slot_payload_bytes,
                                     ls::ShmLayout::configSectionBytes(std::max<uint64_t>(infoJsonBytes, kInfoReserveBytes)))
        .total_bytes;
}

Session::Session(const SessionSpec& spec) : m_pid(getpid())
{
    ls::sweepStaleSegments(); // segments of runs whose process is gone (a killed job)
    m_handle = std::make_shared<SegmentHandle>(ls::Segment::create(probeSegmentSpec(spec)));
    m_handle->segment().header()->run_state.store(uint32_t(ls::RunState::Running));
    // Before the collector's and the sampler's threads start (fewer threads to copy); a job
    // that cannot fork still runs, its segment then left to the next run's stale sweep.
    m_guard = ls::SegmentGuard::start(m_handle->segment().name());
    m_tally = std::make_unique<RunTally>(int(spec.lanes));
    if (!spec.recording_path.empty()) {
        ls::RecordingHeader h;
        h.num_workers = spec.lanes; // the lanes used are written at close
        h.clock_origin_ns = clockOrigin();
        h.simulated_device = 1;     // no simulated device: the probe's GPU spans come from CUDA events
        h.engine_pid = getpid();
        h.source = 1;
        m_tally->recording = std::make_unique<ls::RecordingWriter>(spec.recording_path, h);
        m_recordingPath = spec.recording_path;
    }
    m_collector = std::make_unique<Collector>(m_handle->segment(), *m_tally);
    if (const double hz = probeMemoryHz(); hz > 0)
        m_memory = std::make_unique<ls::MemorySampler>(m_handle->segment(), hz, /*sharedPinned=*/false,
                                                       kProbeMemoryBudget);
}

Session::~Session()
{
    if (getpid() != m_pid) {
        // A forked child holds a copy of this object but not the collector's thread, nor the
        // segment's name: leave both alone.
        (void)m_collector.release();
        (void)m_tally.release();
        (void)m_memory.release();
        (void)m_guard.release();
        return;
    }
    m_memory.reset();
    m_collector.reset();
}

std::string Session::name() const
{
    return m_handle->segment().name();
}

uint64_t Session::clockOrigin() const
{
    return m_handle->segment().header()->clock_origin_ns;
}

uint32_t Session::lanes() const
{
    return m_handle->segment().layout().num_workers;
}

uint32_t Session::lanesUsed() const
{
    return m_handle->segment().header()->lanes_used.load();
}

void Session::setRank(int rank, int worldSize)
{
    m_handle->segment().header()->rank.store(rank);
    m_handle->segment().header()->world_size.store(worldSize);
}

void Session::noteLanesUsed(uint32_t n)
{
    auto& used = m_handle->segment().header()->lanes_used;
    uint32_t cur = used.load();
    while (cur < n && !used.compare_exchange_weak(cur, n)) {
    }
}

void Session::setRunState(uint32_t state)
{
    m_handle->segment().header()->run_state.store(state);
}

void Session::stopCollector()
{
    if (!m_collector || getpid() != m_pid)
        return;
    if (m_memory)
        m_memory->stop(); // its last sample (every process's PSS and USS) goes into the recording
    // The probe's own threads' CPU as one ProbeCost on the main lane (arg1 -1: its threads, not a
    // hook), on the memory ring: its writer is this thread now that the sampler has stopped (or
    // it had none). The collector's last drain takes it into the recording, and a stream still
    // reads it (the segment's name goes after it). The collector's CPU is as of its previous
    // drain: the last one, some microseconds, is not in it.
    ls::EventWriter(m_handle->segment(), ls::LaneMain, ls::ShmLayout::kMemoryRing)
        .instant(ls::EventKind::ProbeCost, ls::nowNs(), -1, int64_t(probeThreadsCpuNs()), -1);
    m_lost = m_collector->finish();
    m_collectorCpuNs = m_collector->cpuNs();
    m_collector.reset();
}

std::string Session::recordingLivePath() const
{
    return m_tally && m_tally->recording ? m_tally->recording->livePath() : std::string();
}

std::string Session::closeRecording()
{
    if (!stopped() || !m_tally->recording)
        return {};
    std::unique_ptr<ls::RecordingWriter> w = std::move(m_tally->recording);
    w->setNumWorkers(std::max(lanesUsed(), 1u));
    std::string error;
    if (!w->close(&error))
        throw std::runtime_error("the recording: " + error);
    return m_recordingPath;
}

void Session::unlink()
{
    if (getpid() != m_pid)
        return;
    m_handle->segment().unlink();
    if (m_guard)
        m_guard->release();
}

} // namespace lsprobe

// SPDX-License-Identifier: MIT
// The probe's session in the job's main process: the segment it announces, the collector thread
// that drains every ring (so a slow or dead viewer never blocks a writer) and measures the run as
// the events come, and the run's outputs.
#pragma once

#include "recorder.h"

#include "loaderscope/base/events.h"
#include "loaderscope/shm/memory.h"
#include "loaderscope/shm/segment_guard.h"
#include "loaderscope/results/metrics.h"
#include "loaderscope/analysis/probe_model.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/results/run_summary.h"

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace lsprobe {

/**
 * What the collector makes of the events as they come: the engine's MetricsAccumulator (the run's
 * figures), the observation behind the model fit, the batch log, and the recording (every event,
 * streamed to disk) when an event file or a trace was asked for. Owned by the collector thread
 * until it stops.
 */
struct RunTally
{
    explicit RunTally(int lanes) : metrics(lanes) {}
    void add(const ls::Event& e);

    ls::MetricsAccumulator metrics;
    ls::ObservationAccumulator observed;
    std::vector<ls::BatchLogEntry> batch_log;  ///< the first kBatchLogLimit deliveries
    bool batch_log_truncated = false;
    std::unordered_map<int64_t, int64_t> first_sample; ///< batch key -> first Fetch's sample
    std::map<int, int64_t> delivered_in_epoch;
    int64_t kernels = 0;
    uint64_t t_iter_created = 0;               ///< the first EpochBegin
    std::unique_ptr<ls::RecordingWriter> recording;
    int64_t events = 0;
};

/** Drains every event ring of a segment into a RunTally on its own thread (never takes the GIL). */
class Collector
{
public:
    Collector(const ls::Segment& seg, RunTally& tally);
    ~Collector();
    /// Stops the thread and drains once more. Returns the events lost (overwritten before read).
    uint64_t finish();
    /// The collector thread's own CPU time so far (its thread CPU clock, stored after every
    /// drain by that thread), ns: the probe's cost, which the job's figures must not count.
    uint64_t cpuNs() const { return m_cpuNs.load(std::memory_order_relaxed); }

private:
    /// Ends the thread (at once: its sleep is a wait on the segment's collector_wake). Idempotent.
    void stop();
    /// Returns the events drained.
    size_t drainOnce();

    ls::EventReader m_reader;
    const ls::Segment& m_segment;
    RunTally& m_tally;
    uint64_t m_described = 0; ///< the segment's description digest last written to the recording
    std::vector<ls::Event> m_buffer;
    std::atomic<bool> m_done{false};
    std::atomic<uint64_t> m_cpuNs{0};
    std::thread m_thread;
};


/// Room in the segment for the job's description rewritten as its DataLoaders appear (their
/// arguments, about 600 bytes each): what a watching app shows as the job's own settings.
inline constexpr uint64_t kInfoReserveBytes = 16 * 1024;

struct SessionSpec
{
    uint32_t lanes = 16;                ///< worker event rings (worker lanes 0..lanes-1)
    uint32_t ring_capacity = 1u << 15;  ///< records per ring (power of two)
    std::string program;                ///< the script, shown in live-segment lists
    int rank = -1;
    int world_size = 0;
    std::string info_json;              ///< stored in the segment's config section
    std::string recording_path;         ///< where to stream every event (empty: not kept)
};

/// The bytes of /dev/shm a session with these counts reserves (its segment, as Segment::create
/// lays it out): the probe sizes its rings to what /dev/shm can spare before it makes one.
uint64_t probeSegmentBytes(uint32_t lanes, uint32_t ringCapacity, uint64_t infoJsonBytes);

class Session
{
public:
    explicit Session(const SessionSpec& spec);
    ~Session();

    std::shared_ptr<SegmentHandle> handle() const { return m_handle; }
    std::string name() const;
    uint64_t clockOrigin() const;
    uint32_t lanes() const;
    uint32_t lanesUsed() const;
    void setRank(int rank, int worldSize);
    /// Raises the header's lanes_used to at least n.
    void noteLanesUsed(uint32_t n);
    void setRunState(uint32_t state);

    /// Stops the collector (idempotent); the tally is complete after it.
    void stopCollector();
    bool stopped() const { return !m_collector; }
    /// The memory sampler's own CPU time (its thread's CPU clock), ns; 0 when it did not run.
    uint64_t memorySamplerCpuNs() const { return m_memory ? m_memory->cpuNs() : 0; }
    /// CPU time of the probe's own threads in this process (the collector and the memory sampler),
    /// ns: what the job's main process burns on threads other than its own (ThreadsCost) less this.
    uint64_t probeThreadsCpuNs() const { return (m_collector ? m_collector->cpuNs() : m_collectorCpuNs) + memorySamplerCpuNs(); }
    const RunTally& tally() const { return *m_tally; }
    uint64_t eventsLost() const { return m_lost; }
    /// The recording's file while it is written (readers may follow it), or "".
    std::string recordingLivePath() const;
    /// After stopCollector: closes the recording under its path (with the lanes used as its
    /// worker count). Returns the path, "" when none was kept; throws on a write error.
    std::string closeRecording();
    /// Removes the segment's name from /dev/shm (readers keep their mapping).
    void unlink();

private:
    std::shared_ptr<SegmentHandle> m_handle;
    /// Removes the segment's name if this process dies without unlink() (SIGKILL, os._exit):
    /// the engine's zygote does the same for the engine. Null when it could not start.
    std::unique_ptr<ls::SegmentGuard> m_guard;
    std::unique_ptr<RunTally> m_tally;
    std::unique_ptr<Collector> m_collector;
    /// RSS/PSS/USS of this process and its workers, /dev/shm, about 20 times a second, on the
    /// segment's memory ring (as the engine does); none when LOADERSCOPE_MEMORY_SAMPLE_HZ is 0.
    std::unique_ptr<ls::MemorySampler> m_memory;
    std::string m_recordingPath;
    uint64_t m_lost = 0;
    uint64_t m_collectorCpuNs = 0; ///< the collector's CPU when it stopped
    pid_t m_pid;
};

} // namespace lsprobe

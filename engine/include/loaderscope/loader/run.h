// SPDX-License-Identifier: MIT
// One engine run (run.cpp): the training loop over the loader iterator, the event collector, stop
// signals. The summary of a run is in summary.h, the Chrome trace export in trace_export.h.
#pragma once

#include "loaderscope/config/config.h"
#include "loaderscope/device/device.h"
#include "loaderscope/base/events.h"
#include "loaderscope/results/run_summary.h"

#include <atomic>
#include <functional>
#include <stdexcept>
#include <cstdint>
#include <string>
#include <sys/types.h>
#include <vector>

namespace loaderscope {

class Zygote;

/** Everything a run produced; the summary JSON and the trace are made from it. */
struct RunReport
{
    std::string backend = "none";
    std::string backend_note;
    int exit_code = 0;
    int interrupted_by = 0;           ///< signal number, or 0
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
    int stalled_tasks = 0;            ///< tasks a worker held kStallNs or more
    std::vector<BatchLogEntry> batch_log;  ///< the first kBatchLogLimit deliveries
    bool batch_log_truncated = false;
    int64_t batches = 0;              ///< delivered (the batch log may stop at its limit)
    std::vector<std::vector<pid_t>> worker_pids; ///< per epoch (same pids with persistent workers)
    pid_t engine_pid = 0;
    uint64_t clock_origin_ns = 0;     ///< the segment's clock origin (time zero for viewers)
    std::string segment_name;
    uint64_t t_iter_created = 0;      ///< epoch 0 iter(loader), CLOCK_MONOTONIC ns
    uint64_t t_first_batch = 0;
    uint64_t t_loop_begin = 0;        ///< first next()
    uint64_t t_loop_end = 0;          ///< end of the last main-lane span (next(), step, device wait)
    uint64_t wait_ns = 0;             ///< total time in next()
    uint64_t step_ns = 0;
    int64_t samples = 0;
    uint64_t batch_bytes = 0;         ///< payload bytes of all delivered batches
    uint64_t copied_to_main_bytes = 0;///< bytes of delivered batches not read in place from a slot
    uint64_t host_blocked_ns = 0;     ///< main thread blocked by the copies themselves (pageable, sync)
    uint64_t host_waits_gpu_ns = 0;   ///< main thread waiting for the GPU: busy device buffers, or the stream before a blocking copy
    uint64_t events_collected = 0;    ///< drained from the rings (each also in the recording, if any)
    std::string recording_error;      ///< the recording could not be written (a full disk)
    uint64_t device_timing_bracket_ns = 0; ///< widest clock-anchor bracket (CUDA): spans' host times are within +/- half of it; 0 simulated
    double device_peak_h2d_gbps = 0;  ///< plain-copy pinned H2D peak measured in this process (LOADERSCOPE_PEAK_H2D_MIB); 0: not measured
    uint64_t segment_bytes = 0;       ///< the run's shared-memory segment
    uint64_t slots_bytes = 0;         ///< its batch-slot section
    uint64_t memory_limit_bytes = 0;  ///< the memory cgroup's limit, else the machine's memory
    double memory_sample_hz = 0;      ///< 0: the memory was not sampled
    uint64_t memory_samples = 0;      ///< sampler ticks
    uint64_t memory_sampler_cpu_ns = 0; ///< the sampler thread's CPU time (its cost)
    RunFigures figures;               ///< computed from the events as they were collected
    uint64_t events_lost = 0;
    int num_workers = 0;
};

/** A forced device backend that cannot be used: exit code 2, like a bad config. */
class DeviceUnavailable : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/** Process-wide stop request (set from SIGINT/SIGTERM handlers to the signal number). */
std::atomic<int>& stopSignal();
/** How many stop signals arrived (a second one also cancels writing the Chrome trace). */
std::atomic<int>& stopSignalCount();
void installStopHandlers();
/** Not a signal: the run's own reason to stop at once, the recording could not be written (a full
 *  disk). Stored in stopSignal() so that every wait that honours a signal honours it too. */
inline constexpr int kStopRecordingFailed = -1;
/** Sets stopSignal() to `reason` unless a stop is already requested. */
void requestStop(int reason);
/** Clears a request made with requestStop(reason) (a real signal stays). */
void clearStopRequest(int reason);

/**
 * Runs the config in this process (the DataLoader "main process"). `zygote` must have been started
 * before any thread (fork start method); it also guards the segment against this process dying.
 */
struct RunOptions
{
    /// The recording (every event, written as it comes); empty: none is kept.
    std::string recordingPath;
    /// Called once the run's segment and recording exist, with their exact names (the recording
    /// is written under a temporary name until the end; readers may follow it).
    std::function<void(const std::string& segment, const std::string& liveRecording)> onStarted;
};
RunReport runEngine(const Config& config, const std::string& configJson, Zygote* zygote, const RunOptions& options = {});

} // namespace loaderscope

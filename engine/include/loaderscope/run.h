// SPDX-License-Identifier: MIT
// One engine run: the training loop over the loader iterator, the event collector, the summary.
#pragma once

#include "loaderscope/config.h"
#include "loaderscope/events.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <sys/types.h>
#include <vector>

namespace loaderscope {

class Zygote;

struct BatchLogEntry
{
    int epoch = 0;
    int64_t index = 0;        ///< delivery position in the epoch
    int64_t task = 0;         ///< DataLoader's task id (differs from index with in_order false)
    int worker = -1;
    int64_t first_sample = -1;
    uint32_t size = 0;
    uint64_t checksum = 0;
};

/** Everything a run produced; the summary JSON and the trace are made from it. */
struct RunReport
{
    std::string backend = "none";
    std::string backend_note;
    int exit_code = 0;
    int interrupted_by = 0;           ///< signal number, or 0
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
    std::vector<BatchLogEntry> batch_log;
    std::vector<std::vector<pid_t>> worker_pids; ///< per epoch (same pids with persistent workers)
    pid_t engine_pid = 0;
    std::string segment_name;
    uint64_t t_iter_created = 0;      ///< epoch 0 iter(loader), CLOCK_MONOTONIC ns
    uint64_t t_first_batch = 0;
    uint64_t t_loop_begin = 0;        ///< first next()
    uint64_t t_loop_end = 0;          ///< last step done
    uint64_t wait_ns = 0;             ///< total time in next()
    uint64_t step_ns = 0;
    int64_t samples = 0;
    uint64_t batch_bytes = 0;         ///< payload bytes of all delivered batches
    uint64_t copied_to_main_bytes = 0;///< bytes of delivered batches not read in place from a slot
    std::vector<Event> events;        ///< everything collected from the rings, all processes
    uint64_t events_lost = 0;
    int num_workers = 0;
};

/** Process-wide stop request (set from SIGINT/SIGTERM handlers to the signal number). */
std::atomic<int>& stopSignal();
void installStopHandlers();

/**
 * Runs the config in this process (the DataLoader "main process"). `zygote` must have been started
 * before any thread (fork start method); it also guards the segment against this process dying.
 */
RunReport runEngine(const Config& config, const std::string& configJson, Zygote* zygote);

/** The summary JSON of config.md (and more), pretty-printed. */
std::string summaryJson(const Config& config, const RunReport& report);
/** Writes a Chrome trace (Perfetto / chrome://tracing). Returns false with errno set on I/O error. */
bool writeChromeTrace(const Config& config, const RunReport& report, const std::string& path);

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// Our own Chrome traces (writeChromeTrace: the engine's run --trace, the probe's --trace, the
// app's export) opened again. Such a file is recognised by its metadata (otherData.tool
// "loaderscope" on its first line, docs/traces.md section 1) and read back into the events of the
// recording it was written from, so that it gets the run's own lanes, figures and verdict
// (the same MetricsAccumulator) instead of a profiler trace's analysis, which finds no
// DataLoader __next__ spans in it. A profiler trace never goes this way. Any thread.
#pragma once

#include "loaderscope/base/events.h"
#include "loaderscope/analysis/recording_digest.h"

#include <cstdint>
#include <functional>
#include <string>

namespace loaderscope {

/// otherData.trace_format and trace_format_version, written by writeChromeTrace.
inline constexpr const char* kOwnTraceFormat = "loaderscope-events";
inline constexpr int kOwnTraceFormatVersion = 1;

/// The pseudo-processes of the trace (docs/traces.md, "Processes and threads"): the main process
/// (tid 1 the loop, 2 the pin-memory thread), worker k at kWorkerPidBase + k, the device (tid 1
/// the copy stream, 2 the compute stream).
namespace own_trace {
inline constexpr int kMainPid = 1;
inline constexpr int kWorkerPidBase = 10;
inline constexpr int kDevicePid = 1000;
} // namespace own_trace

/// What the metadata of one of our Chrome traces says (otherData).
struct OwnTraceInfo
{
    std::string version;           ///< Loaderscope's version that wrote it
    uint32_t source = 0;           ///< as RecordingHeader::source: 0 the engine, 1 the probe
    bool simulated_device = true;  ///< otherData.backend "sim"
    uint64_t base_time_ns = 0;     ///< time zero (CLOCK_MONOTONIC ns)
    int num_workers = -1;          ///< -1: a file older than trace_format_version 1 (counted from its tracks)
    int format_version = 0;        ///< 0: written before the format was versioned
};

/// Whether `path` (plain or gzip) is one of our Chrome traces, by its first line's otherData;
/// fills `info` when it is. Never throws: an unreadable file is not ours (the caller's import
/// reports why it cannot be read).
bool isOwnChromeTrace(const std::string& path, OwnTraceInfo* info = nullptr);

/// Streams the events of one of our traces back, in file order (the recording's order): lanes,
/// kinds, times (ns, time zero added back) and args as the recording held them. Metadata events
/// are skipped. `cancel` (may be empty) is asked every 64 Ki lines; true stops and returns false.
/// Throws RecordingError naming the line of a malformed event, or when the file is not ours.
bool readOwnChromeTrace(const std::string& path, const std::function<void(const Event&)>& sink,
                        const std::function<bool()>& cancel = {}, OwnTraceInfo* info = nullptr);

/// The figures of one of our traces, from the same code as the run's summary (digestRecording's
/// fields; `events` counts the events read back). Throws RecordingError as readOwnChromeTrace.
RecordingDigest digestOwnChromeTrace(const std::string& path, const std::function<bool()>& cancel = {});

} // namespace loaderscope

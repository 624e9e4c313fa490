// SPDX-License-Identifier: MIT
// PyTorch profiler traces (Kineto JSON of torch 1.8 to 2.x, and the legacy profiler's bare array):
// a streaming reader that keeps only what the loader analysis needs (docs/traces.md), and the
// loader figures, verdict and recommendations computed from them. Plain or gzip files; memory
// bounded by the kept events; errors give the byte offset.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace loaderscope {

/** One kept event of a profiler trace, times in ns as written in the trace (µs × 1000). */
struct ProfiledSpan
{
    enum Kind : uint8_t { Step, DataWait, CopyPinned, CopyPageable, Kernel };
    Kind kind = Step;
    int64_t t0 = 0;
    int64_t t1 = 0;
    uint64_t bytes = 0;   ///< copies
    int64_t pid = 0;      ///< from the trace (strings hashed)
    int64_t tid = 0;
};

/** A thread (or GPU stream) of the trace: its complete events and the time they cover. */
struct TraceThread
{
    int64_t pid = 0;
    int64_t tid = 0;
    std::string name;     ///< from a thread_name metadata event, or the tid as written
    std::string process;  ///< from a process_name metadata event, or the pid as written
    uint64_t events = 0;  ///< complete ("X") events on it
    int64_t t0 = 0;       ///< first start, ns
    int64_t t1 = 0;       ///< last end, ns
};

/** A malformed or truncated trace, or one that breaks a limit: the message names the byte offset. */
class TraceImportError : public std::runtime_error
{
public:
    TraceImportError(const std::string& message, uint64_t offset)
        : std::runtime_error(message), m_offset(offset)
    {
    }
    uint64_t offset() const { return m_offset; }

private:
    uint64_t m_offset;
};

/** Limits against hostile or broken files (issue 12): each one breached is a TraceImportError. */
struct TraceImportLimits
{
    uint32_t max_depth = 64;                    ///< JSON nesting (Kineto's deepest args: about 6)
    uint64_t max_event_bytes = 16ull << 20;     ///< one event's text, decompressed (strings included)
    uint64_t max_kept_spans = 32ull << 20;      ///< kept spans (48 bytes each: 1.5 GiB at the limit)
    uint32_t max_threads = 1u << 16;            ///< distinct (pid, tid) pairs tracked
};

struct ProfilerTrace
{
    std::string path;
    std::string format;               ///< "kineto" (an object with traceEvents) or "legacy array"
    int schema_version = -1;          ///< Kineto's schemaVersion, -1 when absent
    int rank = -1;                    ///< distributedInfo.rank, or -1
    std::vector<ProfiledSpan> spans;  ///< only the kinds above
    std::vector<TraceThread> threads; ///< every (pid, tid) with complete events, by first appearance
    uint64_t bytes_read = 0;          ///< of the (decompressed) JSON
    uint64_t events_seen = 0;         ///< every traceEvents entry
    uint64_t gpu_events = 0;          ///< kernels, memcpys and memsets (any direction)
    /// Spans that would have been kept but were refused: negative or non-finite durations, times
    /// out of range. Indexed by ProfiledSpan::Kind. They are reported, never silently dropped.
    uint64_t refused[5] = {0, 0, 0, 0, 0};
    std::vector<std::string> warnings; ///< things the reader noticed (refused spans, ignored parts)
};

using TraceProgress = std::function<bool(uint64_t done, uint64_t total)>;

/**
 * Reads a trace in windows (never the whole document in memory). `progress` is called with bytes
 * read of the file on disk now and then; returning false cancels (throws). Every failure, including
 * running out of memory, is a TraceImportError.
 */
ProfilerTrace importProfilerTrace(const std::string& path, const TraceProgress& progress = {},
                                  const TraceImportLimits& limits = {});

/** The same from a buffer in memory (plain JSON): fuzzing and tests. Throws TraceImportError. */
ProfilerTrace importProfilerTraceBuffer(const char* data, size_t size, const TraceImportLimits& limits = {});

/** How the loop's loader waits sit against its steps (TraceAnalysis::loop_shape): stable ids. */
namespace loop_shape {
inline constexpr const char* kWaitsInsideSteps = "waits_inside_steps";   ///< profile.step() schedules
inline constexpr const char* kWaitsBetweenSteps = "waits_between_steps"; ///< record_function per step
inline constexpr const char* kNoStepAnnotations = "no_step_annotations"; ///< waits, no steps
inline constexpr const char* kLoaderOnOtherThread = "loader_on_other_thread"; ///< waits off the step thread
inline constexpr const char* kNoLoaderSpans = "no_loader_spans";         ///< nothing to measure
} // namespace loop_shape

/** The loader figures of one rank's trace. */
struct TraceAnalysis
{
    std::string loop_shape = loop_shape::kNoLoaderSpans;
    bool loader_spans_found = false;  ///< any enumerate(DataLoader)#….__next__ / enumerate(DataPipe)# span
    bool stall_applies = false;       ///< data_wait_s / loop_s measure the loop (else "–")
    bool gpu_applies = false;         ///< kernels in the loop window (gpu_busy_fraction means something)
    bool reliable = true;             ///< false when refused spans make the figures doubtful
    int steps = 0;
    double step_s = 0;                ///< total time inside ProfilerStep spans of the loop thread
    double loop_s = 0;                ///< the loop's time (steps, or first wait to last step end)
    double data_wait_s = 0;           ///< loader wait inside the loop, on the loop thread
    double data_stall_fraction = 0;   ///< data_wait_s / loop_s (0 when !stall_applies)
    double other_thread_wait_s = 0;   ///< loader spans on other threads (background prefetchers)
    int64_t loop_pid = 0, loop_tid = 0; ///< the thread the loop ran on
    std::string loop_thread;          ///< its name
    int64_t loop_begin_ns = 0;        ///< the window the figures cover, in the trace's time
    int64_t loop_end_ns = 0;          ///< (the whole trace when there is no loop)
    double gpu_busy_fraction = 0;     ///< kernels (union over streams) over the loop window
    double overlap_fraction = -1;     ///< copy time overlapping kernels, -1 without copies
    double h2d_gbps = -1;
    int pinned_copies = 0;
    int pageable_copies = 0;
    int kernels = 0;
    uint64_t gpu_events = 0;
    uint64_t refused_spans = 0;       ///< see ProfilerTrace::refused
    std::string verdict;
    std::vector<std::string> recommendations;
    std::vector<std::string> warnings;
};

TraceAnalysis analyzeProfilerTrace(const ProfilerTrace& trace);

/** Several ranks of one job: each analysed, and the rank whose loader holds the others back. */
struct RankReport
{
    std::vector<TraceAnalysis> ranks;
    int straggler = -1;               ///< index into ranks, -1 when nobody stands out
    std::string straggler_reason;
};
RankReport compareRanks(const std::vector<ProfilerTrace>& traces);

} // namespace loaderscope

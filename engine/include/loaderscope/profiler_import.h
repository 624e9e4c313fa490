// SPDX-License-Identifier: MIT
// PyTorch profiler (Kineto, Chrome JSON) traces: a streaming reader that keeps only what the
// loader analysis needs (docs/traces.md), and the same metrics, verdict and recommendations
// as the engine's own runs. Plain or gzip files; bounded memory; errors give the byte offset.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace loaderscope {

/** One kept event of a profiler trace, times in ns relative to the trace. */
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

/** A malformed or truncated trace: the message names the byte offset. */
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

struct ProfilerTrace
{
    std::string path;
    int rank = -1;                    ///< distributedInfo.rank, or -1
    std::vector<ProfiledSpan> spans;  ///< only the kinds above
    uint64_t bytes_read = 0;          ///< of the (decompressed) JSON
    uint64_t events_seen = 0;         ///< every traceEvents entry
};

/**
 * Reads a trace with a SAX parser (never the whole document in memory). `progress` is called
 * with bytes read (of the file on disk) now and then; returning false cancels (throws).
 * Throws TraceImportError.
 */
ProfilerTrace importProfilerTrace(const std::string& path,
                                  const std::function<bool(uint64_t done, uint64_t total)>& progress = {});

/** The same from a buffer in memory (plain JSON): fuzzing and tests. Throws TraceImportError. */
ProfilerTrace importProfilerTraceBuffer(const char* data, size_t size);

/** The loader figures of one rank's trace. */
struct TraceAnalysis
{
    int steps = 0;
    double step_s = 0;                ///< total time inside ProfilerStep spans
    double data_wait_s = 0;           ///< DataLoader __next__ time inside the steps
    double data_stall_fraction = 0;   ///< data_wait_s / step_s
    double gpu_busy_fraction = 0;     ///< kernels over the steps' window
    double overlap_fraction = -1;     ///< copy time overlapping kernels, -1 without copies
    double h2d_gbps = -1;
    int pinned_copies = 0;
    int pageable_copies = 0;
    int kernels = 0;
    std::string verdict;
    std::vector<std::string> recommendations;
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

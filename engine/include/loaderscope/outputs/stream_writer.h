// SPDX-License-Identifier: MIT
// The writing side of a recording stream (format version 3, recording.h): the frames of a live
// segment written to a descriptor (a pipe, a socket, ssh's standard output) as they come, plain or
// through zstd. The frames themselves are made by recording.h's encoders, which the file
// recording uses too: a saved stream is a recording.
#pragma once

#include "loaderscope/results/recording.h"

#include <cstdint>
#include <string>
#include <vector>

namespace loaderscope {

/** Writes bytes to a descriptor with write(), blocking; optionally as zstd frames. */
class StreamSink
{
public:
    enum class Status { Ok, ConsumerGone, Error };

    /// `zstdLevel` 0: plain bytes; else zstd at that level (frames end at endFrame()).
    StreamSink(int fd, int zstdLevel);
    ~StreamSink();
    StreamSink(const StreamSink&) = delete;
    StreamSink& operator=(const StreamSink&) = delete;

    /// Writes all of it (compressed: and flushes, so the consumer can decode what it got).
    /// ConsumerGone: the reading end is closed (EPIPE; SIGPIPE must be ignored by the caller).
    Status write(const uint8_t* data, size_t bytes);
    Status write(const std::vector<uint8_t>& bytes) { return write(bytes.data(), bytes.size()); }
    /// zstd: ends the current zstd frame (each frame decompresses on its own). Plain: nothing.
    Status endFrame();
    uint64_t bytesIn() const { return m_in; }
    uint64_t bytesOut() const { return m_out; }
    const std::string& error() const { return m_error; }

private:
    Status writeRaw(const uint8_t* data, size_t bytes);
    Status compress(const uint8_t* data, size_t bytes, int mode);

    int m_fd;
    void* m_cctx = nullptr; // ZSTD_CCtx
    std::vector<uint8_t> m_zbuf;
    uint64_t m_in = 0, m_out = 0;
    bool m_frameOpen = false;
    std::string m_error;
};

/** The CLOCK_MONOTONIC / CLOCK_REALTIME pair of a stream record (recording.h), both shifted. */
struct ClockPair
{
    uint64_t monotonic_ns = 0;
    int64_t realtime_ns = 0;
    uint64_t pair_ns = 0;
};
/// CLOCK_REALTIME read between two CLOCK_MONOTONIC reads (the closest of three tries), each plus
/// `clockOffsetNs` (LOADERSCOPE_CLOCK_OFFSET_NS: the stream then looks like one from a host whose
/// clocks are that far from ours, event times included).
ClockPair readClockPair(int64_t clockOffsetNs);

/// The stream's first bytes: a version 3 RecordingHeader (`header`, its magic set here) and the
/// header record with its key=value lines (keys and values without '\n'; '=' ends a key).
std::vector<uint8_t> encodeStreamStart(RecordingHeader header, const StreamInfoRecord& info,
                                       const std::vector<std::pair<std::string, std::string>>& fields);

} // namespace loaderscope

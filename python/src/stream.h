// SPDX-License-Identifier: MIT
// `python3 -m loaderscope stream SEGMENT`: a live segment's events written to a descriptor (standard
// output) as a recording stream (format version 3: recording.h, stream_writer.h), until the job
// ends. It reads the rings like any other reader: never slows the job.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lsprobe {

struct StreamOptions
{
    std::string segment;
    int fd = 1;
    int zstd_level = 0;
    uint64_t buffer_bytes = 32u << 20;
    int64_t clock_offset_ns = 0;
    int pings_fd = -1;        ///< read "PING <token>" lines here and answer each (-1: none)
    std::vector<std::pair<std::string, std::string>> fields; ///< host, boot_id, versions...
    /// Asked every 100 ms (until it has said so once) whether to end the stream as a signal does:
    /// non-zero ends it. Null: only signals end it.
    int (*stop)() = nullptr;
};

/// Runs the stream on the calling thread until the job ends, the consumer goes or `stop` says so;
/// returns what happened as JSON (reason, counts, consumer gone, error, interrupted). Throws
/// std::runtime_error with the reason when the segment cannot be opened.
std::string streamSegment(const StreamOptions& o);

} // namespace lsprobe

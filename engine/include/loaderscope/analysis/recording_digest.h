// SPDX-License-Identifier: MIT
// What one recording holds, from one streaming pass over it (RecordingReader and the engine's own
// MetricsAccumulator): its figures, where reading stopped if it was cut short, and no events kept,
// so dozens of ranks' recordings can be compared in the memory of one. The app's rank table and
// `loaderscope-engine analyze --recording` both use it, with findStraggler (ranks.h) on top.
#pragma once

#include "loaderscope/results/recording.h"
#include "loaderscope/results/run_summary.h"

#include <functional>
#include <string>
#include <vector>

namespace loaderscope {

struct RecordingDigest
{
    std::string path;
    uint32_t source = 0;           ///< RecordingHeader::source: 0 the engine, 1 the probe
    int num_workers = 0;
    bool simulated_device = true;  ///< RecordingHeader::simulated_device: the engine's simulated GPU (or none)
    uint64_t events = 0;           ///< events read (the whole chunks)
    uint64_t events_lost = 0;      ///< a stream's own count of events it could not send (its
                                   ///< end record's, else its last beacon's); 0 for a file recording
    uint64_t clock_origin_ns = 0;
    uint64_t t_min = 0, t_max = 0; ///< CLOCK_MONOTONIC ns of the chunks read
    RunFigures figures;
    RecordingReader::Shortfall shortfall; ///< truncated: reading stopped before the file's end
    std::string description;       ///< what ran (its last JOBD record, JSON): an engine run's
                                   ///< {"source": "engine", "config"}, a job's description; empty
                                   ///< in a recording made before format 4, or killed before it
    std::string damage;            ///< a chunk that fails its checksum: the reader's words (figures
                                   ///< are of the events before it); empty when none
};

/// Reads `path` once. Throws RecordingError (not a recording, unreadable); a damaged chunk later
/// ends the reading there (RecordingDigest::damage). `cancel` (may be empty)
/// is asked between chunks: true stops, and the digest holds what was read so far.
RecordingDigest digestRecording(const std::string& path, const std::function<bool()>& cancel = {});

/// The rank a file names ("…rank12…" → 12), else -1: a job's ranks are usually written as
/// events-rank0.lsrec, events-rank1.lsrec, …
int rankFromFileName(const std::string& path);

} // namespace loaderscope

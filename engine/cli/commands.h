// SPDX-License-Identifier: MIT
// Subcommands of loaderscope-engine that live outside main.cpp.
#pragma once

#include <atomic>
#include <string>
#include <utility>
#include <vector>

namespace loaderscope::cli {

using Options = std::vector<std::pair<std::string, std::string>>; ///< in order, repeats kept

/** analyze --trace FILE [--trace FILE ...] | --recording FILE [--recording FILE ...] [--out FILE] */
int analyzeCommand(const Options& options);
/** sweep --config FILE --vary KNOB=V1,V2 [--vary ...] --out FILE.csv|.json [--batches N] */
int sweepCommand(const Options& options, const std::string& self);
/** advise --config FILE [--batches N] [--out FILE.json] */
int adviseCommand(const Options& options, const std::string& self);
/// SIGINT/SIGTERM/SIGHUP set the flag sweepStopFlag() returns (sweep and advise).
void installSweepStopHandlers();
const std::atomic<bool>* sweepStopFlag();

} // namespace loaderscope::cli

// SPDX-License-Identifier: MIT
// Subcommands of loaderscope-engine that live outside main.cpp.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace loaderscope::cli {

using Options = std::vector<std::pair<std::string, std::string>>; ///< in order, repeats kept

/** analyze --trace FILE [--trace FILE ...] [--out FILE] */
int analyzeCommand(const Options& options);
/** sweep --config FILE --vary KNOB=V1,V2 [--vary ...] --out FILE.csv|.json [--batches N] */
int sweepCommand(const Options& options, const std::string& self);

} // namespace loaderscope::cli

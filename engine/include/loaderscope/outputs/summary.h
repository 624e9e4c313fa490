// SPDX-License-Identifier: MIT
// The summary of a finished run (summary.cpp): device figures, the typed summary, its JSON.
#pragma once

#include "loaderscope/config/config.h"
#include "loaderscope/device/device.h"
#include "loaderscope/results/run_summary.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace loaderscope {

struct RunReport;

/** The typed summary of a finished run (figures, verdict, advice, exit state). */
RunSummary makeRunSummary(const Config& config, const RunReport& report);
/** The summary JSON of docs/config.md, pretty-printed. */
std::string summaryJson(const Config& config, const RunReport& report);

} // namespace loaderscope

// SPDX-License-Identifier: MIT
#pragma once
// The summary's "distributions" array (docs/config.md, section 5), written and read back with its
// bins, so that summaries merge exactly. Used by run_summary.cpp only.

#include "loaderscope/results/distributions.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace loaderscope {

nlohmann::ordered_json distributionsJson(const std::vector<StageDistribution>& stages);
/// Bounded: the known stages only, at most kMaxBins bins and kMaxWorkerEntries workers each;
/// anything malformed is left out, never thrown.
std::vector<StageDistribution> distributionsFrom(const nlohmann::ordered_json& j);

} // namespace loaderscope

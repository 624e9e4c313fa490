// SPDX-License-Identifier: MIT
#pragma once
// The summary's "distributions" array (docs/config.md, section 5), written and read back with its
// bins, so that summaries merge exactly; its "slowest_samples" and "repeating_slowdowns". Used by
// run_summary.cpp only.

#include "loaderscope/results/distributions.h"
#include "loaderscope/results/periodic.h"
#include "loaderscope/results/slow_samples.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace loaderscope {

nlohmann::ordered_json distributionsJson(const std::vector<StageDistribution>& stages);
/// Bounded: the known stages only, at most kMaxBins bins and kMaxWorkerEntries workers each;
/// anything malformed is left out, never thrown.
std::vector<StageDistribution> distributionsFrom(const nlohmann::ordered_json& j);

/// `fetchMedianNs`: the fetch stage's p50, for each sample's "times_median"; `waitMedianNs`: the
/// wait stage's p50, for its "stall_added_s" (stallAddedNs). 0: none known.
nlohmann::ordered_json slowSamplesJson(const std::vector<SlowFetch>& samples, uint64_t fetchMedianNs, uint64_t waitMedianNs);
/// Bounded: at most kMaxSlowSamples entries; malformed ones left out.
std::vector<SlowFetch> slowSamplesFrom(const nlohmann::ordered_json& j);

nlohmann::ordered_json repeatingJson(const std::vector<RepeatingSlowdown>& slowdowns);
/// Bounded: at most 8 entries, of the known kinds; malformed ones left out.
std::vector<RepeatingSlowdown> repeatingFrom(const nlohmann::ordered_json& j);

} // namespace loaderscope

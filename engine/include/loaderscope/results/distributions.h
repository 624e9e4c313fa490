// SPDX-License-Identifier: MIT
#pragma once

#include "loaderscope/base/events.h"
#include "loaderscope/results/histogram.h"

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace loaderscope {

/** The durations of one stage over a run (issue 49), in all and by the worker that made them. */
struct StageDistribution
{
    std::string stage;        ///< one of distributionStages()
    LatencyHistogram all;
    /// By worker id (-1: the main process fetching, num_workers 0); for fetch, collate and wait
    /// (the wait in next() for a batch, by the worker that made it). Empty for the other stages.
    std::map<int, LatencyHistogram> workers;
};

/// The stages, in the order of a batch's path: "fetch" (one sample), "collate", "handover" (the
/// loop fetching a batch's tensors' descriptors from its worker), "wait" (the loop inside next()),
/// "pin" (the pin-memory copy), "h2d" (the host-to-device copy), "step" (the training step on the
/// host).
const std::array<const char*, 7>& distributionStages();

/// Quantile `q` of stage `stage` in all (ns); 0 when the run has no such stage.
uint64_t stageQuantileNs(const std::vector<StageDistribution>& stages, std::string_view stage, double q);

/**
 * Feeds each stage's histogram from a run's events, in any order (MetricsAccumulator::add calls
 * it for every event). Owned by whoever owns the accumulator.
 */
class DistributionAccumulator
{
public:
    void add(const Event& e);
    /// The stages seen (count > 0), in distributionStages() order.
    std::vector<StageDistribution> figures() const;

private:
    std::array<StageDistribution, 7> m_stages;
};

} // namespace loaderscope

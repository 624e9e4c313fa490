// SPDX-License-Identifier: MIT
// The ranks of one job together (issue 49): their latency distributions merged exactly (the
// histograms' buckets are the same for every rank, histogram.h) and their slowest samples in one
// list, each with the rank it was fetched on. For the ranks window's Statistics.
#pragma once

#include "loaderscope/results/run_summary.h"

#include <vector>

namespace loaderscope {

/** One rank's figures (not owned). */
struct RankFigures
{
    int rank = -1;
    const RunFigures* figures = nullptr;
};

/**
 * Figures holding only `distributions` and `slowest_samples`, of all `ranks` together: each
 * stage's `all` merged over the ranks, its `workers` keyed by rank (one line per rank: the rank's
 * `all`), and the `keep` slowest samples of every rank, the slowest first (ties: the lower rank),
 * each with its `rank` set.
 */
RunFigures mergeRankFigures(const std::vector<RankFigures>& ranks, size_t keep = SlowSampleAccumulator::kDefaultKeep);

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// Slowdowns that repeat (issue 49): "GPU utilisation drops every N steps", the stall at each
// epoch's start. Found in the loop's steps (loop_steps.h) at the end of a run, named in the
// summary (`repeating_slowdowns`, docs/config.md section 5) with their period and cost.
#pragma once

#include "loaderscope/results/loop_steps.h"

#include <cstdint>
#include <string>
#include <vector>

namespace loaderscope {

/** A slowdown that repeats. */
struct RepeatingSlowdown
{
    std::string kind;           ///< "every_n_steps" or "epoch_start"
    int64_t period_steps = 0;   ///< every_n_steps: N (the loop's steps, counted over the run)
    int64_t occurrences = 0;    ///< the slow steps it is made of
    int64_t first_step = -1;    ///< the first of them (a step's number over the run, from 0)
    double added_s = 0;         ///< beyond the median step, all of them together
    double added_s_each = 0;    ///< the median of what each added
    std::string part;           ///< "wait" (the wait for data grew) or "step" (the step itself)
};

/** What a repeating slowdown must be, at least (one definition; docs/config.md states them). */
struct RepeatingThresholds
{
    static constexpr size_t kMinSteps = 16;          ///< a run shorter than this has no pattern
    static constexpr double kUsualQuantile = 0.75;   ///< the usual step: the 75th percentile
    static constexpr double kTimesUsual = 3.0;       ///< a slow step: 3 times the usual step...
    static constexpr double kMinAddedNs = 1e6;       ///< ...and 1 ms beyond it
    static constexpr int64_t kMinOccurrences = 3;    ///< every N steps: seen 3 times or more
    static constexpr double kRegularShare = 0.6;     ///< ...with that gap between 60 % of them
    static constexpr double kEpochShare = 2.0 / 3.0; ///< epoch start: 2 epochs in 3 slow (2 epochs or more)
};

/// The repeating slowdowns among `steps` (time order), the epoch-start one first. `everyN` false:
/// only the epoch-start kind (the steps were thinned: their numbers are not the loop's).
std::vector<RepeatingSlowdown> findRepeatingSlowdowns(const std::vector<LoopStep>& steps, bool everyN = true);

} // namespace loaderscope

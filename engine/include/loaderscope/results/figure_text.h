// SPDX-License-Identifier: MIT
// How the engine's and the probe's own sentences write a figure and a run's verdict: one
// definition each, used by the advice, the trace analysis, the straggler's reason, the summaries
// and `analyze`. The app translates these sentences and writes the figures its own way per
// language (gui/common/model/summarytext.h), with the same percent style in English.
#pragma once

#include "loaderscope/results/run_summary.h"

#include <string>

namespace loaderscope {

/**
 * A share as the engine's sentences write it: "22%", rounded to a whole percent, the sign after
 * the number with no space (the app's English style; the app writes "%22" in Turkish when it
 * translates the sentence). The one percent style of the engine's and the probe's text.
 */
std::string percentText(double fraction);

/**
 * How many decimals (1 to 4) a value needs to read differently from `threshold`: a share just
 * past a warning's threshold would otherwise read as the threshold itself ("5.0 %: more than
 * 5.0 %"). The probe's warning and the app's line both write the share with it.
 */
int decimalsApart(double value, double threshold);

/**
 * The share of the loop the input costs it: its wait for data in next() and the host blocked by
 * the batch's copy to the device (pageable staging, or a synchronous copy). Both stop the step
 * and both are the loader's to remove (workers, prefetch; pin_memory, non_blocking), so the
 * verdict and the "the training step is the bottleneck" advice read this one figure.
 */
double loopInputShare(const RunFigures& figures);

/** A run's verdict from its figures: "no batches delivered" when none was, else verdictFor of
 *  loopInputShare. */
std::string runVerdict(const RunFigures& figures);

} // namespace loaderscope

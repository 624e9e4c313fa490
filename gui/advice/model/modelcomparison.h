// SPDX-License-Identifier: MIT
// "Model this job": the model's run of a watched job's fitted config against the job itself, on
// its rate and on its bottleneck (issue 24): samples/s, the data stall, and how the workers spend
// their time (CPU, waiting for a core, I/O). Agreement on samples/s alone can hide a model of the
// wrong bottleneck, so each figure is compared and the ones that disagree are named.
#pragma once

#include "loaderscope/results/run_summary.h"

#include <QString>
#include <QStringList>

namespace ModelComparison {

/// How far apart the two may be and still agree: samples/s by 15 % of the job's, shares of time
/// (the data stall, the workers' CPU, core wait and I/O) by 10 points.
inline constexpr double kRateTolerance = 0.15;
inline constexpr double kShareTolerance = 0.10;
/// The share of the job's loop spent fetching tensors' descriptors from the workers
/// (RunFigures::handover_wait_fraction) above which the comparison names that wait.
inline constexpr double kHandOverShare = 0.05;

/// The workers' mean split of their time (the main thread's with num_workers 0), as fractions.
struct WorkerSplit
{
    double cpu = 0, core_wait = 0, io = 0;
};
WorkerSplit workerSplit(const loaderscope::RunFigures& f);

/// The figures that disagree, in the current language ("the data stall", "the workers' I/O"...),
/// in the order samples/s, data stall, CPU, core wait, I/O. Empty: they agree.
QStringList disagreeing(const loaderscope::RunFigures& job, const loaderscope::RunFigures& model);

/// The comparison as rich text for the summary pane: the figures side by side, then which disagree.
QString html(const loaderscope::RunFigures& job, const loaderscope::RunFigures& model);

} // namespace ModelComparison

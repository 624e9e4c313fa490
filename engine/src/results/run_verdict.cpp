// SPDX-License-Identifier: MIT
// What a run's figures say, apart from their JSON (run_summary.cpp): the verdict and its
// thresholds, the loop's share spent on input, the probe's share of the job's CPU.
#include "loaderscope/results/run_summary.h"
#include "loaderscope/results/figure_text.h"
#include "loaderscope/base/sentences.h"

#include <algorithm>
#include <cmath>

namespace loaderscope {

double RunSummary::probeCpuShare() const
{
    // The job's CPU over the loop, with the probe's hooks added back (PassCost and StepCost leave
    // them out), and the probe's threads (their CPU spans the whole run: a slight overstatement).
    const double job = figures.job_cpu_fraction * figures.seconds;
    const double probe = probeCpuS();
    return job > 0 && probe > 0 ? probe / (job + probe) : 0.0;
}

std::vector<std::string> RunSummary::recommendations() const
{
    std::vector<std::string> out;
    for (const Advice& a : advice)
        out.push_back(a.text);
    return out;
}

std::vector<double> RunSummary::workerBusy() const
{
    std::vector<double> out;
    for (const WorkerFigures& w : figures.workers)
        out.push_back(w.busy_fraction);
    return out;
}

std::string verdictFor(double stall)
{
    // The TensorFlow input-pipeline analyser's thresholds: share of the loop waiting for data.
    if (stall < 0.05)
        return verdict::kNotInputBound;
    if (stall <= 0.20)
        return verdict::kModeratelyInputBound;
    return verdict::kHighlyInputBound;
}

std::string percentText(double fraction)
{
    return std::to_string(std::lround(fraction * 100.0)) + "%";
}

int decimalsApart(double value, double threshold)
{
    int decimals = 1;
    while (decimals < 4 && std::round(value * std::pow(10, decimals)) == std::round(threshold * std::pow(10, decimals)))
        ++decimals;
    return decimals;
}

double loopInputShare(const RunFigures& f)
{
    // Disjoint in time: the wait is inside next(), the copy's block in the step that follows.
    return std::min(1.0, f.data_stall_fraction + f.pageable_blocked_fraction + f.sync_copy_blocked_fraction);
}

std::string runVerdict(const RunFigures& f)
{
    return f.batches == 0 ? verdict::kNoBatches : verdictFor(loopInputShare(f));
}
} // namespace loaderscope

// SPDX-License-Identifier: MIT
#include "loaderscope/results/periodic.h"

#include <algorithm>
#include <map>

namespace loaderscope {

namespace {

/// The value at quantile q (0..1) of v.
double quantile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    const size_t m = std::min(v.size() - 1, size_t(q * double(v.size())));
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(m), v.end());
    return v[m];
}

double median(std::vector<double> v)
{
    return quantile(std::move(v), 0.5);
}

/// Which part grew in the slow steps: the wait for data or the step itself, each against its
/// own median.
std::string grownPart(const std::vector<LoopStep>& steps, const std::vector<size_t>& slow, double waitMedian, double stepMedian)
{
    double wait = 0, step = 0;
    for (size_t i : slow) {
        wait += std::max(0.0, double(steps[i].waitNs) - waitMedian);
        step += std::max(0.0, double(steps[i].stepNs) - stepMedian);
    }
    return wait >= step ? "wait" : "step";
}

RepeatingSlowdown describe(const char* kind, const std::vector<LoopStep>& steps, const std::vector<size_t>& slow,
                           double iterMedian, double waitMedian, double stepMedian)
{
    RepeatingSlowdown r;
    r.kind = kind;
    r.occurrences = int64_t(slow.size());
    r.first_step = slow.empty() ? -1 : int64_t(slow.front());
    std::vector<double> added;
    for (size_t i : slow)
        added.push_back(double(steps[i].waitNs + steps[i].stepNs) - iterMedian);
    for (double a : added)
        r.added_s += a * 1e-9;
    r.added_s_each = median(added) * 1e-9;
    r.part = grownPart(steps, slow, waitMedian, stepMedian);
    return r;
}

} // namespace

std::vector<RepeatingSlowdown> findRepeatingSlowdowns(const std::vector<LoopStep>& steps, bool everyN)
{
    using T = RepeatingThresholds;
    std::vector<RepeatingSlowdown> out;
    if (steps.size() < T::kMinSteps)
        return out;
    std::vector<double> iter, wait, step;
    for (const LoopStep& s : steps) {
        iter.push_back(double(s.waitNs + s.stepNs));
        wait.push_back(double(s.waitNs));
        step.push_back(double(s.stepNs));
    }
    const double iterMedian = median(iter), waitMedian = median(wait), stepMedian = median(step);
    // Against the 75th percentile, not the median: a loop whose two workers each bring a batch
    // waits every other step (a median near the short steps would call half the loop slow).
    const double usual = quantile(iter, T::kUsualQuantile);
    const double threshold = std::max(usual * T::kTimesUsual, usual + T::kMinAddedNs);
    std::vector<size_t> slow;
    for (size_t i = 0; i < steps.size(); ++i)
        if (iter[i] > threshold)
            slow.push_back(i);
    // At each epoch's start: the first step of each epoch (its batch 0).
    std::vector<size_t> firsts, slowFirsts;
    for (size_t i = 0; i < steps.size(); ++i)
        if (batchKeyTask(steps[i].batch) == 0)
            firsts.push_back(i);
    for (size_t i : firsts)
        if (iter[i] > threshold)
            slowFirsts.push_back(i);
    if (firsts.size() >= 2 && double(slowFirsts.size()) >= T::kEpochShare * double(firsts.size())) {
        out.push_back(describe("epoch_start", steps, slowFirsts, iterMedian, waitMedian, stepMedian));
        slow.erase(std::remove_if(slow.begin(), slow.end(),
                                  [&](size_t i) { return std::binary_search(slowFirsts.begin(), slowFirsts.end(), i); }),
                   slow.end());
    }
    // Every N steps: the commonest gap between consecutive slow steps, between most of them.
    if (everyN && int64_t(slow.size()) >= T::kMinOccurrences) {
        std::map<size_t, int64_t> gaps;
        for (size_t k = 1; k < slow.size(); ++k)
            ++gaps[slow[k] - slow[k - 1]];
        const auto best = std::max_element(gaps.begin(), gaps.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        const size_t period = best->first;
        if (period >= 2 && best->second + 1 >= T::kMinOccurrences &&
            double(best->second) >= T::kRegularShare * double(slow.size() - 1)) {
            // The slow steps on that beat (a stray one off it is not part of the pattern).
            std::vector<size_t> beat;
            for (size_t k = 0; k < slow.size(); ++k)
                if ((k > 0 && slow[k] - slow[k - 1] == period) || (k + 1 < slow.size() && slow[k + 1] - slow[k] == period))
                    beat.push_back(slow[k]);
            RepeatingSlowdown r = describe("every_n_steps", steps, beat, iterMedian, waitMedian, stepMedian);
            r.period_steps = int64_t(period);
            out.push_back(r);
        }
    }
    return out;
}

} // namespace loaderscope

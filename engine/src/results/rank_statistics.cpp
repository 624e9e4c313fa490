// SPDX-License-Identifier: MIT
#include "loaderscope/results/rank_statistics.h"

#include <algorithm>
#include <string_view>

namespace loaderscope {

RunFigures mergeRankFigures(const std::vector<RankFigures>& ranks, size_t keep)
{
    RunFigures out;
    for (const char* stage : distributionStages()) {
        StageDistribution merged;
        merged.stage = stage;
        for (const RankFigures& r : ranks) {
            if (!r.figures)
                continue;
            for (const StageDistribution& d : r.figures->distributions)
                if (d.stage == stage) {
                    merged.all.merge(d.all);
                    merged.workers[r.rank].merge(d.all);
                }
        }
        if (merged.all.count() > 0)
            out.distributions.push_back(std::move(merged));
    }
    for (const RankFigures& r : ranks) {
        if (!r.figures)
            continue;
        for (SlowFetch s : r.figures->slowest_samples) {
            s.rank = r.rank;
            out.slowest_samples.push_back(std::move(s));
        }
    }
    std::stable_sort(out.slowest_samples.begin(), out.slowest_samples.end(), [](const SlowFetch& a, const SlowFetch& b) {
        return a.ns != b.ns ? a.ns > b.ns : a.rank < b.rank;
    });
    if (out.slowest_samples.size() > keep)
        out.slowest_samples.resize(keep);
    return out;
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
#include "loaderscope/analysis/ranks.h"
#include "loaderscope/analysis/advice.h"

#include "loaderscope/results/figure_text.h"

#include <algorithm>

namespace loaderscope {

Straggler findStraggler(const std::vector<double>& dataStall)
{
    Straggler s;
    if (dataStall.size() < 2)
        return s;
    const size_t worst = size_t(std::max_element(dataStall.begin(), dataStall.end()) - dataStall.begin());
    std::vector<double> others;
    for (size_t i = 0; i < dataStall.size(); ++i)
        if (i != worst)
            others.push_back(dataStall[i]);
    std::sort(others.begin(), others.end());
    const double median = others[others.size() / 2];
    // It holds the others back when its loader wait stands out: input-bound and well above the rest.
    if (dataStall[worst] > 0.05 && dataStall[worst] > 1.5 * median + 0.02) {
        s.index = int(worst);
        s.stall = dataStall[worst];
        s.others = median;
    }
    return s;
}

std::string stragglerReason(int rank, const Straggler& s)
{
    // A catalogue entry: the app translates it (SummaryText::traceRecommendation).
    return catalogueSentence("trace/straggler",
                             {{"rank", double(rank)}, {"rank_stall_fraction", s.stall}, {"other_ranks_stall_fraction", s.others}});
}

} // namespace loaderscope

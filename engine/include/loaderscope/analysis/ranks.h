// SPDX-License-Identifier: MIT
// Several ranks of one job: which rank's loader holds the others back. One rule for profiler
// traces (compareRanks) and for watched jobs followed live.
#pragma once

#include <string>
#include <vector>

namespace loaderscope {

struct Straggler
{
    int index = -1;        ///< into the stalls given, -1 when nobody stands out
    double stall = 0;      ///< its data stall fraction
    double others = 0;     ///< the median of the others'
};

/**
 * The rank whose loop waits for data clearly more than the others: input-bound (over 5 %) and
 * above 1.5 x the others' median + 2 points. `dataStall`: each rank's data stall fraction.
 */
Straggler findStraggler(const std::vector<double>& dataStall);

/** "rank R waits S of its steps for data; the other ranks M (median)": why it was named. */
std::string stragglerReason(int rank, const Straggler& s);

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// Repeated measurements of one point (a sweep's combination, a value Prove it tries): the median
// and the spread (lowest to highest run), and the one rule that calls a difference real. A point
// measured once has no spread, so nothing measured once is ever "confirmed". Header-only: the
// sweep, the advice's proof and the app all read it.
#pragma once

#include <algorithm>
#include <vector>

namespace loaderscope {

/** Samples/s of the repeated runs of one point, summarised. */
struct Spread
{
    double median = 0; ///< samples/s; the mean of the middle two for an even count
    double min = 0;    ///< samples/s of the slowest run
    double max = 0;    ///< samples/s of the fastest run
    int runs = 0;      ///< runs measured (0: none finished)

    static Spread of(std::vector<double> rates)
    {
        Spread s;
        s.runs = int(rates.size());
        if (rates.empty())
            return s;
        std::sort(rates.begin(), rates.end());
        const size_t n = rates.size();
        s.median = n % 2 ? rates[n / 2] : (rates[n / 2 - 1] + rates[n / 2]) / 2;
        s.min = rates.front();
        s.max = rates.back();
        return s;
    }
    /// max - min over the median (0 without runs): "± 4 %" is half of it.
    double relativeWidth() const { return median > 0 ? (max - min) / median : 0; }
};

/**
 * Whether `a` measured faster than `b` beyond the spread of both: each was measured at least twice
 * and a's slowest run beat b's fastest (the two ranges do not overlap). The only rule by which a
 * sweep's best or a proof is "confirmed".
 */
inline bool clearlyAbove(const Spread& a, const Spread& b)
{
    return a.runs >= 2 && b.runs >= 2 && a.min > b.max;
}

} // namespace loaderscope

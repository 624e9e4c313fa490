// SPDX-License-Identifier: MIT
#include "spreadtext.h"

#include "common/model/summarytext.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace SummaryText {

namespace {

/// The sentences' translation context: the figures' (summarytext.cpp).
struct T
{
    Q_DECLARE_TR_FUNCTIONS(SummaryText)
};

} // namespace

QString rateSpread(const loaderscope::Spread& s)
{
    if (s.runs < 2)
        return rate(s.median);
    return T::tr("%1 (%2–%3)", "median samples/s (slowest–fastest run)").arg(rate(s.median), rate(s.min), rate(s.max));
}

QString rateWithin(double perSecond, double plusMinusFraction)
{
    const int pct = std::max(1, int(std::lround(plusMinusFraction * 100)));
    return T::tr("%1 ± %2", "samples/s ± percent").arg(rate(perSecond), withPercentSign(QLocale().toString(pct)));
}

} // namespace SummaryText

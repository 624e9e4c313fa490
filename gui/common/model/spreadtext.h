// SPDX-License-Identifier: MIT
// Repeated measurements and predictions in the current language, through the figures' one
// formatter (summarytext.h): "1,525 (1,490–1,560)" for a median and its spread, "1,525 ± 10%"
// for a prediction and its uncertainty. The sweep dialog, Prove it's proof and the model's advice
// show them. Any thread.
#pragma once

#include "loaderscope/results/spread.h"

#include <QString>

namespace SummaryText {

/// "1,525 (1,490–1,560)": the median samples/s and the lowest and highest run; the median alone
/// when measured once.
QString rateSpread(const loaderscope::Spread& s);
/// "1,525 ± 10%": samples/s and half the spread's width as a share of it (whole percent, at least 1).
QString rateWithin(double perSecond, double plusMinusFraction);

} // namespace SummaryText

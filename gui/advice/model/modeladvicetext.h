// SPDX-License-Identifier: MIT
// How the model's advice for a watched job reads (ModelAdvisor's sweep of the job's fitted
// model): one text for the window's summary and the headless picture, so that the two never
// advise differently on the same recording.
#pragma once

#include "advice/model/modeladvisor.h"

#include <QString>

namespace ModelAdviceText {

/// "num_workers = 4, prefetch_factor = 2" (knob names as in the script; numbers in the locale).
QString knobs(int workers, int prefetch);
/// "+12%", "−5%" (the locale's digits and percent sign).
QString signedPercent(double fraction);
/// What the sweep advises, with its predicted samples/s and their uncertainty, and a warning when
/// the model is far off the job at the job's own setting; for a model too far off to advise
/// (ModelAdvice::usable false), that it advises nothing and the formula's advice stands. Plain text.
QString advice(const ModelAdvice& advice);

} // namespace ModelAdviceText

// SPDX-License-Identifier: MIT
// The engine's progress lines (`sweep` and `advise` write "progress I/N " and then what ran) and
// progress bars, in the current language through the figures' one formatter (summarytext.h): the
// sweep dialog and Prove it show them. Any thread.
#pragma once

#include <QString>

namespace SummaryText {

/// The text after "progress I/N " as a sentence of the current language:
/// "num_workers=1 samples_per_s=1154.329433" reads "num_workers = 1: 1,154 samples/s"
/// ("… 1.154 örnek/s" in Turkish), "ran the configuration: 3041.36 samples/s" reads "the
/// configuration ran: 3,041 samples/s". A line of another form is returned as it is.
QString progress(const QString& engineText);
/// A QProgressBar's format: the percentage with the locale's sign on its side ("40%", "%40").
QString progressBarFormat();

} // namespace SummaryText

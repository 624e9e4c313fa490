// SPDX-License-Identifier: MIT
// A configuration in one line, for titles of windows, exports and history entries.
#pragma once

#include "loaderscope/results/run_summary.h"

#include <QJsonObject>
#include <QString>

/// "map dataset · num_workers=4 · batch_size=32 · pin_memory=True · simulated GPU" (translated);
/// the device part from the run's summary (empty before a run).
QString describeConfig(const QJsonObject& config, const loaderscope::RunSummary& summary);

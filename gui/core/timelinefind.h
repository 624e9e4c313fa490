// SPDX-License-Identifier: MIT
// Finding things on the timeline (Ctrl+F): "batch 17" (or just 17), "sample 123", "worker 2",
// "epoch 1 batch 4"; the time range to show and what to select. Searches the detail the model
// holds. Plain data, no widgets.
#pragma once

#include "tracemodel.h"

#include <QString>

struct FindResult
{
    bool found = false;
    qint64 t0 = 0, t1 = 0;   ///< what to show (model time)
    qint64 batch = -1;       ///< the batch key to highlight, or -1
    int lane = -1;           ///< the lane it is on (worker), or -1
    QString what;            ///< translated: "batch 17 (epoch 0)", or why nothing was found
};

FindResult findInTimeline(const TraceModel& model, const QString& query);

// SPDX-License-Identifier: MIT
// Finding things on the timeline (Ctrl+F, the find bar): "batch 17" (or just 17), "sample 123",
// "worker 2", "epoch 1 batch 4"; each query's matches in time order (batch 17 of every epoch, each
// fetch of sample 123, each batch worker 2 made), the time range to show and what to select. Also
// a found batch told in full for the details pane. Searches the detail the model holds. Plain
// data, no widgets.
#pragma once

#include "timeline/model/tracemodel.h"

#include <QString>

struct FindResult
{
    bool found = false;
    qint64 t0 = 0, t1 = 0;   ///< what to show (model time)
    qint64 batch = -1;       ///< the batch key to highlight, or -1
    int lane = -1;           ///< the lane it is on (worker), or -1
    int index = 0;           ///< which match this is (0-based), of
    int matches = 0;         ///< how many the query has
    QString what;            ///< translated: "batch 17 (epoch 0)", or why nothing was found
};

/// The query's match number `occurrence` (wrapping around both ways: -1 is the last).
FindResult findInTimeline(const TraceModel& model, const QString& query, int occurrence = 0);

/// A batch as the details pane tells it (rich text): when it was made and delivered, and per lane
/// what was done for it (fetches, collate, the wait for it, pinning, the copy) and how long.
QString describeBatch(const TraceModel& model, qint64 batchKey);

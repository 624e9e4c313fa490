// SPDX-License-Identifier: MIT
// What happened inside a measured time range (a drag on the timeline): its length, the batches the
// loop received, the share of it the loop waited for data, and each worker's busy share. From the
// detail the model holds (the range is read back first when it is not).
#pragma once

#include "timeline/model/tracemodel.h"

#include <QString>

/// Translated lines, rich text.
QString describeRange(const TraceModel& model, qint64 t0, qint64 t1);

// SPDX-License-Identifier: MIT
// The queue-depth counters of a viewport as chart series, at most a few points per pixel column
// (each column keeps its peak, heaptrack's rule), in the timeline's time unit. From the detail
// where the model holds it, from the per-bucket aggregates elsewhere (an hour-long run). Plain
// data, no widgets: the chart view and the exports draw it.
#pragma once

#include "timelinerenderer.h"

#include <QList>
#include <QPointF>

struct CounterSeries
{
    QList<QPointF> points[3]; ///< ready batches, outstanding tasks, pinned buffers in use
    double maxY = 1;
    bool seconds = false;     ///< x in seconds (else milliseconds)
    qint64 tickNs = 0;        ///< the timeline's tick step for this viewport
    double unitPerNs() const { return seconds ? 1e-9 : 1e-6; }
};

/// `columns`: the plot's width in pixels.
CounterSeries counterSeries(const TraceModel& model, const Viewport& v, int columns);

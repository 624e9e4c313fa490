// SPDX-License-Identifier: MIT
// The counters of a viewport as chart series (the queue depth; memory), at most a few points per pixel column
// (each column keeps its peak, heaptrack's rule), in the timeline's time unit. From the detail
// where the model holds it, from the per-bucket aggregates elsewhere (an hour-long run). Plain
// data, no widgets: the chart view and the exports draw it.
#pragma once

#include "timeline/draw/timelinerenderer.h"

#include <QColor>
#include <QList>
#include <QPointF>
#include <QStringList>

#include <vector>

/** One line of a counter chart. */
struct ChartLine
{
    QString name;
    QColor color;
    Qt::PenStyle style = Qt::SolidLine;
    QList<QPointF> points; ///< x in the series' time unit, y in its value unit
};

struct CounterSeries
{
    std::vector<ChartLine> lines;
    double maxY = 1;
    bool seconds = false;     ///< x in seconds (else milliseconds)
    qint64 tickNs = 0;        ///< the timeline's tick step for this viewport
    QString yTitle;           ///< the value unit: "count", "MiB"
    bool wholeY = true;       ///< integer y ticks (counts)
    double unitPerNs() const { return seconds ? 1e-9 : 1e-6; }
};

/// The time unit and ticks of a viewport drawn `columns` pixels wide (the timeline's own).
void setTimeUnit(CounterSeries& out, const Viewport& v, int columns);
/// The loop's steps (issue 49's stall over the run), stacked, in ms per step: the wait for data,
/// then the hand-over, the host blocked by a copy and the rest of the step each added on top (the
/// top line: the whole iteration). Each step is flat from its start to its end; where several
/// share a pixel column, the one with the longest iteration stands for them (a spike is never
/// averaged away). From the model's whole list of steps, never evicted.
CounterSeries stepSeries(const TraceModel& model, const Viewport& v, int columns);
/// The queue depth: ready batches, outstanding tasks, pinned buffers in use. `columns`: the
/// plot's width in pixels.
CounterSeries queueSeries(const TraceModel& model, const Viewport& v, int columns);
/// Memory in MiB: each process's private memory (USS; RSS where USS was never read), the batch
/// slots in use, /dev/shm used (its size in the name), pinned host memory.
CounterSeries memorySeries(const TraceModel& model, const Viewport& v, int columns);
/// The memory figures in force at `t` (ns), one line each: what a hover shows.
QStringList memoryReadout(const TraceModel& model, qint64 t);
/// A process's colour in every chart (memory, Statistics' histograms): worker `worker`'s, or the
/// main process's (-1).
QColor workerColor(int worker);

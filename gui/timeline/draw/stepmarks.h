// SPDX-License-Identifier: MIT
// The step chart's marks (issue 49): a thin line across the plot at each epoch start, worker
// start and mark the job declared (loaderscope.mark), with a short label along the top where it
// has room. One drawing for the window's chart (its foreground) and the exported picture's.
#pragma once

#include "timeline/draw/timelinestyle.h"
#include "timeline/draw/timelinelayout.h"

#include "loaderscope/results/run_marks.h"

#include <QColor>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

class QPainter;
class TraceModel;

namespace StepMarks {

/// A mark's colour in this theme (epoch starts in the text's colour, worker starts amber, the
/// job's own marks teal).
QColor colour(loaderscope::RunMark::Kind kind, const TimelineTheme& theme);
/// A mark in words: "epoch 3 begins", "worker 2 starts", "worker 2 restarts", "mark: checkpoint".
QString describe(const loaderscope::RunMark& mark);
/// Every mark from model time `t0` to `t1`, in time order (a binary search, then a walk).
std::vector<const loaderscope::RunMark*> between(const TraceModel& model, qint64 t0, qint64 t1);
/// The marks in the viewport `v` (model time), at most one per kind per pixel column of `plot`.
std::vector<const loaderscope::RunMark*> visible(const TraceModel& model, const Viewport& v, const QRectF& plot);
/// Draws them onto `plot` (the chart's plot area, in the painter's coordinates).
void paint(QPainter& p, const QRectF& plot, const TraceModel& model, const Viewport& v, const TimelineTheme& theme);
/// The marks within `pixels` of the plot x `x`, in words (the chart's hover readout).
QStringList near(const TraceModel& model, const Viewport& v, const QRectF& plot, double x, double pixels);
/// The legend's entries for the kinds of marks the run has (rich text, as the chart's legend).
QStringList legend(const TraceModel& model, const TimelineTheme& theme);

} // namespace StepMarks

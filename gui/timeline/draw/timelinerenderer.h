// SPDX-License-Identifier: MIT
// Draws a TraceModel's timeline with QPainter: one renderer for the screen, QImage, SVG and PDF.
// A paint replays a TimelineDrawList (prepared for the viewport: folds, lanes' geometry), then
// adds what is not a span: aggregates where detail is not held, instants, the selected batch, a
// measured range, a lesson's overlay, and the legend strip under the time axis.
#pragma once

#include "timeline/draw/timelinedrawlist.h"

#include <QString>

#include <optional>
#include <utility>

class QPainter;

/** What the user marked on the timeline. */
struct TimelineMarks
{
    qint64 highlightBatch = -1;                           ///< a batch key: its path stays lit, the rest dims
    std::optional<std::pair<qint64, qint64>> range;       ///< a measured time range (model time)
};

/// Draws; the geometry is TimelineLayout's and the names and colours TimelineStyle's (ask them).
class TimelineRenderer
{
public:
    /// Axis, legend and lanes at this width (the legend wraps); `stretched`: with the lanes at
    /// their tallest (TimelineLayout::kMaxStretch).
    static double totalHeight(const TraceModel& m, const TimelineTheme& theme, double width, bool stretched = false);
    static TimeMapper mapper(const Viewport& v, const QRectF& target, const TimelineTheme& theme);

    /// Paints a prepared draw list (the window keeps it for hit-testing).
    static RenderStats paint(QPainter& p, const TimelineDrawList& d, const TraceModel& m, const TimelineTheme& theme,
                             const TimelineMarks& marks = {}, const TimelineOverlay& overlay = {});
    /// Prepares and paints (exports).
    static RenderStats paint(QPainter& p, const QRectF& target, const TraceModel& m, const Viewport& v,
                             const TimelineTheme& theme, qint64 highlightBatch = -1, const TimelineOverlay& overlay = {});
    /// Height the overlay's caption needs below the lanes, at this width.
    static double overlayHeight(const TimelineOverlay& overlay, const TimelineTheme& theme, double width);
    static std::optional<TimelineHit> hitTest(const TraceModel& m, const QRectF& target, const Viewport& v,
                                              const TimelineTheme& theme, const QPointF& pos);
    /// A "nice" tick step (1, 2, 5 x 10^k ns) giving about `minPx` between ticks.
    static qint64 tickStep(const TimeMapper& map, double minPx);
    /// Where a measured range's duration is drawn: in the axis strip over the range's middle.
    /// Empty when the range is out of view.
    static QRectF measureBadge(const TimelineDrawList& d, const std::pair<qint64, qint64>& range, const TimelineTheme& theme);
    /// The axis's tick labels and their boxes, as drawn: a label `badge` would cover is left out
    /// (the measured duration is what the user is reading there).
    static std::vector<std::pair<QRectF, QString>> tickLabels(const TimelineDrawList& d, const TimelineTheme& theme,
                                                              const QRectF& badge = {});
};

// SPDX-License-Identifier: MIT
// Prepare first, paint second (tracy's rule): for a viewport, each lane's row of spans becomes a
// short list of items to draw, a wide span alone or narrow spans folded into one mark with a
// count. Folding keeps a batch together: the fetches and the collate of one batch fold into one
// mark that still belongs to that batch (clickable, highlighted), and spans of different batches
// share a mark only where a batch alone would be narrower than the fold width. Painting replays the
// lists; hit-testing searches the same lists, so what is under the cursor is what was drawn.
#pragma once

#include "timeline/draw/timelinelayout.h"

#include <optional>
#include <vector>

/** What the last paint drew (tests check that folded counts add up). */
struct RenderStats
{
    qint64 spansDrawn = 0;    ///< drawn as their own rectangle
    qint64 folds = 0;         ///< folded marks drawn
    qint64 spansFolded = 0;   ///< spans inside those marks
    qint64 spansInView() const { return spansDrawn + spansFolded; }
};

/** One rectangle to draw. */
struct DrawItem
{
    double x0 = 0, x1 = 0;    ///< pixels, clipped to the lane area
    SpanRec span;             ///< the span (single), or the fold's first span
    qint64 t0 = 0, t1 = 0;    ///< the time the item covers
    qint64 count = 1;         ///< spans inside (1: a single span)
    qint64 batch = -1;        ///< the batch every span of the item belongs to, or -1 (mixed, none)
    quint8 colorKind = 0;     ///< the kind its colour comes from (a fold: its dominant kind)
    quint8 colorFlags = 0;
    /// A fold: the share of its time its spans cover (idle spans aside), 0..1, estimated from the
    /// same samples as its colour; drawn as the bar's height, so a loop that waits 10 % of the
    /// time does not read as solid waiting once zoomed out. 1 for a single span.
    double coverage = 1.0;
    bool folded() const { return count > 1; }
};

/** A span (or fold) under the cursor. */
struct TimelineHit
{
    int lane = -1;
    int row = 0;
    DrawItem item;
    SpanRec span() const { return item.span; }
    qint64 foldedCount() const { return item.count; }
};

struct TimelineDrawList
{
    static constexpr double kMinSpanPx = 3.0; ///< narrower spans fold

    TimelineLayout layout;
    TimeMapper map;
    /// Per lane, per row (0 outer, 1 nested), items in x order.
    std::vector<std::array<std::vector<DrawItem>, 2>> lanes;
    RenderStats stats;

    /// `reserveBelow`: px under the lanes kept for a lesson's caption (see TimelineLayout).
    static TimelineDrawList prepare(const TraceModel& m, const QRectF& target, const Viewport& v, const TimelineTheme& theme,
                                    double reserveBelow = 0);
    /// The item under `pos` (in the nested row on the lower half of a lane that has one).
    std::optional<TimelineHit> hitTest(const QPointF& pos) const;
    /// The vertical extent of a row inside its lane rectangle.
    static std::pair<double, double> rowExtent(const QRectF& lane, int row);
};

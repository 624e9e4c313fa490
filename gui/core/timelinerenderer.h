// SPDX-License-Identifier: MIT
// Draws a TraceModel's timeline with QPainter: one renderer for the screen, QImage, SVG and PDF.
// Spans narrower than a few pixels fold into one mark with a count (tracy's rule); the visible
// range of each lane is found by binary search, so the cost follows the pixels, not the events.
#pragma once

#include "tracemodel.h"

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <optional>

class QPainter;

/** The visible time range, ns from the run origin. */
struct Viewport
{
    qint64 t0 = 0;
    qint64 t1 = 1'000'000'000;
    qint64 duration() const { return t1 > t0 ? t1 - t0 : 1; }
};

/** time <-> x for one paint (built once per paint, as hotspot's TimeLineData). */
class TimeMapper
{
public:
    TimeMapper(const Viewport& v, double x0, double width) : m_v(v), m_x0(x0), m_w(width > 1 ? width : 1) {}
    double x(qint64 t) const { return m_x0 + double(t - m_v.t0) * m_w / double(m_v.duration()); }
    qint64 t(double x) const { return m_v.t0 + qint64((x - m_x0) * double(m_v.duration()) / m_w); }
    qint64 nsPerPixel() const { return std::max<qint64>(1, m_v.duration() / qint64(m_w)); }
    double x0() const { return m_x0; }
    double width() const { return m_w; }

private:
    Viewport m_v;
    double m_x0;
    double m_w;
};

struct TimelineTheme
{
    bool docs = false;            ///< clean light theme for documentation pictures
    double fontScale = 1.0;       ///< projector / large-font mode
    QColor background{0x1e, 0x1f, 0x24};
    QColor laneAlt{0x25, 0x27, 0x2e};
    QColor text{0xe6, 0xe6, 0xe6};
    QColor grid{0x3a, 0x3d, 0x46};
    static TimelineTheme dark();
    static TimelineTheme light();
};

/** What a lesson points out on the timeline: highlighted lanes, a caption, a slow-motion badge. */
struct TimelineOverlay
{
    std::vector<TraceModel::LaneKind> lanes; ///< lanes framed and labelled
    QString caption;                         ///< "Look: ..." (translated by the caller)
    QString badge;                           ///< e.g. "slow motion ×5"
    bool empty() const { return lanes.empty() && caption.isEmpty() && badge.isEmpty(); }
};

/** What the last paint drew (tests check that folded counts add up). */
struct RenderStats
{
    qint64 spansDrawn = 0;    ///< drawn as their own rectangle
    qint64 folds = 0;         ///< folded marks drawn
    qint64 spansFolded = 0;   ///< spans inside those marks
    qint64 spansInView() const { return spansDrawn + spansFolded; }
};

/** A span under the cursor. */
struct TimelineHit
{
    int lane = -1;
    int row = 0;
    size_t index = 0;
    SpanRec span;
    qint64 foldedCount = 1;  ///< > 1: the cursor is over a folded mark
};

class TimelineRenderer
{
public:
    static constexpr double kMinSpanPx = 3.0;   ///< narrower spans fold

    /// Geometry of the layout inside `target`.
    static double axisHeight(const TimelineTheme& theme) { return 26 * theme.fontScale; }
    static double labelWidth(const TimelineTheme& theme) { return 170 * theme.fontScale; }
    /// Space right of the lanes (the chart's last tick label fits there).
    static double rightPad(const TimelineTheme& theme) { return 28 * theme.fontScale; }
    static double laneHeight(const TraceModel& m, int lane, const TimelineTheme& theme);
    static QRectF laneRect(const TraceModel& m, int lane, const QRectF& target, const TimelineTheme& theme);
    static double totalHeight(const TraceModel& m, const TimelineTheme& theme);
    static TimeMapper mapper(const Viewport& v, const QRectF& target, const TimelineTheme& theme);

    /// Translated lane name ("worker 2", "GPU copy (simulated)", ...).
    static QString laneName(const TraceModel& m, int lane);
    static QColor colorFor(quint8 kind, quint8 flags);
    /// Translated name of a span kind, for hover text and legends.
    static QString kindName(quint8 kind, qint32 arg = 0);

    /// Paints axis, labels and lanes. `highlightBatch` (a batch key) dims everything else.
    static RenderStats paint(QPainter& p, const QRectF& target, const TraceModel& m, const Viewport& v,
                             const TimelineTheme& theme, qint64 highlightBatch = -1,
                             const TimelineOverlay& overlay = {});
    /// Height the overlay's caption needs below the lanes, at this width.
    static double overlayHeight(const TimelineOverlay& overlay, const TimelineTheme& theme, double width);
    static std::optional<TimelineHit> hitTest(const TraceModel& m, const QRectF& target, const Viewport& v,
                                              const TimelineTheme& theme, const QPointF& pos);
    /// A "nice" tick step (1, 2, 5 x 10^k ns) giving about `minPx` between ticks.
    static qint64 tickStep(const TimeMapper& map, double minPx);
    static QString formatTime(qint64 ns, qint64 step);
};

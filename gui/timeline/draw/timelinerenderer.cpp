// SPDX-License-Identifier: MIT
#include "timelinerenderer.h"

#include "common/model/summarytext.h"
#include "timeline/draw/stepmarks.h"
#include "timeline/model/lanekinds.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

using loaderscope::EventKind;

namespace {

/// The translation context of every label here (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct T
{
    Q_DECLARE_TR_FUNCTIONS(TimelineRenderer)
};

QFont captionFont(const TimelineTheme& theme)
{
    QFont f;
    f.setPointSizeF(10 * theme.fontScale);
    f.setBold(true);
    return f;
}

/**
 * A lane over a time range whose detail was evicted (or not read back yet): its aggregates, one
 * stacked bar per pixel column, each slot's height its share of the column's time. Idle time
 * (slot 2 of a worker) is the background, as in the detailed view.
 */
void paintAggregates(QPainter& p, const TraceModel& m, int laneIndex, const QRectF& lr, const TimeMapper& map,
                     qint64 g0, qint64 g1, const TimelineTheme& theme)
{
    const TraceModel::Lane& lane = m.lane(laneIndex);
    const auto& h = lane.histogram;
    if (h.empty())
        return;
    const qint64 bucket = m.histogramBucketNs();
    const double xa = std::max(map.x(g0), map.x0()), xb = std::min(map.x(g1), map.x0() + map.width());
    QColor colors[4];
    for (int slot = 0; slot < 4; ++slot) {
        const auto [kind, flags] = TraceModel::slotKind(lane.kind, slot);
        colors[slot] = TimelineStyle::colorFor(kind, flags);
    }
    const double top = lr.top() + 3, height = lr.height() - 6;
    // Columns of `step` pixels: at least one bucket each, so the bars do not alias.
    const double pxPerBucket = double(bucket) / double(map.nsPerPixel());
    const double step = pxPerBucket >= 1.0 ? 1.0 : std::ceil(1.0 / std::max(pxPerBucket, 1e-6));
    // Stacking order, bottom up; a worker's idle time (slot 2) is the lane's background.
    const LaneKinds::LaneDescriptor& d = LaneKinds::lane(lane.kind);
    const std::vector<int> order(d.stackOrder.begin(), d.stackOrder.begin() + d.stackCount);
    for (double x = std::floor(xa); x < xb; x += step) {
        const qint64 c0 = std::max(g0, map.t(x)), c1 = std::min(g1, map.t(x + step));
        if (c1 <= c0)
            continue;
        quint64 ns[4] = {0, 0, 0, 0};
        const size_t b0 = size_t(std::max<qint64>(0, c0 / bucket));
        const size_t b1 = std::min(h.size(), size_t(c1 / bucket) + 1);
        for (size_t b = b0; b < b1; ++b) {
            // The part of the bucket inside the column (buckets wider than a column are spread).
            const qint64 bs = qint64(b) * bucket, be = bs + bucket;
            const double share = double(std::min(be, c1) - std::max(bs, c0)) / double(bucket);
            if (share <= 0)
                continue;
            for (int slot = 0; slot < 4; ++slot)
                ns[slot] += quint64(double(h[b][size_t(slot)]) * share);
        }
        double y = top + height;
        for (int slot : order) {
            const double bar = std::min(1.0, double(ns[slot]) / double(c1 - c0)) * height;
            if (bar < 0.5)
                continue;
            y -= bar;
            QColor c = colors[slot];
            c.setAlpha(theme.docs ? 210 : 190);
            p.fillRect(QRectF(x, std::max(top, y), step, bar), c);
        }
    }
}

void paintAxis(QPainter& p, const TimelineDrawList& d, const TimelineTheme& theme, const QRectF& badge)
{
    const TimeMapper& map = d.map;
    const QRectF axis = d.layout.axisRect();
    const double right = map.x0() + map.width();
    const qint64 step = TimelineRenderer::tickStep(map, 90 * theme.fontScale);
    p.setPen(theme.grid);
    p.drawLine(QPointF(map.x0(), axis.bottom() - 0.5), QPointF(right, axis.bottom() - 0.5));
    const double lanesBottom = std::min(d.layout.target().bottom(), d.layout.lanesBottom());
    const double legendBottom = d.layout.legendRect().bottom();
    const Viewport& v = map.viewport();
    for (qint64 t = (v.t0 / step) * step; t <= v.t1; t += step) {
        const double x = map.x(t);
        if (x < map.x0() - 0.5)
            continue;
        p.setPen(theme.grid);
        // The tick, then the grid line through the lanes: not through the legend's words.
        p.drawLine(QPointF(x, axis.bottom() - 6), QPointF(x, axis.bottom()));
        p.drawLine(QPointF(x, legendBottom), QPointF(x, lanesBottom));
    }
    p.setPen(theme.text);
    const QFontMetricsF fm(p.font());
    for (const auto& [box, text] : TimelineRenderer::tickLabels(d, theme, badge))
        p.drawText(QPointF(box.left(), box.top() + fm.ascent()), text);
}

/// The legend strip: a swatch (or a marker) and a name for each kind the picture holds.
void paintLegend(QPainter& p, const TimelineDrawList& d, const TimelineTheme& theme)
{
    const QRectF r = d.layout.legendRect();
    if (r.height() <= 0)
        return;
    p.setFont(TimelineLayout::legendFont(theme));
    const double line = TimelineLayout::legendLineHeight(theme);
    const double sw = TimelineLayout::legendSwatch(theme);
    p.setPen(theme.text);
    p.drawText(QRectF(r.left() + 6, r.top() + 2, TimelineLayout::labelWidth(theme) - 10, line), Qt::AlignVCenter | Qt::AlignLeft,
               T::tr("Legend"));
    const auto& legend = d.layout.legend();
    for (const TimelineLayout::LegendItem& item : d.layout.legendItems()) {
        const QRectF& b = item.box;
        if (item.entry < 0) {
            const int hidden = int(legend.size()) - int(d.layout.legendItems().size()) + 1;
            p.setPen(theme.text);
            p.drawText(b, Qt::AlignVCenter | Qt::AlignLeft, TimelineLayout::legendMore(hidden));
            continue;
        }
        const LegendEntry& e = legend[size_t(item.entry)];
        const double cy = b.center().y();
        QColor c = e.color;
        c.setAlpha(255);
        if (e.marker)
            p.fillRect(QRectF(b.left() + sw / 2 - 1.5, cy - line / 2 + 3, 3, line - 6), c);
        else
            p.fillRect(QRectF(b.left(), cy - sw / 2, sw, sw), e.color);
        p.setPen(theme.text);
        p.drawText(QRectF(b.left() + sw + 6 * theme.fontScale, b.top(), b.width(), line), Qt::AlignVCenter | Qt::AlignLeft, e.text);
    }
}

void paintInstants(QPainter& p, const TraceModel::Lane& lane, const QRectF& lr, const TimeMapper& map, const TimelineTheme& theme)
{
    const Viewport& v = map.viewport();
    for (const InstantRec& in : lane.instants) {
        const bool stall = in.kind == quint8(EventKind::WorkerStalled);
        if (in.t > v.t1 || (in.t < v.t0 && !stall))
            continue;
        const double x = map.x(in.t);
        const EventKind k = EventKind(in.kind);
        if (k == EventKind::Error) {
            p.fillRect(QRectF(x - 2, lr.top(), 4, lr.height()), QColor(0xff, 0x20, 0x20));
        } else if (k == EventKind::WorkerStart || k == EventKind::WorkerExit) {
            const QColor c = k == EventKind::WorkerStart ? QColor(0xfa, 0xcc, 0x15) : QColor(0x94, 0xa3, 0xb8);
            p.fillRect(QRectF(x - 1, lr.top() + 1, 2, lr.height() - 2), c);
        } else if (k == EventKind::Stack) {
            // A Python stack the probe took: a mark with a tab on top (hover or click to read it).
            const QColor c = LaneKinds::markerColour(k);
            p.fillRect(QRectF(x - 1, lr.top(), 2, lr.height()), c);
            p.fillRect(QRectF(x - 4, lr.top(), 8, std::min(6.0, lr.height() / 3)), c);
        } else if (k == EventKind::Mark) {
            // The job's own mark (loaderscope.mark): a line with a flag (hover to read its label).
            const QColor c = StepMarks::colour(loaderscope::RunMark::Kind::Declared, theme);
            p.fillRect(QRectF(x - 0.75, lr.top(), 1.5, lr.height()), c);
            p.fillRect(QRectF(x, lr.top(), 7, std::min(5.0, lr.height() / 3)), c);
        } else if (k == EventKind::EpochBegin) {
            p.fillRect(QRectF(x - 0.5, lr.top(), 1, lr.height()), theme.text);
        } else if (stall) {
            // Stuck on one task since it took it: a red band over that time, a bar at the report.
            const double xs = std::max(map.x0(), map.x(in.t - in.arg1 * 1'000'000));
            p.fillRect(QRectF(xs, lr.top() + 1, std::max(1.0, std::min(x, map.x0() + map.width()) - xs), lr.height() - 2),
                       QColor(0xef, 0x44, 0x44, 50));
            if (in.t >= v.t0)
                p.fillRect(QRectF(x - 1.5, lr.top(), 3, lr.height()), QColor(0xef, 0x44, 0x44));
        }
    }
}

/// A measured range: a band over every lane, its bounds, and its duration above the lanes.
void paintRange(QPainter& p, const TimelineDrawList& d, const std::pair<qint64, qint64>& range, const TimelineTheme& theme,
                const QRectF& badge)
{
    const TimeMapper& map = d.map;
    const qint64 a = std::min(range.first, range.second), b = std::max(range.first, range.second);
    const double x0 = std::max(map.x(a), map.x0()), x1 = std::min(map.x(b), map.x0() + map.width());
    if (x1 < x0)
        return;
    const QRectF axis = d.layout.axisRect();
    const double top = axis.bottom(), bottom = std::min(d.layout.lanesBottom(), d.layout.target().bottom());
    const QColor accent = theme.docs ? QColor(0x25, 0x63, 0xeb) : QColor(0x93, 0xc5, 0xfd);
    QColor band = accent;
    band.setAlpha(40);
    p.fillRect(QRectF(x0, top, x1 - x0, bottom - top), band);
    p.fillRect(QRectF(x0, top, 1, bottom - top), accent);
    p.fillRect(QRectF(x1 - 1, top, 1, bottom - top), accent);
    const qint64 dur = b - a;
    p.fillRect(badge, accent);
    p.setPen(theme.docs ? QColor(Qt::white) : QColor(0x10, 0x10, 0x10));
    p.drawText(badge, Qt::AlignCenter, SummaryText::duration(double(dur) * 1e-9));
}

/// Where the loop's deliveries were not seen (events lost): a hatched band over every lane, so
/// that an empty stretch never reads as a loader that did nothing, and its name above the lanes
/// when it is wide enough.
void paintUnseen(QPainter& p, const TimelineDrawList& d, const TraceModel& m, const TimelineTheme& theme)
{
    const TimeMapper& map = d.map;
    // Over the lanes only (not the legend between them and the axis).
    const double top = std::max(d.layout.axisRect().bottom(), d.layout.legendRect().bottom());
    const double bottom = std::min(d.layout.lanesBottom(), d.layout.target().bottom());
    const QColor ink = theme.docs ? QColor(0xb4, 0x53, 0x09) : QColor(0xfb, 0xbf, 0x24);
    for (const auto& [a, b] : m.unseen()) {
        const double x0 = std::max(map.x(a), map.x0()), x1 = std::min(map.x(b), map.x0() + map.width());
        if (x1 <= x0)
            continue;
        const QRectF band(x0, top, x1 - x0, bottom - top);
        QColor wash = ink;
        wash.setAlpha(28);
        p.fillRect(band, wash);
        p.fillRect(band, QBrush(ink, Qt::BDiagPattern));
        const QString label = T::tr("events lost: batches not seen");
        const QFontMetricsF fm(p.font());
        if (fm.horizontalAdvance(label) + 8 <= band.width()) {
            const QRectF box(x0 + 2, top + 2, fm.horizontalAdvance(label) + 6, fm.height() + 2);
            p.fillRect(box, theme.background);
            p.setPen(theme.text);
            p.drawText(box, Qt::AlignCenter, label);
        }
    }
}

void paintOverlay(QPainter& p, const TimelineDrawList& d, const TraceModel& m, const TimelineTheme& theme,
                  const TimelineOverlay& overlay)
{
    const QColor accent = TimelineStyle::overlayAccent();
    const QRectF target = d.layout.target();
    p.setRenderHint(QPainter::Antialiasing, true);
    for (int li = 0; li < m.laneCount(); ++li) {
        if (std::find(overlay.lanes.begin(), overlay.lanes.end(), m.lane(li).kind) == overlay.lanes.end())
            continue;
        const QRectF lr = d.layout.laneRect(li).adjusted(1, 1, -1, -1);
        p.setPen(QPen(accent, 2.0 * theme.fontScale));
        p.setBrush(Qt::NoBrush);
        p.drawRect(lr);
    }
    if (!overlay.caption.isEmpty()) {
        p.setFont(captionFont(theme));
        const QRectF box(target.left() + 8, d.layout.lanesBottom() + 6, target.width() - 16,
                         TimelineRenderer::overlayHeight(overlay, theme, target.width()) - 10);
        p.fillRect(box, QColor(accent.red(), accent.green(), accent.blue(), theme.docs ? 60 : 40));
        p.setPen(theme.text);
        p.drawText(box.adjusted(10, 0, -10, 0), Qt::AlignVCenter | Qt::AlignLeft | Qt::TextWordWrap, overlay.caption);
    }
    if (!overlay.badge.isEmpty()) {
        QFont bf = p.font();
        bf.setPointSizeF(9 * theme.fontScale);
        bf.setBold(true);
        p.setFont(bf);
        const QFontMetricsF bm(bf);
        const double w = bm.horizontalAdvance(overlay.badge) + 16;
        const QRectF badge(target.left() + 6, target.top() + 3, w, TimelineLayout::axisHeight(theme) - 8);
        p.setBrush(accent);
        p.setPen(Qt::NoPen);
        p.drawRoundedRect(badge, 4, 4);
        p.setPen(QColor(0x20, 0x20, 0x20));
        p.drawText(badge, Qt::AlignCenter, overlay.badge);
    }
}

/// Each event kind's colour, plain and with flag bit 0 (index kind * 2 + flag), with the shades
/// spans and folds are drawn in: worked out once per paint (QColor's lighter() and darker() go
/// through HSV), not once per item.
struct KindColors
{
    static constexpr size_t kKeys = size_t(EventKind::Count) * 2;
    std::array<QColor, kKeys> plain, edge; ///< a span, and its left edge
    std::array<QColor, kKeys> fold, foldEdge; ///< a fold's bar, and its left edge
    const QColor& operator[](size_t key) const { return plain[key]; }
};

KindColors kindColors(const TimelineTheme& theme)
{
    KindColors colors;
    for (size_t key = 0; key < KindColors::kKeys; ++key) {
        colors.plain[key] = TimelineStyle::colorFor(quint8(key / 2), quint8(key % 2));
        colors.edge[key] = colors.plain[key].darker(160);
        colors.fold[key] = colors.plain[key].lighter(theme.docs ? 125 : 85);
        colors.foldEdge[key] = colors.fold[key].darker(150);
    }
    return colors;
}

/**
 * Bars side by side of one colour that cover the same pixel rows, filled as one rectangle:
 * zoomed out, a lane's thousands of 3 px folds are a few fills instead of thousands (each
 * QPainter::fillRect costs about a microsecond whatever its size). A bar drawn with an edge or a
 * label is never merged: what is drawn over it must stay on top.
 */
class BarRun
{
public:
    explicit BarRun(QPainter& p) : m_p(p) {}
    ~BarRun() { flush(); }
    void add(const QRectF& bar, const QColor& color)
    {
        if (m_open && color == m_color && bar.left() <= m_rect.right() + 0.5 && bar.left() >= m_rect.left() &&
            std::lround(bar.top()) == std::lround(m_rect.top()) && std::lround(bar.bottom()) == std::lround(m_rect.bottom())) {
            m_rect.setRight(std::max(m_rect.right(), bar.right()));
            return;
        }
        flush();
        m_rect = bar;
        m_color = color;
        m_open = true;
    }
    void flush()
    {
        if (m_open)
            m_p.fillRect(m_rect, m_color);
        m_open = false;
    }

private:
    QPainter& m_p;
    QRectF m_rect;
    QColor m_color;
    bool m_open = false;
};

/// One row of a lane's prepared items (spans and folds) between `y` and `y + h`; with a batch
/// highlighted (`highlightBatch` >= 0) the others are dimmed.
void paintItems(QPainter& p, const std::vector<DrawItem>& items, double y, double h, const KindColors& colors,
                qint64 highlightBatch, const TimelineTheme& theme)
{
    const bool highlighting = highlightBatch >= 0;
    BarRun run(p);
    for (const DrawItem& it : items) {
        const size_t key = size_t(it.colorKind) * 2 + (it.colorFlags & 1);
        const double w = it.x1 - it.x0;
        if (it.folded()) {
            QColor c = colors.fold[key];
            const bool dimmed = highlighting && it.batch != highlightBatch;
            if (dimmed)
                c.setAlpha(std::min(c.alpha(), 70));
            // As tall as the share of the time its spans cover, from the row's bottom
            // (never thinner than 2 px: something is there).
            const double bh = std::max(std::min(h, 2.0), h * it.coverage);
            const QRectF bar(it.x0, y + h - bh, w, bh);
            const bool label = w > 34 * theme.fontScale && bh >= h * 0.6;
            if (w < 4 && !label) {
                run.add(bar, c);
                continue;
            }
            run.flush();
            p.fillRect(bar, c);
            if (label) {
                p.setPen(theme.docs ? QColor(Qt::white) : theme.background);
                p.drawText(bar, Qt::AlignCenter, QStringLiteral("×%1").arg(it.count));
            }
            if (w >= 4) { // one batch's mark: an edge separates it from the next batch's
                QColor edge = colors.foldEdge[key];
                if (dimmed)
                    edge.setAlpha(std::min(edge.alpha(), 70));
                p.fillRect(QRectF(it.x0, bar.top(), 1, bh), edge);
            }
        } else {
            QColor c = colors.plain[key], edge = colors.edge[key];
            if (highlighting && it.span.batch != highlightBatch) {
                c.setAlpha(std::min(c.alpha(), 55));
                edge.setAlpha(std::min(edge.alpha(), 55));
            }
            if (w < 4) {
                run.add(QRectF(it.x0, y, w, h), c);
                continue;
            }
            run.flush();
            p.fillRect(QRectF(it.x0, y, w, h), c);
            p.fillRect(QRectF(it.x0, y, 1, h), edge); // a darker edge separates neighbours of the same kind
        }
    }
}

/// The spans of `batch` in one row of a lane (model `spans`, sorted by start), drawn over the
/// row's items.
void paintHighlightedBatch(QPainter& p, const std::vector<SpanRec>& spans, double y, double h, const TimeMapper& map,
                           const KindColors& colors, qint64 batch, const TimelineTheme& theme)
{
    const Viewport& v = map.viewport();
    // The selected batch on top, even inside a fold of several batches: its path
    // stays visible across the lanes.
    p.setPen(QPen(theme.docs ? QColor(Qt::black) : QColor(Qt::white), 1.5));
    auto it = std::lower_bound(spans.begin(), spans.end(), v.t0, [](const SpanRec& s, qint64 t) { return s.t1 < t; });
    for (; it != spans.end() && it->t0 <= v.t1; ++it) {
        if (it->batch != batch)
            continue;
        const double x0 = std::max(map.x(it->t0), map.x0());
        const double w = std::max(2.0, std::min(map.x(it->t1), map.x0() + map.width()) - x0);
        p.fillRect(QRectF(x0, y, w, h), colors[size_t(it->kind) * 2 + (it->flags & 1)]);
        p.drawRect(QRectF(x0, y, w, h));
    }
}

} // namespace

double TimelineRenderer::totalHeight(const TraceModel& m, const TimelineTheme& theme, double width, bool stretched)
{
    return TimelineLayout(m, QRectF(0, 0, width, 1e6), theme, 0, stretched).totalHeight();
}

TimeMapper TimelineRenderer::mapper(const Viewport& v, const QRectF& target, const TimelineTheme& theme)
{
    const double lw = TimelineLayout::labelWidth(theme);
    return TimeMapper(v, target.left() + lw, target.width() - lw - TimelineLayout::rightPad(theme));
}

qint64 TimelineRenderer::tickStep(const TimeMapper& map, double minPx)
{
    const double nsPerPx = double(map.nsPerPixel());
    const double raw = nsPerPx * minPx;
    double step = 1;
    while (step * 10 <= raw)
        step *= 10;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        if (step * m >= raw)
            return qint64(step * m);
    }
    return qint64(step * 10);
}

QRectF TimelineRenderer::measureBadge(const TimelineDrawList& d, const std::pair<qint64, qint64>& range, const TimelineTheme& theme)
{
    const TimeMapper& map = d.map;
    const qint64 a = std::min(range.first, range.second), b = std::max(range.first, range.second);
    const double x0 = std::max(map.x(a), map.x0()), x1 = std::min(map.x(b), map.x0() + map.width());
    if (x1 < x0)
        return {};
    const qint64 dur = b - a;
    const QFontMetricsF fm(TimelineLayout::legendFont(theme)); // the axis's font
    const double w = fm.horizontalAdvance(SummaryText::duration(double(dur) * 1e-9)) + 10;
    const QRectF axis = d.layout.axisRect();
    return QRectF((x0 + x1) / 2 - w / 2, axis.top() + 2, w, axis.height() - 6);
}

std::vector<std::pair<QRectF, QString>> TimelineRenderer::tickLabels(const TimelineDrawList& d, const TimelineTheme& theme,
                                                                     const QRectF& badge)
{
    std::vector<std::pair<QRectF, QString>> labels;
    const TimeMapper& map = d.map;
    const QRectF axis = d.layout.axisRect();
    const QFontMetricsF fm(TimelineLayout::legendFont(theme));
    const qint64 step = tickStep(map, 90 * theme.fontScale);
    const Viewport& v = map.viewport();
    const double edge = d.layout.target().right() - 2;
    double lastEnd = -1e9; // where the previous label ends
    for (qint64 t = (v.t0 / step) * step; t <= v.t1; t += step) {
        const double x = map.x(t);
        if (x < map.x0() - 0.5)
            continue;
        const QString text = SummaryText::time(t, step);
        // Baseline 9 px above the axis line, 3 px right of the tick. A label whole or not at all:
        // the last one ends at the picture's edge ("350 ms", not "350 m"), one that would run
        // into the previous label or sit under the measure badge is left out.
        const double w = fm.horizontalAdvance(text);
        const double lx = std::min(x + 3, edge - w);
        if (lx < lastEnd + 4 || lx < map.x0() - 0.5)
            continue;
        const QRectF box(lx, axis.bottom() - 9 - fm.ascent(), w, fm.height());
        if (!badge.isEmpty() && box.intersects(badge))
            continue;
        labels.emplace_back(box, text);
        lastEnd = lx + w;
    }
    return labels;
}

double TimelineRenderer::overlayHeight(const TimelineOverlay& overlay, const TimelineTheme& theme, double width)
{
    if (overlay.caption.isEmpty())
        return 0.0;
    const QFontMetricsF fm(captionFont(theme));
    const QRectF r = fm.boundingRect(QRectF(0, 0, std::max(100.0, width - 36), 1e6), Qt::TextWordWrap, overlay.caption);
    return r.height() + 26;
}

RenderStats TimelineRenderer::paint(QPainter& p, const QRectF& target, const TraceModel& m, const Viewport& v,
                                    const TimelineTheme& theme, qint64 highlightBatch, const TimelineOverlay& overlay)
{
    const TimelineDrawList d = TimelineDrawList::prepare(m, target, v, theme, overlayHeight(overlay, theme, target.width()));
    TimelineMarks marks;
    marks.highlightBatch = highlightBatch;
    return paint(p, d, m, theme, marks, overlay);
}

RenderStats TimelineRenderer::paint(QPainter& p, const TimelineDrawList& d, const TraceModel& m, const TimelineTheme& theme,
                                    const TimelineMarks& marks, const TimelineOverlay& overlay)
{
    const QRectF target = d.layout.target();
    const TimeMapper& map = d.map;
    const Viewport& v = map.viewport();
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false); // axis-aligned boxes
    p.fillRect(target, theme.background);
    QFont font = p.font();
    font.setPointSizeF(8.5 * theme.fontScale);
    p.setFont(font);
    const QFontMetricsF fm(font);
    const QRectF badge = marks.range ? measureBadge(d, *marks.range, theme) : QRectF();
    paintAxis(p, d, theme, badge);

    const KindColors colors = kindColors(theme);
    const bool highlighting = marks.highlightBatch >= 0;
    int shown = 0; // lanes drawn so far: every other one shaded
    for (int li = 0; li < m.laneCount() && size_t(li) < d.lanes.size(); ++li) {
        const QRectF lr = d.layout.laneRect(li);
        if (lr.top() > target.bottom())
            break;
        if (lr.height() <= 0)
            continue; // hidden: a lane its source cannot have
        if (shown++ % 2)
            p.fillRect(lr, theme.laneAlt);
        p.setPen(theme.text);
        p.setFont(font);
        // The lane's name wraps when the lane is tall enough for its lines (a projector's large
        // text), else it is elided.
        const QString name = TimelineStyle::laneName(m, li);
        const bool whole = TimelineLayout::laneLabelFits(name, theme, lr.height());
        p.drawText(QRectF(lr.left() + 6, lr.top(), TimelineLayout::labelWidth(theme) - 10, lr.height()),
                   Qt::AlignVCenter | Qt::AlignLeft | (whole ? Qt::TextWordWrap : 0),
                   whole ? name : fm.elidedText(name, Qt::ElideRight, TimelineLayout::labelWidth(theme) - 10));
        p.setClipRect(QRectF(map.x0(), lr.top(), map.width(), lr.height()));
        // Where detail is not held (evicted from a long run, not read back yet): the aggregates.
        for (const auto& [g0, g1] : m.uncovered(v.t0, v.t1))
            paintAggregates(p, m, li, lr, map, g0, g1, theme);
        for (int row = 0; row < 2; ++row) {
            const auto [y, h] = TimelineDrawList::rowExtent(lr, row);
            paintItems(p, d.lanes[size_t(li)][size_t(row)], y, h, colors, marks.highlightBatch, theme);
            if (highlighting)
                paintHighlightedBatch(p, m.lane(li).rows[row], y, h, map, colors, marks.highlightBatch, theme);
        }
        paintInstants(p, m.lane(li), lr, map, theme);
        p.setClipping(false);
    }
    p.setFont(font);
    paintUnseen(p, d, m, theme);
    paintLegend(p, d, theme);
    p.setFont(font);
    if (marks.range)
        paintRange(p, d, *marks.range, theme, badge);
    if (!overlay.empty())
        paintOverlay(p, d, m, theme, overlay);
    p.restore();
    return d.stats;
}

std::optional<TimelineHit> TimelineRenderer::hitTest(const TraceModel& m, const QRectF& target, const Viewport& v,
                                                     const TimelineTheme& theme, const QPointF& pos)
{
    return TimelineDrawList::prepare(m, target, v, theme).hitTest(pos);
}

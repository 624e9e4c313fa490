// SPDX-License-Identifier: MIT
#include "timelinerenderer.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

using loaderscope::EventKind;

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("TimelineRenderer", s);
}

/// First span whose end is at or after t (spans in a row do not overlap, so ends are sorted).
size_t firstEndingAfter(const std::vector<SpanRec>& row, qint64 t)
{
    return size_t(std::lower_bound(row.begin(), row.end(), t, [](const SpanRec& s, qint64 v) { return s.t1 < v; }) -
                  row.begin());
}

/// First span (from `from`) starting at or after t.
size_t firstStartingAt(const std::vector<SpanRec>& row, size_t from, qint64 t)
{
    return size_t(std::lower_bound(row.begin() + std::ptrdiff_t(from), row.end(), t,
                                   [](const SpanRec& s, qint64 v) { return s.t0 < v; }) - row.begin());
}

/// One fold decision, shared by painting and hit-testing so both see the same marks.
struct Run
{
    size_t first = 0;
    size_t end = 0;      ///< one past the last span of the run
    qint64 t0 = 0;
    qint64 t1 = 0;
    bool folded = false;
};

/// The run starting at span i: a wide span alone, or narrow spans folded together.
Run nextRun(const std::vector<SpanRec>& row, size_t i, size_t viewEnd, qint64 minVis)
{
    Run r{i, i + 1, row[i].t0, row[i].t1, false};
    if (row[i].t1 - row[i].t0 >= minVis)
        return r;
    size_t j = i + 1;
    while (j < viewEnd) {
        const size_t k = std::min(firstStartingAt(row, j, r.t1 + minVis), viewEnd);
        if (k == j)
            break; // the next span starts far enough away
        const size_t last = k - 1;
        if (row[last].t1 - row[last].t0 >= minVis) {
            // Only the last span before k can be wide (rows do not overlap): stop before it.
            if (last > j)
                r.t1 = std::max(r.t1, row[last - 1].t1);
            j = last;
            break;
        }
        r.t1 = std::max(r.t1, row[last].t1);
        j = k;
    }
    r.end = j;
    r.folded = r.end - r.first > 1;
    return r;
}

} // namespace

TimelineTheme TimelineTheme::dark()
{
    return TimelineTheme{};
}

TimelineTheme TimelineTheme::light()
{
    TimelineTheme t;
    t.docs = true;
    t.background = QColor(0xff, 0xff, 0xff);
    t.laneAlt = QColor(0xf4, 0xf5, 0xf7);
    t.text = QColor(0x20, 0x22, 0x28);
    t.grid = QColor(0xd8, 0xdb, 0xe0);
    return t;
}

double TimelineRenderer::laneHeight(const TraceModel& m, int lane, const TimelineTheme& theme)
{
    const bool main = m.lane(lane).kind == TraceModel::LaneKind::Main;
    return (main ? 38.0 : 24.0) * theme.fontScale;
}

double TimelineRenderer::totalHeight(const TraceModel& m, const TimelineTheme& theme)
{
    double h = axisHeight(theme);
    for (int i = 0; i < m.laneCount(); ++i)
        h += laneHeight(m, i, theme);
    return h;
}

QRectF TimelineRenderer::laneRect(const TraceModel& m, int lane, const QRectF& target, const TimelineTheme& theme)
{
    double y = target.top() + axisHeight(theme);
    for (int i = 0; i < lane; ++i)
        y += laneHeight(m, i, theme);
    return QRectF(target.left(), y, target.width(), laneHeight(m, lane, theme));
}

TimeMapper TimelineRenderer::mapper(const Viewport& v, const QRectF& target, const TimelineTheme& theme)
{
    const double lw = labelWidth(theme);
    return TimeMapper(v, target.left() + lw, target.width() - lw - rightPad(theme));
}

QString TimelineRenderer::laneName(const TraceModel& m, int lane)
{
    const TraceModel::Lane& l = m.lane(lane);
    switch (l.kind) {
    case TraceModel::LaneKind::Main: return tr("main process (training loop)");
    case TraceModel::LaneKind::Pin: return tr("pin-memory thread");
    case TraceModel::LaneKind::Worker: {
        qint64 pid = 0;
        for (auto it = l.instants.rbegin(); it != l.instants.rend() && pid == 0; ++it)
            if (it->kind == quint8(EventKind::WorkerStart))
                pid = it->arg0;
        return pid ? tr("worker %1 · pid %2").arg(l.worker).arg(pid) : tr("worker %1").arg(l.worker);
    }
    case TraceModel::LaneKind::Copy: return m.simulatedDevice() ? tr("GPU copy (simulated)") : tr("GPU copy stream");
    case TraceModel::LaneKind::Compute:
        return m.simulatedDevice() ? tr("GPU compute (simulated)") : tr("GPU compute stream");
    }
    return {};
}

QColor TimelineRenderer::colorFor(quint8 kind, quint8 flags)
{
    switch (EventKind(kind)) {
    case EventKind::Fetch: return QColor(0x3b, 0x82, 0xf6);
    case EventKind::Collate: return QColor(0xa8, 0x55, 0xf7);
    case EventKind::WaitTask: return QColor(0x6b, 0x72, 0x80, 0x70);
    case EventKind::WorkerInit: return QColor(0xf5, 0x9e, 0x0b);
    case EventKind::WaitData: return QColor(0xef, 0x44, 0x44);
    case EventKind::Step: return QColor(0x22, 0xc5, 0x5e);
    case EventKind::StartWorkers: return QColor(0xea, 0xb3, 0x08);
    case EventKind::Shutdown: return QColor(0x94, 0xa3, 0xb8);
    case EventKind::PinCopy: return QColor(0x14, 0xb8, 0xa6);
    case EventKind::H2DCopy: return flags & 1 ? QColor(0x06, 0xb6, 0xd4) : QColor(0xf9, 0x73, 0x16);
    case EventKind::Kernel: return QColor(0x16, 0xa3, 0x4a);
    case EventKind::HostBlocked: return flags & 1 ? QColor(0x47, 0x55, 0x69) : QColor(0xb9, 0x1c, 0x1c);
    default: return QColor(0x9c, 0xa3, 0xaf);
    }
}

QString TimelineRenderer::kindName(quint8 kind, qint32 arg)
{
    switch (EventKind(kind)) {
    case EventKind::Fetch: return tr("fetch sample");
    case EventKind::Collate: return tr("collate");
    case EventKind::WaitTask: return tr("idle (waiting for an index)");
    case EventKind::WorkerInit: return tr("worker start-up");
    case EventKind::WaitData: return tr("waiting for data");
    case EventKind::Step: return tr("training step (issue)");
    case EventKind::StartWorkers: return tr("starting workers");
    case EventKind::Shutdown: return tr("shutting down workers");
    case EventKind::PinCopy: return tr("pin copy");
    case EventKind::H2DCopy: return tr("host-to-device copy");
    case EventKind::Kernel: return tr("step kernel");
    case EventKind::HostBlocked:
        switch (arg) {
        case 1: return tr("host waits for the GPU");
        case 2: return tr("host blocked: pageable copy");
        case 3: return tr("host blocked: synchronous copy");
        default: return tr("host blocked");
        }
    default: return tr("event");
    }
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

QString TimelineRenderer::formatTime(qint64 ns, qint64 step)
{
    auto fmt = [](double v, qint64 stepIn, double unit, const QString& suffix) {
        const int decimals = stepIn >= qint64(unit) ? 0 : (stepIn * 10 >= qint64(unit) ? 1 : 2);
        return QString::number(v / unit, 'f', decimals) + suffix;
    };
    if (step >= 100'000'000 || std::llabs(ns) >= 10'000'000'000LL)
        return fmt(double(ns), step, 1e9, tr(" s"));
    if (step >= 100'000)
        return fmt(double(ns), step, 1e6, tr(" ms"));
    if (step >= 100)
        return fmt(double(ns), step, 1e3, tr(" µs"));
    return QString::number(ns) + tr(" ns");
}

namespace {
QFont captionFont(const TimelineTheme& theme)
{
    QFont f;
    f.setPointSizeF(10 * theme.fontScale);
    f.setBold(true);
    return f;
}
} // namespace

double TimelineRenderer::overlayHeight(const TimelineOverlay& overlay, const TimelineTheme& theme, double width)
{
    if (overlay.caption.isEmpty())
        return 0.0;
    const QFontMetricsF fm(captionFont(theme));
    const QRectF r = fm.boundingRect(QRectF(0, 0, std::max(100.0, width - 36), 1e6), Qt::TextWordWrap, overlay.caption);
    return r.height() + 26;
}

namespace {

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
        colors[slot] = TimelineRenderer::colorFor(kind, flags);
    }
    const double top = lr.top() + 3, height = lr.height() - 6;
    // Columns of `step` pixels: at least one bucket each, so the bars do not alias.
    const double pxPerBucket = double(bucket) / double(map.nsPerPixel());
    const double step = pxPerBucket >= 1.0 ? 1.0 : std::ceil(1.0 / std::max(pxPerBucket, 1e-6));
    // Stacking order, bottom up; a worker's idle time (slot 2) is the lane's background.
    std::vector<int> order = {0};
    if (lane.kind == TraceModel::LaneKind::Worker)
        order = {3, 1, 0};
    else if (lane.kind == TraceModel::LaneKind::Main)
        order = {3, 2, 1, 0};
    else if (lane.kind == TraceModel::LaneKind::Copy)
        order = {1, 0};
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

} // namespace

RenderStats TimelineRenderer::paint(QPainter& p, const QRectF& target, const TraceModel& m, const Viewport& v,
                                    const TimelineTheme& theme, qint64 highlightBatch, const TimelineOverlay& overlay)
{
    RenderStats stats;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false); // axis-aligned boxes
    p.fillRect(target, theme.background);
    const TimeMapper map = mapper(v, target, theme);
    const double right = map.x0() + map.width();
    QFont font = p.font();
    font.setPointSizeF(8.5 * theme.fontScale);
    p.setFont(font);
    const QFontMetricsF fm(font);

    // Axis and grid.
    const qint64 step = tickStep(map, 90 * theme.fontScale);
    const double axisH = axisHeight(theme);
    p.setPen(theme.grid);
    p.drawLine(QPointF(map.x0(), target.top() + axisH - 0.5), QPointF(right, target.top() + axisH - 0.5));
    const double lanesBottom = std::min(target.bottom(), target.top() + totalHeight(m, theme));
    for (qint64 t = (v.t0 / step) * step; t <= v.t1; t += step) {
        const double x = map.x(t);
        if (x < map.x0() - 0.5)
            continue;
        p.setPen(theme.grid);
        p.drawLine(QPointF(x, target.top() + axisH - 6), QPointF(x, lanesBottom));
        p.setPen(theme.text);
        p.drawText(QPointF(x + 3, target.top() + axisH - 9), formatTime(t, step));
    }

    const qint64 minVis = std::max<qint64>(1, qint64(kMinSpanPx * double(map.nsPerPixel())));
    const QColor foldColor = theme.docs ? QColor(0x9c, 0xa3, 0xaf) : QColor(0x7b, 0x83, 0x93);
    std::array<QColor, size_t(EventKind::Count) * 2> colors;
    for (size_t k = 0; k < size_t(EventKind::Count); ++k) {
        colors[k * 2] = colorFor(quint8(k), 0);
        colors[k * 2 + 1] = colorFor(quint8(k), 1);
    }
    const bool highlighting = highlightBatch >= 0;

    for (int li = 0; li < m.laneCount(); ++li) {
        const QRectF lr = laneRect(m, li, target, theme);
        if (lr.top() > target.bottom())
            break;
        if (li % 2)
            p.fillRect(lr, theme.laneAlt);
        p.setPen(theme.text);
        p.drawText(QRectF(lr.left() + 6, lr.top(), labelWidth(theme) - 10, lr.height()),
                   Qt::AlignVCenter | Qt::AlignLeft, fm.elidedText(laneName(m, li), Qt::ElideRight, labelWidth(theme) - 10));
        const TraceModel::Lane& lane = m.lane(li);
        p.setClipRect(QRectF(map.x0(), lr.top(), map.width(), lr.height()));
        // Where detail is not held (evicted from a long run, not read back yet): the aggregates.
        for (const auto& [g0, g1] : m.uncovered(v.t0, v.t1))
            paintAggregates(p, m, li, lr, map, g0, g1, theme);
        for (int row = 0; row < 2; ++row) {
            const std::vector<SpanRec>& spans = lane.rows[row];
            if (spans.empty())
                continue;
            // Row 0 fills the lane; nested row 1 sits in its lower half.
            const double y = row == 0 ? lr.top() + 3 : lr.top() + lr.height() * 0.5;
            const double h = row == 0 ? lr.height() - 6 : lr.height() * 0.5 - 3;
            size_t i = firstEndingAfter(spans, v.t0);
            const size_t viewEnd = firstStartingAt(spans, i, v.t1 + 1);
            while (i < viewEnd) {
                const Run r = nextRun(spans, i, viewEnd, minVis);
                const double x0 = std::max(map.x(r.t0), map.x0());
                const double x1 = std::min(map.x(r.t1), right);
                const double w = std::max(1.0, x1 - x0);
                if (r.folded) {
                    const qint64 count = qint64(r.end - r.first);
                    // The fold takes the colour of what it hides: the most frequent kind among 17
                    // spans of the run at hashed positions (evenly spaced ones alias with the
                    // periodic fetch/collate pattern of a worker), lightened, with a count.
                    int votes[size_t(EventKind::Count) * 2] = {};
                    int best = -1;
                    for (uint64_t k = 0; k < 17; ++k) {
                        const SpanRec& sample = spans[r.first + size_t((k * 2654435761ULL) % uint64_t(count))];
                        if (sample.kind == quint8(EventKind::WaitTask))
                            continue; // idle time is the fold's background, not its content
                        const int key = sample.kind * 2 + (sample.flags & 1);
                        ++votes[key];
                        if (best < 0 || votes[key] > votes[best])
                            best = key;
                    }
                    QColor c = best < 0 ? foldColor : colors[size_t(best)].lighter(theme.docs ? 125 : 85);
                    if (highlighting)
                        c.setAlpha(70);
                    p.fillRect(QRectF(x0, y, w, h), c);
                    if (w > 34 * theme.fontScale) {
                        p.setPen(theme.docs ? QColor(Qt::white) : theme.background);
                        p.drawText(QRectF(x0, y, w, h), Qt::AlignCenter, QStringLiteral("×%1").arg(count));
                    }
                    ++stats.folds;
                    stats.spansFolded += count;
                } else {
                    const SpanRec& s = spans[r.first];
                    QColor c = colors[size_t(s.kind) * 2 + (s.flags & 1)];
                    if (highlighting && s.batch != highlightBatch)
                        c.setAlpha(std::min(c.alpha(), 55));
                    p.fillRect(QRectF(x0, y, w, h), c);
                    if (w >= 4) // a darker edge separates neighbours of the same kind
                        p.fillRect(QRectF(x0, y, 1, h), c.darker(160));
                    ++stats.spansDrawn;
                }
                i = r.end;
            }
            if (highlighting) {
                // The selected batch on top, even where it was folded: its lineage stays visible.
                for (size_t k = firstEndingAfter(spans, v.t0); k < viewEnd; ++k) {
                    const SpanRec& s = spans[k];
                    if (s.batch != highlightBatch)
                        continue;
                    const double x0 = std::max(map.x(s.t0), map.x0());
                    const double w = std::max(2.0, std::min(map.x(s.t1), right) - x0);
                    p.fillRect(QRectF(x0, y, w, h), colors[size_t(s.kind) * 2 + (s.flags & 1)]);
                    p.setPen(QPen(theme.docs ? QColor(Qt::black) : QColor(Qt::white), 1.5));
                    p.drawRect(QRectF(x0, y, w, h));
                }
            }
        }
        // Instants: worker start/exit and errors as markers.
        for (const InstantRec& in : lane.instants) {
            if (in.t < v.t0 || in.t > v.t1)
                continue;
            const double x = map.x(in.t);
            const EventKind k = EventKind(in.kind);
            if (k == EventKind::Error) {
                p.fillRect(QRectF(x - 2, lr.top(), 4, lr.height()), QColor(0xff, 0x20, 0x20));
            } else if (k == EventKind::WorkerStart || k == EventKind::WorkerExit) {
                const QColor c = k == EventKind::WorkerStart ? QColor(0xfa, 0xcc, 0x15) : QColor(0x94, 0xa3, 0xb8);
                p.fillRect(QRectF(x - 1, lr.top() + 1, 2, lr.height() - 2), c);
            } else if (k == EventKind::EpochBegin) {
                p.fillRect(QRectF(x - 0.5, lr.top(), 1, lr.height()), theme.text);
            } else if (k == EventKind::WorkerStalled) {
                // Stuck on one task since it took it: a red band over that time, a bar at the report.
                const double xs = std::max(map.x0(), map.x(in.t - in.arg1 * 1'000'000));
                p.fillRect(QRectF(xs, lr.top() + 1, std::max(1.0, x - xs), lr.height() - 2), QColor(0xef, 0x44, 0x44, 50));
                p.fillRect(QRectF(x - 1.5, lr.top(), 3, lr.height()), QColor(0xef, 0x44, 0x44));
            }
        }
        p.setClipping(false);
    }
    // The lesson's overlay: frames around the lanes to look at, the caption, the badge.
    if (!overlay.empty()) {
        const QColor accent(0xfa, 0xcc, 0x15);
        p.setRenderHint(QPainter::Antialiasing, true);
        for (int li = 0; li < m.laneCount(); ++li) {
            if (std::find(overlay.lanes.begin(), overlay.lanes.end(), m.lane(li).kind) == overlay.lanes.end())
                continue;
            const QRectF lr = laneRect(m, li, target, theme).adjusted(1, 1, -1, -1);
            p.setPen(QPen(accent, 2.0 * theme.fontScale));
            p.setBrush(Qt::NoBrush);
            p.drawRect(lr);
        }
        const double lanesBottomY = target.top() + totalHeight(m, theme);
        if (!overlay.caption.isEmpty()) {
            p.setFont(captionFont(theme));
            const QRectF box(target.left() + 8, lanesBottomY + 6, target.width() - 16,
                             overlayHeight(overlay, theme, target.width()) - 10);
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
            const QRectF badge(target.left() + 6, target.top() + 3, w, axisHeight(theme) - 8);
            p.setBrush(accent);
            p.setPen(Qt::NoPen);
            p.drawRoundedRect(badge, 4, 4);
            p.setPen(QColor(0x20, 0x20, 0x20));
            p.drawText(badge, Qt::AlignCenter, overlay.badge);
        }
    }
    p.restore();
    return stats;
}

std::optional<TimelineHit> TimelineRenderer::hitTest(const TraceModel& m, const QRectF& target, const Viewport& v,
                                                     const TimelineTheme& theme, const QPointF& pos)
{
    const TimeMapper map = mapper(v, target, theme);
    if (pos.x() < map.x0() || pos.x() > map.x0() + map.width())
        return std::nullopt;
    const qint64 minVis = std::max<qint64>(1, qint64(kMinSpanPx * double(map.nsPerPixel())));
    for (int li = 0; li < m.laneCount(); ++li) {
        const QRectF lr = laneRect(m, li, target, theme);
        if (pos.y() < lr.top() || pos.y() >= lr.bottom())
            continue;
        const bool lower = pos.y() >= lr.top() + lr.height() * 0.5;
        // Prefer the nested row in the lower half of the main lane.
        for (int row : {lower ? 1 : 0, 0}) {
            const std::vector<SpanRec>& spans = m.lane(li).rows[row];
            if (spans.empty())
                continue;
            const qint64 t = map.t(pos.x());
            const qint64 slack = map.nsPerPixel(); // one pixel of tolerance
            // Walk the same runs the painter drew (from the view's start, so folds match).
            size_t i = firstEndingAfter(spans, v.t0);
            const size_t viewEnd = firstStartingAt(spans, i, v.t1 + 1);
            while (i < viewEnd && spans[i].t0 <= t + slack) {
                const Run r = nextRun(spans, i, viewEnd, minVis);
                if (t + slack >= r.t0 && t - slack <= r.t1) {
                    TimelineHit hit;
                    hit.lane = li;
                    hit.row = row;
                    hit.index = r.first;
                    hit.span = spans[r.first];
                    hit.foldedCount = qint64(r.end - r.first);
                    return hit;
                }
                i = r.end;
            }
        }
        return std::nullopt;
    }
    return std::nullopt;
}

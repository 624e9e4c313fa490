// SPDX-License-Identifier: MIT
#include "timeline/draw/stepmarks.h"

#include "timeline/model/tracemodel.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace {

using Kind = loaderscope::RunMark::Kind;

struct T
{
    Q_DECLARE_TR_FUNCTIONS(StepMarks)
};

/// The first mark at or after model time `t` (marks are in the events' clock, in time order).
std::vector<loaderscope::RunMark>::const_iterator firstFrom(const TraceModel& model, qint64 t)
{
    const auto& marks = model.marks().marks();
    const qint64 origin = qint64(model.origin());
    return std::lower_bound(marks.begin(), marks.end(), t,
                            [origin](const loaderscope::RunMark& m, qint64 at) { return qint64(m.t) - origin < at; });
}

/// The short label along the chart's top: "epoch 3", "w2", the job's label.
QString shortLabel(const loaderscope::RunMark& m)
{
    switch (m.kind) {
    case Kind::EpochStart: return T::tr("epoch %1").arg(m.value);
    case Kind::WorkerStart: return T::tr("w%1").arg(m.lane);
    case Kind::Declared: return QString::fromUtf8(m.label.data(), qsizetype(m.label.size()));
    }
    return {};
}

} // namespace

namespace StepMarks {

QColor colour(Kind kind, const TimelineTheme& theme)
{
    switch (kind) {
    case Kind::EpochStart: return theme.text;
    case Kind::WorkerStart: return theme.docs ? QColor(0xb4, 0x53, 0x09) : QColor(0xfa, 0xcc, 0x15);
    case Kind::Declared: return theme.docs ? QColor(0x0f, 0x76, 0x6e) : QColor(0x2d, 0xd4, 0xbf);
    }
    return theme.text;
}

QString describe(const loaderscope::RunMark& m)
{
    switch (m.kind) {
    case Kind::EpochStart: return T::tr("epoch %1 begins").arg(m.value);
    case Kind::WorkerStart:
        return m.value > 0 ? T::tr("worker %1 restarts (a new process on its lane)").arg(m.lane) : T::tr("worker %1 starts").arg(m.lane);
    case Kind::Declared: return T::tr("the job's mark: %1").arg(QString::fromUtf8(m.label.data(), qsizetype(m.label.size())));
    }
    return {};
}

std::vector<const loaderscope::RunMark*> between(const TraceModel& model, qint64 t0, qint64 t1)
{
    std::vector<const loaderscope::RunMark*> out;
    const auto& marks = model.marks().marks();
    const qint64 origin = qint64(model.origin());
    for (auto it = firstFrom(model, t0); it != marks.end() && qint64(it->t) - origin <= t1; ++it)
        out.push_back(&*it);
    return out;
}

std::vector<const loaderscope::RunMark*> visible(const TraceModel& model, const Viewport& v, const QRectF& plot)
{
    std::vector<const loaderscope::RunMark*> out;
    const auto& marks = model.marks().marks();
    const qint64 origin = qint64(model.origin());
    const TimeMapper map(v, plot.left(), plot.width());
    int lastColumn[3] = {-1, -1, -1};
    for (auto it = firstFrom(model, v.t0); it != marks.end() && qint64(it->t) - origin <= v.t1; ++it) {
        const int column = int(map.x(qint64(it->t) - origin));
        int& last = lastColumn[int(it->kind)];
        if (column == last)
            continue; // one line per kind per pixel: a thousand worker starts draw as one
        last = column;
        out.push_back(&*it);
    }
    return out;
}

void paint(QPainter& p, const QRectF& plot, const TraceModel& model, const Viewport& v, const TimelineTheme& theme)
{
    const std::vector<const loaderscope::RunMark*> marks = visible(model, v, plot);
    if (marks.empty())
        return;
    p.save();
    p.setClipRect(plot.adjusted(-1, -1, 1, 1));
    QFont f = p.font();
    f.setPointSizeF(7.5 * theme.fontScale);
    p.setFont(f);
    const QFontMetricsF fm(f, p.device());
    const TimeMapper map(v, plot.left(), plot.width());
    const qint64 origin = qint64(model.origin());
    // Lines first (the job's own marks drawn last, on top), then the labels left to right where
    // each has room after the previous one.
    for (const Kind kind : {Kind::WorkerStart, Kind::EpochStart, Kind::Declared})
        for (const loaderscope::RunMark* m : marks)
            if (m->kind == kind) {
                QColor c = colour(kind, theme);
                c.setAlpha(kind == Kind::WorkerStart ? 150 : kind == Kind::EpochStart ? 220 : 255);
                QPen pen(c, kind == Kind::Declared ? 1.5 : 1.0, kind == Kind::EpochStart ? Qt::DashLine : Qt::SolidLine);
                p.setPen(pen);
                const double x = std::round(map.x(qint64(m->t) - origin)) + 0.5;
                p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
            }
    // Labels along the top: the epochs' first, then the job's marks, each where it overlaps none
    // placed before it (worker starts are many: their lines say it, the hover names them). What
    // found no room is counted in the plot's top right corner, so a picture drops none unsaid.
    std::vector<std::pair<double, double>> taken; // x ranges of the labels placed
    int hidden = 0;
    QColor back = theme.background;
    back.setAlpha(200);
    for (const Kind kind : {Kind::EpochStart, Kind::Declared})
        for (const loaderscope::RunMark* m : marks) {
            if (m->kind != kind)
                continue;
            const QString label = shortLabel(*m);
            if (label.isEmpty())
                continue;
            const double x = map.x(qint64(m->t) - origin) + 3;
            const double w = fm.horizontalAdvance(label);
            const bool clash = std::any_of(taken.begin(), taken.end(),
                                           [&](const auto& r) { return x < r.second + 6 && x + w + 6 > r.first; });
            if (clash || x + w > plot.right()) {
                ++hidden;
                continue;
            }
            taken.emplace_back(x, x + w);
            const QRectF box(x - 1, plot.top() + 1, w + 2, fm.height());
            p.fillRect(box, back);
            p.setPen(colour(m->kind, theme));
            p.drawText(box, Qt::AlignCenter, label);
        }
    // And those of marks that share a pixel with another of their kind (visible() kept one).
    int labelled = 0, inView = 0;
    for (const loaderscope::RunMark* m : marks)
        labelled += m->kind != Kind::WorkerStart && !shortLabel(*m).isEmpty();
    const auto& all = model.marks().marks();
    for (auto it = firstFrom(model, v.t0); it != all.end() && qint64(it->t) - origin <= v.t1; ++it)
        inView += it->kind != Kind::WorkerStart && !shortLabel(*it).isEmpty();
    hidden += inView - labelled;
    if (hidden > 0) {
        const QString more = T::tr("+%1 more labels (overlapping)").arg(hidden);
        const double w = fm.horizontalAdvance(more);
        const QRectF box(plot.right() - w - 4, plot.top() + 1 + fm.height(), w + 2, fm.height());
        p.fillRect(box, back);
        p.setPen(theme.text);
        p.drawText(box, Qt::AlignCenter, more);
    }
    p.restore();
}

QStringList near(const TraceModel& model, const Viewport& v, const QRectF& plot, double x, double pixels)
{
    QStringList out;
    const TimeMapper map(v, plot.left(), plot.width());
    int workers = 0;
    for (const loaderscope::RunMark* m : between(model, map.t(x - pixels), map.t(x + pixels))) {
        if (m->kind == Kind::WorkerStart && ++workers > 4)
            continue; // counted below: a pool of 32 starting at once is one line
        out << describe(*m);
    }
    if (workers > 4)
        out << T::tr("and %1 more worker starts").arg(workers - 4);
    return out;
}

QStringList legend(const TraceModel& model, const TimelineTheme& theme)
{
    bool has[3] = {false, false, false};
    for (const loaderscope::RunMark& m : model.marks().marks())
        has[int(m.kind)] = true;
    const QString names[3] = {T::tr("epoch starts"), T::tr("worker starts"), T::tr("the job's marks")};
    QStringList out;
    for (int k = 0; k < 3; ++k)
        if (has[k])
            out << QStringLiteral("<span style='white-space:nowrap'><span style='color:%1'>&#9474;</span>&nbsp;%2</span>")
                       .arg(colour(Kind(k), theme).name(), names[k].toHtmlEscaped());
    return out;
}

} // namespace StepMarks

// SPDX-License-Identifier: MIT
#include "histogramchart.h"

#include "timeline/apptheme.h"
#include "timeline/counterchartview.h"
#include "timeline/model/counterseries.h"

#include <QEvent>
#include <QFontMetrics>
#include <QResizeEvent>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <cmath>
#include <map>

HistogramChart::HistogramChart(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(12 * fontMetrics().height()); // the curve and its axes readable, Large fonts too
    // The axes once; a live run's updates replace the lines' points (4 a second).
    QChart* chart = this->chart();
    auto* x = new QLogValueAxis(chart);
    x->setBase(10);
    x->setMinorTickCount(-1); // the 2..9 ticks of each decade, unlabelled
    x->setLabelFormat(QStringLiteral("%.3g"));
    auto* y = new QValueAxis(chart);
    y->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setMargins(QMargins(0, 4, 0, 0));
    retranslate();
    styleChart(chart, AppTheme::current());
    draw();
}

void HistogramChart::resizeEvent(QResizeEvent* e)
{
    QChartView::resizeEvent(e);
    draw(); // the y ticks that fit the new height
}

void HistogramChart::retranslate()
{
    chart()->axes(Qt::Horizontal).value(0)->setTitleText(tr("duration (ms, log scale)"));
    // Short: a projector's chart is short; what the % is of, the line above the chart says.
    chart()->axes(Qt::Vertical).value(0)->setTitleText(tr("%"));
}

QList<QPointF> HistogramChart::quarterOctaves(const loaderscope::LatencyHistogram& h)
{
    // Group key: floor(4 log2(ns)); the bins of one group summed. A 0 ns span falls in the lowest.
    std::map<int, uint64_t> groups;
    for (const auto& [low, count] : h.bins())
        groups[int(std::floor(4 * std::log2(double(std::max<uint64_t>(low, 1)))))] += count;
    QList<QPointF> out;
    if (groups.empty())
        return out;
    // Every group from the lowest to the highest, the empty ones at 0: a line between two
    // distant groups would suggest spans in between.
    const double total = double(std::max<uint64_t>(h.count(), 1));
    for (int key = groups.begin()->first; key <= groups.rbegin()->first; ++key) {
        const auto it = groups.find(key);
        const double middleNs = std::exp2((double(key) + 0.5) / 4);
        out << QPointF(middleNs * 1e-6, it == groups.end() ? 0.0 : double(it->second) / total);
    }
    return out;
}

void HistogramChart::setStage(const loaderscope::StageDistribution& stage)
{
    m_stage = stage;
    draw();
}

int HistogramChart::lineCount() const
{
    return int(chart()->series().size());
}

QString HistogramChart::lineName(int line) const
{
    return chart()->series().value(line) ? chart()->series().value(line)->name() : QString();
}

QList<QPointF> HistogramChart::linePoints(int line) const
{
    auto* s = qobject_cast<QLineSeries*>(chart()->series().value(line));
    return s ? s->points() : QList<QPointF>();
}

void HistogramChart::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange) {
        retranslate();
        draw(); // the lines' names
    }
    if (e->type() == QEvent::PaletteChange) {
        styleChart(chart(), AppTheme::current());
        draw(); // "all" in the text colour
    }
    QChartView::changeEvent(e);
}

void HistogramChart::draw()
{
    QChart* chart = this->chart();
    auto* x = static_cast<QLogValueAxis*>(chart->axes(Qt::Horizontal).value(0));
    auto* y = static_cast<QValueAxis*>(chart->axes(Qt::Vertical).value(0));
    // One line per worker; the stage in all where it is not split by worker (the copies, the step).
    std::vector<std::pair<int, const loaderscope::LatencyHistogram*>> lines;
    for (const auto& [worker, h] : m_stage.workers)
        if (h.count() > 0)
            lines.emplace_back(worker, &h);
    if (lines.empty() && m_stage.all.count() > 0)
        lines.emplace_back(-2, &m_stage.all);
    // As many series as lines, reused (a worker's line keeps its series from update to update).
    while (chart->series().size() > qsizetype(lines.size())) {
        QAbstractSeries* last = chart->series().constLast();
        chart->removeSeries(last);
        delete last;
    }
    while (chart->series().size() < qsizetype(lines.size())) {
        auto* s = new QLineSeries(chart);
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    double lo = 1e300, hi = 0, top = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
        const auto& [worker, h] = lines[i];
        auto* s = static_cast<QLineSeries*>(chart->series()[qsizetype(i)]);
        s->setName(worker == -2 ? tr("all")
                   : m_ranks    ? tr("rank %1").arg(worker)
                   : worker < 0 ? tr("main process")
                                : tr("worker %1").arg(worker));
        QList<QPointF> points = quarterOctaves(*h);
        for (QPointF& p : points) {
            p.setY(p.y() * 100);
            lo = std::min(lo, p.x());
            hi = std::max(hi, p.x());
            top = std::max(top, p.y());
        }
        s->replace(points);
        QPen pen(worker == -2 ? AppTheme::current().text : workerColor(worker));
        pen.setWidthF(2);
        s->setPen(pen);
    }
    // Whole decades around what is drawn, so the ticks read 0.01, 0.1, 1, 10 ms.
    if (hi > 0) {
        const double first = std::floor(std::log10(lo));
        x->setRange(std::pow(10, first), std::pow(10, std::max(first + 1, std::ceil(std::log10(hi)))));
        // Ticks at 10, 20, 25, 50 or 100 %: the finest whose labels fit the plot's height.
        const QFontMetrics fm(y->labelsFont());
        const int room = std::max(2, int(chart->plotArea().height() / (1.6 * fm.height())) + 1);
        double step = 100;
        for (double candidate : {10.0, 20.0, 25.0, 50.0})
            if (std::ceil(top / candidate) + 1 <= room) {
                step = candidate;
                break;
            }
        const int steps = std::max(1, int(std::ceil(top / step)));
        y->setRange(0, steps * step);
        y->setTickCount(steps + 1);
    } else {
        x->setRange(0.001, 1);
        y->setRange(0, 100);
        y->setTickCount(3);
    }
}

// SPDX-License-Identifier: MIT
#include "counterchartview.h"

#include "timeline/model/counterseries.h"
#include "timeline/draw/stepmarks.h"
#include "timeline/draw/timelinelayout.h"
#include "timeline/model/tracemodel.h"
#include "timeline/draw/viewportcontroller.h"

#include <QGraphicsLayout>
#include <QLegendMarker>
#include <QLocale>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>

namespace {

QLineSeries* seriesNamed(QChart* chart, int i)
{
    const auto list = chart->series();
    return i < list.size() ? qobject_cast<QLineSeries*>(list[i]) : nullptr;
}

} // namespace

void styleAxes(QChart* chart, const TimelineTheme& theme)
{
    // Axis labels in the locale's digits and grouping ("8,000", "8.000"), as the tables write
    // them (SummaryText): Qt Charts formats them with printf otherwise ("8000").
    chart->setLocalizeNumbers(true);
    chart->setLocale(QLocale());
    for (QAbstractAxis* a : chart->axes()) {
        a->setLabelsColor(theme.text);
        a->setGridLineColor(theme.grid);
        a->setLinePenColor(theme.grid);
        a->setTitleBrush(theme.text);
        QFont af = a->labelsFont();
        af.setPointSizeF(8.5 * theme.fontScale);
        a->setLabelsFont(af);
        a->setTitleFont(af);
    }
}

void styleChart(QChart* chart, const TimelineTheme& theme)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundBrush(theme.background);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(theme.text);
    chart->legend()->setLabelColor(theme.text);
    QFont f = chart->legend()->font();
    f.setPointSizeF(8.5 * theme.fontScale);
    chart->legend()->setFont(f);
    styleAxes(chart, theme);
}

namespace {

void setupChart(QChart* chart, const TimelineTheme& theme)
{
    chart->setMargins(QMargins(0, 4, 0, 0));
    chart->legend()->setAlignment(Qt::AlignTop);
    if (chart->axes().isEmpty()) {
        chart->addAxis(new QValueAxis(chart), Qt::AlignBottom);
        chart->addAxis(new QValueAxis(chart), Qt::AlignLeft);
    }
    styleChart(chart, theme);
}

/// As many line series as `lines`, named, coloured and filled (series are reused: a live chart
/// gains a line when a worker starts).
void setLines(QChart* chart, const std::vector<ChartLine>& lines)
{
    auto* x = chart->axes(Qt::Horizontal).value(0);
    auto* y = chart->axes(Qt::Vertical).value(0);
    while (chart->series().size() > qsizetype(lines.size())) {
        QAbstractSeries* s = chart->series().constLast();
        chart->removeSeries(s);
        delete s;
    }
    while (chart->series().size() < qsizetype(lines.size())) {
        auto* s = new QLineSeries(chart);
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    for (size_t i = 0; i < lines.size(); ++i) {
        QLineSeries* s = seriesNamed(chart, int(i));
        if (s->name() != lines[i].name)
            s->setName(lines[i].name);
        QPen pen(lines[i].color);
        pen.setWidthF(1.5);
        pen.setStyle(lines[i].style);
        if (s->pen() != pen)
            s->setPen(pen);
        s->replace(lines[i].points);
    }
}

} // namespace

CounterChartView::CounterChartView(Counters counters, QWidget* parent) : QChartView(new QChart, parent), m_counters(counters)
{
    setRenderHint(QPainter::Antialiasing, false);
    setupChart(chart(), m_theme);
    chart()->legend()->hide(); // ChartsPane shows legendText() under the chart, wrapped
    setMinimumHeight(80);
    setMouseTracking(true); // the hover readout
    m_timer.setInterval(250);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_model && m_model->generation() != m_drawnGeneration)
            refresh(m_viewport);
    });
    m_timer.start();
}

void CounterChartView::setModel(const TraceModel* model)
{
    m_model = model;
    m_drawnGeneration = ~0ULL;
}

void CounterChartView::setController(ViewportController* controller)
{
    connect(controller, &ViewportController::viewportChanged, this, &CounterChartView::refresh);
    refresh(controller->viewport());
}

void CounterChartView::setTheme(const TimelineTheme& theme)
{
    m_theme = theme;
    setMinimumHeight(int(70 * theme.fontScale)); // the axis labels and a readable plot (the legend is under it)
    setupChart(chart(), theme);
    setBackgroundBrush(theme.background);
    refresh(m_viewport);
}

bool CounterChartView::hasData(const TraceModel& model, Counters counters)
{
    if (counters == Counters::Memory)
        return !model.memory().empty();
    if (counters == Counters::Steps)
        return !model.steps().empty();
    return !model.counters().empty() || !model.counterHistogram().empty();
}

bool CounterChartView::fill(QChart* chart, Counters counters, const TraceModel& model, const Viewport& v,
                            const TimelineTheme& theme, double width, bool timeLabels)
{
    const CounterSeries series = counters == Counters::Memory ? memorySeries(model, v, int(width))
                                 : counters == Counters::Steps ? stepSeries(model, v, int(width))
                                                               : queueSeries(model, v, int(width));
    setLines(chart, series.lines);
    styleAxes(chart, theme);
    const double msPerNs = series.unitPerNs();
    const double maxY = series.maxY;
    const bool seconds = series.seconds;
    const qint64 tick = series.tickNs;
    if (auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).value(0))) {
        x->setRange(double(v.t0) * msPerNs, double(v.t1) * msPerNs);
        // The timeline's own tick step, so grid lines fall at the same times in both.
        const double step = double(tick) * msPerNs;
        x->setTickType(QValueAxis::TicksDynamic);
        x->setTickAnchor(0);
        x->setTickInterval(step);
        x->setLabelFormat(step >= 1 ? QStringLiteral("%.0f") : step >= 0.1 ? QStringLiteral("%.1f") : QStringLiteral("%.2f"));
        x->setTitleText(seconds ? QChartView::tr("time (s)") : QChartView::tr("time (ms)"));
        x->setLabelsVisible(timeLabels);
        x->setTitleVisible(timeLabels);
    }
    if (auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).value(0))) {
        y->setTitleText(series.yTitle);
        // As many ticks as fit the plot's height with room for a label each (else Qt Charts
        // elides them all to "…"), six at most; a round step (1, 2 or 5 times a power of ten).
        const double plotH = chart->plotArea().height() > 0 ? chart->plotArea().height() : 100;
        const int ticks = std::clamp(int(plotH / (22 * theme.fontScale)), 1, 6);
        const double raw = (series.wholeY ? std::floor(maxY) + 1 : maxY * 1.05) / ticks;
        const double mag = std::pow(10.0, std::floor(std::log10(std::max(raw, 1e-9))));
        double step = raw <= mag ? mag : raw <= 2 * mag ? 2 * mag : raw <= 5 * mag ? 5 * mag : 10 * mag;
        if (series.wholeY)
            step = std::max(1.0, std::ceil(step));
        y->setRange(0, step * std::ceil(std::max(maxY * (series.wholeY ? 1.0 : 1.05), step) / step));
        y->setTickType(QValueAxis::TicksDynamic);
        y->setTickAnchor(0);
        y->setTickInterval(step);
        y->setLabelFormat(step >= 1 ? QStringLiteral("%.0f") : QStringLiteral("%.1f"));
    }
    return seconds;
}

void CounterChartView::refresh(const Viewport& v)
{
    m_viewport = v;
    if (!m_model)
        return;
    m_drawnGeneration = m_model->generation();
    m_seconds = fill(chart(), m_counters, *m_model, v, m_theme, width() - TimelineLayout::labelWidth(m_theme) - TimelineLayout::rightPad(m_theme),
         false);
    // The y axis's title leads the legend under the chart: up the side of a short plot Qt Charts
    // elides it ("MiB (…").
    if (QAbstractAxis* y = chart()->axes(Qt::Vertical).value(0))
        y->setTitleVisible(false);
    alignPlotArea();
    if (m_counters == Counters::Steps)
        viewport()->update(); // the marks (drawForeground) may have changed with the steps
    if (const QString legend = legendText(); legend != m_legend) {
        m_legend = legend;
        emit legendChanged(legend);
    }
}

QString CounterChartView::legendText() const
{
    QStringList entries;
    if (const QAbstractAxis* y = chart()->axes(Qt::Vertical).value(0); y && !y->titleText().isEmpty())
        entries << QStringLiteral("<b>%1:</b>").arg(y->titleText().toHtmlEscaped());
    for (QAbstractSeries* s : chart()->series()) {
        const auto* line = qobject_cast<QLineSeries*>(s);
        // A swatch and the name kept together; the entries wrap between each other.
        entries << QStringLiteral("<span style='white-space:nowrap'><span style='color:%1'>&#9632;</span>&nbsp;%2</span>")
                       .arg(line->pen().color().name(), line->name().toHtmlEscaped());
    }
    if (m_counters == Counters::Steps && m_model)
        entries << StepMarks::legend(*m_model, m_theme);
    return entries.join(QStringLiteral(" &nbsp; "));
}

qsizetype CounterChartView::pointCount() const
{
    qsizetype n = 0;
    for (auto* s : chart()->series())
        n += qobject_cast<QLineSeries*>(s)->count();
    return n;
}

QChart* CounterChartView::buildChart(Counters counters, const TraceModel& model, const Viewport& v, const TimelineTheme& theme,
                                    double width)
{
    auto* chart = new QChart;
    setupChart(chart, theme);
    fill(chart, counters, model, v, theme, width - TimelineLayout::labelWidth(theme) - TimelineLayout::rightPad(theme),
         false);
    return chart;
}

void CounterChartView::alignToTimeline(QChart* chart, const TimelineTheme& theme)
{
    // Lay out with no side margins, measure where the axes put the plot, then move it so that it
    // starts and ends where the timeline's lanes do: one time axis for both.
    if (!chart->layout())
        return;
    chart->setMargins(QMargins(0, 4, 0, 0));
    chart->layout()->activate();
    const QRectF pa = chart->plotArea();
    const double w = chart->size().width();
    const int left = int(std::lround(TimelineLayout::labelWidth(theme) - pa.left()));
    const int right = int(std::lround(TimelineLayout::rightPad(theme) - (w - pa.right())));
    chart->setMargins(QMargins(std::max(0, left), 4, std::max(0, right), 0));
    chart->layout()->activate();
}

void CounterChartView::alignPlotArea()
{
    alignToTimeline(chart(), m_theme);
}

QString CounterChartView::readoutAt(double widgetX) const
{
    const QRectF pa = chart()->plotArea();
    if (pa.width() <= 0 || widgetX < pa.left() || widgetX > pa.right())
        return {};
    const auto* x = qobject_cast<QValueAxis*>(chart()->axes(Qt::Horizontal).value(0));
    if (!x)
        return {};
    const double at = x->min() + (widgetX - pa.left()) / pa.width() * (x->max() - x->min());
    QStringList lines;
    const bool seconds = m_seconds;
    const QLocale loc;
    lines << (seconds ? QChartView::tr("at %1 s").arg(loc.toString(at, 'f', 3))
                      : QChartView::tr("at %1 ms").arg(loc.toString(at, 'f', 2)));
    if (m_counters == Counters::Memory && m_model) {
        const qint64 t = qint64(at / (seconds ? 1e-9 : 1e-6));
        lines << memoryReadout(*m_model, t);
        return lines.join(QLatin1Char('\n'));
    }
    // Each series is sorted by x: the last point at or before `at` is the value in force there.
    for (int k = 0; k < chart()->series().size(); ++k) {
        const QLineSeries* s = seriesNamed(chart(), k);
        const QList<QPointF> pts = s->points();
        auto it = std::upper_bound(pts.begin(), pts.end(), at, [](double t, const QPointF& p) { return t < p.x(); });
        const double value = it == pts.begin() ? 0.0 : std::prev(it)->y();
        lines << (m_counters == Counters::Steps ? QStringLiteral("%1: %2 ms").arg(s->name(), loc.toString(value, 'f', 2))
                                                : QStringLiteral("%1: %2").arg(s->name(), loc.toString(qint64(std::lround(value)))));
    }
    if (m_counters == Counters::Steps && m_model)
        lines << StepMarks::near(*m_model, m_viewport, pa, widgetX, 4.0);
    return lines.join(QLatin1Char('\n'));
}

void CounterChartView::mouseMoveEvent(QMouseEvent* e)
{
    const QString text = readoutAt(e->position().x());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(e->globalPosition().toPoint(), text, this);
    QChartView::mouseMoveEvent(e);
}

void CounterChartView::resizeEvent(QResizeEvent* e)
{
    QChartView::resizeEvent(e);
    refresh(m_viewport);
}

void CounterChartView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
    // The chart item sits at the scene's origin: its plot area is in scene coordinates.
    if (m_counters == Counters::Steps && m_model)
        StepMarks::paint(*painter, chart()->plotArea(), *m_model, m_viewport, m_theme);
}

void CounterChartView::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        refresh(m_viewport); // the names and titles come with the series
    QChartView::changeEvent(e);
}

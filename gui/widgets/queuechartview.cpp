// SPDX-License-Identifier: MIT
#include "queuechartview.h"

#include "core/counterseries.h"
#include "core/tracemodel.h"
#include "core/viewportcontroller.h"

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

void setupChart(QChart* chart, const TimelineTheme& theme)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundBrush(theme.background);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setMargins(QMargins(0, 4, 0, 0));
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->legend()->setLabelColor(theme.text);
    QFont f = chart->legend()->font();
    f.setPointSizeF(8.5 * theme.fontScale);
    chart->legend()->setFont(f);
    if (chart->series().isEmpty()) {
        const QColor colors[] = {QColor(0x22, 0xc5, 0x5e), QColor(0x3b, 0x82, 0xf6), QColor(0x14, 0xb8, 0xa6)};
        for (int i = 0; i < 3; ++i) {
            auto* s = new QLineSeries(chart);
            QPen pen(colors[i]);
            pen.setWidthF(1.5);
            s->setPen(pen);
            chart->addSeries(s);
        }
        auto* x = new QValueAxis(chart);
        auto* y = new QValueAxis(chart);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        for (auto* s : chart->series()) {
            s->attachAxis(x);
            s->attachAxis(y);
        }
    }
    seriesNamed(chart, 0)->setName(QChartView::tr("ready batches"));
    seriesNamed(chart, 1)->setName(QChartView::tr("outstanding tasks"));
    seriesNamed(chart, 2)->setName(QChartView::tr("pinned buffers in use"));
    for (QAbstractAxis* a : chart->axes()) {
        a->setLabelsColor(theme.text);
        a->setGridLineColor(theme.grid);
        a->setLinePenColor(theme.grid);
        QFont af = a->labelsFont();
        af.setPointSizeF(8.5 * theme.fontScale);
        a->setLabelsFont(af);
    }
    if (auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).value(0))) {
        x->setTitleBrush(theme.text);
        QFont tf = x->titleFont();
        tf.setPointSizeF(8.5 * theme.fontScale);
        x->setTitleFont(tf);
    }
    if (auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).value(0))) {
        y->setLabelFormat(QStringLiteral("%d"));
        y->setTitleBrush(theme.text);
        QFont tf = y->titleFont();
        tf.setPointSizeF(8.5 * theme.fontScale);
        y->setTitleFont(tf);
        // Counts of batches, tasks and buffers: the unit is "how many".
        y->setTitleText(QChartView::tr("count"));
    }
}

} // namespace

QueueChartView::QueueChartView(QWidget* parent) : QChartView(new QChart, parent)
{
    setRenderHint(QPainter::Antialiasing, false);
    setupChart(chart(), m_theme);
    setMinimumHeight(80);
    setMouseTracking(true); // the hover readout
    m_timer.setInterval(250);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_model && m_model->generation() != m_drawnGeneration)
            refresh(m_viewport);
    });
    m_timer.start();
}

void QueueChartView::setModel(const TraceModel* model)
{
    m_model = model;
    m_drawnGeneration = ~0ULL;
}

void QueueChartView::setController(ViewportController* controller)
{
    connect(controller, &ViewportController::viewportChanged, this, &QueueChartView::refresh);
    refresh(controller->viewport());
}

void QueueChartView::setTheme(const TimelineTheme& theme)
{
    m_theme = theme;
    setMinimumHeight(int(110 * theme.fontScale)); // the legend, the axis labels and a readable plot
    setupChart(chart(), theme);
    setBackgroundBrush(theme.background);
    refresh(m_viewport);
}

bool QueueChartView::fill(QChart* chart, const TraceModel& model, const Viewport& v, const TimelineTheme& theme, double width,
                          bool inWindow)
{
    const CounterSeries series = counterSeries(model, v, int(width));
    for (int k = 0; k < 3; ++k)
        seriesNamed(chart, k)->replace(series.points[k]);
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
        x->setLabelsVisible(!inWindow);
        x->setTitleVisible(!inWindow);
    }
    if (auto* y = qobject_cast<QValueAxis*>(chart->axes(Qt::Vertical).value(0))) {
        // As many ticks as fit the plot's height with room for a label each (else Qt Charts
        // elides them all to "…"), six at most.
        const double plotH = chart->plotArea().height() > 0 ? chart->plotArea().height() : 100;
        const int ticks = std::clamp(int(plotH / (22 * theme.fontScale)), 1, 6);
        const int top = int(maxY) + 1;
        const int step = std::max(1, (top + ticks - 1) / ticks);
        y->setRange(0, step * ((top + step - 1) / step));
        y->setTickType(QValueAxis::TicksDynamic);
        y->setTickAnchor(0);
        y->setTickInterval(step);
    }
    return seconds;
}

void QueueChartView::refresh(const Viewport& v)
{
    m_viewport = v;
    if (!m_model)
        return;
    m_drawnGeneration = m_model->generation();
    m_seconds = fill(chart(), *m_model, v, m_theme, width() - TimelineRenderer::labelWidth(m_theme) - TimelineRenderer::rightPad(m_theme),
         true);
    alignPlotArea();
}

qsizetype QueueChartView::pointCount() const
{
    qsizetype n = 0;
    for (auto* s : chart()->series())
        n += qobject_cast<QLineSeries*>(s)->count();
    return n;
}

QChart* QueueChartView::buildChart(const TraceModel& model, const Viewport& v, const TimelineTheme& theme, double width)
{
    auto* chart = new QChart;
    setupChart(chart, theme);
    fill(chart, model, v, theme, width - TimelineRenderer::labelWidth(theme) - TimelineRenderer::rightPad(theme), false);
    return chart;
}

void QueueChartView::alignToTimeline(QChart* chart, const TimelineTheme& theme)
{
    // Lay out with no side margins, measure where the axes put the plot, then move it so that it
    // starts and ends where the timeline's lanes do: one time axis for both.
    if (!chart->layout())
        return;
    chart->setMargins(QMargins(0, 4, 0, 0));
    chart->layout()->activate();
    const QRectF pa = chart->plotArea();
    const double w = chart->size().width();
    const int left = int(std::lround(TimelineRenderer::labelWidth(theme) - pa.left()));
    const int right = int(std::lround(TimelineRenderer::rightPad(theme) - (w - pa.right())));
    chart->setMargins(QMargins(std::max(0, left), 4, std::max(0, right), 0));
    chart->layout()->activate();
}

void QueueChartView::alignPlotArea()
{
    alignToTimeline(chart(), m_theme);
}

QString QueueChartView::readoutAt(double widgetX) const
{
    const QRectF pa = chart()->plotArea();
    if (pa.width() <= 0 || widgetX < pa.left() || widgetX > pa.right())
        return {};
    const auto* x = qobject_cast<QValueAxis*>(chart()->axes(Qt::Horizontal).value(0));
    if (!x)
        return {};
    const double at = x->min() + (widgetX - pa.left()) / pa.width() * (x->max() - x->min());
    // Each series is sorted by x: the last point at or before `at` is the value in force there.
    QStringList lines;
    const bool seconds = m_seconds;
    const QLocale loc;
    lines << (seconds ? QChartView::tr("at %1 s").arg(loc.toString(at, 'f', 3))
                      : QChartView::tr("at %1 ms").arg(loc.toString(at, 'f', 2)));
    for (int k = 0; k < 3; ++k) {
        const QLineSeries* s = seriesNamed(chart(), k);
        const QList<QPointF> pts = s->points();
        auto it = std::upper_bound(pts.begin(), pts.end(), at, [](double t, const QPointF& p) { return t < p.x(); });
        const double value = it == pts.begin() ? 0.0 : std::prev(it)->y();
        lines << QStringLiteral("%1: %2").arg(s->name(), loc.toString(qint64(std::lround(value))));
    }
    return lines.join(QLatin1Char('\n'));
}

void QueueChartView::mouseMoveEvent(QMouseEvent* e)
{
    const QString text = readoutAt(e->position().x());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(e->globalPosition().toPoint(), text, this);
    QChartView::mouseMoveEvent(e);
}

void QueueChartView::resizeEvent(QResizeEvent* e)
{
    QChartView::resizeEvent(e);
    refresh(m_viewport);
}

void QueueChartView::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        setupChart(chart(), m_theme);
    QChartView::changeEvent(e);
}

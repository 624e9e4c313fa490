// SPDX-License-Identifier: MIT
// Counters over time with Qt Charts, on the timeline's time axis (same range, plot area aligned
// with the timeline's lanes): the queue depth (ready batches, outstanding tasks, pinned buffers in
// use) or memory (each process, batch slots, /dev/shm, pinned memory). Fed with one bulk replace()
// per series per update, at most a few points per pixel column (peaks kept).
#pragma once

#include "timeline/draw/timelinerenderer.h"

#include <QTimer>

#include <QChartView>
#include <QLineSeries>
#include <QValueAxis>

class TraceModel;

/// The app's look on any Qt chart (the counter charts, the sweep's): the theme's background,
/// text and grid colours on the title, legend and axes, the locale's digits, no animation.
void styleChart(QChart* chart, const TimelineTheme& theme);
/// The axes part of styleChart (charts whose axes change after it).
void styleAxes(QChart* chart, const TimelineTheme& theme);

class CounterChartView : public QChartView
{
    Q_OBJECT
public:
    enum class Counters { Queue, Memory, Steps };
    explicit CounterChartView(Counters counters, QWidget* parent = nullptr);
    Counters counters() const { return m_counters; }
    /// The model holds counters of this chart's kind (the chart is shown only then).
    static bool hasData(const TraceModel& model, Counters counters);
    void setModel(const TraceModel* model);
    /// Follows this controller's time range (the timeline's): no viewport is pushed by hand.
    void setController(class ViewportController* controller);
    void setTheme(const TimelineTheme& theme);
    /// Rebuilds the series for this viewport (call when the model or the viewport changed).
    void refresh(const Viewport& v);
    /// The series' names with their colours, as rich text that wraps between entries: the window
    /// shows it under the chart (Qt Charts' own legend elides names it has no room for).
    QString legendText() const;
    /// Points of the last refresh (tests, benchmarks).
    qsizetype pointCount() const;
    /// The readout for a plot x in widget pixels: the time and the values there (hover tooltip).
    QString readoutAt(double widgetX) const;
    /// Builds a standalone chart for export with the same content.
    static QChart* buildChart(Counters counters, const TraceModel& model, const Viewport& v, const TimelineTheme& theme,
                              double width);
    /// Sets the chart's margins so its plot area spans exactly the timeline's lane area.
    static void alignToTimeline(QChart* chart, const TimelineTheme& theme);

signals:
    /// The series' names or colours changed (legendText()).
    void legendChanged(const QString& text);

protected:
    void resizeEvent(QResizeEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void changeEvent(QEvent* e) override;
    /// The step chart's marks (epoch starts, worker starts, the job's marks) over the plot.
    void drawForeground(QPainter* painter, const QRectF& rect) override;

private:
    /// `timeLabels` false: the timeline above carries the time labels (window and pictures alike),
    /// so the chart keeps only the grid and its height goes to the plot.
    /// Returns true when the x axis is in seconds (else milliseconds).
    static bool fill(QChart* chart, Counters counters, const TraceModel& model, const Viewport& v, const TimelineTheme& theme,
                     double width, bool timeLabels);
    void alignPlotArea();

    const Counters m_counters;
    const TraceModel* m_model = nullptr;
    QTimer m_timer;                    ///< 4 refreshes a second at most while the model grows
    quint64 m_drawnGeneration = ~0ULL;
    TimelineTheme m_theme = TimelineTheme::dark();
    Viewport m_viewport;
    bool m_seconds = false; ///< x axis unit of the last refresh
    QString m_legend;       ///< legendText() of the last refresh
};

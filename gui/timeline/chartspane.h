// SPDX-License-Identifier: MIT
// Under the timeline, on its time axis: the queue-depth chart and the memory chart, each shown
// only when the run has its counters, its legend under it, wrapped (an imported trace has neither; a run without the memory
// sampler has no memory chart). GUI thread.
#pragma once

#include "timeline/counterchartview.h"

#include <QWidget>

class QLabel;
class TraceModel;
class ViewportController;

class ChartsPane : public QWidget
{
    Q_OBJECT
public:
    ChartsPane(const TraceModel* model, ViewportController* controller, QWidget* parent = nullptr);
    CounterChartView* queue() const { return m_queue; }
    CounterChartView* memory() const { return m_memory; }
    void setTheme(const TimelineTheme& theme);
    void refresh(const Viewport& v);
    /// Shows each chart that has data. Returns true when which charts are shown changed.
    bool updateVisibility();
    /// Charts shown now (0, 1 or 2).
    int shownCharts() const;
    /// A lesson points at the memory chart: a frame around it (its lanes' overlay colour).
    void setMemoryHighlighted(bool on);

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    const TraceModel* m_model;
    CounterChartView* m_queue;
    CounterChartView* m_memory;
    QLabel* m_legends[2]; ///< under each chart: its legend, wrapped (never elided)
    bool m_shown[2] = {false, false};
};

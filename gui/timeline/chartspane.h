// SPDX-License-Identifier: MIT
// Under the timeline, on its time axis: the queue-depth chart, the memory chart and (when asked
// for) the step chart, each shown only when the run has its counters (or steps), its legend under it, wrapped (an imported trace has neither; a run without the memory
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
    CounterChartView* steps() const { return m_steps; }
    /// The step chart (each step's wait, hand-over, host blocked and step, stacked: the stall over
    /// the run) is shown when asked for (View ▸ Step chart) and the run has steps.
    void setStepsWanted(bool wanted);
    void setTheme(const TimelineTheme& theme);
    void refresh(const Viewport& v);
    /// Shows each chart that has data. Returns true when which charts are shown changed.
    bool updateVisibility();
    /// Charts shown now (0 to 3).
    int shownCharts() const;
    /// A lesson points at the memory chart: a frame around it (its lanes' overlay colour).
    void setMemoryHighlighted(bool on);

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    const TraceModel* m_model;
    CounterChartView* m_queue;
    CounterChartView* m_memory;
    CounterChartView* m_steps;
    QLabel* m_legends[3]; ///< under each chart: its legend, wrapped (never elided)
    bool m_shown[3] = {false, false, false};
    bool m_stepsWanted = false;
};

// SPDX-License-Identifier: MIT
#include "chartspane.h"

#include "core/timelinestyle.h"
#include "core/tracemodel.h"

#include <QVBoxLayout>

ChartsPane::ChartsPane(const TraceModel* model, ViewportController* controller, QWidget* parent)
    : QWidget(parent), m_model(model), m_queue(new CounterChartView(CounterChartView::Counters::Queue, this)),
      m_memory(new CounterChartView(CounterChartView::Counters::Memory, this))
{
    m_queue->setObjectName(QStringLiteral("queueChart"));
    m_memory->setObjectName(QStringLiteral("memoryChart"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    for (CounterChartView* c : {m_queue, m_memory}) {
        c->setModel(model);
        c->setController(controller);
        c->hide(); // until the run has its counters
        layout->addWidget(c, 1);
    }
}

void ChartsPane::setTheme(const TimelineTheme& theme)
{
    m_queue->setTheme(theme);
    m_memory->setTheme(theme);
}

void ChartsPane::refresh(const Viewport& v)
{
    m_queue->refresh(v);
    m_memory->refresh(v);
}

bool ChartsPane::updateVisibility()
{
    bool changed = false;
    CounterChartView* charts[2] = {m_queue, m_memory};
    for (int i = 0; i < 2; ++i) {
        const bool has = CounterChartView::hasData(*m_model, charts[i]->counters());
        if (has != m_shown[i]) {
            m_shown[i] = has;
            charts[i]->setVisible(has);
            changed = true;
        }
    }
    return changed;
}

int ChartsPane::shownCharts() const
{
    return int(m_shown[0]) + int(m_shown[1]);
}

void ChartsPane::setMemoryHighlighted(bool on)
{
    // The lesson overlay's accent (TimelineRenderer's overlay frame), around the whole chart.
    m_memory->setStyleSheet(on ? QStringLiteral("QGraphicsView { border: 3px solid %1; }").arg(TimelineStyle::overlayAccent().name())
                               : QString());
}

// SPDX-License-Identifier: MIT
#include "chartspane.h"

#include "timeline/draw/timelinestyle.h"
#include "timeline/model/tracemodel.h"

#include <QLabel>
#include <QVBoxLayout>

ChartsPane::ChartsPane(const TraceModel* model, ViewportController* controller, QWidget* parent)
    : QWidget(parent), m_model(model), m_queue(new CounterChartView(CounterChartView::Counters::Queue, this)),
      m_memory(new CounterChartView(CounterChartView::Counters::Memory, this)),
      m_steps(new CounterChartView(CounterChartView::Counters::Steps, this))
{
    m_queue->setObjectName(QStringLiteral("queueChart"));
    m_memory->setObjectName(QStringLiteral("memoryChart"));
    m_steps->setObjectName(QStringLiteral("stepChart"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    CounterChartView* charts[3] = {m_queue, m_memory, m_steps};
    for (int i = 0; i < 3; ++i) {
        CounterChartView* c = charts[i];
        m_legends[i] = new QLabel(this);
        m_legends[i]->setObjectName(c->objectName() + QStringLiteral("Legend"));
        m_legends[i]->setWordWrap(true);
        m_legends[i]->setTextFormat(Qt::RichText);
        m_legends[i]->setIndent(6);
        connect(c, &CounterChartView::legendChanged, m_legends[i], &QLabel::setText);
        c->setModel(model);
        c->setController(controller);
        c->hide(); // until the run has its counters
        m_legends[i]->hide();
        layout->addWidget(c, 1);
        layout->addWidget(m_legends[i]);
    }
}

void ChartsPane::setTheme(const TimelineTheme& theme)
{
    // The legends in the timeline legend's type size: a projector's large text, not larger.
    QFont f = font();
    f.setPointSizeF(8.5 * theme.fontScale);
    for (QLabel* legend : m_legends)
        legend->setFont(f);
    m_queue->setTheme(theme);
    m_memory->setTheme(theme);
    m_steps->setTheme(theme);
}

void ChartsPane::refresh(const Viewport& v)
{
    m_queue->refresh(v);
    m_memory->refresh(v);
    if (m_stepsWanted)
        m_steps->refresh(v);
}

bool ChartsPane::updateVisibility()
{
    bool changed = false;
    CounterChartView* charts[3] = {m_queue, m_memory, m_steps};
    for (int i = 0; i < 3; ++i) {
        const bool has = CounterChartView::hasData(*m_model, charts[i]->counters()) && (i < 2 || m_stepsWanted);
        if (has != m_shown[i]) {
            m_shown[i] = has;
            charts[i]->setVisible(has);
            m_legends[i]->setVisible(has);
            changed = true;
        }
    }
    return changed;
}

void ChartsPane::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    // The central splitter knows minimum heights, not heights for a width: each legend asks for
    // the lines it wraps to at this width, so that the splitter never squeezes it (or its chart).
    for (QLabel* legend : m_legends)
        legend->setMinimumHeight(legend->heightForWidth(width()));
}

int ChartsPane::shownCharts() const
{
    return int(m_shown[0]) + int(m_shown[1]) + int(m_shown[2]);
}

void ChartsPane::setMemoryHighlighted(bool on)
{
    // The lesson overlay's accent (TimelineRenderer's overlay frame), around the whole chart.
    m_memory->setStyleSheet(on ? QStringLiteral("QGraphicsView { border: 3px solid %1; }").arg(TimelineStyle::overlayAccent().name())
                               : QString());
}

void ChartsPane::setStepsWanted(bool wanted)
{
    m_stepsWanted = wanted;
    updateVisibility();
}

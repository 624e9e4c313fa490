// SPDX-License-Identifier: MIT
#include "docklayout.h"

#include "config/configpanel.h"
#include "app/detailspanel.h"
#include "workshop/lessonspanel.h"
#include "advice/summarypanel.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>

#include <algorithm>

namespace {

QDockWidget* dock(QMainWindow* window, const char* name, QWidget* content, QDockWidget::DockWidgetFeatures extra = {})
{
    auto* d = new QDockWidget(window);
    d->setObjectName(QString::fromLatin1(name)); // saveState/restoreState find it by name
    d->setWidget(content);
    d->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | extra);
    return d;
}

} // namespace

DockLayout::DockLayout(QMainWindow* window, ConfigPanel* config, LessonsPanel* lessons, SummaryPanel* summary, DetailsPanel* details)
    : QObject(window), m_window(window), m_config(config)
{
    m_configScroll = new QScrollArea(window);
    config->installEventFilter(this);
    m_configScroll->setWidget(config);
    m_configScroll->setWidgetResizable(true);
    m_configScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fitConfigWidth();
    m_leftTabs = new QTabWidget(window);
    m_leftTabs->addTab(m_configScroll, QString());
    m_leftTabs->addTab(lessons, QString());
    fitConfigWidth();
    connect(m_leftTabs, &QTabWidget::currentChanged, this, [this](int tab) {
        fitConfigWidth();
        // Once the form's minimum width has gone (a queued layout request): resized at once, the
        // dock kept the form's width (688 px with Large fonts on 1280x720, the lanes cut).
        if (tab == 1)
            QMetaObject::invokeMethod(
                this, [this] {
                    if (m_leftTabs->currentIndex() == 1 && m_configDock->isVisible())
                        m_window->resizeDocks({m_configDock}, {lessonsWidth(m_window->width())}, Qt::Horizontal);
                },
                Qt::QueuedConnection);
    });
    m_configDock = dock(window, "configDock", m_leftTabs);
    window->addDockWidget(Qt::LeftDockWidgetArea, m_configDock);

    // In a scroll area: a short window scrolls the summary instead of squeezing its rows (which
    // clips the glyphs' tops: "Örnek" drawn as "Ornek").
    auto* summaryScroll = new QScrollArea(window);
    m_summaryScroll = summaryScroll;
    m_summary = summary;
    summary->installEventFilter(this); // its minimum width (the worker table's columns) widens the dock
    summaryScroll->setWidget(summary);
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    m_summaryDock = dock(window, "summaryDock", summaryScroll);
    window->addDockWidget(Qt::RightDockWidgetArea, m_summaryDock);
    m_detailsDock = dock(window, "detailsDock", details, QDockWidget::DockWidgetClosable);
    window->addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);
    window->resizeDocks({m_summaryDock, m_detailsDock}, {600, 160}, Qt::Vertical);
}

bool DockLayout::eventFilter(QObject* watched, QEvent* e)
{
    if (e->type() == QEvent::LayoutRequest && watched == m_summaryScroll->widget())
        fitSummaryWidth();
    else if (e->type() == QEvent::LayoutRequest && watched == m_config)
        fitConfigWidth(); // its labels changed (a language switch)
    return QObject::eventFilter(watched, e);
}

void DockLayout::fitSummaryWidth()
{
    // Beside the timeline (a wide window) the dock is as wide as the summary's worker table; tabbed
    // on the left (a projector) it scrolls sideways instead of taking the timeline's room.
    const bool tabbed = !m_window->tabifiedDockWidgets(m_summaryDock).isEmpty();
    m_summary->setTableWhole(!tabbed);
    const QWidget* panel = m_summaryScroll->widget();
    m_summaryScroll->setMinimumWidth(tabbed ? 0
                                            : panel->minimumSizeHint().width() + m_summaryScroll->verticalScrollBar()->sizeHint().width() +
                                                  2 * m_summaryScroll->frameWidth());
}

void DockLayout::fitConfigWidth()
{
    const bool formShown = !m_leftTabs || m_leftTabs->currentIndex() == 0;
    m_configScroll->setMinimumWidth(formShown ? m_config->sizeHint().width() + m_configScroll->verticalScrollBar()->sizeHint().width() + 4 : 0);
}

int DockLayout::lessonsWidth(int width) const
{
    // Wide enough that a question's answers wrap to two or three lines, not five.
    return int(std::max(width, 800) * (m_largeFonts ? 0.36 : 0.3));
}

void DockLayout::fit(bool largeFonts)
{
    m_largeFonts = largeFonts;
    fitConfigWidth();
    // The timeline keeps at least half the window. On a wide screen the summary dock is wide
    // enough for the worker table (~450 px at 1920).
    const double scale = largeFonts ? 1.3 : 1.0;
    const int w = std::max(m_window->width(), 800);
    const int config = m_leftTabs->currentIndex() == 1 ? lessonsWidth(w)
                                                        : std::max(m_configDock->minimumSizeHint().width(), int(w * 0.2 * scale));
    const int summary = std::clamp(int(w * 0.235 * scale), 280, 600);
    if (config + summary > w / 2) {
        m_window->tabifyDockWidget(m_configDock, m_summaryDock);
        m_window->tabifyDockWidget(m_summaryDock, m_detailsDock);
        fitSummaryWidth();
        m_configDock->raise();
        m_window->resizeDocks({m_configDock}, {config}, Qt::Horizontal);
        return;
    }
    if (!m_window->tabifiedDockWidgets(m_configDock).isEmpty()) {
        m_window->addDockWidget(Qt::RightDockWidgetArea, m_summaryDock);
        m_window->addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);
        m_window->resizeDocks({m_summaryDock, m_detailsDock}, {600, 160}, Qt::Vertical);
    }
    fitSummaryWidth();
    m_window->resizeDocks({m_configDock, m_summaryDock}, {config, std::max(summary, m_summaryScroll->minimumWidth())}, Qt::Horizontal);
}

void DockLayout::showConfiguration()
{
    m_leftTabs->setCurrentIndex(0);
}

void DockLayout::showLessons()
{
    m_leftTabs->setCurrentIndex(1);
}

void DockLayout::raiseSummary()
{
    // In lesson mode the lesson and its quiz stay in view while its experiment runs (a projector
    // has no room for both): the summary is one click away in its tab.
    if (lessonShown())
        return;
    raiseIfTabbed(m_summaryDock);
}

bool DockLayout::lessonShown() const
{
    return m_leftTabs->currentIndex() == 1 && !m_configDock->visibleRegion().isEmpty();
}

void DockLayout::raiseDetails()
{
    raiseIfTabbed(m_detailsDock);
}

void DockLayout::raiseIfTabbed(QDockWidget* d)
{
    if (!m_window->tabifiedDockWidgets(d).isEmpty())
        d->raise();
}

void DockLayout::retranslate()
{
    fitConfigWidth(); // the form's labels in the new language
    m_leftTabs->setTabText(0, tr("Configuration"));
    m_leftTabs->setTabText(1, tr("Lessons"));
    m_configDock->setWindowTitle(tr("Configuration"));
    m_summaryDock->setWindowTitle(tr("Summary"));
    m_detailsDock->setWindowTitle(tr("Details"));
}

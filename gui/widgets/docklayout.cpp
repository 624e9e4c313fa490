// SPDX-License-Identifier: MIT
#include "docklayout.h"

#include "configpanel.h"
#include "detailspanel.h"
#include "lessonspanel.h"
#include "summarypanel.h"

#include <QDockWidget>
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
    m_configScroll->setWidget(config);
    m_configScroll->setWidgetResizable(true);
    m_configScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fitConfigWidth();
    m_leftTabs = new QTabWidget(window);
    m_leftTabs->addTab(m_configScroll, QString());
    m_leftTabs->addTab(lessons, QString());
    m_configDock = dock(window, "configDock", m_leftTabs);
    window->addDockWidget(Qt::LeftDockWidgetArea, m_configDock);

    // In a scroll area: a short window scrolls the summary instead of squeezing its rows (which
    // clips the glyphs' tops: "Örnek" drawn as "Ornek").
    auto* summaryScroll = new QScrollArea(window);
    summaryScroll->setWidget(summary);
    summaryScroll->setWidgetResizable(true);
    summaryScroll->setFrameShape(QFrame::NoFrame);
    m_summaryDock = dock(window, "summaryDock", summaryScroll);
    window->addDockWidget(Qt::RightDockWidgetArea, m_summaryDock);
    m_detailsDock = dock(window, "detailsDock", details, QDockWidget::DockWidgetClosable);
    window->addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);
    window->resizeDocks({m_summaryDock, m_detailsDock}, {600, 160}, Qt::Vertical);
}

void DockLayout::fitConfigWidth()
{
    m_configScroll->setMinimumWidth(m_config->sizeHint().width() + m_configScroll->verticalScrollBar()->sizeHint().width() + 4);
}

void DockLayout::fit(bool largeFonts)
{
    fitConfigWidth();
    // The timeline keeps at least half the window. On a wide screen the summary dock is wide
    // enough for the worker table (~450 px at 1920).
    const double scale = largeFonts ? 1.3 : 1.0;
    const int w = std::max(m_window->width(), 800);
    const int config = std::max(m_configDock->minimumSizeHint().width(), int(w * 0.2 * scale));
    const int summary = std::clamp(int(w * 0.235 * scale), 280, 600);
    if (config + summary > w / 2) {
        m_window->tabifyDockWidget(m_configDock, m_summaryDock);
        m_window->tabifyDockWidget(m_summaryDock, m_detailsDock);
        m_configDock->raise();
        m_window->resizeDocks({m_configDock}, {config}, Qt::Horizontal);
        return;
    }
    if (!m_window->tabifiedDockWidgets(m_configDock).isEmpty()) {
        m_window->addDockWidget(Qt::RightDockWidgetArea, m_summaryDock);
        m_window->addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);
        m_window->resizeDocks({m_summaryDock, m_detailsDock}, {600, 160}, Qt::Vertical);
    }
    m_window->resizeDocks({m_configDock, m_summaryDock}, {config, summary}, Qt::Horizontal);
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
    raiseIfTabbed(m_summaryDock);
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
    m_leftTabs->setTabText(0, tr("Configuration"));
    m_leftTabs->setTabText(1, tr("Lessons"));
    m_configDock->setWindowTitle(tr("Configuration"));
    m_summaryDock->setWindowTitle(tr("Summary"));
    m_detailsDock->setWindowTitle(tr("Details"));
}

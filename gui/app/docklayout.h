// SPDX-License-Identifier: MIT
// The main window's side docks: configuration and lessons as tabs on the left, summary and details
// on the right. When the window is too narrow for both sides beside a timeline of half its width
// (1280x720, large text on a projector), summary and details become tabs beside the configuration
// and are raised when they have something new. GUI thread only.
#pragma once

#include <QObject>

class ConfigPanel;
class DetailsPanel;
class LessonsPanel;
class QDockWidget;
class QMainWindow;
class QScrollArea;
class QTabWidget;
class SummaryPanel;

class DockLayout : public QObject
{
    Q_OBJECT
public:
    /// Puts the panels into docks of `window` (which owns them).
    DockLayout(QMainWindow* window, ConfigPanel* config, LessonsPanel* lessons, SummaryPanel* summary, DetailsPanel* details);

    /// Sizes the docks for the window's width; `largeFonts`: the projector's text size.
    void fit(bool largeFonts);
    /// The configuration dock as wide as its form in the current font (the form is never cut)
    /// while the form is the tab in view; the Lessons tab does not take the form's width, which
    /// on a projector is the timeline's and the lesson hint's.
    void fitConfigWidth();
    void showConfiguration();
    void showLessons();
    /// Raise the summary (details) when it is a tab behind another; the summary not over a lesson
    /// in view (lesson mode).
    void raiseSummary();
    void raiseDetails();
    void retranslate();
    /// The Lessons tab is the one in view.
    bool lessonShown() const;

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    /// The summary dock as wide as the worker table's columns when it stands beside the timeline.
    void fitSummaryWidth();
    void raiseIfTabbed(QDockWidget* dock);
    /// The left dock's width with the Lessons tab in view, for a window `width` px wide (px).
    int lessonsWidth(int width) const;

    bool m_largeFonts = false; ///< the last fit()'s

    QMainWindow* m_window;
    ConfigPanel* m_config;
    QScrollArea* m_configScroll = nullptr;
    QScrollArea* m_summaryScroll = nullptr;
    SummaryPanel* m_summary = nullptr;
    QTabWidget* m_leftTabs = nullptr;
    QDockWidget* m_configDock = nullptr;
    QDockWidget* m_summaryDock = nullptr;
    QDockWidget* m_detailsDock = nullptr;
};

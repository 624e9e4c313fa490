// SPDX-License-Identifier: MIT
// The main window: composes the pages (timeline and queue chart in the centre, configuration and
// lessons, summary, details) and wires the actions to them. Results come from RunSession and the
// panels, never computed here; files are read and written by the job tracker, off this thread.
#pragma once

#include "apptheme.h"
#include "core/adviceprover.h"
#include "core/runsession.h"

#include <QMainWindow>
#include <QTimer>

#include <functional>

class ConfigPanel;
class DetailsPanel;
class LessonsPanel;
class QDockWidget;
class QLabel;
class QLineEdit;
class QScrollArea;
class QSplitter;
class QTabWidget;
class ChartsPane;
class SummaryPanel;
class TimelineView;
class Translator;
struct MainActions;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(Translator* translator, QWidget* parent = nullptr);
    ~MainWindow() override;

    RunSession* session() { return &m_session; }
    ConfigPanel* configPanel() const { return m_config; }
    TimelineView* timeline() const { return m_timeline; }
    ChartsPane* charts() const { return m_charts; }
    SummaryPanel* summaryPanel() const { return m_summary; }
    LessonsPanel* lessonsPanel() const { return m_lessons; }
    DetailsPanel* detailsPanel() const { return m_details; }
    MainActions* actions() const { return m_a; }
    double slowMotion() const;
    void setSlowMotion(int factor);
    /// The status bar's message.
    QString statusText() const;

public slots:
    void run();
    void stop();
    void loadPreset(const QString& name);
    bool openConfig(const QString& path);
    bool saveConfig(const QString& path);
    bool exportPictureTo(const QString& path, double scale = 1.0);
    void setLanguage(const QString& language);
    void setTheme(AppTheme::Mode mode);
    void setLargeFonts(bool on);
    /// Sizes the side docks for the window's width (first start, large fonts).
    void fitDocks();
    /// The configuration dock as wide as its form in the current font.
    void fitConfigWidth();
    /// The queue chart's height in the central splitter for the current text size.
    void sizeChart();
    /// What a lesson points out: framed lanes, the memory chart, the caption and badge.
    void showOverlay(const TimelineOverlay& overlay);
    /// Shows a dock that is a tab behind another (narrow windows).
    void raiseIfTabbed(class QDockWidget* dock);
    /// Loads lesson `index`'s experiment, points out its lanes on the timeline, and runs it.
    void runLesson(int index);
    /// Runs the user's script under the probe and shows it live (File ▸ Watch a Python script).
    void watchScript(const ScriptLaunch& launch);
    /// File ▸ Attach to a running job: one job here, several ranks in a stacked live window.
    void attachToJob();
    /// Follows one live job segment in this window.
    void attachSegment(const QString& name);
    /// "Model this job": the engine config fitted to the watched job, run, and its samples/s
    /// next to the job's.
    void modelJob();
    /// "Show me": the lesson's experiment, then its contrast, then both stacked in Compare.
    void showMe(int index);
    /// Shows lesson `index` in the Lessons tab.
    void showLesson(int index);
    /// Imports PyTorch profiler traces (on a thread, with progress): one is shown in the main
    /// timeline with its verdict; several are the ranks of one job, stacked, straggler named.
    void openProfilerTraces(const QStringList& paths);
    void openSweep();
    /// `lastTwo`: compare the two newest runs without asking (docs, demos).
    void openCompare(bool lastTwo = false);
    /// Ctrl+F: shows what `query` names (a batch, a sample, a worker); false when nothing.
    bool find(const QString& query);

protected:
    void closeEvent(QCloseEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void continueShowMe();
    void showModelComparison(double modelRate);
    /// The status bar's device note for what is shown.
    QString deviceText(const loaderscope::RunSummary& s) const;
    void buildLayout();
    void wireActions();
    void wireSession();
    void retranslate();
    void updateRunState();
    void refreshLive();
    void updateChartVisibility();
    void restoreSettings();
    void saveSettings();
    void proveAdvice();
    void readBackForView();
    void exportChromeTrace(const QString& recording, const QString& path);
    void applyKnob(const std::string& path, const loaderscope::KnobValue& value);
    /// The summary as the user sees it: in real time when the run was slowed down.
    loaderscope::RunSummary shown(const loaderscope::RunSummary& s) const;
    /// A status message that follows the language (rebuilt on a switch).
    void setMessage(std::function<QString()> message);

    Translator* m_translator;
    RunSession m_session;
    AdviceProver m_prover;
    MainActions* m_a = nullptr;
    ConfigPanel* m_config = nullptr;
    TimelineView* m_timeline = nullptr;
    QScrollArea* m_timelineScroll = nullptr;
    ChartsPane* m_charts = nullptr;
    class QScrollArea* m_configScroll = nullptr;
    QSplitter* m_split = nullptr;
    SummaryPanel* m_summary = nullptr;
    DetailsPanel* m_details = nullptr;
    LessonsPanel* m_lessons = nullptr;
    QTabWidget* m_leftTabs = nullptr;
    QDockWidget* m_configDock = nullptr;
    QDockWidget* m_summaryDock = nullptr;
    QDockWidget* m_detailsDock = nullptr;
    QLineEdit* m_findEdit = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_deviceLabel = nullptr;
    QTimer m_liveTimer;
    QTimer m_readBack;              ///< debounces reading detail back for the view
    QString m_runEntry;             ///< history folder of the current run
    int m_activeLesson = -1;
    /// "Model this job": the job's samples/s, until the model's run ends.
    std::optional<double> m_modelOfJob;
    QString m_watched;              ///< the watched script's file name (status line)
    /// "Show me" in progress: 0 none, 1 the experiment is running, 2 its contrast is.
    int m_showMeStep = 0;
    int m_showMeLesson = -1;
    double m_runSlowMotion = 1.0;   ///< the factor the current (or last) run ran with
    AppTheme::Mode m_themeMode = AppTheme::Mode::System;
    bool m_largeFonts = false;
    int m_chartsSizedFor = 0; ///< charts the split was last sized for (sizeChart or restored)
    std::function<QString()> m_message;
};

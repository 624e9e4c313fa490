// SPDX-License-Identifier: MIT
// The main window: composes the pages (timeline and queue chart in the centre, configuration and
// lessons, summary, details) and wires the actions to them. Results come from RunSession and the
// panels, never computed here; files are read and written by the job tracker, off this thread.
#pragma once

#include "timeline/apptheme.h"
#include "runs/model/runsession.h"

#include <QMainWindow>
#include <QTimer>

#include <functional>

class ConfigPanel;
class FileActions;
class JobWatch;
class LessonRunner;
class QuestionBankActions;
class ProveIt;
class DetailsPanel;
class DockLayout;
class LessonHint;
class LessonsPanel;
class QDockWidget;
class QLabel;
class QLineEdit;
class QScrollArea;
class QSplitter;
class QTabWidget;
class ChartsPane;
class StatusLine;
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
    /// Lessons' experiments and "Show me".
    LessonRunner* lessonRunner() const { return m_lessonRunner; }
    /// The user's own job: watched, attached, modelled.
    JobWatch* jobWatch() const { return m_jobWatch; }
    /// Configurations, pictures and Chrome traces to and from files.
    FileActions* files() const { return m_files; }
    /// Lessons ▸ Import / Export questions: the instructor's question bank.
    QuestionBankActions* questionBank() const { return m_questionBank; }
    double slowMotion() const;
    void setSlowMotion(int factor);
    /// The status bar's message.
    QString statusText() const;

public slots:
    void run();
    void stop();
    void loadPreset(const QString& name);
    void setLanguage(const QString& language);
    void setTheme(AppTheme::Mode mode);
    void setLargeFonts(bool on);
    /// Sizes the side docks for the window's width (first start, large fonts).
    void fitDocks();
    /// The queue chart's height in the central splitter for the current text size.
    void sizeChart();
    /// What a lesson points out: framed lanes, the memory chart, the caption and badge.
    void showOverlay(const TimelineOverlay& overlay);
    /// Shows lesson `index` in the Lessons tab.
    void showLesson(int index);
    /// Imports PyTorch profiler traces (on a thread, with progress): one is shown in the main
    /// timeline with its verdict; several are the ranks of one job, stacked, straggler named.
    void openProfilerTraces(const QStringList& paths);
    void openSweep();
    /// `lastTwo`: compare the two newest runs without asking (docs, demos).
    void openCompare(bool lastTwo = false);
    /// Finds match `occurrence` of `query` on the timeline (the find bar's Next and Previous):
    /// shows it, highlights its batch and tells the batch in the details pane.
    bool find(const QString& query, int occurrence = 0);
    /// Tools ▸ Statistics: the shown run's distributions and slowest samples, following it live.
    void openStatistics();
    class StatisticsWindow* statisticsWindow() const { return m_statistics; }
    /// A slow sample's fetch on the timeline (Statistics' click): shown, its batch highlighted
    /// and told in the details pane. False when the timeline does not hold it.
    bool showSlowSample(const loaderscope::SlowFetch& sample);
    class FindBar* findBar() const { return m_findBar; }

protected:
    void closeEvent(QCloseEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void buildLayout();
    /// Creates the lesson runner, the job watch and the file actions (after the panels).
    void createFlows();
    void wireActions();
    void wireFileActions(); ///< the File and Tools menus, the preset box
    void wireViewActions(); ///< the View and Help menus
    void wireTimeline();    ///< selection, measured range, read-back, the summary's buttons
    /// A new history entry for the next run; its recording is written there.
    void prepareRunEntry();
    /// Writes the run into its history entry on the job tracker, then `then` (GUI thread).
    void recordInHistory(const QJsonObject& config, const loaderscope::RunSummary& summary, std::function<void()> then);
    void wireSession();
    void retranslate();
    void updateRunState();
    void refreshLive();
    void updateChartVisibility();
    /// The charts shorter (down to a least height) where a lesson's framed lanes do not fit above them.
    void keepFramedLanesInView();
    /// The lesson's overlay for the run started last, in the current language.
    TimelineOverlay lessonOverlayShown() const;
    void restoreSettings();
    void saveSettings();
    void readBackForView();
    void applyKnob(const std::string& path, const loaderscope::KnobValue& value);
    /// A status message that follows the language (rebuilt on a switch); `details`: what its
    /// Details link shows (a traceback).
    void setMessage(std::function<QString()> message, const QString& details = {});

    Translator* m_translator;
    RunSession m_session;
    MainActions* m_a = nullptr;
    ConfigPanel* m_config = nullptr;
    TimelineView* m_timeline = nullptr;
    QScrollArea* m_timelineScroll = nullptr;
    LessonHint* m_hint = nullptr; ///< the lesson's "Look: …" caption, beside the timeline
    ChartsPane* m_charts = nullptr;
    QScrollArea* m_chartsScroll = nullptr; ///< holds m_charts in the central splitter
    QSplitter* m_split = nullptr;
    SummaryPanel* m_summary = nullptr;
    DetailsPanel* m_details = nullptr;
    class StatisticsWindow* m_statistics = nullptr; ///< made on first use
    LessonsPanel* m_lessons = nullptr;
    DockLayout* m_docks = nullptr;
    class FindBar* m_findBar = nullptr;
    StatusLine* m_statusLine = nullptr;
    QTimer m_liveTimer;
    QTimer m_readBack;              ///< debounces reading detail back for the view
    QString m_runEntry;             ///< history folder of the current run
    LessonRunner* m_lessonRunner = nullptr;
    JobWatch* m_jobWatch = nullptr;
    class StackRequests* m_stackRequests = nullptr;
    FileActions* m_files = nullptr;
    QuestionBankActions* m_questionBank = nullptr;
    ProveIt* m_proveIt = nullptr;
    double m_runSlowMotion = 1.0;   ///< the factor the current (or last) run ran with
    AppTheme::Mode m_themeMode = AppTheme::Mode::System;
    bool m_largeFonts = false;
    int m_chartsSizedFor = 0; ///< charts the split was last sized for (sizeChart or restored)
    QJsonObject m_startedConfig; ///< the form's configuration when the current run started
};

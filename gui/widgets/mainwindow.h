// SPDX-License-Identifier: MIT
// The main window: owns the actions and composes the pages; results come from RunSession and
// the panels, never computed here.
#pragma once

#include "core/adviceprover.h"
#include "core/runsession.h"

#include <QMainWindow>
#include <QTimer>

class ConfigPanel;
class LessonsPanel;
class QSpinBox;
class QTabWidget;
class QComboBox;
class QLabel;
class QueueChartView;
class SummaryPanel;
class TimelineView;
class Translator;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(Translator* translator, QWidget* parent = nullptr);
    ~MainWindow() override;

    RunSession* session() { return &m_session; }
    ConfigPanel* configPanel() const { return m_config; }
    TimelineView* timeline() const { return m_timeline; }
    QueueChartView* chart() const { return m_chart; }
    SummaryPanel* summaryPanel() const { return m_summary; }
    LessonsPanel* lessonsPanel() const { return m_lessons; }
    double slowMotion() const;
    void setSlowMotion(int factor);
    /// Presets shipped in resources/presets (file base names), with translated titles.
    static QStringList presetNames();
    static QString presetTitle(const QString& name);
    static QByteArray presetJson(const QString& name);

public slots:
    void run();
    void stop();
    void loadPreset(const QString& name);
    bool openConfig(const QString& path);
    bool saveConfig(const QString& path);
    bool exportPictureTo(const QString& path, double scale = 1.0);
    void setLanguage(const QString& language);
    /// Loads lesson `index`'s experiment, points out its lanes on the timeline, and runs it.
    void runLesson(int index);
    /// Shows lesson `index` in the Lessons tab.
    void showLesson(int index);
    /// Imports PyTorch profiler traces (on a thread, with progress): one is shown in the main
    /// timeline with its verdict; several are the ranks of one job, stacked, straggler named.
    void openProfilerTraces(const QStringList& paths);
    void openSweep();
    /// `lastTwo`: compare the two newest runs without asking (docs, demos).
    void openCompare(bool lastTwo = false);

protected:
    void closeEvent(QCloseEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void buildActions();
    void buildLayout();
    void retranslate();
    void updateRunState();
    void refreshLive();
    void restoreSettings();
    void saveSettings();
    void proveAdvice();
    void readBackForView();
    void exportChromeTrace(const QString& recording, const QString& path);
    void applyKnob(const std::string& path, const loaderscope::KnobValue& value);

    Translator* m_translator;
    RunSession m_session;
    AdviceProver m_prover;
    ConfigPanel* m_config = nullptr;
    TimelineView* m_timeline = nullptr;
    QueueChartView* m_chart = nullptr;
    SummaryPanel* m_summary = nullptr;
    QComboBox* m_presets = nullptr;
    LessonsPanel* m_lessons = nullptr;
    QTabWidget* m_leftTabs = nullptr;
    QSpinBox* m_slowMotion = nullptr;
    int m_activeLesson = -1;
    QLabel* m_status = nullptr;
    QLabel* m_deviceLabel = nullptr;
    QTimer m_liveTimer;
    QTimer m_readBack;       ///< debounces reading detail back for the view
    QString m_runEntry;      ///< history folder of the current run
    class QSplitter* m_split = nullptr;
    int m_timelineHeight = 0;
    QString m_lastMessage;
    struct Actions;
    Actions* m_a;
};

// SPDX-License-Identifier: MIT
// The File menu's files: configurations opened and saved, the timeline exported as a picture, a
// finished run's recording exported as a Chrome trace (on the job tracker, with progress), PyTorch
// profiler traces imported (one into the main timeline, several ranks stacked in their own window),
// recordings made anywhere opened (one into the main timeline, several ranks in a rank table with
// one timeline), each with its dialog and its error message. GUI thread only.
#pragma once

#include <QObject>
#include <QStringList>

#include <functional>

class ConfigPanel;
class RunSession;
class SummaryPanel;
class TimelineView;
class QWidget;

class FileActions : public QObject
{
    Q_OBJECT
public:
    struct Hooks
    {
        /// A lasting status message, rebuilt in the new language on a switch.
        std::function<void(std::function<QString()> message)> setMessage;
        /// A passing status line (progress).
        std::function<void(const QString& text)> showStatus;
        /// The configuration was replaced by a file's: it is no preset any more.
        std::function<void()> configReplaced;
        /// A profiler trace replaced what the timeline showed: no lesson overlay, the verdict shown.
        std::function<void()> traceShown;
        /// An opened recording is shown, with what it says ran (the session holds it): the job's
        /// view, "Model this job" and its check (`program`: the job's, as the probe named it).
        std::function<void(const QString& program)> recordingShown;
    };

    FileActions(ConfigPanel* config, SummaryPanel* summary, TimelineView* timeline, RunSession* session,
                QWidget* dialogParent, Hooks hooks);

    /// Reads (within the engine's size limit) and shows a configuration. On failure: false, and
    /// the reason in `error`, or in a dialog when `error` is null.
    bool openConfig(const QString& path, QString* error = nullptr);
    bool saveConfig(const QString& path);
    /// `scale`: device pixels per point of a PNG (2 for a sharp picture).
    bool exportPictureTo(const QString& path, double scale);
    /// What pictures add (issue 49): the step chart (as View ▸ Step chart shows it), a table of
    /// the `slowSamples` slowest samples (0: none).
    void setPictureExtras(bool stepChart, int slowSamples)
    {
        m_stepChart = stepChart;
        m_slowSamples = slowSamples;
    }
    void exportChromeTrace(const QString& recording, const QString& path);
    /// Imports profiler traces on the job tracker with progress: one is shown in the main timeline
    /// with its verdict; several are the ranks of one job, stacked, the straggler named.
    void openProfilerTraces(const QStringList& paths);

public slots:
    /// Opens recordings (the engine's or the probe's --events) on the job tracker: one is shown in
    /// the main timeline with its figures (a file cut short up to where it stops, with a warning in
    /// the status bar); several are the ranks of one job (RecordingRanksWindow). A file that cannot
    /// be read is said in a (non-modal) message box.
    void openRecordings(const QStringList& paths);

public:
    // The same, asking for the file first.
    void askOpenConfig();
    void askSaveConfig();
    void askExportPicture();
    void askExportChromeTrace();
    void askOpenProfilerTraces();
    void askOpenRecordings();

private:
    void warn(const QString& title, const QString& text);

    ConfigPanel* m_config;
    SummaryPanel* m_summary;
    TimelineView* m_timeline;
    RunSession* m_session;
    QWidget* m_parent;
    Hooks m_hooks;
    bool m_stepChart = false;
    int m_slowSamples = 0;
};

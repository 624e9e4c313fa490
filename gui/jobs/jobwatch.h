// SPDX-License-Identifier: MIT
// The user's own PyTorch job: watching a script under the probe (File ▸ Watch a Python script),
// attaching to jobs already running (one here, several ranks stacked in their own window), and
// "Model this job": the engine config fitted to the job, run, and its samples/s set beside the
// job's. When a watched job ends, its num_workers and prefetch_factor advice comes from a sweep of
// that model (ModelAdvisor, in the background), with predicted samples/s and their uncertainty;
// when the same script is watched again with other knobs, the prediction is put next to what it
// measured. The main window says how a job's run begins and how a config is run. GUI thread only.
#pragma once

#include "advice/model/modeladvisor.h"
#include "sources/model/remotereader.h"
#include "runs/model/runsession.h"
#include "jobs/jobdialogs.h"
#include "jobs/liveranks.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class ConfigPanel;
class SummaryPanel;
class QWidget;

class JobWatch : public QObject
{
    Q_OBJECT
public:
    struct Hooks
    {
        /// Before the session follows a job: no lesson, no overlay, real time. `record`: the job's
        /// recording goes into a new history entry.
        std::function<void(bool record)> beginJob;
        /// Makes `config` the configuration and runs it.
        std::function<void(const QJsonObject& config)> runConfig;
        /// Opens a recording (File ▸ Open recording).
        std::function<void(const QString& path)> openRecording;
        /// A lasting status-bar message.
        std::function<void(std::function<QString()> message)> say;
    };

    JobWatch(RunSession* session, SummaryPanel* summary, QWidget* dialogParent, Hooks hooks);
    /// While a job is watched or attached to, `config` shows the job's own arguments (read-only)
    /// with "Model this job"; an engine run (or "Edit the configuration") brings the form back.
    void showJobIn(ConfigPanel* config);

    void watchScript(const ScriptLaunch& launch);
    /// Asks which running jobs to follow: one here, several as ranks in a stacked live window.
    void attachToJob();
    /// Follows the local job `name`; `listed`: the job as the Attach list showed it. A job that
    /// ended since is not followed: a message names it (and offers its recording), and what is on
    /// screen stays, said to be the previous run. False then.
    bool attachSegment(const QString& name, const AttachDialog::ListedJob& listed = {});
    /// A job on another machine (File ▸ Attach's host field, or --attach ssh://...): a named
    /// segment on one host is followed here; otherwise the hosts are listed and every job found
    /// opens, several as stacked ranks. Errors are said in a message box and the summary pane.
    /// `interpreter`: the remote Python command (empty: the one remembered, default python3).
    void attachRemote(const RemoteTarget& target, const QString& interpreter = {});
    void attachRemoteStream(const RemoteStreamOptions& options);
    /// The stacked window of remote ranks opened last (tests).
    LiveRanksWindow* lastRanksWindow() const { return m_lastRanks; }
    void modelJob();
    /// The watched script's file name, for the status line.
    QString watchedScript() const { return m_watched; }

    // The session's run events, passed on by the main window.
    void runStarted();
    /// `engineRun`: the run was the engine's (the model's run when one is being compared).
    void runFinished(const loaderscope::RunFigures& figures, bool engineRun);
    void runFailed() { m_modelOfJob.reset(); }
    /// A recording opened from a file is shown (RunSession::showOpenedRecording): a job's gets the
    /// job's own arguments in place of the form, "Model this job" and the model's check of the
    /// advice, as a live watch ends; an engine run's, the form (its configuration); one that does
    /// not say what ran, a note that says so.
    void showRecording(const QString& program);
    /// The model's sweep of the last watched job (tests).
    ModelAdvisor* modelAdvisor() { return &m_advisor; }

private:
    /// A watched job ended with a fitted model: its prediction checked (when the last one was of
    /// the same script), then the model swept for its advice.
    void adviseFromModel(double jobRate);
    /// "Last run the model predicted … for num_workers = 4; this run measured …", or empty.
    std::function<QString()> predictionCheck(int workers, int prefetch, double measured) const;
    /// The job chosen in Attach ended before it could be followed.
    void jobEnded(const AttachDialog::ListedJob& job);
    /// Opens a stacked ranks window, sized to fit its screen.
    void showRanks(QWidget* ranks);

    RunSession* m_session;
    SummaryPanel* m_summary;
    QWidget* m_dialogParent;
    Hooks m_hooks;
    /// "Model this job": the job's figures, until the model's run ends (ModelComparison).
    std::optional<loaderscope::RunFigures> m_modelOfJob;
    QString m_watched;
    std::optional<RemoteStreamOptions> m_lastRemote; ///< what Reconnect starts again
    class RemoteLister* m_lister = nullptr;
    QPointer<LiveRanksWindow> m_lastRanks;
    ConfigPanel* m_config = nullptr;
    ModelAdvisor m_advisor;
    /// The last model sweep's predictions, for the next run of the same script (in memory only).
    struct Prediction
    {
        QString script;
        ModelAdvice advice;
    };
    std::optional<Prediction> m_prediction;
    std::function<QString()> m_check; ///< the prediction set beside this run, shown above the advice
};

// SPDX-License-Identifier: MIT
// Starts and stops a run through EngineCommand: loaderscope-engine (the DataLoader main process), or the
// user's own PyTorch script under the probe (python3 -m loaderscope run). Finds the run's
// shared-memory segment by the exact name the process announces on stderr, reads its summary, and
// maps exit codes and stderr to translated messages. GUI thread only; never blocks.
#pragma once

#include "runs/model/enginecommand.h"
#include "common/model/summarytext.h"

#include "loaderscope/shm/oom.h"

#include <QJsonObject>

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <optional>

/** The user's own training script, run under the probe. */
struct ScriptLaunch
{
    QString python;          ///< empty: defaultPython()
    QString script;
    QStringList args;
    QString workingDir;      ///< empty: the script's folder
};

struct LaunchOptions
{
    QString enginePath;      ///< empty: next to the app, then the build tree
    QByteArray configJson;
    std::optional<ScriptLaunch> script; ///< set: run this script under the probe, not the engine
    QString recordingPath;   ///< where the engine keeps the run's recording; empty: a temporary one
    QStringList extraArgs;   ///< for tests
};

class EngineLauncher : public QObject
{
    Q_OBJECT
public:
    enum class State { Idle, Running, Stopping };
    Q_ENUM(State)

    explicit EngineLauncher(QObject* parent = nullptr);
    ~EngineLauncher() override;

    State state() const { return m_state; }
    qint64 enginePid() const { return m_pid; }
    /// The recording of the last run that ended (engine --events), empty if none.
    QString eventsPath() const { return m_lastEvents; }
    /// The recording of the running run as the engine writes it (under a temporary name until
    /// the end); empty before the engine named it.
    QString liveRecordingPath() const { return m_liveRecording; }
    /// The summary the engine wrote for the last run that ended (empty when it wrote none).
    const loaderscope::RunSummary& lastSummary() const { return m_summary; }
    bool hasSummary() const { return m_hasSummary; }
    static QString defaultEnginePath();
    /// Debian's interpreter, where python3-torch is installed (LOADERSCOPE_PYTHON overrides).
    static QString defaultPython();
    /// Where the app finds the `loaderscope` Python package when it is not installed (the build
    /// tree's build/python), empty when the interpreter's own path has it.
    static QString probePackageDir();
    /// True while (or after) a watched script, not the engine, runs.
    bool watchingScript() const { return m_script; }
    /// The summary file of the last run as JSON (the probe's holds "model_config").
    const QJsonObject& lastSummaryJson() const { return m_summaryJson; }
    /// The translated message for a watched script's exit.
    static QString describeScriptExit(int exitCode, QProcess::ExitStatus status, const QString& stderrText);
    /// A failure message in one line: a traceback's exception ("ValueError: sample 3 is corrupt"),
    /// else the message's first line. Status bars show this, with the whole message a click away.
    static QString failureLine(const QString& message);
    /// Whether the last run was stopped from here (its failure is no failure of the job).
    bool stopRequested() const { return m_stopRequested; }
    /// The translated message for an engine exit (used by tests and the status bar).
    static QString describeExit(int exitCode, QProcess::ExitStatus status, const QString& stderrText);

public slots:
    void start(const LaunchOptions& options);
    /// SIGTERM (orderly shutdown, exit 143), then SIGKILL after 3 s.
    void stop();

signals:
    void started(qint64 pid);
    void segmentFound(const QString& name);
    void stderrLine(const QString& line);
    void finished(const loaderscope::RunSummary& summary);
    /// A run that did not end well: bad config, worker died, timeout, crash. Translated.
    void failed(const QString& message, int exitCode);
    void stateChanged(EngineLauncher::State state);

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onFailedToStart();
    void onStderrLine(const QString& line);
    void setState(State s);
    /// The program and arguments of `options` (the engine's run, or the script under the probe).
    std::pair<QString, QStringList> commandLine(const LaunchOptions& options, const QString& configPath);

    /// The running run's process and private folder (config, summary, a temporary recording).
    EngineCommand m_command{QStringLiteral("run")};
    QString m_lastDir;       ///< the last finished run's, removed when the next one ends
    QString m_recording;     ///< --events of the running run
    QString m_liveRecording;
    State m_state = State::Idle;
    qint64 m_pid = 0;
    bool m_segmentSeen = false;
    bool m_stopRequested = false;
    QString m_lastEvents;
    loaderscope::RunSummary m_summary;
    QJsonObject m_summaryJson;
    bool m_hasSummary = false;
    bool m_script = false;   ///< the running (or last) run is a watched script
    loaderscope::OomWatch m_oomWatch; ///< OOM-kill counters when the run started (the engine's cgroup is ours)
};

// SPDX-License-Identifier: MIT
// One QProcess runner for every command the app starts for a run or a measurement: the engine's
// run, sweep and advise (Prove it, the model's sweep) and a script under the probe. It owns the
// command's private temporary folder (config, outputs), turns "progress I/N WHAT" lines on stderr
// into progress(), passes the other lines on whole and keeps them for the error message, cancels
// with SIGTERM (the engine stops in order and writes what it has) then SIGKILL after 3 s, ends the
// child with the app (PR_SET_PDEATHSIG), and says once how the command ended. GUI thread only;
// nothing here blocks, except the destructor, which waits for a running child to end (at most 4 s).
#pragma once

#include <QObject>
#include <QProcess>
#include <QTimer>

#include <memory>

class EngineCommand : public QObject
{
    Q_OBJECT
public:
    /// `what` names the temporary folder (loaderscope-WHAT-PID-XXXXXX, see privateTempDir).
    explicit EngineCommand(const QString& what, QObject* parent = nullptr);
    ~EngineCommand() override;

    /// A fresh private folder for the next command (the previous one is removed unless it was
    /// taken with takeDir); false, with errorText() saying why, when it cannot be made.
    bool prepare();
    QString dir() const { return m_dir; }
    /// Writes `bytes` to dir()/`name`; its path, or empty with errorText() set.
    QString writeFile(const QString& name, const QByteArray& bytes);
    /// The whole of dir()/`name`; empty when it is missing.
    QByteArray readFile(const QString& name) const;
    /// Hands the folder to the caller (who removes it with removePrivateTempDir); dir() is empty after.
    QString takeDir();

    void setProcessEnvironment(const QProcessEnvironment& env) { m_env = env; }
    void setWorkingDirectory(const QString& dir) { m_workingDir = dir; }
    /// Whether "progress I/N" lines are progress (the engine's sweep, advise) or ordinary lines
    /// (a run, a user's script, which may print anything).
    void setProgressLines(bool on) { m_progressLines = on; }
    /// Starts `program args` (nothing while one runs). started() or failedToStart() follows.
    void start(const QString& program, const QStringList& args);
    /// SIGTERM now, SIGKILL 3 s later if it still runs; finished() follows with cancelled() true.
    void cancel();

    bool running() const { return m_proc && m_proc->state() != QProcess::NotRunning; }
    bool cancelled() const { return m_cancelled; }
    qint64 pid() const { return m_pid; }
    QString program() const { return m_program; }
    /// Every stderr line that was not a progress line, in order, each ending in '\n'.
    QString stderrText() const { return m_stderr; }
    QString errorText() const { return m_error; }
    /// Why the program could not be started, as the system says it (for a caller's own sentence).
    QString startError() const { return m_startError; }
    /// Whether an exit means "stopped on request" (SIGTERM/SIGINT, or the engine's 130).
    static bool isStopExit(int exitCode, QProcess::ExitStatus status);

signals:
    void started(qint64 pid);
    void progress(int done, int total, const QString& what);
    /// A whole stderr line that is not a progress line.
    void line(const QString& line);
    /// The command ended (after a cancel too); the folder is still there for its outputs.
    void finished(int exitCode, QProcess::ExitStatus status);
    /// The program could not be started (translated, names the program); no finished() follows.
    void failedToStart(const QString& message);

private:
    void readStderr();
    /// One whole stderr line: progress, or a line kept and passed on.
    void handleLine(const QString& line);

    QString m_what;
    QString m_dir;
    QString m_program;
    QString m_workingDir;
    QProcessEnvironment m_env;
    std::unique_ptr<QProcess> m_proc;
    QTimer m_killTimer;
    QString m_stderr;
    QString m_tail;     ///< an unfinished stderr line
    QString m_error;
    QString m_startError;
    qint64 m_pid = 0;
    bool m_cancelled = false;
    bool m_progressLines = true;
};

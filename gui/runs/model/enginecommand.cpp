// SPDX-License-Identifier: MIT
#include "enginecommand.h"

#include "loaderscope/base/temp_dir.h"

#include <QFile>
#include <QRegularExpression>

#include <csignal>
#include <sys/prctl.h>

EngineCommand::EngineCommand(const QString& what, QObject* parent) : QObject(parent), m_what(what)
{
    m_killTimer.setSingleShot(true);
    m_killTimer.setInterval(3000); // ms: the engine's orderly shutdown takes well under this
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (running())
            m_proc->kill();
    });
}

EngineCommand::~EngineCommand()
{
    if (running()) {
        m_proc->disconnect(this);
        m_proc->terminate(); // the engine shuts its workers down and removes its segment
        if (!m_proc->waitForFinished(3000)) {
            m_proc->kill();
            m_proc->waitForFinished(1000);
        }
    }
    if (!m_dir.isEmpty())
        loaderscope::removePrivateTempDir(m_dir.toStdString());
}

bool EngineCommand::prepare()
{
    if (running())
        return false;
    if (!m_dir.isEmpty())
        loaderscope::removePrivateTempDir(m_dir.toStdString());
    m_dir.clear();
    try {
        m_dir = QString::fromStdString(loaderscope::privateTempDir(m_what.toStdString()));
    } catch (const std::exception& e) {
        m_error = tr("Cannot make a temporary folder: %1").arg(QString::fromStdString(e.what()));
        return false;
    }
    return true;
}

QString EngineCommand::writeFile(const QString& name, const QByteArray& bytes)
{
    QFile f(m_dir + QLatin1Char('/') + name);
    if (m_dir.isEmpty() || !f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) {
        m_error = tr("Cannot write %1 to a temporary folder.").arg(name);
        return {};
    }
    return f.fileName();
}

QByteArray EngineCommand::readFile(const QString& name) const
{
    QFile f(m_dir + QLatin1Char('/') + name);
    return !m_dir.isEmpty() && f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString EngineCommand::takeDir()
{
    return std::exchange(m_dir, QString());
}

bool EngineCommand::isStopExit(int exitCode, QProcess::ExitStatus status)
{
    if (status == QProcess::CrashExit)
        return exitCode == SIGTERM || exitCode == SIGKILL;
    return exitCode == 130 || exitCode == 128 + SIGTERM || exitCode == 128 + SIGINT;
}

void EngineCommand::start(const QString& program, const QStringList& args)
{
    if (running())
        return;
    // The last QProcess may still be delivering its final signals: it is deleted from the loop.
    if (m_proc)
        m_proc.release()->deleteLater();
    m_proc = std::make_unique<QProcess>();
    m_proc->setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGTERM); }); // ends with the app
    if (!m_env.isEmpty())
        m_proc->setProcessEnvironment(m_env);
    if (!m_workingDir.isEmpty())
        m_proc->setWorkingDirectory(m_workingDir);
    m_stderr.clear();
    m_tail.clear();
    m_error.clear();
    m_startError.clear();
    m_cancelled = false;
    m_pid = 0;
    m_program = program;
    QProcess* proc = m_proc.get();
    connect(proc, &QProcess::readyReadStandardError, this, &EngineCommand::readStderr);
    connect(proc, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        m_killTimer.stop();
        readStderr();
        if (!m_tail.isEmpty()) // a last line without its newline
            handleLine(std::exchange(m_tail, QString()));
        emit finished(exitCode, status);
    });
    connect(proc, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return; // crashes arrive through finished()
        m_startError = m_proc->errorString();
        m_error = tr("Cannot start %1: %2").arg(m_program, m_startError);
        emit failedToStart(m_error);
    });
    proc->start(program, args);
    m_pid = proc->processId();
    if (m_pid > 0)
        emit started(m_pid);
}

void EngineCommand::cancel()
{
    if (!running())
        return;
    m_cancelled = true;
    m_proc->terminate(); // the engine stops its current run in order and writes what it has
    m_killTimer.start();
}

void EngineCommand::readStderr()
{
    if (!m_proc)
        return;
    const QString text = m_tail + QString::fromUtf8(m_proc->readAllStandardError());
    const qsizetype end = text.lastIndexOf(QLatin1Char('\n'));
    m_tail = end < 0 ? text : text.mid(end + 1);
    if (end < 0)
        return;
    for (const QString& l : text.left(end).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        handleLine(l);
}

void EngineCommand::handleLine(const QString& l)
{
    static const QRegularExpression progressLine(QStringLiteral("^progress (\\d+)/(\\d+)(?: (.*))?$"));
    const QRegularExpressionMatch m = progressLine.match(l);
    if (m_progressLines && m.hasMatch()) {
        emit progress(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3));
        return;
    }
    m_stderr += l + QLatin1Char('\n');
    emit line(l);
}

// SPDX-License-Identifier: MIT
#include "enginelauncher.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

#include <csignal>
#include <sys/prctl.h>

EngineLauncher::EngineLauncher(QObject* parent) : QObject(parent)
{
    m_segmentPoll.setInterval(10);
    connect(&m_segmentPoll, &QTimer::timeout, this, &EngineLauncher::lookForSegment);
    m_killTimer.setSingleShot(true);
    m_killTimer.setInterval(3000);
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (m_proc && m_proc->state() != QProcess::NotRunning)
            m_proc->kill();
    });
}

EngineLauncher::~EngineLauncher()
{
    if (m_proc && m_proc->state() != QProcess::NotRunning) {
        m_proc->disconnect(this);
        m_proc->terminate(); // the engine shuts its workers down and removes its segment
        if (!m_proc->waitForFinished(3000)) {
            m_proc->kill();
            m_proc->waitForFinished(1000);
        }
    }
}

QString EngineLauncher::defaultEnginePath()
{
    const QString dir = QCoreApplication::applicationDirPath();
    for (const QString& candidate : {dir + QStringLiteral("/loaderscope-engine"),
                                     dir + QStringLiteral("/../engine/loaderscope-engine")}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return QStringLiteral("loaderscope-engine");
}

void EngineLauncher::setState(State s)
{
    if (m_state != s) {
        m_state = s;
        emit stateChanged(s);
    }
}

void EngineLauncher::start(const LaunchOptions& options)
{
    if (m_state != State::Idle)
        return;
    m_dir = std::make_unique<QTemporaryDir>();
    QFile config(m_dir->filePath(QStringLiteral("config.json")));
    if (!m_dir->isValid() || !config.open(QIODevice::WriteOnly) || config.write(options.configJson) < 0) {
        emit failed(tr("Cannot write the run's configuration to a temporary folder."), -1);
        return;
    }
    config.close();
    m_proc = std::make_unique<QProcess>();
    // If the app dies, the engine gets SIGTERM and shuts down in order (workers, segment).
    m_proc->setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGTERM); });
    connect(m_proc.get(), &QProcess::finished, this, &EngineLauncher::onFinished);
    connect(m_proc.get(), &QProcess::errorOccurred, this, &EngineLauncher::onError);
    connect(m_proc.get(), &QProcess::readyReadStandardError, this, [this] {
        const QString text = QString::fromUtf8(m_proc->readAllStandardError());
        m_stderr += text;
        for (const QString& line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            emit stderrLine(line);
    });
    m_stderr.clear();
    m_segmentSeen = false;
    m_stopRequested = false;
    m_summary = {};
    m_hasSummary = false;
    const QString engine = options.enginePath.isEmpty() ? defaultEnginePath() : options.enginePath;
    QStringList args{QStringLiteral("run"), QStringLiteral("--config"), config.fileName(),
                     QStringLiteral("--summary"), m_dir->filePath(QStringLiteral("summary.json")),
                     QStringLiteral("--trace"), m_dir->filePath(QStringLiteral("trace.json")),
                     QStringLiteral("--events"), m_dir->filePath(QStringLiteral("events.bin"))};
    args += options.extraArgs;
    setState(State::Running);
    m_proc->start(engine, args);
    m_pid = m_proc->processId();
    if (m_pid > 0) {
        emit started(m_pid);
        m_segmentPoll.start();
    }
}

void EngineLauncher::stop()
{
    if (!m_proc || m_proc->state() == QProcess::NotRunning)
        return;
    m_stopRequested = true;
    setState(State::Stopping);
    m_proc->terminate();
    m_killTimer.start();
}

void EngineLauncher::lookForSegment()
{
    // The engine names its segment /dev/shm/loaderscope-<pid>-<nonce>.
    const QStringList found = QDir(QStringLiteral("/dev/shm"))
                                  .entryList({QStringLiteral("loaderscope-%1-*").arg(m_pid)}, QDir::Files | QDir::System);
    if (!found.isEmpty()) {
        m_segmentPoll.stop();
        m_segmentSeen = true;
        emit segmentFound(found.first());
    }
}

QString EngineLauncher::describeExit(int exitCode, QProcess::ExitStatus status, const QString& stderrText)
{
    // The engine's own message lines ("loaderscope-engine: error: ..."), without the prefix.
    QStringList messages;
    for (QString line : stderrText.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line.contains(QLatin1String("warning:")))
            continue;
        line.remove(QStringLiteral("loaderscope-engine: "));
        line.remove(QStringLiteral("error: "));
        line.remove(QStringLiteral("invalid config: "));
        messages << line.trimmed();
    }
    const QString detail = messages.join(QLatin1Char('\n'));
    if (status == QProcess::CrashExit)
        return tr("The engine crashed.") + (detail.isEmpty() ? QString() : QLatin1Char('\n') + detail);
    switch (exitCode) {
    case 0: return {};
    case 2: return tr("The configuration was rejected: %1").arg(detail.isEmpty() ? tr("no details") : detail);
    case 3:
        if (detail.contains(QLatin1String("timed out")))
            return tr("The loader timed out: %1").arg(detail);
        if (detail.contains(QLatin1String("exited unexpectedly")))
            return tr("A worker died: %1").arg(detail);
        if (detail.contains(QLatin1String("Caught ")))
            return tr("A worker raised an exception: %1").arg(detail);
        return tr("The loader failed: %1").arg(detail.isEmpty() ? tr("no details") : detail);
    case 128 + SIGTERM:
    case 128 + SIGINT: return tr("The run was stopped.");
    default:
        return tr("The engine exited with status %1.").arg(exitCode) + (detail.isEmpty() ? QString() : QLatin1Char('\n') + detail);
    }
}

void EngineLauncher::onFinished(int exitCode, QProcess::ExitStatus status)
{
    m_segmentPoll.stop();
    m_killTimer.stop();
    m_stderr += QString::fromUtf8(m_proc->readAllStandardError());
    QFile summary(m_dir->filePath(QStringLiteral("summary.json")));
    if (summary.open(QIODevice::ReadOnly)) {
        try {
            m_summary = loaderscope::parseRunSummary(summary.readAll().toStdString());
            m_hasSummary = true;
        } catch (const std::exception&) {
            m_summary = {};
        }
    }
    m_lastTrace = QFileInfo::exists(m_dir->filePath(QStringLiteral("trace.json"))) ? m_dir->filePath(QStringLiteral("trace.json"))
                                                                                      : QString();
    m_lastEvents = QFileInfo::exists(m_dir->filePath(QStringLiteral("events.bin"))) ? m_dir->filePath(QStringLiteral("events.bin"))
                                                                                      : QString();
    m_lastDir = std::move(m_dir); // keep the trace until the next run finishes
    m_proc.release()->deleteLater();
    setState(State::Idle);
    if (exitCode == 0 && status == QProcess::NormalExit)
        emit finished(m_summary);
    else if (m_stopRequested)
        emit failed(tr("The run was stopped."), exitCode);
    else
        emit failed(describeExit(exitCode, status, m_stderr), status == QProcess::CrashExit ? -1 : exitCode);
}

void EngineLauncher::onError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart)
        return; // crashes arrive through finished()
    m_segmentPoll.stop();
    const QString message = tr("Cannot start the engine (%1): %2").arg(m_proc->program(), m_proc->errorString());
    m_proc.release()->deleteLater();
    m_dir.reset();
    setState(State::Idle);
    emit failed(message, -1);
}

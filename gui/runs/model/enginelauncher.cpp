// SPDX-License-Identifier: MIT
#include "enginelauncher.h"

#include "loaderscope/base/temp_dir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QFileInfo>
#include <QJsonDocument>

#include <csignal>
#include <sys/prctl.h>

EngineLauncher::EngineLauncher(QObject* parent) : QObject(parent)
{
    m_command.setProgressLines(false); // a run's stderr (a user's script's) may say anything
    connect(&m_command, &EngineCommand::finished, this, &EngineLauncher::onFinished);
    connect(&m_command, &EngineCommand::failedToStart, this, &EngineLauncher::onFailedToStart);
    connect(&m_command, &EngineCommand::line, this, &EngineLauncher::onStderrLine);
}

EngineLauncher::~EngineLauncher()
{
    // m_command ends a running engine (SIGTERM: it shuts its workers down and removes its
    // segment; SIGKILL after 3 s) and removes the running run's folder.
    m_command.disconnect(this);
    if (!m_lastDir.isEmpty())
        loaderscope::removePrivateTempDir(m_lastDir.toStdString());
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

QString EngineLauncher::defaultPython()
{
    const QString env = qEnvironmentVariable("LOADERSCOPE_PYTHON");
    return env.isEmpty() ? QStringLiteral("/usr/bin/python3") : env;
}

QString EngineLauncher::probePackageDir()
{
    // The build tree: build/gui/loaderscope next to build/python/loaderscope. Installed, the
    // package is in the interpreter's dist-packages and nothing is added.
    const QString dir = QCoreApplication::applicationDirPath() + QStringLiteral("/../python");
    return QFileInfo(dir + QStringLiteral("/loaderscope/__init__.py")).exists() ? QFileInfo(dir).canonicalFilePath() : QString();
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
    // Config and summary in a folder only this user can enter, swept when a crash leaves it.
    if (!m_command.prepare()) {
        emit failed(tr("Cannot make a temporary folder for the run: %1").arg(m_command.errorText()), -1);
        return;
    }
    const QString config = m_command.writeFile(QStringLiteral("config.json"), options.configJson);
    if (config.isEmpty()) {
        emit failed(tr("Cannot write the run's configuration to a temporary folder."), -1);
        return;
    }
    m_segmentSeen = false;
    m_stopRequested = false;
    m_summary = {};
    m_hasSummary = false;
    m_liveRecording.clear();
    m_summaryJson = {};
    m_recording = options.recordingPath.isEmpty() ? m_command.dir() + QStringLiteral("/events.lsrec") : options.recordingPath;
    m_script = options.script.has_value();
    auto [program, args] = commandLine(options, config);
    args += options.extraArgs;
    setState(State::Running);
    m_oomWatch = loaderscope::OomWatch::begin();
    m_command.start(program, args);
    m_pid = m_command.pid();
    if (m_pid > 0)
        emit started(m_pid);
}

std::pair<QString, QStringList> EngineLauncher::commandLine(const LaunchOptions& options, const QString& configPath)
{
    const QString summary = m_command.dir() + QStringLiteral("/summary.json");
    if (!m_script) {
        m_command.setWorkingDirectory({});
        m_command.setProcessEnvironment({});
        return {options.enginePath.isEmpty() ? defaultEnginePath() : options.enginePath,
                {QStringLiteral("run"), QStringLiteral("--config"), configPath, QStringLiteral("--summary"), summary,
                 QStringLiteral("--events"), m_recording}};
    }
    // python3 -m loaderscope run --summary F --events F script.py args: the script runs as under
    // python3 itself (argv, cwd, exit status), its loaders recorded.
    const ScriptLaunch& s = *options.script;
    QStringList args{QStringLiteral("-m"), QStringLiteral("loaderscope"), QStringLiteral("run"), QStringLiteral("--summary"),
                     summary, QStringLiteral("--events"), m_recording, s.script};
    args += s.args;
    m_command.setWorkingDirectory(s.workingDir.isEmpty() ? QFileInfo(s.script).absolutePath() : s.workingDir);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (const QString pkg = probePackageDir(); !pkg.isEmpty()) {
        const QString old = env.value(QStringLiteral("PYTHONPATH"));
        env.insert(QStringLiteral("PYTHONPATH"), old.isEmpty() ? pkg : pkg + QLatin1Char(':') + old);
    }
    env.insert(QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1")); // its output as it prints
    m_command.setProcessEnvironment(env);
    return {s.python.isEmpty() ? defaultPython() : s.python, args};
}

void EngineLauncher::onStderrLine(const QString& line)
{
    // The engine names its segment and its recording exactly: nothing is found by pattern, so a
    // file another user planted under a similar name is never opened.
    static const QString segment = QStringLiteral("loaderscope-engine: segment ");
    static const QString recording = QStringLiteral("loaderscope-engine: recording ");
    // The probe: "loaderscope: segment NAME pid=P rank=R world_size=N[ recording=PATH]".
    static const QString probeSegment = QStringLiteral("loaderscope: segment ");
    if (m_script && line.startsWith(probeSegment) && !m_segmentSeen) {
        const QStringList fields = line.mid(probeSegment.size()).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (!fields.isEmpty()) {
            m_segmentSeen = true;
            for (const QString& f : fields)
                if (f.startsWith(QLatin1String("recording=")))
                    m_liveRecording = f.mid(10);
            emit segmentFound(fields.first());
            return;
        }
    }
    if (line.startsWith(segment) && !m_segmentSeen) {
        m_segmentSeen = true;
        emit segmentFound(line.mid(segment.size()).trimmed());
        return;
    }
    if (line.startsWith(recording)) {
        m_liveRecording = line.mid(recording.size()).trimmed();
        return;
    }
    emit stderrLine(line);
}

void EngineLauncher::stop()
{
    if (!m_command.running())
        return;
    m_stopRequested = true;
    setState(State::Stopping);
    m_command.cancel();
}

QString EngineLauncher::describeExit(int exitCode, QProcess::ExitStatus status, const QString& stderrText)
{
    // The engine's own message lines ("loaderscope-engine: error: ..."), without the prefix.
    QStringList messages;
    for (QString line : stderrText.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line.contains(QLatin1String("warning:")) || line.startsWith(QLatin1String("loaderscope-engine: segment ")) ||
            line.startsWith(QLatin1String("loaderscope-engine: recording ")))
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

QString EngineLauncher::describeScriptExit(int exitCode, QProcess::ExitStatus status, const QString& stderrText)
{
    // The script's last words (a traceback ends with the exception), without the probe's line.
    QStringList lines;
    for (const QString& line : stderrText.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!line.startsWith(QLatin1String("loaderscope: segment ")))
            lines << line;
    // The whole traceback (from its first line, at most 60 lines back): it is shown behind
    // Details, the status bar takes its last line (failureLine).
    qsizetype from = std::max<qsizetype>(0, lines.size() - 12); // no traceback: the last words
    for (qsizetype i = std::max<qsizetype>(0, lines.size() - 60); i < lines.size(); ++i)
        if (lines[i].startsWith(QLatin1String("Traceback (most recent call last)"))) {
            from = i;
            break;
        }
    const QString tail = lines.mid(from).join(QLatin1Char('\n'));
    QString head;
    if (status == QProcess::CrashExit)
        head = tr("The script was ended by a signal.");
    else if (exitCode == 0)
        return {};
    else
        head = tr("The script exited with status %1.").arg(exitCode);
    return tail.isEmpty() ? head : head + QLatin1Char('\n') + tail;
}

QString EngineLauncher::failureLine(const QString& message)
{
    // Python ends a traceback with "Type: message" (a worker's exception re-raised in the main
    // process ends with the original's); the last such line is what went wrong.
    static const QRegularExpression exception(
        QStringLiteral("^([A-Za-z_][\\w.]*(?:Error|Exception|Exit|Interrupt|Fault|Warning))(?:: (.*))?$"));
    const QStringList lines = message.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (qsizetype i = lines.size() - 1; i >= 0; --i)
        if (exception.match(lines[i].trimmed()).hasMatch())
            return lines[i].trimmed();
    return lines.isEmpty() ? QString() : lines.first().trimmed();
}

void EngineLauncher::onFinished(int exitCode, QProcess::ExitStatus status)
{
    if (const QByteArray bytes = m_command.readFile(QStringLiteral("summary.json")); !bytes.isEmpty()) {
        try {
            m_summary = loaderscope::parseRunSummary(bytes.toStdString());
            m_summaryJson = QJsonDocument::fromJson(bytes).object();
            m_hasSummary = true;
        } catch (const std::exception&) {
            m_summary = {};
        }
    }
    // The recording is renamed into place when the engine ends well; after a kill, the part
    // written so far is under its temporary name.
    m_lastEvents = QFileInfo::exists(m_recording) ? m_recording
                   : QFileInfo::exists(m_liveRecording) ? m_liveRecording
                                                        : QString();
    if (!m_lastDir.isEmpty())
        loaderscope::removePrivateTempDir(m_lastDir.toStdString());
    m_lastDir = m_command.takeDir(); // keep the last run's files until the next run ends
    setState(State::Idle);
    const QString stderrText = m_command.stderrText();
    if (exitCode == 0 && status == QProcess::NormalExit)
        emit finished(m_summary);
    else if (m_stopRequested)
        emit failed(m_script ? tr("The job was stopped.") : tr("The run was stopped."), exitCode);
    else if (m_script)
        emit failed(describeScriptExit(exitCode, status, stderrText), status == QProcess::CrashExit ? -1 : exitCode);
    else {
        QString message = describeExit(exitCode, status, stderrText);
        if (status == QProcess::CrashExit && exitCode == SIGKILL) {
            // Killed, not crashed: most often by an OOM killer. The engine's own sentence (English,
            // like its other messages), from the OOM counters before and after.
            const std::string who = "The engine (pid " + std::to_string(m_pid) + ")";
            message += QLatin1Char('\n') +
                       QString::fromStdString(m_oomWatch.explainSigkill(who, std::nullopt, 0) + ".");
        }
        emit failed(message, status == QProcess::CrashExit ? -1 : exitCode);
    }
}

void EngineLauncher::onFailedToStart()
{
    const QString program = m_command.program();
    const QString why = m_command.startError();
    const QString message = m_script ? tr("Cannot start Python (%1): %2").arg(program, why)
                                     : tr("Cannot start the engine (%1): %2").arg(program, why);
    loaderscope::removePrivateTempDir(m_command.takeDir().toStdString());
    setState(State::Idle);
    emit failed(message, -1);
}

// SPDX-License-Identifier: MIT
#include "remoteinstall.h"

#include "common/model/datadir.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTimer>

#include <memory>

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("Remote", text);
}

/// A wheel larger than this is not ours (the probe's is a few MB): never read into memory.
constexpr qint64 kMaxWheelBytes = qint64(64) << 20;
/// pip's output kept for the message (its last lines say what happened).
constexpr qsizetype kKeptOutput = 64 * 1024;

// The remote script's own exit statuses (pip's are 0-23, ssh's 255).
constexpr int kNoTempDir = 90;
constexpr int kTruncated = 91;

QString lastLine(const QString& output)
{
    const QStringList lines = output.trimmed().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QString last = lines.isEmpty() ? QString() : lines.last().trimmed();
    if (last.size() > 300)
        last = last.left(300) + QStringLiteral("…");
    return last;
}

} // namespace

namespace Remote {

QString bundledWheel()
{
    // Only a wheel of this app's version: a probe of another version may write a stream format
    // this app refuses. The platform tags vary; the newest file wins.
    const QString version = QCoreApplication::applicationVersion();
    const QString pattern = QStringLiteral("loaderscope-%1-*.whl").arg(version.isEmpty() ? QStringLiteral("*") : version);
    const QFileInfoList found = QDir(DataDir::path() + QStringLiteral("/wheel")).entryInfoList({pattern}, QDir::Files, QDir::Time);
    return found.isEmpty() ? QString() : found.first().absoluteFilePath();
}

QString explainInstallFailure(const RemoteTarget::Host& host, const QString& interp, int exitCode, const QString& output)
{
    const QString h = host.display();
    const QString last = lastLine(output);
    if (exitCode == kNoTempDir)
        return tr("On %1, no temporary folder could be made for the wheel (mktemp in $TMPDIR or /tmp): %2").arg(h, last);
    if (exitCode == kTruncated)
        return tr("The wheel did not arrive whole on %1 (the connection ended during the copy): try again.").arg(h);
    if (output.contains(QLatin1String("No module named pip")))
        return tr("On %1, \"%2\" has no pip: name a venv's python (a venv brings pip; Debian and Ubuntu: python3-venv), or install pip for it.").arg(h, interp);
    if (output.contains(QLatin1String("externally-managed-environment")))
        return tr("On %1, \"%2\" is the system's Python, which pip may not change (PEP 668): make a venv there (python3 -m venv --system-site-packages ~/ls-venv keeps the system's torch visible) and name ~/ls-venv/bin/python, or the Python your job runs with.").arg(h, interp);
    if (output.contains(QLatin1String("Can not perform a '--user' install")))
        return tr("On %1, \"%2\" is a venv's Python: install without --user.").arg(h, interp);
    if (output.contains(QLatin1String("is not a supported wheel on this platform")))
        return tr("On %1, \"%2\" cannot take this wheel (it needs CPython 3.9 or newer on x86_64 Linux with a recent enough glibc, see the README): build the probe there from its sdist instead. pip said: %3").arg(h, interp, last);
    if (exitCode == 255 || exitCode == 127 || exitCode < 0)
        return explainFailure(host, interp, exitCode, output);
    return tr("On %1, pip stopped with exit status %2: %3").arg(h).arg(exitCode).arg(last.isEmpty() ? tr("(no message)") : last);
}

} // namespace Remote

RemoteInstaller::RemoteInstaller(QObject* parent) : QObject(parent)
{
}

RemoteInstaller::~RemoteInstaller()
{
    if (m_proc && m_proc->state() != QProcess::NotRunning) {
        m_proc->disconnect(this);
        m_proc->kill(); // the remote side's trap removes its temporary folder when ssh goes
        m_proc->waitForFinished(2000);
    }
}

bool RemoteInstaller::busy() const
{
    return m_proc && m_proc->state() != QProcess::NotRunning;
}

bool RemoteInstaller::install(const RemoteTarget::Host& host, const QString& interp, const QString& wheel, bool user, QString* error)
{
    if (busy()) {
        *error = tr("An install is already running.");
        return false;
    }
    const QFileInfo info(wheel);
    // The name is the wheel's identity for pip (name-version-tags.whl) and goes to the remote
    // shell: only the characters a wheel's name has.
    static const QRegularExpression wheelName(QStringLiteral("^loaderscope-[A-Za-z0-9_.+-]+\\.whl$"));
    if (!wheelName.match(info.fileName()).hasMatch()) {
        *error = tr("\"%1\" is not a probe wheel.").arg(wheel);
        return false;
    }
    QFile f(wheel);
    if (info.size() > kMaxWheelBytes || !f.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read the wheel %1: %2").arg(wheel, info.size() > kMaxWheelBytes ? tr("too large to be the probe's") : f.errorString());
        return false;
    }
    const QByteArray bytes = f.readAll();
    const QString python = interp.trimmed().isEmpty() ? QStringLiteral("python3") : interp.trimmed();
    const QString pip = QStringLiteral("%1 -m pip install --no-index --no-input --disable-pip-version-check%2")
                            .arg(python, user ? QStringLiteral(" --user") : QString());
    m_shown = pip + QLatin1Char(' ') + info.fileName();
    // POSIX sh whatever the login shell is: a private folder, the wheel from ssh's input (its size
    // checked: a cut connection leaves a short file), pip, and the folder removed on any exit.
    const QString script = QStringLiteral("d=$(mktemp -d \"${TMPDIR:-/tmp}/loaderscope-wheel.XXXXXX\") || exit %1; "
                                          "trap 'rm -rf \"$d\"' EXIT; "
                                          "cat > \"$d/%2\"; "
                                          "[ \"$(wc -c < \"$d/%2\")\" -eq %3 ] || exit %4; "
                                          "%5 \"$d/%2\"")
                               .arg(kNoTempDir)
                               .arg(info.fileName())
                               .arg(bytes.size())
                               .arg(kTruncated)
                               .arg(pip);
    delete m_proc;
    m_proc = new QProcess(this);
    m_proc->setProcessChannelMode(QProcess::MergedChannels);
    const QStringList program = Remote::sshProgram();
    m_proc->setProgram(program.first());
    m_proc->setArguments(Remote::sshCommandArguments(host, QStringLiteral("sh -c ") + Remote::shellQuoted(script)));
    auto* guard = new QTimer(m_proc);
    guard->setSingleShot(true);
    connect(guard, &QTimer::timeout, m_proc, [p = m_proc] { p->kill(); });
    guard->start(kTimeoutS * 1000);
    auto output = std::make_shared<QByteArray>();
    connect(m_proc, &QProcess::readyRead, this, [p = m_proc, output] {
        output->append(p->readAll());
        if (output->size() > kKeptOutput)
            output->remove(0, output->size() - kKeptOutput);
    });
    connect(m_proc, &QProcess::finished, this, [this, host, python, output, p = m_proc](int code, QProcess::ExitStatus status) {
        output->append(p->readAll());
        const QString text = QString::fromUtf8(output->right(kKeptOutput));
        const int exit = status == QProcess::NormalExit ? code : -1;
        if (exit == 0)
            emit finished(true, tr("Installed on %1 into \"%2\": %3").arg(host.display(), python, lastLine(text)));
        else
            emit finished(false, Remote::explainInstallFailure(host, python, exit, text));
    });
    connect(m_proc, &QProcess::errorOccurred, this, [this, p = m_proc](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            emit finished(false, Remote::cannotStart(*p));
    });
    m_proc->start();
    m_proc->write(bytes);
    m_proc->closeWriteChannel(); // after the buffered bytes are written: the end of the wheel
    return true;
}

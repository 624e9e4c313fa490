// SPDX-License-Identifier: MIT
// The SSH lab of tests/probe/sshlab.py for Qt tests (tst_remote, tst_remote_install): real sshd
// servers on loopback addresses with temporary keys, for the life of one test function. Needs
// LOADERSCOPE_PYTHON, LOADERSCOPE_PYTHON_DIR and LOADERSCOPE_SOURCE_DIR defined by CMake.
#pragma once

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTest>

namespace {

const QString kPython = QStringLiteral(LOADERSCOPE_PYTHON);
const QString kPythonDir = QStringLiteral(LOADERSCOPE_PYTHON_DIR);
const QString kProbeTests = QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/probe");

/// The SSH servers of tests/probe/sshlab.py, for the life of one test function.
struct Lab
{
    QProcess proc;
    QString config;
    QString configUnknownKey; ///< offers a key the servers do not know
    QString error;
    bool skipped = false;

    bool start(const QString& tmp, const QStringList& hosts)
    {
        proc.setProcessChannelMode(QProcess::SeparateChannels);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PYTHONPATH"), kPythonDir);
        proc.setProcessEnvironment(env);
        proc.start(kPython, QStringList{kProbeTests + QStringLiteral("/sshlab.py"), tmp} + hosts);
        // Its JSON line says it is ready (or it ends, saying why); sshtest may say other things first.
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 60000) {
            while (proc.canReadLine()) {
                const QByteArray line = proc.readLine().trimmed();
                if (line.startsWith('{')) {
                    const QJsonObject o = QJsonDocument::fromJson(line).object();
                    config = o.value(QStringLiteral("config")).toString();
                    configUnknownKey = o.value(QStringLiteral("config_unknown_key")).toString();
                    return !config.isEmpty();
                }
            }
            if (proc.state() == QProcess::NotRunning)
                break;
            proc.waitForReadyRead(500);
        }
        proc.waitForFinished(10000);
        skipped = proc.exitCode() == 77;
        error = QString::fromUtf8(proc.readAllStandardError());
        return false;
    }
    /// Stops the servers; sshlab checks nothing is left (no sshd, no port, no folder).
    bool stop()
    {
        if (proc.state() == QProcess::NotRunning)
            return proc.exitCode() == 0;
        proc.closeWriteChannel();
        if (!proc.waitForFinished(60000)) {
            proc.kill();
            proc.waitForFinished();
            return false;
        }
        error = QString::fromUtf8(proc.readAllStandardError());
        return proc.exitStatus() == QProcess::NormalExit && proc.exitCode() == 0;
    }
    ~Lab() { stop(); }
};

bool inCi()
{
    return qEnvironmentVariable("CI") == QLatin1String("true");
}

/// Starts the SSH lab, or skips the test saying why where no sshd can be had (fails under CI,
/// which must have one); then ssh reaches the lab's hosts with the lab's keys only.
#define START_LAB(lab, dir, hosts)                                                                 \
    do {                                                                                           \
        if (!(lab).start((dir), (hosts))) {                                                        \
            if ((lab).skipped && !inCi())                                                          \
                QSKIP(qPrintable((lab).error));                                                    \
            QFAIL(qPrintable(QStringLiteral("no SSH lab: ") + (lab).error));                       \
        }                                                                                          \
        qputenv("LOADERSCOPE_SSH", (QStringLiteral("ssh -F ") + (lab).config).toUtf8());           \
    } while (false)

} // namespace

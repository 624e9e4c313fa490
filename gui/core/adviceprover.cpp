// SPDX-License-Identifier: MIT
#include "adviceprover.h"

#include "loaderscope/base/temp_dir.h"

#include <QFile>
#include <QRegularExpression>

#include <csignal>
#include <sys/prctl.h>

AdviceProver::AdviceProver(QObject* parent) : QObject(parent) {}

AdviceProver::~AdviceProver()
{
    if (running()) {
        m_proc->disconnect(this);
        m_proc->terminate(); // the advise command stops its current run in order
        m_proc->waitForFinished(3000);
    }
    if (!m_dir.isEmpty())
        loaderscope::removePrivateTempDir(m_dir.toStdString());
}

void AdviceProver::start(const QByteArray& configJson, const QString& enginePath, int batches, const QByteArray& summaryJson)
{
    if (running())
        return;
    if (!m_dir.isEmpty())
        loaderscope::removePrivateTempDir(m_dir.toStdString());
    try {
        m_dir = QString::fromStdString(loaderscope::privateTempDir("advise"));
    } catch (const std::exception& e) {
        emit failed(QString::fromStdString(e.what()));
        return;
    }
    QFile config(m_dir + QStringLiteral("/config.json"));
    if (!config.open(QIODevice::WriteOnly) || config.write(configJson) != configJson.size()) {
        emit failed(tr("Cannot write the configuration to %1.").arg(m_dir));
        return;
    }
    config.close();
    QStringList args{QStringLiteral("advise"), QStringLiteral("--config"), config.fileName(), QStringLiteral("--batches"),
                     QString::number(batches), QStringLiteral("--out"), m_dir + QStringLiteral("/advice.json")};
    if (!summaryJson.isEmpty()) {
        QFile summary(m_dir + QStringLiteral("/summary.json"));
        if (!summary.open(QIODevice::WriteOnly) || summary.write(summaryJson) != summaryJson.size()) {
            emit failed(tr("Cannot write the run's summary to %1.").arg(m_dir));
            return;
        }
        args << QStringLiteral("--summary") << summary.fileName();
    }
    m_stderr.clear();
    m_proc = std::make_unique<QProcess>();
    m_proc->setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGTERM); }); // ends with the app
    connect(m_proc.get(), &QProcess::readyReadStandardError, this, [this] {
        static const QRegularExpression line(QStringLiteral("^progress (\\d+)/(\\d+) (.*)$"));
        for (const QString& l : QString::fromUtf8(m_proc->readAllStandardError()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QRegularExpressionMatch m = line.match(l);
            if (m.hasMatch())
                emit progress(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3));
            else
                m_stderr += l + QLatin1Char('\n');
        }
    });
    connect(m_proc.get(), &QProcess::finished, this, &AdviceProver::onFinished);
    connect(m_proc.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            emit failed(tr("Cannot start the engine (%1): %2").arg(m_proc->program(), m_proc->errorString()));
    });
    m_proc->start(enginePath, args);
}

void AdviceProver::cancel()
{
    if (running())
        m_proc->terminate();
}

void AdviceProver::onFinished(int exitCode, QProcess::ExitStatus status)
{
    QFile out(m_dir + QStringLiteral("/advice.json"));
    loaderscope::RunSummary summary;
    bool ok = status == QProcess::NormalExit && exitCode == 0 && out.open(QIODevice::ReadOnly);
    if (ok) {
        try {
            summary = loaderscope::parseRunSummary(out.readAll().toStdString());
        } catch (const std::exception&) {
            ok = false;
        }
    }
    out.close();
    loaderscope::removePrivateTempDir(m_dir.toStdString());
    m_dir.clear();
    m_proc.release()->deleteLater();
    if (ok)
        emit finished(summary);
    else
        emit failed(exitCode == 130 || exitCode == 128 + SIGTERM ? tr("Stopped.")
                                                                  : tr("The measurement failed: %1").arg(m_stderr.trimmed()));
}

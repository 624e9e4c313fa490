// SPDX-License-Identifier: MIT
#include "adviceprover.h"

AdviceProver::AdviceProver(QObject* parent) : QObject(parent)
{
    connect(&m_command, &EngineCommand::progress, this, &AdviceProver::progress);
    connect(&m_command, &EngineCommand::finished, this, &AdviceProver::onFinished);
    connect(&m_command, &EngineCommand::failedToStart, this, &AdviceProver::failed);
}

void AdviceProver::start(const QByteArray& configJson, const QString& enginePath, int batches, const QByteArray& summaryJson,
                         int repeats)
{
    if (running())
        return;
    if (!m_command.prepare()) {
        emit failed(m_command.errorText());
        return;
    }
    const QString config = m_command.writeFile(QStringLiteral("config.json"), configJson);
    if (config.isEmpty()) {
        emit failed(m_command.errorText());
        return;
    }
    QStringList args{QStringLiteral("advise"), QStringLiteral("--config"), config, QStringLiteral("--batches"),
                     QString::number(batches), QStringLiteral("--repeats"), QString::number(repeats),
                     QStringLiteral("--out"), m_command.dir() + QStringLiteral("/advice.json")};
    if (!summaryJson.isEmpty()) {
        const QString summary = m_command.writeFile(QStringLiteral("summary.json"), summaryJson);
        if (summary.isEmpty()) {
            emit failed(m_command.errorText());
            return;
        }
        args << QStringLiteral("--summary") << summary;
    }
    m_command.start(enginePath, args);
}

void AdviceProver::onFinished(int exitCode, QProcess::ExitStatus status)
{
    loaderscope::RunSummary summary;
    bool ok = status == QProcess::NormalExit && exitCode == 0;
    if (ok) {
        try {
            summary = loaderscope::parseRunSummary(m_command.readFile(QStringLiteral("advice.json")).toStdString());
        } catch (const std::exception&) {
            ok = false;
        }
    }
    if (ok)
        emit finished(summary);
    else
        emit failed(m_command.cancelled() || EngineCommand::isStopExit(exitCode, status)
                        ? tr("Stopped.")
                        : tr("The measurement failed: %1").arg(m_command.stderrText().trimmed()));
}

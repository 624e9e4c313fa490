// SPDX-License-Identifier: MIT
// "Prove it": runs `loaderscope-engine advise` on a configuration (through EngineCommand; the GUI
// never waits), reports its progress, and hands back the summary whose advice carries what was
// measured (each value's median and spread). GUI thread only.
#pragma once

#include "runs/model/enginecommand.h"
#include "common/model/summarytext.h"

#include <QObject>

class AdviceProver : public QObject
{
    Q_OBJECT
public:
    explicit AdviceProver(QObject* parent = nullptr);
    bool running() const { return m_command.running(); }

public slots:
    /// `batches`: at most this many per epoch in each measured run; `repeats`: runs per value
    /// tried. `summaryJson`: the run whose advice is measured as it stands (its sentences rest on
    /// the figures shown next to them); empty: the engine runs the configuration first and
    /// measures that run's advice.
    void start(const QByteArray& configJson, const QString& enginePath, int batches = 200,
               const QByteArray& summaryJson = {}, int repeats = 3);
    void cancel() { m_command.cancel(); }

signals:
    void progress(int done, int total, const QString& what);
    void finished(const loaderscope::RunSummary& summary);
    void failed(const QString& message);

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);

    EngineCommand m_command{QStringLiteral("advise")};
};

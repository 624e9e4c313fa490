// SPDX-License-Identifier: MIT
// "Prove it": runs `loaderscope-engine advise` on a configuration (a process; the GUI never
// waits), reports its progress, and hands back the summary whose advice carries what was measured.
// GUI thread only.
#pragma once

#include "summarytext.h"

#include <QObject>
#include <QProcess>

#include <memory>

class AdviceProver : public QObject
{
    Q_OBJECT
public:
    explicit AdviceProver(QObject* parent = nullptr);
    ~AdviceProver() override;
    bool running() const { return m_proc && m_proc->state() != QProcess::NotRunning; }

public slots:
    /// `batches`: at most this many per epoch in each measured run. `summaryJson`: the run whose
    /// advice is measured as it stands (its sentences rest on the figures shown next to them);
    /// empty: the engine runs the configuration first and measures that run's advice.
    void start(const QByteArray& configJson, const QString& enginePath, int batches = 200,
               const QByteArray& summaryJson = {});
    void cancel();

signals:
    void progress(int done, int total, const QString& what);
    void finished(const loaderscope::RunSummary& summary);
    void failed(const QString& message);

private:
    void onFinished(int exitCode, QProcess::ExitStatus status);

    std::unique_ptr<QProcess> m_proc;
    QString m_dir;
    QString m_stderr;
};

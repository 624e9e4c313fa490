// SPDX-License-Identifier: MIT
// One run from the GUI's side: the launcher, the shared-memory reader thread and the trace model
// wired together. GUI thread; nothing here blocks.
#pragma once

#include "enginelauncher.h"
#include "tracemodel.h"

#include <QJsonObject>
#include <QObject>

class ShmReaderThread;

class RunSession : public QObject
{
    Q_OBJECT
public:
    explicit RunSession(QObject* parent = nullptr);
    ~RunSession() override;

    TraceModel* model() { return &m_model; }
    EngineLauncher* launcher() { return &m_launcher; }
    bool running() const { return m_launcher.state() != EngineLauncher::State::Idle; }
    QJsonObject summary() const { return m_summary; }
    QString lastError() const { return m_error; }
    quint64 eventsLost() const { return m_lost; }
    void setEnginePath(const QString& path) { m_enginePath = path; }

public slots:
    void start(const QByteArray& configJson);
    void stop();

signals:
    void started();
    /// Events arrived from the live rings (the model changed).
    void liveUpdate();
    /// The run ended and the model holds every event of it (from the engine's events file).
    void runFinished(const QJsonObject& summary);
    void runFailed(const QString& message);

private:
    void complete(bool ok, const QString& message);

    EngineLauncher m_launcher;
    TraceModel m_model;
    ShmReaderThread* m_reader;
    QJsonObject m_summary;
    QString m_error;
    QString m_enginePath;
    quint64 m_lost = 0;
    QString m_segment;
    QString m_attachError;
    int m_attachTries = 0;
    bool m_attached = false;
};

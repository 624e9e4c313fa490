// SPDX-License-Identifier: MIT
// Background work for the GUI (in the manner of hotspot's JobTracker): each job runs on its own
// thread and hands its result back to the GUI thread; a job of the same kind started later makes
// an earlier one's result stale (dropped, and the earlier one asked to cancel). Reading a run's
// recording, importing profiler traces, the run history and converting a recording to a Chrome
// trace go through here, so the GUI thread never waits for a file.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <vector>

class JobTracker : public QObject
{
    Q_OBJECT
public:
    /// Shared between the job (any thread) and the tracker (GUI thread).
    struct Progress
    {
        std::atomic<qint64> done{0};
        std::atomic<qint64> total{0};   ///< 0: unknown
        std::atomic<bool> cancel{false};
        /// For jobs: report and ask whether to go on.
        bool report(qint64 d, qint64 t)
        {
            done = d;
            total = t;
            return !cancel.load();
        }
    };

    explicit JobTracker(QObject* parent = nullptr);
    ~JobTracker() override;

    /// Runs `work` on a new thread; then `finished` on the GUI thread unless the job became stale.
    /// Returns the job's id.
    quint64 start(const QString& kind, std::function<void(Progress&)> work, std::function<void()> finished);
    /// Asks the running job of `kind` to stop (its result is dropped).
    void cancel(const QString& kind);
    bool running(const QString& kind) const;
    /// The running job's progress (0..1, or -1 when unknown or none).
    double progress(const QString& kind) const;
    /// Waits for every job's thread (tests, shutdown); results still arrive by event.
    void waitForAll();

signals:
    void jobStarted(const QString& kind);
    void jobFinished(const QString& kind);

private:
    struct Job
    {
        quint64 id = 0;
        std::shared_ptr<Progress> progress;
        class QThread* thread = nullptr;
    };
    std::map<QString, Job> m_jobs;   ///< the newest job of each kind
    std::vector<class QThread*> m_threads; ///< every thread not finished yet (superseded ones too)
    quint64 m_nextId = 1;
};

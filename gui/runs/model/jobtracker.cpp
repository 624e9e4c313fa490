// SPDX-License-Identifier: MIT
#include "jobtracker.h"

#include <QPointer>
#include <QThread>

#include <algorithm>

JobTracker::JobTracker(QObject* parent) : QObject(parent) {}

JobTracker::~JobTracker()
{
    for (auto& [kind, job] : m_jobs)
        job.progress->cancel = true;
    for (QThread* t : m_threads) {
        t->wait();
        delete t;
    }
}

quint64 JobTracker::start(const QString& kind, std::function<void(Progress&)> work, std::function<void()> finished)
{
    if (auto it = m_jobs.find(kind); it != m_jobs.end())
        it->second.progress->cancel = true; // superseded: its result will be dropped
    const quint64 id = m_nextId++;
    auto progress = std::make_shared<Progress>();
    QPointer<JobTracker> self(this);
    QThread* thread = QThread::create([work = std::move(work), progress] { work(*progress); });
    thread->setObjectName(QStringLiteral("job: ") + kind);
    connect(thread, &QThread::finished, this, [this, self, thread, kind, id, finished = std::move(finished)] {
        thread->deleteLater();
        if (!self)
            return;
        m_threads.erase(std::remove(m_threads.begin(), m_threads.end(), thread), m_threads.end());
        auto it = m_jobs.find(kind);
        const bool current = it != m_jobs.end() && it->second.id == id;
        if (!current)
            return; // stale
        const bool cancelled = it->second.progress->cancel.load();
        m_jobs.erase(it);
        if (!cancelled && finished)
            finished();
        emit jobFinished(kind);
    });
    m_jobs[kind] = {id, progress, thread};
    m_threads.push_back(thread);
    thread->start();
    emit jobStarted(kind);
    return id;
}

void JobTracker::cancel(const QString& kind)
{
    if (auto it = m_jobs.find(kind); it != m_jobs.end())
        it->second.progress->cancel = true;
}

bool JobTracker::running(const QString& kind) const
{
    return m_jobs.count(kind) > 0;
}

double JobTracker::progress(const QString& kind) const
{
    const auto it = m_jobs.find(kind);
    if (it == m_jobs.end() || it->second.progress->total <= 0)
        return -1;
    return std::min(1.0, double(it->second.progress->done) / double(it->second.progress->total));
}

void JobTracker::waitForAll()
{
    for (QThread* t : m_threads)
        t->wait();
}

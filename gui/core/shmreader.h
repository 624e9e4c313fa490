// SPDX-License-Identifier: MIT
// Reads a running engine's event rings from shared memory on its own thread and hands the events
// to the GUI thread in batches. Maps read-only; validates the segment before reading anything.
#pragma once

#include "loaderscope/events.h"

#include <QObject>
#include <QString>
#include <QThread>
#include <QTimer>

#include <memory>
#include <vector>

namespace loaderscope {
class Segment;
class EventReader;
} // namespace loaderscope

using EventBatch = std::vector<loaderscope::Event>;
Q_DECLARE_METATYPE(EventBatch)

/** Lives on its own QThread (see ShmReaderThread). */
class ShmReader : public QObject
{
    Q_OBJECT
public:
    ShmReader();
    ~ShmReader() override;

public slots:
    /// Opens /dev/shm/<name> read-only; emits attached() or attachFailed().
    void attach(const QString& name);
    /// A last drain, then detach (the engine has exited; our mapping outlives its unlink).
    void finish();

signals:
    /// `probe`: a watched PyTorch job (numWorkers is then its lane capacity, lanes appear as used).
    void attached(quint64 clockOrigin, int numWorkers, bool simulatedDevice, bool probe);
    /// The segment's creator ended its run (its run state) or is gone (a killed job): an attached
    /// job that nobody launched from here ends this way. `failed`: not a clean finish.
    void creatorEnded(bool failed);
    void attachFailed(const QString& reason);
    void eventsAvailable(const EventBatch& events, quint64 lost);
    void finishedReading();

private:
    void poll();

    std::unique_ptr<loaderscope::Segment> m_segment;
    int m_creatorPid = 0;
    quint64 m_creatorStart = 0;  ///< its /proc start time: a reused pid is not the creator
    int m_polls = 0;
    bool m_ended = false;
    std::unique_ptr<loaderscope::EventReader> m_reader;
    QTimer* m_timer = nullptr;
};

/** Owns the reader's thread; GUI-thread API with queued calls. */
class ShmReaderThread : public QObject
{
    Q_OBJECT
public:
    explicit ShmReaderThread(QObject* parent = nullptr);
    ~ShmReaderThread() override;
    ShmReader* reader() const { return m_reader; }
    void attach(const QString& name);
    void finish();

private:
    QThread m_thread;
    ShmReader* m_reader;
};

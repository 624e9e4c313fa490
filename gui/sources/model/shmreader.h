// SPDX-License-Identifier: MIT
// Reads a running engine's event rings from shared memory on its own thread and hands the events
// to the GUI thread in batches. Maps read-only; validates the segment before reading anything.
#pragma once

#include "loaderscope/base/events.h"

#include <QObject>
#include <QString>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <memory>
#include <vector>

namespace loaderscope {
class Segment;
class EventReader;
class RecordingWriter;
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
    /// Called by the consumer (GUI thread) for each eventsAvailable it has applied.
    void consumed() { m_pending.fetch_sub(1, std::memory_order_relaxed); }
    /// Batches handed over but not applied yet, at most: past this the GUI thread is behind (a
    /// starved or busy window) and new batches are dropped, counted as lost, rather than queued
    /// without bound; the run's recording is complete and replaces the view at the end.
    static constexpr int kMaxPendingBatches = 64; // about a second of polls

public slots:
    /// Opens /dev/shm/<name> read-only; emits attached() or attachFailed(). `recordTo`: keep what
    /// is read as a recording there (a job attached to, whose own recording the app cannot rely
    /// on), closed by finish(); empty: none.
    void attach(const QString& name, const QString& recordTo = {});
    /// A last drain, then detach (the engine has exited; our mapping outlives its unlink).
    void finish();

signals:
    /// `probe`: a watched PyTorch job (numWorkers is then its lane capacity, lanes appear as used).
    void attached(quint64 clockOrigin, int numWorkers, bool simulatedDevice, bool probe);
    /// The segment's creator ended its run (its run state) or is gone (a killed job): an attached
    /// job that nobody launched from here ends this way. `failed`: not a clean finish.
    void creatorEnded(bool failed);
    void attachFailed(const QString& reason);
    /// A watched job's own description (JSON: program, argv, torch_version, and "loaders" with
    /// each DataLoader's arguments as the probe read them), again each time the job rewrites it.
    void described(const QByteArray& json);
    void eventsAvailable(const EventBatch& events, quint64 lost);
    void finishedReading();

private:
    void poll(bool last = false);
    /// Emits described() when a probe's description changed since it was last read.
    void describe();

    std::unique_ptr<loaderscope::Segment> m_segment;
    int m_creatorPid = 0;
    quint64 m_creatorStart = 0;  ///< its /proc start time: a reused pid is not the creator
    int m_polls = 0;
    bool m_ended = false;
    bool m_probe = false;
    quint64 m_described = 0;  ///< digest of the description last emitted
    std::unique_ptr<loaderscope::EventReader> m_reader;
    std::unique_ptr<loaderscope::RecordingWriter> m_recording; ///< what is read, kept (recordTo)
    QTimer* m_timer = nullptr;
    std::atomic<int> m_pending{0}; ///< handed to the GUI thread, not yet applied (both threads)
    quint64 m_dropped = 0;         ///< events read while the GUI thread was behind (reader thread)
};

/** Owns the reader's thread; GUI-thread API with queued calls. */
class ShmReaderThread : public QObject
{
    Q_OBJECT
public:
    explicit ShmReaderThread(QObject* parent = nullptr);
    ~ShmReaderThread() override;
    ShmReader* reader() const { return m_reader; }
    void attach(const QString& name, const QString& recordTo = {});
    void finish();

private:
    QThread m_thread;
    ShmReader* m_reader;
};

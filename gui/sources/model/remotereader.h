// SPDX-License-Identifier: MIT
// Follows a job on another host: `ssh HOST -- python3 -m loaderscope stream --pings SEGMENT`,
// whose output (a recording stream, docs/traces.md section 2) is saved to a file as it comes (a
// saved stream is a recording: nothing is lost when the connection is) and read back from there
// with the engine's RecordingReader, which checks every frame. Clock pings go the other way on
// ssh's standard input (RemoteClock). The events reach the GUI thread in batches, on our
// CLOCK_MONOTONIC, with the same signals as ShmReader's, so RunSession treats both alike.
//
// Threads: a RemoteReader lives on its own QThread (RemoteReaderThread), with its QProcess and
// timers; the GUI thread calls it through queued slots and hears it through signals.
#pragma once

#include "sources/model/remote.h"
#include "sources/model/remoteclock.h"
#include "sources/model/shmreader.h" // EventBatch

#include <QElapsedTimer>
#include <QFile>
#include <QObject>
#include <QThread>

#include <map>
#include <memory>

class QProcess;
class QTimer;

namespace loaderscope {
class RecordingReader;
}

/**
 * The streams saved from remote jobs (the .lsrec files in AppData/remote, where a stream goes
 * when no path is given), bounded as the run history is. A file is live while the app that
 * writes it holds its lock (flock, released when that app ends, however it ends): never touched.
 * Of the others, what is no recording (empty, garbage a failed remote sent, a decompressed zstd
 * bomb) is removed, and of the recordings the newest `keep` are kept while they fit `maxBytes`.
 * Any thread.
 */
namespace RemoteSaves {
QString folder();
void prune(int keep = 20, qint64 maxBytes = qint64(2) << 30);
} // namespace RemoteSaves

struct RemoteStreamOptions
{
    RemoteTarget::Host host;
    QString segment;
    QString interpreter = QStringLiteral("python3");
    bool zstd = false;
    QString savePath;  ///< the saved stream; empty: a new file in the app's data folder (remote/)
    bool hold = false; ///< wait for release() before the first event (ranks sharing one time axis)
    /// How long the host may stay silent after the connection starts (s): ssh's ConnectTimeout
    /// covers the handshake; this covers a remote command that never writes.
    int firstBytesTimeoutS = Remote::kConnectTimeoutS + 20;
};
Q_DECLARE_METATYPE(RemoteStreamOptions)

class RemoteReader : public QObject
{
    Q_OBJECT
public:
    RemoteReader();
    ~RemoteReader() override;
    /// Batches handed over but not applied yet, at most (as ShmReader's).
    static constexpr int kMaxPendingBatches = 64;
    void consumed() { m_pending.fetch_sub(1, std::memory_order_relaxed); }

public slots:
    void start(const RemoteStreamOptions& options);
    /// Starts the events on the time axis whose zero is `origin` (our CLOCK_MONOTONIC ns).
    void release(quint64 origin);
    /// A last read of what arrived, then finishedReading; the ssh connection is closed (the job
    /// runs on).
    void finish();
    /// Asks the remote job for its Python stacks: a STACKS line on the stream's input.
    void askStacks();

signals:
    /// The stream's header and the host's clock are known: `origin` is the job's start on our
    /// clock (what release() would take when this is the only rank).
    void ready(quint64 origin);
    void attached(quint64 clockOrigin, int numWorkers, bool simulatedDevice, bool probe);
    void eventsAvailable(const EventBatch& events, quint64 lost);
    void creatorEnded(bool failed);
    /// Before the first event: ssh failed, the host sent something else... (translated).
    void attachFailed(const QString& reason);
    /// After it: the connection ended without the stream's end (translated, with what is kept).
    void connectionLost(const QString& message);
    /// The host's clock against ours (ns), within `uncertainty`, from `samples` round trips.
    void clockEstimated(qint64 monotonicOffset, qint64 realtimeOffset, quint64 uncertainty, int samples);
    /// The stream's own header: the host's name and the job's rank (when it has one).
    void described(const QString& hostName, int rank, int worldSize, const QString& savedPath);
    /// The job's own description (its DataLoaders' arguments, JSON), each time the stream brings
    /// a new one: what ShmReader::described() says of a job on this machine.
    void jobDescribed(const QByteArray& json);
    /// The events are placed on our clock by subtracting `monotonicShift` (ns) from the host's.
    void placed(qint64 monotonicShift);
    void finishedReading();

private:
    void readOutput();
    void pump();
    void sendPing();
    void processEnded();
    void fail(const QString& reason);
    bool append(const char* data, qint64 n);
    void deliver();
    quint64 lostSoFar() const;
    void takePongs(uint64_t arrivedNs);

    RemoteStreamOptions m_o;
    QProcess* m_ssh = nullptr;
    QTimer* m_pingTimer = nullptr;
    QTimer* m_watchdog = nullptr;
    QFile m_file;
    std::unique_ptr<loaderscope::RecordingReader> m_reader;
    void* m_dctx = nullptr; ///< ZSTD_DCtx of a --zstd stream
    bool m_zstdChecked = false;
    bool m_zstd = false;
    quint64 m_bytesIn = 0, m_bytesOut = 0;
    RemoteClock m_clock;
    std::map<quint64, quint64> m_pingsSent; ///< token -> our monotonic ns when sent
    quint64 m_nextToken = 1;
    size_t m_pongsSeen = 0;
    QElapsedTimer m_since;     ///< since start()
    bool m_ready = false;
    bool m_released = false;
    bool m_failed = false;
    bool m_ended = false;      ///< the end record was read
    bool m_finished = false;   ///< finish() ran
    quint64 m_readyOrigin = 0;
    quint64 m_axisOrigin = 0;
    int64_t m_shift = 0;       ///< host clock - ours, fixed at release()
    size_t m_chunksRead = 0;
    quint64 m_events = 0;      ///< delivered
    quint64 m_jobRecords = 0;  ///< the stream's job descriptions already passed on
    bool m_draining = false;   ///< the connection ended or we stop: deliver the whole backlog
    quint64 m_dropped = 0;     ///< before the axis origin (a rank that joined the shared axis late)
    quint64 m_lastEventT = 0;  ///< our clock
    std::atomic<int> m_pending{0};
    QByteArray m_stderr;
};

/** Owns the reader's thread; GUI-thread API with queued calls (as ShmReaderThread). */
class RemoteReaderThread : public QObject
{
    Q_OBJECT
public:
    explicit RemoteReaderThread(QObject* parent = nullptr);
    ~RemoteReaderThread() override;
    RemoteReader* reader() const { return m_reader; }
    void start(const RemoteStreamOptions& options);
    void release(quint64 origin);
    void finish();
    /// Asks the remote job for its Python stacks (a STACKS line on the stream's input).
    void askStacks();

private:
    QThread m_thread;
    RemoteReader* m_reader;
};

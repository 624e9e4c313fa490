// SPDX-License-Identifier: MIT
#include "remotereader.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/outputs/stream_writer.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QLocale>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>

#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

constexpr int kEarlyPings = 8;          ///< sent 0.1 s apart when the stream starts
constexpr int kEarlyPingMs = 100;
constexpr int kLaterPingMs = 2000;      ///< then one every 2 s (the clocks drift slowly)
constexpr int kPingsBeforeReady = 4;    ///< answers wanted before the events are placed...
constexpr qint64 kReadyWaitMs = 3000;   ///< ...or this long after the header came
constexpr size_t kBatchEvents = 65536;  ///< events per batch handed to the GUI thread
constexpr int kPumpMs = 50;             ///< how often what arrived is read (20 times a second)

/// The bytes a file or program sent instead of a stream, printable, for a message.
QString firstBytes(const QByteArray& b)
{
    QString s;
    for (char c : b.left(24))
        s += (c >= 32 && c < 127) ? QChar::fromLatin1(c) : QChar(u'·');
    return s;
}

/// A file that starts as a recording does (plain or zstd-compressed): the rest may be cut short.
bool looksLikeRecording(int fd)
{
    char head[8] = {};
    if (pread(fd, head, sizeof head, 0) != ssize_t(sizeof head))
        return false;
    static const char kZstd[4] = {'\x28', '\xb5', '\x2f', '\xfd'};
    return loaderscope::recordingFormatVersion(head) > 0 || std::memcmp(head, kZstd, sizeof kZstd) == 0;
}

QString defaultSavePath(const RemoteStreamOptions& o)
{
    const QString dir = RemoteSaves::folder();
    QDir().mkpath(dir);
    QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QString host = o.host.name;
    host.replace(QLatin1Char(':'), QLatin1Char('_'));
    return dir + QStringLiteral("/%1-%2-%3.lsrec")
                     .arg(host, o.segment, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-hhmmss-zzz")));
}

} // namespace

QString RemoteSaves::folder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/remote");
}

void RemoteSaves::prune(int keep, qint64 maxBytes)
{
    const QDir dir(folder());
    // Newest first: the bounds keep the newest.
    const QFileInfoList files = dir.entryInfoList({QStringLiteral("*.lsrec")}, QDir::Files | QDir::NoSymLinks | QDir::Hidden, QDir::Time);
    int kept = 0;
    qint64 bytes = 0;
    for (const QFileInfo& f : files) {
        const QByteArray path = QFile::encodeName(f.absoluteFilePath());
        const int fd = ::open(path.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0)
            continue;
        struct stat st {};
        // Live: its writer holds the lock (it is released when the writer ends, killed or not).
        const bool live = fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || ::flock(fd, LOCK_EX | LOCK_NB) != 0;
        const bool recording = !live && looksLikeRecording(fd);
        ::close(fd);
        if (live)
            continue;
        if (!recording || kept >= keep || bytes + st.st_size > maxBytes) {
            ::unlink(path.constData());
            continue;
        }
        ++kept;
        bytes += st.st_size;
    }
}

RemoteReader::RemoteReader() = default;

RemoteReader::~RemoteReader()
{
    if (m_ssh && m_ssh->state() != QProcess::NotRunning) {
        m_ssh->kill();
        m_ssh->waitForFinished(5000);
    }
    if (m_dctx)
        ZSTD_freeDCtx(static_cast<ZSTD_DCtx*>(m_dctx));
}

void RemoteReader::start(const RemoteStreamOptions& options)
{
    m_o = options;
    m_since.start();
    if (!Remote::isSegmentName(m_o.segment))
        return fail(tr("\"%1\" is not a segment name").arg(m_o.segment));
    const QString path = m_o.savePath.isEmpty() ? defaultSavePath(m_o) : m_o.savePath;
    m_file.setFileName(path);
    // NewOnly: never an existing file, nor one a link points at.
    if (!m_file.open(QIODevice::ReadWrite | QIODevice::NewOnly))
        return fail(tr("cannot save the stream to %1: %2").arg(path, m_file.errorString()));
    // Held while the stream is written (RemoteSaves::prune leaves a locked file alone; the lock
    // goes with this app, however it ends).
    (void)::flock(m_file.handle(), LOCK_EX | LOCK_NB);
    QStringList words{QStringLiteral("stream"), QStringLiteral("--pings")};
    if (m_o.zstd)
        words << QStringLiteral("--zstd");
    words << m_o.segment;
    m_ssh = new QProcess(this);
    const QStringList program = Remote::sshProgram();
    m_ssh->setProgram(program.first());
    m_ssh->setArguments(Remote::sshArguments(m_o.host, m_o.interpreter, words));
    connect(m_ssh, &QProcess::readyReadStandardOutput, this, &RemoteReader::readOutput);
    connect(m_ssh, &QProcess::readyReadStandardError, this, [this] {
        m_stderr += m_ssh->readAllStandardError();
        if (m_stderr.size() > 65536)
            m_stderr = m_stderr.right(32768); // its last words matter
    });
    connect(m_ssh, &QProcess::finished, this, &RemoteReader::processEnded);
    connect(m_ssh, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            fail(Remote::cannotStart(*m_ssh));
    });
    m_pingTimer = new QTimer(this);
    connect(m_pingTimer, &QTimer::timeout, this, &RemoteReader::sendPing);
    auto* pumpTimer = new QTimer(this);
    connect(pumpTimer, &QTimer::timeout, this, &RemoteReader::pump);
    pumpTimer->start(kPumpMs);
    m_watchdog = new QTimer(this);
    m_watchdog->setSingleShot(true);
    connect(m_watchdog, &QTimer::timeout, this, [this] {
        if (m_bytesIn == 0 && !m_failed)
            fail(tr("%1 sent nothing within %2 s: the host or its Python does not answer.")
                     .arg(m_o.host.display())
                     .arg(m_o.firstBytesTimeoutS));
    });
    m_watchdog->start(std::max(1, m_o.firstBytesTimeoutS) * 1000);
    m_ssh->start();
}

void RemoteReader::askStacks()
{
    if (m_ssh && m_ssh->state() == QProcess::Running && !m_ended)
        m_ssh->write(QByteArrayLiteral("STACKS\n"));
}

void RemoteReader::sendPing()
{
    if (!m_ssh || m_ssh->state() != QProcess::Running || m_ended)
        return;
    // A ping unanswered for long is forgotten (a lost line must not grow the table).
    if (m_pingsSent.size() > 64)
        m_pingsSent.erase(m_pingsSent.begin());
    const quint64 token = m_nextToken++;
    m_pingsSent[token] = loaderscope::nowNs();
    m_ssh->write(QByteArray("PING ") + QByteArray::number(token) + '\n');
    if (m_nextToken > quint64(kEarlyPings))
        m_pingTimer->setInterval(kLaterPingMs);
}

bool RemoteReader::append(const char* data, qint64 n)
{
    // A --zstd stream: its frames decompress, as they come, to the stream's bytes.
    if (!m_zstdChecked && m_bytesIn + quint64(n) >= 4) {
        m_zstdChecked = true;
        static constexpr unsigned char kMagic[4] = {0x28, 0xb5, 0x2f, 0xfd};
        m_zstd = n >= 4 && std::equal(kMagic, kMagic + 4, reinterpret_cast<const unsigned char*>(data));
        if (m_zstd)
            m_dctx = ZSTD_createDCtx();
    }
    m_bytesIn += quint64(n);
    if (!m_zstd) {
        m_bytesOut += quint64(n);
        return m_file.write(data, n) == n;
    }
    ZSTD_inBuffer in{data, size_t(n), 0};
    std::vector<char> out(ZSTD_DStreamOutSize());
    while (in.pos < in.size) {
        ZSTD_outBuffer o{out.data(), out.size(), 0};
        const size_t r = ZSTD_decompressStream(static_cast<ZSTD_DCtx*>(m_dctx), &o, &in);
        if (ZSTD_isError(r)) {
            fail(tr("%1's compressed stream is damaged (%2)").arg(m_o.host.display(), QString::fromUtf8(ZSTD_getErrorName(r))));
            return false;
        }
        m_bytesOut += o.pos;
        // A recording compresses about 2 to 1: far more is a "zstd bomb", not a stream.
        if (m_bytesOut > std::max<quint64>(quint64(256) << 20, m_bytesIn * 64)) {
            fail(tr("%1's compressed stream expands without bound: not a stream").arg(m_o.host.display()));
            return false;
        }
        if (m_file.write(out.data(), qint64(o.pos)) != qint64(o.pos))
            return false;
        if (o.pos < o.size && in.pos == in.size)
            break;
    }
    return true;
}

void RemoteReader::readOutput()
{
    if (m_failed)
        return;
    const uint64_t arrived = loaderscope::nowNs();
    const QByteArray b = m_ssh->readAllStandardOutput();
    if (b.isEmpty())
        return;
    if (!append(b.constData(), b.size())) {
        if (!m_failed)
            fail(tr("cannot save the stream to %1: %2").arg(m_file.fileName(), m_file.errorString()));
        return;
    }
    m_file.flush();
    // Pongs are small and come alone: index what came now, while its arrival time is exact.
    if (m_reader && !m_pingsSent.empty()) {
        m_reader->refresh();
        takePongs(arrived);
    }
}

void RemoteReader::pump()
{
    if (m_failed || m_finished)
        return;
    if (!m_reader) {
        if (m_bytesOut < sizeof(loaderscope::RecordingHeader))
            return;
        try {
            m_reader = std::make_unique<loaderscope::RecordingReader>(m_file.fileName().toStdString());
        } catch (const std::exception&) {
            m_file.seek(0);
            return fail(tr("%1 sent something that is not a Loaderscope stream (it begins \"%2\"): is the probe there the same version?")
                            .arg(m_o.host.display(), firstBytes(m_file.read(24))));
        }
        if (m_reader->version() < 3)
            return fail(tr("%1 sent a file recording, not a stream").arg(m_o.host.display()));
        m_pingTimer->start(kEarlyPingMs);
        sendPing();
    } else {
        m_reader->refresh();
    }
    takePongs(loaderscope::nowNs());
    if (m_reader->jobDescriptions() != m_jobRecords) {
        m_jobRecords = m_reader->jobDescriptions();
        emit jobDescribed(QByteArray::fromStdString(m_reader->jobDescription()));
    }
    if (m_reader->corrupt()) {
        deliver();
        const auto cut = m_reader->shortfall();
        return fail(tr("%1's stream is damaged at byte %2: %3 events kept, the rest is dropped.")
                        .arg(m_o.host.display())
                        .arg(QLocale().toString(qulonglong(cut.stoppedAt)), QLocale().toString(qulonglong(m_events))));
    }
    const auto& info = m_reader->streamInfo();
    if (!info)
        return;
    if (!m_ready) {
        static_assert(kPingsBeforeReady <= kEarlyPings);
        const bool enough = m_clock.samples() >= kPingsBeforeReady;
        const bool waited = m_since.elapsed() > kReadyWaitMs && m_clock.known();
        const bool over = m_reader->streamEnd().has_value() || m_since.elapsed() > 4 * kReadyWaitMs;
        if (!(enough || waited || over))
            return;
        m_ready = true;
        m_readyOrigin = info->record.clock_origin_ns - quint64(m_clock.monotonicOffset());
        emit described(QString::fromStdString(info->field("host")), info->record.rank, info->record.world_size, m_file.fileName());
        emit ready(m_readyOrigin);
        if (!m_o.hold)
            release(m_readyOrigin);
        return;
    }
    deliver();
}

void RemoteReader::takePongs(uint64_t arrivedNs)
{
    // Answers to our pings: each one matched with when we sent it. `arrivedNs` is when the bytes
    // holding it were read from ssh (readOutput parses at once, so a round trip is not stretched
    // by the pump's period).
    const auto& pongs = m_reader->pongs();
    const int64_t realMinusMono = int64_t(loaderscope::readClockPair(0).realtime_ns) - int64_t(loaderscope::nowNs());
    bool newPong = false;
    for (; m_pongsSeen < pongs.size(); ++m_pongsSeen) {
        const loaderscope::StreamPong& p = pongs[m_pongsSeen];
        const auto it = m_pingsSent.find(p.token);
        if (it == m_pingsSent.end())
            continue;
        m_clock.add(it->second, arrivedNs, p, realMinusMono);
        m_pingsSent.erase(it);
        newPong = true;
    }
    if (newPong)
        emit clockEstimated(m_clock.monotonicOffset(), m_clock.realtimeOffset(), m_clock.uncertainty(), m_clock.samples());
}

void RemoteReader::release(quint64 origin)
{
    if (m_released || m_failed || !m_reader || !m_reader->streamInfo())
        return;
    m_released = true;
    m_axisOrigin = origin;
    // The shift is fixed from here on: later pings refine what is shown of the clock, but a
    // rank's events never move against each other.
    m_shift = m_clock.monotonicOffset();
    emit placed(m_shift);
    const loaderscope::RecordingHeader& h = m_reader->header();
    emit attached(origin, int(h.num_workers), h.simulated_device != 0, h.source == 1);
    deliver();
}

void RemoteReader::deliver()
{
    if (!m_released || !m_reader)
        return;
    // A GUI thread that is behind is not sent more: the rest waits in the saved stream (on disk,
    // indexed) and goes as the GUI thread catches up, late rather than lost. What is queued for it
    // stays bounded (kMaxPendingBatches batches), whatever the job writes.
    const size_t chunks = m_reader->chunks();
    const int64_t shift = m_shift;
    EventBatch batch;
    batch.reserve(kBatchEvents);
    auto flush = [&] {
        if (batch.empty())
            return;
        m_pending.fetch_add(1, std::memory_order_relaxed);
        emit eventsAvailable(batch, m_dropped + lostSoFar());
        batch.clear();
    };
    // Once the stream has ended (or the connection has, or we stop) the backlog is finite: all of
    // it goes now.
    const bool all = m_draining || m_reader->streamEnd().has_value();
    while (m_chunksRead < chunks && (all || m_pending.load(std::memory_order_relaxed) < kMaxPendingBatches)) {
        const bool whole = m_reader->readChunks(m_chunksRead, m_chunksRead + 1, [&](const loaderscope::Event& e) {
            loaderscope::Event x = e;
            x.t0 = uint64_t(int64_t(e.t0) - shift);
            x.t1 = uint64_t(int64_t(e.t1) - shift);
            if (x.t1 < m_axisOrigin) {
                ++m_dropped; // before the shared axis begins (a rank that joined it late)
                return;
            }
            m_lastEventT = std::max<quint64>(m_lastEventT, x.t1);
            ++m_events;
            batch.push_back(x);
            if (batch.size() >= kBatchEvents)
                flush();
        });
        flush();
        ++m_chunksRead;
        if (!whole)
            return fail(tr("%1's stream is damaged (a chunk's checksum): %2 events kept.")
                            .arg(m_o.host.display(), QLocale().toString(qulonglong(m_events))));
    }
    if (m_chunksRead < chunks)
        return; // the rest when the GUI thread has taken some (the next pump)
    if (m_reader->streamEnd() && !m_ended) {
        m_ended = true;
        // The final count of what was lost (the end record's, and this side's drops), even when
        // no event came after the last count was sent: a figure never looks complete if it is not.
        m_pending.fetch_add(1, std::memory_order_relaxed);
        emit eventsAvailable(EventBatch{}, m_dropped + lostSoFar());
        const uint32_t reason = m_reader->streamEnd()->reason;
        emit creatorEnded(reason != uint32_t(loaderscope::StreamEndReason::Finished) &&
                          reason != uint32_t(loaderscope::StreamEndReason::Interrupted));
    }
}

quint64 RemoteReader::lostSoFar() const
{
    if (!m_reader)
        return 0;
    if (const auto& end = m_reader->streamEnd())
        return end->lost_ring + end->lost_stream; // the last word
    if (m_reader->beacons().empty())
        return 0;
    const loaderscope::StreamBeacon& b = m_reader->beacons().back();
    return b.lost_ring + b.lost_stream;
}

void RemoteReader::processEnded()
{
    m_draining = true; // nothing more will come: what the saved stream holds goes to the GUI thread
    readOutput();
    pump();
    if (m_failed || m_finished)
        return;
    if (m_ended)
        return; // the stream said how the job ended; ssh then ends too
    const int code = m_ssh->exitStatus() == QProcess::CrashExit ? -1 : m_ssh->exitCode();
    if (!m_released) {
        if (m_bytesOut == 0)
            return fail(Remote::explainFailure(m_o.host, m_o.interpreter, code, QString::fromUtf8(m_stderr)));
        if (!m_reader || !m_reader->streamInfo())
            return fail(tr("%1's stream ended before its header was whole (%2 bytes). %3")
                            .arg(m_o.host.display())
                            .arg(m_bytesOut)
                            .arg(Remote::explainFailure(m_o.host, m_o.interpreter, code, QString::fromUtf8(m_stderr))));
        // Ended before the clock was known: place what came with what is known.
        if (!m_ready) {
            m_ready = true;
            m_readyOrigin = m_reader->streamInfo()->record.clock_origin_ns - quint64(m_clock.monotonicOffset());
            emit ready(m_readyOrigin);
        }
        if (!m_o.hold)
            release(m_readyOrigin);
    }
    deliver();
    const double at = m_lastEventT > m_axisOrigin ? double(m_lastEventT - m_axisOrigin) / 1e9 : 0.0;
    emit connectionLost(tr("Connection to %1 lost at %2 s; %3 events kept (saved in %4). The job runs on untouched.")
                            .arg(m_o.host.display())
                            .arg(QLocale().toString(at, 'f', 1), QLocale().toString(qulonglong(m_events)), m_file.fileName()));
}

void RemoteReader::fail(const QString& reason)
{
    if (m_failed)
        return;
    m_failed = true;
    if (m_pingTimer)
        m_pingTimer->stop();
    if (m_ssh && m_ssh->state() != QProcess::NotRunning)
        m_ssh->kill(); // ends the connection; the remote stream then stops, the job never notices
    // A remote that sent no recording leaves no file: nothing, or bytes that are none.
    if (m_file.isOpen() && !m_released && !looksLikeRecording(m_file.handle())) {
        m_file.remove();
    }
    if (m_released)
        emit connectionLost(reason);
    else
        emit attachFailed(reason);
}

void RemoteReader::finish()
{
    if (!m_finished) {
        m_draining = true;
        readOutput();
        if (m_reader && !m_failed) {
            m_reader->refresh();
            deliver();
        }
        m_finished = true;
        if (m_pingTimer)
            m_pingTimer->stop();
        if (m_ssh && m_ssh->state() != QProcess::NotRunning) {
            m_ssh->closeWriteChannel();
            m_ssh->kill();
        }
    }
    emit finishedReading();
}

RemoteReaderThread::RemoteReaderThread(QObject* parent) : QObject(parent), m_reader(new RemoteReader)
{
    qRegisterMetaType<EventBatch>();
    qRegisterMetaType<RemoteStreamOptions>();
    m_thread.setObjectName(QStringLiteral("remote reader"));
    m_reader->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_reader, &QObject::deleteLater);
    m_thread.start();
}

RemoteReaderThread::~RemoteReaderThread()
{
    m_thread.quit();
    m_thread.wait();
}

void RemoteReaderThread::start(const RemoteStreamOptions& options)
{
    QMetaObject::invokeMethod(m_reader, [r = m_reader, options] { r->start(options); }, Qt::QueuedConnection);
}

void RemoteReaderThread::release(quint64 origin)
{
    QMetaObject::invokeMethod(m_reader, [r = m_reader, origin] { r->release(origin); }, Qt::QueuedConnection);
}

void RemoteReaderThread::finish()
{
    QMetaObject::invokeMethod(m_reader, [r = m_reader] { r->finish(); }, Qt::QueuedConnection);
}

void RemoteReaderThread::askStacks()
{
    QMetaObject::invokeMethod(m_reader, [r = m_reader] { r->askStacks(); }, Qt::QueuedConnection);
}

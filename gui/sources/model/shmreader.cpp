// SPDX-License-Identifier: MIT
#include "shmreader.h"

#include "loaderscope/results/recording.h"
#include "loaderscope/shm/segment.h"

#include <QMetaObject>

#include <algorithm>

ShmReader::ShmReader() = default;
ShmReader::~ShmReader() = default;

void ShmReader::attach(const QString& name, const QString& recordTo)
{
    m_recording.reset();
    try {
        m_segment = loaderscope::Segment::open(name.toStdString(), /*writable=*/false);
    } catch (const std::exception& e) {
        emit attachFailed(QString::fromStdString(e.what()));
        return;
    }
    m_reader = std::make_unique<loaderscope::EventReader>(*m_segment);
    const auto* h = m_segment->header();
    m_creatorPid = h->creator_pid;
    m_creatorStart = h->creator_starttime;
    m_polls = 0;
    m_ended = false;
    m_dropped = 0;
    const bool probe = h->source == uint32_t(loaderscope::SegmentSource::Probe);
    if (!recordTo.isEmpty()) {
        loaderscope::RecordingHeader rh;
        rh.num_workers = m_segment->layout().num_workers; // a probe's lanes used are written at close
        rh.clock_origin_ns = h->clock_origin_ns;
        rh.simulated_device = h->device_backend == 2 ? 0 : 1;
        rh.engine_pid = h->creator_pid;
        rh.source = probe ? 1 : 0;
        try {
            m_recording = std::make_unique<loaderscope::RecordingWriter>(recordTo.toStdString(), rh);
            // An engine run's configuration is its description (a job's comes as it is written).
            if (const auto text = probe ? std::nullopt : m_segment->configJsonChecked())
                m_recording->describe(R"({"source":"engine","config":)" + *text + "}");
        } catch (const std::exception&) {
            m_recording.reset(); // no room for it: the live view goes on without a record
        }
    }
    m_probe = probe;
    m_described = 0;
    emit attached(h->clock_origin_ns, int(m_segment->layout().num_workers), !probe && h->device_backend != 2, probe);
    describe();
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setInterval(15); // about 60 batches a second
        connect(m_timer, &QTimer::timeout, this, [this] { poll(); });
    }
    m_timer->start();
}

void ShmReader::poll(bool last)
{
    if (!m_reader)
        return;
    if (!m_segment->stillWhole()) {
        // Truncated under us: reading would raise SIGBUS. Stop following it.
        m_timer->stop();
        m_reader.reset();
        emit attachFailed(tr("the run's shared memory was truncated; the live view stopped (the recording is complete)"));
        return;
    }
    EventBatch batch;
    m_reader->drain(batch);
    if (m_recording)
        for (const loaderscope::Event& e : batch)
            m_recording->add(e);
    // The last poll always hands over what it read and the count of what was dropped: the end of
    // a run decides from that count whether the recording must replace the view.
    if (!batch.empty() || (last && m_dropped > 0)) {
        // The rings are always drained (the run never waits for the window); what the GUI thread
        // cannot take yet is dropped and counted.
        if (!last && m_pending.load(std::memory_order_relaxed) >= kMaxPendingBatches) {
            m_dropped += batch.size();
        } else {
            m_pending.fetch_add(1, std::memory_order_relaxed);
            emit eventsAvailable(batch, m_reader->lost() + m_dropped);
        }
    }
    // Twice a second: has the creator finished, or died without saying so? Has a probe described
    // a new DataLoader?
    if (!m_ended && ++m_polls % 33 == 0) {
        describe();
        const auto state = loaderscope::RunState(m_segment->header()->run_state.load());
        const bool gone = m_creatorPid > 0 && loaderscope::processStartTime(m_creatorPid) != m_creatorStart;
        if (state == loaderscope::RunState::Finished || state == loaderscope::RunState::Failed || gone) {
            m_ended = true;
            emit creatorEnded(state != loaderscope::RunState::Finished);
        }
    }
}

void ShmReader::describe()
{
    const quint64 digest = m_probe ? m_segment->configDigest() : 0;
    if (digest == 0 || digest == m_described)
        return;
    // A torn copy (the job rewrote it meanwhile) is read again at the next check.
    if (const auto text = m_segment->configJsonChecked()) {
        m_described = digest;
        if (m_recording)
            m_recording->describe(*text); // an opened recording shows the job's own arguments
        emit described(QByteArray::fromStdString(*text));
    }
}

void ShmReader::finish()
{
    if (m_reader)
        describe(); // a loader made just before the end
    if (m_timer)
        m_timer->stop();
    poll(/*last=*/true);
    if (m_recording) {
        if (m_probe && m_segment)
            m_recording->setNumWorkers(std::max<uint32_t>(1, m_segment->header()->lanes_used.load()));
        std::string error;
        m_recording->close(&error, /*durable=*/false);
        m_recording.reset();
    }
    m_reader.reset();
    m_segment.reset();
    emit finishedReading();
}

ShmReaderThread::ShmReaderThread(QObject* parent) : QObject(parent), m_reader(new ShmReader)
{
    qRegisterMetaType<EventBatch>();
    m_thread.setObjectName(QStringLiteral("shm reader"));
    m_reader->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_reader, &QObject::deleteLater);
    m_thread.start();
}

ShmReaderThread::~ShmReaderThread()
{
    m_thread.quit();
    m_thread.wait();
}

void ShmReaderThread::attach(const QString& name, const QString& recordTo)
{
    QMetaObject::invokeMethod(m_reader, [r = m_reader, name, recordTo] { r->attach(name, recordTo); }, Qt::QueuedConnection);
}

void ShmReaderThread::finish()
{
    QMetaObject::invokeMethod(m_reader, [r = m_reader] { r->finish(); }, Qt::QueuedConnection);
}

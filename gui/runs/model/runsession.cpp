// SPDX-License-Identifier: MIT
#include "runsession.h"

#include "sources/model/eventfile.h"
#include "sources/model/remotereader.h"
#include "sources/model/shmreader.h"

#include "loaderscope/outputs/own_trace.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/shm/segment.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/outputs/summary.h"

#include <QCoreApplication>
#include <QTimer>

#include <utility>

/// The signals both readers share (ShmReader's, and RemoteReader's after it): the segment's header,
/// event batches, the job's end and the reader's last read, handled alike.
template <class Reader>
void RunSession::wireReader(Reader* r)
{
    connect(r, &Reader::attached, this, [this](quint64 origin, int workers, bool simulated, bool probe) {
        if (!running())
            return; // the run already ended and its complete record was loaded
        m_attached = true;
        if (probe)
            m_model.resetGrowing(origin, workers); // lanes appear as the job's workers write
        else
            m_model.reset(origin, workers, simulated);
        m_live = std::make_unique<loaderscope::MetricsAccumulator>(workers);
    });
    connect(r, &Reader::finishedReading, this, [this] {
        if (m_afterLastPoll)
            std::exchange(m_afterLastPoll, {})();
    });
    connect(r, &Reader::creatorEnded, this, [this](bool failed) {
        if (m_attachedJob)
            endAttached(failed, failed ? QCoreApplication::translate("RunSession", "The job ended without finishing its loop (it failed or was killed).")
                                       : QString());
    });
    connect(r, &Reader::eventsAvailable, this, [this, r](const EventBatch& events, quint64 lost) {
        r->consumed();
        if (!m_attached)
            return;
        m_model.append(events);
        if (m_model.growing())
            m_job.add(events);
        if (m_live)
            m_live->add(events);
        m_lost = lost;
        if (lost > 0 && m_live)
            showUnseen();
        emit liveUpdate();
    });
}

RunSession::RunSession(QObject* parent) : QObject(parent), m_reader(new ShmReaderThread(this))
{
    ShmReader* r = m_reader->reader();
    connect(&m_launcher, &EngineLauncher::segmentFound, this, [this](const QString& name) {
        m_segment = name;
        m_attachTries = 0;
        m_reader->attach(name);
    });
    // The name appears before the engine has finished building the segment (its magic is written
    // last): try again shortly while the run lives.
    connect(r, &ShmReader::attachFailed, this, [this](const QString& reason) {
        if (m_attachedJob && !m_attached) {
            endAttached(true, tr("Cannot follow the job: %1").arg(reason));
            return;
        }
        if (!running() || ++m_attachTries > 100) {
            m_attachError = reason;
            return;
        }
        QTimer::singleShot(20, this, [this] {
            if (running() && !m_attached)
                m_reader->attach(m_segment);
        });
    });
    wireReader(r);
    connect(r, &ShmReader::described, this, &RunSession::describeJob);
    connect(&m_launcher, &EngineLauncher::finished, this, [this](const loaderscope::RunSummary& s) {
        m_summary = s;
        m_hasSummary = true;
        complete(true, {});
    });
    connect(&m_launcher, &EngineLauncher::failed, this, [this](const QString& message) {
        m_summary = m_launcher.lastSummary();
        m_hasSummary = m_launcher.hasSummary();
        complete(false, message);
    });
}

RunSession::~RunSession() = default;

void RunSession::begin()
{
    if (m_afterLastPoll)
        std::exchange(m_afterLastPoll, {})(); // the previous run ends before this one starts
    m_summary = {};
    m_hasSummary = false;
    m_live.reset();
    m_error.clear();
    m_failureLine.clear();
    m_failureDetails.clear();
    m_job.clear();
    m_jobModel = {};
    m_remoteJob = false;
    m_lost = 0;
    m_attached = false;
    m_opened.clear();
    m_remoteShift = 0;
    m_remoteSaved.clear();
    m_attachedRecording.clear();
    m_model.reset(0, 0, true);
}

void RunSession::watchScript(const ScriptLaunch& script)
{
    if (running())
        return;
    begin();
    m_source = Source::Script;
    LaunchOptions o;
    o.script = script;
    o.recordingPath = m_nextRecording;
    m_nextRecording.clear();
    m_launcher.start(o);
    if (running())
        emit started();
}

void RunSession::attach(const QString& segmentName)
{
    if (running())
        return;
    begin();
    m_source = Source::Attached;
    m_attachedJob = true;
    m_segment = segmentName;
    m_attachTries = 0;
    m_attachedRecording = std::exchange(m_nextRecording, {});
    m_reader->attach(segmentName, m_attachedRecording);
    emit started();
}

void RunSession::attachRemote(const RemoteStreamOptions& options)
{
    if (running())
        return;
    begin();
    m_source = Source::Attached;
    m_attachedJob = true;
    m_remoteJob = true;
    m_segment = options.segment;
    if (m_remote) {
        // A reconnect: begin() settled the last connection's end; what its reader still has
        // queued (events, its last poll) belongs to that connection, not to this one.
        disconnect(m_remote->reader(), nullptr, this, nullptr);
        m_remote->deleteLater(); // its thread ends its ssh
    }
    m_remote = new RemoteReaderThread(this);
    RemoteReader* r = m_remote->reader();
    connect(r, &RemoteReader::attachFailed, this, [this](const QString& reason) {
        if (m_attachedJob)
            endAttached(true, reason);
    });
    wireReader(r);
    connect(r, &RemoteReader::connectionLost, this, [this](const QString& message) {
        if (!m_attachedJob)
            return;
        emit connectionLost(message);
        endAttached(true, message);
    });
    connect(r, &RemoteReader::ready, this, &RunSession::remoteReady);
    connect(r, &RemoteReader::clockEstimated, this, &RunSession::clockEstimated);
    connect(r, &RemoteReader::placed, this, [this](qint64 shift) { m_remoteShift = shift; });
    connect(r, &RemoteReader::jobDescribed, this, &RunSession::describeJob);
    connect(r, &RemoteReader::described, this, [this](const QString& host, int rank, int world, const QString& path) {
        m_remoteSaved = path;
        emit remoteDescribed(host, rank, world, path);
    });
    m_remote->start(options);
    emit started();
}

void RunSession::describeJob(const QByteArray& json)
{
    m_job.describe(json);
    if (m_job.pinsMemory() && m_model.growing())
        m_model.setLaneHidden(m_model.laneIndex(TraceModel::LaneKind::Pin), false);
    emit jobDescribed();
}

void RunSession::releaseRemote(quint64 axisOrigin)
{
    if (m_remote)
        m_remote->release(axisOrigin);
}

void RunSession::showOpenedRecording(const QString& path, const loaderscope::RunSummary& summary, const JobDescription& job,
                                     const QJsonObject& jobModel, bool engineRun)
{
    m_opened = path;
    m_summary = summary;
    m_hasSummary = summary.figures.batches > 0;
    m_job = job;
    m_jobModel = jobModel;
    m_source = engineRun ? Source::Engine : Source::Recording;
    m_error.clear();
    emit jobDescribed();
}

void RunSession::endAttached(bool failed, const QString& message)
{
    if (!m_attachedJob)
        return;
    m_attachedJob = false;
    afterLastPoll([this, failed, message] { finishAttached(failed, message); });
}

void RunSession::finishAttached(bool failed, const QString& message)
{
    m_attached = false;
    // No summary file of its own here: the figures computed live from every event read, by the
    // engine's metrics code; the verdict follows from them.
    m_summary = liveSummary();
    m_summary.source = "pytorch";
    m_summary.exit_code = failed ? 1 : 0; // a job that ended without finishing its loop
    m_hasSummary = m_summary.figures.batches > 0;
    // The model and the advice the probe gives at the job's end, from the job's own knobs.
    if (m_hasSummary)
        m_jobModel = m_job.fitModel(m_summary);
    if (failed || !message.isEmpty()) {
        m_error = message;
        if (failed && m_hasSummary) // a job that ran and died (not one that could not be followed)
            noteFailure(message);
        emit runFailed(message);
    } else {
        emit runFinished(m_summary);
    }
}

void RunSession::start(const QByteArray& configJson)
{
    if (running())
        return;
    begin();
    m_source = Source::Engine;
    LaunchOptions o;
    o.enginePath = m_enginePath;
    o.configJson = configJson;
    o.recordingPath = m_nextRecording;
    m_nextRecording.clear();
    m_launcher.start(o);
    if (running())
        emit started();
}

void RunSession::stop()
{
    if (m_attachedJob) {
        endAttached(false, tr("Stopped watching; the job runs on."));
        return;
    }
    m_launcher.stop();
}

void RunSession::afterLastPoll(std::function<void()> then)
{
    // The reader's last poll runs on its thread; its events arrive here (queued) before its
    // finishedReading. Deciding before them would drop the end of a run, or all of a short one.
    if (m_afterLastPoll)
        std::exchange(m_afterLastPoll, {})(); // a previous end still pending: settle it first
    m_afterLastPoll = std::move(then);
    if (m_remote && m_source == Source::Attached)
        m_remote->finish();
    else
        m_reader->finish();
}

void RunSession::complete(bool ok, const QString& message)
{
    afterLastPoll([this, ok, message] { finishRun(ok, message); });
}

void RunSession::finishRun(bool ok, const QString& message)
{
    const bool liveComplete = m_attached && m_lost == 0;
    m_attached = false;
    if (m_hasSummary && !m_model.growing()) // a watched job's GPU, if any, is its own
        m_model.setSimulatedDevice(m_summary.backend != "cuda");
    // The live view is the complete record when it missed nothing (the reader drains the rings
    // to their end after the engine exited). Otherwise the recording replaces it, read on a
    // thread: a short run can end before the reader attached, a slow reader loses events.
    const QString recording = m_launcher.eventsPath();
    if (!liveComplete && !recording.isEmpty()) {
        auto fresh = std::make_shared<TraceModel>();
        fresh->moveToThread(nullptr); // filled on the job's thread, emptied into m_model here
        fresh->setDetailBudget(m_model.detailBudget());
        auto error = std::make_shared<QString>();
        m_jobs.start(
            QStringLiteral("reload"),
            [fresh, recording, error](JobTracker::Progress& p) {
                loadEventsFile(recording, *fresh, error.get(), [&p](qint64 d, qint64 t) { return p.report(d, t); });
            },
            [this, fresh, error] {
                if (error->isEmpty()) {
                    const bool simulated = m_model.simulatedDevice();
                    m_model.takeContents(*fresh);
                    m_model.setSimulatedDevice(simulated);
                    if (m_lost > 0 && m_live)
                        showUnseen();
                }
                emit reloading(1.0);
            });
        emit reloading(0.0);
    }
    if (m_source == Source::Script) {
        // The probe's own summary: the job's loaders with their counts, its fitted model.
        m_job.describe(m_launcher.lastSummaryJson());
        m_jobModel = m_launcher.lastSummaryJson().value(QStringLiteral("model_config")).toObject();
    }
    if (ok) {
        emit runFinished(m_summary);
    } else {
        m_error = message;
        if (m_source == Source::Script && !m_launcher.stopRequested())
            noteFailure(message);
        emit runFailed(message);
    }
}

void RunSession::noteFailure(const QString& message)
{
    m_failureDetails = message;
    m_failureLine = EngineLauncher::failureLine(message);
}

QString RunSession::recordingPath() const
{
    if (!m_remoteSaved.isEmpty() && m_opened.isEmpty())
        return m_remoteSaved;
    if (!m_opened.isEmpty())
        return m_opened;
    if (m_source == Source::Attached)
        return m_attachedRecording; // the reader's own record (live under its temporary name)
    if (running())
        return m_launcher.liveRecordingPath();
    return m_launcher.eventsPath();
}

void RunSession::readBackDetail(qint64 t0, qint64 t1)
{
    const QString path = recordingPath();
    if (path.isEmpty() || t1 <= t0)
        return;
    auto events = std::make_shared<std::vector<loaderscope::Event>>();
    const quint64 origin = m_model.origin();
    // A remote job's saved stream is on its host's clock: read there, placed on ours.
    const qint64 shift = m_remoteSaved.isEmpty() ? 0 : m_remoteShift;
    m_jobs.start(
        QStringLiteral("read back"),
        [path, events, origin, t0, t1, shift](JobTracker::Progress& p) {
            try {
                const uint64_t a = origin + uint64_t(std::max<qint64>(0, t0) + shift),
                               b = origin + uint64_t(std::max<qint64>(0, t1) + shift);
                if (loaderscope::isOwnChromeTrace(path.toStdString())) {
                    // One of our Chrome traces opened: no index, so one pass over the file.
                    loaderscope::readOwnChromeTrace(path.toStdString(), [&](const loaderscope::Event& e) {
                        if (e.t1 >= a && e.t0 <= b)
                            events->push_back(e);
                    }, [&p] { return p.cancel.load(); });
                    return;
                }
                const loaderscope::RecordingReader reader(path.toStdString());
                reader.read(a, b, [&](const loaderscope::Event& e) {
                    loaderscope::Event x = e;
                    x.t0 = uint64_t(int64_t(e.t0) - shift);
                    x.t1 = uint64_t(int64_t(e.t1) - shift);
                    events->push_back(x);
                }, [&p] { return p.cancel.load(); });
            } catch (const std::exception&) {
                events->clear(); // unreadable: the aggregates stay
            }
        },
        [this, events, t0, t1] {
            if (!events->empty())
                m_model.insertDetail(t0, t1, *events);
        });
}

void RunSession::showUnseen()
{
    m_model.setUnseen(m_live->batchNumbering().unseen);
}

loaderscope::RunSummary RunSession::liveSummary() const
{
    loaderscope::RunSummary s;
    if (!m_live)
        return s;
    s.figures = m_live->figures();
    if (m_model.growing()) {
        // A watched job's segment has more lanes than workers: only those its workers used.
        s.source = "pytorch";
        if (s.figures.workers.size() > size_t(m_model.numWorkers()))
            s.figures.workers.resize(size_t(m_model.numWorkers()));
        s.backend = m_model.laneIndex(TraceModel::LaneKind::Compute) >= 0 ? "cuda" : "";
    } else {
        s.backend = m_model.simulatedDevice() ? "sim" : "cuda";
    }
    s.num_workers = m_model.numWorkers();
    s.events = m_live->eventsAdded();
    s.events_lost = qint64(m_lost);
    loaderscope::finishSummary(s, nullptr); // the advice comes with the run's own summary
    // Live, before the first batch: no verdict yet (it is still coming, not "none delivered").
    if (s.figures.batches == 0)
        s.verdict.clear();
    return s;
}

bool RunSession::canAskStacks() const
{
    return running() && m_attached && m_model.growing() && !m_segment.isEmpty();
}

QString RunSession::askStacks()
{
    if (!canAskStacks())
        return tr("No watched job is running: Python stacks are taken from a live PyTorch job.");
    if (m_remoteJob && m_remote) {
        m_remote->askStacks(); // a STACKS line to the remote stream, which asks the job there
        return {};
    }
    std::string why;
    if (!loaderscope::askForStacks(m_segment.toStdString(), &why))
        return tr("Cannot ask the job for its stacks: %1").arg(QString::fromStdString(why));
    return {};
}

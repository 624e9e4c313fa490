// SPDX-License-Identifier: MIT
// One run from the GUI's side: the launcher, the shared-memory reader thread and the trace model
// wired together, and the run's figures: live from the engine's own metrics code (fed with the
// same events as the model), final from the engine's summary. GUI thread; nothing here blocks.
#pragma once

#include "runs/model/enginelauncher.h"
#include "config/model/jobdescription.h"
#include "runs/model/jobtracker.h"
#include "timeline/model/tracemodel.h"

#include "loaderscope/results/metrics.h"
#include "loaderscope/results/run_summary.h"

#include <QObject>

#include <functional>

#include <memory>

class ShmReaderThread;
class RemoteReaderThread;
struct RemoteStreamOptions;

class RunSession : public QObject
{
    Q_OBJECT
public:
    explicit RunSession(QObject* parent = nullptr);
    ~RunSession() override;

    TraceModel* model() { return &m_model; }
    const TraceModel* model() const { return &m_model; }
    EngineLauncher* launcher() { return &m_launcher; }
    const EngineLauncher* launcher() const { return &m_launcher; }
    bool running() const { return m_launcher.state() != EngineLauncher::State::Idle || m_attachedJob; }
    /// What is (or was last) shown: the engine, a script launched from here, or a job attached to.
    /// Where what is shown came from: the engine's run, a watched script, a job attached to, or
    /// a job's recording opened from a file (an engine run's recording is shown as Engine's).
    enum class Source { Engine, Script, Attached, Recording };
    Source source() const { return m_source; }
    /// The engine's summary of the last run that ended (empty before).
    const loaderscope::RunSummary& summary() const { return m_summary; }
    bool hasSummary() const { return m_hasSummary; }
    /// Figures of the running run so far, computed as the engine computes its summary.
    loaderscope::RunSummary liveSummary() const;
    QString lastError() const { return m_error; }
    quint64 eventsLost() const { return m_lost; }
    void setEnginePath(const QString& path) { m_enginePath = path; }
    /// Where the next run keeps its recording (empty: a temporary file the launcher picks).
    void setNextRecordingPath(const QString& path) { m_nextRecording = path; }
    /// The recording of the current run (live, being written) or of the last one that ended, or
    /// the recording opened from a file since (showOpenedRecording).
    QString recordingPath() const;
    /// The model now holds the recording `path` opened from a file (File ▸ Open recording): detail
    /// is read back from it and a Chrome trace is made from it, until the next run starts.
    void showOpenedRecording(const QString& path) { m_opened = path; }
    /// The same, with what the recording says ran: its figures and advice become the session's
    /// summary, a job's description and model its job() and jobModel() ("Model this job"), as a
    /// live watch leaves them; Source::Recording unless it is an engine run's. Emits jobDescribed.
    void showOpenedRecording(const QString& path, const loaderscope::RunSummary& summary, const JobDescription& job,
                             const QJsonObject& jobModel, bool engineRun);
    JobTracker* jobs() { return &m_jobs; }
    /// A watched or attached job's own DataLoader arguments (live from its segment, then from its
    /// summary); empty for the engine's runs.
    const JobDescription& job() const { return m_job; }
    /// The engine config fitted to the last job that ended ("Model this job"): the probe's own
    /// for a watched script, fitted here for a job attached to. Empty when none.
    QJsonObject jobModel() const { return m_jobModel; }
    /// The last failure in one line ("ValueError: sample 3 is corrupt"), and all that was said
    /// (the traceback). Empty after a run that ended well.
    QString failureLine() const { return m_failureLine; }
    QString failureDetails() const { return m_failureDetails; }
    /// The job followed (or last followed) is on another host: its stream carries no description.
    bool remoteJob() const { return m_remoteJob; }
    /// Whether the job that runs can be asked for its Python stacks (a watched PyTorch job,
    /// launched from here or attached to, here or over SSH, while it runs).
    bool canAskStacks() const;
    /// Asks it (its probe's stack watch answers into the events, StackRequests collects them):
    /// empty, or why it cannot be asked. Translated.
    QString askStacks();
    /// Reads the recording's detail for [t0, t1] (model time) in the background, into the model.
    void readBackDetail(qint64 t0, qint64 t1);

public slots:
    void start(const QByteArray& configJson);
    /// Runs the user's script under the probe and shows its loaders live.
    void watchScript(const ScriptLaunch& script);
    /// Follows a job that is already running (a segment from listLiveSegments()); the job is not
    /// ours: Stop only stops watching it. What is read is kept as a recording where
    /// setNextRecordingPath() said (the run's history entry), if it said.
    void attach(const QString& segmentName);
    /// Follows a job on another host over ssh (RemoteReader); as attach(), the job is not ours.
    /// With `options.hold`, its events wait for releaseRemote() (ranks sharing one time axis).
    void attachRemote(const RemoteStreamOptions& options);
    void releaseRemote(quint64 axisOrigin);
    void stop();

signals:
    void started();
    /// Events arrived from the live rings (the model changed).
    void liveUpdate();
    /// The run ended and the model holds every event of it (from the engine's events file).
    void runFinished(const loaderscope::RunSummary& summary);
    void runFailed(const QString& message);
    /// The job described its DataLoaders (again): see job().
    void jobDescribed();
    /// The complete record is being read back from the recording after a run whose live view
    /// missed events (progress 0..1).
    void reloading(double progress);
    /// A remote job: its header and clock are known; `origin` is its start on our clock.
    void remoteReady(quint64 origin);
    void remoteDescribed(const QString& hostName, int rank, int worldSize, const QString& savedPath);
    void clockEstimated(qint64 monotonicOffset, qint64 realtimeOffset, quint64 uncertainty, int samples);
    /// The ssh connection ended before the stream did (translated, with what is kept). The
    /// figures so far are the summary; runFailed follows with the same message.
    void connectionLost(const QString& message);

private:
    void begin();
    void complete(bool ok, const QString& message);
    /// Runs `then` once the reader's last poll has been applied (see the .cpp).
    void afterLastPoll(std::function<void()> then);
    void finishRun(bool ok, const QString& message);
    void finishAttached(bool failed, const QString& message);
    /// An attached job ended (or we stopped watching): its live figures are the summary.
    void endAttached(bool failed, const QString& message);
    /// The probe's description of the job (from its segment here, or from its stream over ssh).
    void describeJob(const QByteArray& json);
    /// Events were lost: the model shades where the loop's deliveries were not seen.
    void showUnseen();

    EngineLauncher m_launcher;
    JobTracker m_jobs;
    TraceModel m_model;
    ShmReaderThread* m_reader;
    RemoteReaderThread* m_remote = nullptr; ///< the current remote job's reader (null: local)
    qint64 m_remoteShift = 0;  ///< host clock - ours (ns), to read its saved stream back
    QString m_remoteSaved;     ///< the saved stream of the remote job
    template <class Reader>
    void wireReader(Reader* r);
    std::unique_ptr<loaderscope::MetricsAccumulator> m_live;
    loaderscope::RunSummary m_summary;
    bool m_hasSummary = false;
    QString m_error;
    QString m_enginePath;
    QString m_nextRecording;
    QString m_opened; ///< a recording opened from a file, shown while no run is going
    QString m_attachedRecording; ///< what the reader kept of a local job attached to
    quint64 m_lost = 0;
    QString m_segment;
    QString m_attachError;
    int m_attachTries = 0;
    std::function<void()> m_afterLastPoll; ///< the end of a run, waiting for the reader's last poll
    bool m_attached = false;
    bool m_attachedJob = false; ///< following a job nobody launched from here
    JobDescription m_job;
    bool m_remoteJob = false;
    QJsonObject m_jobModel;
    QString m_failureLine;
    QString m_failureDetails;
    /// Sets the failure's line and details from a message (its last line names the exception).
    void noteFailure(const QString& message);
    Source m_source = Source::Engine;
};

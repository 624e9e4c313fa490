// SPDX-License-Identifier: MIT
#include "jobwatch.h"

#include "core/modelcomparison.h"
#include "configpanel.h"
#include "jobconfigview.h"
#include "jobdialogs.h"
#include "liveranks.h"
#include "summarypanel.h"

#include "loaderscope/segment.h"

#include <QFileInfo>
#include <QGuiApplication>
#include <QMessageBox>
#include <QScreen>
#include <QSet>
#include <QPushButton>

#include <algorithm>
#include <climits>
#include <cmath>

JobWatch::JobWatch(RunSession* session, SummaryPanel* summary, QWidget* dialogParent, Hooks hooks)
    : QObject(dialogParent), m_session(session), m_summary(summary), m_dialogParent(dialogParent), m_hooks(std::move(hooks))
{
    // A remote job's connection ended: what came is kept (the timeline, the figures so far, the
    // saved stream); the user may start the stream again, which the job never notices.
    connect(m_session, &RunSession::connectionLost, this, [this](const QString& message) {
        if (!m_lastRemote)
            return;
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Connection lost"), message, QMessageBox::Close, m_dialogParent);
        QPushButton* again = box->addButton(tr("Reconnect"), QMessageBox::AcceptRole);
        box->setAttribute(Qt::WA_DeleteOnClose);
        connect(again, &QPushButton::clicked, this, [this] {
            if (m_lastRemote && !m_session->running()) {
                RemoteStreamOptions o = *m_lastRemote;
                o.savePath.clear();
                attachRemoteStream(o);
            }
        });
        box->open();
    });
}

void JobWatch::showJobIn(ConfigPanel* config)
{
    m_config = config;
    JobConfigView* view = config->jobView();
    auto refresh = [this, view] {
        // A job here or over ssh (its stream carries the probe's description).
        const bool job = m_session->source() != RunSession::Source::Engine;
        m_config->showJob(job && (m_session->running() || m_config->showingJob()));
        view->setJob(m_session->job(), m_watched);
        view->setModelAvailable(job && !m_session->running() && !m_session->jobModel().isEmpty());
    };
    connect(m_session, &RunSession::started, this, [this, refresh] {
        // A job's own settings replace the form; the engine's run shows the form it runs.
        m_config->showJob(m_session->source() != RunSession::Source::Engine);
        refresh();
    });
    connect(m_session, &RunSession::jobDescribed, this, refresh);
    connect(m_session, &RunSession::runFinished, this, refresh);
    connect(m_session, &RunSession::runFailed, this, refresh);
    connect(view, &JobConfigView::modelRequested, this, &JobWatch::modelJob);
    connect(view, &JobConfigView::editRequested, this, [this] { m_config->showJob(false); });
}

void JobWatch::watchScript(const ScriptLaunch& launch)
{
    if (m_session->running())
        return;
    m_modelOfJob.reset();
    m_hooks.beginJob(true);
    m_watched = QFileInfo(launch.script).fileName();
    m_session->watchScript(launch);
}

void JobWatch::attachToJob()
{
    if (m_session->running()) {
        QMessageBox::information(m_dialogParent, tr("Attach to a running job"), tr("Stop the current run first."));
        return;
    }
    AttachDialog d(m_dialogParent);
    if (d.exec() != QDialog::Accepted)
        return;
    if (const auto remote = d.chosenRemote(); !remote.empty()) {
        if (remote.size() == 1) {
            attachRemoteStream(remote.front());
            return;
        }
        showRanks(m_lastRanks = new LiveRanksWindow(remote));
        return;
    }
    const QStringList chosen = d.chosen();
    if (chosen.isEmpty())
        return;
    if (chosen.size() == 1) {
        attachSegment(chosen.first(), d.listed(chosen.first()));
        return;
    }
    showRanks(new LiveRanksWindow(chosen));
}

bool JobWatch::attachSegment(const QString& name, const AttachDialog::ListedJob& listed)
{
    // Listed a moment ago, perhaps ended since: follow only a job that still runs.
    bool live = false;
    for (const loaderscope::SegmentInfo& i : loaderscope::listLiveSegments())
        if (QString::fromStdString(i.name) == name)
            live = i.state == loaderscope::RunState::Starting || i.state == loaderscope::RunState::Running;
    if (!live || m_session->running()) {
        if (!live)
            jobEnded(listed.segment.isEmpty() ? AttachDialog::ListedJob{name, {}, 0, {}} : listed);
        return false;
    }
    m_modelOfJob.reset();
    m_hooks.beginJob(true); // its events are kept in a new history entry, as a watched script's
    m_watched = listed.program;
    m_session->attach(name);
    return true;
}

void JobWatch::jobEnded(const AttachDialog::ListedJob& job)
{
    const QString who = job.program.isEmpty() ? job.segment : tr("%1 (pid %2)").arg(job.program).arg(job.pid);
    const bool recorded = !job.events.isEmpty() && QFileInfo::exists(job.events);
    const QString text = tr("The job %1 ended before it could be attached to: nothing is being followed.").arg(who) +
                         QLatin1Char('\n') +
                         (recorded ? tr("Its recording is %1: open it to see the whole run.").arg(job.events)
                                   : tr("It left no recording (run it with --events FILE to keep one)."));
    auto* box = new QMessageBox(QMessageBox::Information, tr("Attach to a running job"), text, QMessageBox::Close, m_dialogParent);
    box->setObjectName(QStringLiteral("jobEnded"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    if (recorded) {
        QPushButton* open = box->addButton(tr("Open its recording"), QMessageBox::AcceptRole);
        const QString path = job.events;
        connect(open, &QPushButton::clicked, this, [this, path] { m_hooks.openRecording(path); });
    }
    box->open();
    // What stays on screen is not the job: say so until something else happens.
    if (m_hooks.say)
        m_hooks.say([who] { return tr("The job %1 had ended: still showing the previous run.").arg(who); });
}

void JobWatch::showRanks(QWidget* ranks)
{
    // As large as is useful, never larger than the screen it opens on (a projector at 1280x720).
    ranks->setAttribute(Qt::WA_DeleteOnClose);
    QSize size(1300, 800);
    if (const QScreen* screen = m_dialogParent ? m_dialogParent->screen() : QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.95);
    ranks->resize(size);
    ranks->show();
}

void JobWatch::attachRemoteStream(const RemoteStreamOptions& options)
{
    if (m_session->running())
        return;
    m_modelOfJob.reset();
    m_hooks.beginJob(false);
    m_watched.clear();
    m_lastRemote = options;
    m_session->attachRemote(options);
}

void JobWatch::attachRemote(const RemoteTarget& target, const QString& interpreter)
{
    const QString interp = interpreter.trimmed().isEmpty() ? Remote::interpreter() : interpreter.trimmed();
    if (target.hosts.size() == 1 && !target.segment.isEmpty()) {
        RemoteStreamOptions o;
        o.host = target.hosts.front();
        o.segment = target.segment;
        o.interpreter = interp;
        attachRemoteStream(o);
        return;
    }
    if (!m_lister) {
        m_lister = new RemoteLister(this);
    }
    m_lister->disconnect(this);
    connect(m_lister, &RemoteLister::listed, this, [this, target, interp](const std::vector<RemoteSegment>& found, const QStringList& errors) {
            std::vector<RemoteStreamOptions> chosen;
            QSet<QString> seen; // two addresses of one machine list its jobs twice: follow each once
            for (const RemoteSegment& s : found) {
                const QString key = (s.hostName.isEmpty() ? s.host.display() : s.hostName) + QLatin1Char('/') + s.name;
                if (seen.contains(key))
                    continue;
                seen.insert(key);
                if (s.state != QLatin1String("starting") && s.state != QLatin1String("running"))
                    continue;
                if (!target.segment.isEmpty() && s.name != target.segment)
                    continue;
                RemoteStreamOptions o;
                o.host = s.host;
                o.segment = s.name;
                o.interpreter = interp;
                chosen.push_back(o);
            }
            if (chosen.empty()) {
                QStringList lines = errors;
                lines << tr("No job is running under the probe on %1.").arg(target.url());
                m_summary->showError(lines.join(QLatin1Char('\n')));
                QMessageBox::information(m_dialogParent, tr("Attach to a running job"), lines.join(QLatin1Char('\n')));
                return;
            }
            if (chosen.size() == 1) {
                attachRemoteStream(chosen.front());
                return;
            }
            // Rank order, whatever order the hosts answered in.
            std::stable_sort(chosen.begin(), chosen.end(), [&found](const RemoteStreamOptions& a, const RemoteStreamOptions& b) {
                auto rankOf = [&found](const RemoteStreamOptions& o) {
                    for (const RemoteSegment& s : found)
                        if (s.name == o.segment && s.host.display() == o.host.display())
                            return s.rank < 0 ? INT_MAX : s.rank;
                    return INT_MAX;
                };
                return rankOf(a) < rankOf(b);
            });
            showRanks(m_lastRanks = new LiveRanksWindow(chosen));
        });
    m_lister->list(target, interp);
}

void JobWatch::modelJob()
{
    const QJsonObject model = m_session->jobModel();
    if (model.isEmpty() || m_session->running())
        return;
    // The fitted config becomes the configuration; its run is measured against the job's figures.
    m_modelOfJob = m_session->summary().figures;
    m_hooks.runConfig(model);
}

void JobWatch::runStarted()
{
    if (!m_modelOfJob)
        m_summary->setModelComparison({});
}

void JobWatch::runFinished(const loaderscope::RunFigures& figures, bool engineRun)
{
    if (m_modelOfJob && engineRun) {
        const loaderscope::RunFigures job = *m_modelOfJob;
        m_modelOfJob.reset();
        if (job.samples_per_s > 0)
            m_summary->setModelComparison(ModelComparison::html(job, figures));
    }
}

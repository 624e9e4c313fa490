// SPDX-License-Identifier: MIT
#include "jobwatch.h"

#include "runs/model/enginelauncher.h"
#include "common/model/spreadtext.h"
#include "common/model/summarytext.h"
#include "advice/model/modelcomparison.h"
#include "advice/model/modeladvicetext.h"
#include "config/configpanel.h"
#include "config/jobconfigview.h"
#include "jobs/jobdialogs.h"
#include "jobs/liveranks.h"
#include "advice/summarypanel.h"

#include "loaderscope/shm/segment.h"
#include "loaderscope/analysis/advice.h"

#include <QFileInfo>
#include <QLocale>
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
    connect(&m_advisor, &ModelAdvisor::progress, this, [this](int done, int total) {
        m_summary->setProofProgress(done, total, tr("Sweeping the model of your job: %1 of %2 runs").arg(done).arg(total));
    });
    connect(&m_advisor, &ModelAdvisor::finished, this, [this](const ModelAdvice& advice) {
        m_summary->setProofProgress(0, 0, {});
        if (!m_watched.isEmpty() && advice.usable()) // a model too far off predicts nothing to check
            m_prediction = Prediction{m_watched, advice};
        m_summary->setModelAdvice(
            [check = m_check, advice] {
                return (check ? check() + QStringLiteral("<br>") : QString()) + QStringLiteral("<b>") +
                       ModelAdviceText::advice(advice).toHtmlEscaped() + QStringLiteral("</b>");
            },
            advice.usable() ? SummaryPanel::ModelAdviceState::Done : SummaryPanel::ModelAdviceState::Stopped);
    });
    connect(&m_advisor, &ModelAdvisor::failed, this, [this](const QString& message) {
        m_summary->setProofProgress(0, 0, {});
        m_summary->setModelAdvice(
            [check = m_check, message] {
                const QString why = message.isEmpty() ? tr("The model's sweep was cancelled: the advice above is the first guess.")
                                                      : message;
                return (check ? check() + QStringLiteral("<br>") : QString()) + why.toHtmlEscaped();
            },
            SummaryPanel::ModelAdviceState::Stopped);
    });
    connect(m_summary, &SummaryPanel::modelAdviceCancelRequested, &m_advisor, &ModelAdvisor::cancel);
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
    connect(m_session, &RunSession::started, this, [this, view, refresh] {
        // A job's own settings replace the form; the engine's run shows the form it runs.
        view->setOpenedRecording(false);
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

void JobWatch::showRecording(const QString& program)
{
    m_modelOfJob.reset();
    m_advisor.cancel();
    m_check = {};
    m_watched = program;
    JobConfigView* view = m_config->jobView();
    const bool job = m_session->source() == RunSession::Source::Recording;
    view->setOpenedRecording(true);
    view->setJob(m_session->job(), m_watched);
    view->setModelAvailable(job && !m_session->jobModel().isEmpty());
    m_config->showJob(job);
    m_summary->setModelAvailable(job && !m_session->jobModel().isEmpty());
    if (job)
        adviseFromModel(m_session->summary().figures.samples_per_s);
}

void JobWatch::runStarted()
{
    m_advisor.cancel(); // its runs would share the cores with the new run
    m_check = {};
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
    } else if (!engineRun && m_session->source() != RunSession::Source::Engine) {
        adviseFromModel(figures.samples_per_s);
    }
}

std::function<QString()> JobWatch::predictionCheck(int workers, int prefetch, double measured) const
{
    if (!m_prediction || m_watched.isEmpty() || m_prediction->script != m_watched)
        return {};
    const ModelAdvice& advice = m_prediction->advice;
    const ModelPoint* was = advice.current >= 0 ? &advice.points[size_t(advice.current)] : nullptr;
    const ModelPoint* p = advice.find(workers, prefetch);
    if (!p || !was || p == was || p->samples_per_s.median <= 0)
        return {}; // the knobs did not change, or the model was not swept there
    const double u = advice.uncertainty(size_t(p - advice.points.data()));
    const double median = p->samples_per_s.median;
    return [knobs = ModelAdviceText::knobs(workers, prefetch), median, u, measured] {
        const double off = measured / median - 1;
        const QString line = tr("For %1 the model predicted %2 samples/s; this run measured %3 (%4): %5")
                                 .arg(knobs, SummaryText::rateWithin(median, u), SummaryText::rate(measured), ModelAdviceText::signedPercent(off),
                                      std::abs(off) <= u ? tr("within the prediction.") : tr("outside the prediction."));
        return line.toHtmlEscaped();
    };
}

void JobWatch::adviseFromModel(double jobRate)
{
    const QJsonObject model = m_session->jobModel();
    if (model.isEmpty() || jobRate <= 0)
        return;
    const QJsonObject loader = model.value(QStringLiteral("loader")).toObject();
    const int workers = loader.value(QStringLiteral("num_workers")).toInt(0);
    const int prefetch = loader.value(QStringLiteral("prefetch_factor")).toInt(2);
    m_check = predictionCheck(workers, prefetch, jobRate);
    // The closed formula's guess is tried too (the engine's advice on the job's figures).
    const int guess = ModelAdvisor::formulaGuess(m_summary->summary());
    m_summary->setModelAdvice(
        [check = m_check] {
            return (check ? check() + QStringLiteral("<br>") : QString()) +
                   tr("Checking num_workers and prefetch_factor on the model of your job…").toHtmlEscaped() +
                   QStringLiteral(" <a href=\"cancel-model\">%1</a>").arg(tr("Cancel").toHtmlEscaped());
        },
        SummaryPanel::ModelAdviceState::Checking);
    m_advisor.start(model, jobRate, guess, EngineLauncher::defaultEnginePath());
}

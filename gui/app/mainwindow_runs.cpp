// SPDX-License-Identifier: MIT
// MainWindow's side of a run (the window's layout, docks, settings and lessons: mainwindow.cpp):
// what the window shows as a run starts, goes and ends (the summary, the history entry, the status
// line, "Show me"'s next step, Repeat), Run and Stop, a knob set from the advice, and the
// timeline's detail read back for the part in view. GUI thread.
#include "mainwindow.h"

#include "advice/statisticswindow.h"
#include "jobs/stackrequests.h"
#include "advice/summarypanel.h"
#include "app/docklayout.h"
#include "app/mainactions.h"
#include "app/statusline.h"
#include "common/model/summarytext.h"
#include "config/configpanel.h"
#include "jobs/jobwatch.h"
#include "runs/model/runhistory.h"
#include "timeline/model/timelinefind.h"
#include "timeline/timelineview.h"
#include "workshop/lessonrunner.h"
#include "workshop/lessonspanel.h"

#include <QAction>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QSpinBox>
#include <QTimer>

void MainWindow::wireSession()
{
    connect(m_session.model(), &TraceModel::changed, this, &MainWindow::updateChartVisibility);
    connect(&m_session, &RunSession::started, this, [this] {
        m_summary->clear();
        m_startedConfig = m_config->config(); // what this run uses (the form may change meanwhile)
        m_jobWatch->runStarted();
        m_docks->raiseSummary(); // the live figures, where the configuration hid them
        m_timeline->clearMarks();
        m_timeline->setFollowing(true);
        // "Show me"'s progress stays in the status bar while its runs go on.
        if (m_lessonRunner->showMeRunning())
            setMessage([runner = m_lessonRunner] { return runner->statusLine(); });
        else
            setMessage({});
        updateRunState();
    });
    connect(&m_session, &RunSession::runFinished, this, [this](const loaderscope::RunSummary& s) {
        const RunSession::Source source = m_session.source();
        const QJsonObject model = m_session.jobModel(); // a job's fitted engine config
        const loaderscope::RunSummary& real = s;
        m_summary->showSummary(real, true, m_runSlowMotion);
        if (source == RunSession::Source::Engine)
            m_summary->setRunConfig(m_startedConfig); // marked stale once the form differs
        m_summary->setModelAvailable(source != RunSession::Source::Engine && !model.isEmpty());
        m_jobWatch->runFinished(real.figures, source == RunSession::Source::Engine);
        m_timeline->zoomToFit();
        const qint64 batches = real.figures.batches;
        const double rate = real.figures.samples_per_s;
        const double slowed = m_runSlowMotion;
        setMessage([batches, rate, slowed] {
            if (slowed > 1)
                return tr("Run finished, slowed ×%3: %1 batches, %2 samples/s (the slowed run's figures).")
                    .arg(QLocale().toString(batches), SummaryText::rate(rate), QLocale().toString(slowed, 'f', 0));
            return tr("Run finished: %1 batches, %2 samples/s.").arg(QLocale().toString(batches), SummaryText::rate(rate));
        });
        // What comes next ("Show me"'s next run or Compare, Repeat) once the history holds the run.
        const QJsonObject summaryJson = m_session.launcher()->lastSummaryJson();
        auto next = [this, summaryJson, slowed] {
            if (m_lessonRunner->runEnded(summaryJson, false, {}, slowed))
                return; // "Show me" goes on
            if (m_a->repeat->isChecked())
                QTimer::singleShot(1500, this, [this] {
                    if (m_a->repeat->isChecked() && !m_session.running())
                        run();
                });
        };
        // Kept across restarts for the compare view; a watched or attached job with the engine
        // config fitted to it (what Compare describes).
        recordInHistory(source == RunSession::Source::Engine ? m_config->config() : model, s, next);
    });
    connect(&m_session, &RunSession::runFailed, this, [this](const QString& message) {
        m_jobWatch->runFailed();
        // "Show me" goes on after an experiment that fails on purpose, once the history holds it;
        // after any other failure (or Stop) it ends, saying why.
        const QJsonObject summaryJson = m_session.hasSummary() ? m_session.launcher()->lastSummaryJson() : QJsonObject();
        auto next = [this, summaryJson, message, slowed = m_runSlowMotion] { m_lessonRunner->runEnded(summaryJson, true, message, slowed); };
        const bool job = m_session.source() != RunSession::Source::Engine;
        if (m_session.hasSummary()) {
            // A stopped or failed run keeps its summary and its history entry.
            m_summary->showSummary(m_session.summary(), true, m_runSlowMotion);
            if (!job)
                m_summary->setRunConfig(m_startedConfig);
            m_summary->setModelAvailable(job && !m_session.jobModel().isEmpty());
            recordInHistory(job ? m_session.jobModel() : m_config->config(), m_session.summary(), next);
        } else {
            next();
        }
        // A job's failure in one line (its exception), the traceback behind Details.
        const QString failure = m_session.failureLine();
        m_summary->setFailure(failure);
        m_summary->showError(message);
        m_timeline->zoomToFit();
        if (failure.isEmpty())
            setMessage([message] { return message; });
        else
            setMessage([failure] { return SummaryPanel::failureHeading(failure); }, m_session.failureDetails());
    });
    connect(&m_session, &RunSession::reloading, this, [this](double progress) {
        if (progress < 1.0)
            m_statusLine->show(tr("Reading the run's complete record…"));
        else
            updateRunState();
    });
    connect(m_session.launcher(), &EngineLauncher::stateChanged, this, &MainWindow::updateRunState);
}

void MainWindow::recordInHistory(const QJsonObject& config, const loaderscope::RunSummary& summary, std::function<void()> then)
{
    // Off the GUI thread: the entry's files, and the oldest entries removed (their recordings can
    // be gigabytes). One job per entry, so that no run's write is made stale by the next.
    const QString events = m_session.recordingPath();
    const QString entry = m_runEntry;
    m_session.jobs()->start(
        QStringLiteral("history ") + entry,
        [config, summary, events, entry](JobTracker::Progress&) {
            RunHistory().add(config, summary, events, RunHistory::kKeepRuns, entry);
        },
        std::move(then));
}

void MainWindow::run()
{
    if (!m_config->isValid()) {
        m_statusLine->show(m_config->validationError());
        return;
    }
    // What the lesson points out, and the slow-motion factor, shown on the timeline.
    const int factor = m_a->slowMotion->value();
    m_runSlowMotion = factor;
    showOverlay(lessonOverlayShown());
    if (!m_lessonRunner->overlay().empty())
        m_lessons->setQuizFirst(true); // the experiment ran: its question is next
    const QJsonObject config = applySlowMotion(m_config->config(), factor);
    prepareRunEntry();
    m_session.start(QJsonDocument(config).toJson(QJsonDocument::Compact));
}

void MainWindow::stop()
{
    m_a->repeat->setChecked(false); // Stop means stop, not "next round"
    m_lessonRunner->cancelShowMe();   // nor the next run of "Show me" (it stops this one again: a no-op)
    m_session.stop();
}

void MainWindow::refreshLive()
{
    if (!m_session.running())
        return;
    const loaderscope::RunSummary& live = m_session.liveSummary();
    m_summary->showSummary(live, false, m_runSlowMotion);
    m_statusLine->live(m_session, live);
}

void MainWindow::readBackForView()
{
    const Viewport v = m_timeline->viewport();
    TraceModel* model = m_session.model();
    // What the user looks at stays in detail while the live tail is trimmed.
    if (!m_timeline->following())
        model->setProtectedRange(v.t0, v.t1);
    else
        model->setProtectedRange(0, -1);
    if (model->uncovered(v.t0, v.t1).empty())
        return;
    // Only a view narrow enough to hold its detail within half the budget (at the run's mean rate).
    const double perNs = model->endTime() > 0 ? double(model->eventCount()) / double(model->endTime()) : 0.0;
    const qint64 margin = v.duration() / 4;
    if (perNs * double(v.duration() + 2 * margin) > double(model->detailBudget()) / 2)
        return;
    m_session.readBackDetail(std::max<qint64>(0, v.t0 - margin), v.t1 + margin);
}

void MainWindow::applyKnob(const std::string& path, const loaderscope::KnobValue& value)
{
    if (value.type == loaderscope::KnobValue::Type::None)
        return;
    // The engine's JSON of the value (4, not 4.0, for an integer knob), read as Qt's.
    const QJsonValue v = QJsonDocument::fromJson(QByteArray::fromStdString("[" + value.json() + "]")).array().first();
    m_docks->showConfiguration();
    m_config->setValue(QString::fromStdString(path), v);
    m_a->presets->setCurrentIndex(0);
    const QString knob = QString::fromStdString(path);
    const QString text = SummaryText::knobValue(value);
    setMessage([knob, text] { return tr("Set %1 = %2: press Run (F5) to see the effect.").arg(knob, text); });
}

void MainWindow::updateRunState()
{
    const bool running = m_session.running();
    m_a->run->setEnabled(!running && m_config->isValid());
    m_a->stop->setEnabled(running);
    m_config->setEnabled(!running || m_config->showingJob()); // a job's own arguments stay readable
    m_a->presets->setEnabled(!running);
    m_a->showStacks->setEnabled(m_stackRequests && m_stackRequests->available());
    m_timeline->setStacksAvailable(m_a->showStacks->isEnabled());
    m_statusLine->update(m_session, m_config->isValid(), m_jobWatch->watchedScript(), m_summary->summary());
}

void MainWindow::openStatistics()
{
    if (!m_statistics) {
        m_statistics = new StatisticsWindow(this);
        connect(m_summary, &SummaryPanel::summaryShown, m_statistics, &StatisticsWindow::showSummary);
        connect(m_statistics, &StatisticsWindow::sampleChosen, this, [this](const loaderscope::SlowFetch& s) { showSlowSample(s); });
        if (m_summary->hasSummary())
            m_statistics->showSummary(m_summary->summary(), m_summary->shownFinal());
    }
    m_statistics->show();
    m_statistics->raise();
    m_statistics->activateWindow();
}

bool MainWindow::showSlowSample(const loaderscope::SlowFetch& s)
{
    // Its fetch among the sample's fetches on the timeline (one per epoch): the one that began
    // when the summary says (model time is ns from the run's origin).
    const TraceModel& model = *m_session.model();
    const qint64 t0 = qint64(s.t0) - qint64(model.origin());
    const QString query = QStringLiteral("sample %1").arg(s.sample);
    int best = -1;
    qint64 bestGap = 1'000; // ns: the same span, not a neighbour
    if (s.sample >= 0) {
        const FindResult first = findInTimeline(model, query, 0);
        for (int k = 0; first.found && k < first.matches; ++k) {
            const FindResult r = k == 0 ? first : findInTimeline(model, query, k);
            if (const qint64 gap = std::llabs(r.t0 - t0); gap <= bestGap) {
                best = k;
                bestGap = gap;
            }
        }
    }
    if (best >= 0)
        return find(query, best);
    // Not held (an iterable dataset's sample, or detail the timeline no longer keeps): its time.
    const qint64 margin = std::max<qint64>(qint64(s.ns) / 4, 10'000);
    m_timeline->controller()->setUserViewport({std::max<qint64>(0, t0 - margin), t0 + qint64(s.ns) + margin});
    m_statusLine->show(tr("Sample %1's fetch is not on the timeline (its detail is not held): shown is its time.").arg(s.sample));
    return false;
}

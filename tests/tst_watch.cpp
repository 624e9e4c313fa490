// SPDX-License-Identifier: MIT
// The app watching real PyTorch jobs (Debian's python3-torch under the probe): a script launched
// from the app shows its real workers live and ends with the probe's summary and the fitted model;
// a job started elsewhere is found in the live list and followed until it ends; the ranks of one
// job, followed together, name the starved one. No process or segment is left behind. The fitted
// model's advice and comparison: tst_watch_model.
#include "advice/model/modelcomparison.h"
#include "runs/model/runhistory.h"
#include "runs/model/runsession.h"
#include "timeline/model/tracemodel.h"
#include "testutil.h"
#include "advice/statisticswindow.h"

#include <QLocale>
#include "runs/analysiswindows.h"
#include "runs/comparechooser.h"
#include "config/configpanel.h"
#include "config/jobconfigview.h"
#include "jobs/jobdialogs.h"
#include "jobs/jobwatch.h"
#include "jobs/liveranks.h"
#include "app/detailspanel.h"
#include "app/mainwindow.h"
#include "timeline/stackedtimelines.h"
#include "advice/summarypanel.h"
#include "timeline/timelineview.h"

#include "loaderscope/analysis/recording_digest.h"
#include "loaderscope/base/output_file.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/shm/segment.h"

#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <sys/mman.h>
#include <sys/time.h>
#include <QtTest>

using namespace testutil;

namespace {

const QString kScript = QStringLiteral(LOADERSCOPE_SOURCE_DIR "/examples/train_loader.py");
/// A torchvision-like job whose DataLoader arguments are its command line's.
const QString kVision = QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/probe/vision_job.py");

/// `python3 -m loaderscope run train_loader.py args` started here (not by the app), as a user
/// would in a terminal; its pid and the segment it announces.
struct ExternalJob
{
    QProcess proc;
    QString segment;

    bool start(const QStringList& args) { return start(kScript, {}, args); }
    /// `probeArgs`: before the script (--events FILE).
    bool start(const QString& script, const QStringList& probeArgs, const QStringList& args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PYTHONPATH"), QStringLiteral(LOADERSCOPE_PYTHON_DIR));
        proc.setProcessEnvironment(env);
        proc.setProcessChannelMode(QProcess::SeparateChannels);
        proc.start(QStringLiteral(LOADERSCOPE_PYTHON), QStringList{QStringLiteral("-m"), QStringLiteral("loaderscope"), QStringLiteral("run")} +
                                                          probeArgs + QStringList{script} + args);
        if (!proc.waitForStarted(10000))
            return false;
        // The probe's first stderr line names the segment.
        QElapsedTimer t;
        t.start();
        QByteArray err;
        while (t.elapsed() < 30000 && segment.isEmpty()) {
            proc.waitForReadyRead(200);
            err += proc.readAllStandardError();
            for (const QByteArray& line : err.split('\n'))
                if (line.startsWith("loaderscope: segment "))
                    segment = QString::fromUtf8(line.mid(21).split(' ').value(0));
        }
        return !segment.isEmpty();
    }
    ~ExternalJob()
    {
        if (proc.state() != QProcess::NotRunning) {
            proc.terminate();
            if (!proc.waitForFinished(10000)) {
                proc.kill();
                proc.waitForFinished(3000);
            }
        }
    }
};

/// vision_job.py under the probe, as File ▸ Watch a Python script starts it.
ScriptLaunch visionLaunch(const QStringList& args)
{
    ScriptLaunch launch;
    launch.script = kVision;
    launch.args = args;
    return launch;
}

/// The open message box named `name` (QMessageBox::open() boxes are top-level windows).
QMessageBox* openBox(const QString& name)
{
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* box = qobject_cast<QMessageBox*>(w); box && box->objectName() == name && box->isVisible())
            return box;
    return nullptr;
}

QPushButton* buttonNamed(QWidget* in, const QString& text)
{
    for (auto* b : in->findChildren<QPushButton*>())
        if (b->text() == text)
            return b;
    return nullptr;
}

bool touch(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly);
}

} // namespace

class TestWatch : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void watchScriptShowsRealWorkers();
    void attachFollowsAJobStartedElsewhere();
    void liveRanksNameTheStarvedOne();
    void watchedJobShowsItsOwnConfig();
    void crashingScriptShowsAsFailed();
    void attachToAJobThatJustEnded();
    void attachedRunInHistoryAndCompare();
    void historyKeepsALongWatchedJob();
    void stuckWorkerShowsItsStack();
    void cleanup();

private:
    qint64 m_started = QDateTime::currentMSecsSinceEpoch(); ///< torch files older than this are not ours
};

void TestWatch::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QStandardPaths::setTestModeEnabled(true); // run history and settings go to a test folder
}

void TestWatch::init()
{
    qputenv("LOADERSCOPE_PYTHON", LOADERSCOPE_PYTHON);
}

void TestWatch::watchScriptShowsRealWorkers()
{
    RunSession session;
    QSignalSpy finished(&session, &RunSession::runFinished);
    QSignalSpy failed(&session, &RunSession::runFailed);
    bool sawLive = false;
    connect(&session, &RunSession::liveUpdate, this, [&] { sawLive = sawLive || session.model()->numWorkers() > 0; });
    ScriptLaunch launch;
    launch.script = kScript;
    launch.args = {QStringLiteral("--starved"), QStringLiteral("--samples"), QStringLiteral("256"), QStringLiteral("--epochs"),
                   QStringLiteral("1")};
    session.watchScript(launch);
    QVERIFY(session.running());
    QCOMPARE(session.source(), RunSession::Source::Script);
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 90000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QVERIFY(sawLive); // the workers' lanes appeared while the job ran
    // Two real workers: two lanes, no device lanes (the job has no GPU work), per-sample spans.
    const TraceModel& m = *session.model();
    QCOMPARE(m.numWorkers(), 2);
    QCOMPARE(m.laneIndex(TraceModel::LaneKind::Compute), -1);
    qint64 fetches = 0;
    for (int w = 0; w < 2; ++w)
        fetches += m.totalCount(m.laneIndex(TraceModel::LaneKind::Worker, w), loaderscope::EventKind::Fetch);
    QCOMPARE(fetches, qint64(256));
    // The probe's own summary: source, verdict, real pids, and the engine config fitted to it.
    const loaderscope::RunSummary& s = session.summary();
    QCOMPARE(QString::fromStdString(s.source), QStringLiteral("pytorch"));
    QCOMPARE(s.figures.batches, qint64(8));
    QCOMPARE(int(s.figures.workers.size()), 2);
    for (const auto& w : s.figures.workers)
        QVERIFY(w.pid > 0 && w.pid != session.launcher()->enginePid());
    QVERIFY(s.figures.data_stall_fraction > 0.5); // 4 ms samples, 2 workers, a 3 ms step
    const QJsonObject model = session.launcher()->lastSummaryJson().value(QStringLiteral("model_config")).toObject();
    QCOMPARE(model.value(QStringLiteral("loader")).toObject().value(QStringLiteral("num_workers")).toInt(), 2);
    QVERIFY(segmentsOf(session.launcher()->enginePid()).isEmpty());
}

void TestWatch::attachFollowsAJobStartedElsewhere()
{
    ExternalJob job;
    QVERIFY(job.start({QStringLiteral("--well-fed"), QStringLiteral("--samples"), QStringLiteral("768"), QStringLiteral("--epochs"),
                       QStringLiteral("1")}));
    // The live list has it (the Attach dialog's source), with its pid.
    bool listed = false;
    for (const auto& info : loaderscope::listLiveSegments())
        if (QString::fromStdString(info.name) == job.segment) {
            listed = info.source == loaderscope::SegmentSource::Probe && info.pid == job.proc.processId() &&
                     QString::fromStdString(info.program).endsWith(QLatin1String("train_loader.py"));
        }
    QVERIFY(listed);
    AttachDialog dialog;
    QVERIFY(dialog.rowCount() >= 1);
    RunSession session;
    QSignalSpy finished(&session, &RunSession::runFinished);
    QSignalSpy failed(&session, &RunSession::runFailed);
    session.attach(job.segment);
    QCOMPARE(session.source(), RunSession::Source::Attached);
    QTRY_VERIFY_WITH_TIMEOUT(session.model()->numWorkers() == 4, 60000);
    // The live figures count the batches as the job delivers them (it runs for a while yet).
    QTRY_VERIFY_WITH_TIMEOUT(session.liveSummary().figures.batches > 0, 60000);
    // The job ends on its own: the session sees its end through the segment, with the figures.
    QVERIFY(job.proc.waitForFinished(90000));
    QCOMPARE(job.proc.exitCode(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 10000);
    QVERIFY(!session.running());
    QVERIFY(finished.size() == 1 || failed.size() == 1);
    const loaderscope::RunSummary s = session.summary();
    QCOMPARE(QString::fromStdString(s.source), QStringLiteral("pytorch"));
    QVERIFY2(s.figures.batches > 0, "the figures of what was seen");
    QCOMPARE(int(s.figures.workers.size()), 4);
}

void TestWatch::liveRanksNameTheStarvedOne()
{
    // Two jobs side by side as the ranks of one: one starved (4 ms samples, 2 workers), one fed.
    ExternalJob starved, fed;
    QVERIFY(starved.start({QStringLiteral("--starved"), QStringLiteral("--samples"), QStringLiteral("4096")}));
    QVERIFY(fed.start({QStringLiteral("--well-fed"), QStringLiteral("--samples"), QStringLiteral("4096")}));
    // Chosen together in the Attach dialog (click, then Ctrl+click), they stay chosen when the
    // list refreshes (every 2 s while the dialog is open).
    {
        AttachDialog dialog;
        auto* table = dialog.findChild<QTableWidget*>();
        QVERIFY(table);
        table->clearSelection();
        for (int r = 0; r < table->rowCount(); ++r) {
            const QString name = table->item(r, 0)->data(Qt::UserRole).toString();
            if (name == fed.segment || name == starved.segment)
                table->selectionModel()->select(table->model()->index(r, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        }
        QCOMPARE(dialog.chosen().size(), 2);
        dialog.refresh();
        QStringList chosen = dialog.chosen();
        chosen.sort();
        QStringList both{fed.segment, starved.segment};
        both.sort();
        QCOMPARE(chosen, both);
    }
    LiveRanksWindow window({fed.segment, starved.segment});
    QCOMPARE(window.count(), 2);
    // Named while both still run.
    QTRY_VERIFY_WITH_TIMEOUT(window.headline().startsWith(QLatin1String("Straggler: rank 1")), 60000);
    QVERIFY(window.session(0)->running() && window.session(1)->running());
    QVERIFY(starved.proc.state() == QProcess::Running && fed.proc.state() == QProcess::Running);
    // Statistics of all ranks, live (issue 49): the fetches of both ranks in one distribution,
    // the slowest samples of either with their rank.
    StatisticsWindow* stats = window.openStatistics();
    QVERIFY(stats && stats->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(stats->slowRows() > 0, 10000);
    QCOMPARE(stats->stageCell(0, 0), QCoreApplication::translate("StatisticsWindow", "fetch (one sample)"));
    QVERIFY(QLocale().toLongLong(stats->stageCell(0, 1)) > 0);
    const QString rank = stats->slowCell(0, 10);
    QVERIFY2(rank == QStringLiteral("0") || rank == QStringLiteral("1"), qPrintable(rank));
}

void TestWatch::watchedJobShowsItsOwnConfig()
{
    QTemporaryDir dir;
    const QString until = dir.filePath(QStringLiteral("stop"));
    MainWindow w(nullptr);
    QSignalSpy finished(w.session(), &RunSession::runFinished);
    QSignalSpy failed(w.session(), &RunSession::runFailed);
    w.jobWatch()->watchScript(visionLaunch({QStringLiteral("--workers"), QStringLiteral("2"), QStringLiteral("--batch-size"),
                                            QStringLiteral("16"), QStringLiteral("--samples"), QStringLiteral("128"),
                                            QStringLiteral("--until"), until}));
    QVERIFY(w.session()->running());
    // The config dock shows the job's own arguments (read-only), not the engine's form.
    QVERIFY(w.configPanel()->showingJob());
    const JobConfigView* view = w.configPanel()->jobView();
    QTRY_VERIFY_WITH_TIMEOUT(view->shownArguments().contains(QStringLiteral("num_workers=2")), 60000);
    QVERIFY(w.session()->running()); // while the job runs, as the probe read them
    const QStringList shown = view->shownArguments();
    for (const char* expected : {"batch_size=16", "pin_memory=False", "persistent_workers=True", "shuffle=True",
                                 "dataset_kind=map", "dataset_type=RandomImages"})
        QVERIFY2(shown.contains(QString::fromLatin1(expected)), qPrintable(shown.join(QLatin1Char(' '))));
    // in_order is DataLoader's since torch 2.6: shown as the job's torch has it (Debian 12's 1.13
    // has none; Debian 13's 2.6 has it, True by default).
    QProcess ask;
    ask.start(QStringLiteral(LOADERSCOPE_PYTHON),
              {QStringLiteral("-c"), QStringLiteral("import inspect, torch.utils.data as d; "
                                                    "print('in_order' in inspect.signature(d.DataLoader).parameters)")});
    QVERIFY(ask.waitForFinished(60000));
    const bool hasInOrder = ask.readAllStandardOutput().trimmed() == "True";
    if (hasInOrder)
        QVERIFY2(shown.contains(QStringLiteral("in_order=True")), qPrintable(shown.join(QLatin1Char(' '))));
    else
        QVERIFY2(!shown.join(QLatin1Char(' ')).contains(QLatin1String("in_order")), "this torch has no in_order");
    // Only the lanes the job has: two workers, no pin-memory thread (pin_memory=False), no GPU.
    const TraceModel& m = *w.session()->model();
    QTRY_VERIFY_WITH_TIMEOUT(m.numWorkers() == 2, 30000);
    QVERIFY(m.lane(m.laneIndex(TraceModel::LaneKind::Pin)).hidden);
    QCOMPARE(m.laneIndex(TraceModel::LaneKind::Compute), -1);
    QVERIFY(touch(until));
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 90000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    // After the end: still the job's arguments, now with "Model this job" beside them.
    QVERIFY(w.configPanel()->showingJob());
    QVERIFY(!w.session()->jobModel().isEmpty());
    QPushButton* model = buttonNamed(w.configPanel(), QStringLiteral("Model this job"));
    QVERIFY(model && model->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(m.lane(m.laneIndex(TraceModel::LaneKind::Pin)).hidden, 10000); // the complete record too
    // Leaving the job brings the editable form back.
    QPushButton* edit = buttonNamed(w.configPanel(), QStringLiteral("Edit the configuration"));
    QVERIFY(edit);
    edit->click();
    QVERIFY(!w.configPanel()->showingJob());
}

void TestWatch::crashingScriptShowsAsFailed()
{
    MainWindow w(nullptr);
    QSignalSpy failed(w.session(), &RunSession::runFailed);
    w.jobWatch()->watchScript(visionLaunch({QStringLiteral("--workers"), QStringLiteral("2"), QStringLiteral("--samples"),
                                            QStringLiteral("256"), QStringLiteral("--fail-at"), QStringLiteral("40")}));
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 90000);
    // The status bar: the exception in one line, the traceback behind Details.
    const QString status = w.statusText();
    QVERIFY2(status.startsWith(QLatin1String("The job failed: ValueError")), qPrintable(status));
    QVERIFY2(status.contains(QLatin1String("sample 40 is corrupt")) && !status.contains(QLatin1Char('\n')), qPrintable(status));
    QLabel* details = nullptr;
    for (auto* l : w.statusBar()->findChildren<QLabel*>())
        if (l->text().contains(QLatin1String("Details")) && !l->isHidden())
            details = l;
    QVERIFY(details);
    emit details->linkActivated(QStringLiteral("details"));
    QMessageBox* box = openBox(QStringLiteral("failureDetails"));
    QVERIFY(box);
    QVERIFY2(box->detailedText().contains(QLatin1String("Traceback")), qPrintable(box->detailedText()));
    box->close();
    // The summary heads with the failure; its figures are those of the part that ran.
    const QStringList lines = w.summaryPanel()->lines();
    QVERIFY2(lines.value(0).startsWith(QLatin1String("The job failed: ValueError: sample 40 is corrupt")), qPrintable(lines.join(QLatin1Char('|'))));
    QVERIFY2(lines.value(1).contains(QLatin1String("partial")), qPrintable(lines.value(1)));
    const QString all = lines.join(QLatin1Char('\n'));
    const QRegularExpression partialRate(QStringLiteral("^Samples/s: \\S+ \\(over the part that ran\\)$"), QRegularExpression::MultilineOption);
    QVERIFY2(all.contains(partialRate) && all.contains(QLatin1String("\nVerdict over the part that ran: ")) &&
                 !all.contains(QLatin1String("\nVerdict: ")),
             qPrintable(all));
    QVERIFY2(!lines.join(QLatin1Char('\n')).contains(QLatin1String("Traceback")), qPrintable(lines.join(QLatin1Char('\n'))));
}

void TestWatch::attachToAJobThatJustEnded()
{
    QTemporaryDir dir;
    const QString events = dir.filePath(QStringLiteral("job.lsrec"));
    const QString until = dir.filePath(QStringLiteral("stop"));
    ExternalJob job;
    QVERIFY(job.start(kVision, {QStringLiteral("--events"), events},
                      {QStringLiteral("--workers"), QStringLiteral("1"), QStringLiteral("--samples"), QStringLiteral("64"),
                       QStringLiteral("--until"), until}));
    // Listed while it runs (with where its recording goes, from the job's own description)...
    AttachDialog dialog;
    QTRY_VERIFY_WITH_TIMEOUT((dialog.refresh(), !dialog.listed(job.segment).events.isEmpty()), 30000);
    const AttachDialog::ListedJob listed = dialog.listed(job.segment);
    QCOMPARE(listed.events, QFileInfo(events).absoluteFilePath());
    QCOMPARE(listed.pid, job.proc.processId());
    QCOMPARE(listed.program, QStringLiteral("vision_job.py"));
    // ... it ends before Attach is clicked.
    QVERIFY(touch(until));
    QVERIFY(job.proc.waitForFinished(60000));
    QCOMPARE(job.proc.exitCode(), 0);
    MainWindow w(nullptr);
    QVERIFY(!w.jobWatch()->attachSegment(job.segment, listed));
    QVERIFY(!w.session()->running());
    QMessageBox* box = openBox(QStringLiteral("jobEnded"));
    QVERIFY(box);
    QVERIFY2(box->text().contains(QStringLiteral("vision_job.py (pid %1)").arg(listed.pid)), qPrintable(box->text()));
    QVERIFY2(w.statusText().contains(QLatin1String("still showing the previous run")), qPrintable(w.statusText()));
    // Its recording is offered, and opens.
    QPushButton* open = buttonNamed(box, QStringLiteral("Open its recording"));
    QVERIFY(open);
    open->click();
    QTRY_VERIFY_WITH_TIMEOUT(w.statusText().contains(QLatin1String("job.lsrec")), 20000);
    QTRY_COMPARE_WITH_TIMEOUT(w.session()->model()->numWorkers(), 1, 20000);
}

void TestWatch::attachedRunInHistoryAndCompare()
{
    MainWindow w(nullptr);
    QSignalSpy finished(w.session(), &RunSession::runFinished);
    QSignalSpy failed(w.session(), &RunSession::runFailed);
    // An engine run first: Compare's other side.
    w.configPanel()->setValue(QStringLiteral("dataset.length"), 128);
    w.configPanel()->setValue(QStringLiteral("loader.num_workers"), 2);
    w.run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QTRY_VERIFY_WITH_TIMEOUT(!RunHistory().list().isEmpty() && RunHistory().list().first().summary.source == "engine", 10000);
    // A starved job started elsewhere, attached to from the list.
    QTemporaryDir dir;
    const QString until = dir.filePath(QStringLiteral("stop"));
    ExternalJob job;
    QVERIFY(job.start(kVision, {}, {QStringLiteral("--workers"), QStringLiteral("2"), QStringLiteral("--samples"), QStringLiteral("96"),
                                    QStringLiteral("--read-ms"), QStringLiteral("6"), QStringLiteral("--until"), until}));
    AttachDialog dialog;
    QVERIFY(w.jobWatch()->attachSegment(job.segment, dialog.listed(job.segment)));
    QVERIFY(w.session()->running());
    QTRY_VERIFY_WITH_TIMEOUT(w.configPanel()->jobView()->shownArguments().contains(QStringLiteral("num_workers=2")), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->liveSummary().figures.batches > 0, 60000);
    QVERIFY(touch(until));
    QVERIFY(job.proc.waitForFinished(90000));
    QTRY_VERIFY_WITH_TIMEOUT(finished.size() == 2 || !failed.isEmpty(), 20000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    // The full final summary: advice from the job's own knobs, and "Model this job".
    QVERIFY(!w.session()->jobModel().isEmpty());
    QCOMPARE(w.session()->jobModel().value(QStringLiteral("loader")).toObject().value(QStringLiteral("num_workers")).toInt(), 2);
    QVERIFY(!w.summaryPanel()->summary().advice.empty());
    QPushButton* model = buttonNamed(w.summaryPanel(), QStringLiteral("Model this job"));
    QVERIFY(model && !model->isHidden());
    // In the history like any run, with what was read of it as its recording.
    QTRY_VERIFY_WITH_TIMEOUT(RunHistory().list().size() >= 2 && RunHistory().list().first().summary.source == "pytorch", 10000);
    const RunHistory::Entry attached = RunHistory().list().first();
    TraceModel loaded;
    QString error;
    QVERIFY2(RunHistory().load(attached.id, loaded, &error), qPrintable(error));
    QCOMPARE(loaded.numWorkers(), 2);
    // Compare asks: the chooser, the two newest ticked, the attached job told as a watched job.
    QStringList items;
    QVector<int> chosen;
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] {
        for (QWidget* top : QApplication::topLevelWidgets())
            if (auto* c = qobject_cast<CompareChooser*>(top); c && c->isVisible()) {
                for (int r = 0; r < c->list()->count(); ++r)
                    items << c->list()->item(r)->text();
                chosen = c->chosen();
                poll.stop();
                c->accept();
            }
    });
    poll.start(50);
    w.openCompare(false);
    QTRY_VERIFY_WITH_TIMEOUT(!items.isEmpty(), 10000);
    QVERIFY2(items.value(0).contains(QLatin1String("watched job")), qPrintable(items.value(0)));
    QVERIFY2(items.value(1).contains(QLatin1String("engine run")), qPrintable(items.value(1)));
    QCOMPARE(chosen, (QVector<int>{1, 0}));
    StackedTimelines* compare = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((compare = [] {
                                 for (QWidget* top : QApplication::topLevelWidgets())
                                     if (auto* s = qobject_cast<StackedTimelines*>(top); s && s->isVisible())
                                         return s;
                                 return static_cast<StackedTimelines*>(nullptr);
                             }()) != nullptr,
                             20000);
    QCOMPARE(compare->count(), 2);
    QCOMPARE(compare->view(1)->model()->numWorkers(), 2);
    compare->close();
}

// Issue 46, item 1: a watched job's history entry is judged by its writer, not its age. A job
// running longer than every threshold keeps its entry through another app's start (prune); once
// the job is SIGKILLed, what it recorded is kept, marked incomplete.
void TestWatch::historyKeepsALongWatchedJob()
{
    QTemporaryDir dir;
    const QString root = dir.filePath(QStringLiteral("history"));
    const QString entry = root + QStringLiteral("/20240101-000000-000");
    QVERIFY(QDir().mkpath(entry));
    ExternalJob job;
    QVERIFY(job.start(kScript, {QStringLiteral("--events"), entry + QStringLiteral("/events.lsrec")},
                      {QStringLiteral("--samples"), QStringLiteral("1000000")}));
    // Its recording, under the probe's temporary name, with batches in it.
    auto recording = [&]() -> QString {
        for (const QString& name : QDir(entry).entryList(QDir::Files | QDir::Hidden))
            if (loaderscope::isRunningRecordingName(name.toStdString())) {
                try {
                    if (loaderscope::digestRecording((entry + QLatin1Char('/') + name).toStdString()).figures.batches > 0)
                        return name;
                } catch (const std::exception&) {
                }
            }
        return {};
    };
    QTRY_VERIFY_WITH_TIMEOUT(!recording().isEmpty(), 90000);
    const QString live = recording();
    QVERIFY2(live.startsWith(QLatin1String("..loaderscope-")), qPrintable(live));
    // Older than every threshold: the folder and the file an hour old.
    for (const QString& path : {entry + QLatin1Char('/') + live, entry}) {
        const struct timeval old[2] = {{time(nullptr) - 3600, 0}, {time(nullptr) - 3600, 0}};
        QCOMPARE(lutimes(QFile::encodeName(path).constData(), old), 0);
    }
    RunHistory(root).prune(); // what a second app does as it starts
    QVERIFY2(QFileInfo::exists(entry + QLatin1Char('/') + live), "a live job's recording was removed");
    QCOMPARE(job.proc.state(), QProcess::Running);
    job.proc.kill();
    QVERIFY(job.proc.waitForFinished(10000));
    // The killed job could not remove its segment: the test does (the next probe's sweep would).
    QVERIFY(shm_unlink(("/" + job.segment.toStdString()).c_str()) == 0 || errno == ENOENT);
    RunHistory history(root);
    history.prune();
    QVERIFY2(QFileInfo::exists(entry + QStringLiteral("/events.lsrec")), "the killed job's recording was not kept");
    QVERIFY(!QFileInfo::exists(entry + QLatin1Char('/') + live));
    const QVector<RunHistory::Entry> entries = history.list();
    QCOMPARE(entries.size(), 1);
    const loaderscope::RunSummary& s = entries.front().summary;
    QVERIFY(s.interrupted); // marked incomplete
    QVERIFY(s.figures.batches > 0);
    QVERIFY(!s.warnings.empty() && QString::fromStdString(s.warnings.front()).startsWith(QLatin1String("incomplete")));
}

void TestWatch::stuckWorkerShowsItsStack()
{
    // Issue 49: a worker stuck in time.sleep(60) inside stuck_in_here(), DataLoader(timeout=6):
    // the probe takes its stack after 3 s (half the timeout), the timeline shows it as a mark on
    // that worker's lane, whose hover names the function; Show Python stacks answers with every
    // thread's; the job still fails with DataLoader's own error.
    MainWindow w(nullptr);
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy failed(w.session(), &RunSession::runFailed);
    ScriptLaunch launch;
    launch.script = QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/probe/stacks_job.py");
    launch.args = {QStringLiteral("stuck"), QStringLiteral("6")};
    w.jobWatch()->watchScript(launch);
    const TraceModel& m = *w.session()->model();
    QTRY_VERIFY_WITH_TIMEOUT(m.numWorkers() == 2 && w.session()->canAskStacks(), 60000);
    // Asked, as the timeline's right-click menu asks: the main thread and both workers answer.
    emit w.timeline()->stacksRequested();
    QTRY_VERIFY_WITH_TIMEOUT(w.detailsPanel()->text().contains(QLatin1String("Python stacks of the job's threads: 3")), 20000);
    QVERIFY2(w.detailsPanel()->text().contains(QLatin1String("in train_loop")), qPrintable(w.detailsPanel()->text()));
    // Taken by the probe itself, for the stuck fetch of sample 13.
    const loaderscope::ThreadStack* slow = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((slow = [&]() -> const loaderscope::ThreadStack* {
        for (const loaderscope::ThreadStack& s : m.stacks())
            if (s.reason == int(loaderscope::StackReason::SlowFetch))
                return &s;
        return nullptr;
    }()) != nullptr, 30000);
    QCOMPARE(slow->sample, qint64(13));
    QVERIFY(QString::fromStdString(slow->text).contains(QLatin1String("in stuck_in_here")));
    // On the timeline: its mark on its worker's lane, where the hover reads it.
    TimelineView* view = w.timeline();
    view->zoomToFit();
    const loaderscope::ThreadStack copy = *slow;
    const int lane = m.laneIndex(TraceModel::LaneKind::Worker, copy.lane);
    QTRY_VERIFY_WITH_TIMEOUT(view->stackAt(QPointF(view->drawList().map.x(qint64(copy.t)), view->laneCenterY(lane))) != nullptr, 10000);
    const QPointF at(view->drawList().map.x(qint64(copy.t)), view->laneCenterY(lane));
    QVERIFY2(view->detailsAt(at).contains(QLatin1String("stuck_in_here")), qPrintable(view->detailsAt(at)));
    QVERIFY(view->detailsAt(at).contains(QLatin1String("fetching sample 13")));
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), 60000);
}

void TestWatch::cleanup()
{
    // Nothing of ours left behind: no segment whose process is gone. A job stopped by the test
    // may leave one of torch's own (killed between its shm_open and unlink): removed, and said.
    QTRY_VERIFY_WITH_TIMEOUT(loaderscopeSegments().isEmpty(), 10000);
    for (const QString& name : removeTorchSegmentsLeftSince(m_started))
        qInfo("removed /dev/shm/%s: torch's, left by a job this test stopped", qPrintable(name));
}

QTEST_MAIN(TestWatch)
#include "tst_watch.moc"

// SPDX-License-Identifier: MIT
// The app watching real PyTorch jobs (Debian's python3-torch under the probe): a script launched
// from the app shows its real workers live and ends with the probe's summary and the fitted model;
// a job started elsewhere is found in the live list and followed until it ends; the ranks of one
// job, followed together, name the starved one. No process or segment is left behind.
#include "core/runsession.h"
#include "core/tracemodel.h"
#include "testutil.h"
#include "widgets/jobdialogs.h"
#include "widgets/liveranks.h"

#include "loaderscope/segment.h"

#include <QJsonArray>
#include <QProcess>
#include <QTableWidget>
#include <QtTest>

using namespace testutil;

namespace {

const QString kScript = QStringLiteral(LOADERSCOPE_SOURCE_DIR "/examples/train_loader.py");

/// `python3 -m loaderscope run train_loader.py args` started here (not by the app), as a user
/// would in a terminal; its pid and the segment it announces.
struct ExternalJob
{
    QProcess proc;
    QString segment;

    bool start(const QStringList& args)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PYTHONPATH"), QStringLiteral(LOADERSCOPE_PYTHON_DIR));
        proc.setProcessEnvironment(env);
        proc.setProcessChannelMode(QProcess::SeparateChannels);
        proc.start(QStringLiteral(LOADERSCOPE_PYTHON), QStringList{QStringLiteral("-m"), QStringLiteral("loaderscope"),
                                                                  QStringLiteral("run"), kScript} + args);
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

} // namespace

class TestWatch : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void watchScriptShowsRealWorkers();
    void attachFollowsAJobStartedElsewhere();
    void liveRanksNameTheStarvedOne();
    void cleanup();
};

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
}

void TestWatch::cleanup()
{
    // Nothing of ours left behind: no segment whose process is gone.
    QTRY_VERIFY_WITH_TIMEOUT(loaderscopeSegments().isEmpty(), 10000);
}

QTEST_MAIN(TestWatch)
#include "tst_watch.moc"

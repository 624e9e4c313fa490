// SPDX-License-Identifier: MIT
// EngineCommand, the one runner of the app's engine commands (run, sweep, Prove it, the model's
// sweep): progress lines become progress (a last line without its newline too), other lines are
// passed on and kept, a program that cannot start says so once, a cancel ends the command and
// everything it started, and its private folder goes with it. Then ModelAdvice's rule on given
// measurements: the advice is the fewest workers the fastest does not beat beyond the spread.
#include "runs/model/enginecommand.h"
#include "advice/model/modeladvisor.h"
#include "advice/model/modeladvicetext.h"
#include "testutil.h"

#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace testutil;

class TestRunner : public QObject
{
    Q_OBJECT
private slots:
    void progressAndLines();
    void failedToStart();
    void engineErrorIsKept();
    void cancelLeavesNothingBehind();
    void realSweepReportsEachRun();
    void modelAdviceRule();
    void modelAdviceWorkerValues();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }
};

void TestRunner::progressAndLines()
{
    EngineCommand c(QStringLiteral("tst-runner"));
    QVERIFY(c.prepare());
    const QString dir = c.dir();
    QVERIFY(QFileInfo(dir).isDir());
    QCOMPARE(QFileInfo(dir).permissions() & (QFile::ReadOther | QFile::ReadGroup), QFileDevice::Permissions());
    QVERIFY(!c.writeFile(QStringLiteral("a.txt"), "hello").isEmpty());
    QCOMPARE(c.readFile(QStringLiteral("a.txt")), QByteArray("hello"));
    QSignalSpy progress(&c, &EngineCommand::progress), lines(&c, &EngineCommand::line), done(&c, &EngineCommand::finished);
    // Two progress lines, one ordinary line, and a last progress line without its newline.
    c.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"),
                                        QStringLiteral("echo 'progress 1/3 num_workers=1 samples_per_s=10' >&2; echo 'a warning' >&2; "
                                                       "echo 'progress 2/3' >&2; printf 'progress 3/3 last' >&2; exit 0")});
    QVERIFY(done.wait(20000));
    QCOMPARE(progress.size(), 3);
    QCOMPARE(progress[0][0].toInt(), 1);
    QCOMPARE(progress[0][1].toInt(), 3);
    QCOMPARE(progress[0][2].toString(), QStringLiteral("num_workers=1 samples_per_s=10"));
    QCOMPARE(progress[2][2].toString(), QStringLiteral("last"));
    QCOMPARE(lines.size(), 1);
    QCOMPARE(lines[0][0].toString(), QStringLiteral("a warning"));
    QCOMPARE(c.stderrText(), QStringLiteral("a warning\n"));
    QCOMPARE(done[0][0].toInt(), 0);
    QVERIFY(!c.cancelled());
    // Without progress lines (a run, a user's script), every line is a line.
    c.setProgressLines(false);
    QSignalSpy lines2(&c, &EngineCommand::line), done2(&c, &EngineCommand::finished);
    c.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("echo 'progress 1/3' >&2")});
    QVERIFY(done2.wait(20000));
    QCOMPARE(lines2.size(), 1);
    QVERIFY(QFileInfo(dir).isDir()); // kept for the caller to read until the next prepare
    QVERIFY(c.prepare());
    QVERIFY(!QFileInfo::exists(dir));
}

void TestRunner::failedToStart()
{
    EngineCommand c(QStringLiteral("tst-runner"));
    QSignalSpy failed(&c, &EngineCommand::failedToStart), done(&c, &EngineCommand::finished);
    c.start(QStringLiteral("/nonexistent/loaderscope-engine"), {QStringLiteral("run")});
    QVERIFY(failed.wait(20000) || failed.size() == 1);
    QCOMPARE(failed.size(), 1);
    QVERIFY2(failed[0][0].toString().contains(QStringLiteral("/nonexistent/loaderscope-engine")), qPrintable(failed[0][0].toString()));
    QVERIFY(!c.startError().isEmpty());
    QVERIFY(!done.wait(300)); // no finished() after a start that failed
}

void TestRunner::engineErrorIsKept()
{
    // The engine refuses a bad command line with exit 2 and says why on stderr.
    EngineCommand c(QStringLiteral("tst-runner"));
    QSignalSpy done(&c, &EngineCommand::finished);
    c.start(enginePath(), {QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("color=red")});
    QVERIFY(done.wait(30000));
    QCOMPARE(done[0][0].toInt(), 2);
    QVERIFY2(c.stderrText().contains(QStringLiteral("loaderscope-engine")), qPrintable(c.stderrText()));
    QVERIFY(!EngineCommand::isStopExit(2, QProcess::NormalExit));
}

void TestRunner::cancelLeavesNothingBehind()
{
    // A sweep of slow runs (each a minute or more), cancelled once its first run is under way: it
    // ends (the engine stops its child run in order), with no process or segment left.
    QString dir;
    qint64 pid = 0;
    {
        EngineCommand c(QStringLiteral("tst-runner"));
        QVERIFY(c.prepare());
        dir = c.dir();
        const QString config = c.writeFile(QStringLiteral("c.json"),
                                           R"({"dataset":{"length":100000,"sample_bytes":256,"io_latency_us":20000},
                                               "loader":{"batch_size":8,"num_workers":2},"train":{"step_us":1000},
                                               "device":{"backend":"sim"}})");
        QSignalSpy started(&c, &EngineCommand::started), done(&c, &EngineCommand::finished);
        c.start(enginePath(), {QStringLiteral("sweep"), QStringLiteral("--config"), config, QStringLiteral("--vary"),
                               QStringLiteral("num_workers=1,2"), QStringLiteral("--batches"), QStringLiteral("100000"),
                               QStringLiteral("--out"), c.dir() + QStringLiteral("/s.json")});
        QVERIFY(started.size() == 1 || started.wait(20000));
        pid = c.pid();
        QVERIFY(pid > 0);
        // Its first child run has started (a grandchild of ours): then cancel.
        QTRY_VERIFY_WITH_TIMEOUT(!childrenOf(pid).isEmpty(), 30000);
        const QList<ChildProc> runs = childrenOf(pid);
        c.cancel();
        QVERIFY(done.wait(30000));
        QVERIFY(c.cancelled());
        QVERIFY(EngineCommand::isStopExit(done[0][0].toInt(), done[0][1].value<QProcess::ExitStatus>()));
        QList<qint64> pids{pid};
        for (const ChildProc& r : runs)
            pids << r.pid;
        QVERIFY(waitGone(pids, 10000));
        QVERIFY(QFileInfo(dir).isDir());
    }
    QVERIFY(!QFileInfo::exists(dir)); // removed with the runner
    QVERIFY(!processAlive(pid));
}

void TestRunner::realSweepReportsEachRun()
{
    // The engine's sweep through the runner: one progress per run (combinations x repeats), the
    // result in the runner's folder with each row's runs.
    EngineCommand c(QStringLiteral("tst-runner"));
    QVERIFY(c.prepare());
    const QString config = c.writeFile(QStringLiteral("c.json"), R"({"dataset":{"length":4096,"sample_bytes":256,"io_latency_us":200},
        "loader":{"batch_size":8,"num_workers":1},"train":{"step_us":200},"device":{"backend":"sim"}})");
    QSignalSpy progress(&c, &EngineCommand::progress), done(&c, &EngineCommand::finished);
    c.start(enginePath(), {QStringLiteral("sweep"), QStringLiteral("--config"), config, QStringLiteral("--vary"), QStringLiteral("num_workers=1,2"),
                           QStringLiteral("--batches"), QStringLiteral("5"), QStringLiteral("--repeats"), QStringLiteral("2"),
                           QStringLiteral("--out"), c.dir() + QStringLiteral("/s.json")});
    QVERIFY(done.wait(120000));
    QCOMPARE(done[0][0].toInt(), 0);
    QCOMPARE(progress.size(), 4);
    QCOMPARE(progress.last()[0].toInt(), 4);
    QCOMPARE(progress.last()[1].toInt(), 4);
    const loaderscope::SweepResult r = loaderscope::parseSweepJson(c.readFile(QStringLiteral("s.json")).toStdString());
    QCOMPARE(r.repeats, 2);
    QCOMPARE(int(r.rows.size()), 2);
    QCOMPARE(int(r.rows[0].runs.size()), 2);
    QCOMPARE(r.current, 0); // the configuration's own num_workers
}

namespace {

loaderscope::SweepRow row(double workers, double prefetch, std::vector<double> runs)
{
    loaderscope::SweepRow r;
    r.values = {loaderscope::KnobValue::of(workers), loaderscope::KnobValue::of(prefetch)};
    r.runs = std::move(runs);
    r.summary = loaderscope::RunSummary{};
    return r;
}

} // namespace

void TestRunner::modelAdviceRule()
{
    loaderscope::SweepResult s;
    s.knobs = {{"loader.num_workers", {}}, {"loader.prefetch_factor", {}}};
    // The job: 1 worker, prefetch 2, measured 450 samples/s. 4 and 8 workers tie (8 noisier).
    s.rows = {row(1, 2, {440, 460}), row(1, 4, {445, 455}), row(2, 2, {850, 880}), row(2, 4, {860, 870}),
              row(4, 2, {1500, 1560}), row(4, 4, {1490, 1540}), row(8, 2, {1400, 1700}), row(8, 4, {1450, 1650})};
    ModelAdvice a = ModelAdvice::fromSweep(s, 1, 2, 450);
    QCOMPARE(a.current, 0);
    QVERIFY(a.advised >= 0);
    // The fastest median is 8 workers (1,550), but 4 is within its spread: 4 workers, prefetch 2.
    QCOMPARE(a.points[size_t(a.advised)].num_workers, 4);
    QCOMPARE(a.points[size_t(a.advised)].prefetch_factor, 2);
    QCOMPARE(a.points[size_t(a.advised)].samples_per_s.median, 1530.0);
    // Uncertainty: half the spread (30 / 1530) plus the fit's error at the job's own setting (0 here).
    QVERIFY(std::abs(a.fit_error) < 1e-9);
    QVERIFY(std::abs(a.uncertainty(size_t(a.advised)) - 30.0 / 1530) < 1e-9);
    // The model 10 % fast at the job's setting: the uncertainty grows by as much.
    a = ModelAdvice::fromSweep(s, 1, 2, 450 / 1.1);
    QVERIFY(std::abs(a.uncertainty(size_t(a.advised)) - (30.0 / 1530 + 0.1)) < 1e-9);
    // The job's own setting within the spread of the fastest: nothing to change.
    a = ModelAdvice::fromSweep(s, 8, 4, 1500);
    QCOMPARE(a.advised, a.current);
    // The same measurements give the same advice, however often they are read.
    for (int i = 0; i < 5; ++i)
        QCOMPARE(ModelAdvice::fromSweep(s, 1, 2, 450).advised, 4);
    QVERIFY(a.find(2, 4) && a.find(2, 4)->samples_per_s.median == 865);
    QVERIFY(!a.find(3, 2));
    // A failed setting is no prediction; nothing ran: no advice.
    loaderscope::SweepResult failed = s;
    for (auto& r : failed.rows)
        r.exit_code = 3;
    QCOMPARE(ModelAdvice::fromSweep(failed, 1, 2, 450).advised, -1);
    // A model far off the job at the job's own setting (a damaged recording gave +55,000 %): it
    // advises nothing; its text says so and leaves the formula's advice standing. 50 % is the bound.
    QVERIFY(ModelAdvice::fromSweep(s, 1, 2, 450).usable());
    QVERIFY(ModelAdvice::fromSweep(s, 1, 2, 450 / 1.49).usable());
    const ModelAdvice off = ModelAdvice::fromSweep(s, 1, 2, 450 / 1.51);
    QVERIFY(off.advised >= 0 && !off.usable());
    QVERIFY(!ModelAdvice::fromSweep(s, 1, 2, 450 * 2.1).usable()); // the model at under half the job
    const QString text = ModelAdviceText::advice(off);
    QVERIFY2(text.contains(QLatin1String("too far to advise anything")) && !text.contains(QLatin1String("advises num_workers")),
             qPrintable(text));
    QVERIFY(ModelAdviceText::advice(ModelAdvice::fromSweep(s, 1, 2, 450)).contains(QLatin1String("advises num_workers = 4")));
}

void TestRunner::modelAdviceWorkerValues()
{
    QCOMPARE(ModelAdvisor::workerValues(1, 0, 2), (std::vector<int>{1, 2, 4}));       // 2 cores: at most 6
    QCOMPARE(ModelAdvisor::workerValues(1, 13, 2), (std::vector<int>{1, 2, 4}));      // the guess above the cap
    QCOMPARE(ModelAdvisor::workerValues(3, 5, 16), (std::vector<int>{1, 2, 3, 4, 5, 8}));
    QCOMPARE(ModelAdvisor::workerValues(10, 0, 2), (std::vector<int>{1, 2, 4, 8, 10})); // the job's own, always
    QCOMPARE(ModelAdvisor::workerValues(0, 0, 4), (std::vector<int>{0, 1, 2, 4, 8}));
}

QTEST_GUILESS_MAIN(TestRunner)
#include "tst_runner.moc"

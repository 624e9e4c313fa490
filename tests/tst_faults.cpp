// SPDX-License-Identifier: MIT
// Faults: a worker SIGKILLed mid-epoch, a hung worker with a timeout, crashing and exiting workers,
// the engine killed while its workers run. After each: the failure is reported, no process of the
// run and no /dev/shm segment remain.
#include "segmentwait.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/prctl.h>

using namespace testutil;

namespace {

QList<qint64> workersOf(qint64 engine, int expected, int timeoutMs = 10000)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        QList<qint64> pids;
        for (const ChildProc& c : childrenOf(engine))
            if (c.comm.startsWith(QStringLiteral("ls_worker")))
                pids.append(c.pid);
        if (pids.size() == expected)
            return pids;
        QThread::msleep(5);
    }
    return {};
}

qint64 zygoteOf(qint64 engine)
{
    for (const ChildProc& c : childrenOf(engine))
        if (c.comm == QLatin1String("ls_zygote"))
            return c.pid;
    return 0;
}

/// A long run, started in the background, that the test will break.
class LongRun
{
public:
    explicit LongRun(const QByteArray& loaderExtra = {})
    {
        m_config = m_dir.filePath(QStringLiteral("c.json"));
        QFile f(m_config);
        f.open(QIODevice::WriteOnly);
        f.write(R"({"dataset":{"length":100000,"sample_bytes":256,"io_latency_us":1000},
                    "loader":{"batch_size":4,"num_workers":2)" + loaderExtra + R"(},
                    "train":{"step_us":100}})");
        f.close();
        m_proc.setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGKILL); });
        m_proc.start(enginePath(), {QStringLiteral("run"), QStringLiteral("--config"), m_config,
                                    QStringLiteral("--summary"), m_dir.filePath(QStringLiteral("s.json"))});
        m_proc.waitForStarted();
    }
    ~LongRun()
    {
        if (m_proc.state() != QProcess::NotRunning) {
            m_proc.kill();
            m_proc.waitForFinished(5000);
        }
    }
    QProcess& proc() { return m_proc; }
    qint64 pid() const { return m_proc.processId(); }

private:
    QTemporaryDir m_dir;
    QString m_config;
    QProcess m_proc;
};

} // namespace

class TestFaults : public QObject
{
    Q_OBJECT
private slots:
    void sigkillWorkerMidEpoch_data();
    void sigkillWorkerMidEpoch();
    void hungWorkerWithTimeout();
    void crashingWorker();
    void exitingWorker();
    void engineKilledWhileWorkersRun();
    void engineTerminatedShutsDownInOrder();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }
};

void TestFaults::sigkillWorkerMidEpoch_data()
{
    QTest::addColumn<QByteArray>("extra");
    QTest::newRow("fork") << QByteArray(R"(,"multiprocessing_context":"fork")");
    QTest::newRow("spawn") << QByteArray(R"(,"multiprocessing_context":"spawn")");
}

void TestFaults::sigkillWorkerMidEpoch()
{
    QFETCH(QByteArray, extra);
    LongRun run(extra);
    const QList<qint64> workers = workersOf(run.pid(), 2);
    QCOMPARE(workers.size(), 2);
    const qint64 zygote = zygoteOf(run.pid());
    QVERIFY(waitForDeliveries(run.pid(), 1, 2, 30000)); // mid-epoch: worker 1 has delivered
    QVERIFY(kill(pid_t(workers[1]), SIGKILL) == 0);
    // Reported within 2 s: the engine exits 3 naming the pid and the signal.
    QVERIFY(run.proc().waitForFinished(2000));
    QCOMPARE(run.proc().exitCode(), 3);
    const QByteArray err = run.proc().readAllStandardError();
    QVERIFY2(err.contains(QStringLiteral("DataLoader worker (pid %1) is killed by signal: Killed").arg(workers[1]).toUtf8()),
             err.constData());
    QVERIFY(waitGone(workers + QList<qint64>{zygote, run.pid()}, 2000));
}

void TestFaults::hungWorkerWithTimeout()
{
    const EngineResult r = runEngine(R"({"dataset":{"length":64,"sample_bytes":64,"io_latency_us":100},
        "loader":{"batch_size":4,"num_workers":2,"timeout":1},"train":{"step_us":0},
        "faults":[{"worker":0,"at_batch":1,"kind":"hang"}]})", {}, 30000);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("DataLoader timed out after 1 seconds"), r.err.constData());
    QVERIFY(waitGone(workerPids(r.summary), 2000)); // the hung worker was terminated at shutdown
}

void TestFaults::crashingWorker()
{
    const EngineResult r = runEngine(R"({"dataset":{"length":64,"sample_bytes":64,"io_latency_us":100},
        "loader":{"batch_size":4,"num_workers":2},"train":{"step_us":0},
        "faults":[{"worker":1,"at_batch":2,"kind":"crash"}]})");
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("is killed by signal: Segmentation fault"), r.err.constData());
    QVERIFY(waitGone(workerPids(r.summary), 2000));
}

void TestFaults::exitingWorker()
{
    const EngineResult r = runEngine(R"({"dataset":{"length":64,"sample_bytes":64,"io_latency_us":100},
        "loader":{"batch_size":4,"num_workers":2,"multiprocessing_context":"spawn"},"train":{"step_us":0},
        "faults":[{"worker":0,"at_batch":1,"kind":"exit"}]})");
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("exited unexpectedly with exit code 1"), r.err.constData());
    QVERIFY(waitGone(workerPids(r.summary), 2000));
}

void TestFaults::engineKilledWhileWorkersRun()
{
    LongRun run;
    const QList<qint64> workers = workersOf(run.pid(), 2);
    QCOMPARE(workers.size(), 2);
    const qint64 zygote = zygoteOf(run.pid());
    QVERIFY(zygote > 0);
    QVERIFY(waitForDeliveries(run.pid(), 0, 2, 30000)); // mid-epoch
    QCOMPARE(segmentsOf(run.pid()).size(), 1);
    kill(pid_t(run.pid()), SIGKILL);
    QVERIFY(run.proc().waitForFinished(2000));
    // Workers die with the engine (parent-death signal); the zygote removes the segment.
    QVERIFY(waitGone(workers + QList<qint64>{zygote}, 2000));
    QElapsedTimer t;
    t.start();
    while (!segmentsOf(run.pid()).isEmpty() && t.elapsed() < 2000)
        QThread::msleep(10);
    QCOMPARE(segmentsOf(run.pid()), QStringList());
}

void TestFaults::engineTerminatedShutsDownInOrder()
{
    LongRun run;
    const QList<qint64> workers = workersOf(run.pid(), 2);
    QCOMPARE(workers.size(), 2);
    QVERIFY(waitForDeliveries(run.pid(), 0, 2, 30000)); // mid-epoch
    run.proc().terminate(); // SIGTERM, as the GUI's Stop
    QVERIFY(run.proc().waitForFinished(5000));
    QCOMPARE(run.proc().exitCode(), 128 + SIGTERM);
    QVERIFY(waitGone(workers, 2000));
}

QTEST_GUILESS_MAIN(TestFaults)
#include "tst_faults.moc"

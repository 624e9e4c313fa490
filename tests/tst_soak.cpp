// SPDX-License-Identifier: MIT
// Random-kill soak: each round starts the app (headless export) on a long run, waits for its
// engine and workers, then SIGKILLs one of {a worker, the engine, the app} at a random moment.
// After each round: the failure was reported within 2 s (the app exits non-zero naming it), or the
// survivor exited within 2 s; no process of the run and no /dev/shm segment remain; the next round
// works; no private temporary folder is left once the next run swept them. ctest runs a short soak; tests/soak/run_soak.sh runs 200 rounds and prints the JSON.
// Environment: LOADERSCOPE_SOAK_RUNS (default 12), LOADERSCOPE_SOAK_SEED, LOADERSCOPE_SOAK_JSON.
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <random>
#include <sys/prctl.h>

using namespace testutil;

namespace {

bool waitFor(const std::function<bool()>& cond, int ms)
{
    QElapsedTimer t;
    t.start();
    while (!cond()) {
        if (t.elapsed() > ms)
            return false;
        QThread::msleep(5);
    }
    return true;
}

} // namespace

class TestSoak : public QObject
{
    Q_OBJECT
private slots:
    void randomKills();
    void sweepDiesWithTheApp();
};

void TestSoak::randomKills()
{
    const int runs = qEnvironmentVariableIsSet("LOADERSCOPE_SOAK_RUNS") ? qEnvironmentVariableIntValue("LOADERSCOPE_SOAK_RUNS") : 12;
    std::mt19937 rng(qEnvironmentVariableIsSet("LOADERSCOPE_SOAK_SEED") ? uint32_t(qEnvironmentVariableIntValue("LOADERSCOPE_SOAK_SEED")) : 1u);
    const char* targets[] = {"worker", "engine", "app"};
    int hangs = 0, orphans = 0, leaks = 0, startFailures = 0;
    qint64 worstReportMs = 0;
    QJsonObject byTarget;
    QJsonArray failures;
    QTemporaryDir dir;
    // The runs' private temporary folders go here, so what a killed app leaves can be counted.
    const QString runtime = dir.filePath(QStringLiteral("xdg"));
    QVERIFY(QDir().mkpath(runtime));
    QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QByteArray oldRuntime = qgetenv("XDG_RUNTIME_DIR");
    qputenv("XDG_RUNTIME_DIR", runtime.toUtf8());
    for (int round = 0; round < runs; ++round) {
        const QString target = QString::fromLatin1(targets[round % 3]);
        const int workers = 1 + int(rng() % 3);
        const bool spawn = rng() % 2;
        const QString config = dir.filePath(QStringLiteral("c%1.json").arg(round));
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(R"({"dataset":{"length":200000,"sample_bytes":4096,"io_latency_us":1000},
            "loader":{"batch_size":8,"num_workers":%1,"multiprocessing_context":"%2","persistent_workers":%3,
            "pin_memory":%4},"train":{"step_us":500,"epochs":3},"device":{"backend":"sim"}})")
                    .arg(workers)
                    .arg(spawn ? QStringLiteral("spawn") : QStringLiteral("fork"))
                    .arg(rng() % 2 ? QStringLiteral("true") : QStringLiteral("false"))
                    .arg(rng() % 2 ? QStringLiteral("true") : QStringLiteral("false"))
                    .toUtf8());
        f.close();

        QProcess app;
        app.setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGKILL); });
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(LOADERSCOPE_GUI_PATH),
                  {QStringLiteral("--config"), config, QStringLiteral("--export"), dir.filePath(QStringLiteral("o.png"))});
        QVERIFY(app.waitForStarted(5000));
        const qint64 appPid = app.processId();
        // Wait for the engine and all its workers.
        qint64 engine = 0, zygote = 0;
        QList<qint64> workerPids;
        const bool up = waitFor([&] {
            for (const ChildProc& p : childrenOf(appPid))
                if (p.comm.startsWith(QStringLiteral("loaderscope-eng")))
                    engine = p.pid;
            if (!engine)
                return false;
            workerPids.clear();
            zygote = 0;
            for (const ChildProc& p : childrenOf(engine)) {
                if (p.comm.startsWith(QStringLiteral("ls_worker")))
                    workerPids << p.pid;
                if (p.comm == QLatin1String("ls_zygote"))
                    zygote = p.pid;
            }
            return workerPids.size() == workers;
        }, 15000);
        if (!up) {
            ++startFailures;
            failures.append(QStringLiteral("round %1: the run did not start").arg(round));
            app.kill();
            app.waitForFinished(5000);
            continue;
        }
        QThread::msleep(rng() % 600); // a random moment: start-up, steady state, an epoch boundary
        // The victim: workers of a non-persistent run change every epoch, so look again.
        qint64 victim = appPid;
        if (target == QLatin1String("engine"))
            victim = engine;
        else if (target == QLatin1String("worker")) {
            QList<qint64> now;
            for (const ChildProc& p : childrenOf(engine))
                if (p.comm.startsWith(QStringLiteral("ls_worker")))
                    now << p.pid;
            if (!now.isEmpty())
                workerPids = now;
            victim = workerPids[int(rng() % uint32_t(workerPids.size()))];
        }
        QList<qint64> everything = workerPids + QList<qint64>{appPid, engine};
        if (zygote)
            everything << zygote;
        QElapsedTimer since;
        since.start();
        kill(pid_t(victim), SIGKILL);
        // Reported within 2 s: the app ends with a message naming the failure; or, when the app
        // itself was killed, the engine (the survivor) exits.
        bool reported;
        if (target == QLatin1String("app")) {
            reported = waitFor([&] { return !processAlive(engine); }, 2000);
        } else {
            reported = app.waitForFinished(2000) && app.exitCode() != 0;
            const QString err = QString::fromUtf8(app.readAllStandardError());
            if (reported && target == QLatin1String("worker") && !err.contains(QStringLiteral("worker")))
                reported = false;
            if (reported && target == QLatin1String("engine") && !err.contains(QStringLiteral("crashed")))
                reported = false;
        }
        worstReportMs = std::max(worstReportMs, since.elapsed());
        if (!reported) {
            ++hangs;
            failures.append(QStringLiteral("round %1 (%2): no report within 2 s").arg(round).arg(target));
        }
        // Nothing of the run may remain.
        if (!waitFor([&] {
                for (qint64 p : everything)
                    if (processAlive(p))
                        return false;
                return true;
            }, 3000)) {
            ++orphans;
            failures.append(QStringLiteral("round %1 (%2): processes left").arg(round).arg(target));
            for (qint64 p : everything)
                kill(pid_t(p), SIGKILL);
        }
        const QString prefix = QStringLiteral("loaderscope-%1-").arg(engine);
        if (!waitFor([&] {
                for (const QString& s : loaderscopeSegments())
                    if (s.startsWith(prefix))
                        return false;
                return true;
            }, 3000)) {
            ++leaks;
            failures.append(QStringLiteral("round %1 (%2): segment left").arg(round).arg(target));
        }
        app.waitForFinished(2000);
        byTarget[target] = byTarget.value(target).toInt() + 1;
    }
    // The next run works, and sweeps what killed runs left in the runtime folder.
    const EngineResult after = runEngine(R"({"dataset":{"length":64,"sample_bytes":64,"io_latency_us":0},
        "loader":{"batch_size":8,"num_workers":2},"train":{"step_us":0},"device":{"backend":"sim"}})");
    const QStringList tempLeft = QDir(runtime).entryList({QStringLiteral("loaderscope-*")}, QDir::AllEntries | QDir::Hidden);
    qputenv("XDG_RUNTIME_DIR", oldRuntime);
    const QJsonObject report{{QStringLiteral("runs"), runs}, {QStringLiteral("hangs"), hangs}, {QStringLiteral("orphans"), orphans},
                             {QStringLiteral("leaked_segments"), leaks}, {QStringLiteral("start_failures"), startFailures},
                             {QStringLiteral("worst_report_ms"), worstReportMs}, {QStringLiteral("by_target"), byTarget},
                             {QStringLiteral("next_run_exit_code"), after.exitCode},
                             {QStringLiteral("temp_dirs_left"), int(tempLeft.size())}, {QStringLiteral("failures"), failures}};
    const QByteArray json = QJsonDocument(report).toJson(QJsonDocument::Compact);
    qInfo("%s", json.constData());
    if (qEnvironmentVariableIsSet("LOADERSCOPE_SOAK_JSON")) {
        QFile out(qEnvironmentVariable("LOADERSCOPE_SOAK_JSON"));
        if (out.open(QIODevice::WriteOnly))
            out.write(json + '\n');
    }
    QCOMPARE(hangs, 0);
    QCOMPARE(orphans, 0);
    QCOMPARE(leaks, 0);
    QCOMPARE(startFailures, 0);
    QCOMPARE(after.exitCode, 0);
    QCOMPARE(tempLeft, QStringList());
}

void TestSoak::sweepDiesWithTheApp()
{
    // Tools ▸ Parameter sweep, then the app is SIGKILLed: the sweep and the engine it runs end
    // with it (they ran on for a combination, then died of SIGPIPE), and their temporary folders
    // are swept by the next start.
    QTemporaryDir dir;
    const QString runtime = dir.filePath(QStringLiteral("xdg"));
    QVERIFY(QDir().mkpath(runtime));
    QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QProcess app;
    app.setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGKILL); });
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
    app.setProcessEnvironment(env);
    app.start(QStringLiteral(LOADERSCOPE_GUI_PATH), {QStringLiteral("--preset"), QStringLiteral("num_workers_4"), QStringLiteral("--tool"),
                                                     QStringLiteral("sweep")});
    QVERIFY(app.waitForStarted(5000));
    qint64 sweep = 0, engine = 0;
    QVERIFY(waitFor([&] {
        for (const ChildProc& p : childrenOf(app.processId()))
            if (p.comm.startsWith(QStringLiteral("loaderscope-eng")))
                sweep = p.pid;
        for (const ChildProc& p : childrenOf(sweep))
            if (p.comm.startsWith(QStringLiteral("loaderscope-eng")))
                engine = p.pid;
        return sweep && engine;
    }, 20000));
    QVERIFY(!QDir(runtime).entryList({QStringLiteral("loaderscope-*")}, QDir::Dirs).isEmpty());
    kill(pid_t(app.processId()), SIGKILL);
    app.waitForFinished(5000);
    QVERIFY2(waitFor([&] { return !processAlive(sweep) && !processAlive(engine); }, 3000), "the sweep outlived the app");
    // The next start sweeps what the killed app and its sweep left.
    QProcess next;
    next.setProcessEnvironment(env);
    next.start(QStringLiteral(LOADERSCOPE_GUI_PATH), {QStringLiteral("--version")});
    QVERIFY(next.waitForFinished(10000));
    QCOMPARE(QDir(runtime).entryList({QStringLiteral("loaderscope-*")}, QDir::AllEntries | QDir::Hidden), QStringList());
}

QTEST_GUILESS_MAIN(TestSoak)
#include "tst_soak.moc"

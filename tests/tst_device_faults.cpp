// SPDX-License-Identifier: MIT
// Device failures, on machines without a GPU: the test-only LOADERSCOPE_FAULT switch makes a launch,
// a copy, a registration or an event query fail with the CUDA error a GPU would give, through the
// same checked path as a real CUDA error. Each run must end (no hang) with a message naming the
// call and the error and the right exit code, leaving no process and no /dev/shm segment.
#include "loaderscope/device/device.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/prctl.h>

using namespace loaderscope;
using namespace testutil;

namespace {

struct FaultRun
{
    bool finished = false;
    int exitCode = -1;
    QByteArray err;
    QJsonObject summary;
    QSet<qint64> descendants; ///< every child seen while it ran (zygote, workers)
};

/// Runs the engine with LOADERSCOPE_FAULT=`fault`, watching its children while it runs.
FaultRun runWithFault(const QByteArray& config, const QByteArray& fault, int timeoutMs = 30000)
{
    FaultRun r;
    QTemporaryDir dir;
    const QString configPath = dir.filePath(QStringLiteral("c.json"));
    const QString summaryPath = dir.filePath(QStringLiteral("s.json"));
    QFile f(configPath);
    if (!f.open(QIODevice::WriteOnly) || f.write(config) != config.size())
        return r;
    f.close();
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LOADERSCOPE_FAULT"), QString::fromLatin1(fault));
    p.setProcessEnvironment(env);
    p.setChildProcessModifier([] { prctl(PR_SET_PDEATHSIG, SIGKILL); }); // never outlives the test
    p.start(enginePath(), {QStringLiteral("run"), QStringLiteral("--config"), configPath,
                           QStringLiteral("--summary"), summaryPath});
    if (!p.waitForStarted())
        return r;
    QElapsedTimer t;
    t.start();
    while (!(r.finished = p.waitForFinished(2)) && t.elapsed() < timeoutMs) {
        for (const ChildProc& c : childrenOf(p.processId())) {
            r.descendants.insert(c.pid);
            for (const ChildProc& g : childrenOf(c.pid))
                r.descendants.insert(g.pid);
        }
    }
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.err = p.readAllStandardError();
    QFile s(summaryPath);
    if (s.open(QIODevice::ReadOnly))
        r.summary = QJsonDocument::fromJson(s.readAll()).object();
    return r;
}

QByteArray config(const QByteArray& loader)
{
    // Batches take a few milliseconds to make, so the fault hits a run whose workers are busy.
    return R"({"dataset":{"length":512,"sample_bytes":16384,"io_latency_us":500},
               "loader":{"batch_size":4,)" + loader + R"(},
               "train":{"step_us":300,"epochs":2},"device":{"backend":"sim"}})";
}

DeviceParams simParams(const char* fault)
{
    DeviceParams p;
    p.step_us = 1000;
    p.fault = FaultSpec::parse(fault);
    return p;
}

} // namespace

class TestDeviceFaults : public QObject
{
    Q_OBJECT
private slots:
    void engineEndsWithTheDeviceError_data();
    void engineEndsWithTheDeviceError();
    void malformedSwitchIsRefused();
    void simLatchesStickyErrors_data();
    void simLatchesStickyErrors();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }
};

void TestDeviceFaults::engineEndsWithTheDeviceError_data()
{
    QTest::addColumn<QByteArray>("fault");
    QTest::addColumn<QByteArray>("loader");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("error");
    const QString launch = QStringLiteral("stepKernel launch (cudaGetLastError)");
    const QString noImage = QStringLiteral("cudaErrorNoKernelImageForDevice (209)");
    const QString copy = QStringLiteral("cudaMemcpyAsync");
    const QString illegal = QStringLiteral("cudaErrorIllegalAddress (700)");
    const QString query = QStringLiteral("cudaEventQuery");
    const QString launchFailure = QStringLiteral("cudaErrorLaunchFailure (719)");
    const QString reg = QStringLiteral("cudaHostRegister");
    const QString oom = QStringLiteral("cudaErrorMemoryAllocation (2)");
    // The loader set-ups where an unchecked device hung or failed in a misleading way: pinned
    // staging with timeout 0 (PinnedPool::take), num_workers 0, and slots held by the loop ("no
    // free batch slot"); plus "shared", whose slots are the copies' sources.
    const QByteArray pinned = R"("num_workers":2,"pin_memory":true,"timeout":0)";
    const QByteArray mainOnly = R"("num_workers":0,"pin_memory":true)";
    const QByteArray heldSlots = R"("num_workers":2,"pin_memory":false)";
    const QByteArray shared = R"("num_workers":2,"pin_memory":"shared","persistent_workers":true)";
    QTest::newRow("launch, first batch, pinned") << QByteArray("launch") << pinned << 3 << launch << noImage;
    QTest::newRow("launch, batch 6, num_workers 0") << QByteArray("launch@6") << mainOnly << 3 << launch << noImage;
    QTest::newRow("copy, batch 3, pinned") << QByteArray("copy@3") << pinned << 3 << copy << illegal;
    QTest::newRow("copy, batch 3, num_workers 0") << QByteArray("copy@3") << mainOnly << 3 << copy << illegal;
    QTest::newRow("copy, batch 5, slots held") << QByteArray("copy@5") << heldSlots << 3 << copy << illegal;
    QTest::newRow("copy, second epoch, shared") << QByteArray("copy@140") << shared << 3 << copy << illegal;
    QTest::newRow("event query, pinned") << QByteArray("event_query@4") << pinned << 3 << query << launchFailure;
    QTest::newRow("event query, num_workers 0") << QByteArray("event_query@2") << mainOnly << 3 << query << launchFailure;
    QTest::newRow("event query, slots held") << QByteArray("event_query@9") << heldSlots << 3 << query << launchFailure;
    QTest::newRow("register, shared") << QByteArray("register") << shared << 2 << reg << oom;
    QTest::newRow("register, shared, spawn")
        << QByteArray("register") << QByteArray(R"("num_workers":3,"pin_memory":"shared","multiprocessing_context":"spawn")")
        << 2 << reg << oom;
}

void TestDeviceFaults::engineEndsWithTheDeviceError()
{
    QFETCH(QByteArray, fault);
    QFETCH(QByteArray, loader);
    QFETCH(int, exitCode);
    QFETCH(QString, call);
    QFETCH(QString, error);
    const FaultRun r = runWithFault(config(loader), fault);
    QVERIFY2(r.finished, "the engine hung on a device error");
    QVERIFY2(r.exitCode == exitCode, r.err.constData());
    const QString err = QString::fromUtf8(r.err);
    // The message names the call, the CUDA error and that it was injected; stated once.
    QVERIFY2(err.contains(QStringLiteral("simulated GPU error in ") + call), r.err.constData());
    QVERIFY2(err.contains(QStringLiteral(": ") + error + QStringLiteral(": ")), r.err.constData());
    QVERIFY2(err.contains(QStringLiteral("[injected by the test-only LOADERSCOPE_FAULT=") + QString::fromLatin1(fault) + ']'),
             r.err.constData());
    QVERIFY2(!err.contains(QStringLiteral("terminate called")), r.err.constData());
    if (exitCode == 3) {
        QCOMPARE(err.count(QStringLiteral("loaderscope-engine: error: ")), 1);
        const QJsonArray errors = r.summary.value(QStringLiteral("errors")).toArray();
        QCOMPARE(errors.size(), 1);
        QVERIFY(errors.at(0).toString().contains(error));
        QCOMPARE(r.summary.value(QStringLiteral("backend")).toString(), QStringLiteral("sim"));
    } else {
        // Nothing ran: the registration comes before the loader starts.
        QVERIFY2(err.contains(QStringLiteral("pin_memory \"shared\" cannot page-lock the batch slots")), r.err.constData());
    }
    // No process of the run is left: every child seen while it ran, and the workers it lists.
    QList<qint64> pids = r.descendants.values();
    for (qint64 w : workerPids(r.summary))
        if (!pids.contains(w))
            pids.append(w);
    QVERIFY2(!pids.isEmpty(), "no child of the engine was seen: the check below would prove nothing");
    QVERIFY(waitGone(pids, 3000));
}

void TestDeviceFaults::malformedSwitchIsRefused()
{
    const FaultRun r = runWithFault(config(R"("num_workers":1)"), "copy@0");
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains("LOADERSCOPE_FAULT=copy@0: not a fault"), r.err.constData());
    QVERIFY(waitGone(r.descendants.values(), 3000));
}

void TestDeviceFaults::simLatchesStickyErrors_data()
{
    QTest::addColumn<QByteArray>("fault");
    QTest::addColumn<bool>("sticky");
    QTest::addColumn<QString>("name");
    QTest::newRow("copy: illegal address, sticky") << QByteArray("copy@2") << true << QStringLiteral("cudaErrorIllegalAddress");
    QTest::newRow("event query: launch failure, sticky") << QByteArray("event_query@2") << true << QStringLiteral("cudaErrorLaunchFailure");
    QTest::newRow("launch: no kernel image, not sticky") << QByteArray("launch@2") << false << QStringLiteral("cudaErrorNoKernelImageForDevice");
}

void TestDeviceFaults::simLatchesStickyErrors()
{
    // The simulator's error path is the CUDA backend's: the N-th call fails with the error a GPU
    // gives; after a sticky one (a broken context) every later call fails with that same error.
    QFETCH(QByteArray, fault);
    QFETCH(bool, sticky);
    QFETCH(QString, name);
    SimBackend sim(simParams(fault.constData()));
    uint64_t now = 1'000'000'000;
    QString first;
    for (int i = 0; i < 4 && first.isEmpty(); ++i) {
        try {
            sim.submit({i, i, nullptr, 1 << 20, true}, now);
            now += 5'000'000;
            (void)sim.poll(now);
        } catch (const DeviceError& e) {
            QCOMPARE(QString::fromStdString(e.failure().name), name);
            QCOMPARE(e.failure().sticky, sticky);
            first = QString::fromUtf8(e.what());
        }
    }
    QVERIFY2(!first.isEmpty(), "the injected fault never fired");
    bool laterFailed = false;
    try {
        (void)sim.drainTime();
        sim.submit({9, 9, nullptr, 1 << 20, true}, now + 10'000'000);
        (void)sim.poll(UINT64_MAX);
    } catch (const DeviceError& e) {
        laterFailed = true;
        QCOMPARE(QString::fromUtf8(e.what()), first); // the same error, not a new one
    }
    QCOMPARE(laterFailed, sticky);
}

QTEST_GUILESS_MAIN(TestDeviceFaults)
#include "tst_device_faults.moc"

// SPDX-License-Identifier: MIT
// The CUDA backend on a real device: compiled in CI (nvcc is there), skipped without a GPU. The
// error paths run here through the test-only LOADERSCOPE_FAULT switch; tst_device_faults runs the
// same faults through the simulator on machines without a GPU.
#include "loaderscope/device/device.h"
#include "testutil.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace loaderscope;
using namespace testutil;

class TestCuda : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void pinnedOverlapsAndTimesAreConsistent();
    void pageableBlocksHost();
    void kernelImageIsSass();
    void warmUpFailureFallsBackOrExits2();
    void faultsEndTheRun_data();
    void faultsEndTheRun();
    void peakMeasuredInTheRunsProcess();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }
};

void TestCuda::initTestCase()
{
    const CudaProbe p = probeCuda();
    if (!p.compiled)
        QSKIP("built without CUDA");
    if (!p.usable)
        QSKIP(qPrintable(QStringLiteral("no usable CUDA device: ") + QString::fromStdString(p.message)));
}

void TestCuda::pinnedOverlapsAndTimesAreConsistent()
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("t.json"));
    const EngineResult r = runEngine(R"({"dataset":{"length":1024,"sample_bytes":262144,"io_latency_us":0},
        "loader":{"batch_size":32,"num_workers":4,"pin_memory":true},"train":{"step_us":20000},
        "device":{"backend":"cuda"}})", {QStringLiteral("--trace"), trace});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.summary.value(QStringLiteral("backend")).toString(), QStringLiteral("cuda"));
    QVERIFY(r.summary.value(QStringLiteral("overlap_fraction")).toDouble() >= 0.9);
    QFile f(trace);
    QVERIFY(f.open(QIODevice::ReadOnly));
    std::map<int, double> copyEnd, kernelStart;
    for (const auto& v : QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("traceEvents")).toArray()) {
        const QJsonObject e = v.toObject();
        const QString name = e.value(QStringLiteral("name")).toString();
        const int batch = e.value(QStringLiteral("args")).toObject().value(QStringLiteral("batch")).toInt();
        if (name.startsWith(QStringLiteral("Memcpy HtoD")))
            copyEnd[batch] = e.value(QStringLiteral("ts")).toDouble() + e.value(QStringLiteral("dur")).toDouble();
        else if (name.startsWith(QStringLiteral("step kernel")))
            kernelStart[batch] = e.value(QStringLiteral("ts")).toDouble();
    }
    QCOMPARE(copyEnd.size(), kernelStart.size());
    for (const auto& [b, t] : kernelStart)
        QVERIFY(copyEnd.at(b) <= t + 1.0); // every copy ends before its kernel starts (1 us clock slack)
}

void TestCuda::pageableBlocksHost()
{
    const EngineResult r = runEngine(R"({"dataset":{"length":256,"sample_bytes":1048576,"io_latency_us":0},
        "loader":{"batch_size":16,"num_workers":2,"pin_memory":false},"train":{"step_us":1000},
        "device":{"backend":"cuda"}})");
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.summary.value(QStringLiteral("host_blocked_fraction")).toDouble() > 0.0);
}

namespace {

/// runEngine with LOADERSCOPE_FAULT (or another variable) set for that run only.
EngineResult runEngineWithEnv(const char* name, const QByteArray& value, const QByteArray& config)
{
    qputenv(name, value);
    const EngineResult r = runEngine(config);
    qunsetenv(name);
    return r;
}

} // namespace

void TestCuda::kernelImageIsSass()
{
    // The fat binary holds SASS for this GPU (no JIT from PTX at start): see CMAKE_CUDA_ARCHITECTURES.
    const KernelImage k = cudaKernelImage();
    QVERIFY2(k.ok, k.error.c_str());
    QVERIFY(k.binary_version >= 75);
    const EngineResult info = runEngineArgs({QStringLiteral("cuda-info")});
    QCOMPARE(info.exitCode, 0);
    const QJsonObject j = QJsonDocument::fromJson(info.out).object();
    QVERIFY(j.value(QStringLiteral("peak_h2d_gbps_pinned_memcpy")).toDouble() > 1.0);
    QCOMPARE(j.value(QStringLiteral("kernel_image")).toObject().value(QStringLiteral("binary_version")).toInt(), k.binary_version);
}

void TestCuda::warmUpFailureFallsBackOrExits2()
{
    const QByteArray config = R"({"dataset":{"length":64,"sample_bytes":4096,"io_latency_us":0},
        "loader":{"batch_size":8,"num_workers":1},"train":{"step_us":100},"device":{"backend":"%1"}})";
    const EngineResult a = runEngineWithEnv("LOADERSCOPE_FAULT", "warmup", QByteArray(config).replace("%1", "auto"));
    QVERIFY2(a.exitCode == 0, a.err.constData());
    QCOMPARE(a.summary.value(QStringLiteral("backend")).toString(), QStringLiteral("sim"));
    const QString note = a.summary.value(QStringLiteral("backend_note")).toString();
    QVERIFY2(note.contains(QStringLiteral("the CUDA backend failed to start: CUDA error in stepKernel warm-up launch")) &&
                 note.contains(QStringLiteral("cudaErrorNoKernelImageForDevice")),
             qPrintable(note));
    const EngineResult c = runEngineWithEnv("LOADERSCOPE_FAULT", "warmup", QByteArray(config).replace("%1", "cuda"));
    QCOMPARE(c.exitCode, 2);
    QVERIFY2(c.err.contains("cudaErrorNoKernelImageForDevice"), c.err.constData());
}

void TestCuda::faultsEndTheRun_data()
{
    QTest::addColumn<QByteArray>("fault");
    QTest::addColumn<QByteArray>("pin");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected");
    QTest::newRow("launch") << QByteArray("launch@3") << QByteArray("true") << 3
                            << QStringLiteral("CUDA error in stepKernel launch (cudaGetLastError)");
    QTest::newRow("copy") << QByteArray("copy@3") << QByteArray("true") << 3
                          << QStringLiteral("CUDA error in cudaMemcpyAsync");
    QTest::newRow("event query") << QByteArray("event_query@5") << QByteArray("false") << 3
                                 << QStringLiteral("CUDA error in cudaEventQuery");
    QTest::newRow("register") << QByteArray("register") << QByteArray("\"shared\"") << 2
                              << QStringLiteral("CUDA error in cudaHostRegister");
}

void TestCuda::faultsEndTheRun()
{
    QFETCH(QByteArray, fault);
    QFETCH(QByteArray, pin);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    const EngineResult r = runEngineWithEnv("LOADERSCOPE_FAULT", fault,
        R"({"dataset":{"length":512,"sample_bytes":65536,"io_latency_us":0},
            "loader":{"batch_size":8,"num_workers":2,"pin_memory":)" + pin + R"(},
            "train":{"step_us":500},"device":{"backend":"cuda"}})");
    QVERIFY2(r.finished, "the engine hung on a CUDA error");
    QVERIFY2(r.exitCode == exitCode, r.err.constData());
    QVERIFY2(QString::fromUtf8(r.err).contains(expected), r.err.constData());
    QVERIFY(waitGone(workerPids(r.summary), 3000));
}

void TestCuda::peakMeasuredInTheRunsProcess()
{
    const EngineResult r = runEngineWithEnv("LOADERSCOPE_PEAK_H2D_MIB", "64",
        R"({"dataset":{"length":64,"sample_bytes":65536,"io_latency_us":0},
            "loader":{"batch_size":8,"num_workers":1,"pin_memory":true},"train":{"step_us":500},
            "device":{"backend":"cuda"}})");
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.summary.value(QStringLiteral("backend_note")).toString().contains(QStringLiteral("plain-copy pinned H2D peak")));
}

QTEST_GUILESS_MAIN(TestCuda)
#include "tst_cuda.moc"

// SPDX-License-Identifier: MIT
// The CUDA backend on a real device: compiled in CI (nvcc is there), skipped without a GPU.
#include "loaderscope/device.h"
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

QTEST_GUILESS_MAIN(TestCuda)
#include "tst_cuda.moc"

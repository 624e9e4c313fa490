// SPDX-License-Identifier: MIT
// Importing PyTorch profiler traces: real CPU traces made with Debian's python3-torch (plain and
// gzip), hand-made traces with GPU events (pinned, pageable, three ranks with a straggler), and
// truncated or corrupted variants that must fail with a byte offset, never crash.
#include "loaderscope/profiler_import.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>

using namespace loaderscope;

namespace {

std::string fixture(const char* name)
{
    return std::string(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/traces/") + name;
}

bool hasRecommendation(const TraceAnalysis& a, const char* words)
{
    for (const auto& r : a.recommendations)
        if (r.find(words) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestImport : public QObject
{
    Q_OBJECT
private slots:
    void torchCpuTraces();
    void gpuPinnedOverlaps();
    void gpuPageable();
    void ranksAndStraggler();
    void truncatedAndCorrupted_data();
    void truncatedAndCorrupted();
    void notATrace();
    void cancel();
    void analyzeCli();
};

void TestImport::torchCpuTraces()
{
    const ProfilerTrace t0 = importProfilerTrace(fixture("torch_cpu_workers0.json"));
    const TraceAnalysis a0 = analyzeProfilerTrace(t0);
    QCOMPARE(a0.steps, 6);                        // schedule(active=6)
    QVERIFY(a0.data_stall_fraction > 0.5);        // 16 samples x 2 ms in the main process per step
    QCOMPARE(QString::fromStdString(a0.verdict), QStringLiteral("highly input-bound"));
    QVERIFY(hasRecommendation(a0, "raise num_workers"));
    const ProfilerTrace t4 = importProfilerTrace(fixture("torch_cpu_workers4.json.gz")); // gzip
    const TraceAnalysis a4 = analyzeProfilerTrace(t4);
    QCOMPARE(a4.steps, 6);
    QVERIFY(a4.data_stall_fraction < a0.data_stall_fraction); // four workers wait less
    QVERIFY(t4.bytes_read > 20000);               // decompressed
}

void TestImport::gpuPinnedOverlaps()
{
    const TraceAnalysis a = analyzeProfilerTrace(importProfilerTrace(fixture("gpu_pinned.json")));
    QCOMPARE(a.pinned_copies, 20);
    QCOMPARE(a.pageable_copies, 0);
    QCOMPARE(a.kernels, 20);
    QVERIFY(a.overlap_fraction > 0.9);
    QVERIFY(std::abs(a.h2d_gbps - 8.388608) < 0.01);
    QCOMPARE(QString::fromStdString(a.verdict), QStringLiteral("not input-bound"));
    QVERIFY(!hasRecommendation(a, "pin_memory"));
}

void TestImport::gpuPageable()
{
    const TraceAnalysis a = analyzeProfilerTrace(importProfilerTrace(fixture("gpu_pageable.json")));
    QCOMPARE(a.pageable_copies, 20);
    QVERIFY(a.overlap_fraction < 0.05);
    QVERIFY(hasRecommendation(a, "set pin_memory=True"));
}

void TestImport::ranksAndStraggler()
{
    std::vector<ProfilerTrace> ranks;
    for (const char* f : {"rank0.json", "rank1.json", "rank2.json"})
        ranks.push_back(importProfilerTrace(fixture(f)));
    QCOMPARE(ranks[2].rank, 2); // from distributedInfo
    const RankReport r = compareRanks(ranks);
    QCOMPARE(r.straggler, 2);
    QVERIFY(r.straggler_reason.find("rank 2 waits 80%") != std::string::npos);
    // balanced ranks: nobody is named
    const RankReport balanced = compareRanks({ranks[0], ranks[1]});
    QCOMPARE(balanced.straggler, -1);
}

void TestImport::truncatedAndCorrupted_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("where");
    for (double w : {0.0001, 0.1, 0.5, 0.9, 0.999}) {
        QTest::newRow(qPrintable(QStringLiteral("truncated at %1").arg(w))) << QStringLiteral("truncate") << w;
        QTest::newRow(qPrintable(QStringLiteral("garbage at %1").arg(w))) << QStringLiteral("garbage") << w;
    }
    QTest::newRow("truncated gzip") << QStringLiteral("gzip") << 0.5;
}

void TestImport::truncatedAndCorrupted()
{
    QFETCH(QString, kind);
    QFETCH(double, where);
    QFile src(QString::fromStdString(fixture(kind == QLatin1String("gzip") ? "torch_cpu_workers4.json.gz" : "torch_cpu_workers0.json")));
    QVERIFY(src.open(QIODevice::ReadOnly));
    QByteArray data = src.readAll();
    const qsizetype at = qsizetype(double(data.size()) * where);
    if (kind == QLatin1String("garbage"))
        data.insert(at, QByteArray("\x01}]{\"oops", 9));
    else
        data.truncate(at);
    QTemporaryDir dir;
    const QString path = dir.filePath(kind == QLatin1String("gzip") ? QStringLiteral("bad.json.gz") : QStringLiteral("bad.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(data);
    out.close();
    try {
        importProfilerTrace(path.toStdString());
        QFAIL("a damaged trace was accepted");
    } catch (const TraceImportError& e) {
        const QString what = QString::fromStdString(e.what());
        QVERIFY2(what.contains(QStringLiteral("byte")) || what.contains(QStringLiteral("no traceEvents")), qPrintable(what));
        QVERIFY(e.offset() <= quint64(data.size()) + 1024 * 1024);
    }
}

void TestImport::notATrace()
{
    QTemporaryDir dir;
    for (const QByteArray& body : {QByteArray("{\"hello\": [1,2,3]}"), QByteArray(""), QByteArray("42")}) {
        const QString path = dir.filePath(QStringLiteral("x.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(body);
        f.close();
        QVERIFY_THROWS_EXCEPTION(TraceImportError, importProfilerTrace(path.toStdString()));
    }
    QVERIFY_THROWS_EXCEPTION(TraceImportError, importProfilerTrace("/nonexistent/trace.json"));
}

void TestImport::cancel()
{
    // A progress callback that says stop ends the import with an error, at once.
    QVERIFY_THROWS_EXCEPTION(TraceImportError,
                             importProfilerTrace(fixture("torch_cpu_workers0.json"), [](uint64_t, uint64_t) { return false; }));
}

void TestImport::analyzeCli()
{
    const testutil::EngineResult r = testutil::runEngineArgs(
        {QStringLiteral("analyze"), QStringLiteral("--trace"), QString::fromStdString(fixture("rank0.json")),
         QStringLiteral("--trace"), QString::fromStdString(fixture("rank1.json")), QStringLiteral("--trace"),
         QString::fromStdString(fixture("rank2.json"))});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j.value(QStringLiteral("ranks")).toArray().size(), 3);
    QCOMPARE(j.value(QStringLiteral("straggler")).toInt(), 2);
    const testutil::EngineResult bad = testutil::runEngineArgs({QStringLiteral("analyze"), QStringLiteral("--trace"), QStringLiteral("/nonexistent.json")});
    QCOMPARE(bad.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"

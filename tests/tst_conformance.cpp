// SPDX-License-Identifier: MIT
// The engine against the real DataLoader: batch_log worker/first_sample/size sequences recorded by
// tests/fixtures/make_torch_fixtures.py (torch 1.13), and the behaviours of the semantics doc.
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QtTest>

#include <map>

using namespace testutil;

namespace {

QJsonObject fixtures()
{
    QFile f(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/torch_batch_log.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("cases")).toObject();
}

QString logLine(const QJsonObject& b)
{
    return QStringLiteral("e%1 i%2 w%3 s%4 n%5")
        .arg(b.value(QStringLiteral("epoch")).toInt())
        .arg(b.value(QStringLiteral("index")).toInt())
        .arg(b.value(QStringLiteral("worker")).toInt())
        .arg(b.value(QStringLiteral("first_sample")).toInteger())
        .arg(b.value(QStringLiteral("size")).toInt());
}

QStringList logLines(const QJsonArray& log)
{
    QStringList out;
    for (const auto& b : log)
        out << logLine(b.toObject());
    return out;
}

QByteArray json(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonArray batchLog(const EngineResult& r)
{
    return r.summary.value(QStringLiteral("batch_log")).toArray();
}

} // namespace

class TestConformance : public QObject
{
    Q_OBJECT
private slots:
    void matchesDataLoader_data();
    void matchesDataLoader();
    void headOfLineBlocking();
    void iterableDuplicationAndSharding();
    void persistentWorkersKeepPids();
    void workerExceptionSurfacesAndIterationContinues();
    void workerExceptionStopsByDefault();
    void mainProcessException();
    void filesDataset();
    void maxBatchesWithPersistentWorkers();
    void shuffleIsSeeded();
    void cleanup();
};

void TestConformance::cleanup()
{
    QCOMPARE(loaderscopeSegments(), QStringList());
}

void TestConformance::matchesDataLoader_data()
{
    QTest::addColumn<QJsonObject>("config");
    QTest::addColumn<QJsonArray>("expected");
    QTest::addColumn<QString>("context");
    const QJsonObject cases = fixtures();
    QVERIFY2(cases.size() >= 10, "fixture file missing or empty");
    for (auto it = cases.begin(); it != cases.end(); ++it) {
        const QJsonObject c = it.value().toObject();
        const QJsonArray expected = c.value(QStringLiteral("batch_log")).toArray();
        QJsonObject config = c.value(QStringLiteral("config")).toObject();
        const QByteArray name = it.key().toUtf8();
        QTest::newRow(name.constData()) << config << expected << QStringLiteral("fork");
        // The same order under spawn: the start method changes how workers start, not what they do.
        QJsonObject loader = config.value(QStringLiteral("loader")).toObject();
        if (loader.value(QStringLiteral("num_workers")).toInt() > 0) {
            loader[QStringLiteral("multiprocessing_context")] = QStringLiteral("spawn");
            config[QStringLiteral("loader")] = loader;
            QTest::newRow((name + "/spawn").constData()) << config << expected << QStringLiteral("spawn");
        }
    }
}

void TestConformance::matchesDataLoader()
{
    QFETCH(QJsonObject, config);
    QFETCH(QJsonArray, expected);
    const EngineResult r = runEngine(json(config));
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QCOMPARE(logLines(batchLog(r)), logLines(expected));
    QVERIFY(waitGone(workerPids(r.summary), 2000));
}

void TestConformance::headOfLineBlocking()
{
    // Sample 0 takes 300 ms, the others 1 ms. In order, batch 0 holds back everything behind it;
    // with in_order false the other workers' batches are delivered first.
    auto config = [](bool inOrder) {
        return QByteArray(R"({"dataset":{"length":16,"sample_bytes":64,"io_latency_us":1000,
            "slow_samples":[{"index":0,"latency_us":300000}]},
            "loader":{"batch_size":1,"num_workers":2,"prefetch_factor":2,"in_order":)") +
               (inOrder ? "true" : "false") + R"(},"train":{"step_us":0}})";
    };
    const EngineResult ordered = runEngine(config(true));
    QVERIFY2(ordered.exitCode == 0, ordered.err.constData());
    const QJsonArray a = batchLog(ordered);
    QCOMPARE(a.size(), 16);
    for (int i = 0; i < a.size(); ++i)
        QCOMPARE(a[i].toObject().value(QStringLiteral("first_sample")).toInt(), i);

    const EngineResult unordered = runEngine(config(false));
    QVERIFY2(unordered.exitCode == 0, unordered.err.constData());
    const QJsonArray b = batchLog(unordered);
    QCOMPARE(b.size(), 16);
    QVERIFY(b[0].toObject().value(QStringLiteral("first_sample")).toInt() != 0);
    QSet<int> seen;
    int posOfZero = -1;
    for (int i = 0; i < b.size(); ++i) {
        const int s = b[i].toObject().value(QStringLiteral("first_sample")).toInt();
        seen.insert(s);
        if (s == 0)
            posOfZero = i;
    }
    QCOMPARE(seen.size(), 16); // every batch exactly once
    QVERIFY2(posOfZero >= 8, "the slow batch should arrive late without in-order delivery");
    // What the user feels: the first batch comes long before the slow one.
    QVERIFY(unordered.summary.value(QStringLiteral("first_batch_s")).toDouble() <
            ordered.summary.value(QStringLiteral("first_batch_s")).toDouble() / 2);
}

void TestConformance::iterableDuplicationAndSharding()
{
    auto run = [](bool shard) {
        return runEngine(QByteArray(R"({"dataset":{"kind":"iterable","length":10,"sample_bytes":64,
            "io_latency_us":0,"shard":)") + (shard ? "true" : "false") +
                         R"(},"loader":{"batch_size":2,"num_workers":3},"train":{"step_us":0}})");
    };
    const EngineResult dup = run(false);
    QVERIFY2(dup.exitCode == 0, dup.err.constData());
    QCOMPARE(dup.summary.value(QStringLiteral("samples")).toInt(), 30); // N times the samples
    std::map<int, int> perWorker;
    for (const auto& b : batchLog(dup))
        perWorker[b.toObject().value(QStringLiteral("worker")).toInt()] += b.toObject().value(QStringLiteral("size")).toInt();
    QCOMPARE(perWorker.size(), size_t(3));
    for (const auto& [w, n] : perWorker)
        QCOMPARE(n, 10); // every worker yields the whole stream

    const EngineResult sharded = run(true);
    QVERIFY2(sharded.exitCode == 0, sharded.err.constData());
    QCOMPARE(sharded.summary.value(QStringLiteral("samples")).toInt(), 10); // exact coverage
}

void TestConformance::persistentWorkersKeepPids()
{
    auto run = [](bool persistent) {
        return runEngine(QByteArray(R"({"dataset":{"length":32,"sample_bytes":64,"io_latency_us":0},
            "loader":{"batch_size":4,"num_workers":2,"persistent_workers":)") +
                         (persistent ? "true" : "false") + R"(},"train":{"epochs":3,"step_us":0}})");
    };
    const EngineResult p = run(true);
    QVERIFY2(p.exitCode == 0, p.err.constData());
    const QJsonArray pids = p.summary.value(QStringLiteral("worker_pids")).toArray();
    QCOMPARE(pids.size(), 3);
    QCOMPARE(pids[1], pids[0]);
    QCOMPARE(pids[2], pids[0]);
    QCOMPARE(batchLog(p).size(), 24);

    const EngineResult n = run(false);
    QVERIFY2(n.exitCode == 0, n.err.constData());
    const QJsonArray npids = n.summary.value(QStringLiteral("worker_pids")).toArray();
    QVERIFY(npids[1] != npids[0]); // new processes every epoch
    QVERIFY(waitGone(workerPids(p.summary) + workerPids(n.summary), 2000));
}

void TestConformance::workerExceptionSurfacesAndIterationContinues()
{
    const EngineResult r = runEngine(R"({"dataset":{"length":40,"sample_bytes":64,"io_latency_us":0},
        "loader":{"batch_size":4,"num_workers":2},"train":{"step_us":0,"on_exception":"continue"},
        "faults":[{"worker":1,"at_batch":1,"kind":"exception"}]})");
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray errors = r.summary.value(QStringLiteral("errors")).toArray();
    QCOMPARE(errors.size(), 1);
    QVERIFY(errors[0].toString().startsWith(QStringLiteral("Caught RuntimeError in DataLoader worker process 1.")));
    // The failing batch (task 3: worker 1's second) is missing; every other batch arrives in order.
    const QJsonArray log = batchLog(r);
    QCOMPARE(log.size(), 9);
    QStringList firsts;
    for (const auto& b : log)
        firsts << QString::number(b.toObject().value(QStringLiteral("first_sample")).toInt());
    QCOMPARE(firsts.join(QLatin1Char(',')), QStringLiteral("0,4,8,16,20,24,28,32,36"));
}

void TestConformance::workerExceptionStopsByDefault()
{
    const EngineResult r = runEngine(R"({"dataset":{"length":40,"sample_bytes":64,"io_latency_us":0},
        "loader":{"batch_size":4,"num_workers":2},"train":{"step_us":0},
        "faults":[{"worker":0,"at_batch":2,"kind":"exception"}]})");
    QCOMPARE(r.exitCode, 3);
    QVERIFY(r.err.contains("Caught RuntimeError in DataLoader worker process 0"));
    QCOMPARE(batchLog(r).size(), 4); // batches 0..3 arrived before task 4 raised
    QVERIFY(waitGone(workerPids(r.summary), 2000));
}

void TestConformance::mainProcessException()
{
    const EngineResult r = runEngine(R"({"dataset":{"length":20,"sample_bytes":64,"io_latency_us":0},
        "loader":{"batch_size":4,"num_workers":0},"train":{"step_us":0},
        "faults":[{"at_batch":1,"kind":"exception"}]})");
    QCOMPARE(r.exitCode, 3);
    // Without workers the exception propagates as it is: no "in DataLoader worker process".
    QVERIFY(r.err.contains("RuntimeError: injected exception"));
    QVERIFY(!r.err.contains("worker process"));
}

void TestConformance::filesDataset()
{
    QTemporaryDir dir;
    QByteArray all;
    for (int i = 0; i < 10; ++i) {
        QFile f(dir.filePath(QStringLiteral("img%1.bin").arg(i, 2, 10, QLatin1Char('0'))));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(1000 + 100 * i, char('a' + i)));
    }
    const EngineResult r = runEngine(QStringLiteral(R"({"dataset":{"kind":"files","path":"%1","sample_bytes":2048,
        "io_latency_us":0},"loader":{"batch_size":3,"num_workers":2},"train":{"step_us":0}})")
                                         .arg(dir.path())
                                         .toUtf8());
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.summary.value(QStringLiteral("samples")).toInt(), 10);
    QCOMPARE(batchLog(r).size(), 4);
}

void TestConformance::maxBatchesWithPersistentWorkers()
{
    // An epoch abandoned early: the next epoch's resume handshake discards the stale batches.
    const EngineResult r = runEngine(R"({"dataset":{"length":64,"sample_bytes":64,"io_latency_us":200},
        "loader":{"batch_size":4,"num_workers":2,"prefetch_factor":3,"persistent_workers":true},
        "train":{"epochs":3,"max_batches":5,"step_us":0}})");
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray log = batchLog(r);
    QCOMPARE(log.size(), 15);
    for (int i = 0; i < log.size(); ++i) // each epoch starts again at sample 0
        QCOMPARE(log[i].toObject().value(QStringLiteral("first_sample")).toInt(), (i % 5) * 4);
}

void TestConformance::shuffleIsSeeded()
{
    auto run = [](int seed) {
        return runEngine(QStringLiteral(R"({"seed":%1,"dataset":{"length":64,"sample_bytes":64,"io_latency_us":0},
            "loader":{"batch_size":4,"num_workers":2,"shuffle":true},"train":{"epochs":2,"step_us":0}})")
                             .arg(seed)
                             .toUtf8());
    };
    const EngineResult a = run(1), b = run(1), c = run(2);
    QVERIFY(a.exitCode == 0 && b.exitCode == 0 && c.exitCode == 0);
    QCOMPARE(logLines(batchLog(a)), logLines(batchLog(b)));
    QVERIFY(logLines(batchLog(a)) != logLines(batchLog(c)));
    const QJsonArray log = batchLog(a);
    QVERIFY(log[0].toObject().value(QStringLiteral("first_sample")) !=
            log[16].toObject().value(QStringLiteral("first_sample"))); // a new order each epoch
}

QTEST_GUILESS_MAIN(TestConformance)
#include "tst_conformance.moc"

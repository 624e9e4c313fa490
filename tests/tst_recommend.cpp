// SPDX-License-Identifier: MIT
// Recommendations: each rule names a knob and a direction with the evidence that triggered it,
// and each is produced by a real run built to show it (and absent where it does not apply).
#include "testutil.h"

#include <QJsonArray>
#include <QtTest>

using namespace testutil;

namespace {

QStringList recommendationsOf(const QByteArray& config)
{
    const EngineResult r = runEngine(config, {}, 60000);
    QStringList out;
    for (const auto& v : r.summary.value(QStringLiteral("recommendations")).toArray())
        out << v.toString();
    return out;
}

bool mentions(const QStringList& recs, const char* words)
{
    for (const QString& r : recs)
        if (r.contains(QLatin1String(words)))
            return true;
    return false;
}

} // namespace

class TestRecommend : public QObject
{
    Q_OBJECT
private slots:
    void rules_data();
    void rules();
    void shmTooSmallNamesTheKnobs();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }
};

void TestRecommend::rules_data()
{
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("absent");
    QTest::newRow("input-bound with idle CPU -> more workers")
        << QByteArray(R"({"dataset":{"length":400,"sample_bytes":256,"io_latency_us":3000},"loader":{"batch_size":8,"num_workers":1},
             "train":{"step_us":200},"device":{"backend":"sim"}})")
        << QStringLiteral("raise num_workers") << QStringLiteral("not input-bound");
    QTest::newRow("workers idle, queue full -> fewer workers or prefetch")
        << QByteArray(R"({"dataset":{"length":512,"sample_bytes":256,"io_latency_us":100},"loader":{"batch_size":8,"num_workers":2,"prefetch_factor":4},
             "train":{"step_us":8000},"device":{"backend":"sim"}})")
        << QStringLiteral("smaller prefetch_factor") << QStringLiteral("raise num_workers");
    QTest::newRow("pageable copies -> pin_memory")
        << QByteArray(R"({"dataset":{"length":128,"sample_bytes":262144,"io_latency_us":0},"loader":{"batch_size":32,"num_workers":2},
             "train":{"step_us":500},"device":{"backend":"sim","h2d_gbps_pageable":2}})")
        << QStringLiteral("set pin_memory") << QString();
    QTest::newRow("synchronous pinned copies -> non_blocking")
        << QByteArray(R"({"dataset":{"length":128,"sample_bytes":262144,"io_latency_us":0},"loader":{"batch_size":32,"num_workers":2,"pin_memory":true},
             "train":{"step_us":500,"non_blocking":false},"device":{"backend":"sim"}})")
        << QStringLiteral("set non_blocking=True") << QStringLiteral("set pin_memory");
    QTest::newRow("copies not overlapping -> copy stream")
        << QByteArray(R"({"dataset":{"length":128,"sample_bytes":262144,"io_latency_us":0},"loader":{"batch_size":32,"num_workers":2,"pin_memory":"shared"},
             "train":{"step_us":20000,"copy_stream":false},"device":{"backend":"sim","h2d_gbps_pinned":1}})")
        << QStringLiteral("separate copy stream") << QString();
    QTest::newRow("start-up every epoch -> persistent_workers")
        << QByteArray(R"({"dataset":{"length":64,"sample_bytes":256,"io_latency_us":100},"loader":{"batch_size":8,"num_workers":2,"worker_init_us":40000},
             "train":{"epochs":3,"step_us":100},"device":{"backend":"sim"}})")
        << QStringLiteral("set persistent_workers=True") << QString();
    QTest::newRow("spawn start-up -> fork or persistent")
        << QByteArray(R"({"dataset":{"length":64,"sample_bytes":256,"io_latency_us":100},"loader":{"batch_size":8,"num_workers":2,
             "multiprocessing_context":"spawn","persistent_workers":true},"train":{"epochs":2,"step_us":100},"device":{"backend":"sim"}})")
        << QStringLiteral("use multiprocessing_context fork") << QStringLiteral("set persistent_workers=True");
    QTest::newRow("head-of-line blocking -> in_order=False")
        << QByteArray(R"({"dataset":{"length":96,"sample_bytes":256,"io_latency_us":500,"slow_samples":[{"index":16,"latency_us":300000}]},
             "loader":{"batch_size":4,"num_workers":3},"train":{"step_us":500},"device":{"backend":"sim"}})")
        << QStringLiteral("in_order=False") << QString();
    QTest::newRow("no head-of-line advice with in_order=False")
        << QByteArray(R"({"dataset":{"length":96,"sample_bytes":256,"io_latency_us":500,"slow_samples":[{"index":16,"latency_us":300000}]},
             "loader":{"batch_size":4,"num_workers":3,"in_order":false},"train":{"step_us":500},"device":{"backend":"sim"}})")
        << QString() << QStringLiteral("in_order=False");
}

void TestRecommend::rules()
{
    QFETCH(QByteArray, config);
    QFETCH(QString, expected);
    QFETCH(QString, absent);
    const QStringList recs = recommendationsOf(config);
    if (!expected.isEmpty())
        QVERIFY2(mentions(recs, expected.toUtf8().constData()), qPrintable(recs.join(QStringLiteral(" | "))));
    if (!absent.isEmpty())
        QVERIFY2(!mentions(recs, absent.toUtf8().constData()), qPrintable(recs.join(QStringLiteral(" | "))));
}

void TestRecommend::shmTooSmallNamesTheKnobs()
{
    // Slots that would not fit in /dev/shm: refused before anything starts, naming the knobs.
    const EngineResult r = runEngine(R"({"dataset":{"sample_bytes":1073741824},"loader":{"batch_size":64,"num_workers":4}})");
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("lower num_workers, prefetch_factor, batch_size or sample_bytes"));
}

QTEST_GUILESS_MAIN(TestRecommend)
#include "tst_recommend.moc"

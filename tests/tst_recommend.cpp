// SPDX-License-Identifier: MIT
// Recommendations: each rule names a knob and a direction with the evidence that triggered it,
// and each is produced by a real run built to show it (and absent where it does not apply).
#include "testutil.h"

#include <QJsonArray>
#include <sched.h>
#include <QtTest>

using namespace testutil;

namespace {

struct Adv
{
    QString id;
    QString knob;
    QJsonValue suggest;
    QString text;
};

QList<Adv> adviceOf(const QByteArray& config, QJsonObject* summaryOut = nullptr)
{
    const EngineResult r = runEngine(config, {}, 60000);
    if (summaryOut)
        *summaryOut = r.summary;
    QList<Adv> out;
    for (const auto& v : r.summary.value(QStringLiteral("advice")).toArray()) {
        const QJsonObject o = v.toObject();
        out << Adv{o.value(QStringLiteral("id")).toString(), o.value(QStringLiteral("knob")).toString(),
                   o.value(QStringLiteral("suggest")), o.value(QStringLiteral("text")).toString()};
    }
    return out;
}

QString describe(const QList<Adv>& advice)
{
    QStringList s;
    for (const Adv& a : advice)
        s << a.id + QStringLiteral(": ") + a.text;
    return s.join(QStringLiteral(" | "));
}

int cores()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 2;
}

} // namespace

class TestRecommend : public QObject
{
    Q_OBJECT
private slots:
    void rules_data();
    void rules();
    void recommendationsAreTheAdviceTexts();
    void shmTooSmallNamesTheKnobs();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }
};

void TestRecommend::rules_data()
{
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QString>("expected"); // advice id that must be there ("" for none)
    QTest::addColumn<QStringList>("absent"); // advice ids that must not
    QTest::newRow("I/O-bound, few workers -> raise num_workers to a number")
        << QByteArray(R"({"dataset":{"length":800,"sample_bytes":256,"io_latency_us":3000},"loader":{"batch_size":8,"num_workers":1},
             "train":{"step_us":200},"device":{"backend":"sim"}})")
        << QStringLiteral("raise_num_workers") << QStringList{QStringLiteral("training_bound"), QStringLiteral("cpu_bound")};
    // CPU work on every core, twice as many workers as cores.
    // (in_order False: this row is about the CPU rule, not the order in which batches finish.)
    QTest::newRow("CPU-bound on all cores -> no more workers")
        << QStringLiteral(R"({"dataset":{"length":%1,"sample_bytes":256,"io_latency_us":0,"cpu_us":3000},
             "loader":{"batch_size":4,"num_workers":%2,"in_order":false},"train":{"step_us":100},"device":{"backend":"sim"}})")
               .arg(cores() * 48).arg(cores() * 2).toUtf8()
        << QStringLiteral("cpu_bound") << QStringList{QStringLiteral("raise_num_workers")};
    QTest::newRow("workers idle, queue full -> fewer workers")
        << QByteArray(R"({"dataset":{"length":512,"sample_bytes":256,"io_latency_us":100},"loader":{"batch_size":8,"num_workers":4,"prefetch_factor":4},
             "train":{"step_us":8000},"device":{"backend":"sim"}})")
        << QStringLiteral("fewer_workers") << QStringList{QStringLiteral("raise_num_workers")};
    QTest::newRow("pageable copies dominating -> pin_memory")
        << QByteArray(R"({"dataset":{"length":256,"sample_bytes":4096,"io_latency_us":0},"loader":{"batch_size":32,"num_workers":2},
             "train":{"step_us":500},"device":{"backend":"sim","h2d_gbps_pageable":0.02}})")
        << QStringLiteral("pin_memory") << QStringList{};
    QTest::newRow("synchronous pinned copies -> non_blocking")
        << QByteArray(R"({"dataset":{"length":256,"sample_bytes":4096,"io_latency_us":0},"loader":{"batch_size":32,"num_workers":2,"pin_memory":true},
             "train":{"step_us":500,"non_blocking":false},"device":{"backend":"sim","h2d_gbps_pinned":0.02}})")
        << QStringLiteral("non_blocking") << QStringList{QStringLiteral("pin_memory")};
    QTest::newRow("copies not overlapping -> copy stream")
        << QByteArray(R"({"dataset":{"length":256,"sample_bytes":4096,"io_latency_us":0},"loader":{"batch_size":32,"num_workers":2,"pin_memory":"shared"},
             "train":{"step_us":20000,"copy_stream":false},"device":{"backend":"sim","h2d_gbps_pinned":0.01}})")
        << QStringLiteral("copy_stream") << QStringList{};
    QTest::newRow("start-up every epoch -> persistent_workers")
        << QByteArray(R"({"dataset":{"length":64,"sample_bytes":256,"io_latency_us":100},"loader":{"batch_size":8,"num_workers":2,"worker_init_us":40000},
             "train":{"epochs":3,"step_us":100},"device":{"backend":"sim"}})")
        << QStringLiteral("persistent_workers") << QStringList{QStringLiteral("spawn_startup")};
    QTest::newRow("spawn restarted each epoch -> fork")
        << QByteArray(R"({"dataset":{"length":64,"sample_bytes":256,"io_latency_us":100},"loader":{"batch_size":8,"num_workers":2,
             "multiprocessing_context":"spawn"},"train":{"epochs":3,"step_us":100},"device":{"backend":"sim"}})")
        << QStringLiteral("spawn_startup") << QStringList{};
    // Long enough (128 steps of 10 ms) that the workers' start is no share of the loop's wait
    // even under ASan (24 ms of 330 ms there: 7 %, an input-bound verdict by itself).
    QTest::newRow("training-bound -> no loader knob raised")
        << QByteArray(R"({"dataset":{"length":1024,"sample_bytes":256,"io_latency_us":200},"loader":{"batch_size":8,"num_workers":2},
             "train":{"step_us":10000},"device":{"backend":"sim"}})")
        << QStringLiteral("training_bound")
        << QStringList{QStringLiteral("raise_num_workers"), QStringLiteral("raise_prefetch_factor"), QStringLiteral("pin_memory"),
                       QStringLiteral("in_order"), QStringLiteral("persistent_workers")};
    QTest::newRow("ordinary lognormal run -> no head-of-line advice")
        << QByteArray(R"({"dataset":{"length":2048,"sample_bytes":16384,"io_latency_us":{"dist":"lognormal","mean":600,"sigma":0.5},"cpu_us":100},
             "loader":{"batch_size":32,"num_workers":4,"pin_memory":true},"train":{"epochs":2,"step_us":4000},"device":{"backend":"sim"}})")
        << QString() << QStringList{QStringLiteral("in_order")};
    QTest::newRow("one very slow sample -> in_order=False")
        << QByteArray(R"({"dataset":{"length":96,"sample_bytes":256,"io_latency_us":500,"slow_samples":[{"index":16,"latency_us":300000}]},
             "loader":{"batch_size":4,"num_workers":3},"train":{"step_us":500},"device":{"backend":"sim"}})")
        << QStringLiteral("in_order") << QStringList{};
    QTest::newRow("no head-of-line advice with in_order=False")
        << QByteArray(R"({"dataset":{"length":96,"sample_bytes":256,"io_latency_us":500,"slow_samples":[{"index":16,"latency_us":300000}]},
             "loader":{"batch_size":4,"num_workers":3,"in_order":false},"train":{"step_us":500},"device":{"backend":"sim"}})")
        << QString() << QStringList{QStringLiteral("in_order")};
    QTest::newRow("a run that fails gets no throughput advice")
        << QByteArray(R"({"dataset":{"length":400,"sample_bytes":256,"io_latency_us":3000},"loader":{"batch_size":8,"num_workers":1},
             "train":{"step_us":200},"device":{"backend":"sim"},"faults":[{"worker":0,"at_batch":3,"kind":"crash"}]})")
        << QString() << QStringList{QStringLiteral("raise_num_workers")};
}

void TestRecommend::rules()
{
    QFETCH(QByteArray, config);
    QFETCH(QString, expected);
    QFETCH(QStringList, absent);
    QJsonObject summary;
    const QList<Adv> advice = adviceOf(config, &summary);
    QVERIFY(!summary.isEmpty());
    QStringList ids;
    for (const Adv& a : advice)
        ids << a.id;
    if (!expected.isEmpty())
        QVERIFY2(ids.contains(expected), qPrintable(describe(advice)));
    for (const QString& a : absent)
        QVERIFY2(!ids.contains(a), qPrintable(describe(advice)));
    const int nw = QJsonDocument::fromJson(config).object().value(QStringLiteral("loader")).toObject()
                       .value(QStringLiteral("num_workers")).toInt(4);
    for (const Adv& a : advice) {
        if (a.id == QLatin1String("raise_num_workers")) {
            // A number to try, above the current one.
            QCOMPARE(a.knob, QStringLiteral("loader.num_workers"));
            QVERIFY2(a.suggest.isDouble() && a.suggest.toInt() > nw, qPrintable(describe(advice)));
        }
        if (a.knob.isEmpty())
            QVERIFY(a.suggest.isNull());
    }
}

void TestRecommend::recommendationsAreTheAdviceTexts()
{
    const EngineResult r = runEngine(R"({"dataset":{"length":400,"sample_bytes":256,"io_latency_us":3000},"loader":{"batch_size":8,"num_workers":1},
             "train":{"step_us":200},"device":{"backend":"sim"}})");
    const QJsonArray recs = r.summary.value(QStringLiteral("recommendations")).toArray();
    const QJsonArray advice = r.summary.value(QStringLiteral("advice")).toArray();
    QVERIFY(!advice.isEmpty());
    QCOMPARE(recs.size(), advice.size());
    for (int i = 0; i < recs.size(); ++i)
        QCOMPARE(recs[i].toString(), advice[i].toObject().value(QStringLiteral("text")).toString());
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

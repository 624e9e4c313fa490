// SPDX-License-Identifier: MIT
// Workshop content: the 13 lessons complete in English and Turkish, every quiz question with four
// options, exactly one right, a difficulty and an explanation of every option; every lesson's
// experiment validates and runs headless to its expected end; slow motion stretches a config.
#include "core/configfields.h"
#include "core/lessons.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QtTest>

using namespace testutil;

class TestLessons : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void contentComplete();
    void coversTheRequiredTopics();
    void experimentsRun_data();
    void experimentsRun();
    void slowMotion();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }

private:
    LessonLibrary m_lib;
};

void TestLessons::initTestCase()
{
    QString error;
    QVERIFY2(m_lib.load(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/resources/lessons/lessons.json"), &error), qPrintable(error));
}

void TestLessons::contentComplete()
{
    QCOMPARE(m_lib.lessons().size(), 13);
    for (const Lesson& l : m_lib.lessons()) {
        for (const QJsonObject* text : {&l.title, &l.explanation, &l.lookFor, &l.question, &l.quizExplanation})
            for (const char* lang : {"en", "tr"})
                QVERIFY2(!text->value(QLatin1String(lang)).toString().trimmed().isEmpty(), qPrintable(l.id + QLatin1Char(' ') + QLatin1String(lang)));
        QVERIFY2(l.difficulty >= 1 && l.difficulty <= 3, qPrintable(l.id));
        QCOMPARE(l.options.size(), 4);
        int right = 0;
        for (const QuizOption& o : l.options) {
            right += o.correct ? 1 : 0;
            for (const char* lang : {"en", "tr"}) {
                QVERIFY2(!o.text.value(QLatin1String(lang)).toString().isEmpty(), qPrintable(l.id));
                QVERIFY2(!o.why.value(QLatin1String(lang)).toString().isEmpty(), qPrintable(l.id)); // why it is wrong (or right)
            }
        }
        QVERIFY2(right == 1, qPrintable(l.id + QStringLiteral(": exactly one right answer")));
        QVERIFY2(QFile::exists(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/resources/presets/%1.json").arg(l.preset)), qPrintable(l.preset));
        for (const QString& lane : l.lanes)
            QVERIFY2(QStringList({QStringLiteral("main"), QStringLiteral("pin"), QStringLiteral("workers"), QStringLiteral("copy"),
                                  QStringLiteral("compute"), QStringLiteral("memory")}).contains(lane), qPrintable(lane));
    }
}

void TestLessons::coversTheRequiredTopics()
{
    QStringList ids;
    for (const Lesson& l : m_lib.lessons())
        ids << l.id;
    for (const char* id : {"num_workers_0", "num_workers_4", "map_vs_iterable", "iterable_sharding", "pin_memory", "fork_vs_spawn",
                           "prefetch_factor", "persistent_workers", "in_order", "timeout_and_death", "batch_size_drop_last",
                           "distributed_sampler", "copy_on_read"})
        QVERIFY2(ids.contains(QLatin1String(id)), id);
}

void TestLessons::experimentsRun_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("expectedExit");
    for (const Lesson& l : m_lib.lessons()) {
        // The dying-worker lesson ends, on purpose, with the loader error (exit 3).
        QTest::newRow(qPrintable(l.id)) << l.preset << (l.id == QLatin1String("timeout_and_death") ? 3 : 0);
    }
}

void TestLessons::experimentsRun()
{
    QFETCH(QString, preset);
    QFETCH(int, expectedExit);
    QFile f(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/resources/presets/%1.json").arg(preset));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray config = f.readAll();
    const EngineResult v = runEngineArgs({QStringLiteral("validate"), QStringLiteral("--config"), f.fileName()});
    QVERIFY2(v.exitCode == 0, v.err.constData());
    const EngineResult r = runEngine(config, {}, 60000);
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == expectedExit, r.err.constData());
    if (expectedExit == 0)
        QVERIFY(r.summary.value(QStringLiteral("batches")).toInt() > 0);
    else
        QVERIFY(r.err.contains("is killed by signal"));
    // The copy-on-read lesson's run shows what it teaches: its advice names it.
    if (preset == QLatin1String("copy_on_read_refcounted")) {
        QStringList ids;
        for (const auto& a : r.summary.value(QStringLiteral("advice")).toArray())
            ids << a.toObject().value(QStringLiteral("id")).toString();
        QVERIFY2(ids.contains(QStringLiteral("copy_on_read")), qPrintable(ids.join(QLatin1Char(','))));
    }
    QVERIFY(waitGone(workerPids(r.summary), 2000));
}

void TestLessons::slowMotion()
{
    const QJsonObject c = QJsonDocument::fromJson(R"({"dataset":{"io_latency_us":{"dist":"lognormal","mean":100,"sigma":0.5},
        "slow_samples":[{"index":3,"latency_us":1000}]},"loader":{"worker_init_us":10,"timeout":2},
        "train":{"step_us":50},"device":{"h2d_gbps_pinned":20}})").object();
    QCOMPARE(applySlowMotion(c, 1), c);
    const QJsonObject s = applySlowMotion(c, 5);
    QCOMPARE(jsonAt(s, QStringLiteral("dataset.io_latency_us")).toObject().value(QStringLiteral("mean")).toDouble(), 500.0);
    QCOMPARE(jsonAt(s, QStringLiteral("dataset.slow_samples")).toArray().first().toObject().value(QStringLiteral("latency_us")).toDouble(), 5000.0);
    QCOMPARE(jsonAt(s, QStringLiteral("loader.worker_init_us")).toDouble(), 50.0);
    QCOMPARE(jsonAt(s, QStringLiteral("train.step_us")).toDouble(), 250.0);
    QCOMPARE(jsonAt(s, QStringLiteral("device.h2d_gbps_pinned")).toDouble(), 4.0);
    QCOMPARE(jsonAt(s, QStringLiteral("device.h2d_gbps_pageable")).toDouble(), 2.0); // default 10 GB/s / 5
    QCOMPARE(jsonAt(s, QStringLiteral("loader.timeout")).toDouble(), 10.0);
    // a slowed-down config is still a valid one
    const EngineResult r = runEngine(QJsonDocument(applySlowMotion(QJsonDocument::fromJson(R"({"dataset":{"length":32,
        "sample_bytes":64,"io_latency_us":100},"loader":{"batch_size":8,"num_workers":2},"train":{"step_us":100},
        "device":{"backend":"sim"}})").object(), 3)).toJson());
    QCOMPARE(r.exitCode, 0);
}

QTEST_GUILESS_MAIN(TestLessons)
#include "tst_lessons.moc"

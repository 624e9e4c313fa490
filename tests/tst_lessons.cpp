// SPDX-License-Identifier: MIT
// Workshop content: the 13 lessons complete in English and Turkish, every quiz question with four
// options, exactly one right, a difficulty and an explanation of every option; every lesson's
// experiment validates and runs headless to its expected end; slow motion stretches a config.
#include "config/model/configfields.h"
#include "workshop/model/lessons.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
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
    void effectsStated();
    void malformedEffectRejected_data();
    void malformedEffectRejected();
    void effectJudgedOnMedians();
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


void TestLessons::effectsStated()
{
    // Every lesson has an experiment, so every lesson states the effect it teaches, against a
    // contrast whose preset exists, in both languages.
    for (const Lesson& l : m_lib.lessons()) {
        QVERIFY2(l.effect, qPrintable(l.id));
        QVERIFY2(QFile::exists(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/resources/presets/%1.json").arg(l.contrastPreset)), qPrintable(l.id));
        QVERIFY2(effectFigures().contains(l.effect->figure), qPrintable(l.id));
        const QString statement = effectStatement(*l.effect);
        QVERIFY2(statement.contains(l.effect->experimentLabel) && statement.contains(l.effect->contrastLabel), qPrintable(statement));
    }
}

void TestLessons::malformedEffectRejected_data()
{
    QTest::addColumn<QByteArray>("effect");
    QTest::addColumn<QString>("why");
    const QByteArray sides = R"("experiment":"a=1","contrast":"a=2")";
    QTest::newRow("not an object") << QByteArray("[1]") << QStringLiteral("not an object");
    QTest::newRow("unknown figure") << R"({"figure":"speed","higher":"experiment","by":"ratio","min":2,)" + sides + "}" << QStringLiteral("figure");
    QTest::newRow("no figure") << R"({"higher":"experiment","by":"ratio","min":2,)" + sides + "}" << QStringLiteral("figure");
    QTest::newRow("bad direction") << R"({"figure":"samples","higher":"both","by":"ratio","min":2,)" + sides + "}" << QStringLiteral("higher");
    QTest::newRow("bad measure") << R"({"figure":"samples","higher":"contrast","by":"percent","min":2,)" + sides + "}" << QStringLiteral("by");
    QTest::newRow("ratio not above 1") << R"({"figure":"samples","higher":"contrast","by":"ratio","min":1,)" + sides + "}" << QStringLiteral("min");
    QTest::newRow("min a string") << R"({"figure":"samples","higher":"contrast","by":"ratio","min":"2",)" + sides + "}" << QStringLiteral("min");
    QTest::newRow("negative difference") << R"({"figure":"samples","higher":"contrast","by":"difference","min":-4,)" + sides + "}" << QStringLiteral("min");
    QTest::newRow("points of a rate") << R"({"figure":"samples_per_s","higher":"contrast","by":"points","min":20,)" + sides + "}" << QStringLiteral("points");
    QTest::newRow("points above 100") << R"({"figure":"data_stall_fraction","higher":"contrast","by":"points","min":120,)" + sides + "}" << QStringLiteral("100");
    QTest::newRow("unnamed side") << QByteArray(R"({"figure":"samples","higher":"contrast","by":"ratio","min":2,"experiment":"a=1"})") << QStringLiteral("experiment and contrast");
    QTest::newRow("unknown key") << R"({"figure":"samples","higher":"contrast","by":"ratio","min":2,"max":3,)" + sides + "}" << QStringLiteral("unknown key");
    QTest::newRow("fails not a bool") << R"({"figure":"samples","higher":"contrast","by":"ratio","min":2,"experiment_fails":1,)" + sides + "}" << QStringLiteral("experiment_fails");
    QTest::newRow("no contrast") << R"({"figure":"samples","higher":"contrast","by":"ratio","min":2,)" + sides + "}" << QStringLiteral("no contrast");
}

void TestLessons::malformedEffectRejected()
{
    // The loader refuses the whole file, naming the lesson and what is wrong with its effect.
    QFETCH(QByteArray, effect);
    QFETCH(QString, why);
    QFile f(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/resources/lessons/lessons.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    QJsonArray lessons = doc.value(QStringLiteral("lessons")).toArray();
    QJsonObject first = lessons.first().toObject();
    first[QStringLiteral("effect")] = QJsonDocument::fromJson("{\"e\":" + effect + "}").object().value(QStringLiteral("e"));
    if (why == QLatin1String("no contrast"))
        first.remove(QStringLiteral("contrast"));
    lessons[0] = first;
    doc[QStringLiteral("lessons")] = lessons;
    QTemporaryDir dir;
    QFile out(dir.filePath(QStringLiteral("lessons.json")));
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(doc).toJson());
    out.close();
    LessonLibrary lib;
    QString error;
    QVERIFY(!lib.load(out.fileName(), &error));
    QVERIFY2(error.contains(QStringLiteral("lesson num_workers_0: effect: ")) && error.contains(why), qPrintable(error));
    QVERIFY(lib.lessons().isEmpty()); // nothing half loaded
}

void TestLessons::effectJudgedOnMedians()
{
    LessonEffect ratio;
    ratio.figure = QStringLiteral("samples_per_s");
    ratio.higher = LessonEffect::Side::Experiment;
    ratio.by = LessonEffect::By::Ratio;
    ratio.min = 1.5;
    ratio.experimentLabel = QStringLiteral("pin_memory=True");
    ratio.contrastLabel = QStringLiteral("pin_memory=False");
    // One outlier per side does not decide: the medians 300 and 100 do.
    EffectVerdict v = judgeEffect(ratio, {300, 10, 320}, {100, 90, 900});
    QCOMPARE(v.experiment.median, 300.0);
    QCOMPARE(v.experiment.min, 10.0);
    QCOMPARE(v.experiment.max, 320.0);
    QCOMPARE(v.contrast.median, 100.0);
    QCOMPARE(v.size, 3.0);
    QVERIFY(v.seen);
    QVERIFY(effectVerdictLine(ratio, v).startsWith(QStringLiteral("Seen: ×3.00")));
    QVERIFY(effectSideLine(ratio, true, v.experiment).contains(QStringLiteral("median 300 (10–320), 3 runs")));
    // The wrong way round, or too small, is not seen, and says so.
    v = judgeEffect(ratio, {914, 914, 914}, {922, 922, 922});
    QVERIFY(!v.seen);
    QVERIFY(effectVerdictLine(ratio, v).startsWith(QStringLiteral("Not seen this time: ×0.99")));
    QVERIFY(!judgeEffect(ratio, {140, 140, 140}, {100, 100, 100}).seen);
    // A missing figure is never seen.
    QVERIFY(!judgeEffect(ratio, {}, {100, 100, 100}).seen);
    LessonEffect points = ratio;
    points.figure = QStringLiteral("data_stall_fraction");
    points.by = LessonEffect::By::Points;
    points.min = 20;
    v = judgeEffect(points, {0.40, 0.43, 0.39}, {0.04, 0.07, 0.03});
    QVERIFY(qAbs(v.size - 36.0) < 1e-9);
    QVERIFY(v.seen);
    QVERIFY(!judgeEffect(points, {0.901, 0.9, 0.9}, {0.945, 0.94, 0.95}).seen); // the stall rising is no lowering
    QCOMPARE(effectStatement(points), QStringLiteral("data stall: pin_memory=True at least 20 points above pin_memory=False"));
    LessonEffect difference = ratio;
    difference.figure = QStringLiteral("samples");
    difference.higher = LessonEffect::Side::Contrast;
    difference.by = LessonEffect::By::Difference;
    difference.min = 4;
    QVERIFY(judgeEffect(difference, {96, 96, 96}, {100, 100, 100}).seen);
    QVERIFY(!judgeEffect(difference, {97, 97, 97}, {100, 100, 100}).seen);
}

QTEST_GUILESS_MAIN(TestLessons)
#include "tst_lessons.moc"

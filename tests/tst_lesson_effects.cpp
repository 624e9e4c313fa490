// SPDX-License-Identifier: MIT
// Every lesson's effect, measured as "Show me" measures it: the experiment and its contrast run
// alternately (A B A B A B) with loaderscope-engine, and the medians of the lesson's stated figure
// must show the effect in its direction and at least at its stated size (lessons.json "effect",
// judged by the same judgeEffect as the app). Meant to pass on a loaded 2-core machine: the
// experiments are designed so that their effect is large, never by lowering what a lesson claims.
// Each lesson prints one "EFFECT {json}" line with its medians and spread.
#include "config/model/configfields.h"
#include "workshop/model/lessons.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace testutil;

class TestLessonEffects : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void effectSeen_data();
    void effectSeen();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }

private:
    LessonLibrary m_lib;
};

namespace {

QJsonObject preset(const QString& name)
{
    QFile f(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/resources/presets/%1.json").arg(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

void TestLessonEffects::initTestCase()
{
    QString error;
    QVERIFY2(m_lib.load(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/resources/lessons/lessons.json"), &error), qPrintable(error));
}

void TestLessonEffects::effectSeen_data()
{
    QTest::addColumn<int>("index");
    for (int i = 0; i < m_lib.lessons().size(); ++i)
        QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(i + 1).arg(m_lib.lessons()[i].id))) << i;
}

void TestLessonEffects::effectSeen()
{
    QFETCH(int, index);
    const Lesson& l = m_lib.lessons()[index];
    QVERIFY2(l.effect, qPrintable(l.id + QStringLiteral(": every lesson states its effect")));
    const LessonEffect& e = *l.effect;
    const QJsonObject experiment = preset(l.preset);
    const QJsonObject contrast = contrastConfig(l, preset(l.contrastPreset));
    QVERIFY(!experiment.isEmpty() && !contrast.isEmpty());
    QVector<double> a, b;
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < 2 * kEffectRepeats; ++i) {
        const bool experimentSide = i % 2 == 0;
        const EngineResult r = runEngine(QJsonDocument(experimentSide ? experiment : contrast).toJson(QJsonDocument::Compact), {}, 120000);
        QVERIFY2(r.finished, qPrintable(QStringLiteral("run %1 did not end").arg(i + 1)));
        const int expectedExit = experimentSide && e.experimentFails ? 3 : 0;
        QVERIFY2(r.exitCode == expectedExit, r.err.constData());
        QVERIFY(waitGone(workerPids(r.summary), 5000));
        const double figure = effectFigure(e.figure, r.summary);
        QVERIFY2(std::isfinite(figure), qPrintable(e.figure + QStringLiteral(" missing from the summary")));
        (experimentSide ? a : b).append(figure);
    }
    const EffectVerdict v = judgeEffect(e, a, b);
    QJsonObject line{{QStringLiteral("lesson"), l.id},
                     {QStringLiteral("figure"), e.figure},
                     {QStringLiteral("experiment"), QJsonArray{v.experiment.median, v.experiment.min, v.experiment.max}},
                     {QStringLiteral("contrast"), QJsonArray{v.contrast.median, v.contrast.min, v.contrast.max}},
                     {QStringLiteral("size"), v.size},
                     {QStringLiteral("min"), e.min},
                     {QStringLiteral("seen"), v.seen},
                     {QStringLiteral("seconds"), clock.elapsed() / 1000.0}};
    qInfo().noquote() << "EFFECT" << QJsonDocument(line).toJson(QJsonDocument::Compact);
    QVERIFY2(v.seen, qPrintable(effectStatement(e) + QStringLiteral(" -- ") + effectVerdictLine(e, v) + QStringLiteral(" ") +
                                effectSideLine(e, true, v.experiment) + QStringLiteral("; ") + effectSideLine(e, false, v.contrast)));
}

QTEST_GUILESS_MAIN(TestLessonEffects)
#include "tst_lesson_effects.moc"

// SPDX-License-Identifier: MIT
// Languages: loading Turkish changes the main window's texts, the timeline's painted labels, a
// lesson and the engine's recommendations; switching back restores English; the .ts files are
// complete (lupdate is run against copies, never rewriting the sources).
#include "core/summarytext.h"
#include "loaderscope/advice.h"
#include "core/timelinerenderer.h"
#include "core/translator.h"
#include "core/tracemodel.h"
#include "testutil.h"
#include "widgets/lessonspanel.h"
#include "widgets/mainwindow.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace testutil;

namespace {

struct TsCounts
{
    int messages = 0, unfinished = 0, vanished = 0;
};

TsCounts countTs(const QString& path)
{
    TsCounts c;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return c;
    QXmlStreamReader x(&f);
    while (!x.atEnd()) {
        if (x.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (x.name() == QLatin1String("message"))
            ++c.messages;
        if (x.name() == QLatin1String("translation")) {
            const QString type = x.attributes().value(QStringLiteral("type")).toString();
            c.unfinished += type == QLatin1String("unfinished") ? 1 : 0;
            c.vanished += type == QLatin1String("vanished") || type == QLatin1String("obsolete") ? 1 : 0;
        }
    }
    return c;
}

} // namespace

class TestI18n : public QObject
{
    Q_OBJECT
private slots:
    void turkishChangesTexts();
    void recommendationsTranslate();
    void tsFilesComplete();
};

void TestI18n::turkishChangesTexts()
{
    Translator translator;
    QVERIFY(translator.setLanguage(QStringLiteral("en")));
    MainWindow w(&translator);
    TraceModel model;
    model.reset(0, 2, true);
    const QString titleEn = w.windowTitle();
    const QString laneEn = TimelineRenderer::laneName(model, model.laneIndex(TraceModel::LaneKind::Main));
    const QString copyEn = TimelineRenderer::laneName(model, model.laneIndex(TraceModel::LaneKind::Copy));
    w.lessonsPanel()->setCurrentLesson(4);
    const QString lessonEn = w.lessonsPanel()->explanationText();

    QVERIFY(translator.setLanguage(QStringLiteral("tr")));
    QCoreApplication::processEvents(); // LanguageChange reaches every widget
    QVERIFY(w.windowTitle() != titleEn);
    QVERIFY2(w.windowTitle().contains(QStringLiteral("zaman çizelgesi")), qPrintable(w.windowTitle()));
    QCOMPARE(TimelineRenderer::laneName(model, model.laneIndex(TraceModel::LaneKind::Main)), QStringLiteral("ana process (eğitim döngüsü)"));
    QCOMPARE(TimelineRenderer::laneName(model, model.laneIndex(TraceModel::LaneKind::Copy)), QStringLiteral("GPU kopya (simüle)"));
    QVERIFY(w.lessonsPanel()->explanationText() != lessonEn);
    QVERIFY(w.lessonsPanel()->explanationText().contains(QStringLiteral("sayfa-kilitli")));
    QCOMPARE(SummaryText::verdictForStall(0.5), QStringLiteral("yüksek düzeyde girdi darboğazı"));
    // the quiz answers in Turkish too
    w.lessonsPanel()->answer(0);
    QVERIFY(w.lessonsPanel()->resultText().contains(QStringLiteral("Doğru")));

    QVERIFY(translator.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(w.windowTitle(), titleEn);
    QCOMPARE(TimelineRenderer::laneName(model, model.laneIndex(TraceModel::LaneKind::Main)), laneEn);
    QCOMPARE(TimelineRenderer::laneName(model, model.laneIndex(TraceModel::LaneKind::Copy)), copyEn);
}

void TestI18n::recommendationsTranslate()
{
    // Real engine sentences: a pageable run and a num_workers 0 run.
    Translator translator;
    QVERIFY(translator.setLanguage(QStringLiteral("tr")));
    const EngineResult pageable = runEngine(R"({"dataset":{"length":96,"sample_bytes":262144,"io_latency_us":0},
        "loader":{"batch_size":32,"num_workers":1,"pin_memory":false},"train":{"step_us":100},
        "device":{"backend":"sim","h2d_gbps_pageable":1}})");
    const EngineResult inline0 = runEngine(R"({"dataset":{"length":64,"sample_bytes":64,"io_latency_us":2000},
        "loader":{"batch_size":8,"num_workers":0},"train":{"step_us":100},"device":{"backend":"sim"}})");
    // The app translates advice by its id, with the evidence as arguments: no sentence parsing.
    int translated = 0;
    for (const EngineResult* r : {&pageable, &inline0}) {
        const loaderscope::RunSummary s =
            loaderscope::parseRunSummary(QJsonDocument(r->summary).toJson().toStdString());
        for (const loaderscope::Advice& a : s.advice) {
            const QString t = SummaryText::advice(a);
            QVERIFY2(t != QString::fromStdString(a.text), qPrintable(QStringLiteral("untranslated: ") + QString::fromStdString(a.text)));
            ++translated;
        }
    }
    QVERIFY(translated >= 2);
    // Every id the engine can give has its Turkish sentence.
    namespace id = loaderscope::advice_id;
    for (const char* adviceId : {id::kRaiseNumWorkers, id::kCpuBound, id::kRaisePrefetch, id::kPinThreadBound, id::kPinMemory,
                                 id::kNonBlocking, id::kCopyStream, id::kPersistentWorkers, id::kSpawnStartup, id::kInOrder,
                                 id::kFewerWorkers, id::kTrainingBound}) {
        loaderscope::Advice a;
        a.id = adviceId;
        a.text = "English";
        a.evidence = {{"data_stall_fraction", 0.5}, {"non_blocking", 1}};
        const QString tr = SummaryText::advice(a);
        translator.setLanguage(QStringLiteral("en"));
        const QString en = SummaryText::advice(a);
        translator.setLanguage(QStringLiteral("tr"));
        QVERIFY2(tr != en && tr != QLatin1String("English"), adviceId);
    }
    translator.setLanguage(QStringLiteral("en"));
}

void TestI18n::tsFilesComplete()
{
    // The sources' .ts files: nothing unfinished, nothing left over from removed strings.
    for (const char* lang : {"en", "tr"}) {
        const TsCounts c = countTs(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/translations/loaderscope_%1.ts").arg(QLatin1String(lang)));
        QVERIFY(c.messages > 250);
        QCOMPARE(c.unfinished, 0);
        QCOMPARE(c.vanished, 0);
    }
    // lupdate over the current sources, into a copy: every string used is in the catalog.
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("loaderscope_tr.ts"));
    QVERIFY(QFile::copy(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/translations/loaderscope_tr.ts"), copy));
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    QProcess lupdate;
    lupdate.start(QStringLiteral(LUPDATE_PATH), {QStringLiteral("-silent"), QStringLiteral("-locations"), QStringLiteral("none"),
                                                 QStringLiteral(LOADERSCOPE_SOURCE_DIR "/gui"), QStringLiteral("-ts"), copy});
    QVERIFY(lupdate.waitForFinished(120000));
    QCOMPARE(lupdate.exitCode(), 0);
    const TsCounts after = countTs(copy);
    QCOMPARE(after.unfinished, 0); // a new tr() string without a Turkish translation fails here
    QCOMPARE(after.vanished, 0);   // a translation kept for a string no longer used
}

QTEST_MAIN(TestI18n)
#include "tst_i18n.moc"

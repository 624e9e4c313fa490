// SPDX-License-Identifier: MIT
// Languages: loading Turkish changes the main window's texts, the timeline's painted labels, a
// lesson and the engine's recommendations; switching back restores English; the .ts files are
// complete (lupdate is run against copies, never rewriting the sources).
#include "runs/model/runsession.h"
#include "common/model/summarytext.h"
#include "timeline/draw/timelinestyle.h"
#include "loaderscope/analysis/advice.h"
#include "timeline/draw/timelinerenderer.h"
#include "common/model/translator.h"
#include "timeline/model/tracemodel.h"
#include "testutil.h"
#include "workshop/lessonspanel.h"
#include "app/mainwindow.h"
#include "timeline/chartspane.h"
#include "timeline/timelineview.h"
#include "runs/sweepdialog.h"
#include "common/model/progresstext.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QValueAxis>
#include <QChartView>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTableWidget>

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

/// One catalogue entry whose Turkish differs from its English, as patterns that match a whole
/// shown text (each %N standing for anything).
struct Pair
{
    QString en, tr;
    QRegularExpression enRe, trRe;
};

QRegularExpression wholeText(const QString& s)
{
    QString re = QRegularExpression::escape(QString(s).remove(QLatin1Char('&')));
    re.replace(QRegularExpression(QStringLiteral("%\\?[0-9]")), QStringLiteral(".*?"));
    return QRegularExpression(QStringLiteral("^") + re + QStringLiteral("$"), QRegularExpression::DotMatchesEverythingOption);
}

int letters(QString s)
{
    s.remove(QRegularExpression(QStringLiteral("%[0-9]")));
    int n = 0;
    for (QChar c : s)
        n += c.isLetter() ? 1 : 0;
    return n;
}

std::vector<Pair> catalogue()
{
    std::vector<Pair> out;
    QFile f(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/translations/loaderscope_tr.ts"));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader x(&f);
    QString source;
    while (!x.atEnd()) {
        if (x.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (x.name() == QLatin1String("source"))
            source = x.readElementText();
        else if (x.name() == QLatin1String("translation") && x.attributes().value(QStringLiteral("type")).isEmpty()) {
            const QString tr = x.readElementText(QXmlStreamReader::IncludeChildElements);
            // Short words ("CPU", "pid") and identical texts say nothing about the language.
            if (!tr.isEmpty() && tr != source && letters(source) >= 5 && letters(tr) >= 5)
                out.push_back({source, tr, wholeText(source), wholeText(tr)});
        }
    }
    return out;
}

QString plain(const QString& s)
{
    return Qt::mightBeRichText(s) ? QTextDocumentFragment::fromHtml(s).toPlainText() : s;
}

/// Every text a user can see in the window: widgets, menus and actions, tooltips, table headers
/// and cells, dock and tab titles, and the labels painted on the timeline and the queue chart.
QStringList shownTexts(MainWindow& w)
{
    QStringList out;
    auto add = [&out](const QString& s) {
        const QString p = plain(s).remove(QLatin1Char('&'));
        if (p.trimmed().isEmpty())
            return;
        out << p;
        if (p.contains(QLatin1Char('\n')))
            for (const QString& line : p.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
                out << line.trimmed().remove(QRegularExpression(QStringLiteral("^[•\\-] ")));
    };
    QList<QWidget*> widgets = w.findChildren<QWidget*>();
    widgets << &w;
    for (QWidget* x : widgets) {
        add(x->toolTip());
        add(x->windowTitle());
        if (auto* l = qobject_cast<QLabel*>(x))
            add(l->text());
        if (auto* b = qobject_cast<QAbstractButton*>(x))
            add(b->text());
        if (auto* g = qobject_cast<QGroupBox*>(x))
            add(g->title());
        if (auto* m = qobject_cast<QMenu*>(x))
            add(m->title());
        if (auto* t = qobject_cast<QTabWidget*>(x))
            for (int i = 0; i < t->count(); ++i)
                add(t->tabText(i));
        if (auto* c = qobject_cast<QComboBox*>(x))
            for (int i = 0; i < c->count(); ++i)
                add(c->itemText(i));
        if (auto* e = qobject_cast<QLineEdit*>(x))
            add(e->placeholderText());
        if (auto* e = qobject_cast<QTextEdit*>(x))
            add(e->toPlainText());
        if (auto* v = qobject_cast<QAbstractItemView*>(x); v && v->model()) {
            const QAbstractItemModel* m = v->model();
            for (int c = 0; c < m->columnCount(); ++c) {
                add(m->headerData(c, Qt::Horizontal).toString());
                add(m->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
                for (int r = 0; r < std::min(m->rowCount(), 20); ++r) {
                    add(m->data(m->index(r, c)).toString());
                    add(m->data(m->index(r, c), Qt::ToolTipRole).toString());
                }
            }
        }
    }
    for (QAction* a : w.findChildren<QAction*>()) {
        add(a->text());
        add(a->toolTip());
        add(a->statusTip());
    }
    // Painted on the timeline: lane names, the legend, the overlay's badge and caption.
    const TraceModel& model = *w.session()->model();
    for (int i = 0; i < model.laneCount(); ++i)
        add(TimelineStyle::laneName(model, i));
    for (const LegendEntry& e : TimelineStyle::legend(model))
        add(e.text);
    add(w.timeline()->overlay().badge);
    add(w.timeline()->overlay().caption);
    // Painted on the queue and memory charts: series names and axis titles.
    for (CounterChartView* c : {w.charts()->queue(), w.charts()->memory()}) {
        for (QAbstractSeries* s : c->chart()->series())
            add(s->name());
        for (QAbstractAxis* a : c->chart()->axes())
            add(a->titleText());
    }
    return out;
}

/// The shown texts that are, whole, a catalogue text of the language not chosen.
QStringList otherLanguage(const QStringList& texts, const std::vector<Pair>& pairs, bool turkishShown)
{
    QStringList found;
    for (const QString& t : texts)
        for (const Pair& p : pairs) {
            const QRegularExpression& other = turkishShown ? p.enRe : p.trRe;
            const QRegularExpression& own = turkishShown ? p.trRe : p.enRe;
            if (other.match(t).hasMatch() && !own.match(t).hasMatch()) {
                found << QStringLiteral("\"%1\" (%2)").arg(t.left(80), turkishShown ? p.en.left(60) : p.tr.left(60));
                break;
            }
        }
    found.removeDuplicates();
    return found;
}

} // namespace

class TestI18n : public QObject
{
    Q_OBJECT
private slots:
    void turkishChangesTexts();
    void retranslationLeavesNoOtherLanguage();
    void recommendationsTranslate();
    void figuresInTheLocale_data();
    void figuresInTheLocale();
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
    const QString laneEn = TimelineStyle::laneName(model, model.laneIndex(TraceModel::LaneKind::Main));
    const QString copyEn = TimelineStyle::laneName(model, model.laneIndex(TraceModel::LaneKind::Copy));
    w.lessonsPanel()->setCurrentLesson(4);
    const QString lessonEn = w.lessonsPanel()->explanationText();

    QVERIFY(translator.setLanguage(QStringLiteral("tr")));
    QCoreApplication::processEvents(); // LanguageChange reaches every widget
    QVERIFY(w.windowTitle() != titleEn);
    QVERIFY2(w.windowTitle().contains(QStringLiteral("zaman çizelgesi")), qPrintable(w.windowTitle()));
    QCOMPARE(TimelineStyle::laneName(model, model.laneIndex(TraceModel::LaneKind::Main)), QStringLiteral("ana süreç (eğitim döngüsü)"));
    QCOMPARE(TimelineStyle::laneName(model, model.laneIndex(TraceModel::LaneKind::Copy)), QStringLiteral("GPU kopya (simüle)"));
    QVERIFY(w.lessonsPanel()->explanationText() != lessonEn);
    QVERIFY(w.lessonsPanel()->explanationText().contains(QStringLiteral("sayfa-kilitli")));
    // One Turkish word for pinned memory everywhere, the lessons' own (issue 47: "pinned" and
    // "sabitlenmiş" stood in one view): the English word only beside it, in parentheses.
    for (const Pair& p : catalogue()) {
        const QString tr = p.tr;
        QVERIFY2(!tr.contains(QStringLiteral("sabitlenmiş")), qPrintable(tr));
        QString bare = tr;
        bare.remove(QStringLiteral("(pinned)"));
        bare.remove(QRegularExpression(QStringLiteral("[a-z_]*pin_memory[a-z_=]*|pin-memory|\\bpin\\b")));
        QVERIFY2(!bare.contains(QStringLiteral("pinned")), qPrintable(tr));
    }
    QCOMPARE(SummaryText::verdictForStall(0.5), QStringLiteral("yüksek düzeyde girdi darboğazı"));
    // the quiz answers in Turkish too
    w.lessonsPanel()->answer(0);
    QVERIFY(w.lessonsPanel()->resultText().contains(QStringLiteral("Doğru")));

    QVERIFY(translator.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(w.windowTitle(), titleEn);
    QCOMPARE(TimelineStyle::laneName(model, model.laneIndex(TraceModel::LaneKind::Main)), laneEn);
    QCOMPARE(TimelineStyle::laneName(model, model.laneIndex(TraceModel::LaneKind::Copy)), copyEn);
}

void TestI18n::retranslationLeavesNoOtherLanguage()
{
    // A real run (summary, advice, worker table, timeline, queue chart), then EN -> TR -> EN -> TR:
    // after each switch no widget, menu, tooltip, table or painted label shows a text of the
    // other language.
    const std::vector<Pair> pairs = catalogue();
    QVERIFY(pairs.size() > 200);
    Translator translator;
    QVERIFY(translator.setLanguage(QStringLiteral("en")));
    MainWindow w(&translator);
    w.session()->setEnginePath(enginePath());
    w.resize(1400, 900);
    w.show();
    w.loadPreset(QStringLiteral("num_workers_4"));
    QSignalSpy finished(w.session(), &RunSession::runFinished);
    w.run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(w.charts()->queue()->isVisible(), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(w.charts()->memory()->isVisible(), 5000);
    const QStringList english = shownTexts(w);
    QVERIFY(english.size() > 150);
    QVERIFY2(otherLanguage(english, pairs, false).isEmpty(), qPrintable(otherLanguage(english, pairs, false).join(QLatin1Char('\n'))));
    for (const char* lang : {"tr", "en", "tr", "en"}) {
        const bool turkish = QLatin1String(lang) == QLatin1String("tr");
        QVERIFY(translator.setLanguage(QLatin1String(lang)));
        // The chart and timeline refresh on their timers: wait until nothing of the other
        // language is shown, then say what still is if that never came.
        static_cast<void>(QTest::qWaitFor([&] { return otherLanguage(shownTexts(w), pairs, turkish).isEmpty(); }, 10000));
        const QStringList shown = shownTexts(w);
        const QStringList wrong = otherLanguage(shown, pairs, turkish);
        QVERIFY2(wrong.isEmpty(), qPrintable(QStringLiteral("%1: ").arg(QLatin1String(lang)) + wrong.join(QLatin1Char('\n'))));
        if (turkish) // the walk sees the translated texts at all
            QVERIFY(shown.contains(QStringLiteral("Yapılandırma")) || shown.join(QLatin1Char('|')).contains(QStringLiteral("Özet")));
    }
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
    // Every id and variant in both languages, with its arguments: tst_sentences.
    translator.setLanguage(QStringLiteral("en"));
}

void TestI18n::figuresInTheLocale_data()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("tr") << QStringLiteral("tr");
}

void TestI18n::figuresInTheLocale()
{
    // Every figure through the one formatter of the current locale: the sweep's progress line
    // and the Prove it line (raw "samples_per_s=1154.329433" and "3041.36 samples/s" before), the
    // sweep chart's axis (ungrouped "8000" next to the table's "6,389"), the progress bar ("40%"
    // in Turkish), and the engine's sentences' percents (one style: "22%", the app's English;
    // the app writes "%22" in Turkish).
    QFETCH(QString, lang);
    const bool turkish = lang == QLatin1String("tr");
    Translator translator;
    QVERIFY(translator.setLanguage(lang));
    static const QRegularExpression rawFloat(QStringLiteral("\\d[.,]\\d{4,}"));
    static const QRegularExpression ungrouped(QStringLiteral("(?<![\\d.,])\\d{4,}(?![\\d])"));
    const QRegularExpression wrongPercent(turkish ? QStringLiteral("\\d\\s?%") : QStringLiteral("\\d\\s%|%\\s?\\d"));
    auto check = [&](const QString& where, const QString& text) {
        QVERIFY2(!rawFloat.match(text).hasMatch(), qPrintable(QStringLiteral("%1: a raw float in \"%2\"").arg(where, text)));
        QVERIFY2(!ungrouped.match(text).hasMatch(), qPrintable(QStringLiteral("%1: an ungrouped number in \"%2\"").arg(where, text)));
        QVERIFY2(!wrongPercent.match(text).hasMatch(), qPrintable(QStringLiteral("%1: a percent not in the %2 style in \"%3\"").arg(where, lang, text)));
    };
    const QString thousand = turkish ? QStringLiteral("1.154") : QStringLiteral("1,154");
    const QString sweepLine = SummaryText::progress(QStringLiteral("num_workers=1 samples_per_s=1154.329433"));
    check(QStringLiteral("sweep progress"), sweepLine);
    QVERIFY2(sweepLine.contains(thousand) && sweepLine.contains(QStringLiteral("num_workers = 1")), qPrintable(sweepLine));
    const QString proofLine = SummaryText::progress(QStringLiteral("num_workers_io_bound loader.num_workers=4 samples_per_s=1154.3"));
    check(QStringLiteral("Prove it progress"), proofLine);
    QVERIFY2(proofLine.contains(thousand) && proofLine.contains(QStringLiteral("num_workers = 4")), qPrintable(proofLine));
    const QString ranLine = SummaryText::progress(QStringLiteral("ran the configuration: 3041.36 samples/s"));
    check(QStringLiteral("Prove it first run"), ranLine);
    QVERIFY2(ranLine.contains(turkish ? QStringLiteral("3.041") : QStringLiteral("3,041")), qPrintable(ranLine));

    // A real sweep in the dialog: its progress lines, its progress bar and its chart's axis.
    SweepDialog d(R"({"dataset":{"length":4096,"sample_bytes":64,"io_latency_us":0},"loader":{"batch_size":32,"num_workers":0},
                     "train":{"step_us":0},"device":{"backend":"sim"}})",
                  enginePath());
    d.resize(1000, 800);
    d.show();
    d.setKnob(0, QStringLiteral("num_workers"), QStringLiteral("0,1"));
    d.setKnob(1, QString(), QString());
    d.setBatches(20);
    QSignalSpy done(&d, &SweepDialog::finished);
    QStringList statuses;
    d.start();
    QVERIFY(QTest::qWaitFor([&] {
        for (const QLabel* l : d.findChildren<QLabel*>())
            if (!statuses.contains(l->text()))
                statuses << l->text();
        return !done.isEmpty();
    }, 60000));
    bool sawProgress = false;
    for (const QString& t : statuses)
        if (t.contains(turkish ? QStringLiteral("örnek/s") : QStringLiteral("samples/s"))) {
            sawProgress = true;
            check(QStringLiteral("sweep dialog"), t);
        }
    QVERIFY2(sawProgress, qPrintable(statuses.join(QStringLiteral(" | "))));
    QProgressBar* bar = d.findChild<QProgressBar*>();
    QVERIFY(bar);
    bar->setRange(0, 100);
    bar->setValue(40);
    QCOMPARE(bar->text(), turkish ? QStringLiteral("%40") : QStringLiteral("40%"));
    // The chart's axis labels: the samples/s axis reaches thousands here, grouped as the table.
    auto* view = d.findChild<QChartView*>();
    QVERIFY(view && view->chart());
    QCoreApplication::processEvents();
    QStringList axisLabels;
    for (QGraphicsItem* item : view->scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item))
            axisLabels << text->toPlainText();
        else if (auto* simple = dynamic_cast<QGraphicsSimpleTextItem*>(item))
            axisLabels << simple->text();
    const QString table = d.table()->item(0, 1)->text();
    QVERIFY2(table.contains(turkish ? QLatin1Char('.') : QLatin1Char(',')), qPrintable(table)); // thousands of samples/s
    bool grouped = false;
    for (const QString& l : axisLabels) {
        check(QStringLiteral("sweep chart axis"), l);
        grouped = grouped || QRegularExpression(turkish ? QStringLiteral("^\\d{1,3}(\\.\\d{3})+$") : QStringLiteral("^\\d{1,3}(,\\d{3})+$")).match(l).hasMatch();
    }
    QVERIFY2(grouped, qPrintable(axisLabels.join(QStringLiteral(" | "))));

    // The engine's own sentences: one percent style ("88%"), whatever the app then writes.
    const EngineResult inline0 = runEngine(R"({"dataset":{"length":64,"sample_bytes":64,"io_latency_us":2000},
        "loader":{"batch_size":8,"num_workers":0},"train":{"step_us":100},"device":{"backend":"sim"}})");
    const loaderscope::RunSummary s = loaderscope::parseRunSummary(QJsonDocument(inline0.summary).toJson().toStdString());
    QVERIFY(!s.advice.empty());
    for (const loaderscope::Advice& a : s.advice) {
        const QString engine = QString::fromStdString(a.text);
        QVERIFY2(QRegularExpression(QStringLiteral("\\d%")).match(engine).hasMatch(), qPrintable(engine));
        QVERIFY2(!QRegularExpression(QStringLiteral("\\d %")).match(engine).hasMatch(), qPrintable(QStringLiteral("the engine's percent style: ") + engine));
        check(QStringLiteral("advice"), SummaryText::advice(a));
    }
    check(QStringLiteral("summary"), SummaryText::lines(s).join(QLatin1Char('\n')));
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
    // As gui/CMakeLists.txt runs it: the engine's texts marked with LS_TRANSLATE_NOOP (the
    // catalogue of sentences, the timeline's labels of event kinds) are read with the app's sources.
    lupdate.start(QStringLiteral(LUPDATE_PATH), {QStringLiteral("-silent"), QStringLiteral("-locations"), QStringLiteral("none"),
                                                 QStringLiteral("-tr-function-alias"), QStringLiteral("QT_TRANSLATE_NOOP+=LS_TRANSLATE_NOOP"),
                                                 QStringLiteral(LOADERSCOPE_SOURCE_DIR "/gui"),
                                                 QStringLiteral(LOADERSCOPE_SOURCE_DIR "/engine/src/base/sentences.cpp"),
                                                 QStringLiteral(LOADERSCOPE_SOURCE_DIR "/engine/src/base/events.cpp"),
                                                 QStringLiteral("-ts"), copy});
    QVERIFY(lupdate.waitForFinished(120000));
    QCOMPARE(lupdate.exitCode(), 0);
    const TsCounts after = countTs(copy);
    QCOMPARE(after.unfinished, 0); // a new tr() string without a Turkish translation fails here
    QCOMPARE(after.vanished, 0);   // a translation kept for a string no longer used
}

QTEST_MAIN(TestI18n)
#include "tst_i18n.moc"

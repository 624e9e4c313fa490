// SPDX-License-Identifier: MIT
// Exported pictures keep every word: at 1280x720, 1600x900 and 1920x1080, in English and Turkish,
// a default run's picture and lesson 9's (dark, its GPU lanes framed, its "Look:" hint) are painted
// onto a device that records each piece of text the picture draws (a QPaintEngine of its own), and
// no piece may be elided ("…"), run past the page or its clip, or overlap another; the title, the
// hint, every summary line (the advice) and the framed lanes' names must all be there. The runs
// are short real engine runs of the default config and of lesson 9's preset. Asked for (issue 49),
// the step chart with its marks and the slowest-samples table join them, whole or named as left out.
#include "testutil.h"

#include "workshop/model/lessons.h"
#include "config/model/presets.h"
#include "runs/model/runsession.h"
#include "common/model/summarytext.h"
#include "timeline/draw/timelinestyle.h"
#include "timeline/model/tracemodel.h"
#include "common/model/translator.h"
#include "app/exporter.h"
#include "app/picturerequest.h"
#include "advice/model/slowsampletable.h"

#include "loaderscope/config/config.h"

#include <QApplication>
#include <QImage>
#include <QJsonDocument>
#include <QPaintEngine>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace testutil;

namespace {

/// One piece of text the picture drew: its words and where (page pixels).
struct TextRun
{
    QString text;
    QRectF rect;
    std::optional<QRectF> clip; ///< the painter's clip when it was drawn
};

/// A paint engine that keeps the text drawn and nothing else.
class TextRecorder : public QPaintEngine
{
public:
    TextRecorder() : QPaintEngine(QPaintEngine::AllFeatures) {}
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState&) override {}
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
    void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
    void drawPath(const QPainterPath&) override {}
    void drawTextItem(const QPointF& p, const QTextItem& item) override
    {
        const QTransform t = painter()->combinedTransform();
        TextRun r;
        r.text = item.text();
        r.rect = t.mapRect(QRectF(p.x(), p.y() - item.ascent(), item.width(), item.ascent() + item.descent()));
        if (painter()->hasClipping())
            r.clip = t.mapRect(painter()->clipBoundingRect());
        runs.push_back(r);
    }
    Type type() const override { return QPaintEngine::User; }
    std::vector<TextRun> runs;
};

class TextDevice : public QPaintDevice
{
public:
    explicit TextDevice(QSize size) : m_size(size) {}
    QPaintEngine* paintEngine() const override { return &m_engine; }
    std::vector<TextRun>& runs() { return m_engine.runs; }

protected:
    int metric(PaintDeviceMetric m) const override
    {
        switch (m) {
        case PdmWidth: return m_size.width();
        case PdmHeight: return m_size.height();
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY: return 96;
        case PdmDepth: return 32;
        case PdmNumColors: return INT_MAX;
        case PdmDevicePixelRatio: return 1;
        case PdmDevicePixelRatioScaled: return int(QPaintDevice::devicePixelRatioFScale());
        case PdmWidthMM: return m_size.width() * 254 / 960;
        case PdmHeightMM: return m_size.height() * 254 / 960;
        default: return 0;
        }
    }

private:
    QSize m_size;
    mutable TextRecorder m_engine;
};

/// A short run of `config` on the real engine, into `session`.
bool runInto(RunSession& session, const QByteArray& config)
{
    session.setEnginePath(enginePath());
    QSignalSpy finished(&session, &RunSession::runFinished);
    session.start(config);
    return finished.wait(60000);
}

QStringList words(const QString& text)
{
    return text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
}

/// The first words of the line that names what a picture left out, in the current language.
QString leftOutWords()
{
    return QCoreApplication::translate("Exporter", "Left out at this size: %1. Export a larger picture to see them.")
        .section(QStringLiteral("%1"), 0, 0)
        .trimmed();
}

/// The text of `run`'s picture at `o.size`, painted onto the recording device: each piece, and
/// all of it in one string (`all`).
std::vector<TextRun> paintedText(const RunSession& run, const ExportOptions& o, QString* all)
{
    const qint64 end = std::max<qint64>(run.model()->endTime(), 1'000'000);
    TextDevice device(o.size);
    {
        QPainter p(&device);
        paintPicture(p, QRectF(QPointF(0, 0), QSizeF(o.size)), *run.model(), Viewport{0, end + end / 50}, o);
    }
    for (const TextRun& r : device.runs())
        *all += r.text + QLatin1Char(' ');
    return device.runs();
}

/// What is wrong with the text of one picture (empty: nothing).
QStringList problems(const std::vector<TextRun>& runs, const QRectF& page, const ExportOptions& o, const QStringList& mustShow)
{
    QStringList out;
    QString all;
    for (const TextRun& r : runs)
        all += r.text + QLatin1Char(' ');
    for (const TextRun& r : runs) {
        // "…" from QFontMetrics::elidedText, "..." from Qt Charts' own eliding of labels and titles.
        if (r.text.contains(QChar(0x2026)) || r.text.contains(QLatin1String("...")))
            out << QStringLiteral("elided: \"%1\"").arg(r.text);
        if (!page.adjusted(-1, -1, 1, 1).contains(r.rect))
            out << QStringLiteral("past the page: \"%1\" at %2,%3 %4x%5").arg(r.text).arg(r.rect.x()).arg(r.rect.y()).arg(r.rect.width()).arg(r.rect.height());
        else if (r.clip && !r.clip->adjusted(-1, -1, 1, 1).contains(r.rect))
            out << QStringLiteral("clipped: \"%1\"").arg(r.text);
    }
    for (size_t i = 0; i < runs.size(); ++i)
        for (size_t j = i + 1; j < runs.size(); ++j) {
            const QRectF a = runs[i].rect.adjusted(1, 1, -1, -1), b = runs[j].rect.adjusted(1, 1, -1, -1);
            if (!runs[i].text.trimmed().isEmpty() && !runs[j].text.trimmed().isEmpty() && a.intersects(b))
                out << QStringLiteral("overlap: \"%1\" and \"%2\"").arg(runs[i].text, runs[j].text);
        }
    QStringList whole = {o.title, o.overlay.caption};
    // Every summary line is drawn, or is advice beyond the first that the picture's last line
    // says it left out (issue 47: the fifteenth line and on were dropped without a word).
    const bool noted = all.contains(leftOutWords());
    for (int i = 0; i < o.summaryLines.size(); ++i) {
        const QString& line = o.summaryLines[i];
        const bool advice = i > o.figureLines + 2 && (line.startsWith(QStringLiteral("• ")) || line.startsWith(QStringLiteral("  ")));
        if (!(advice && noted))
            whole << line;
    }
    whole += mustShow;
    for (const QString& text : whole)
        for (const QString& w : words(text))
            if (!all.contains(w)) {
                out << QStringLiteral("missing \"%1\" of \"%2\"").arg(w, text);
                break;
            }
    return out;
}

} // namespace

class TestExports : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void noTextCut_data();
    void noTextCut();
    void leftOutIsNamed_data();
    void leftOutIsNamed();
    void svgLinesFitAnotherRenderer();
    void stepChartAndSlowSamples_data();
    void stepChartAndSlowSamples();
    void crowdedMarksAreCounted();
    void cleanupTestCase() { QCOMPARE(loaderscopeSegments(), QStringList()); }

private:
    Translator m_translator;
    RunSession m_default, m_lesson;
    QByteArray m_lessonConfig;
    int m_lessonIndex = -1;
};

void TestExports::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(runInto(m_default, QByteArray::fromStdString(loaderscope::defaultConfigJson())));
    LessonLibrary lessons;
    QVERIFY(lessons.load());
    // Lesson 9: the head-of-line lesson with its GPU lanes (the picture that lost them at 1280x720).
    m_lessonIndex = 8;
    m_lessonConfig = Presets::json(lessons.lessons()[m_lessonIndex].preset);
    QVERIFY(runInto(m_lesson, m_lessonConfig));
}

void TestExports::noTextCut_data()
{
    QTest::addColumn<QString>("picture");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("lang");
    for (const char* picture : {"default run", "lesson 9 dark"})
        for (const QSize size : {QSize(1280, 720), QSize(1600, 900), QSize(1920, 1080)})
            for (const char* lang : {"en", "tr"})
                QTest::addRow("%s %dx%d %s", picture, size.width(), size.height(), lang)
                    << QString::fromLatin1(picture) << size << QString::fromLatin1(lang);
}

void TestExports::noTextCut()
{
    QFETCH(QString, picture);
    QFETCH(QSize, size);
    QFETCH(QString, lang);
    QVERIFY(m_translator.setLanguage(lang));
    const bool lesson = picture.startsWith(QLatin1String("lesson"));
    RunSession& run = lesson ? m_lesson : m_default;
    ExportOptions o;
    QStringList mustShow;
    if (lesson) {
        LessonLibrary lessons;
        QVERIFY(lessons.load());
        const Lesson& l = lessons.lessons()[m_lessonIndex];
        const TimelineOverlay overlay = lessonOverlay(l);
        o = PictureRequest::options(QJsonDocument::fromJson(m_lessonConfig).object(), run.summary(), overlay, LessonLibrary::text(l.title));
        o.theme = TimelineTheme::dark();
        QVERIFY(!overlay.lanes.empty());
        QVERIFY(!overlay.caption.isEmpty());
        bool framed = false;
        for (int li = 0; li < run.model()->laneCount(); ++li)
            framed = framed || std::find(overlay.lanes.begin(), overlay.lanes.end(), run.model()->lane(li).kind) != overlay.lanes.end();
        QVERIFY2(framed, "lesson 9's run has none of the lanes it frames");
    } else {
        o = PictureRequest::options(QJsonDocument::fromJson(QByteArray::fromStdString(loaderscope::defaultConfigJson())).object(),
                                    run.summary());
    }
    o.size = size;
    // Every lane is drawn with its name: those the lesson frames, and the GPU lanes under them.
    for (int li = 0; li < run.model()->laneCount(); ++li)
        if (!run.model()->lane(li).hidden)
            mustShow << TimelineStyle::laneName(*run.model(), li);
    const qint64 end = std::max<qint64>(run.model()->endTime(), 1'000'000);
    TextDevice device(size);
    {
        QPainter p(&device);
        paintPicture(p, QRectF(QPointF(0, 0), QSizeF(size)), *run.model(), Viewport{0, end + end / 50}, o);
    }
    QVERIFY2(device.runs().size() > 20, "the recording device saw almost no text");
    const QStringList found = problems(device.runs(), QRectF(QPointF(0, 0), QSizeF(size)), o, mustShow);
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("\n"))));
}

void TestExports::leftOutIsNamed_data()
{
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("tr") << QStringLiteral("tr");
}

void TestExports::leftOutIsNamed()
{
    // A 1280x720 picture of a run with twenty long pieces of advice: what does not fit (advice
    // beyond the first, a chart) is named on its last line; nothing goes without a word.
    QFETCH(QString, lang);
    QVERIFY(m_translator.setLanguage(lang));
    ExportOptions o = PictureRequest::options(QJsonDocument::fromJson(QByteArray::fromStdString(loaderscope::defaultConfigJson())).object(),
                                              m_default.summary());
    if (!o.summaryLines.contains(QCoreApplication::translate("SummaryText", "What to change:")))
        o.summaryLines << QCoreApplication::translate("SummaryText", "What to change:");
    for (int i = 0; i < 20; ++i)
        o.summaryLines << QStringLiteral("• advice %1: ").arg(i) +
                              QStringLiteral("the loop waits for data while the workers sleep on their reads; raise num_workers ").repeated(2);
    const QSize size(1280, 720);
    o.size = size;
    QString all;
    const std::vector<TextRun> runs = paintedText(m_default, o, &all);
    QVERIFY2(all.contains(leftOutWords()), qPrintable(all.right(600)));
    QVERIFY2(all.contains(QCoreApplication::translate("Exporter", "the rest of the advice (%1 of its lines)").section(QStringLiteral("("), 0, 0).trimmed()),
             qPrintable(all.right(600)));
    QVERIFY(all.contains(QStringLiteral("advice 0:"))); // the first advice stays
    // A chart the picture has no room for is named too (its axis title is then nowhere).
    const QString memoryTitle = QStringLiteral("MiB");
    if (!all.contains(memoryTitle))
        QVERIFY2(all.contains(QCoreApplication::translate("Exporter", "the memory chart")), qPrintable(all.right(600)));
    const QStringList found = problems(runs, QRectF(QPointF(0, 0), QSizeF(size)), o, {});
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("\n"))));
}

void TestExports::svgLinesFitAnotherRenderer()
{
    // The SVG drawn by rsvg-convert (librsvg, Debian's; run.sh installs it): no advice line runs
    // off the picture's right edge (issue 47: one long <text> per line ran off it).
    const QString rsvg = QStandardPaths::findExecutable(QStringLiteral("rsvg-convert"));
    if (rsvg.isEmpty())
        QSKIP("rsvg-convert is missing (Debian: librsvg2-bin; ./run.sh installs it)");
    QVERIFY(m_translator.setLanguage(QStringLiteral("en")));
    ExportOptions o = PictureRequest::options(QJsonDocument::fromJson(QByteArray::fromStdString(loaderscope::defaultConfigJson())).object(),
                                              m_default.summary());
    o.summaryLines << QStringLiteral("• ") + QStringLiteral("copies from pageable memory block the host while the driver stages them; ").repeated(4);
    o.size = QSize(1280, 720);
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("t.svg")), png = dir.filePath(QStringLiteral("t.png"));
    QString error;
    const qint64 end = std::max<qint64>(m_default.model()->endTime(), 1'000'000);
    QVERIFY2(exportPicture(svg, *m_default.model(), Viewport{0, end + end / 50}, o, &error), qPrintable(error));
    QProcess p;
    p.start(rsvg, {QStringLiteral("-o"), png, svg});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    QImage img(png);
    // rsvg-convert turns the SVG's size (in mm at 96 dpi) back into pixels: one more at most.
    QVERIFY2(std::abs(img.width() - o.size.width()) <= 1 && std::abs(img.height() - o.size.height()) <= 1,
             qPrintable(QStringLiteral("%1x%2").arg(img.width()).arg(img.height())));
    // The summary's rows (from its first line, found by painting the same picture onto the text
    // recorder): the last 6 pixel columns are the background only.
    TextDevice device(o.size);
    {
        QPainter painter(&device);
        paintPicture(painter, QRectF(QPointF(0, 0), QSizeF(o.size)), *m_default.model(), Viewport{0, end + end / 50}, o);
    }
    double top = -1;
    for (const TextRun& r : device.runs())
        if (top < 0 && o.summaryLines[0].startsWith(r.text.left(12)) && !r.text.isEmpty())
            top = r.rect.top();
    QVERIFY2(top > 0, "the summary's first line was not drawn");
    const QRgb background = img.pixel(1, img.height() - 2); // the page's own fill, bottom left
    int inked = 0;
    for (int y = int(top); y < o.size.height() - 1; ++y)
        for (int x = o.size.width() - 6; x < o.size.width() - 1; ++x)
            inked += img.pixel(x, y) != background;
    QCOMPARE(inked, 0);
}

QTEST_MAIN(TestExports)
#include "tst_exports.moc"

void TestExports::stepChartAndSlowSamples_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("lang");
    for (const QSize size : {QSize(1280, 720), QSize(1920, 1080), QSize(480, 1000)}) // the last too narrow for the table
        for (const char* lang : {"en", "tr"})
            QTest::addRow("%dx%d %s", size.width(), size.height(), lang) << size << QString::fromLatin1(lang);
}

void TestExports::stepChartAndSlowSamples()
{
    // Asked for: the step chart under the others, its epoch mark labelled; the slowest samples'
    // table under the summary, its headers and the slowest sample's index drawn, or its rows
    // beyond those that fit named on the last line. Nothing cut, nothing overlapping.
    QFETCH(QSize, size);
    QFETCH(QString, lang);
    QVERIFY(m_translator.setLanguage(lang));
    ExportOptions o = PictureRequest::options(QJsonDocument::fromJson(QByteArray::fromStdString(loaderscope::defaultConfigJson())).object(),
                                              m_default.summary());
    o.size = size;
    o.stepChart = true;
    o.slowSamples = 20;
    const auto& slow = m_default.summary().figures.slowest_samples;
    QVERIFY(slow.size() >= 5);
    QVERIFY(!m_default.model()->steps().empty());
    QVERIFY(!m_default.model()->marks().marks().empty());
    QString all;
    const std::vector<TextRun> runs = paintedText(m_default, o, &all);
    const QString stepChartOut = QCoreApplication::translate("Exporter", "the step chart");
    const bool stepChartShown = !all.contains(stepChartOut);
    if (size.height() >= 1080)
        QVERIFY2(stepChartShown, qPrintable(all.right(600)));
    if (stepChartShown) // its legend, and the first epoch's mark along its top
        QVERIFY2(all.contains(QCoreApplication::translate("CounterSeries", "waiting for data")) &&
                     all.contains(QCoreApplication::translate("StepMarks", "epoch %1").arg(m_default.model()->marks().marks().front().value)),
                 qPrintable(all.right(900)));
    const QString title = QCoreApplication::translate("Exporter", "The slowest samples (%1)").section(QStringLiteral("("), 0, 0).trimmed();
    const QString tableOut = QCoreApplication::translate("Exporter", "the slowest samples' table");
    if (size.width() < 600) { // too narrow for its columns: left out, and named on the last line
        QVERIFY2(all.contains(tableOut) && !all.contains(title), qPrintable(all.right(600)));
        QVERIFY(runs.back().text.contains(leftOutWords()) || all.right(400).contains(leftOutWords()));
    } else {
        QVERIFY2(all.contains(SlowSampleTable::headers()[7]), qPrintable(all.right(900))); // "Batch wait"
        QVERIFY(all.contains(title));
        QVERIFY(all.contains(QLocale().toString(qlonglong(slow.front().sample))));
    }
    // Every row drawn, or the rows left out named on the last line.
    const QString rowsOut = QCoreApplication::translate("Exporter", "the slowest samples beyond the first %1").section(QStringLiteral("%1"), 0, 0).trimmed();
    if (size.width() < 600) {
    } else if (!all.contains(rowsOut))
        for (size_t i = 0; i < std::min<size_t>(slow.size(), 20); ++i)
            QVERIFY2(all.contains(QLocale().toString(qlonglong(slow[i].sample))), qPrintable(QStringLiteral("row %1 missing").arg(i + 1)));
    else {
        QVERIFY2(all.contains(leftOutWords()), qPrintable(all.right(600)));
        // The line naming what was left out is the picture's last, under the table.
        double noteTop = -1, tableTop = -1;
        for (const TextRun& r : runs) {
            if (r.text.contains(leftOutWords().section(QLatin1Char(' '), 0, 1)))
                noteTop = std::max(noteTop, r.rect.top());
            if (r.text.startsWith(title))
                tableTop = r.rect.top();
        }
        QVERIFY2(tableTop > 0 && noteTop > tableTop, qPrintable(QStringLiteral("note at %1, table at %2").arg(noteTop).arg(tableTop)));
    }
    const QStringList found = problems(runs, QRectF(QPointF(0, 0), QSizeF(size)), o, {});
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("\n"))));
}

void TestExports::crowdedMarksAreCounted()
{
    // Four of the job's marks within a few ms on a 1 s loop: one label has room, the three that
    // would overlap it or share its pixel are counted on the chart ("+3 more labels"), never
    // dropped unsaid.
    QVERIFY(m_translator.setLanguage(QStringLiteral("en")));
    using loaderscope::Event;
    using loaderscope::EventKind;
    TraceModel m;
    m.reset(0, 1, true);
    std::vector<Event> events;
    uint64_t t = 1'000'000;
    for (int i = 0; i < 100; ++i) {
        const int64_t key = loaderscope::batchKey(0, i);
        events.push_back(Event{t, t + 2'000'000, key, 0, 8, EventKind::WaitData, loaderscope::LaneMain});
        events.push_back(Event{t + 2'000'000, t + 10'000'000, key, 0, 0, EventKind::Step, loaderscope::LaneMain});
        t += 10'000'000;
    }
    // Two a few ms apart (their labels would overlap), then two at the same µs (one pixel).
    for (const char* label : {"checkpoint", "eval", "lr drop", "save"}) {
        const auto w = loaderscope::markPayload(label);
        t = 500'000'000 + std::min<uint64_t>(events.size() % 7, 5) * 1'000'000;
        events.push_back(Event{t, t, w[0], w[1], w[2], EventKind::Mark, loaderscope::LaneMain});
    }
    m.append(events);
    QCOMPARE(m.marks().marks().size(), size_t(4));
    ExportOptions o;
    o.size = QSize(1600, 900);
    o.stepChart = true;
    TextDevice device(o.size);
    {
        QPainter p(&device);
        paintPicture(p, QRectF(QPointF(0, 0), QSizeF(o.size)), m, Viewport{0, qint64(t) + 100'000'000}, o);
    }
    QString all;
    for (const TextRun& r : device.runs())
        all += r.text + QLatin1Char(' ');
    int labels = 0;
    for (const char* label : {"checkpoint", "eval", "lr drop", "save"})
        labels += all.contains(QString::fromLatin1(label));
    QCOMPARE(labels, 1);
    QVERIFY2(all.contains(QCoreApplication::translate("StepMarks", "+%1 more labels (overlapping)").arg(3)), qPrintable(all.right(400)));
}

// SPDX-License-Identifier: MIT
// Opening recordings made anywhere (File ▸ Open recording(s)…, loaderscope --open-recording,
// loaderscope-engine analyze --recording): one recording in the main window, several as the ranks
// of one job (a table sorted by data stall, the straggler first, any rank's timeline on a double
// click), a truncated file shown up to where it stops, a file that is no recording refused, and
// the headless picture. The recordings are made here by short real engine runs.
//
// The window is driven through Qt's meta-object system and object names (openRecordings,
// "recordingRanks", "rankTable", …) so that the test states the behaviour on its own.
#include "testutil.h"
#include "jobs/recordingranks.h"
#include "advice/statisticswindow.h"

#include "config/model/configfields.h"
#include "runs/model/runsession.h"
#include "timeline/model/tracemodel.h"
#include "config/configpanel.h"
#include "app/fileactions.h"
#include "app/mainwindow.h"
#include "advice/summarypanel.h"
#include "timeline/timelineview.h"
#include "common/model/translator.h"
#include "common/model/summarytext.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace testutil;

namespace {

/// A short run whose loop waits for data about as much as `ioLatencyUs` makes it.
QByteArray rankConfig(int ioLatencyUs)
{
    return QStringLiteral(R"({"dataset":{"length":96,"sample_bytes":4096,"io_latency_us":%1},
        "loader":{"batch_size":8,"num_workers":2},"train":{"step_us":3000},"device":{"backend":"sim"}})")
        .arg(ioLatencyUs)
        .toUtf8();
}

QWidget* topLevel(const char* objectName)
{
    for (QWidget* w : QApplication::topLevelWidgets())
        if (w->objectName() == QLatin1String(objectName) && w->isVisible())
            return w;
    return nullptr;
}

} // namespace

class TestOpenRecording : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void engineRecordingOpensInTheMainWindow();
    void undescribedRecordingSaysSo();
    void severalRanksAreATableStragglerFirst();
    void sixtyFourRanks();
    void truncatedRecordingShowsWhatItHolds();
    void damagedRecordingShowsWhatComesBefore();
    void notARecordingIsRefused();
    void headlessExportDrawsIt();
    void analyzeTakesRecordings();
    void ownTracesOpenAsTheirRuns_data();
    void ownTracesOpenAsTheirRuns();
    void cleanup();

private:
    /// Opens `paths` through FileActions::openRecordings; false when the slot does not exist.
    bool open(MainWindow& w, const QStringList& paths);

    QTemporaryDir m_dir;
    QStringList m_ranks; ///< rank 0, 1, 2: rank 2 starved (slow storage)
    QList<QJsonObject> m_rankSummaries; ///< the engine's own summary of each
    Translator m_translator;
};

void TestOpenRecording::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    const int latency[3] = {20, 40, 6000};
    for (int r = 0; r < 3; ++r) {
        const QString path = m_dir.filePath(QStringLiteral("events-rank%1.lsrec").arg(r));
        const EngineResult res = runEngine(rankConfig(latency[r]), {QStringLiteral("--events"), path});
        QVERIFY2(res.finished && res.exitCode == 0, res.err.constData());
        m_rankSummaries << res.summary;
        QVERIFY(QFileInfo(path).size() > 0);
        m_ranks << path;
    }
}

bool TestOpenRecording::open(MainWindow& w, const QStringList& paths)
{
    return QMetaObject::invokeMethod(w.files(), "openRecordings", Q_ARG(QStringList, paths));
}

void TestOpenRecording::engineRecordingOpensInTheMainWindow()
{
    MainWindow w(&m_translator);
    w.show();
    // Somebody else's configuration in the form first: the recording's replaces it.
    w.loadPreset(QStringLiteral("pageable"));
    QVERIFY(jsonAt(w.configPanel()->config(), QStringLiteral("train.step_us")).toInt() != 3000);
    QVERIFY2(open(w, {m_ranks[0]}), "FileActions::openRecordings is missing");
    // Every event of the run is in the main timeline, its figures in the summary.
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->model()->eventCount() > 0, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(w.statusText().contains(QStringLiteral("events-rank0.lsrec")), 5000);
    QCOMPARE(w.session()->model()->numWorkers(), 2);
    QVERIFY(w.summaryPanel()->summary().figures.batches == 12);
    QCOMPARE(QString::fromStdString(w.summaryPanel()->summary().source), QStringLiteral("engine"));
    QVERIFY(w.findChild<QMessageBox*>() == nullptr);
    // Its own configuration (format 4 keeps it), in the form, and the engine's advice on it: the
    // same as the run's own summary gave.
    const QJsonObject config = w.configPanel()->config();
    QCOMPARE(jsonAt(config, QStringLiteral("train.step_us")).toInt(), 3000);
    QCOMPARE(jsonAt(config, QStringLiteral("dataset.io_latency_us")).toInt(), 20);
    QCOMPARE(jsonAt(config, QStringLiteral("loader.num_workers")).toInt(), 2);
    QVERIFY(!w.configPanel()->showingJob());
    QCOMPARE(w.session()->source(), RunSession::Source::Engine);
    QStringList shown, own;
    for (const loaderscope::Advice& a : w.summaryPanel()->summary().advice)
        shown << QString::fromStdString(a.id);
    for (const QJsonValue& a : m_rankSummaries[0].value(QStringLiteral("advice")).toArray())
        own << a.toObject().value(QStringLiteral("id")).toString();
    QVERIFY2(!own.isEmpty(), "the run gave no advice: the comparison would say nothing");
    QCOMPARE(shown, own);
}

void TestOpenRecording::undescribedRecordingSaysSo()
{
    // A recording that does not say what ran (an older format: the description taken out) shows
    // its figures and a note in place of somebody else's configuration.
    const QString path = m_dir.filePath(QStringLiteral("undescribed.lsrec"));
    const EngineResult res = runEngine(rankConfig(20), {QStringLiteral("--events"), path});
    QVERIFY(res.finished && res.exitCode == 0);
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray bytes = f.readAll();
        QVERIFY(bytes.startsWith("LSREC004"));
        // The JOBD frame (32-byte frame header, then its record) cut out; the header says version 2.
        const qsizetype at = bytes.indexOf("JOBD");
        QVERIFY(at > 0);
        quint32 payload = 0;
        std::memcpy(&payload, bytes.constData() + at + 24, 4);
        bytes.remove(at, 32 + payload);
        bytes.replace(0, 8, "LSREC002");
        QVERIFY(!bytes.contains("JOBD"));
        f.resize(0);
        f.seek(0);
        f.write(bytes);
    }
    MainWindow w(&m_translator);
    w.show();
    w.loadPreset(QStringLiteral("pageable"));
    QVERIFY(open(w, {path}));
    QTRY_VERIFY_WITH_TIMEOUT(w.summaryPanel()->summary().figures.batches == 12, 20000);
    QVERIFY(w.configPanel()->showingJob());
    QVERIFY(w.summaryPanel()->summary().advice.empty());
    bool said = false;
    for (QLabel* l : w.configPanel()->findChildren<QLabel*>())
        said = said || (l->isVisible() && l->text().startsWith(QStringLiteral("This recording does not say what ran")));
    QVERIFY(said);
    QVERIFY(w.findChild<QMessageBox*>() == nullptr);
}

void TestOpenRecording::severalRanksAreATableStragglerFirst()
{
    MainWindow w(&m_translator);
    QVERIFY(open(w, {m_ranks[0], m_ranks[1], m_ranks[2]}));
    QWidget* ranks = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((ranks = topLevel("recordingRanks")) != nullptr, 5000);
    auto* table = ranks->findChild<QTableWidget*>(QStringLiteral("rankTable"));
    QVERIFY(table);
    QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 3, 20000);
    // Sorted by data stall, the starved rank first, and named the straggler.
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("2"));
    auto stall = [&](int row) { return table->item(row, 0)->data(Qt::UserRole).toDouble(); };
    QVERIFY(stall(0) >= stall(1) && stall(1) >= stall(2));
    auto* headline = ranks->findChild<QLabel*>(QStringLiteral("headline"));
    QVERIFY(headline);
    QVERIFY2(headline->text().contains(QStringLiteral("rank 2")), qPrintable(headline->text()));
    // One timeline, the straggler's at first; a double click on another rank shows that one.
    auto* view = ranks->findChild<TimelineView*>();
    QVERIFY(view);
    auto* title = ranks->findChild<QLabel*>(QStringLiteral("timelineTitle"));
    QVERIFY(title);
    QTRY_VERIFY_WITH_TIMEOUT(title->text().contains(QStringLiteral("events-rank2.lsrec")), 20000);
    QTRY_VERIFY(view->model()->eventCount() > 0);
    const int row = table->item(2, 0)->text() == QStringLiteral("0") ? 2 : 1;
    const QString other = QStringLiteral("events-rank%1.lsrec").arg(table->item(row, 0)->text());
    emit table->cellDoubleClicked(row, 1);
    QTRY_VERIFY_WITH_TIMEOUT(title->text().contains(other), 20000);
    QTRY_VERIFY(view->model()->eventCount() > 0);

    // Statistics of all ranks (issue 49): the fetches of every rank in one distribution, the
    // slowest samples of any rank with their rank, the slowest first; a click on one shows its
    // rank's timeline.
    auto* button = ranks->findChild<QPushButton*>(QStringLiteral("rankStatistics"));
    QVERIFY(button && button->isEnabled());
    button->click();
    auto* stats = ranks->findChild<StatisticsWindow*>();
    QVERIFY(stats && stats->isVisible());
    const auto* rr = static_cast<RecordingRanksWindow*>(ranks);
    qint64 fetches = 0;
    uint64_t slowestOfAny = 0;
    for (const OpenedRecording& r : rr->ranks()) {
        for (const loaderscope::StageDistribution& d : r.digest.figures.distributions)
            if (d.stage == "fetch")
                fetches += qint64(d.all.count());
        if (!r.digest.figures.slowest_samples.empty())
            slowestOfAny = std::max(slowestOfAny, r.digest.figures.slowest_samples.front().ns);
    }
    QVERIFY(fetches > 0);
    QCOMPARE(stats->stageCell(0, 1), QLocale().toString(fetches)); // fetch: every rank's
    QVERIFY(stats->slowRows() >= 3);
    const int slowRank = stats->slowCell(0, 10).toInt();
    QVERIFY2(slowRank >= 0 && slowRank <= 2, qPrintable(stats->slowCell(0, 10)));
    const OpenedRecording* of = nullptr;
    for (const OpenedRecording& r : rr->ranks())
        if (r.rank == slowRank)
            of = &r;
    QVERIFY(of && !of->digest.figures.slowest_samples.empty());
    QCOMPARE(of->digest.figures.slowest_samples.front().ns, slowestOfAny); // the slowest of any rank first
    stats->chooseSample(0);
    QTRY_VERIFY_WITH_TIMEOUT(title->text().contains(QStringLiteral("events-rank%1.lsrec").arg(slowRank)), 20000);
    ranks->close();
}

void TestOpenRecording::sixtyFourRanks()
{
    // 64 ranks: copies of the two healthy runs, and the starved one as rank 41.
    QTemporaryDir dir;
    QStringList paths;
    for (int r = 0; r < 64; ++r) {
        paths << dir.filePath(QStringLiteral("events-rank%1.lsrec").arg(r));
        QVERIFY(QFile::copy(m_ranks[r == 41 ? 2 : r % 2], paths.back()));
    }
    QElapsedTimer t;
    t.start();
    MainWindow w(&m_translator);
    QVERIFY(open(w, paths));
    QWidget* ranks = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((ranks = topLevel("recordingRanks")) != nullptr, 5000);
    auto* table = ranks->findChild<QTableWidget*>(QStringLiteral("rankTable"));
    auto* title = ranks->findChild<QLabel*>(QStringLiteral("timelineTitle"));
    QTRY_VERIFY_WITH_TIMEOUT(title->text().contains(QStringLiteral("events-rank41.lsrec")), 10000);
    QVERIFY2(t.elapsed() < 10000, qPrintable(QString::number(t.elapsed())));
    QCOMPARE(table->rowCount(), 64);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("41"));
    QVERIFY(ranks->findChild<QLabel*>(QStringLiteral("headline"))->text().contains(QStringLiteral("rank 41")));
    // One timeline is held, whatever the number of ranks.
    QCOMPARE(ranks->findChildren<TimelineView*>().size(), qsizetype(1));
    ranks->close();
}

void TestOpenRecording::truncatedRecordingShowsWhatItHolds()
{
    const QString cut = m_dir.filePath(QStringLiteral("cut.lsrec"));
    QFile::remove(cut);
    QVERIFY(QFile::copy(m_ranks[2], cut));
    QFile f(cut);
    QVERIFY(f.open(QIODevice::ReadWrite));
    const qint64 full = f.size();
    QVERIFY(f.resize(full - 100)); // the last chunk cut short
    f.close();
    MainWindow w(&m_translator);
    w.show();
    QVERIFY(open(w, {cut}));
    QTRY_VERIFY_WITH_TIMEOUT(w.statusText().contains(QStringLiteral("stopped at byte")), 20000);
    QVERIFY2(w.statusText().contains(QStringLiteral("cut.lsrec")), qPrintable(w.statusText()));
    QVERIFY(w.session()->model()->eventCount() > 0); // what it holds up to the damage
    // The figures say so too, wherever they are shown: the summary panel (with the errors), its
    // lines, the window's picture and the headless picture of the same file.
    bool warned = false;
    for (const std::string& s : w.summaryPanel()->summary().warnings)
        warned = warned || QString::fromStdString(s).contains(QStringLiteral("stopped at byte"));
    QVERIFY(warned);
    const QString note = cut + QStringLiteral(" is truncated: reading stopped at byte");
    bool shown = false;
    for (QLabel* l : w.summaryPanel()->findChildren<QLabel*>())
        shown = shown || (l->isVisible() && l->text().contains(note));
    QVERIFY2(shown, "the summary panel does not say the recording was cut short");
    QVERIFY(w.summaryPanel()->lines().join(QLatin1Char('\n')).contains(QStringLiteral("Warning: ") + note));
    const QString windowSvg = m_dir.filePath(QStringLiteral("cut-window.svg"));
    QVERIFY(w.files()->exportPictureTo(windowSvg, 1.0));
    QVERIFY2(svgDescription(windowSvg).contains(QStringLiteral("Warning: ") + note), qPrintable(svgDescription(windowSvg)));
    const QString svg = m_dir.filePath(QStringLiteral("cut-headless.svg"));
    QProcess app;
    app.start(QStringLiteral(LOADERSCOPE_GUI_PATH), {QStringLiteral("--open-recording"), cut, QStringLiteral("--export"), svg});
    QVERIFY(app.waitForFinished(60000));
    QVERIFY2(app.exitCode() == 0, app.readAllStandardError().constData());
    QVERIFY2(svgDescription(svg).contains(QStringLiteral("Warning: ") + note), qPrintable(svgDescription(svg)));
    // Of several ranks, the one cut short is named even where another's timeline is drawn.
    const QString ranksSvg = m_dir.filePath(QStringLiteral("cut-ranks.svg"));
    app.start(QStringLiteral(LOADERSCOPE_GUI_PATH),
              {QStringLiteral("--open-recording"), m_ranks[0], cut, QStringLiteral("--export"), ranksSvg});
    QVERIFY(app.waitForFinished(60000));
    QVERIFY2(app.exitCode() == 0, app.readAllStandardError().constData());
    QVERIFY2(svgDescription(ranksSvg).contains(QStringLiteral("Warning: ") + note), qPrintable(svgDescription(ranksSvg)));
    // A whole file opened next: no note left from the one before.
    QVERIFY(open(w, {m_ranks[1]}));
    QTRY_VERIFY_WITH_TIMEOUT(w.statusText().contains(QStringLiteral("Recording ") + m_ranks[1]), 20000);
    QVERIFY2(!w.summaryPanel()->lines().join(QLatin1Char('\n')).contains(QStringLiteral("stopped at byte")),
             qPrintable(w.summaryPanel()->lines().join(QLatin1Char('\n'))));
}

void TestOpenRecording::damagedRecordingShowsWhatComesBefore()
{
    // A run long enough for two chunks (16384 events each); a byte of the second one changed.
    const QString path = m_dir.filePath(QStringLiteral("damaged.lsrec"));
    const EngineResult res = runEngine(R"({"dataset":{"length":10000,"sample_bytes":64,"io_latency_us":0},
        "loader":{"batch_size":8,"num_workers":2},"train":{"step_us":10},"device":{"backend":"sim"}})",
                                       {QStringLiteral("--events"), path});
    QVERIFY2(res.finished && res.exitCode == 0, res.err.constData());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.seek(f.size() - 40));
    char c = 0;
    QVERIFY(f.getChar(&c));
    QVERIFY(f.seek(f.size() - 40));
    QVERIFY(f.putChar(char(c ^ 0x5a)));
    f.close();
    MainWindow w(&m_translator);
    w.show();
    QVERIFY(open(w, {path}));
    QTRY_VERIFY_WITH_TIMEOUT(w.statusText().contains(QStringLiteral("is damaged: reading stopped at byte")), 20000);
    QCOMPARE(w.session()->model()->eventCount(), qint64(16384)); // the first chunk
    QVERIFY(w.findChild<QMessageBox*>() == nullptr);
}

void TestOpenRecording::notARecordingIsRefused()
{
    const QString junk = m_dir.filePath(QStringLiteral("notes.txt"));
    QFile f(junk);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("these are notes, not a recording\n");
    f.close();
    MainWindow w(&m_translator);
    w.show();
    QVERIFY(open(w, {junk}));
    QMessageBox* box = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((box = w.findChild<QMessageBox*>()) != nullptr, 20000);
    QVERIFY2(box->text().contains(QStringLiteral("notes.txt")), qPrintable(box->text()));
    QCOMPARE(w.session()->model()->eventCount(), qint64(0));
    box->close();
    // Among ranks: the others are shown, the file's row says what is wrong with it.
    QVERIFY(open(w, {m_ranks[0], junk}));
    QWidget* ranks = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((ranks = topLevel("recordingRanks")) != nullptr, 5000);
    auto* table = ranks->findChild<QTableWidget*>(QStringLiteral("rankTable"));
    QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), 2, 20000);
    bool said = false;
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < table->columnCount(); ++c)
            said = said || (table->item(r, c) && table->item(r, c)->text().contains(QStringLiteral("notes.txt is not a Loaderscope recording")));
    QVERIFY(said);
    ranks->close();
}

void TestOpenRecording::headlessExportDrawsIt()
{
    const QString png = m_dir.filePath(QStringLiteral("pic.png"));
    QProcess app;
    app.start(QStringLiteral(LOADERSCOPE_GUI_PATH), {QStringLiteral("--open-recording"), m_ranks[1], QStringLiteral("--export"), png});
    QVERIFY(app.waitForFinished(60000));
    QVERIFY2(app.exitCode() == 0, app.readAllStandardError().constData());
    QVERIFY(QFileInfo(png).size() > 1000);
    // Several ranks: the straggler is drawn and named.
    const QString png3 = m_dir.filePath(QStringLiteral("ranks.png"));
    app.start(QStringLiteral(LOADERSCOPE_GUI_PATH),
              {QStringLiteral("--open-recording"), m_ranks[0], m_ranks[1], m_ranks[2], QStringLiteral("--export"), png3});
    QVERIFY(app.waitForFinished(60000));
    QVERIFY2(app.exitCode() == 0, app.readAllStandardError().constData());
    QVERIFY(QFileInfo(png3).size() > 1000);
    // Not a recording: a clear message, no picture.
    const QString none = m_dir.filePath(QStringLiteral("none.png"));
    app.start(QStringLiteral(LOADERSCOPE_GUI_PATH),
              {QStringLiteral("--open-recording"), QStringLiteral(LOADERSCOPE_SOURCE_DIR "/README.md"), QStringLiteral("--export"), none});
    QVERIFY(app.waitForFinished(60000));
    QCOMPARE(app.exitCode(), 1);
    QVERIFY(app.readAllStandardError().contains("README.md"));
    QVERIFY(!QFileInfo::exists(none));
}

void TestOpenRecording::analyzeTakesRecordings()
{
    const EngineResult r = runEngineArgs({QStringLiteral("analyze"), QStringLiteral("--recording"), m_ranks[0],
                                          QStringLiteral("--recording"), m_ranks[1], QStringLiteral("--recording"), m_ranks[2]});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j.value(QStringLiteral("ranks")).toArray().size(), 3);
    QCOMPARE(j.value(QStringLiteral("straggler")).toInt(-1), 2);
    QCOMPARE(j.value(QStringLiteral("ranks")).toArray().at(0).toObject().value(QStringLiteral("batches")).toInt(), 12);
}

void TestOpenRecording::ownTracesOpenAsTheirRuns_data()
{
    QTest::addColumn<QString>("writer");
    QTest::newRow("engine run --trace") << QStringLiteral("engine");
    QTest::newRow("probe --trace") << QStringLiteral("probe");
}

void TestOpenRecording::ownTracesOpenAsTheirRuns()
{
    // Our own Chrome traces (the engine's and the probe's --trace) are recognised by their metadata
    // and read back into their run's events: the app (--open-trace, File ▸ Open PyTorch profiler
    // traces) and `analyze --trace` give the verdict and data stall of the run's own summary, not
    // "no loader spans found" as a profiler trace without DataLoader spans would.
    QFETCH(QString, writer);
    const QString trace = m_dir.filePath(writer + QStringLiteral("-own.json"));
    const QString summaryPath = m_dir.filePath(writer + QStringLiteral("-own-summary.json"));
    QJsonObject summary;
    if (writer == QLatin1String("engine")) {
        const EngineResult r = runEngine(rankConfig(3000), {QStringLiteral("--trace"), trace});
        QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
        summary = r.summary;
    } else {
#ifndef LOADERSCOPE_PYTHON
        QSKIP("the probe is not built");
#else
        QProcess job;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PYTHONPATH"), QStringLiteral(LOADERSCOPE_PYTHON_DIR));
        job.setProcessEnvironment(env);
        job.start(QStringLiteral(LOADERSCOPE_PYTHON),
                  {QStringLiteral("-c"), QStringLiteral("import torch")});
        if (!job.waitForFinished(60000) || job.exitCode() != 0)
            QSKIP("python3 has no torch");
        job.start(QStringLiteral(LOADERSCOPE_PYTHON),
                  {QStringLiteral("-m"), QStringLiteral("loaderscope"), QStringLiteral("run"), QStringLiteral("--trace"), trace,
                   QStringLiteral("--summary"), summaryPath, QStringLiteral(LOADERSCOPE_SOURCE_DIR "/examples/train_loader.py"),
                   QStringLiteral("--samples"), QStringLiteral("128"), QStringLiteral("--epochs"), QStringLiteral("1")});
        QVERIFY(job.waitForFinished(120000));
        QVERIFY2(job.exitCode() == 0, job.readAllStandardError().constData());
        QFile f(summaryPath);
        QVERIFY(f.open(QIODevice::ReadOnly));
        summary = QJsonDocument::fromJson(f.readAll()).object();
#endif
    }
    const QString verdict = summary.value(QStringLiteral("verdict")).toString();
    const double stall = summary.value(QStringLiteral("data_stall_fraction")).toDouble(-1);
    QVERIFY2(!verdict.isEmpty() && stall >= 0, "the run's summary has no verdict or data stall");

    // The app: the same verdict and data stall, the run's lanes (its workers), its source.
    MainWindow w(&m_translator);
    w.show();
    w.openProfilerTraces({trace});
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->model()->eventCount() > 0, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(w.statusText().contains(QFileInfo(trace).fileName()), 5000);
    const loaderscope::RunSummary shown = w.summaryPanel()->summary();
    QCOMPARE(QString::fromStdString(shown.verdict), verdict);
    QVERIFY2(std::abs(shown.figures.data_stall_fraction - stall) <= 0.01,
             qPrintable(QStringLiteral("app %1, summary %2").arg(shown.figures.data_stall_fraction).arg(stall)));
    QCOMPARE(QString::fromStdString(shown.source), writer == QLatin1String("engine") ? QStringLiteral("engine") : QStringLiteral("pytorch"));
    QCOMPARE(qint64(shown.figures.batches), qint64(summary.value(QStringLiteral("batches")).toInteger()));
    QCOMPARE(w.session()->model()->numWorkers(), summary.value(QStringLiteral("num_workers")).toInt());
    QVERIFY(w.findChild<QMessageBox*>() == nullptr);

    // analyze --trace: the same.
    const EngineResult a = runEngineArgs({QStringLiteral("analyze"), QStringLiteral("--trace"), trace});
    QVERIFY2(a.finished && a.exitCode == 0, a.err.constData());
    const QJsonObject rank = QJsonDocument::fromJson(a.out).object().value(QStringLiteral("ranks")).toArray().at(0).toObject();
    QCOMPARE(rank.value(QStringLiteral("format")).toString(), QStringLiteral("loaderscope"));
    QCOMPARE(rank.value(QStringLiteral("verdict")).toString(), verdict);
    QVERIFY2(std::abs(rank.value(QStringLiteral("data_stall_fraction")).toDouble(-1) - stall) <= 0.01, a.out.constData());
}

void TestOpenRecording::cleanup()
{
    for (QWidget* w : QApplication::topLevelWidgets())
        if (w->objectName() == QLatin1String("recordingRanks"))
            w->close();
    QVERIFY(loaderscopeSegments().isEmpty());
}

QTEST_MAIN(TestOpenRecording)
#include "tst_openrec.moc"

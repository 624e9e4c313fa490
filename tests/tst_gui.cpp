// SPDX-License-Identifier: MIT
// Widgets offscreen: exports (PNG at the requested size and not blank, SVG parses, PDF written,
// trace with a track per worker), the chart's point budget and memory chart, the run history, the
// stacked timelines. The config form and the main window's runs: tst_gui_runs.
#include "advice/model/adviceprover.h"
#include "config/model/configfields.h"
#include "sources/model/eventfile.h"
#include "sources/model/importedtrace.h"
#include "runs/model/runhistory.h"
#include "timeline/stackedtimelines.h"
#include "runs/sweepdialog.h"
#include "loaderscope/analysis/profiler_import.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/loader/run.h"
#include "loaderscope/outputs/trace_export.h"
#include "loaderscope/analysis/advice.h"
#include "runs/model/runsession.h"
#include "testutil.h"
#include "config/configpanel.h"
#include "app/exporter.h"
#include "app/fileactions.h"
#include "app/mainwindow.h"
#include "app/picturerequest.h"
#include "advice/summarypanel.h"
#include "common/model/summarytext.h"
#include "timeline/model/counterseries.h"
#include "timeline/draw/timelinelayout.h"
#include "timeline/draw/timelinestyle.h"
#include "config/model/presets.h"
#include "timeline/model/workerstatsmodel.h"
#include "timeline/counterchartview.h"
#include "timeline/draw/stepmarks.h"
#include "timeline/timelineview.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QXmlStreamReader>
#include <QtTest>

using namespace testutil;

class TestGui : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void exports();
    void chartKeepsPointBudget();
    void memoryChartFromCounters();
    void stepChartStacksEachStep();
    void stepChartMarks();
    void runHistoryKeepsRuns();
    void stackedTimelinesShareOneAxis();
    void cleanupTestCase() { QCOMPARE(loaderscopeSegments(), QStringList()); }

private:
    RunSession m_session;
    loaderscope::RunSummary m_summary;
};

void TestGui::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QStandardPaths::setTestModeEnabled(true); // run history and settings go to a test folder
    m_session.setEnginePath(enginePath());
    QSignalSpy finished(&m_session, &RunSession::runFinished);
    m_session.start(R"({"dataset":{"length":256,"sample_bytes":4096,"io_latency_us":300},
        "loader":{"batch_size":8,"num_workers":3,"pin_memory":true},"train":{"step_us":800},"device":{"backend":"sim"}})");
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 20000);
    m_summary = m_session.summary();
    QVERIFY(m_summary.figures.batches > 0);
}

void TestGui::exports()
{
    QTemporaryDir dir;
    ExportOptions o;
    o.size = QSize(1200, 700);
    o.scale = 2.0;
    o.title = QStringLiteral("test");
    o.summaryLines = {QStringLiteral("line")};
    const Viewport v{0, m_session.model()->endTime()};
    QString error;
    const QString png = dir.filePath(QStringLiteral("t.png"));
    QVERIFY2(exportPicture(png, *m_session.model(), v, o, &error), qPrintable(error));
    QImage img(png);
    QCOMPARE(img.size(), QSize(2400, 1400)); // decodes at the requested size x scale
    QSet<QRgb> colors;
    for (int y = 0; y < img.height(); y += 7)
        for (int x = 0; x < img.width(); x += 7)
            colors.insert(img.pixel(x, y));
    QVERIFY2(colors.size() > 8, "the picture is blank");

    const QString svg = dir.filePath(QStringLiteral("t.svg"));
    QVERIFY2(exportPicture(svg, *m_session.model(), v, o, &error), qPrintable(error));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    int elements = 0;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement)
            ++elements;
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(elements > 50);

    const QString pdf = dir.filePath(QStringLiteral("t.pdf"));
    QVERIFY2(exportPicture(pdf, *m_session.model(), v, o, &error), qPrintable(error));
    QFile p(pdf);
    QVERIFY(p.open(QIODevice::ReadOnly));
    QVERIFY(p.read(5) == "%PDF-");
    QVERIFY(p.size() > 2000);

    QVERIFY(!exportPicture(dir.filePath(QStringLiteral("t.bmp")), *m_session.model(), v, o, &error));
    QVERIFY(error.contains(QStringLiteral("png")));

    // the Chrome trace made from the same run's recording: parses, one track per worker
    const QString tracePath = dir.filePath(QStringLiteral("trace.json"));
    std::string traceError;
    QVERIFY(loaderscope::writeChromeTrace(loaderscope::RecordingReader(m_session.recordingPath().toStdString()),
                                          tracePath.toStdString(), &traceError));
    QFile t(tracePath);
    QVERIFY(t.open(QIODevice::ReadOnly));
    const QJsonArray events = QJsonDocument::fromJson(t.readAll()).object().value(QStringLiteral("traceEvents")).toArray();
    QSet<int> workers;
    for (const auto& e : events) {
        const QJsonObject o2 = e.toObject();
        if (o2.value(QStringLiteral("name")).toString() == QLatin1String("process_name") &&
            o2.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString().startsWith(QStringLiteral("worker ")))
            workers.insert(o2.value(QStringLiteral("pid")).toInt());
    }
    QCOMPARE(workers.size(), 3);
}

void TestGui::chartKeepsPointBudget()
{
    CounterChartView chart(CounterChartView::Counters::Queue);
    chart.resize(900, 250);
    chart.setModel(m_session.model());
    chart.refresh(Viewport{0, m_session.model()->endTime()});
    QVERIFY(chart.pointCount() > 6);
    QVERIFY(chart.pointCount() <= 3 * (3 * 900 + 4)); // at most ~3 points per pixel column per series
}

void TestGui::runHistoryKeepsRuns()
{
    QTemporaryDir dir;
    RunHistory h(dir.path());
    const QJsonObject config{{QStringLiteral("loader"), QJsonObject{{QStringLiteral("num_workers"), 3}}}};
    for (int i = 0; i < 4; ++i) {
        QVERIFY(h.add(config, m_summary, m_session.launcher()->eventsPath(), /*keep=*/3));
        QTest::qWait(5); // distinct folder names (ms resolution)
    }
    const auto runs = RunHistory(dir.path()).list(); // a new instance: kept across restarts
    QCOMPARE(runs.size(), 3);
    // Only this user reads them: folders 0700, files 0600.
    const QFileInfo entry(dir.filePath(runs[0].id));
    QCOMPARE(entry.permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::ExeGroup | QFile::ExeOther), QFile::Permissions());
    for (const QFileInfo& f : QDir(entry.filePath()).entryInfoList(QDir::Files))
        QCOMPARE(f.permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther), QFile::Permissions());
    TraceModel model;
    QString error;
    QVERIFY2(h.load(runs[0].id, model, &error), qPrintable(error));
    QCOMPARE(model.numWorkers(), 3);
    QVERIFY(model.spanCount() > 100);
    QVERIFY(RunHistory::title(runs[0]).contains(SummaryText::rate(m_summary.figures.samples_per_s)));
    // What tells runs apart: only the keys whose values differ, DataLoader knobs first.
    QVector<RunHistory::Entry> two = {runs[0], runs[1]};
    two[1].config = QJsonObject{{QStringLiteral("loader"), QJsonObject{{QStringLiteral("num_workers"), 8}, {QStringLiteral("pin_memory"), true}}},
                                {QStringLiteral("dataset"), QJsonObject{{QStringLiteral("length"), 64}}}};
    const QStringList diff = RunHistory::differences(two);
    QCOMPARE(diff.size(), 2);
    // A key one run left out is the engine's default, named (issue 47: "pin_memory=–").
    QCOMPARE(diff[0], QStringLiteral("num_workers=3 · pin_memory=false · length=4096"));
    QCOMPARE(diff[1], QStringLiteral("num_workers=8 · pin_memory=true · length=64"));
    QCOMPARE(RunHistory::differences({runs[0], runs[1]}), QStringList({QString(), QString()})); // the same config
    // A fork run beside a spawn run: "multiprocessing_context=fork", not "–".
    two[0].config = QJsonObject{{QStringLiteral("loader"), QJsonObject{{QStringLiteral("num_workers"), 2}}}};
    two[1].config = QJsonObject{{QStringLiteral("loader"), QJsonObject{{QStringLiteral("num_workers"), 2},
                                                                       {QStringLiteral("multiprocessing_context"), QStringLiteral("spawn")}}}};
    QCOMPARE(RunHistory::differences(two),
             QStringList({QStringLiteral("multiprocessing_context=fork"), QStringLiteral("multiprocessing_context=spawn")}));
}

void TestGui::stackedTimelinesShareOneAxis()
{
    std::vector<StackedTimelines::Item> items;
    for (int i = 0; i < 2; ++i) {
        StackedTimelines::Item it;
        it.model = std::make_unique<TraceModel>();
        QString error;
        QVERIFY(loadEventsFile(m_session.launcher()->eventsPath(), *it.model, &error));
        it.summary = m_summary;
        it.title = QStringLiteral("run %1").arg(i);
        items.push_back(std::move(it));
    }
    StackedTimelines view;
    view.resize(1000, 700);
    view.setItems(std::move(items), QStringLiteral("test"));
    QCOMPARE(view.count(), 2);
    view.view(0)->setViewport({1000, 2'000'000});
    view.view(0)->zoomBy(2.0, 500); // a user zoom in one view...
    QCOMPARE(view.view(1)->viewport().t0, view.view(0)->viewport().t0); // ...moves the other
    QCOMPARE(view.view(1)->viewport().t1, view.view(0)->viewport().t1);
    QCOMPARE(view.table()->columnCount(), 3); // A, B and the difference
}

void TestGui::stepChartStacksEachStep()
{
    // Issue 49's stall over the run: each step's wait for data (less the hand-over), + the
    // hand-over, + the host blocked by a copy, + the rest of the step, in ms, flat over the step;
    // a slow step (the 5th: a 40 ms wait) stands out; where steps share a pixel column the one with
    // the longest iteration stands for them.
    using loaderscope::Event;
    using loaderscope::EventKind;
    TraceModel m;
    m.reset(0, 2, true);
    auto span = [](EventKind k, uint64_t t0, uint64_t t1, int64_t batch, int64_t a0 = 0) {
        Event e{};
        e.kind = k;
        e.lane = loaderscope::LaneMain;
        e.t0 = t0;
        e.t1 = t1;
        e.batch = batch;
        e.arg0 = a0;
        return e;
    };
    std::vector<Event> events;
    uint64_t t = 1'000'000;
    for (int i = 0; i < 10; ++i) {
        const uint64_t wait = i == 4 ? 40'000'000 : 2'000'000; // ns
        const int64_t key = loaderscope::batchKey(0, i);
        events.push_back(span(EventKind::WaitData, t, t + wait, key));
        events.push_back(span(EventKind::HandOverWait, t + wait, t + wait, key, 500'000)); // 0.5 ms of it
        events.push_back(span(EventKind::Step, t + wait, t + wait + 10'000'000, key));
        events.push_back(span(EventKind::HostBlocked, t + wait + 1'000'000, t + wait + 4'000'000, key)); // 3 ms of it
        t += wait + 10'000'000;
    }
    m.append(events);
    QCOMPARE(m.steps().size(), size_t(10));
    QVERIFY(CounterChartView::hasData(m, CounterChartView::Counters::Steps));
    const loaderscope::LoopStep& slow = m.steps()[4];
    QCOMPARE(slow.waitNs, uint64_t(40'000'000));
    QCOMPARE(slow.handoverNs, uint64_t(500'000));
    QCOMPARE(slow.blockedNs, uint64_t(3'000'000));
    QCOMPARE(slow.stepNs, uint64_t(10'000'000));
    const Viewport v{0, qint64(t)};
    const CounterSeries wide = stepSeries(m, v, 2000); // a column per step and more
    QCOMPARE(wide.lines.size(), size_t(4));
    QCOMPARE(wide.lines[0].points.size(), 20); // each step flat from its start to its end
    QCOMPARE(wide.lines[0].points[8].y(), 39.5);  // the 5th step: 40 ms, less its 0.5 ms hand-over
    QCOMPARE(wide.lines[1].points[8].y(), 40.0);  // + the hand-over
    QCOMPARE(wide.lines[2].points[8].y(), 43.0);  // + 3 ms blocked by a copy
    QCOMPARE(wide.lines[3].points[8].y(), 50.0);  // + the rest of the step: the whole iteration
    QCOMPARE(wide.lines[0].points[0].y(), 1.5);
    QCOMPARE(wide.maxY, 50.0);
    const CounterSeries narrow = stepSeries(m, v, 2); // two columns: the slow step stands for its half
    QCOMPARE(narrow.lines[3].points.size(), 4);
    QCOMPARE(narrow.lines[3].points[0].y(), 50.0);
    QCOMPARE(narrow.lines[3].points[2].y(), 12.0);
}

void TestGui::stepChartMarks()
{
    // The step chart's marks (issue 49): the epoch's start, a worker's start and the job's own
    // loaderscope.mark("checkpoint") are drawn over the plot (the job's in its teal), named in
    // the legend, and the hover over one says what it is.
    using loaderscope::Event;
    using loaderscope::EventKind;
    TraceModel m;
    m.reset(0, 2, true);
    std::vector<Event> events;
    const auto instant = [](EventKind k, int16_t lane, uint64_t t, int64_t batch, int64_t a0, int64_t a1) {
        return Event{t, t, batch, a0, a1, k, lane};
    };
    events.push_back(instant(EventKind::EpochBegin, loaderscope::LaneMain, 1'000'000, -1, 0, 0));
    events.push_back(instant(EventKind::WorkerStart, 0, 1'000'000, -1, 4242, 0));
    uint64_t t = 2'000'000, markAt = 0;
    for (int i = 0; i < 10; ++i) {
        const int64_t key = loaderscope::batchKey(0, i);
        events.push_back(Event{t, t + 2'000'000, key, 0, 8, EventKind::WaitData, loaderscope::LaneMain});
        events.push_back(Event{t + 2'000'000, t + 12'000'000, key, 0, 0, EventKind::Step, loaderscope::LaneMain});
        if (i == 6) {
            markAt = t + 12'000'000;
            const auto w = loaderscope::markPayload("checkpoint");
            events.push_back(instant(EventKind::Mark, loaderscope::LaneMain, markAt, w[0], w[1], w[2]));
        }
        t += 12'000'000;
    }
    m.append(events);
    QCOMPARE(m.marks().marks().size(), size_t(3));
    QCOMPARE(m.marks().marks().back().label, std::string("checkpoint"));
    CounterChartView view(CounterChartView::Counters::Steps);
    view.setModel(&m);
    view.setTheme(TimelineTheme::dark());
    view.resize(900, 220);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const Viewport v{0, qint64(t)};
    view.refresh(v);
    const QString legend = view.legendText();
    for (const char* kind : {"epoch starts", "worker starts", "the job's marks"})
        QVERIFY2(legend.contains(QCoreApplication::translate("StepMarks", kind)), qPrintable(legend));
    const QRectF pa = view.chart()->plotArea();
    QVERIFY(pa.width() > 100);
    const double x = pa.left() + double(qint64(markAt) - qint64(m.origin()) - v.t0) / double(v.duration()) * pa.width();
    const QString readout = view.readoutAt(x);
    QVERIFY2(readout.contains(QCoreApplication::translate("StepMarks", "the job's mark: %1").arg(QStringLiteral("checkpoint"))),
             qPrintable(readout));
    QVERIFY(!view.readoutAt(pa.left() + pa.width() * 0.3).contains(QStringLiteral("checkpoint")));
    // Drawn: the job's teal down the plot at the mark (a column of it, not a stray pixel).
    const QImage img = view.grab().toImage();
    const QColor teal = StepMarks::colour(loaderscope::RunMark::Kind::Declared, TimelineTheme::dark());
    int tealRows = 0;
    for (int y = int(pa.top()); y < int(pa.bottom()); ++y)
        for (int dx = -1; dx <= 1; ++dx)
            if (QColor(img.pixel(int(std::round(x)) + dx, y)) == teal) {
                ++tealRows;
                break;
            }
    QVERIFY2(tealRows > pa.height() / 2, qPrintable(QStringLiteral("%1 of %2 rows").arg(tealRows).arg(pa.height())));
}

void TestGui::memoryChartFromCounters()
{
    using loaderscope::Event;
    using loaderscope::EventKind;
    constexpr qint64 MiB = 1 << 20;
    TraceModel m;
    m.reset(0, 2, true);
    auto ev = [](EventKind k, int16_t lane, uint64_t t, int64_t a0, int64_t a1, int64_t batch) {
        Event e{};
        e.kind = k;
        e.lane = lane;
        e.t0 = e.t1 = t;
        e.arg0 = a0;
        e.arg1 = a1;
        e.batch = batch;
        return e;
    };
    std::vector<Event> events;
    for (int i = 0; i < 40; ++i) {
        const uint64_t t = uint64_t(i) * 50'000'000; // 20 Hz for 2 s
        events.push_back(ev(EventKind::MemoryUsage, loaderscope::LaneMain, t, 300 * MiB, 100 * MiB, 30 * MiB));
        // worker 0's USS grows 1 MiB a sample; every third sample reads RSS only (-1: not read)
        events.push_back(ev(EventKind::MemoryUsage, 0, t + 1, 200 * MiB, i % 3 ? 50 * MiB : -1, i % 3 ? i * MiB : -1));
        events.push_back(ev(EventKind::MemoryUsage, 1, t + 2, 200 * MiB, 40 * MiB, 2 * MiB));
        events.push_back(ev(EventKind::ShmUsage, loaderscope::LaneMain, t + 3, 4 * MiB, 40 * MiB, 64 * MiB));
        events.push_back(ev(EventKind::PinnedMemory, loaderscope::LaneMain, t + 4, 8 * MiB, 4 * MiB, 0));
        // the run's own /dev/shm: 12 MiB in 2 files (every user's is the 40 MiB above)
        events.push_back(ev(EventKind::ShmOwn, loaderscope::LaneMain, t + 5, 12 * MiB, 2, -1));
    }
    m.append(events);
    const MemoryTracks& tracks = m.memory();
    QCOMPARE(tracks.series().size(), size_t(6)); // main, worker 0, worker 1, shm, pinned, the run's shm
    QCOMPARE(tracks.series()[0].worker, -1);
    QCOMPARE(tracks.series()[1].worker, 0);
    QCOMPARE(tracks.series()[2].worker, 1);
    QCOMPARE(tracks.find(MemoryTracks::Source::Process, 0)->peak[2], 38 * MiB); // the last sample read
    const Viewport v{0, 2'000'000'000};
    const CounterSeries series = memorySeries(m, v, 400);
    QStringList names;
    for (const ChartLine& l : series.lines)
        names << l.name;
    QCOMPARE(names, (QStringList{QStringLiteral("main"), QStringLiteral("worker 0"), QStringLiteral("worker 1"),
                                 QStringLiteral("slots"), QStringLiteral("pinned"), QStringLiteral("/dev/shm (this run)")}));
    QCOMPARE(series.yTitle, QStringLiteral("MiB (USS)"));
    // worker 0's line is its USS in MiB: rising to 38, never dropping to 0 where USS was not read.
    const QList<QPointF>& w0 = series.lines[1].points;
    QVERIFY(!w0.isEmpty());
    QCOMPARE(w0.last().y(), 38.0);
    for (qsizetype i = 1; i < w0.size(); ++i)
        QVERIFY2(w0[i].y() >= w0[i - 1].y(), "a sample that did not read USS drew a dip");
    // Every user's /dev/shm (40 MiB) is not a line: other programs' swings would set the scale.
    QVERIFY2(series.maxY < 40.0, qPrintable(QString::number(series.maxY)));
    QCOMPARE(series.lines[5].points.last().y(), 12.0);
    // The hover readout names each figure of each process at that time.
    const QString readout = memoryReadout(m, 1'000'000'000).join(QLatin1Char('\n'));
    QVERIFY2(readout.contains(QStringLiteral("worker 0: RSS")), qPrintable(readout));
    QVERIFY2(readout.contains(QStringLiteral("/dev/shm, every user: 40.0 MiB used of 64.0 MiB")), qPrintable(readout));
    QVERIFY2(readout.contains(QStringLiteral("/dev/shm, this run: 12.0 MiB; files: 2")), qPrintable(readout));
    QVERIFY2(readout.contains(QStringLiteral("USS")), qPrintable(readout));
    // Bounded: an hour of samples keeps at most kMaxPoints per series, and its peak.
    std::vector<Event> hour;
    for (int i = 0; i < 72'000; ++i)
        hour.push_back(ev(EventKind::MemoryUsage, 1, 3'000'000'000ULL + uint64_t(i) * 50'000'000ULL, 200 * MiB, 40 * MiB,
                          i == 50'000 ? 900 * MiB : 2 * MiB));
    m.append(hour);
    const MemoryTracks::Series* w1 = m.memory().find(MemoryTracks::Source::Process, 1);
    QVERIFY(w1->points.size() < MemoryTracks::kMaxPoints);
    QCOMPARE(w1->peak[2], 900 * MiB);
    qint64 held = 0;
    for (const MemoryTracks::Point& p : w1->points)
        held = std::max(held, p.v[2]);
    QCOMPARE(held, 900 * MiB); // the spike survives the merging
    // The worker table shows each worker's peak USS from the summary's memory figures.
    loaderscope::RunSummary sum;
    sum.figures.workers.resize(2);
    sum.figures.workers[0].worker = 0;
    sum.figures.workers[1].worker = 1;
    loaderscope::MemoryFigures mem;
    loaderscope::WorkerMemory wm;
    wm.worker = 1;
    wm.peak_uss_bytes = uint64_t(64 * MiB);
    mem.workers.push_back(wm);
    sum.figures.memory = mem;
    WorkerStatsModel table;
    table.setSummary(sum);
    QCOMPARE(table.data(table.index(1, WorkerStatsModel::PeakUss)).toString(), SummaryText::bytes(64.0 * MiB));
    QCOMPARE(table.data(table.index(0, WorkerStatsModel::PeakUss)).toString(), QStringLiteral("–")); // not sampled
    // Sampled, its USS never read (0): "–" too, never "0 bytes" (a real job's table showed it).
    loaderscope::RunSummary unreadUss = sum;
    loaderscope::WorkerMemory rssOnly;
    rssOnly.worker = 0;
    rssOnly.peak_rss_bytes = uint64_t(135 * MiB);
    unreadUss.figures.memory->workers.push_back(rssOnly);
    table.setSummary(unreadUss);
    QCOMPARE(table.data(table.index(0, WorkerStatsModel::PeakUss)).toString(), QStringLiteral("–"));
    QCOMPARE(table.data(table.index(1, WorkerStatsModel::PeakUss)).toString(), SummaryText::bytes(64.0 * MiB));
    table.setSummary(sum);
    QVERIFY(SummaryText::memoryPeaks(sum).contains(SummaryText::bytes(64.0 * MiB)));
    // One worker of two read: said; none read: their RSS, and that their USS was not read
    // (a short watched run's workers can end before the sampler's budget reaches them).
    loaderscope::WorkerMemory unread;
    unread.worker = 0;
    unread.peak_rss_bytes = uint64_t(140 * MiB);
    sum.figures.memory->workers.push_back(unread);
    QVERIFY2(SummaryText::memoryPeaks(sum).contains(QStringLiteral("(1 of 2 read)")), qPrintable(SummaryText::memoryPeaks(sum)));
    sum.figures.memory->workers = {unread};
    const QString none = SummaryText::memoryPeaks(sum);
    QVERIFY2(none.contains(SummaryText::bytes(140.0 * MiB) + QStringLiteral(" RSS (their USS was not read)")) &&
                 !none.contains(QStringLiteral("workers up to 0 bytes")), qPrintable(none));
}

QTEST_MAIN(TestGui)
#include "tst_gui.moc"

// SPDX-License-Identifier: MIT
// The config form offscreen: the engine's message shown at its field, every config key with a
// field, latency fields that round-trip, a wheel over the form that scrolls and never edits
// (issue 47); and the main window running a preset, the sweep dialog, the profiler trace in the
// timeline, the same figures everywhere and "Prove it". Exports and charts: tst_gui.
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
#include "app/detailspanel.h"
#include "app/exporter.h"
#include "app/fileactions.h"
#include "app/mainwindow.h"
#include "app/picturerequest.h"
#include "advice/histogramchart.h"
#include "advice/statisticswindow.h"
#include "advice/summarypanel.h"
#include "common/model/summarytext.h"
#include "timeline/model/counterseries.h"
#include "timeline/draw/timelinelayout.h"
#include "timeline/draw/timelinestyle.h"
#include "config/model/presets.h"
#include "timeline/model/workerstatsmodel.h"
#include "timeline/counterchartview.h"
#include "timeline/findbar.h"
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

class TestGuiRuns : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void configPanelShowsEngineMessageAtField();
    void scrollingTheFormNeverEdits();
    void everyConfigKeyHasAField();
    void latencyFieldsRoundTrip();
    void mainWindowRunsPreset();
    void sweepDialogRunsAndExports();
    void profilerTraceIntoTheTimeline();
    void sameFiguresEverywhere();
    void proveItMeasuresTheShownAdvice();
    void statisticsShowsTheSlowSample();
    void cleanupTestCase() { QCOMPARE(loaderscopeSegments(), QStringList()); }
};

void TestGuiRuns::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    QStandardPaths::setTestModeEnabled(true); // run history and settings go to a test folder
}

void TestGuiRuns::configPanelShowsEngineMessageAtField()
{
    ConfigPanel panel;
    QSignalSpy validity(&panel, &ConfigPanel::validityChanged);
    QVERIFY(panel.isValid());
    auto* kind = qobject_cast<QComboBox*>(panel.editorFor(QStringLiteral("dataset.kind")));
    QVERIFY(kind);
    auto* shuffle = panel.editorFor(QStringLiteral("loader.shuffle"));
    QVERIFY(shuffle);
    // shuffle=True, then an iterable dataset: DataLoader's rule, reported at the shuffle field
    qobject_cast<QAbstractButton*>(shuffle)->setChecked(true);
    kind->setCurrentIndex(kind->findData(QStringLiteral("iterable")));
    QVERIFY(!panel.isValid());
    QCOMPARE(panel.errorField(), QStringLiteral("loader.shuffle"));
    QVERIFY(panel.validationError().contains(QStringLiteral("expected unspecified shuffle option")));
    QVERIFY(shuffle->styleSheet().contains(QStringLiteral("border")));
    QVERIFY(!validity.isEmpty());
    qobject_cast<QAbstractButton*>(shuffle)->setChecked(false);
    QVERIFY(panel.isValid());
    // num_workers 0 makes prefetch_factor inapplicable: the form writes it as None
    qobject_cast<QSpinBox*>(panel.editorFor(QStringLiteral("loader.num_workers")))->setValue(0);
    QVERIFY(panel.isValid());
    QVERIFY(!panel.editorFor(QStringLiteral("loader.prefetch_factor"))->isEnabled());
    QVERIFY(jsonAt(panel.config(), QStringLiteral("loader.prefetch_factor")).isUndefined());
}

void TestGuiRuns::scrollingTheFormNeverEdits()
{
    // Issue 47: num_workers went from 4 to 0 as the form scrolled past it. The wheel over a
    // value field that has no focus scrolls the form; a focused field still takes it.
    QScrollArea area;
    auto* panel = new ConfigPanel;
    area.setWidget(panel);
    area.setWidgetResizable(true);
    area.resize(420, 240); // shorter than the form: it scrolls
    area.show();
    QVERIFY(QTest::qWaitForWindowExposed(&area));
    auto* workers = qobject_cast<QSpinBox*>(panel->editorFor(QStringLiteral("loader.num_workers")));
    QVERIFY(workers);
    workers->setValue(4);
    area.ensureWidgetVisible(workers);
    QVERIFY(area.verticalScrollBar()->maximum() > 0);
    const int scrolled = area.verticalScrollBar()->value();
    auto wheel = [&](int steps) {
        const QPoint at = workers->rect().center();
        QWheelEvent e(QPointF(at), QPointF(workers->mapToGlobal(at)), QPoint(), QPoint(0, 120 * steps), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
        // As the window system delivers it: Qt hands only a spontaneous wheel on to the parents,
        // and sendEvent() would mark it synthesized, so the application's notify() takes it.
        QSpontaneKeyEvent::setSpontaneous(&e);
        qApp->notify(workers, &e);
    };
    workers->clearFocus();
    QVERIFY(!workers->hasFocus());
    wheel(-3); // down: a spin box would step down, the form scrolls down
    QCOMPARE(workers->value(), 4);
    QVERIFY2(area.verticalScrollBar()->value() > scrolled,
             qPrintable(QStringLiteral("the form did not scroll: %1 of %2").arg(scrolled).arg(area.verticalScrollBar()->maximum())));
    QCOMPARE(workers->focusPolicy(), Qt::StrongFocus);
    // Clicked into (focused), the field takes the wheel as usual.
    area.ensureWidgetVisible(workers);
    workers->setFocus(Qt::MouseFocusReason);
    QTRY_VERIFY(workers->hasFocus());
    wheel(1);
    QCOMPARE(workers->value(), 5);
}

void TestGuiRuns::latencyFieldsRoundTrip()
{
    // dataset.io_latency_us is a number or {"dist","mean","sigma"}: three fields edit it.
    auto field = [](const char* id) {
        for (const ConfigField& f : configFields())
            if (f.id == QLatin1String(id))
                return f;
        qFatal("no field %s", id);
    };
    const ConfigField mean = field("dataset.io_latency_us"), dist = field("dataset.io_latency_us.dist"),
                      sigma = field("dataset.io_latency_us.sigma");
    QJsonObject c;
    mean.set(c, 250.0);
    QCOMPARE(jsonAt(c, QStringLiteral("dataset.io_latency_us")), QJsonValue(250.0));
    QVERIFY(!sigma.enabled(c));
    sigma.set(c, 2.0); // no object form yet: ignored
    QCOMPARE(jsonAt(c, QStringLiteral("dataset.io_latency_us")), QJsonValue(250.0));
    dist.set(c, QStringLiteral("lognormal"));
    QVERIFY(sigma.enabled(c));
    QCOMPARE(sigma.get(c).toDouble(), 0.5);
    QCOMPARE(mean.get(c).toDouble(), 250.0);
    sigma.set(c, 1.5);
    mean.set(c, 300.0);
    QCOMPARE(jsonAt(c, QStringLiteral("dataset.io_latency_us")).toObject(),
             (QJsonObject{{QStringLiteral("dist"), QStringLiteral("lognormal")}, {QStringLiteral("mean"), 300.0},
                          {QStringLiteral("sigma"), 1.5}}));
    dist.set(c, QStringLiteral("constant"));
    QCOMPARE(jsonAt(c, QStringLiteral("dataset.io_latency_us")), QJsonValue(300.0));
    QCOMPARE(dist.get(c).toString(), QStringLiteral("constant"));
}

void TestGuiRuns::everyConfigKeyHasAField()
{
    const QStringList keys = {
        QStringLiteral("seed"), QStringLiteral("dataset.kind"), QStringLiteral("dataset.length"), QStringLiteral("dataset.sample_bytes"),
        QStringLiteral("dataset.io_latency_us"), QStringLiteral("dataset.cpu_us"), QStringLiteral("dataset.shard"), QStringLiteral("dataset.path"),
        QStringLiteral("loader.batch_size"), QStringLiteral("loader.shuffle"), QStringLiteral("loader.drop_last"), QStringLiteral("loader.sampler"),
        QStringLiteral("loader.num_workers"), QStringLiteral("loader.prefetch_factor"), QStringLiteral("loader.persistent_workers"),
        QStringLiteral("loader.pin_memory"), QStringLiteral("loader.in_order"), QStringLiteral("loader.timeout"),
        QStringLiteral("loader.multiprocessing_context"), QStringLiteral("loader.worker_init_us"), QStringLiteral("train.epochs"),
        QStringLiteral("train.max_batches"), QStringLiteral("train.step_us"), QStringLiteral("train.non_blocking"), QStringLiteral("train.copy_stream"),
        QStringLiteral("device.backend"), QStringLiteral("device.h2d_gbps_pinned"), QStringLiteral("device.h2d_gbps_pageable"), QStringLiteral("faults")};
    for (const QString& k : keys) {
        bool found = false;
        for (const ConfigField& f : configFields())
            found = found || f.id == k;
        QVERIFY2(found, qPrintable(k));
    }
    for (const ConfigField& f : configFields())
        QVERIFY2(!QString::fromUtf8(f.tooltip).isEmpty(), qPrintable(f.id)); // every knob explained
}

void TestGuiRuns::mainWindowRunsPreset()
{
    MainWindow w(nullptr);
    w.session()->setEnginePath(enginePath());
    w.resize(1400, 900);
    w.show();
    QVERIFY(Presets::names().size() >= 10);
    w.loadPreset(QStringLiteral("num_workers_0"));
    QSignalSpy finished(w.session(), &RunSession::runFinished);
    w.run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    QCOMPARE(w.session()->model()->numWorkers(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(w.timeline()->lastStats().spansInView() > 0, 3000);
    // Another preset after the run: the summary says it is of the previous run (issue 47); the
    // run's own configuration back makes it current again.
    SummaryPanel* summary = w.summaryPanel();
    QVERIFY(!summary->stale());
    w.loadPreset(QStringLiteral("num_workers_4"));
    QVERIFY(summary->stale());
    QVERIFY(summary->lines().join(u'\n').contains(QStringLiteral("Of the previous run")));
    w.loadPreset(QStringLiteral("num_workers_0"));
    QVERIFY(!summary->stale());
}

void TestGuiRuns::sweepDialogRunsAndExports()
{
    SweepDialog d(R"({"dataset":{"length":4096,"sample_bytes":256,"io_latency_us":1000},"loader":{"batch_size":8,"num_workers":1},
                     "train":{"step_us":100},"device":{"backend":"sim"}})",
                  enginePath());
    d.setKnob(0, QStringLiteral("num_workers"), QStringLiteral("1,4"));
    d.setKnob(1, QString(), QString());
    d.setBatches(10);
    QSignalSpy done(&d, &SweepDialog::finished);
    d.start();
    QVERIFY(d.running()); // the GUI thread never waits for it
    QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 60000);
    QCOMPARE(d.table()->rowCount(), 2);
    QCOMPARE(d.result().value(QStringLiteral("best")).toInt(), 1); // four workers beat one here
    // Three runs each (the default): four workers' slowest run beats one worker's fastest, so the
    // best is confirmed and "Apply best" offered.
    QCOMPARE(d.result().value(QStringLiteral("repeats")).toInt(), 3);
    QCOMPARE(d.result().value(QStringLiteral("current")).toInt(), 0);
    QPushButton* apply = nullptr;
    for (QPushButton* b : d.findChildren<QPushButton*>())
        if (b->text() == QStringLiteral("Apply best to the configuration"))
            apply = b;
    QVERIFY(apply);
    QVERIFY2(d.result().value(QStringLiteral("confirmed")).toBool(),
             QJsonDocument(d.result()).toJson().constData());
    QVERIFY(apply->isEnabled());
    QSignalSpy applied(&d, &SweepDialog::applyBest);
    apply->click();
    QCOMPARE(applied.size(), 1);
    // One run each: no spread, so nothing is confirmed and Apply is not offered, with the reason.
    d.setRepeats(1);
    QSignalSpy done1(&d, &SweepDialog::finished);
    d.start();
    QTRY_COMPARE_WITH_TIMEOUT(done1.size(), 1, 60000);
    QVERIFY(!d.result().value(QStringLiteral("confirmed")).toBool());
    QVERIFY(!apply->isEnabled());
    bool said = false;
    for (const QLabel* l : d.findChildren<QLabel*>())
        said = said || l->text().contains(QStringLiteral("measured once: not confirmed"));
    QVERIFY(said);
    QTemporaryDir dir;
    QString error;
    QVERIFY2(d.exportTo(dir.filePath(QStringLiteral("s.csv")), &error), qPrintable(error));
    QVERIFY2(d.exportTo(dir.filePath(QStringLiteral("s.json")), &error), qPrintable(error));
    QFile csv(dir.filePath(QStringLiteral("s.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 3);
}

void TestGuiRuns::profilerTraceIntoTheTimeline()
{
    const auto trace = loaderscope::importProfilerTrace(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/traces/gpu_pageable.json");
    TraceModel model;
    loadProfilerTrace(trace, model);
    QCOMPARE(model.totalCount(model.laneIndex(TraceModel::LaneKind::Copy), loaderscope::EventKind::H2DCopy), 20);
    QCOMPARE(model.totalCount(model.laneIndex(TraceModel::LaneKind::Compute), loaderscope::EventKind::Kernel), 20);
    QCOMPARE(model.totalCount(model.laneIndex(TraceModel::LaneKind::Main), loaderscope::EventKind::Step), 20);
    QVERIFY(!model.simulatedDevice()); // a real GPU's trace
    const loaderscope::RunSummary s = analysisSummary(loaderscope::analyzeProfilerTrace(trace));
    QVERIFY(s.advice.size() >= 1);
    QCOMPARE(s.source, std::string("profiler"));
    // Issue 14's trace: the 8 waits between the 8 steps are on the main lane, none before time 0.
    const auto between = loaderscope::importProfilerTrace(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/traces/legacy_between_steps.json");
    TraceModel m2;
    loadProfilerTrace(between, m2);
    const int main = m2.laneIndex(TraceModel::LaneKind::Main);
    QCOMPARE(m2.totalCount(main, loaderscope::EventKind::Step), 8);
    QCOMPARE(m2.totalCount(main, loaderscope::EventKind::WaitData), 8);
    for (int row = 0; row < 2; ++row)
        for (const SpanRec& r : m2.lane(main).rows[row])
            QVERIFY(r.t0 >= 0 && r.t1 >= r.t0);
    // the stall from the lane: waits over the steps' window plus the first wait (time 0 is its start)
    QVERIFY(m2.totalNs(main, loaderscope::EventKind::WaitData) > m2.totalNs(main, loaderscope::EventKind::Step));
    // A prefetcher's waits on another thread are not drawn as the loop's.
    const auto other = loaderscope::importProfilerTrace(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/traces/kineto2_other_thread.json");
    TraceModel m3;
    loadProfilerTrace(other, m3);
    QCOMPARE(m3.totalCount(m3.laneIndex(TraceModel::LaneKind::Main), loaderscope::EventKind::WaitData), 0);
    QCOMPARE(m3.totalCount(m3.laneIndex(TraceModel::LaneKind::Main), loaderscope::EventKind::Step), 10);
    // A trace without loader spans: the verdict says so, nothing is called input-bound.
    const auto none = loaderscope::importProfilerTrace(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/traces/kineto2_no_loader.json");
    const loaderscope::RunSummary ns = analysisSummary(loaderscope::analyzeProfilerTrace(none));
    QCOMPARE(ns.verdict, std::string("no loader spans found"));
    QCOMPARE(SummaryText::verdict(QStringLiteral("no loader spans found")), QStringLiteral("no loader spans found"));
    QVERIFY(ns.figures.gpu_busy_fraction > 0.3);
    // ... and its data stall is not a figure ("–" in the panel, left out of the figure lines).
    QVERIFY(!ns.data_stall_measured);
    for (const QString& line : SummaryText::figureLines(ns))
        QVERIFY2(!line.startsWith(QStringLiteral("Data stall")), qPrintable(line));
    // The lanes say what they are from; a trace has no pin-memory thread of ours, and a trace
    // without GPU work no device lanes.
    QVERIFY(m2.lane(m2.laneIndex(TraceModel::LaneKind::Pin)).hidden);
    QVERIFY(m2.lane(m2.laneIndex(TraceModel::LaneKind::Copy)).hidden);
    QVERIFY(m2.lane(m2.laneIndex(TraceModel::LaneKind::Compute)).hidden);
    QVERIFY(!model.lane(model.laneIndex(TraceModel::LaneKind::Copy)).hidden);
    QCOMPARE(TimelineStyle::laneName(m2, main), QStringLiteral("loop · CPU functions / 1")); // no rank in it
    const auto rank2 = loaderscope::importProfilerTrace(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/traces/rank2.json");
    TraceModel m4;
    loadProfilerTrace(rank2, m4);
    QVERIFY(TimelineStyle::laneName(m4, m4.laneIndex(TraceModel::LaneKind::Main)).startsWith(QStringLiteral("rank 2 · loop · ")));
    QCOMPARE(TimelineStyle::laneName(m4, m4.laneIndex(TraceModel::LaneKind::Copy)), QStringLiteral("rank 2 · GPU copies"));
    const TimelineLayout layout(m2, QRectF(0, 0, 1200, 600), TimelineTheme::light(), 0, false);
    QCOMPARE(layout.laneRect(m2.laneIndex(TraceModel::LaneKind::Pin)).height(), 0.0);
    QVERIFY(layout.laneRect(main).height() > 0);
    // Refused spans: the figures are marked unreliable, with the warning.
    const auto negative = loaderscope::importProfilerTrace(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/traces/kineto2_negative_dur.json");
    const loaderscope::RunSummary neg = analysisSummary(loaderscope::analyzeProfilerTrace(negative));
    QVERIFY(!neg.figures_reliable);
    QVERIFY(!neg.warnings.empty());
}

void TestGuiRuns::sameFiguresEverywhere()
{
    // One run: the summary panel, the worker table, Compare and both export paths show each
    // figure with the same value in the same unit.
    MainWindow w(nullptr);
    w.session()->setEnginePath(enginePath());
    w.loadPreset(QStringLiteral("num_workers_4"));
    QSignalSpy finished(w.session(), &RunSession::runFinished);
    w.run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    const loaderscope::RunSummary& s = w.session()->summary();
    QCOMPARE(w.summaryPanel()->summary().figures.samples_per_s, s.figures.samples_per_s);
    const QStringList panel = w.summaryPanel()->lines();
    const QString rate = SummaryText::rate(s.figures.samples_per_s);
    const QString stall = SummaryText::percent(s.figures.data_stall_fraction);
    const QString first = SummaryText::duration(*s.figures.first_batch_s);
    QVERIFY2(panel.contains(QStringLiteral("Samples/s: %1").arg(rate)), qPrintable(panel.join(QLatin1Char('|'))));
    QVERIFY(panel.contains(QStringLiteral("Data stall: %1").arg(stall)));
    QVERIFY(panel.contains(QStringLiteral("First batch: %1").arg(first)));
    // The worker table: each worker's busy share as in the panel's "Workers busy" line.
    WorkerStatsModel* table = w.summaryPanel()->workerModel();
    QCOMPARE(table->rowCount(), 4);
    for (int i = 0; i < 4; ++i) {
        const QString busy = table->data(table->index(i, WorkerStatsModel::Busy)).toString();
        QCOMPARE(busy, SummaryText::percent(s.figures.workers[size_t(i)].busy_fraction));
        QVERIFY(panel.join(QLatin1Char('|')).contains(QStringLiteral("%1: %2").arg(i).arg(busy)));
    }
    // Compare, from the run history (the summary read back from disk). The entry is written by a
    // background job started at runFinished: wait for it, or the newest entry is an earlier run's.
    w.session()->jobs()->waitForAll();
    const auto runs = RunHistory().list();
    QVERIFY(!runs.isEmpty());
    std::vector<StackedTimelines::Item> items;
    for (int i = 0; i < 2; ++i) {
        StackedTimelines::Item it;
        it.model = std::make_unique<TraceModel>();
        it.summary = runs[0].summary;
        items.push_back(std::move(it));
    }
    StackedTimelines compare;
    compare.setItems(std::move(items), QString());
    QCOMPARE(compare.table()->item(0, 0)->text(), rate);
    QCOMPARE(compare.table()->item(1, 0)->text(), first);
    QCOMPARE(compare.table()->item(2, 0)->text(), stall);
    // Both export paths build the same picture request, and the window's picture holds the values.
    const ExportOptions headless = PictureRequest::options(w.configPanel()->config(), s);
    const ExportOptions window = PictureRequest::options(w.configPanel()->config(), w.summaryPanel()->summary());
    QCOMPARE(window.summaryLines, headless.summaryLines);
    QCOMPARE(window.title, headless.title);
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("w.svg"));
    QVERIFY(w.files()->exportPictureTo(svg, 1.0));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    for (const QString& v : {rate, stall, first})
        QVERIFY2(text.contains(v.toHtmlEscaped()), qPrintable(v));
    // ... and its legend: every entry the run's picture explains, as the headless export draws it.
    QVERIFY(text.contains(QStringLiteral(">Legend<")));
    for (const LegendEntry& e : TimelineStyle::legend(*w.session()->model()))
        QVERIFY2(text.contains(e.text.toHtmlEscaped()), qPrintable(e.text));
}

void TestGuiRuns::proveItMeasuresTheShownAdvice()
{
    // "Prove it" measured a run of its own and showed that run's advice under the first run's
    // figures ("the loop waits 77 %" below "Data stall: 87.3 %", and another advised value).
    // The prover hands the shown run to the engine: its advice comes back as it was, with a proof.
    const QByteArray config = R"({"dataset":{"length":240,"sample_bytes":256,"io_latency_us":2000},
        "loader":{"batch_size":8,"num_workers":1},"train":{"step_us":2000},"device":{"backend":"sim"}})";
    const EngineResult run = runEngine(config);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const loaderscope::RunSummary shown = loaderscope::parseRunSummary(QJsonDocument(run.summary).toJson().toStdString());
    QVERIFY(!shown.advice.empty() && !shown.advice[0].knob.empty());
    AdviceProver prover;
    QSignalSpy finished(&prover, &AdviceProver::finished);
    QSignalSpy failed(&prover, &AdviceProver::failed);
    prover.start(config, enginePath(), 10, QByteArray::fromStdString(loaderscope::runSummaryToJson(shown)));
    QTRY_VERIFY_WITH_TIMEOUT(finished.size() + failed.size() > 0, 120000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed[0][0].toString()));
    const auto proved = finished[0][0].value<loaderscope::RunSummary>();
    QCOMPARE(proved.advice.size(), shown.advice.size());
    QCOMPARE(proved.advice[0].text, shown.advice[0].text);
    QCOMPARE(proved.advice[0].suggest, shown.advice[0].suggest);
    // One data stall: the sentence's is the summary row's (the JSON rounds both to 6 digits).
    QVERIFY(std::abs(proved.advice[0].evidenceValue("data_stall_fraction") - shown.figures.data_stall_fraction) < 1e-5);
    QVERIFY(proved.advice[0].proof && proved.advice[0].proof->measured.size() >= 2);
    QCOMPARE(proved.advice[0].proof->measured[1].first, shown.advice[0].suggest);
    QCOMPARE(int(proved.advice[0].proof->runs[1].size()), 3); // three runs per value by default
    // Apply is offered only for a confirmed proof: none before the proof, none for a proof within
    // the spread, one for a confirmed one.
    SummaryPanel panel;
    auto applyLinks = [&panel] {
        int n = 0;
        for (const QLabel* l : panel.findChildren<QLabel*>())
            n += int(l->text().count(QStringLiteral("href=\"apply:")));
        return n;
    };
    loaderscope::RunSummary s = shown;
    s.advice.resize(1);
    s.advice[0].proof.reset();
    panel.showSummary(s, true);
    QCOMPARE(applyLinks(), 0);
    const loaderscope::KnobValue now = loaderscope::KnobValue::of(1.0);
    loaderscope::applyProof(s.advice[0], {{now, {100, 90, 130}}, {s.advice[0].suggest, {125, 120, 135}}});
    panel.showSummary(s, true);
    QCOMPARE(applyLinks(), 0);
    QVERIFY(panel.lines().join(QLatin1Char('\n')).contains(QStringLiteral("not confirmed")));
    loaderscope::applyProof(s.advice[0], {{now, {100, 98, 102}}, {s.advice[0].suggest, {125, 120, 135}}});
    panel.showSummary(s, true);
    QCOMPARE(applyLinks(), 1);
}

// Issue 49: Tools > Statistics follows the shown run: each stage's distribution, and the slowest
// samples with the planted one first; a click shows its fetch on the timeline, its batch told.
void TestGuiRuns::statisticsShowsTheSlowSample()
{
    MainWindow w(nullptr);
    w.session()->setEnginePath(enginePath());
    w.openStatistics(); // before the run: it follows the run as it goes
    StatisticsWindow* st = w.statisticsWindow();
    QVERIFY(st && st->isVisible());
    QCOMPARE(st->slowRows(), 0);
    w.configPanel()->setConfig(QJsonDocument::fromJson(R"({"dataset": {"length": 512, "io_latency_us": 200,
        "slow_samples": [{"index": 333, "latency_us": 30000}]}, "loader": {"batch_size": 8, "num_workers": 4},
        "train": {"step_us": 1000}, "device": {"backend": "sim"}})").object());
    QSignalSpy finished(w.session(), &RunSession::runFinished);
    w.run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    QTRY_VERIFY(st->slowRows() == 20);
    QCOMPARE(st->note(), QString()); // nothing lost
    QStringList stages;
    for (int r = 0; r < st->stageRows(); ++r)
        stages << st->stageCell(r, 0);
    QVERIFY2(stages.contains(QStringLiteral("fetch (one sample)")) && stages.contains(QStringLiteral("wait in next()")),
             qPrintable(stages.join(u',')));
    QCOMPARE(st->stageCell(0, 1), QLocale().toString(512)); // every sample fetched once
    QCOMPARE(st->slowCell(0, 1), QStringLiteral("333"));
    QCOMPARE(st->slowCell(0, 4), QStringLiteral("41"));
    QVERIFY2(st->slowCell(0, 5).endsWith(QStringLiteral(" ms")), qPrintable(st->slowCell(0, 5)));
    QVERIFY(st->slowCell(0, 9) != QStringLiteral("–")); // its batch's wait was seen
    // The fetch stage's histogram: a line per worker, each the share of its fetches per
    // quarter-octave (summing to 100 %); worker 1's reaches out to the planted 30 ms.
    HistogramChart* h = st->histogram();
    QCOMPARE(h->lineCount(), 4);
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(h->lineName(i), QStringLiteral("worker %1").arg(i));
        double sum = 0;
        for (const QPointF& p : h->linePoints(i))
            sum += p.y();
        QVERIFY2(std::abs(sum - 100) < 1e-6, qPrintable(QString::number(sum)));
    }
    const int slowWorker = st->slowCell(0, 2).toInt();
    const QList<QPointF> slowLine = h->linePoints(slowWorker);
    QVERIFY(std::any_of(slowLine.begin(), slowLine.end(), [](const QPointF& p) { return p.x() > 25 && p.x() < 36 && p.y() > 0; }));
    st->showHistogram(QStringLiteral("step")); // a stage not split by worker: one line, in all
    QCOMPARE(h->lineCount(), 1);
    QCOMPARE(h->lineName(0), QStringLiteral("all"));
    // The bins summed four to an octave, each at its geometric middle: 3 of 1 ms and 1 of 10 ms.
    loaderscope::LatencyHistogram lh;
    lh.add(1'000'000, 3);
    lh.add(10'000'000);
    const QList<QPointF> q = HistogramChart::quarterOctaves(lh);
    QCOMPARE(q.size(), 14); // 1 ms to 10 ms: 13 quarter-octaves apart, the empty ones at 0
    QCOMPARE(q.first().y(), 0.75);
    QCOMPARE(q.last().y(), 0.25);
    QVERIFY(std::all_of(q.begin() + 1, q.end() - 1, [](const QPointF& p) { return p.y() == 0; }));
    QVERIFY(q.first().x() > 1.0 / 1.2 && q.first().x() < 1.2 && q.last().x() > 10 / 1.2 && q.last().x() < 12);
    // The click: the timeline shows the fetch and the details pane tells its batch.
    const loaderscope::SlowFetch slow = w.session()->summary().figures.slowest_samples.front();
    QSignalSpy chosen(st, &StatisticsWindow::sampleChosen);
    st->chooseSample(0);
    QCOMPARE(chosen.size(), 1);
    const qint64 t0 = qint64(slow.t0) - qint64(w.session()->model()->origin());
    const Viewport v = w.timeline()->viewport();
    QVERIFY2(v.t0 <= t0 && v.t1 >= t0 + qint64(slow.ns), qPrintable(QStringLiteral("%1..%2 for %3").arg(v.t0).arg(v.t1).arg(t0)));
    QVERIFY2(w.findBar()->result().startsWith(QStringLiteral("batch 41 ")), qPrintable(w.findBar()->result()));
    QVERIFY2(w.detailsPanel()->text().contains(QStringLiteral("41")), qPrintable(w.detailsPanel()->text()));
    // Closed, it draws nothing as summaries come; opened again, the last one.
    st->hide();
    st->showSummary(loaderscope::RunSummary{}, true);
    QCOMPARE(st->slowRows(), 20);
    st->show();
    QCOMPARE(st->slowRows(), 0);
    QCOMPARE(st->stageRows(), 0);
    // Events lost: said above the tables, since a slow sample may be among them.
    loaderscope::RunSummary lossy = w.session()->summary();
    lossy.events_lost = 12;
    lossy.figures_reliable = false;
    st->showSummary(lossy, true);
    QVERIFY2(st->note().contains(QStringLiteral("12 events were lost")), qPrintable(st->note()));
    QCOMPARE(st->slowRows(), 20);
}

QTEST_MAIN(TestGuiRuns)
#include "tst_gui_runs.moc"

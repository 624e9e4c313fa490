// SPDX-License-Identifier: MIT
// Widgets offscreen: exports (PNG at the requested size and not blank, SVG parses, PDF written,
// trace with a track per worker), the config form's validation at the field, the chart's point
// budget, the main window running a preset.
#include "core/configfields.h"
#include "core/runsession.h"
#include "testutil.h"
#include "widgets/configpanel.h"
#include "widgets/exporter.h"
#include "widgets/mainwindow.h"
#include "widgets/queuechartview.h"
#include "widgets/timelineview.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace testutil;

class TestGui : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void exports();
    void configPanelShowsEngineMessageAtField();
    void everyConfigKeyHasAField();
    void chartKeepsPointBudget();
    void mainWindowRunsPreset();
    void cleanupTestCase() { QCOMPARE(loaderscopeSegments(), QStringList()); }

private:
    RunSession m_session;
    QJsonObject m_summary;
};

void TestGui::initTestCase()
{
    QCoreApplication::setOrganizationName(QStringLiteral("LoaderscopeTests"));
    m_session.setEnginePath(enginePath());
    QSignalSpy finished(&m_session, &RunSession::runFinished);
    m_session.start(R"({"dataset":{"length":256,"sample_bytes":4096,"io_latency_us":300},
        "loader":{"batch_size":8,"num_workers":3,"pin_memory":true},"train":{"step_us":800},"device":{"backend":"sim"}})");
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 20000);
    m_summary = finished.first().first().toJsonObject();
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

    // the engine's Chrome trace of the same run: parses, one track per worker
    QFile t(m_session.launcher()->tracePath());
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

void TestGui::configPanelShowsEngineMessageAtField()
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

void TestGui::everyConfigKeyHasAField()
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

void TestGui::chartKeepsPointBudget()
{
    QueueChartView chart;
    chart.resize(900, 250);
    chart.setModel(m_session.model());
    chart.refresh(Viewport{0, m_session.model()->endTime()});
    QVERIFY(chart.pointCount() > 6);
    QVERIFY(chart.pointCount() <= 3 * (3 * 900 + 4)); // at most ~3 points per pixel column per series
}

void TestGui::mainWindowRunsPreset()
{
    MainWindow w(nullptr);
    w.session()->setEnginePath(enginePath());
    w.resize(1400, 900);
    w.show();
    QVERIFY(MainWindow::presetNames().size() >= 10);
    w.loadPreset(QStringLiteral("num_workers_0"));
    QSignalSpy finished(w.session(), &RunSession::runFinished);
    w.run();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    QCOMPARE(w.session()->model()->numWorkers(), 0);
    QVERIFY(w.timeline()->lastStats().spansInView() > 0 || (QTest::qWait(100), true));
    QTRY_VERIFY_WITH_TIMEOUT(w.timeline()->lastStats().spansInView() > 0, 3000);
}

QTEST_MAIN(TestGui)
#include "tst_gui.moc"

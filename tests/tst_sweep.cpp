// SPDX-License-Identifier: MIT
// Sweeps: every combination runs, the figures follow theory where theory is clear (more workers
// help a latency-bound dataset until the step is the limit), the best is marked, bad input is
// refused, CSV and JSON are written.
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <algorithm>
#include <vector>
#include <QtTest>

using namespace testutil;

class TestSweep : public QObject
{
    Q_OBJECT
private slots:
    void moreWorkersHelpALatencyBoundLoader();
    void twoKnobsCsv();
    void refusesBadKnobs();
    void adviseProvesTheShownRunsAdvice();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }
};

void TestSweep::moreWorkersHelpALatencyBoundLoader()
{
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("c.json")), out = dir.filePath(QStringLiteral("s.json"));
    QFile f(config);
    QVERIFY(f.open(QIODevice::WriteOnly));
    // 2 ms per sample, batches of 8: one worker makes ~60 batches/s; the 2 ms step caps ~500/s
    f.write(R"({"dataset":{"length":100000,"sample_bytes":256,"io_latency_us":2000},
               "loader":{"batch_size":8,"num_workers":1},"train":{"step_us":2000},"device":{"backend":"sim"}})");
    f.close();
    const EngineResult r = runEngineArgs({QStringLiteral("sweep"), QStringLiteral("--config"), config, QStringLiteral("--vary"),
                                          QStringLiteral("num_workers=1,2,4,8"), QStringLiteral("--batches"), QStringLiteral("40"),
                                          QStringLiteral("--out"), out}, 120000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.err.contains("progress 12/12")); // 4 combinations x 3 repeats (the default), one line per run
    QFile o(out);
    QVERIFY(o.open(QIODevice::ReadOnly));
    const QJsonObject j = QJsonDocument::fromJson(o.readAll()).object();
    const QJsonArray rows = j.value(QStringLiteral("results")).toArray();
    QCOMPARE(rows.size(), 4);
    // Sleep-bound: more workers make more, whatever else the machine runs (the speed-ups
    // themselves are the benchmarks' business; a loaded machine shrinks them).
    double prev = 0;
    for (const auto& row : rows) {
        const double rate = row.toObject().value(QStringLiteral("samples_per_s")).toDouble();
        QVERIFY2(rate > prev, qPrintable(QStringLiteral("not monotone: %1 after %2").arg(rate).arg(prev)));
        prev = rate;
    }
    const double first = rows[0].toObject().value(QStringLiteral("samples_per_s")).toDouble();
    QVERIFY2(prev > 2.5 * first, qPrintable(QStringLiteral("8 workers %1, 1 worker %2").arg(prev).arg(first)));
    QCOMPARE(j.value(QStringLiteral("best")).toInt(), 3);
    QVERIFY(rows[3].toObject().value(QStringLiteral("best")).toBool());
    // Each row: the median of its three runs, within their range.
    QCOMPARE(j.value(QStringLiteral("repeats")).toInt(), 3);
    for (const auto& row : rows) {
        const QJsonObject entry = row.toObject();
        const QJsonArray runs = entry.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 3);
        std::vector<double> v;
        for (const auto& x : runs)
            v.push_back(x.toDouble());
        std::sort(v.begin(), v.end());
        QCOMPARE(entry.value(QStringLiteral("samples_per_s")).toDouble(), v[1]);
        QCOMPARE(entry.value(QStringLiteral("samples_per_s_min")).toDouble(), v[0]);
        QCOMPARE(entry.value(QStringLiteral("samples_per_s_max")).toDouble(), v[2]);
    }
    // The configuration's own value (1 worker) is row 0; 8 workers beat it beyond the spread.
    QCOMPARE(j.value(QStringLiteral("current")).toInt(), 0);
    QVERIFY(j.value(QStringLiteral("confirmed")).toBool());
}

void TestSweep::adviseProvesTheShownRunsAdvice()
{
    // "Prove it" measured the advice of a run of its own and the app showed that advice under the
    // first run's figures: "the loop waits 77 %" under a summary row of 87.3 %, and another
    // advised value. With --summary the shown run's advice is measured as it stands.
    QTemporaryDir dir;
    const QByteArray config = R"({"dataset":{"length":240,"sample_bytes":256,"io_latency_us":2000},
        "loader":{"batch_size":8,"num_workers":1},"train":{"step_us":2000},"device":{"backend":"sim"}})";
    const EngineResult run = runEngine(config);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QJsonObject shown = run.summary;
    QJsonArray advice = shown.value(QStringLiteral("advice")).toArray();
    QVERIFY(!advice.isEmpty());
    QJsonObject first = advice[0].toObject();
    QCOMPARE(first.value(QStringLiteral("id")).toString(), QStringLiteral("raise_num_workers"));
    // Marked: a new run could not say this.
    first[QStringLiteral("text")] = QStringLiteral("the loop waits 87 % of its time for data: raise num_workers to 3");
    first[QStringLiteral("suggest")] = 3;
    advice[0] = first;
    shown[QStringLiteral("advice")] = advice;
    const QString summary = writeTemp(dir, QStringLiteral("shown.json"), QJsonDocument(shown).toJson());
    const QString out = dir.filePath(QStringLiteral("advice.json"));
    const EngineResult r = runEngineArgs({QStringLiteral("advise"), QStringLiteral("--config"),
                                          writeTemp(dir, QStringLiteral("c.json"), config), QStringLiteral("--summary"), summary,
                                          QStringLiteral("--batches"), QStringLiteral("10"), QStringLiteral("--out"), out}, 120000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(!r.err.contains("running the configuration"), r.err.constData()); // no run of its own
    QFile o(out);
    QVERIFY(o.open(QIODevice::ReadOnly));
    const QJsonObject proved = QJsonDocument::fromJson(o.readAll()).object();
    const QJsonObject a = proved.value(QStringLiteral("advice")).toArray()[0].toObject();
    QCOMPARE(a.value(QStringLiteral("text")).toString(), first.value(QStringLiteral("text")).toString());
    QCOMPARE(a.value(QStringLiteral("suggest")).toInt(), 3);
    const QJsonArray measured = a.value(QStringLiteral("proof")).toObject().value(QStringLiteral("measured")).toArray();
    QCOMPARE(measured.size(), 3); // 1 (now), 3 (the shown advice), 4 (one beyond)
    QCOMPARE(measured[1].toObject().value(QStringLiteral("value")).toInt(), 3);
    QCOMPARE(proved.value(QStringLiteral("data_stall_fraction")), shown.value(QStringLiteral("data_stall_fraction")));
    // A file that is no summary: refused, exit 2.
    const EngineResult bad = runEngineArgs({QStringLiteral("advise"), QStringLiteral("--config"), dir.filePath(QStringLiteral("c.json")),
                                            QStringLiteral("--summary"), writeTemp(dir, QStringLiteral("bad.json"), "not json")});
    QCOMPARE(bad.exitCode, 2);
}

void TestSweep::twoKnobsCsv()
{
    QTemporaryDir dir;
    const QString config = dir.filePath(QStringLiteral("c.json")), out = dir.filePath(QStringLiteral("s.csv"));
    QFile f(config);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"dataset":{"length":4096,"sample_bytes":4096,"io_latency_us":200},"loader":{"batch_size":8,"num_workers":2},
               "train":{"step_us":500},"device":{"backend":"sim"}})");
    f.close();
    const EngineResult r = runEngineArgs({QStringLiteral("sweep"), QStringLiteral("--config"), config, QStringLiteral("--vary"),
                                          QStringLiteral("num_workers=0,2"), QStringLiteral("--vary"), QStringLiteral("pin_memory=false,true"),
                                          QStringLiteral("--batches"), QStringLiteral("10"), QStringLiteral("--out"), out}, 120000);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile o(out);
    QVERIFY(o.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(o.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5); // header + 4 combinations
    QVERIFY(lines[0].startsWith(QStringLiteral("num_workers,pin_memory,samples_per_s")));
    QCOMPARE(lines.mid(1).filter(QStringLiteral(",best")).size(), 1); // one best row (the header names the column)
    for (int i = 1; i < 5; ++i)
        QVERIFY2(lines[i].contains(QStringLiteral(",0,,")), qPrintable(lines[i])); // exit 0, no error
}

void TestSweep::refusesBadKnobs()
{
    QCOMPARE(runEngineArgs({QStringLiteral("sweep"), QStringLiteral("--config"), QStringLiteral("x.json"), QStringLiteral("--vary"),
                            QStringLiteral("color=red"), QStringLiteral("--out"), QStringLiteral("/tmp/x.csv")}).exitCode, 2);
    QCOMPARE(runEngineArgs({QStringLiteral("sweep"), QStringLiteral("--vary"), QStringLiteral("num_workers=1")}).exitCode, 2);
}

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"

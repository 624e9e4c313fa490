// SPDX-License-Identifier: MIT
// Importing PyTorch profiler traces, every shape they come in: real traces made with Debian's
// python3-torch 1.13 (the legacy profiler's bare array; loops with the loader's waits inside the
// steps, between them, without steps, over a DataPipe, with a subclassed iterator, on a thread),
// and hand-made traces following Kineto's writer as torch 2.x and 1.8 write them (GPU events,
// old category spellings, no loader spans, __next__ on another thread, negative durations).
// Each with the verdict and the stall computed by hand from the fixture
// (tests/fixtures/make_profiler_traces.py --by-hand prints the same figures).
#include "loaderscope/analysis/profiler_import.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

using namespace loaderscope;

namespace {

std::string fixture(const QString& name)
{
    return std::string(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/traces/") + name.toStdString();
}

bool hasText(const std::vector<std::string>& lines, const char* words)
{
    for (const auto& r : lines)
        if (r.find(words) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestImport : public QObject
{
    Q_OBJECT
private slots:
    void shapes_data();
    void shapes();
    void gpuPinnedOverlaps();
    void gpuPageable();
    void oldSpellings();
    void legacyCudaFunctions();
    void noLoaderSpans();
    void loaderOnAnotherThread();
    void negativeDurations();
    void threadsNamed();
    void ranksAndStraggler();
    void truncatedAndCorrupted_data();
    void truncatedAndCorrupted();
    void notATrace();
    void cancel();
    void analyzeCli_data();
    void analyzeCli();
    void analyzeCliRanks();
};

void TestImport::shapes_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<int>("steps");
    QTest::addColumn<double>("stall");   // by hand; -1: does not apply
    QTest::addColumn<QString>("format");
    QTest::addColumn<int>("rank");
    // Issue 14's trace (torch 1.13 legacy profiler, `for step, (x, y) in enumerate(loader): with
    // record_function(f"ProfilerStep#{step}")`, 2 workers): the 8 __next__ spans sit between the 8
    // steps. From the first __next__ to the last step's end: 104 028 us, of which __next__ 57 110 us
    // -> 57110 / 104028 = 0.549 (it was 0.0, "not input-bound", before).
    QTest::newRow("torch 1.13 legacy, waits between steps") << "legacy_between_steps.json" << "waits_between_steps"
                                                           << "highly input-bound" << 8 << 0.549 << "legacy array" << -1;
    // No step annotations: 6 __next__ spans, 55 500 us, from the first (399 us) to the thread's last
    // event end (83 769 us): 55500 / 83370 = 0.666.
    QTest::newRow("torch 1.13 legacy, no steps") << "legacy_no_steps.json" << "no_step_annotations" << "highly input-bound"
                                                 << 0 << 0.666 << "legacy array" << -1;
    // A DataPipe graph iterated directly: enumerate(DataPipe)#MapperIterDataPipe holds
    // enumerate(DataPipe)#IterableWrapperIterDataPipe (nested: counted once). Union of the waits
    // in the loop 13 478 us over 45 631 us = 0.295.
    QTest::newRow("torch 1.13 legacy, DataPipe") << "legacy_datapipe.json" << "waits_between_steps" << "highly input-bound"
                                                 << 6 << 0.295 << "legacy array" << -1;
    // enumerate(DataLoader)#MyIter.__next__ (a subclassed iterator): 52 391 / 86 361 = 0.607.
    QTest::newRow("torch 1.13 legacy, subclassed iterator") << "legacy_subclass_iter.json" << "waits_between_steps"
                                                            << "highly input-bound" << 6 << 0.607 << "legacy array" << -1;
    // The loop on a thread other than the main one (tid 2): 50 273 / 95 662 = 0.526.
    QTest::newRow("torch 1.13 legacy, loop on a thread") << "legacy_thread_loop.json" << "waits_between_steps"
                                                         << "highly input-bound" << 8 << 0.526 << "legacy array" << -1;
    // torch.profiler with schedule(wait=1, warmup=1, active=6), num_workers 0: the waits inside the
    // 6 ProfilerStep spans, 212 669 of 220 756 us = 0.963.
    QTest::newRow("torch 1.13 profile.step(), 0 workers") << "torch_cpu_workers0.json" << "waits_inside_steps"
                                                          << "highly input-bound" << 6 << 0.963 << "legacy array" << -1;
    // The same with 4 workers, gzip: 31 167 of 38 457 us = 0.810.
    QTest::newRow("torch 1.13 profile.step(), 4 workers, gzip") << "torch_cpu_workers4.json.gz" << "waits_inside_steps"
                                                                << "highly input-bound" << 6 << 0.810 << "legacy array" << -1;
    // torch 2.x Kineto, profile.step(): 10 steps of 10 000 us, a 4 000 us __next__ in each; the
    // profiler's warm-up __next__ before ProfilerStep#0 is outside every step: 40000 / 100000 = 0.400.
    // Rank 3 from distributedInfo, written after traceEvents as newer Kineto does.
    QTest::newRow("torch 2.x Kineto, GPU, starved") << "kineto2_gpu_starved.json" << "waits_inside_steps"
                                                    << "highly input-bound" << 10 << 0.400 << "kineto" << 3;
    // torch 2.x, record_function steps: 10 x (__next__ 3 000 us, step 6 000 us); the 11th __next__
    // (the end of the epoch) follows the last step and is outside the loop: 30000 / 90000 = 0.333.
    QTest::newRow("torch 2.x Kineto, waits between steps") << "kineto2_between_steps.json" << "waits_between_steps"
                                                           << "highly input-bound" << 10 << 0.333 << "kineto" << -1;
    // torch 1.8 spellings (cat Operator for steps and __next__): 8 x 2 000 of 8 x 20 000 us = 0.100.
    QTest::newRow("torch 1.8 Kineto") << "kineto18_old_cats.json" << "waits_inside_steps" << "moderately input-bound" << 8
                                      << 0.100 << "kineto" << -1;
    QTest::newRow("torch 1.8 Kineto, gzip") << "kineto18_old_cats.json.gz" << "waits_inside_steps"
                                            << "moderately input-bound" << 8 << 0.100 << "kineto" << -1;
    // GPU events and steps, no loader span anywhere: nothing to measure, and said so.
    QTest::newRow("torch 2.x Kineto, no loader spans") << "kineto2_no_loader.json" << "no_loader_spans"
                                                       << "no loader spans found" << 10 << -1.0 << "kineto" << -1;
    // __next__ only on a prefetching thread (tid 4300), steps on the main thread (4242).
    QTest::newRow("torch 2.x Kineto, loader on another thread") << "kineto2_other_thread.json" << "loader_on_other_thread"
                                                                << "loader wait not measured" << 10 << -1.0 << "kineto" << -1;
    // 20 steps of 5 000 us with a 100 us __next__ inside each: 2000 / 100000 = 0.020.
    QTest::newRow("hand-made, pinned copies") << "gpu_pinned.json" << "waits_inside_steps" << "not input-bound" << 20
                                              << 0.020 << "kineto" << -1;
}

void TestImport::shapes()
{
    QFETCH(QString, file);
    QFETCH(QString, shape);
    QFETCH(QString, verdict);
    QFETCH(int, steps);
    QFETCH(double, stall);
    QFETCH(QString, format);
    QFETCH(int, rank);
    const ProfilerTrace t = importProfilerTrace(fixture(file));
    const TraceAnalysis a = analyzeProfilerTrace(t);
    QCOMPARE(QString::fromStdString(t.format), format);
    QCOMPARE(t.rank, rank);
    QCOMPARE(QString::fromStdString(a.loop_shape), shape);
    QCOMPARE(QString::fromStdString(a.verdict), verdict);
    QCOMPARE(a.steps, steps);
    QVERIFY(a.reliable);
    if (stall < 0) {
        QVERIFY(!a.stall_applies);
        QVERIFY(!hasText(a.recommendations, "not input-bound"));
    } else {
        QVERIFY(a.stall_applies);
        QVERIFY(a.loader_spans_found);
        QVERIFY2(std::abs(a.data_stall_fraction - stall) < 0.02,
                 qPrintable(QStringLiteral("stall %1, by hand %2").arg(a.data_stall_fraction).arg(stall)));
        QVERIFY(std::abs(a.data_wait_s / a.loop_s - a.data_stall_fraction) < 1e-9);
        QCOMPARE(hasText(a.recommendations, "raise num_workers"), stall > 0.05);
    }
}

void TestImport::gpuPinnedOverlaps()
{
    const TraceAnalysis a = analyzeProfilerTrace(importProfilerTrace(fixture("gpu_pinned.json")));
    QCOMPARE(a.pinned_copies, 20);
    QCOMPARE(a.pageable_copies, 0);
    QCOMPARE(a.kernels, 20);
    QVERIFY(a.gpu_applies);
    QVERIFY(a.overlap_fraction > 0.9);
    QVERIFY(std::abs(a.h2d_gbps - 8.388608) < 0.01);
    QVERIFY(!hasText(a.recommendations, "pin_memory"));
}

void TestImport::gpuPageable()
{
    const TraceAnalysis a = analyzeProfilerTrace(importProfilerTrace(fixture("gpu_pageable.json")));
    QCOMPARE(a.pageable_copies, 20);
    QVERIFY(a.overlap_fraction < 0.05);
    QVERIFY(hasText(a.recommendations, "set pin_memory=True"));
}

void TestImport::oldSpellings()
{
    // torch 1.8: Kernel, Memcpy, Runtime, Operator; tids "13721" and "stream 7"; no schemaVersion.
    const ProfilerTrace plain = importProfilerTrace(fixture("kineto18_old_cats.json"));
    const ProfilerTrace gz = importProfilerTrace(fixture("kineto18_old_cats.json.gz"));
    QCOMPARE(plain.schema_version, -1);
    QCOMPARE(gz.bytes_read, plain.bytes_read); // decompressed
    QCOMPARE(gz.spans.size(), plain.spans.size());
    const TraceAnalysis a = analyzeProfilerTrace(plain);
    QCOMPARE(a.kernels, 8);
    QCOMPARE(a.pageable_copies, 8);
    QCOMPARE(plain.gpu_events, uint64_t(16));
    QVERIFY(hasText(a.recommendations, "8 of 8 host-to-device copies are from pageable memory"));
    // 8 kernels of 12 000 us over the steps' 160 000 us
    QVERIFY(std::abs(a.gpu_busy_fraction - 96000.0 / 160000.0) < 0.001);
    QCOMPARE(importProfilerTrace(fixture("kineto2_gpu_starved.json")).schema_version, 1);
}

void TestImport::legacyCudaFunctions()
{
    // torch's legacy profiler with use_cuda=True (EventList.export_chrome_trace): each op's device
    // time under pid "CUDA functions", no category. Two of 50 us in a 200 us step: GPU busy 0.5.
    const QByteArray body =
        "[{\"name\": \"ProfilerStep#0\", \"ph\": \"X\", \"ts\": 100, \"dur\": 200, \"tid\": 1, \"pid\": \"CPU functions\", \"args\": {}}, "
        "{\"name\": \"enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__\", \"ph\": \"X\", \"ts\": 101, \"dur\": 40, "
        "\"tid\": 1, \"pid\": \"CPU functions\", \"args\": {}}, "
        "{\"name\": \"aten::mm\", \"ph\": \"X\", \"ts\": 150, \"dur\": 50, \"tid\": 0, \"pid\": \"CUDA functions\", \"args\": {}}, "
        "{\"name\": \"aten::relu\", \"ph\": \"X\", \"ts\": 220, \"dur\": 50, \"tid\": 0, \"pid\": \"CUDA functions\", \"args\": {}}]";
    const TraceAnalysis a = analyzeProfilerTrace(importProfilerTraceBuffer(body.constData(), size_t(body.size())));
    QCOMPARE(a.kernels, 2);
    QVERIFY(a.gpu_applies);
    QVERIFY(std::abs(a.gpu_busy_fraction - 0.5) < 1e-9);
    QVERIFY(std::abs(a.data_stall_fraction - 0.2) < 1e-9); // 40 of 200 us
}

void TestImport::noLoaderSpans()
{
    const ProfilerTrace t = importProfilerTrace(fixture("kineto2_no_loader.json"));
    const TraceAnalysis a = analyzeProfilerTrace(t);
    QVERIFY(!a.loader_spans_found);
    QVERIFY(!a.stall_applies);
    QCOMPARE(a.data_stall_fraction, 0.0);
    QVERIFY(a.gpu_applies); // the GPU figures still apply: 40 kernels of 1 000 us in 100 000 us
    QVERIFY(std::abs(a.gpu_busy_fraction - 0.4) < 0.001);
    QVERIFY(t.gpu_events >= 50);
    QVERIFY(hasText(a.recommendations, "no DataLoader __next__ spans in the trace"));
    QVERIFY(!hasText(a.recommendations, "not input-bound"));
}

void TestImport::loaderOnAnotherThread()
{
    const TraceAnalysis a = analyzeProfilerTrace(importProfilerTrace(fixture("kineto2_other_thread.json")));
    QCOMPARE(a.loop_tid, int64_t(4242));
    QVERIFY(std::abs(a.other_thread_wait_s - 0.060) < 1e-9); // 10 x 6 000 us on tid 4300
    QCOMPARE(QString::fromStdString(a.loop_thread), QStringLiteral("python3 / thread 4242 (python3)"));
    QVERIFY(hasText(a.recommendations, "on another thread than the steps"));
    // The loop on a thread that is not the main one, in a real trace: tid 2.
    QCOMPARE(analyzeProfilerTrace(importProfilerTrace(fixture("legacy_thread_loop.json"))).loop_tid, int64_t(2));
}

void TestImport::negativeDurations()
{
    // 5 of the 10 ProfilerStep spans have negative durations: refused, counted, reported; no verdict
    // given as if nothing happened.
    const ProfilerTrace t = importProfilerTrace(fixture("kineto2_negative_dur.json"));
    QCOMPARE(t.refused[ProfiledSpan::Step], uint64_t(5));
    const TraceAnalysis a = analyzeProfilerTrace(t);
    QVERIFY(!a.reliable);
    QCOMPARE(a.refused_spans, uint64_t(5));
    QCOMPARE(QString::fromStdString(a.verdict), QStringLiteral("unreliable trace"));
    QVERIFY(hasText(a.warnings, "5 ProfilerStep spans refused"));
    QVERIFY(!hasText(a.recommendations, "not input-bound"));
}

void TestImport::threadsNamed()
{
    const ProfilerTrace t = importProfilerTrace(fixture("kineto2_gpu_starved.json"));
    bool stream = false, main = false;
    for (const TraceThread& th : t.threads) {
        stream |= th.pid == 0 && th.tid == 7 && th.name == "stream 7" && th.events > 0;
        main |= th.pid == 4242 && th.tid == 4242 && th.name == "thread 4242 (python3)" && th.process == "python3";
    }
    QVERIFY(stream);
    QVERIFY(main);
    // The legacy array: pid "CPU functions" as written, tid 1.
    const ProfilerTrace legacy = importProfilerTrace(fixture("legacy_between_steps.json"));
    QCOMPARE(legacy.threads.size(), size_t(1));
    QCOMPARE(QString::fromStdString(legacy.threads[0].process), QStringLiteral("CPU functions"));
    QCOMPARE(QString::fromStdString(legacy.threads[0].name), QStringLiteral("1"));
}

void TestImport::ranksAndStraggler()
{
    std::vector<ProfilerTrace> ranks;
    for (const char* f : {"rank0.json", "rank1.json", "rank2.json"})
        ranks.push_back(importProfilerTrace(fixture(QString::fromLatin1(f))));
    QCOMPARE(ranks[2].rank, 2); // from distributedInfo
    const RankReport r = compareRanks(ranks);
    QCOMPARE(r.straggler, 2);
    QVERIFY(r.straggler_reason.find("rank 2 waits 80%") != std::string::npos);
    // balanced ranks: nobody is named
    QCOMPARE(compareRanks({ranks[0], ranks[1]}).straggler, -1);
    // a rank whose loader was not measured is never the straggler, nor counted in the median
    const ProfilerTrace none = importProfilerTrace(fixture("kineto2_no_loader.json"));
    QCOMPARE(compareRanks({ranks[0], none}).straggler, -1);
    QCOMPARE(compareRanks({ranks[0], ranks[1], none, ranks[2]}).straggler, 3);
}

void TestImport::truncatedAndCorrupted_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("where");
    for (const char* file : {"torch_cpu_workers0.json", "kineto2_gpu_starved.json"})
        for (double w : {0.0001, 0.1, 0.5, 0.9, 0.999}) {
            QTest::newRow(qPrintable(QStringLiteral("%1 truncated at %2").arg(QLatin1String(file)).arg(w)))
                << QString::fromLatin1(file) << QStringLiteral("truncate") << w;
            QTest::newRow(qPrintable(QStringLiteral("%1 garbage at %2").arg(QLatin1String(file)).arg(w)))
                << QString::fromLatin1(file) << QStringLiteral("garbage") << w;
        }
    QTest::newRow("truncated gzip") << "torch_cpu_workers4.json.gz" << QStringLiteral("gzip") << 0.5;
}

void TestImport::truncatedAndCorrupted()
{
    QFETCH(QString, file);
    QFETCH(QString, kind);
    QFETCH(double, where);
    QFile src(QString::fromStdString(fixture(file)));
    QVERIFY(src.open(QIODevice::ReadOnly));
    QByteArray data = src.readAll();
    const qsizetype at = qsizetype(double(data.size()) * where);
    if (kind == QLatin1String("garbage"))
        data.insert(at, QByteArray("\x01}]{\"oops", 9));
    else
        data.truncate(at);
    QTemporaryDir dir;
    const QString path = dir.filePath(kind == QLatin1String("gzip") ? QStringLiteral("bad.json.gz") : QStringLiteral("bad.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(data);
    out.close();
    try {
        importProfilerTrace(path.toStdString());
        QFAIL("a damaged trace was accepted");
    } catch (const TraceImportError& e) {
        const QString what = QString::fromStdString(e.what());
        QVERIFY2(what.contains(QStringLiteral("byte")), qPrintable(what));
        QVERIFY(e.offset() <= quint64(data.size()) + 1024 * 1024);
        if (kind == QLatin1String("garbage")) // the first bad byte is the one inserted
            QVERIFY2(e.offset() == quint64(at) || what.contains(QStringLiteral("truncated")), qPrintable(what));
    }
}

void TestImport::notATrace()
{
    QTemporaryDir dir;
    for (const QByteArray& body : {QByteArray("{\"hello\": [1,2,3]}"), QByteArray(""), QByteArray("42"), QByteArray("[]")}) {
        const QString path = dir.filePath(QStringLiteral("x.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(body);
        f.close();
        QVERIFY_THROWS_EXCEPTION(TraceImportError, importProfilerTrace(path.toStdString()));
    }
    QVERIFY_THROWS_EXCEPTION(TraceImportError, importProfilerTrace("/nonexistent/trace.json"));
    QVERIFY_THROWS_EXCEPTION(TraceImportError, importProfilerTrace(dir.path().toStdString())); // a directory
}

void TestImport::cancel()
{
    // A progress callback that says stop ends the import with an error, at once.
    QVERIFY_THROWS_EXCEPTION(TraceImportError,
                             importProfilerTrace(fixture("torch_cpu_workers0.json"), [](uint64_t, uint64_t) { return false; }));
}

void TestImport::analyzeCli_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<double>("stall"); // -1: null in the JSON
    // The same figures by hand as in shapes().
    QTest::newRow("issue 14's trace") << "legacy_between_steps.json" << "waits_between_steps" << "highly input-bound" << 0.549;
    QTest::newRow("torch 2.x starved") << "kineto2_gpu_starved.json" << "waits_inside_steps" << "highly input-bound" << 0.400;
    QTest::newRow("torch 1.8 gzip") << "kineto18_old_cats.json.gz" << "waits_inside_steps" << "moderately input-bound" << 0.100;
    QTest::newRow("no loader spans") << "kineto2_no_loader.json" << "no_loader_spans" << "no loader spans found" << -1.0;
    QTest::newRow("negative durations") << "kineto2_negative_dur.json" << "waits_inside_steps" << "unreliable trace" << 0.400;
}

void TestImport::analyzeCli()
{
    QFETCH(QString, file);
    QFETCH(QString, shape);
    QFETCH(QString, verdict);
    QFETCH(double, stall);
    const testutil::EngineResult r = testutil::runEngineArgs(
        {QStringLiteral("analyze"), QStringLiteral("--trace"), QString::fromStdString(fixture(file))});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject rank = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("ranks")).toArray().at(0).toObject();
    QCOMPARE(rank.value(QStringLiteral("loop_shape")).toString(), shape);
    QCOMPARE(rank.value(QStringLiteral("verdict")).toString(), verdict);
    if (stall < 0) {
        QVERIFY(rank.value(QStringLiteral("data_stall_fraction")).isNull()); // not 0: it does not apply
        QVERIFY(rank.value(QStringLiteral("loop_s")).isNull());
    } else {
        QVERIFY(std::abs(rank.value(QStringLiteral("data_stall_fraction")).toDouble() - stall) < 0.02);
    }
}

void TestImport::analyzeCliRanks()
{
    const testutil::EngineResult r = testutil::runEngineArgs(
        {QStringLiteral("analyze"), QStringLiteral("--trace"), QString::fromStdString(fixture("rank0.json")),
         QStringLiteral("--trace"), QString::fromStdString(fixture("rank1.json")), QStringLiteral("--trace"),
         QString::fromStdString(fixture("rank2.json"))});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j.value(QStringLiteral("ranks")).toArray().size(), 3);
    QCOMPARE(j.value(QStringLiteral("straggler")).toInt(), 2);
    const testutil::EngineResult bad = testutil::runEngineArgs({QStringLiteral("analyze"), QStringLiteral("--trace"), QStringLiteral("/nonexistent.json")});
    QCOMPARE(bad.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"

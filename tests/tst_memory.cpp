// SPDX-License-Identifier: MIT
// Memory (issue 15), the parts without a run: smaps_rollup parsing, the memory config keys, the
// summary's memory section round trip, the accumulator's figures from memory events, the memory
// advice rules. The runs with real processes are in tst_memory_runs.
#include "memory_testutil.h"
#include "testutil.h"

#include "advicetest.h"
#include "loaderscope/analysis/advice.h"
#include "loaderscope/config/config.h"
#include "loaderscope/shm/memory.h"
#include "loaderscope/shm/segment.h"
#include "loaderscope/results/metrics.h"
#include "loaderscope/results/run_summary.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace testutil;
using namespace memtest;
using namespace loaderscope;

class TestMemory : public QObject
{
    Q_OBJECT
private slots:
    void smapsRollup();
    void configErrors_data();
    void configErrors();
    void summaryRoundTrip();
    void accumulatorFromEvents();
    void adviceRules();
    void ownShmReadsShareTheProbesBudget();
};

void TestMemory::smapsRollup()
{
    const auto parsed = parseSmapsRollup("00400000-7fff0000 ---p 00000000 00:00 0 [rollup]\nRss:  2048 kB\nPss:  1024 kB\n"
                                         "Shared_Clean: 1000 kB\nPrivate_Clean:   100 kB\nPrivate_Dirty: 300 kB\n");
    QVERIFY(parsed);
    QCOMPARE(parsed->rss, 2048u * 1024);
    QCOMPARE(parsed->pss, 1024u * 1024);
    QCOMPARE(parsed->uss, 400u * 1024);
    QVERIFY(!parseSmapsRollup("nothing here\n"));

    // The open file re-reads: 64 MiB touched by this process shows in RSS and USS.
    ProcessMemoryReader self(getpid());
    QVERIFY(self.valid());
    const auto before = self.read();
    const auto rssBefore = self.rss();
    QVERIFY(before && rssBefore);
    std::vector<char> block(size_t(64 * kMiB));
    for (size_t i = 0; i < block.size(); i += 4096)
        block[i] = char(i);
    const auto after = self.read();
    const auto rssAfter = self.rss();
    QVERIFY(after && rssAfter);
    QVERIFY2(after->rss >= before->rss + 60 * kMiB, qPrintable(QString::number(after->rss - before->rss)));
    QVERIFY(after->uss >= before->uss + 60 * kMiB);
    QVERIFY(after->pss <= after->rss && after->uss <= after->rss);
    // statm's RSS (cheap) agrees with smaps_rollup's within a few pages.
    QVERIFY(*rssAfter >= *rssBefore + 60 * kMiB);
    QVERIFY2(qAbs(qint64(*rssAfter) - qint64(after->rss)) < 4 * kMiB, qPrintable(QString::number(*rssAfter)));
    QVERIFY(!ProcessMemoryReader(0x3fffffff).valid()); // no such process
}

void TestMemory::configErrors_data()
{
    QTest::addColumn<QByteArray>("objects");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    QTest::newRow("not an object") << QByteArray(R"("many")") << "dataset.objects" << "expected an object";
    QTest::newRow("count missing") << QByteArray(R"({"bytes_each":4096})") << "dataset.objects.count" << "missing";
    QTest::newRow("bytes missing") << QByteArray(R"({"count":10})") << "dataset.objects.bytes_each" << "missing";
    QTest::newRow("count zero") << QByteArray(R"({"count":0,"bytes_each":4096})") << "dataset.objects.count" << "";
    QTest::newRow("too small") << QByteArray(R"({"count":10,"bytes_each":8})") << "dataset.objects.bytes_each" << "";
    QTest::newRow("layout") << QByteArray(R"({"count":10,"bytes_each":4096,"layout":"numpy"})") << "dataset.objects.layout"
                            << "expected 'refcounted'";
    QTest::newRow("unknown key") << QByteArray(R"({"count":10,"bytes_each":4096,"layot":"contiguous"})")
                                 << "dataset.objects.layot" << "";
    QTest::newRow("more than the machine") << QByteArray(R"({"count":67108864,"bytes_each":1073741824})") << "dataset.objects"
                                           << "1 TiB";
    QTest::newRow("ok") << QByteArray(R"({"count":10,"bytes_each":100,"layout":"contiguous"})") << "" << "";
}

void TestMemory::configErrors()
{
    QFETCH(QByteArray, objects);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const std::string text = R"({"dataset":{"objects":)" + objects.toStdString() + "}}";
    try {
        const Config c = parseConfig(text);
        QVERIFY2(field.isEmpty(), "accepted");
        QVERIFY(c.dataset.objects);
        QCOMPARE(c.dataset.objects->count, 10);
        // The canonical JSON round-trips.
        const Config again = parseConfig(configToJson(c));
        QVERIFY(again.dataset.objects);
        QCOMPARE(again.dataset.objects->bytes_each, 100);
        QVERIFY(again.dataset.objects->layout == ObjectsConfig::Layout::Contiguous);
        QVERIFY(!parseConfig(configToJson(parseConfig("{}"))).dataset.objects);
    } catch (const ConfigError& e) {
        QVERIFY2(!field.isEmpty(), e.what());
        QCOMPARE(QString::fromStdString(e.field()), field);
        QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
}

void TestMemory::summaryRoundTrip()
{
    RunSummary s;
    MemoryFigures m;
    m.main = {300 * kMiB, 200 * kMiB, 100 * kMiB};
    WorkerMemory w;
    w.worker = 1;
    w.pid = 4242;
    w.peak_rss_bytes = 310 * kMiB;
    w.peak_pss_bytes = 90 * kMiB;
    w.peak_uss_bytes = 70 * kMiB;
    w.uss_growth_bytes = 64 * kMiB;
    m.workers.push_back(w);
    m.segment_bytes = 40 * kMiB;
    m.peak_slots_in_use_bytes = 8 * kMiB;
    m.dev_shm_size_bytes = 64 * kMiB;
    m.dev_shm_min_free_bytes = 20 * kMiB;
    m.pinned_bytes = 16 * kMiB;
    m.limit_bytes = 8192 * kMiB;
    s.figures.memory = m;
    const std::string text = runSummaryToJson(s);
    const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    const QJsonObject mem = j.value(QStringLiteral("memory")).toObject();
    // The keys of config.md, exactly where it puts them.
    for (const char* k : {"peak_rss_bytes", "peak_pss_bytes", "peak_uss_bytes"})
        QVERIFY2(mem.value(QStringLiteral("main")).toObject().contains(QLatin1String(k)), k);
    const QJsonObject w0 = mem.value(QStringLiteral("workers")).toArray().first().toObject();
    for (const char* k : {"worker", "pid", "peak_rss_bytes", "peak_pss_bytes", "peak_uss_bytes"})
        QVERIFY2(w0.contains(QLatin1String(k)), k);
    for (const char* k : {"segment_bytes", "peak_slots_in_use_bytes", "dev_shm_size_bytes", "dev_shm_min_free_bytes"})
        QVERIFY2(mem.value(QStringLiteral("shm")).toObject().contains(QLatin1String(k)), k);
    QCOMPARE(mem.value(QStringLiteral("pinned_bytes")).toInteger(), 16 * kMiB);
    const RunSummary back = parseRunSummary(text);
    QVERIFY(back.figures.memory);
    const MemoryFigures& b = *back.figures.memory;
    QCOMPARE(b.main.peak_pss_bytes, uint64_t(200 * kMiB));
    QCOMPARE(b.workers.size(), size_t(1));
    QCOMPARE(b.workers[0].pid, 4242);
    QCOMPARE(b.workers[0].uss_growth_bytes, uint64_t(64 * kMiB));
    QCOMPARE(b.dev_shm_min_free_bytes, uint64_t(20 * kMiB));
    QCOMPARE(b.limit_bytes, uint64_t(8192 * kMiB));
    // Not sampled: null, and read back as absent.
    QVERIFY(!parseRunSummary(runSummaryToJson(RunSummary())).figures.memory);
}

void TestMemory::accumulatorFromEvents()
{
    // One worker whose USS rises 64 KiB per sample fetched (read every 4th tick; RSS alone in
    // between), then its next process (a new epoch without persistent workers) stays flat.
    MetricsAccumulator acc(1);
    auto ev = [](EventKind k, uint64_t t, int64_t batch, int64_t a0, int64_t a1, int16_t lane) {
        Event e;
        e.kind = k;
        e.t0 = e.t1 = t;
        e.batch = batch;
        e.arg0 = a0;
        e.arg1 = a1;
        e.lane = lane;
        return e;
    };
    uint64_t t = 1000;
    acc.add(ev(EventKind::WorkerStart, t, -1, 100, 1, 0));
    int64_t fetched = 0;
    for (int tick = 0; tick < 40; ++tick) {
        for (int i = 0; i < 10; ++i, ++fetched) {
            Event f = ev(EventKind::Fetch, ++t, 0, fetched, 0, 0);
            f.t1 = ++t;
            acc.add(f);
        }
        const int64_t uss = 10 * kMiB + fetched * 65536;
        if (tick % 4 == 0)
            acc.add(ev(EventKind::MemoryUsage, ++t, uss, uss + 100 * kMiB, uss + 10 * kMiB, 0));
        else
            acc.add(ev(EventKind::MemoryUsage, ++t, -1, uss + 100 * kMiB, -1, 0)); // RSS alone
        acc.add(ev(EventKind::ShmUsage, ++t, 1024 * kMiB, tick * kMiB, 200 * kMiB + tick * kMiB, LaneMain));
    }
    acc.add(ev(EventKind::PinnedMemory, ++t, -1, 48 * kMiB, 16 * kMiB, LaneMain));
    acc.add(ev(EventKind::MemoryUsage, ++t, 5 * kMiB, 50 * kMiB, 20 * kMiB, LaneMain));
    acc.add(ev(EventKind::WorkerStart, ++t, -1, 101, 2, 0));
    for (int tick = 0; tick < 10; ++tick) {
        Event f = ev(EventKind::Fetch, ++t, 0, fetched++, 0, 0);
        f.t1 = ++t;
        acc.add(f);
        acc.add(ev(EventKind::MemoryUsage, ++t, 12 * kMiB, 112 * kMiB, 20 * kMiB, 0));
    }
    const RunFigures f = acc.figures();
    QVERIFY(f.memory);
    const MemoryFigures& m = *f.memory;
    QCOMPARE(m.workers.size(), size_t(1));
    QCOMPARE(m.workers[0].pid, 101); // the last process of worker 0
    // USS was read at ticks 0, 4, ..., 36 (fetched 10, 50, ..., 370): peak 10 MiB + 370 x 64 KiB.
    QCOMPARE(m.workers[0].peak_uss_bytes, uint64_t(10 * kMiB + 370 * 65536));
    QCOMPARE(m.workers[0].peak_rss_bytes, uint64_t(110 * kMiB + 400 * 65536)); // RSS of every tick
    QCOMPARE(m.workers[0].peak_pss_bytes, uint64_t(20 * kMiB + 370 * 65536));
    // Fitted growth: 64 KiB per sample over the 360 samples between the first and last reading.
    QVERIFY2(qAbs(qint64(m.workers[0].uss_growth_bytes) - 360 * 65536) < 4096, qPrintable(QString::number(m.workers[0].uss_growth_bytes)));
    QCOMPARE(m.main.peak_rss_bytes, uint64_t(50 * kMiB));
    QCOMPARE(m.peak_slots_in_use_bytes, uint64_t(39 * kMiB));
    QCOMPARE(m.dev_shm_size_bytes, uint64_t(1024 * kMiB));
    QCOMPARE(m.dev_shm_min_free_bytes, uint64_t((1024 - 239) * kMiB));
    QCOMPARE(m.pinned_bytes, uint64_t(48 * kMiB));
    // No memory events: no memory figures.
    MetricsAccumulator none(2);
    QVERIFY(!none.figures().memory);
}

void TestMemory::adviceRules()
{
    auto summary = [](uint64_t growth, uint64_t workerUss, uint64_t segment, uint64_t shm, uint64_t limit, int workers) {
        RunSummary s;
        s.figures.batches = 100;
        s.figures.seconds = 1;
        s.figures.samples = 1000;
        s.figures.data_stall_fraction = 0.01;
        s.cores = 8;
        s.figures.memory = advicetest::memoryFigures(growth, workerUss, segment, shm, limit, workers);
        return s;
    };
    auto ids = [](const std::vector<Advice>& advice) {
        QStringList out;
        for (const Advice& a : advice)
            out << QString::fromStdString(a.id);
        return out;
    };
    LoaderKnobs k;
    k.num_workers = 4;
    k.prefetch_factor = 2;
    const uint64_t big = 24ULL << 30;
    // An ordinary run: small, flat workers; plenty of /dev/shm and memory.
    QVERIFY(!ids(adviseRun(k, summary(1 * kMiB, 20 * kMiB, 40 * kMiB, big, big, 4))).contains(QStringLiteral("copy_on_read")));
    for (const QString& id : ids(adviseRun(k, summary(1 * kMiB, 20 * kMiB, 40 * kMiB, big, big, 4))))
        QVERIFY2(!isMemoryAdvice(id), qPrintable(id));
    // Copy-on-read: 64 MiB each, beyond what the segment's slots could hold.
    std::vector<Advice> a = adviseRun(k, summary(64 * kMiB, 70 * kMiB, 40 * kMiB, big, big, 4));
    QVERIFY(ids(a).contains(QStringLiteral("copy_on_read")));
    for (const Advice& x : a)
        if (x.id == advice_id::kCopyOnRead) {
            QVERIFY(x.knob.empty()); // no objects in the config: the fix is in the user's dataset
            QCOMPARE(x.evidenceValue("worker_uss_growth_mean_bytes"), double(64 * kMiB));
        }
    k.objects_layout = "refcounted";
    for (const Advice& x : adviseRun(k, summary(64 * kMiB, 70 * kMiB, 40 * kMiB, big, big, 4)))
        if (x.id == advice_id::kCopyOnRead) {
            QCOMPARE(x.knob, std::string("dataset.objects.layout"));
            QCOMPARE(x.suggest.text, std::string("contiguous"));
            QVERIFY(!adviceAimsFaster(x.id));
        }
    k.objects_layout.clear();
    // Growth the slots could explain (a slot section of 75 MiB) is not copy-on-read.
    QVERIFY(!ids(adviseRun(k, summary(64 * kMiB, 70 * kMiB, 600 * kMiB, big, big, 4))).contains(QStringLiteral("copy_on_read")));
    // The segment takes most of a 64 MB /dev/shm: fewer batches in flight.
    a = adviseRun(k, summary(0, 20 * kMiB, 40 * kMiB, 64 * kMiB, big, 4));
    QVERIFY(ids(a).contains(QStringLiteral("shm_slots")));
    for (const Advice& x : a)
        if (x.id == advice_id::kShmSlots) {
            QCOMPARE(x.knob, std::string("loader.prefetch_factor"));
            QCOMPARE(x.suggest.number, 1.0);
        }
    // Eight workers of 900 MiB each under an 8 GiB limit: fewer workers.
    k.num_workers = 8;
    a = adviseRun(k, summary(0, 900 * kMiB, 40 * kMiB, big, 8192 * kMiB, 8));
    QVERIFY2(ids(a).contains(QStringLiteral("worker_memory")), qPrintable(ids(a).join(QLatin1Char(','))));
    for (const Advice& x : a)
        if (x.id == advice_id::kWorkerMemory) {
            QVERIFY(x.suggest.number >= 1 && x.suggest.number < 8);
            QCOMPARE(x.knob, std::string("loader.num_workers"));
        }
    // A run killed for its memory still gets the memory advice (and no throughput advice).
    RunSummary failed = summary(64 * kMiB, 70 * kMiB, 40 * kMiB, big, big, 8);
    failed.exit_code = 3;
    failed.figures.batches = 0;
    QCOMPARE(ids(adviseRun(k, failed)), QStringList{QStringLiteral("copy_on_read")});
}

void TestMemory::ownShmReadsShareTheProbesBudget()
{
    // The probe's sampler (Budget::shm_own_in_budget): its own /dev/shm read, due at every tick
    // here, waits for the PSS reads' CPU tokens (1 % of a core: 20 us a 2 ms tick, less than
    // either read of this process costs) and shares them with those reads: far fewer own reads
    // than ticks, and both kinds go on. Not in the budget (the engine's runs): one every tick.
    SegmentSpec spec;
    spec.num_workers = 1;
    spec.event_ring_capacity = 1u << 12;
    spec.config_json = R"({"source":"pytorch"})";
    spec.source = SegmentSource::Probe;
    auto seg = Segment::create(spec);
    for (const bool inBudget : {true, false}) {
        MemorySampler s(*seg, 500.0, /*sharedPinned=*/false, MemorySamplerBudget{0.01, 0, 0, 0, inBudget});
        QTRY_VERIFY_WITH_TIMEOUT(s.ticks() >= 200 && s.rollups() >= 3 && s.shmOwnReads() >= 3, 30000);
        s.stop(); // its last tick reads both, whatever the budget
        qInfo("in the budget: %d: %llu ticks, %llu own /dev/shm reads, %llu PSS reads", int(inBudget),
              (unsigned long long)s.ticks(), (unsigned long long)s.shmOwnReads(), (unsigned long long)s.rollups());
        if (inBudget)
            QVERIFY2(s.shmOwnReads() < s.ticks() / 2, qPrintable(QString::number(s.shmOwnReads())));
        else
            QCOMPARE(s.shmOwnReads(), s.ticks());
    }
}

QTEST_GUILESS_MAIN(TestMemory)
#include "tst_memory.moc"

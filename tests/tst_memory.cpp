// SPDX-License-Identifier: MIT
// Memory (issue 15), with real processes: copy-on-read of refcounted objects grows each worker's
// USS by at least half of what it read and a contiguous array by less than 10 %; PSS <= RSS for
// every process; slot bytes in use never exceed the segment; pinned memory as allocated; a worker
// killed by SIGKILL is explained (an OOM kill inside a memory-limited cgroup, or no OOM kill);
// /dev/shm warnings on a tiny /dev/shm (a private tmpfs in a mount namespace); the memory advice
// fires on its cases and on no preset it does not apply to. Every run has a timeout and leaves no
// process, segment, cgroup or temp dir.
#include "testutil.h"

#include "loaderscope/advice.h"
#include "loaderscope/config.h"
#include "loaderscope/memory.h"
#include "loaderscope/metrics.h"
#include "loaderscope/oom.h"
#include "loaderscope/recording.h"
#include "loaderscope/run_summary.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <fcntl.h>
#include <map>
#include <set>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <unistd.h>

using namespace testutil;
using namespace loaderscope;

namespace {

constexpr qint64 kMiB = 1 << 20;

/// Every event of a run's recording.
std::vector<Event> readRecording(const QString& path)
{
    std::vector<Event> events;
    RecordingReader r(path.toStdString());
    r.refresh();
    r.readAll([&](const Event& e) { events.push_back(e); });
    return events;
}

QStringList adviceIds(const QJsonObject& summary)
{
    QStringList ids;
    for (const auto& a : summary.value(QStringLiteral("advice")).toArray())
        ids << a.toObject().value(QStringLiteral("id")).toString();
    return ids;
}

bool isMemoryAdvice(const QString& id)
{
    return id == QLatin1String(advice_id::kCopyOnRead) || id == QLatin1String(advice_id::kWorkerMemory) ||
           id == QLatin1String(advice_id::kShmSlots);
}

/// Starts the engine with `modifier` run in the child before exec; waits up to timeoutMs.
EngineResult runEngineWith(const QByteArray& config, const std::function<void()>& modifier, int timeoutMs,
                           const std::function<void(QProcess&)>& whileRunning = {})
{
    QTemporaryDir dir;
    QFile f(dir.filePath(QStringLiteral("c.json")));
    f.open(QIODevice::WriteOnly);
    f.write(config);
    f.close();
    const QString summary = dir.filePath(QStringLiteral("s.json"));
    QProcess p;
    p.setChildProcessModifier([modifier] {
        prctl(PR_SET_PDEATHSIG, SIGKILL); // no run outlives its test
        modifier();
    });
    p.start(enginePath(), {QStringLiteral("run"), QStringLiteral("--config"), f.fileName(), QStringLiteral("--summary"), summary});
    EngineResult r;
    p.waitForStarted();
    r.pid = p.processId();
    if (whileRunning)
        whileRunning(p);
    r.finished = p.waitForFinished(timeoutMs);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    QFile s(summary);
    if (s.open(QIODevice::ReadOnly))
        r.summary = QJsonDocument::fromJson(s.readAll()).object();
    return r;
}

QJsonObject memoryOf(const QJsonObject& summary)
{
    return summary.value(QStringLiteral("memory")).toObject();
}

} // namespace

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
    void copyOnRead_data();
    void copyOnRead();
    void countersConsistent_data();
    void countersConsistent();
    void presetsAdvice_data();
    void presetsAdvice();
    void killedWorkerWithoutOom();
    void oomKillInCgroup();
    void tinyDevShm_data();
    void tinyDevShm();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }
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
        const Config c = parseConfig(text, /*checkShm=*/false);
        QVERIFY2(field.isEmpty(), "accepted");
        QVERIFY(c.dataset.objects);
        QCOMPARE(c.dataset.objects->count, 10);
        // The canonical JSON round-trips.
        const Config again = parseConfig(configToJson(c), false);
        QVERIFY(again.dataset.objects);
        QCOMPARE(again.dataset.objects->bytes_each, 100);
        QVERIFY(again.dataset.objects->layout == ObjectsConfig::Layout::Contiguous);
        QVERIFY(!parseConfig(configToJson(parseConfig("{}", false)), false).dataset.objects);
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
        MemoryFigures m;
        m.main = {300 * kMiB, 150 * kMiB, 40 * kMiB};
        for (int w = 0; w < workers; ++w) {
            WorkerMemory wm;
            wm.worker = w;
            wm.peak_rss_bytes = 300 * kMiB + workerUss;
            wm.peak_pss_bytes = workerUss + 30 * kMiB;
            wm.peak_uss_bytes = workerUss;
            wm.uss_growth_bytes = growth;
            m.workers.push_back(wm);
        }
        m.segment_bytes = segment;
        m.slots_bytes = segment / 8; // the rest are the event rings
        m.dev_shm_size_bytes = shm;
        m.dev_shm_min_free_bytes = shm / 2;
        m.limit_bytes = limit;
        s.figures.memory = m;
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

void TestMemory::copyOnRead_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<QString>("start");
    QTest::newRow("refcounted, fork") << "refcounted" << "fork";
    QTest::newRow("contiguous, fork") << "contiguous" << "fork";
    QTest::newRow("refcounted, spawn") << "refcounted" << "spawn";
}

void TestMemory::copyOnRead()
{
    QFETCH(QString, layout);
    QFETCH(QString, start);
    constexpr int kCount = 1024, kBytes = 131072, kWorkers = 2;
    // worker_init_us holds each worker 300 ms before its first fetch: the sampler (20 Hz) reads its
    // memory before it touched anything. 2 ms a sample keeps the run about a second long.
    const QByteArray config = QStringLiteral(R"({"dataset":{"length":%1,"sample_bytes":1024,"io_latency_us":2000,
        "objects":{"count":%1,"bytes_each":%2,"layout":"%3"}},
        "loader":{"batch_size":8,"num_workers":%4,"worker_init_us":300000,"multiprocessing_context":"%5"},
        "train":{"step_us":0},"device":{"backend":"sim"}})")
                                  .arg(kCount).arg(kBytes).arg(layout).arg(kWorkers).arg(start).toUtf8();
    QTemporaryDir dir;
    const QString events = dir.filePath(QStringLiteral("run.lsrec"));
    const EngineResult r = runEngine(config, {QStringLiteral("--events"), events}, 60000);
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(waitGone(workerPids(r.summary), 5000));

    // Objects each worker read: sample i reads object i % count (sequential sampler).
    std::map<int, std::set<int64_t>> touched;
    for (const auto& b : r.summary.value(QStringLiteral("batch_log")).toArray()) {
        const QJsonObject o = b.toObject();
        for (int i = 0; i < o.value(QStringLiteral("size")).toInt(); ++i)
            touched[o.value(QStringLiteral("worker")).toInt()].insert((o.value(QStringLiteral("first_sample")).toInteger() + i) % kCount);
    }
    QCOMPARE(int(touched.size()), kWorkers);

    // Each worker's USS before its first fetch, and at its peak, from the recorded samples.
    std::map<int, uint64_t> firstFetch, baseline, peak;
    const std::vector<Event> all = readRecording(events);
    for (const Event& e : all)
        if (e.kind == EventKind::Fetch && e.lane >= 0 && !firstFetch.count(e.lane))
            firstFetch[e.lane] = e.t0;
    for (const Event& e : all) {
        if (e.kind != EventKind::MemoryUsage || e.lane < 0)
            continue;
        if (e.batch < 0)
            continue; // RSS alone
        if (!baseline.count(e.lane)) {
            QVERIFY2(e.t0 < firstFetch[e.lane], "the first USS reading came after the worker's first fetch");
            baseline[e.lane] = uint64_t(e.batch);
        }
        peak[e.lane] = std::max(peak[e.lane], uint64_t(e.batch));
    }
    const QJsonObject mem = memoryOf(r.summary);
    QVERIFY(mem.value(QStringLiteral("main")).toObject().value(QStringLiteral("peak_rss_bytes")).toInteger() >=
            qint64(kCount) * kBytes); // the main process holds the objects
    const QJsonArray workers = mem.value(QStringLiteral("workers")).toArray();
    QCOMPARE(workers.size(), kWorkers);
    for (int w = 0; w < kWorkers; ++w) {
        const double read = double(touched[w].size()) * kBytes;
        const double growth = double(peak[w]) - double(baseline[w]);
        const double fitted = workers[w].toObject().value(QStringLiteral("uss_growth_bytes")).toDouble();
        const QString what = QStringLiteral("worker %1 read %2 MiB of objects; USS %3 -> %4 MiB, fitted growth %5 MiB")
                                 .arg(w).arg(read / kMiB).arg(double(baseline[w]) / kMiB, 0, 'f', 1)
                                 .arg(double(peak[w]) / kMiB, 0, 'f', 1).arg(fitted / kMiB, 0, 'f', 1);
        qInfo("%s", qPrintable(what));
        if (start == QLatin1String("spawn")) {
            // A spawned worker rebuilds the dataset: it holds its own copy of every object.
            QVERIFY2(peak[w] >= uint64_t(0.9 * kCount * kBytes), qPrintable(what));
        } else if (layout == QLatin1String("refcounted")) {
            QVERIFY2(growth >= 0.5 * read, qPrintable(what));
            QVERIFY2(fitted >= 0.5 * read, qPrintable(what));
        } else {
            QVERIFY2(growth < 0.1 * read, qPrintable(what));
            QVERIFY2(fitted < 0.1 * read, qPrintable(what));
        }
    }
    const bool expectAdvice = start == QLatin1String("fork") && layout == QLatin1String("refcounted");
    QCOMPARE(adviceIds(r.summary).contains(QStringLiteral("copy_on_read")), expectAdvice);
}

void TestMemory::countersConsistent_data()
{
    QTest::addColumn<int>("workers");
    QTest::addColumn<QString>("pin");
    QTest::newRow("3 workers, pageable") << 3 << "false";
    QTest::newRow("3 workers, pinned") << 3 << "true";
    QTest::newRow("3 workers, shared") << 3 << "\"shared\"";
    QTest::newRow("main process, pinned") << 0 << "true";
}

void TestMemory::countersConsistent()
{
    QFETCH(int, workers);
    QFETCH(QString, pin);
    constexpr qint64 kPayload = 16 * 16384;
    const QByteArray config = QStringLiteral(R"({"dataset":{"length":512,"sample_bytes":16384,"io_latency_us":2000},
        "loader":{"batch_size":16,"num_workers":%1,"pin_memory":%2},"train":{"step_us":1000},"device":{"backend":"sim"}})")
                                  .arg(workers).arg(pin).toUtf8();
    QTemporaryDir dir;
    const QString events = dir.filePath(QStringLiteral("run.lsrec"));
    const EngineResult r = runEngine(config, {QStringLiteral("--events"), events}, 60000);
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(waitGone(workerPids(r.summary), 5000));
    const QJsonObject mem = memoryOf(r.summary);
    QVERIFY2(!mem.isEmpty(), "no memory object");
    QVERIFY(r.summary.value(QStringLiteral("memory_sampler_cpu_s")).toDouble() > 0); // its cost, measured
    const QJsonObject shm = mem.value(QStringLiteral("shm")).toObject();
    const qint64 segment = shm.value(QStringLiteral("segment_bytes")).toInteger();
    const qint64 numSlots = qint64(workers * 2 + 6);
    QVERIFY(segment >= numSlots * kPayload);
    QVERIFY(shm.value(QStringLiteral("dev_shm_size_bytes")).toInteger() > 0);
    QVERIFY(shm.value(QStringLiteral("dev_shm_min_free_bytes")).toInteger() <= shm.value(QStringLiteral("dev_shm_size_bytes")).toInteger());

    int memorySamples = 0, rollups = 0, shmSamples = 0;
    qint64 maxSlots = 0;
    for (const Event& e : readRecording(events)) {
        if (e.kind == EventKind::MemoryUsage) {
            ++memorySamples;
            QVERIFY(e.arg0 > 0);
            QVERIFY2((e.arg1 < 0) == (e.batch < 0), "PSS and USS are read together");
            if (e.arg1 < 0)
                continue; // RSS alone (statm) this time
            ++rollups;
            QVERIFY2(e.arg1 <= e.arg0, "PSS above RSS");
            QVERIFY2(e.batch <= e.arg0, "USS above RSS");
            QVERIFY(e.arg1 > 0 && e.batch > 0);
        } else if (e.kind == EventKind::ShmUsage) {
            ++shmSamples;
            QVERIFY2(e.arg0 <= segment, "slot bytes in use above the segment");
            QVERIFY(e.arg0 <= numSlots * kPayload);
            QVERIFY(e.arg1 <= e.batch); // /dev/shm used <= its size
            maxSlots = std::max<qint64>(maxSlots, e.arg0);
        }
    }
    QVERIFY2(memorySamples >= 4 * (workers + 1), qPrintable(QString::number(memorySamples)));
    QVERIFY2(rollups >= workers + 1, qPrintable(QString::number(rollups))); // every process's PSS/USS at least once
    QVERIFY(shmSamples >= 2);
    QVERIFY(maxSlots > 0);
    QCOMPARE(shm.value(QStringLiteral("peak_slots_in_use_bytes")).toInteger(), maxSlots);

    auto checkPeaks = [](const QJsonObject& p) {
        const qint64 rss = p.value(QStringLiteral("peak_rss_bytes")).toInteger();
        QVERIFY(rss > 0);
        QVERIFY(p.value(QStringLiteral("peak_pss_bytes")).toInteger() <= rss);
        QVERIFY(p.value(QStringLiteral("peak_uss_bytes")).toInteger() <= rss);
    };
    checkPeaks(mem.value(QStringLiteral("main")).toObject());
    const QJsonArray ws = mem.value(QStringLiteral("workers")).toArray();
    QCOMPARE(ws.size(), workers);
    const QList<qint64> pids = workerPids(r.summary);
    for (const auto& w : ws) {
        checkPeaks(w.toObject());
        QVERIFY(pids.contains(w.toObject().value(QStringLiteral("pid")).toInteger()));
    }
    // Pinned memory held: the staging buffers (one per slot), or the registered slot section.
    const qint64 pinned = mem.value(QStringLiteral("pinned_bytes")).toInteger();
    if (pin == QLatin1String("false"))
        QCOMPARE(pinned, 0);
    else if (pin == QLatin1String("true"))
        QCOMPARE(pinned, numSlots * kPayload);
    else
        QCOMPARE(pinned, numSlots * ((kPayload + 4095) / 4096 * 4096));
    for (const QString& id : adviceIds(r.summary))
        QVERIFY2(!isMemoryAdvice(id), qPrintable(id));
}

void TestMemory::presetsAdvice_data()
{
    QTest::addColumn<QString>("preset");
    for (const QString& f : QDir(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/resources/presets")).entryList({QStringLiteral("*.json")}))
        QTest::newRow(qPrintable(f.chopped(5))) << f.chopped(5);
}

void TestMemory::presetsAdvice()
{
    // Memory advice only where it applies: on the copy-on-read preset, and there only.
    QFETCH(QString, preset);
    QFile f(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/resources/presets/%1.json").arg(preset));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const EngineResult r = runEngine(f.readAll(), {}, 60000);
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == (preset == QLatin1String("worker_dies") ? 3 : 0), r.err.constData());
    QVERIFY(waitGone(workerPids(r.summary), 5000));
    QVERIFY(r.summary.value(QStringLiteral("memory")).isObject());
    QStringList memoryAdvice;
    for (const QString& id : adviceIds(r.summary))
        if (isMemoryAdvice(id))
            memoryAdvice << id;
    const QStringList expected = preset == QLatin1String("copy_on_read_refcounted") ? QStringList{QStringLiteral("copy_on_read")}
                                                                                     : QStringList{};
    QCOMPARE(memoryAdvice, expected);
}

void TestMemory::killedWorkerWithoutOom()
{
    // SIGKILL from outside (this test), no memory pressure: PyTorch's words first, then the
    // explanation that no OOM killer fired, with the worker's last sampled memory.
    qint64 victim = 0;
    const EngineResult r = runEngineWith(
        R"({"dataset":{"length":100000,"sample_bytes":256,"io_latency_us":1000},"loader":{"batch_size":4,"num_workers":2},
            "train":{"step_us":100},"device":{"backend":"sim"}})",
        [] {}, 30000, [&](QProcess& p) {
            QElapsedTimer t;
            t.start();
            while (t.elapsed() < 10000 && victim == 0) {
                for (const ChildProc& c : childrenOf(p.processId()))
                    if (c.comm == QLatin1String("ls_worker_1"))
                        victim = c.pid;
                QThread::msleep(5);
            }
            QThread::msleep(400); // a few memory samples of it
            if (victim > 0)
                ::kill(pid_t(victim), SIGKILL);
        });
    QVERIFY(victim > 0);
    QVERIFY(r.finished);
    QCOMPARE(r.exitCode, 3);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(QStringLiteral("DataLoader worker (pid %1) is killed by signal: Killed. Worker 1 (pid %1) was killed by "
                                         "SIGKILL: no OOM killer fired")
                              .arg(victim)),
             r.err.constData());
    QVERIFY2(err.contains(QStringLiteral("another process sent the signal; its RSS was")), r.err.constData());
    const QJsonArray errors = r.summary.value(QStringLiteral("errors")).toArray();
    QVERIFY(!errors.isEmpty() && errors.first().toString().contains(QStringLiteral("no OOM killer fired")));
    QVERIFY(waitGone(workerPids(r.summary) << victim, 5000));
}

void TestMemory::oomKillInCgroup()
{
    // A memory cgroup of our own (cgroup v2, or the v1 memory controller), small enough that the
    // worker's copies of refcounted objects run past it: the OOM killer takes the worker (it holds
    // the objects like the main process, plus its collate buffer and the slots it wrote) and the
    // engine says so.
    const std::optional<MemoryCgroup> cg = memoryCgroupOf();
    if (!cg)
        QSKIP("no memory cgroup (neither cgroup v2 with the memory controller nor the v1 memory controller)");
    const QString child = QString::fromStdString(cg->dir) + QStringLiteral("/loaderscope-tst-memory-%1").arg(getpid());
    if (cg->version == 2) {
        QFile control(QString::fromStdString(cg->dir) + QStringLiteral("/cgroup.subtree_control"));
        if (!control.open(QIODevice::ReadOnly) || !control.readAll().contains("memory")) {
            QFile enable(control.fileName());
            if (!enable.open(QIODevice::WriteOnly) || enable.write("+memory") < 0 || !enable.flush())
                QSKIP(qPrintable(QStringLiteral("cannot enable the memory controller for children of %1 (a cgroup with "
                                                "processes cannot delegate it)").arg(QString::fromStdString(cg->dir))));
        }
    }
    if (!QDir().mkdir(child))
        QSKIP(qPrintable(QStringLiteral("cannot create the cgroup %1 (not root, or cgroupfs read-only)").arg(child)));
    auto removeCgroup = qScopeGuard([&] {
        for (int i = 0; i < 200 && !QDir().rmdir(child); ++i) // empty once every process is reaped
            QThread::msleep(10);
    });
    // 256 objects of 1 MiB (256 MiB in the main process, shared with the worker), samples of 32 MiB
    // (a 32 MiB collate buffer in the worker; 7 slots of 32 MiB in /dev/shm, charged to the cgroup).
    // The limit leaves about 96 MiB for the worker's copies of the objects it reads: it reads
    // all 256 MiB of them, so it goes past the limit a third of the way.
    constexpr qint64 kObjects = 256 * kMiB, kSample = 32 * kMiB;
    const qint64 segment = 7 * kSample + 5 * 4 * kMiB; // slots + event rings (4 fixed + 1 worker)
    const qint64 limit = kObjects + segment + kSample + 40 * kMiB + 96 * kMiB; // + the processes' own
    auto writeFile = [](const QString& path, const QByteArray& value) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(value) == value.size() && f.flush();
    };
    const QByteArray limitText = QByteArray::number(limit);
    if (cg->version == 2) {
        QVERIFY(writeFile(child + QStringLiteral("/memory.max"), limitText));
        if (QFile::exists(child + QStringLiteral("/memory.swap.max")))
            QVERIFY(writeFile(child + QStringLiteral("/memory.swap.max"), "0"));
    } else {
        QVERIFY(writeFile(child + QStringLiteral("/memory.limit_in_bytes"), limitText));
        if (QFile::exists(child + QStringLiteral("/memory.memsw.limit_in_bytes")))
            writeFile(child + QStringLiteral("/memory.memsw.limit_in_bytes"), limitText); // no swap to escape to
    }
    const int procs = ::open(qPrintable(child + QStringLiteral("/cgroup.procs")), O_WRONLY | O_CLOEXEC);
    QVERIFY(procs >= 0);
    auto closeProcs = qScopeGuard([procs] { ::close(procs); });
    const EngineResult r = runEngineWith(
        QStringLiteral(R"({"dataset":{"length":256,"sample_bytes":%1,"io_latency_us":0,
            "objects":{"count":256,"bytes_each":1048576,"layout":"refcounted"}},
            "loader":{"batch_size":1,"num_workers":1,"prefetch_factor":1},"train":{"step_us":0},"device":{"backend":"sim"}})")
            .arg(kSample).toUtf8(),
        [procs] {
            // In the child, before exec: move itself into the cgroup ("0" is the writer).
            if (::write(procs, "0", 1) != 1)
                _exit(96);
        },
        120000);
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode != 96, "could not move the engine into the cgroup");
    QVERIFY2(r.exitCode == 3, qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err))));
    const QString err = QString::fromUtf8(r.err);
    qInfo("%s", qPrintable(err.trimmed()));
    QVERIFY2(err.contains(QStringLiteral("is killed by signal: Killed. Worker 0 (pid ")), r.err.constData());
    QVERIFY2(err.contains(QStringLiteral("the cgroup's OOM killer fired (oom_kill 0 → 1")), r.err.constData());
    QVERIFY2(err.contains(QStringLiteral("the limit is %1").arg(QString::fromStdString(formatBytes(uint64_t(limit))))),
             r.err.constData());
    // Its last sampled RSS: the objects it mapped at least (a zombie's zero is not a sample).
    const QRegularExpression rss(QStringLiteral("its RSS was ([0-9.]+) MiB at the last sample"));
    const QRegularExpressionMatch m = rss.match(err);
    QVERIFY2(m.hasMatch() && m.captured(1).toDouble() >= 256, r.err.constData());
    QVERIFY(waitGone(workerPids(r.summary), 5000));
}

void TestMemory::tinyDevShm_data()
{
    QTest::addColumn<int>("workers");
    QTest::addColumn<QString>("warning");
    QTest::addColumn<bool>("slotAdvice");
    // 64 MiB: the segment's event rings alone are 4 MiB per writer.
    QTest::newRow("Docker's 64 MB, segment fits") << 1 << "(Docker's default is 64 MB)" << false;
    QTest::newRow("segment over half of it") << 6 << "more than half of /dev/shm's" << true;
}

void TestMemory::tinyDevShm()
{
    // The engine in a mount namespace of its own, with a 64 MiB tmpfs on /dev/shm: a container's.
    QFETCH(int, workers);
    QFETCH(QString, warning);
    QFETCH(bool, slotAdvice);
    const EngineResult r = runEngineWith(
        QStringLiteral(R"({"dataset":{"length":64,"sample_bytes":4096,"io_latency_us":0},
            "loader":{"batch_size":8,"num_workers":%1},"train":{"step_us":0},"device":{"backend":"sim"}})")
            .arg(workers).toUtf8(),
        [] {
            if (unshare(CLONE_NEWNS) != 0 || mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
                mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "size=64m,mode=1777") != 0)
                _exit(97);
        },
        60000);
    if (r.exitCode == 97)
        QSKIP("cannot mount a private tmpfs on /dev/shm (needs root or a user namespace)");
    QVERIFY(r.finished);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.err.contains(warning.toUtf8()), r.err.constData());
    QVERIFY2(r.err.contains("--shm-size"), r.err.constData());
    bool inSummary = false;
    for (const auto& w : r.summary.value(QStringLiteral("warnings")).toArray())
        inSummary = inSummary || (w.toString().contains(warning) && w.toString().contains(QStringLiteral("--shm-size")));
    QVERIFY(inSummary);
    QCOMPARE(memoryOf(r.summary).value(QStringLiteral("shm")).toObject().value(QStringLiteral("dev_shm_size_bytes")).toInteger(),
             64 * kMiB);
    // The slots (with the rings) over half of /dev/shm: fewer batches in flight.
    QCOMPARE(adviceIds(r.summary).contains(QStringLiteral("shm_slots")), slotAdvice);
    for (const auto& a : r.summary.value(QStringLiteral("advice")).toArray())
        if (a.toObject().value(QStringLiteral("id")).toString() == QLatin1String("shm_slots")) {
            QCOMPARE(a.toObject().value(QStringLiteral("knob")).toString(), QStringLiteral("loader.prefetch_factor"));
            QCOMPARE(a.toObject().value(QStringLiteral("suggest")).toInt(), 1);
        }
    QVERIFY(waitGone(workerPids(r.summary), 5000));
}

QTEST_GUILESS_MAIN(TestMemory)
#include "tst_memory.moc"

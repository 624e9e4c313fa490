// SPDX-License-Identifier: MIT
// The metrics behind the advice, on synthetic events: the figures MetricsAccumulator makes of a
// run's events (overlap, lane order, worker shares, the job's CPU, batches not seen, each stage's
// distribution, the slowest samples); one engine run with a planted slow sample. The rules that
// read these figures: tst_advice.
#include "advicetest.h"
#include "testutil.h"
#include "loaderscope/outputs/summary.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <numeric>
#include <random>
#include <tuple>

using namespace loaderscope;
using namespace advicetest;

class TestMetrics : public QObject
{
    Q_OBJECT
private slots:
    void metricsFromEvents();
    void metricsOverlapMatchesBruteForce();
    void metricsAnyLaneOrder();
    void metricsWorkerSharesWithinTheWindow();
    void metricsJobCpuOutsideTheFetches();
    void unseenBatchesFromTheNumbering();
    void distributionsFromEvents();
    void distributionsInTheSummary();
    void slowestSamples();
    void slowSampleLoopCost();
    void slowestSampleOfARealRun();
};

void TestMetrics::metricsFromEvents()
{
    // A loop of 4 batches (10 ms each: 4 ms in next(), 6 ms step) and one worker whose batches
    // cost 2 ms CPU + 1 ms waiting for a core + 5 ms off-CPU, idle 2 ms between them.
    MetricsAccumulator m(1);
    const uint64_t ms = 1'000'000, origin = 1'000 * ms;
    m.add(ev(EventKind::EpochBegin, LaneMain, origin, origin, -1, 0));
    m.add(ev(EventKind::WorkerStart, 0, origin, origin, -1, 4242, 1));
    for (int b = 0; b < 4; ++b) {
        const uint64_t t = origin + uint64_t(b) * 10 * ms;
        m.add(ev(EventKind::Fetch, 0, t, t + 7 * ms, batchKey(0, b), b));
        m.add(ev(EventKind::Collate, 0, t + 7 * ms, t + 8 * ms, batchKey(0, b), 1));
        m.add(ev(EventKind::BatchCost, 0, t + 8 * ms, t + 8 * ms, batchKey(0, b), int64_t(2 * ms), int64_t(1 * ms)));
        m.add(ev(EventKind::WaitTask, 0, t + 8 * ms, t + 10 * ms));
        m.add(ev(EventKind::WaitData, LaneMain, t, t + 4 * ms, batchKey(0, b), 0, 32));
        m.add(ev(EventKind::Step, LaneMain, t + 4 * ms, t + 10 * ms, batchKey(0, b)));
    }
    const RunFigures f = m.figures();
    QCOMPARE(f.samples, 128);
    QCOMPARE(f.batches, 4);
    QCOMPARE(f.seconds, 0.040);
    QCOMPARE(f.samples_per_s, 3200.0);
    QCOMPARE(f.data_stall_fraction, 0.4);
    QVERIFY(f.first_batch_s);
    QCOMPARE(*f.first_batch_s, 0.004);
    QCOMPARE(int(f.workers.size()), 1);
    const WorkerFigures& w = f.workers[0];
    QCOMPARE(w.pid, int64_t(4242));
    QCOMPARE(w.batches, int64_t(4));
    QCOMPARE(w.busy_fraction, 0.8);
    QCOMPARE(w.cpu_fraction, 0.2);
    QCOMPARE(w.cpu_wait_fraction, 0.1);
    QVERIFY(qFuzzyCompare(w.io_fraction, 0.5));
    QCOMPARE(w.idle_fraction, 0.2);
    QVERIFY(qFuzzyCompare(f.io_s_per_sample, 0.020 / 4));
    QVERIFY(qFuzzyCompare(f.cpu_s_per_sample, 0.008 / 4));

    // The probe's sampled recording: one span in 8 stands for 8 samples like it.
    MetricsAccumulator sampled(1);
    for (int b = 0; b < 4; ++b) {
        const uint64_t t = origin + uint64_t(b) * 10 * ms;
        sampled.add(ev(EventKind::Fetch, 0, t, t + 1 * ms, batchKey(0, b), 8 * b, 8));
        sampled.add(ev(EventKind::BatchCost, 0, t + 8 * ms, t + 8 * ms, batchKey(0, b), int64_t(2 * ms), 0));
    }
    const RunFigures g = sampled.figures();
    QCOMPARE(g.workers[0].samples, int64_t(32));
    QVERIFY(qFuzzyCompare(g.cpu_s_per_sample, 0.008 / 32));
    QVERIFY(qFuzzyCompare(g.io_s_per_sample, (0.032 - 0.008) / 32)); // 32 samples of 1 ms each
}

void TestMetrics::metricsOverlapMatchesBruteForce()
{
    // Copies and kernels at random: the streaming overlap equals a brute-force interval count.
    std::mt19937_64 rng(7);
    std::vector<Event> events;
    uint64_t tk = 0, tc = 0;
    for (int i = 0; i < 400; ++i) {
        tk += 100 + rng() % 900;
        const uint64_t k0 = tk, k1 = k0 + 200 + rng() % 800;
        tk = k1;
        events.push_back(ev(EventKind::Kernel, LaneCompute, k0, k1));
        tc += 50 + rng() % 1200;
        const uint64_t c0 = tc, c1 = c0 + 100 + rng() % 700;
        tc = c1;
        events.push_back(ev(EventKind::H2DCopy, LaneCopy, c0, c1, -1, 1000, 1));
    }
    // Completion order, as the device collector reports them.
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.t1 < b.t1; });
    MetricsAccumulator m;
    m.add(events);
    uint64_t overlap = 0, copyNs = 0;
    for (const Event& c : events) {
        if (c.kind != EventKind::H2DCopy)
            continue;
        copyNs += c.t1 - c.t0;
        for (uint64_t t = c.t0; t < c.t1; ++t)
            for (const Event& k : events)
                if (k.kind == EventKind::Kernel && k.t0 <= t && t < k.t1) {
                    ++overlap;
                    break;
                }
    }
    const RunFigures f = m.figures();
    QVERIFY(f.overlap_fraction);
    QVERIFY2(std::abs(*f.overlap_fraction - double(overlap) / double(copyNs)) < 1e-9,
             qPrintable(QStringLiteral("%1 vs %2").arg(*f.overlap_fraction).arg(double(overlap) / double(copyNs))));
}

void TestMetrics::metricsAnyLaneOrder()
{
    // The collector drains ring by ring: lanes arrive in any order. Figures must not depend on it.
    std::vector<Event> events;
    const uint64_t ms = 1'000'000;
    events.push_back(ev(EventKind::EpochBegin, LaneMain, 0, 0, -1, 0));
    for (int b = 0; b < 20; ++b) {
        const uint64_t t = uint64_t(b) * 5 * ms + ms;
        events.push_back(ev(EventKind::WaitData, LaneMain, t, t + 2 * ms, batchKey(0, b), b % 2, 8));
        events.push_back(ev(EventKind::Step, LaneMain, t + 2 * ms, t + 5 * ms, batchKey(0, b)));
        events.push_back(ev(EventKind::Fetch, b % 2, t, t + 3 * ms, batchKey(0, b), b));
        events.push_back(ev(EventKind::BatchCost, b % 2, t + 3 * ms, t + 3 * ms, batchKey(0, b), int64_t(ms), 0));
    }
    MetricsAccumulator inOrder(2), byLane(2);
    inOrder.add(events);
    std::vector<Event> sorted = events;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Event& a, const Event& b) { return a.lane < b.lane; });
    byLane.add(sorted);
    const RunFigures a = inOrder.figures(), b = byLane.figures();
    QCOMPARE(a.seconds, b.seconds);
    QCOMPARE(a.data_stall_fraction, b.data_stall_fraction);
    QCOMPARE(*a.first_batch_s, *b.first_batch_s);
    QCOMPARE(a.workers[1].cpu_fraction, b.workers[1].cpu_fraction);
    QCOMPARE(a.cpu_s_per_sample, b.cpu_s_per_sample);
}

void TestMetrics::metricsWorkerSharesWithinTheWindow()
{
    // A run of 3 ms: the two workers waited 20 ms for their first task while the other started
    // (before the first next()), and worker 1 answered a fourth task with the end of its iterable
    // stream (BatchCost with batch -1). Measured on real jobs before: idle 1.0 next to busy 0.25
    // (the idle time outside the loop over the loop's 3 ms), and 4 batches for 3.
    MetricsAccumulator m(2);
    const uint64_t ms = 1'000'000, origin = 1'000 * ms, loop = origin + 20 * ms;
    for (int w = 0; w < 2; ++w)
        m.add(ev(EventKind::WaitTask, w, origin, loop, -1));
    for (int b = 0; b < 3; ++b) {
        const uint64_t t = loop + uint64_t(b) * ms;
        const int w = b % 2;
        m.add(ev(EventKind::Fetch, w, t, t + ms / 2, batchKey(0, b), b));
        m.add(ev(EventKind::BatchCost, w, t + ms / 2, t + ms / 2, batchKey(0, b), int64_t(ms / 4), 0));
        m.add(ev(EventKind::WaitData, LaneMain, t, t + ms, batchKey(0, b), w, 1));
    }
    m.add(ev(EventKind::BatchCost, 1, loop + 3 * ms, loop + 3 * ms, -1, int64_t(ms / 10), 0));
    const RunFigures f = m.figures();
    QCOMPARE(f.seconds, 0.003);
    QCOMPARE(f.workers[0].batches, int64_t(2));
    QCOMPARE(f.workers[1].batches, int64_t(1)); // the end of the stream is not a batch
    QVERIFY(qFuzzyCompare(f.workers[1].cpu_fraction, 0.00035 / 0.023)); // its CPU still counts
    for (const WorkerFigures& w : f.workers) {
        QVERIFY2(w.busy_fraction + w.idle_fraction <= 1.0 + 1e-9, qPrintable(QStringLiteral("%1 + %2").arg(w.busy_fraction).arg(w.idle_fraction)));
        QVERIFY(w.idle_fraction > 0.8); // 20 ms of the 23 ms window
    }
    QVERIFY(qFuzzyCompare(f.workers[0].busy_fraction, 0.001 / 0.023));
}

void TestMetrics::metricsJobCpuOutsideTheFetches()
{
    // The *Cost events (the probe's for a job, the engine's where it burns send_cpu_us,
    // receive_ns_per_byte, step_cpu_us, threads_cpu_us): a worker's PassCost is its send, the
    // main lane's PassCost, StepCost and ThreadsCost the loop's CPU. A 10 ms loop of 4 batches.
    MetricsAccumulator m(1);
    const uint64_t ms = 1'000'000, t0 = 1'000 * ms;
    for (int b = 0; b < 4; ++b) {
        const uint64_t t = t0 + uint64_t(b) * 2 * ms;
        const int64_t key = batchKey(0, b);
        m.add(ev(EventKind::Fetch, 0, t, t + ms, key, b));
        m.add(ev(EventKind::BatchCost, 0, t + ms, t + ms, key, int64_t(ms / 2), 0));
        m.add(ev(EventKind::PassCost, 0, t + ms, t + ms, key, int64_t(ms / 4), int64_t(ms))); // its wait is not CPU
        m.add(ev(EventKind::WaitData, LaneMain, t, t + ms, key, 0, 1));
        m.add(ev(EventKind::PassCost, LaneMain, t + ms, t + ms, key, int64_t(ms / 10), 0));
        m.add(ev(EventKind::Step, LaneMain, t + ms, t + 2 * ms + (b == 3 ? 2 * ms : 0), key, b));
        m.add(ev(EventKind::StepCost, LaneMain, t + 2 * ms, t + 2 * ms, key, int64_t(ms / 2), int64_t(ms / 5)));
        m.add(ev(EventKind::ThreadsCost, LaneMain, t + 2 * ms, t + 2 * ms, key, int64_t(ms / 5), 0));
        m.add(ev(EventKind::HandOverWait, LaneMain, t + ms, t + ms, key, int64_t(ms / 4), 2)); // not CPU
    }
    const RunFigures f = m.figures();
    QCOMPARE(f.seconds, 0.01);
    QVERIFY2(qFuzzyCompare(f.main_cpu_fraction, 4 * 0.0008 / 0.01), qPrintable(QString::number(f.main_cpu_fraction)));
    QVERIFY2(qFuzzyCompare(f.workers[0].send_cpu_fraction, 4 * 0.00025 / 0.01),
             qPrintable(QString::number(f.workers[0].send_cpu_fraction)));
    QVERIFY(qFuzzyCompare(f.workers[0].cpu_fraction, 4 * 0.0005 / 0.01)); // the send is not the fetch's
    QVERIFY(qFuzzyCompare(f.handover_wait_fraction, 4 * 0.00025 / 0.01));
    // The job's CPU over the loop: fetches 0.5 ms, send 0.25 ms, the loop 0.8 ms per batch.
    QVERIFY2(qFuzzyCompare(f.job_cpu_fraction, 4 * 0.00155 / 0.01), qPrintable(QString::number(f.job_cpu_fraction)));
    // Both survive the summary's JSON.
    RunSummary s;
    s.figures = f;
    const RunSummary back = parseRunSummary(runSummaryToJson(s));
    QVERIFY(qFuzzyCompare(back.figures.main_cpu_fraction, f.main_cpu_fraction));
    QVERIFY(qFuzzyCompare(back.figures.workers[0].send_cpu_fraction, f.workers[0].send_cpu_fraction));
    QVERIFY(qFuzzyCompare(back.figures.handover_wait_fraction, f.handover_wait_fraction));
    QVERIFY(qFuzzyCompare(back.figures.job_cpu_fraction, f.job_cpu_fraction));
}

// Issue 44: deliveries not seen (events lost) are found from the batch numbers: per epoch, the
// highest task + 1; the holes with the times of the deliveries seen around them.
void TestMetrics::unseenBatchesFromTheNumbering()
{
    auto delivery = [](int epoch, int64_t task, uint64_t t) {
        Event e;
        e.kind = EventKind::WaitData;
        e.lane = LaneMain;
        e.batch = batchKey(epoch, task);
        e.t0 = t;
        e.t1 = t + 10;
        e.arg1 = 4;
        return e;
    };
    MetricsAccumulator m;
    // Epoch 0: tasks 0-4 lost (a reconnect after the rings moved on), 5-9 seen, 12 seen, 10-11 lost.
    // Epoch 1: all of 0-7 seen, out of order (in_order False).
    for (int64_t t : {7, 5, 6, 9, 8, 12})
        m.add(delivery(0, t, 1000 + uint64_t(t) * 100));
    for (int64_t t : {1, 0, 3, 2, 5, 4, 7, 6})
        m.add(delivery(1, t, 5000 + uint64_t(t) * 100));
    const RunFigures f = m.figures();
    QCOMPARE(f.batches, int64_t(14));
    QCOMPARE(f.batches_numbered, int64_t(13 + 8));
    QCOMPARE(f.unseen.size(), size_t(2));
    QCOMPARE(f.unseen[0].epoch, 0);
    QCOMPARE(f.unseen[0].first_task, int64_t(0));
    QCOMPARE(f.unseen[0].last_task, int64_t(4));
    QCOMPARE(f.unseen[0].t0, uint64_t(0));    // from the start
    QCOMPARE(f.unseen[0].t1, uint64_t(1500)); // to task 5's next()
    QCOMPARE(f.unseen[1].first_task, int64_t(10));
    QCOMPARE(f.unseen[1].last_task, int64_t(11));
    QCOMPARE(f.unseen[1].t0, uint64_t(1910)); // task 9's end
    QCOMPARE(f.unseen[1].t1, uint64_t(2200)); // task 12's start
    // Two loaders (a new DataLoader each epoch, or train and validation) number their batches
    // from 0 each: an EpochBegin on the loop's lane begins an iteration, and so does a number seen
    // again when that EpochBegin was lost.
    MetricsAccumulator two;
    Event begin;
    begin.kind = EventKind::EpochBegin;
    begin.lane = LaneMain;
    begin.t0 = begin.t1 = 9000;
    two.add(begin);
    for (int64_t t : {0, 1, 2, 3})
        two.add(delivery(0, t, 10000 + uint64_t(t) * 100));
    begin.t0 = begin.t1 = 20000;
    two.add(begin);
    for (int64_t t : {0, 1, 2})
        two.add(delivery(0, t, 21000 + uint64_t(t) * 100));
    for (int64_t t : {2, 3}) // the third loader's EpochBegin and first two batches were lost
        two.add(delivery(0, t, 30000 + uint64_t(t) * 100));
    const RunFigures g = two.figures();
    QCOMPARE(g.batches, int64_t(9));
    QCOMPARE(g.batches_numbered, int64_t(4 + 3 + 4));
    QCOMPARE(g.unseen.size(), size_t(1));
    QCOMPARE(g.unseen[0].first_task, int64_t(0));
    QCOMPARE(g.unseen[0].last_task, int64_t(1));
    QCOMPARE(g.unseen[0].t0, uint64_t(21210)); // the second loader's last batch's end
    QCOMPARE(g.unseen[0].t1, uint64_t(30200));

    // Only with events lost is the difference a figure: then it is said, at least.
    RunSummary s;
    s.figures = f;
    finishSummary(s, nullptr);
    QCOMPARE(s.batches_unseen, int64_t(0));
    s.events_lost = 100;
    finishSummary(s, nullptr);
    QCOMPARE(s.batches_unseen, int64_t(21 - 14));
    QVERIFY(!s.figures_reliable);
    QCOMPARE(parseRunSummary(runSummaryToJson(s)).batches_unseen, s.batches_unseen);
}

// Each stage from its events, by worker where a worker made it: a fetch recorded 1 in 4 counts 4
// samples; the wait in next() goes to the worker whose batch came.
void TestMetrics::distributionsFromEvents()
{
    auto span = [](EventKind k, int16_t lane, uint64_t t0, uint64_t d, int64_t arg0 = 0, int64_t arg1 = 0) {
        Event e;
        e.kind = k;
        e.lane = lane;
        e.t0 = t0;
        e.t1 = t0 + d;
        e.arg0 = arg0;
        e.arg1 = arg1;
        return e;
    };
    MetricsAccumulator m(2);
    uint64_t t = 1'000'000;
    for (int i = 0; i < 99; ++i)
        m.add(span(EventKind::Fetch, 0, t += 10'000, 1'000, i, 1)); // worker 0: 1 us samples
    m.add(span(EventKind::Fetch, 0, t += 10'000, 5'000'000, 99, 1)); // and one of 5 ms
    m.add(span(EventKind::Fetch, 1, t += 10'000, 2'000, 100, 4));    // worker 1: 1 in 4 recorded
    m.add(span(EventKind::Collate, 1, t += 10'000, 3'000, 4));
    Event wait = span(EventKind::WaitData, LaneMain, t += 10'000, 7'000, 1, 4);
    wait.batch = batchKey(0, 0);
    m.add(wait);
    Event last = span(EventKind::WaitData, LaneMain, t += 10'000, 8'000, 0, 0); // the epoch's end: no batch
    last.batch = -1;
    m.add(last);
    m.add(span(EventKind::Step, LaneMain, t += 10'000, 9'000));
    const RunFigures f = m.figures();
    QStringList stages;
    for (const StageDistribution& s : f.distributions)
        stages << QString::fromStdString(s.stage);
    QCOMPARE(stages, (QStringList{QStringLiteral("fetch"), QStringLiteral("collate"), QStringLiteral("wait"), QStringLiteral("step")}));
    const StageDistribution& fetch = f.distributions[0];
    QCOMPARE(fetch.all.count(), uint64_t(104));
    QCOMPARE(fetch.workers.at(0).count(), uint64_t(100));
    QCOMPARE(fetch.workers.at(1).count(), uint64_t(4));
    const uint64_t median = fetch.workers.at(0).quantileNs(0.5); // the upper end of 1 us's bucket
    QVERIFY2(median >= 1'000 && median <= 1'000 + 1'000 / 64, qPrintable(QString::number(median)));
    QCOMPARE(fetch.workers.at(0).maxNs(), uint64_t(5'000'000));
    QCOMPARE(fetch.all.maxNs(), uint64_t(5'000'000));
    QCOMPARE(f.distributions[2].all.count(), uint64_t(2));
    QCOMPARE(f.distributions[2].workers.size(), size_t(1)); // the wait, by the batch's worker
    QCOMPARE(f.distributions[2].workers.at(1).count(), uint64_t(1));
    QVERIFY(f.distributions[3].workers.empty());
}

// The summary JSON carries each stage's quantiles and bins, and reads them back whole; a hostile
// "distributions" (unknown stages, too many bins, wrong types) is left out, never thrown.
void TestMetrics::distributionsInTheSummary()
{
    RunSummary s;
    StageDistribution fetch;
    fetch.stage = "fetch";
    for (uint64_t v = 1; v < 5'000'000; v = v * 3 / 2 + 1) {
        fetch.all.add(v);
        fetch.workers[0].add(v);
    }
    s.figures.distributions = {fetch};
    const std::string text = runSummaryToJson(s);
    const QJsonObject j = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    const QJsonObject d = j.value(QStringLiteral("distributions")).toArray().first().toObject();
    for (const char* key : {"stage", "count", "p50_s", "p90_s", "p99_s", "p999_s", "max_s", "bins", "workers"})
        QVERIFY2(d.contains(QLatin1String(key)), key);
    QCOMPARE(d.value(QStringLiteral("max_s")).toDouble(), double(fetch.all.maxNs()) * 1e-9);
    const RunSummary back = parseRunSummary(text);
    QCOMPARE(back.figures.distributions.size(), size_t(1));
    QCOMPARE(back.figures.distributions[0].all.bins(), fetch.all.bins());
    QCOMPARE(back.figures.distributions[0].workers.at(0).bins(), fetch.workers.at(0).bins());
    QCOMPARE(back.figures.distributions[0].all.quantileNs(0.99), fetch.all.quantileNs(0.99));
    std::string bins = "[";
    for (int i = 0; i < 9000; ++i)
        bins += (i ? ",[" : "[") + std::to_string(i) + ",1]";
    bins += "]";
    const std::string hostile = R"({"batches": 1, "distributions": [{"stage": "fetch", "bins": )" + bins +
                                R"(}, {"stage": "teleport", "bins": [[1, 1]]}, {"stage": "wait", "bins": [[-5, 1], [10, "x"], [20, 2]],
                                "workers": [{"worker": 99999999, "bins": [[1, 1]]}, {"worker": 1, "bins": [[30, 1]]}]}, 7, null]})";
    const RunSummary h = parseRunSummary(hostile);
    QCOMPARE(h.figures.distributions.size(), size_t(2));
    QCOMPARE(h.figures.distributions[0].all.count(), uint64_t(0)); // 9,000 bins: more than any histogram has
    QCOMPARE(h.figures.distributions[1].all.count(), uint64_t(2));
    QCOMPARE(h.figures.distributions[1].workers.size(), size_t(1));
}

// Issue 49: the 20 slowest fetches of a run, the slowest first, with their sample, worker, epoch
// and batch; in the summary with how many times the median each took; bounded when read back.
void TestMetrics::slowestSamples()
{
    MetricsAccumulator m(4);
    std::mt19937_64 rng(3);
    std::vector<int> order(5000);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng); // any order of arrival
    for (int i : order) {
        Event e;
        e.kind = EventKind::Fetch;
        e.lane = int16_t(i % 4);
        e.batch = batchKey(i / 2500, i / 16);
        e.arg0 = 100'000 + i;
        e.t0 = 1'000'000 + uint64_t(i) * 10'000;
        e.t1 = e.t0 + 1'000 + uint64_t(i) * (i == 4999 ? 1000 : 1); // sample 104,999 is the odd one out
        m.add(e);
    }
    const RunFigures f = m.figures();
    QCOMPARE(f.slowest_samples.size(), size_t(20));
    QCOMPARE(f.slowest_samples[0].sample, int64_t(104'999));
    QCOMPARE(f.slowest_samples[0].worker, 4999 % 4);
    QCOMPARE(f.slowest_samples[0].epoch, 1);
    QCOMPARE(f.slowest_samples[0].batch, int64_t(4999 / 16));
    for (size_t k = 1; k < 20; ++k)
        QCOMPARE(f.slowest_samples[k].sample, int64_t(104'999 - k));
    RunSummary s;
    s.figures = f;
    const std::string text = runSummaryToJson(s);
    const QJsonObject first = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object()
                                  .value(QStringLiteral("slowest_samples")).toArray().first().toObject();
    for (const char* key : {"sample", "worker", "epoch", "batch", "t0_ns", "duration_s", "times_median"})
        QVERIFY2(first.contains(QLatin1String(key)), key);
    // 5,000 us against a median of about 3.5 us.
    QVERIFY2(first.value(QStringLiteral("times_median")).toDouble() > 1000, qPrintable(QString::fromStdString(text.substr(0, 200))));
    const RunSummary back = parseRunSummary(text);
    QCOMPARE(back.figures.slowest_samples.size(), size_t(20));
    QCOMPARE(back.figures.slowest_samples[0].ns, f.slowest_samples[0].ns);
    QCOMPARE(back.figures.slowest_samples[0].t0, f.slowest_samples[0].t0);
    const RunSummary hostile = parseRunSummary(R"({"slowest_samples": [{"sample": 1, "worker": -7, "epoch": 0, "batch": 0},
        {"sample": "x"}, 3, {"sample": 2, "worker": 1, "epoch": 0, "batch": 5, "duration_s": -1}]})");
    QCOMPARE(hostile.figures.slowest_samples.size(), size_t(1));
    QCOMPARE(hostile.figures.slowest_samples[0].ns, uint64_t(0));
}

// What a slow sample cost the loop: its batch's wait in next() and the head-of-line part of it,
// whichever of the fetch and the loop's events arrives first (two rings, drained in any order);
// unknown (null) when the batch's wait was never seen.
void TestMetrics::slowSampleLoopCost()
{
    MetricsAccumulator m(2);
    auto span = [&](EventKind kind, int16_t lane, int64_t batch, uint64_t t0, uint64_t ns, int64_t arg0 = 0) {
        Event e;
        e.kind = kind;
        e.lane = lane;
        e.batch = batch;
        e.arg0 = arg0;
        e.t0 = t0;
        e.t1 = t0 + ns;
        m.add(e);
    };
    // 40 batches of 4 samples at 1 ms; the loop waits 0.5 ms for each.
    for (int b = 0; b < 40; ++b) {
        for (int k = 0; k < 4; ++k)
            if (!(b == 7 && k == 2) && !(b == 30 && k == 0))
                span(EventKind::Fetch, int16_t(b % 2), batchKey(0, b), 1'000'000 * uint64_t(b), 1'000'000, b * 4 + k);
        if (b != 30) // batch 30's wait is never seen (lost)
            span(EventKind::WaitData, LaneMain, batchKey(0, b), 1'000'000 * uint64_t(b) + 900'000, b == 7 ? 40'000'000 : 500'000, 0);
    }
    // Sample 30 (batch 7) took 50 ms: the loop's 40 ms wait for batch 7 came first, then 25 ms of
    // it head-of-line (two spans), after it. Sample 120 (batch 30) took 20 ms; its wait was lost.
    span(EventKind::Fetch, 1, batchKey(0, 7), 7'000'000, 50'000'000, 30);
    span(EventKind::HeadOfLine, LaneMain, batchKey(0, 7), 8'000'000, 20'000'000, 1);
    span(EventKind::HeadOfLine, LaneMain, batchKey(0, 7), 29'000'000, 5'000'000, 2);
    span(EventKind::Fetch, 0, batchKey(0, 30), 30'000'000, 20'000'000, 120);
    const RunFigures f = m.figures();
    QCOMPARE(f.slowest_samples[0].sample, int64_t(30));
    QCOMPARE(f.slowest_samples[0].wait_ns, int64_t(40'000'000));
    QCOMPARE(f.slowest_samples[0].hol_ns, int64_t(25'000'000));
    QCOMPARE(f.slowest_samples[1].sample, int64_t(120));
    QCOMPARE(f.slowest_samples[1].wait_ns, int64_t(-1));
    // The stall it added: 40 ms beyond the median wait of 0.5 ms (within the histogram's 1/64).
    const uint64_t waitMedian = stageQuantileNs(f.distributions, "wait", 0.5);
    QVERIFY(waitMedian >= 500'000 && waitMedian <= 500'000 + 500'000 / 64);
    QCOMPARE(stallAddedNs(f.slowest_samples[0], waitMedian), 40'000'000 - waitMedian);
    QCOMPARE(stallAddedNs(f.slowest_samples[1], waitMedian), uint64_t(0));
    RunSummary s;
    s.figures = f;
    const std::string text = runSummaryToJson(s);
    const QJsonArray slow = QJsonDocument::fromJson(QByteArray::fromStdString(text)).object().value(QStringLiteral("slowest_samples")).toArray();
    QCOMPARE(slow[0].toObject().value(QStringLiteral("batch_wait_s")).toDouble(), 0.04);
    QCOMPARE(slow[0].toObject().value(QStringLiteral("head_of_line_s")).toDouble(), 0.025);
    QVERIFY(qAbs(slow[0].toObject().value(QStringLiteral("stall_added_s")).toDouble() - 0.0395) < 0.0001);
    QVERIFY(slow[1].toObject().value(QStringLiteral("batch_wait_s")).isNull());
    QVERIFY(slow[1].toObject().value(QStringLiteral("stall_added_s")).isNull());
    // A sample whose batch waited without any head-of-line span: none (0), not unknown.
    QCOMPARE(slow[2].toObject().value(QStringLiteral("head_of_line_s")).toDouble(), 0.0);
    const RunSummary back = parseRunSummary(text);
    QCOMPARE(back.figures.slowest_samples[0].wait_ns, int64_t(40'000'000));
    QCOMPARE(back.figures.slowest_samples[0].hol_ns, int64_t(25'000'000));
    QCOMPARE(back.figures.slowest_samples[1].wait_ns, int64_t(-1));
}

// End to end: an engine run with one planted slow sample (dataset.slow_samples) names it first in
// its summary's slowest_samples, with the worker that fetched it, many times the median.
void TestMetrics::slowestSampleOfARealRun()
{
    const testutil::EngineResult r = testutil::runEngine(R"({"dataset": {"length": 512, "io_latency_us": 200,
        "slow_samples": [{"index": 333, "latency_us": 30000}]}, "loader": {"batch_size": 8, "num_workers": 2},
        "train": {"step_us": 100}, "device": {"backend": "sim"}})");
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    const QJsonArray slow = r.summary.value(QStringLiteral("slowest_samples")).toArray();
    QCOMPARE(slow.size(), 20);
    const QJsonObject first = slow.first().toObject();
    QCOMPARE(first.value(QStringLiteral("sample")).toInteger(), qint64(333));
    QCOMPARE(first.value(QStringLiteral("batch")).toInteger(), qint64(333 / 8));
    QVERIFY(first.value(QStringLiteral("worker")).toInt() >= 0);
    QVERIFY2(first.value(QStringLiteral("duration_s")).toDouble() >= 0.030, qPrintable(QString::number(first.value(QStringLiteral("duration_s")).toDouble())));
    QVERIFY2(first.value(QStringLiteral("times_median")).toDouble() > 50, qPrintable(QString::number(first.value(QStringLiteral("times_median")).toDouble())));
    QVERIFY(slow.at(1).toObject().value(QStringLiteral("duration_s")).toDouble() < 0.030);
    // What it cost the loop: batch 41 came late, so the loop waited for it (with in_order, the
    // other worker's batches ready behind it) well beyond the usual wait.
    const double wait = first.value(QStringLiteral("batch_wait_s")).toDouble();
    QVERIFY2(wait > 0.010, qPrintable(QString::number(wait)));
    QVERIFY2(first.value(QStringLiteral("head_of_line_s")).toDouble() > 0, qPrintable(QString::number(first.value(QStringLiteral("head_of_line_s")).toDouble())));
    QVERIFY2(first.value(QStringLiteral("stall_added_s")).toDouble() > wait / 2, qPrintable(QString::number(first.value(QStringLiteral("stall_added_s")).toDouble())));
}

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"

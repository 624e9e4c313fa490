// SPDX-License-Identifier: MIT
// The timeline's core: time<->pixel mapping, visible-range lookup, folding (the counts of folded
// marks add up to the spans in view), hover hit-testing, the trace model, the worker table model.
#include "timeline/draw/timelinerenderer.h"
#include "timeline/draw/timelinelayout.h"
#include "common/model/summarytext.h"
#include "timeline/model/tracemodel.h"
#include "timeline/draw/viewportcontroller.h"
#include "timeline/model/workerstatsmodel.h"
#include "loaderscope/results/metrics.h"

#include <QAbstractItemModelTester>
#include <QImage>
#include <QPainter>
#include <QtTest>

#include <random>

using loaderscope::Event;
using loaderscope::EventKind;

namespace {

/// Sequential non-overlapping spans on each worker lane with random widths and gaps.
std::vector<Event> randomSpans(int workers, int perLane, unsigned seed, qint64* end)
{
    std::mt19937_64 rng(seed);
    std::vector<Event> out;
    qint64 last = 0;
    for (int w = 0; w < workers; ++w) {
        qint64 t = 1000;
        for (int i = 0; i < perLane; ++i) {
            const qint64 gap = qint64(rng() % 3 == 0 ? rng() % 200000 : rng() % 500);
            const qint64 dur = qint64(rng() % 10 == 0 ? 100000 + rng() % 5'000'000 : 1 + rng() % 20000);
            Event e;
            e.t0 = quint64(t + gap);
            e.t1 = e.t0 + quint64(dur);
            e.kind = i % 5 == 4 ? EventKind::Collate : EventKind::Fetch;
            e.lane = int16_t(w);
            e.batch = loaderscope::batchKey(0, i / 5);
            e.arg0 = i;
            out.push_back(e);
            t = qint64(e.t1);
        }
        last = std::max(last, t);
    }
    *end = last;
    return out;
}

qint64 bruteForceInView(const TraceModel& m, const Viewport& v)
{
    qint64 n = 0;
    for (int l = 0; l < m.laneCount(); ++l)
        for (int row = 0; row < 2; ++row)
            for (const SpanRec& s : m.lane(l).rows[row])
                n += s.t1 >= v.t0 && s.t0 <= v.t1 ? 1 : 0;
    return n;
}

} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT
private slots:
    void mapping();
    void tickSteps();
    void modelLanesAndOrder();
    void foldingCountsAddUp_data();
    void foldingCountsAddUp();
    void hitTesting();
    void foldsShowWhatFillsTheTime();
    void foldIndexFollowsItsRow();
    void liveTailStaysAfterEviction();
    void readBackMergesInOrder();
    void followLiveShowsTheLiveEdge();
    void highlightDrawsOnTop();
    void workerModel();
    void memoryPerSpan();
};

void TestTimeline::mapping()
{
    const TimeMapper m(Viewport{1000, 2000}, 100, 500);
    QCOMPARE(m.x(1000), 100.0);
    QCOMPARE(m.x(2000), 600.0);
    QCOMPARE(m.x(1500), 350.0);
    QCOMPARE(m.t(350), qint64(1500));
    QCOMPARE(m.nsPerPixel(), qint64(2));
    for (qint64 t = 1000; t <= 2000; t += 37)
        QVERIFY(std::abs(m.t(m.x(t)) - t) <= 2);
    // the renderer's mapper leaves room for the labels
    const TimelineTheme theme;
    const TimeMapper r = TimelineRenderer::mapper(Viewport{0, 1000}, QRectF(0, 0, 1000, 500), theme);
    QCOMPARE(r.x0(), TimelineLayout::labelWidth(theme));
}

void TestTimeline::tickSteps()
{
    const TimeMapper m(Viewport{0, 1'000'000'000}, 0, 1000); // 1 ms per pixel
    QCOMPARE(TimelineRenderer::tickStep(m, 90), qint64(100'000'000));
    QCOMPARE(SummaryText::time(200'000'000, 100'000'000), QStringLiteral("0.2 s"));
    QCOMPARE(SummaryText::time(1'500'000, 500'000), QStringLiteral("1.5 ms"));
    QCOMPARE(SummaryText::time(20'000, 10'000), QStringLiteral("20 µs"));
    // Deep into a long run the unit stays seconds: the step decides the decimals, so neighbouring
    // ticks never read the same (minute 2 zoomed to 30 ms showed "125.67 s" twice).
    QCOMPARE(SummaryText::time(125'675'000'000, 5'000'000), QStringLiteral("125.675 s"));
    QCOMPARE(SummaryText::time(125'670'000'000, 5'000'000), QStringLiteral("125.670 s"));
    QCOMPARE(SummaryText::time(125'670'100'000, 100'000), QStringLiteral("125.6701 s"));
    QCOMPARE(SummaryText::time(3'000'000'000, 500'000'000), QStringLiteral("3.0 s"));
    // A length: two or three digits in the unit that reads best (the badge, the tooltips, the
    // batch's make-up and the summary's first batch alike).
    QCOMPARE(SummaryText::duration(0.0003), QStringLiteral("300 µs"));
    QCOMPARE(SummaryText::duration(0.005), QStringLiteral("5.0 ms"));
    QCOMPARE(SummaryText::duration(0.0286), QStringLiteral("29 ms"));
    QCOMPARE(SummaryText::duration(2.5), QStringLiteral("2.5 s"));
    QCOMPARE(SummaryText::duration(45.0), QStringLiteral("45 s"));
}

void TestTimeline::modelLanesAndOrder()
{
    TraceModel m;
    m.reset(1000, 3, true);
    QCOMPARE(m.laneCount(), 3 + 4); // main, pin, 3 workers, copy, compute
    std::vector<Event> ev;
    auto span = [](int16_t lane, EventKind k, quint64 t0, quint64 t1) {
        Event e;
        e.lane = lane;
        e.kind = k;
        e.t0 = t0;
        e.t1 = t1;
        return e;
    };
    ev.push_back(span(0, EventKind::Fetch, 3000, 4000));
    ev.push_back(span(0, EventKind::Fetch, 2000, 2500)); // out of order: inserted sorted
    ev.push_back(span(loaderscope::LaneMain, EventKind::Step, 2000, 9000));
    ev.push_back(span(loaderscope::LaneMain, EventKind::HostBlocked, 3000, 8000)); // nested row
    ev.push_back(span(99, EventKind::Fetch, 1, 2));  // an unknown lane from shared memory: dropped
    ev.push_back(span(1, EventKind::Fetch, 5000, 4000)); // ends before it starts: dropped
    m.append(ev);
    const auto& w0 = m.lane(m.laneIndex(TraceModel::LaneKind::Worker, 0)).rows[0];
    QCOMPARE(w0.size(), size_t(2));
    QCOMPARE(w0[0].t0, qint64(1000));
    QCOMPARE(w0[1].t0, qint64(2000));
    const auto& main = m.lane(m.laneIndex(TraceModel::LaneKind::Main));
    QCOMPARE(main.rows[0].size(), size_t(1));
    QCOMPARE(main.rows[1].size(), size_t(1));
    QCOMPARE(m.spanCount(), qint64(4));
    QCOMPARE(m.totalNs(m.laneIndex(TraceModel::LaneKind::Worker, 0), EventKind::Fetch), qint64(1500));
    // The pin-memory lane stays hidden while only counters land on it (pin_memory=False still
    // samples the thread's lane, issue 47); its first copy shows it.
    const int pin = m.laneIndex(TraceModel::LaneKind::Pin);
    QVERIFY(m.lane(pin).hidden);
    Event counter = span(loaderscope::LanePin, EventKind::PinnedMemory, 9000, 9000);
    m.append({counter});
    QVERIFY(m.lane(pin).hidden);
    m.append({span(loaderscope::LanePin, EventKind::PinCopy, 9000, 9500)});
    QVERIFY(!m.lane(pin).hidden);
}

void TestTimeline::foldingCountsAddUp_data()
{
    QTest::addColumn<double>("fraction");
    QTest::addColumn<double>("offset");
    QTest::newRow("all") << 1.0 << 0.0;
    QTest::newRow("half") << 0.5 << 0.25;
    QTest::newRow("10%") << 0.1 << 0.4;
    QTest::newRow("1%") << 0.01 << 0.6;
    QTest::newRow("0.01%") << 0.0001 << 0.3;
}

void TestTimeline::foldingCountsAddUp()
{
    QFETCH(double, fraction);
    QFETCH(double, offset);
    TraceModel m;
    m.reset(0, 8, true);
    qint64 end = 0;
    m.append(randomSpans(8, 20000, 42, &end));
    const qint64 t0 = qint64(double(end) * offset);
    const Viewport v{t0, t0 + qint64(double(end) * fraction)};
    QImage img(1600, 600, QImage::Format_ARGB32_Premultiplied);
    QPainter p(&img);
    const RenderStats stats = TimelineRenderer::paint(p, QRectF(img.rect()), m, v, TimelineTheme::dark());
    QCOMPARE(stats.spansInView(), bruteForceInView(m, v));
    if (fraction == 1.0) {
        QVERIFY(stats.folds > 0);                  // zoomed out: most spans fold
        QVERIFY(stats.folds + stats.spansDrawn < 8 * 1600); // the work follows the pixels
    }
}

void TestTimeline::foldsShowWhatFillsTheTime()
{
    // A training loop zoomed out over 60 s: each 13 ms step is followed by a 0.1 ms wait for data
    // (as many waits as steps), and a nested 1.4 ms wait in row 1. A fold takes the colour of
    // what fills its time (the step) and is as tall as the time its spans cover.
    TraceModel m;
    m.reset(0, 0, true);
    std::vector<Event> ev;
    quint64 t = 0;
    for (int i = 0; i < 4600; ++i) {
        Event wait;
        wait.lane = loaderscope::LaneMain;
        wait.kind = EventKind::WaitData;
        wait.batch = i;
        wait.t0 = t;
        wait.t1 = t + 100'000;
        Event step = wait;
        step.kind = EventKind::Step;
        step.t0 = wait.t1;
        step.t1 = step.t0 + 13'000'000;
        ev.push_back(wait);
        ev.push_back(step);
        t = step.t1;
    }
    m.append(ev);
    const TimelineDrawList d = TimelineDrawList::prepare(m, QRectF(0, 0, 1200, 400), Viewport{0, qint64(t)}, TimelineTheme::light());
    const auto& items = d.lanes[size_t(m.laneIndex(TraceModel::LaneKind::Main))];
    int folds = 0;
    for (int row = 0; row < 2; ++row)
        for (const DrawItem& it : items[size_t(row)]) {
            if (!it.folded())
                continue;
            ++folds;
            QCOMPARE(int(it.colorKind), int(EventKind::Step)); // not the (as many) waits
            QVERIFY2(it.coverage > 0.9, qPrintable(QString::number(it.coverage)));
        }
    QVERIFY(folds > 0);
    // Sparse work: 1 ms of fetch every 10 ms folds into bars a tenth as tall.
    TraceModel w;
    w.reset(0, 1, true);
    std::vector<Event> fetches;
    for (int i = 0; i < 6000; ++i) {
        Event f;
        f.lane = 0;
        f.kind = EventKind::Fetch;
        f.t0 = quint64(i) * 10'000'000;
        f.t1 = f.t0 + 1'000'000;
        fetches.push_back(f);
    }
    w.append(fetches);
    const TimelineDrawList dw = TimelineDrawList::prepare(w, QRectF(0, 0, 1200, 400), Viewport{0, 60'000'000'000}, TimelineTheme::light());
    int sparse = 0;
    for (const DrawItem& it : dw.lanes[size_t(w.laneIndex(TraceModel::LaneKind::Worker, 0))][0])
        if (it.folded()) {
            ++sparse;
            QVERIFY2(it.coverage > 0.05 && it.coverage < 0.2, qPrintable(QString::number(it.coverage)));
        }
    QVERIFY(sparse > 0);
}

void TestTimeline::foldIndexFollowsItsRow()
{
    // The fold index is kept as spans arrive in order, out of order, read back and evicted: its
    // search finds what a search of the spans finds, and its blocks hold what their spans hold.
    TraceModel m;
    m.reset(0, 2, true);
    m.setDetailBudget(3000);
    std::mt19937_64 rng(28);
    qint64 t = 1000;
    std::vector<Event> early;
    for (int round = 0; round < 12; ++round) {
        std::vector<Event> batch;
        for (int i = 0; i < 400; ++i) {
            Event e;
            const bool late = rng() % 50 == 0; // a span that started before the last one
            e.t0 = quint64(late ? t - 5000 - qint64(rng() % 20000) : t + qint64(rng() % 300));
            e.t1 = e.t0 + 1 + rng() % 4000;
            e.kind = rng() % 7 == 0 ? EventKind::WaitTask : rng() % 3 == 0 ? EventKind::Collate : EventKind::Fetch;
            e.lane = int16_t(rng() % 2);
            e.batch = i / 16;
            if (!late)
                t = qint64(e.t1);
            (round < 3 ? early : batch).push_back(e);
        }
        m.append(batch);
    }
    m.insertDetail(0, t, early); // read back (the model held none of them), then trimmed again
    QVERIFY(m.evictedSpans() > 0);
    for (int l = 0; l < m.laneCount(); ++l)
        for (int r = 0; r < 2; ++r) {
            const std::vector<SpanRec>& row = m.lane(l).rows[r];
            const FoldIndex& index = m.lane(l).folds[r];
            for (int probe = 0; probe < 300 && row.size() > 1; ++probe) {
                const size_t from = size_t(rng() % (row.size() - 1));
                const size_t limit = from + 1 + size_t(rng() % (row.size() - from));
                const qint64 at = row[from].t0 + qint64(rng() % 200000);
                size_t expected = from;
                while (expected < limit && row[expected].t0 < at)
                    ++expected;
                QCOMPARE(index.firstStartingAt(row, from, limit, at), expected);
            }
            for (size_t first = 0; first + FoldIndex::kBlock <= row.size(); first += FoldIndex::kBlock * 3) {
                const size_t end = std::min(row.size(), first + FoldIndex::kBlock * (1 + size_t(rng() % 20)));
                double weight[FoldIndex::kColorKeys] = {}, busy = 0;
                for (size_t i = first; i < end; ++i)
                    if (row[i].kind != quint8(EventKind::WaitTask)) {
                        weight[row[i].kind * 2 + (row[i].flags & 1)] += std::max(1.0, double(row[i].t1 - row[i].t0));
                        busy += double(row[i].t1 - row[i].t0);
                    }
                int best = -1;
                for (int k = 0; k < int(FoldIndex::kColorKeys); ++k)
                    if (weight[k] > 0 && (best < 0 || weight[k] > weight[best]))
                        best = k;
                int got = -2;
                double gotBusy = -1;
                QVERIFY(index.compose(first, end, row.size(), got, gotBusy));
                QCOMPARE(got, best);
                QVERIFY2(std::abs(gotBusy - busy) <= 1e-4 * busy + 1, qPrintable(QStringLiteral("%1 vs %2").arg(gotBusy).arg(busy)));
            }
            // A block is taken whole by a fold exactly when its spans, one by one, would let it.
            for (size_t first = 0; first + FoldIndex::kBlock <= row.size(); first += FoldIndex::kBlock) {
                const qint64 minVis = 1 + qint64(rng() % 5000);
                qint64 longest = 0, widest = 0, firstBatch = -1, lastBatch = -1;
                bool oneBatch = true;
                for (size_t i = first; i < first + FoldIndex::kBlock; ++i) {
                    longest = std::max(longest, row[i].t1 - row[i].t0);
                    if (i > first)
                        widest = std::max(widest, row[i].t0 - row[i - 1].t1);
                    if (row[i].batch >= 0) {
                        firstBatch = firstBatch < 0 ? row[i].batch : firstBatch;
                        oneBatch = oneBatch && row[i].batch == firstBatch;
                        lastBatch = row[i].batch;
                    }
                }
                FoldIndex::Through through;
                const bool whole = index.through(first, row.size(), minVis, through);
                QCOMPARE(whole, longest < minVis && widest < minVis);
                if (whole) {
                    QCOMPARE(through.start, row[first].t0);
                    QCOMPARE(through.end, row[first + FoldIndex::kBlock - 1].t1);
                    QCOMPARE(through.firstBatch, firstBatch);
                    QCOMPARE(through.lastBatch, lastBatch);
                    QCOMPARE(through.oneBatch, oneBatch);
                }
            }
        }
}

void TestTimeline::liveTailStaysAfterEviction()
{
    // A long fast run: detail is trimmed to the budget again and again; the newest detail (what a
    // following view shows) and the memory samples must always be there.
    TraceModel m;
    m.reset(0, 2, true);
    m.setDetailBudget(20'000);
    quint64 t = 1'000'000;
    for (int chunk = 0; chunk < 200; ++chunk) {
        std::vector<Event> ev;
        for (int i = 0; i < 500; ++i) {
            for (int16_t w = 0; w < 2; ++w) {
                Event f;
                f.lane = w;
                f.kind = EventKind::Fetch;
                f.batch = chunk * 500 + i;
                f.t0 = t;
                f.t1 = t + 100'000;
                ev.push_back(f);
            }
            Event wait;
            wait.lane = loaderscope::LaneMain;
            wait.kind = EventKind::WaitData;
            wait.batch = chunk * 500 + i;
            wait.t0 = t;
            wait.t1 = t + 150'000;
            ev.push_back(wait);
            t += 200'000;
        }
        Event mem;
        mem.lane = loaderscope::LaneMain;
        mem.kind = EventKind::MemoryUsage;
        mem.t0 = mem.t1 = t;
        mem.arg0 = 100 << 20;
        mem.arg1 = 50 << 20;
        mem.batch = 20 << 20;
        ev.push_back(mem);
        m.append(ev);
        const qint64 end = m.endTime();
        QVERIFY(m.spanCount() <= 20'000);
        // The last 10 ms of the run are held in detail on every lane.
        for (int li : {m.laneIndex(TraceModel::LaneKind::Main), m.laneIndex(TraceModel::LaneKind::Worker, 0)}) {
            const auto& row = m.lane(li).rows[0];
            QVERIFY2(!row.empty() && row.back().t1 >= end - 10'000'000,
                     qPrintable(QStringLiteral("chunk %1 lane %2: %3 spans, last ends %4, run ends %5")
                                    .arg(chunk).arg(li).arg(row.size()).arg(row.empty() ? -1 : row.back().t1).arg(end)));
        }
        QVERIFY(m.uncovered(end - 10'000'000, end).empty());
        const MemoryTracks::Series* s = m.memory().find(MemoryTracks::Source::Process, -1);
        QVERIFY(s && s->points.back().t == qint64(t) - qint64(m.origin()));
    }
}

void TestTimeline::hitTesting()
{
    TraceModel m;
    m.reset(0, 1, true);
    std::vector<Event> ev;
    for (int i = 0; i < 10; ++i) {
        Event e;
        e.lane = 0;
        e.kind = EventKind::Fetch;
        e.t0 = quint64(i) * 1'000'000;
        e.t1 = e.t0 + 800'000;
        e.batch = loaderscope::batchKey(1, i);
        e.arg0 = 100 + i;
        ev.push_back(e);
    }
    m.append(ev);
    const TimelineTheme theme;
    const QRectF target(0, 0, 1200, 300);
    const Viewport v{0, 10'000'000};
    const TimeMapper map = TimelineRenderer::mapper(v, target, theme);
    const QRectF lane = TimelineLayout(m, target, theme).laneRect(m.laneIndex(TraceModel::LaneKind::Worker, 0));
    const auto hit = TimelineRenderer::hitTest(m, target, v, theme, QPointF(map.x(3'400'000), lane.center().y()));
    QVERIFY(hit.has_value());
    QCOMPARE(hit->span().arg, 103);
    QCOMPARE(loaderscope::batchKeyEpoch(hit->span().batch), 1);
    QCOMPARE(hit->foldedCount(), qint64(1));
    // in a gap: nothing
    QVERIFY(!TimelineRenderer::hitTest(m, target, v, theme, QPointF(map.x(3'900'000), lane.center().y())));
    // zoomed far out the spans fold: the hit reports the fold and its count
    const Viewport far{0, 100'000'000'000LL};
    const TimeMapper farMap = TimelineRenderer::mapper(far, target, theme);
    const auto folded = TimelineRenderer::hitTest(m, target, far, theme, QPointF(farMap.x(0) + 0.5, lane.center().y()));
    QVERIFY(folded.has_value());
    QCOMPARE(folded->foldedCount(), qint64(10));
    // outside the lanes
    QVERIFY(!TimelineRenderer::hitTest(m, target, v, theme, QPointF(10, lane.center().y())));
}

void TestTimeline::highlightDrawsOnTop()
{
    TraceModel m;
    m.reset(0, 1, true);
    std::vector<Event> ev;
    for (int i = 0; i < 2000; ++i) {
        Event e;
        e.lane = 0;
        e.kind = EventKind::Fetch;
        e.t0 = quint64(i) * 1000;
        e.t1 = e.t0 + 900;
        e.batch = i;
        ev.push_back(e);
    }
    m.append(ev);
    QImage img(800, 200, QImage::Format_ARGB32_Premultiplied);
    QPainter p(&img);
    const TimelineTheme theme;
    const Viewport v{0, 2'000'000};
    TimelineRenderer::paint(p, QRectF(img.rect()), m, v, theme, /*highlight=*/1000);
    p.end();
    // batch 1000 sits mid-lane inside a fold; its outline is drawn over the fold
    const TimeMapper map = TimelineRenderer::mapper(v, QRectF(img.rect()), theme);
    const QRectF lane = TimelineLayout(m, QRectF(img.rect()), theme).laneRect(m.laneIndex(TraceModel::LaneKind::Worker, 0));
    const QColor c = img.pixelColor(int(map.x(1'000'000)), int(lane.top() + 3));
    QVERIFY2(c.lightness() > 200, qPrintable(c.name())); // the white outline
}

void TestTimeline::workerModel()
{
    // The table shows a RunSummary's workers: the figures the engine's metrics computed.
    WorkerStatsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    loaderscope::MetricsAccumulator acc(3);
    for (int w = 0; w < 3; ++w) {
        Event start;
        start.lane = int16_t(w);
        start.kind = EventKind::WorkerStart;
        start.t0 = start.t1 = 10;
        start.arg0 = 5000 + w;
        acc.add(start);
        for (int i = 0; i < 4; ++i) {
            Event f;
            f.lane = int16_t(w);
            f.kind = EventKind::Fetch;
            f.t0 = quint64(100 + i * 100);
            f.t1 = f.t0 + 50;
            acc.add(f);
        }
    }
    Event wait; // the loop: 10..500 ns
    wait.lane = loaderscope::LaneMain;
    wait.kind = EventKind::WaitData;
    wait.t0 = 10;
    wait.t1 = 500;
    wait.batch = loaderscope::batchKey(0, 0);
    wait.arg1 = 4;
    acc.add(wait);
    loaderscope::RunSummary s;
    s.figures = acc.figures();
    model.setSummary(s);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.data(model.index(1, WorkerStatsModel::Pid)).toLongLong(), 5001LL);
    QCOMPARE(model.data(model.index(2, WorkerStatsModel::Samples)).toLongLong(), 4LL);
    const double busy = model.data(model.index(0, WorkerStatsModel::Busy), WorkerStatsModel::BusyFractionRole).toDouble();
    QCOMPARE(busy, s.figures.workers[0].busy_fraction); // 200 ns of 490
    QVERIFY(busy > 0.4 && busy < 0.41);
    s.figures.workers.resize(5);
    model.setSummary(s);
    QCOMPARE(model.rowCount(), 5);
    s.figures.workers.clear();
    model.setSummary(s);
    QCOMPARE(model.rowCount(), 0);
}

void TestTimeline::memoryPerSpan()
{
    TraceModel m;
    m.reset(0, 4, true);
    qint64 end = 0;
    const auto ev = randomSpans(4, 50000, 7, &end);
    m.append(ev);
    QVERIFY2(m.memoryBytes() / m.spanCount() <= 64, qPrintable(QString::number(double(m.memoryBytes()) / double(m.spanCount()))));
}

void TestTimeline::readBackMergesInOrder()
{
    // Detail trimmed away and read back, in any order: every row stays sorted by start, the spans
    // come back once, and what is held is not duplicated.
    TraceModel m;
    m.reset(0, 1, true);
    m.setDetailBudget(4'000);
    std::vector<Event> all;
    for (int i = 0; i < 20'000; ++i) {
        Event f;
        f.lane = 0;
        f.kind = EventKind::Fetch;
        f.batch = i;
        f.t0 = 1'000'000 + quint64(i) * 50'000;
        f.t1 = f.t0 + 40'000;
        all.push_back(f);
    }
    for (size_t i = 0; i < all.size(); i += 1000)
        m.append(std::vector<Event>(all.begin() + std::ptrdiff_t(i), all.begin() + std::ptrdiff_t(i + 1000)));
    const int li = m.laneIndex(TraceModel::LaneKind::Worker, 0);
    const qint64 t0 = 0, t1 = m.endTime();
    QVERIFY(!m.uncovered(t0, t1).empty()); // the budget trimmed the older detail
    const size_t held = m.lane(li).rows[0].size();
    std::vector<Event> shuffled = all;
    std::reverse(shuffled.begin(), shuffled.end()); // newest first: the worst order for insertion
    std::rotate(shuffled.begin(), shuffled.begin() + 7'000, shuffled.end());
    m.insertDetail(t0, t1, shuffled);
    const auto& row = m.lane(li).rows[0];
    QVERIFY(std::is_sorted(row.begin(), row.end(), [](const SpanRec& a, const SpanRec& b) { return a.t0 < b.t0; }));
    QVERIFY(held < all.size());
    QCOMPARE(row.size(), all.size()); // everything read back is held: it is the protected range
    // No span twice: batch numbers are unique per fetch.
    std::vector<qint64> batches;
    for (const SpanRec& r : row)
        batches.push_back(r.batch);
    std::sort(batches.begin(), batches.end());
    QVERIFY(std::adjacent_find(batches.begin(), batches.end()) == batches.end());
}

void TestTimeline::followLiveShowsTheLiveEdge()
{
    // Following a run shows its last 10 s with a small margin after the newest data, however long
    // the run (a margin of 2 % of the run left a 10 s window empty after eight minutes).
    ViewportController c;
    c.setFollowing(true);
    const qint64 window = ViewportController::kFollowWindowNs;
    for (const qint64 end : {2'000'000'000LL, 30'000'000'000LL, 600'000'000'000LL, 1'800'000'000'000LL, 3'600'000'000'000LL}) {
        c.setDataEnd(end);
        const Viewport v = c.viewport();
        QVERIFY2(v.t0 < end && end <= v.t1, qPrintable(QStringLiteral("end %1: view %2..%3").arg(end).arg(v.t0).arg(v.t1)));
        QVERIFY(v.t1 - end <= window / 50);
        QCOMPARE(v.t0, end <= window ? 0 : end - window); // all of a short run; the last 10 s of a long one
    }
    // A zoom out or a pan near the start never shows negative time: the width stays, from 0 s.
    c.setViewport({1'000, 2'001'000});
    c.zoomBy(0.25, 1'000'000); // out, around 1 ms: would start at -3 ms
    QCOMPARE(c.viewport().t0, qint64(0));
    QCOMPARE(c.viewport().duration(), qint64(8'000'000));
    c.panBy(-0.5);
    QCOMPARE(c.viewport().t0, qint64(0));
    QCOMPARE(c.viewport().duration(), qint64(8'000'000));
}

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"

// SPDX-License-Identifier: MIT
// Timeline benchmark (prints JSON; run by hand, offscreen; --repaint: the repaint scenarios only):
//  - repaint of 1,000,000 spans over 16 lanes into a 1600x900 QImage, fully zoomed out and at 1%;
//  - memory per event in the trace model with 10,000,000 events;
//  - live ingest: 1,000,000 events/s handed over in batches while repainting at 30 frames/s.
#include "timeline/draw/timelinerenderer.h"
#include "timeline/model/tracemodel.h"
#include "sources/model/shmreader.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <ctime>
#include <atomic>
#include <limits>
#include <random>

using loaderscope::Event;
using loaderscope::EventKind;

namespace {

constexpr int kWorkers = 12; // + main, pin, copy, compute = 16 lanes

/// `perLane` sequential spans on each of the 16 lanes, realistic kinds, times from `t0`.
std::vector<Event> makeSpans(size_t total, quint64 t0, std::mt19937_64& rng, quint64* end, bool sparse = false)
{
    std::vector<Event> out;
    out.reserve(total);
    const int16_t lanes[] = {loaderscope::LaneMain, loaderscope::LanePin, loaderscope::LaneCopy, loaderscope::LaneCompute};
    std::vector<quint64> t(16, t0);
    for (size_t i = 0; i < total; ++i) {
        const int l = int(i % 16);
        Event e;
        e.lane = l < kWorkers ? int16_t(l) : lanes[l - kWorkers];
        e.kind = l < kWorkers ? (i % 33 == 0 ? EventKind::Collate : EventKind::Fetch)
                              : (l == kWorkers ? EventKind::WaitData : l == kWorkers + 1 ? EventKind::PinCopy
                                                 : l == kWorkers + 2 ? EventKind::H2DCopy : EventKind::Kernel);
        // sparse: one gap in 200 is 50 ms, which breaks folds apart at full zoom (a harder case)
        const quint64 dur = 2000 + rng() % 60000, gap = sparse && rng() % 200 == 0 ? 50'000'000 : rng() % 4000;
        e.t0 = t[size_t(l)] + gap;
        e.t1 = e.t0 + dur;
        e.batch = qint64(i / 512);
        e.arg0 = qint64(i);
        t[size_t(l)] = e.t1;
        out.push_back(e);
    }
    *end = *std::max_element(t.begin(), t.end());
    return out;
}

/// CPU time of this thread, ms: on a machine shared with other work, what a paint costs without
/// the time the thread waited for a core (the wall-clock figure has both).
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/// Median wall-clock ms of `repeats` paints; `cpuMs`: their median thread CPU time.
double medianPaintMs(const TraceModel& m, const Viewport& v, int repeats, RenderStats* stats, double* cpuMs)
{
    QImage img(1600, 900, QImage::Format_ARGB32_Premultiplied);
    std::vector<double> ms, cpu;
    for (int i = 0; i < repeats; ++i) {
        QPainter p(&img);
        QElapsedTimer t;
        t.start();
        const double c0 = threadCpuMs();
        *stats = TimelineRenderer::paint(p, QRectF(img.rect()), m, v, TimelineTheme::dark());
        cpu.push_back(threadCpuMs() - c0);
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    *cpuMs = median(cpu);
    return median(ms);
}

/// The part of a repaint that prepares the draw list (folds included), without painting it: its
/// median thread CPU time, ms.
double medianPrepareMs(const TraceModel& m, const Viewport& v, int repeats)
{
    std::vector<double> ms;
    for (int i = 0; i < repeats; ++i) {
        const double c0 = threadCpuMs();
        const TimelineDrawList d = TimelineDrawList::prepare(m, QRectF(0, 0, 1600, 900), v, TimelineTheme::dark());
        ms.push_back(threadCpuMs() - c0);
    }
    return median(ms);
}

QJsonObject repaint(bool sparse)
{
    TraceModel m;
    m.reset(0, kWorkers, true);
    std::mt19937_64 rng(1);
    quint64 end = 0;
    m.append(makeSpans(1'000'000, 0, rng, &end, sparse));
    RenderStats full, zoomed;
    double fullCpuMs = 0, zoomCpuMs = 0;
    const double fullMs = medianPaintMs(m, Viewport{0, qint64(end)}, 21, &full, &fullCpuMs);
    const qint64 mid = qint64(end / 2);
    const double zoomMs = medianPaintMs(m, Viewport{mid, mid + qint64(end / 100)}, 51, &zoomed, &zoomCpuMs);
    const double fullPrepareMs = medianPrepareMs(m, Viewport{0, qint64(end)}, 21);
    const double zoomPrepareMs = medianPrepareMs(m, Viewport{mid, mid + qint64(end / 100)}, 51);
    return QJsonObject{{QStringLiteral("scenario"), sparse ? QStringLiteral("repaint 1,000,000 spans, 16 lanes, 1600x900 QImage, gaps that break folds")
                                                           : QStringLiteral("repaint 1,000,000 spans, 16 lanes, 1600x900 QImage, dense")},
                       {QStringLiteral("full_view_ms_median"), fullMs},
                       {QStringLiteral("full_view_target_ms"), 3},
                       {QStringLiteral("full_view_cpu_ms_median"), fullCpuMs},
                       {QStringLiteral("full_view_prepare_cpu_ms_median"), fullPrepareMs},
                       {QStringLiteral("full_view_rects_drawn"), full.spansDrawn},
                       {QStringLiteral("full_view_folds"), full.folds},
                       {QStringLiteral("zoom_1pct_ms_median"), zoomMs},
                       {QStringLiteral("zoom_1pct_target_ms"), 4},
                       {QStringLiteral("zoom_1pct_cpu_ms_median"), zoomCpuMs},
                       {QStringLiteral("zoom_1pct_prepare_cpu_ms_median"), zoomPrepareMs},
                       {QStringLiteral("zoom_1pct_spans_in_view"), zoomed.spansInView()}};
}

QJsonObject memory()
{
    TraceModel m;
    m.reset(0, kWorkers, true);
    std::mt19937_64 rng(2);
    quint64 end = 0, t0 = 0;
    // Appended in live-sized batches (no reservation), as the reader hands them over.
    const size_t total = 10'000'000, batch = 100'000;
    for (size_t done = 0; done < total; done += batch) {
        m.append(makeSpans(batch, t0, rng, &end));
        t0 = end;
    }
    return QJsonObject{{QStringLiteral("scenario"), QStringLiteral("trace model memory, 10,000,000 events")},
                       {QStringLiteral("events"), m.eventCount()},
                       {QStringLiteral("bytes"), m.memoryBytes()},
                       {QStringLiteral("bytes_per_event"), double(m.memoryBytes()) / double(m.eventCount())},
                       {QStringLiteral("target_bytes_per_event"), 64}};
}

QJsonObject ingest()
{
    // A producer thread plays the shared-memory reader: every 15 ms it hands over the events of
    // that interval at 1,000,000 events/s. The GUI thread appends them and repaints the followed
    // timeline into a 1600x900 image at 30 frames/s.
    TraceModel m;
    m.reset(0, kWorkers, true);
    qRegisterMetaType<EventBatch>();
    std::atomic<bool> stop{false};
    std::atomic<qint64> produced{0};
    QObject receiver;
    qint64 ingested = 0;
    QThread producer;
    QObject* source = new QObject;
    source->moveToThread(&producer);
    QObject::connect(&producer, &QThread::started, source, [&, source] {
        std::mt19937_64 rng(3);
        quint64 end = 0, t0 = 0;
        QElapsedTimer clock;
        clock.start();
        while (!stop.load()) {
            const qint64 due = clock.nsecsElapsed() / 1000; // 1 event per microsecond
            const qint64 n = due - produced.load();
            if (n > 0) {
                auto batch = makeSpans(size_t(n), t0, rng, &end);
                t0 = end;
                produced += n;
                QMetaObject::invokeMethod(&receiver, [&, b = std::move(batch)] {
                    m.append(b);
                    ingested += qint64(b.size());
                }, Qt::QueuedConnection);
            }
            QThread::msleep(15);
        }
        (void)source;
    });
    QImage img(1600, 900, QImage::Format_ARGB32_Premultiplied);
    int frames = 0;
    double worstFrameMs = 0;
    QTimer frame;
    frame.setInterval(33);
    QObject::connect(&frame, &QTimer::timeout, [&] {
        QElapsedTimer t;
        t.start();
        const qint64 end = std::max<qint64>(m.endTime(), 1);
        QPainter p(&img);
        TimelineRenderer::paint(p, QRectF(img.rect()), m, Viewport{std::max<qint64>(0, end - 2'000'000'000LL), end},
                                TimelineTheme::dark());
        worstFrameMs = std::max(worstFrameMs, double(t.nsecsElapsed()) / 1e6);
        ++frames;
    });
    producer.start();
    frame.start();
    QElapsedTimer wall;
    wall.start();
    const int seconds = 5;
    while (wall.elapsed() < seconds * 1000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    stop = true;
    producer.quit();
    producer.wait();
    delete source;
    QCoreApplication::processEvents();
    const double s = double(wall.elapsed()) / 1000.0;
    return QJsonObject{{QStringLiteral("scenario"), QStringLiteral("live ingest at 1,000,000 events/s while repainting at 30 fps")},
                       {QStringLiteral("events_per_s_ingested"), double(ingested) / s},
                       {QStringLiteral("events_per_s_offered"), double(produced.load()) / s},
                       {QStringLiteral("frames_per_s"), double(frames) / s},
                       {QStringLiteral("worst_frame_ms"), worstFrameMs},
                       {QStringLiteral("target_events_per_s"), 1'000'000},
                       {QStringLiteral("target_frames_per_s"), 30}};
}

QJsonObject readBack()
{
    // A fast run's older detail trimmed to the budget, then a stretch of it read back from the
    // recording in one piece (the view zoomed into minute 2 of a long run). Baseline measured in
    // the same run: appending the same events to an empty model.
    TraceModel m;
    m.reset(0, kWorkers, true);
    m.setDetailBudget(2'000'000);
    std::mt19937_64 rng(4);
    quint64 end = 0, t0 = 0;
    std::vector<Event> early;
    for (size_t done = 0; done < 4'000'000; done += 100'000) {
        auto batch = makeSpans(100'000, t0, rng, &end);
        if (done < 1'000'000)
            early.insert(early.end(), batch.begin(), batch.end());
        m.append(batch);
        t0 = end;
    }
    qint64 a = std::numeric_limits<qint64>::max(), z = 0;
    for (const Event& e : early) {
        a = std::min(a, qint64(e.t0) - qint64(m.origin()));
        z = std::max(z, qint64(e.t1) - qint64(m.origin()));
    }
    QElapsedTimer t;
    t.start();
    m.insertDetail(a, z, early);
    const double readBackMs = double(t.nsecsElapsed()) / 1e6;
    TraceModel base;
    base.reset(0, kWorkers, true);
    base.setDetailBudget(4'000'000);
    t.restart();
    base.append(early);
    const double appendMs = double(t.nsecsElapsed()) / 1e6;
    return QJsonObject{{QStringLiteral("scenario"), QStringLiteral("read back 1,000,000 trimmed events into a model holding 2,000,000")},
                       {QStringLiteral("events_read_back"), qint64(early.size())},
                       // After the read-back the model trims to its budget again, keeping what was read.
                       {QStringLiteral("spans_held_after"), m.spanCount()},
                       {QStringLiteral("read_back_ms"), readBackMs},
                       {QStringLiteral("append_same_events_ms"), appendMs},
                       {QStringLiteral("ratio_to_append"), readBackMs / std::max(appendMs, 1e-3)},
                       {QStringLiteral("target_ratio_to_append"), 3}};
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    // --repaint: the two repaint scenarios only (for profiling and before/after runs).
    const bool repaintOnly = app.arguments().contains(QStringLiteral("--repaint"));
    QJsonArray results{repaint(false), repaint(true)};
    if (!repaintOnly)
        for (const QJsonObject& r : {ingest(), memory(), readBack()})
            results.append(r);
    QJsonObject out{{QStringLiteral("bench"), QStringLiteral("timeline")}, {QStringLiteral("results"), results}};
    printf("%s\n", QJsonDocument(out).toJson(QJsonDocument::Indented).constData());
    return 0;
}

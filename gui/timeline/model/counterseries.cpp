// SPDX-License-Identifier: MIT
#include "counterseries.h"

#include "common/model/summarytext.h"
#include "timeline/model/tracemodel.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

struct T
{
    Q_DECLARE_TR_FUNCTIONS(CounterSeries)
};

/// One column's samples: its peaks and its last values.
struct Column
{
    int peak[3] = {0, 0, 0};
    int end[3] = {0, 0, 0};
    bool set = false;
    void add(int r, int o, int p)
    {
        const int v[3] = {r, o, p};
        for (int k = 0; k < 3; ++k) {
            peak[k] = set ? std::max(peak[k], v[k]) : v[k];
            end[k] = v[k];
        }
        set = true;
    }
};

} // namespace

void setTimeUnit(CounterSeries& out, const Viewport& v, int columns)
{
    const TimeMapper unitMap(v, 0, double(columns));
    out.tickNs = TimelineRenderer::tickStep(unitMap, 90);
    out.seconds = out.tickNs >= 100'000'000; // seconds when ticks are 100 ms or more apart
}

CounterSeries queueSeries(const TraceModel& model, const Viewport& v, int columns)
{
    CounterSeries out;
    columns = std::max(2, columns);
    setTimeUnit(out, v, columns);
    out.yTitle = T::tr("count"); // counts of batches, tasks and buffers: the unit is "how many"
    const QColor colors[3] = {QColor(0x22, 0xc5, 0x5e), QColor(0x3b, 0x82, 0xf6), QColor(0x14, 0xb8, 0xa6)};
    const QString names[3] = {T::tr("ready batches"), T::tr("outstanding tasks"), T::tr("pinned buffers in use")};
    out.lines.resize(3);
    for (int k = 0; k < 3; ++k) {
        out.lines[size_t(k)].name = names[k];
        out.lines[size_t(k)].color = colors[k];
    }
    const double unit = out.unitPerNs();
    const double colNs = double(v.duration()) / columns;
    std::vector<Column> cols(static_cast<size_t>(columns));
    auto colOf = [&](qint64 t) { return std::clamp(int(double(t - v.t0) / colNs), 0, columns - 1); };
    // The value before the view starts.
    int last[3] = {0, 0, 0};
    const auto& samples = model.counters();
    auto it = std::lower_bound(samples.begin(), samples.end(), v.t0, [](const CounterSample& s, qint64 t) { return s.t < t; });
    if (it != samples.begin()) {
        last[0] = (it - 1)->ready;
        last[1] = (it - 1)->outstanding;
        last[2] = (it - 1)->pinned;
    }
    for (; it != samples.end() && it->t <= v.t1; ++it)
        cols[size_t(colOf(it->t))].add(it->ready, it->outstanding, it->pinned);
    // Where detail was evicted: the aggregate buckets (peak and last value of each).
    const auto& buckets = model.counterHistogram();
    const qint64 bucketNs = model.histogramBucketNs();
    for (const auto& [g0, g1] : model.uncovered(v.t0, v.t1)) {
        for (qint64 b = std::max<qint64>(0, g0 / bucketNs); b <= g1 / bucketNs && b < qint64(buckets.size()); ++b) {
            const CounterBucket& k = buckets[size_t(b)];
            if (!k.set)
                continue;
            Column& c = cols[size_t(colOf(std::max(g0, b * bucketNs)))];
            c.add(k.maxReady, k.maxOutstanding, k.maxPinned);
            c.end[0] = k.lastReady;
            c.end[1] = k.lastOutstanding;
            c.end[2] = k.lastPinned;
        }
    }
    for (int k = 0; k < 3; ++k)
        out.lines[size_t(k)].points.append(QPointF(double(v.t0) * unit, last[k]));
    for (int i = 0; i < columns; ++i) {
        const Column& c = cols[size_t(i)];
        if (!c.set)
            continue;
        const double x = (double(v.t0) + colNs * i) * unit;
        for (int k = 0; k < 3; ++k) {
            // A step function: up to the column's peak, then its last value.
            out.lines[size_t(k)].points.append(QPointF(x, last[k]));
            out.lines[size_t(k)].points.append(QPointF(x, c.peak[k]));
            if (c.end[k] != c.peak[k])
                out.lines[size_t(k)].points.append(QPointF(x + colNs * unit * 0.5, c.end[k]));
            last[k] = c.end[k];
            out.maxY = std::max(out.maxY, double(c.peak[k]));
        }
    }
    for (int k = 0; k < 3; ++k)
        out.lines[size_t(k)].points.append(QPointF(double(v.t1) * unit, last[k]));
    // A job without a pin-memory thread (its lane hidden) has no pinned buffers to count.
    if (const int pin = model.laneIndex(TraceModel::LaneKind::Pin); pin >= 0 && model.lane(pin).hidden)
        out.lines.resize(2);
    return out;
}

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

/// A step line of one figure of a memory series (`k` into Point::v), a column's peak and last
/// value per pixel column; samples that did not read the figure (-1) are skipped.
QList<QPointF> memoryLine(const MemoryTracks::Series& s, size_t k, const Viewport& v, int columns, double unit, double* maxY)
{
    QList<QPointF> out;
    const double colNs = double(v.duration()) / columns;
    auto it = std::lower_bound(s.points.begin(), s.points.end(), v.t0, [](const MemoryTracks::Point& p, qint64 t) { return p.t < t; });
    double last = -1;
    for (auto b = it; b != s.points.begin();) {
        --b;
        if (b->v[k] >= 0) {
            last = double(b->v[k]) / kMiB;
            break;
        }
    }
    if (last >= 0)
        out.append(QPointF(double(v.t0) * unit, last));
    int col = -1;
    double peak = 0, end = 0;
    auto flush = [&] {
        if (col < 0)
            return;
        const double x = (double(v.t0) + colNs * col) * unit;
        if (last >= 0)
            out.append(QPointF(x, last));
        out.append(QPointF(x, peak));
        if (end != peak)
            out.append(QPointF(x + colNs * unit * 0.5, end));
        last = end;
        *maxY = std::max(*maxY, peak);
    };
    for (; it != s.points.end() && it->t <= v.t1; ++it) {
        if (it->v[k] < 0)
            continue;
        const double value = double(it->v[k]) / kMiB;
        const int c = std::clamp(int(double(it->t - v.t0) / colNs), 0, columns - 1);
        if (c != col) {
            flush();
            col = c;
            peak = value;
        }
        peak = std::max(peak, value);
        end = value;
    }
    flush();
    if (last >= 0) // held to the view's end, or to the last sample (nothing is known after it)
        out.append(QPointF(double(std::min(v.t1, s.points.back().t)) * unit, last));
    return out;
}

bool anyRead(const MemoryTracks::Series& s, size_t k)
{
    return s.peak[k] >= 0;
}

QString processName(int worker)
{
    return worker < 0 ? T::tr("main process") : T::tr("worker %1").arg(worker);
}

/// The legend's name of a process: "main", "worker 2".
QString shortName(int worker)
{
    return worker < 0 ? T::tr("main") : T::tr("worker %1").arg(worker);
}

QString mib(qint64 bytes)
{
    return SummaryText::bytes(double(bytes));
}

} // namespace

CounterSeries memorySeries(const TraceModel& model, const Viewport& v, int columns)
{
    CounterSeries out;
    columns = std::max(2, columns);
    setTimeUnit(out, v, columns);
    bool rssOnly = false; // a process whose USS was never read is drawn with its RSS
    out.wholeY = false;
    out.maxY = 0;
    const double unit = out.unitPerNs();
    for (const MemoryTracks::Series& s : model.memory().series()) {
        ChartLine line;
        switch (s.source) {
        case MemoryTracks::Source::Process: {
            // What the process costs: its private memory (USS), else what was measured (RSS).
            const size_t k = anyRead(s, 2) ? 2 : 0;
            rssOnly = rssOnly || k == 0;
            line.name = k == 2 ? shortName(s.worker) : T::tr("%1 (RSS)").arg(shortName(s.worker));
            line.color = workerColor(s.worker);
            line.points = memoryLine(s, k, v, columns, unit, &out.maxY);
            break;
        }
        case MemoryTracks::Source::Shm: {
            // A watched job moves its batches through PyTorch's own queues: no slots of ours, and
            // no line for them.
            if (s.peak[0] <= 0)
                continue;
            line.name = T::tr("slots");
            line.color = QColor(0xf5, 0x9e, 0x0b);
            line.points = memoryLine(s, 0, v, columns, unit, &out.maxY);
            // /dev/shm as every user fills it is context, in the readout: other programs' swings
            // would set the scale and flatten the run's own lines.
            break;
        }
        case MemoryTracks::Source::ShmOwn:
            line.name = T::tr("/dev/shm (this run)");
            line.color = QColor(0xdc, 0x26, 0x26);
            line.style = Qt::DashLine;
            line.points = memoryLine(s, 0, v, columns, unit, &out.maxY);
            break;
        case MemoryTracks::Source::Pinned:
            line.name = T::tr("pinned");
            line.color = QColor(0x14, 0xb8, 0xa6);
            line.style = Qt::DashLine;
            line.points = memoryLine(s, 0, v, columns, unit, &out.maxY);
            break;
        }
        out.lines.push_back(std::move(line));
    }
    out.maxY = std::max(1.0, out.maxY);
    // Short names in the legend (the readout says what each is): the unit says what is drawn.
    out.yTitle = rssOnly ? T::tr("MiB (USS; RSS)") : T::tr("MiB (USS)");
    return out;
}

QStringList memoryReadout(const TraceModel& model, qint64 t)
{
    QStringList out;
    auto at = [t](const MemoryTracks::Series& s) -> const MemoryTracks::Point* {
        auto it = std::upper_bound(s.points.begin(), s.points.end(), t, [](qint64 x, const MemoryTracks::Point& p) { return x < p.t; });
        return it == s.points.begin() ? nullptr : &*std::prev(it);
    };
    for (const MemoryTracks::Series& s : model.memory().series()) {
        const MemoryTracks::Point* p = at(s);
        if (!p)
            continue;
        switch (s.source) {
        case MemoryTracks::Source::Process: {
            QStringList parts{T::tr("RSS %1").arg(mib(p->v[0]))};
            if (p->v[1] >= 0)
                parts << T::tr("PSS %1").arg(mib(p->v[1]));
            if (p->v[2] >= 0)
                parts << T::tr("USS %1").arg(mib(p->v[2]));
            out << QStringLiteral("%1: %2").arg(processName(s.worker), parts.join(QStringLiteral(", ")));
            break;
        }
        case MemoryTracks::Source::Shm:
            out << T::tr("batch slots in use: %1").arg(mib(p->v[0]));
            out << T::tr("/dev/shm, every user: %1 used of %2").arg(mib(p->v[1]), mib(p->v[2]));
            break;
        case MemoryTracks::Source::ShmOwn:
            out << T::tr("/dev/shm, this run: %1; files: %2").arg(mib(p->v[0])).arg(p->v[1]);
            break;
        case MemoryTracks::Source::Pinned:
            out << T::tr("pinned host memory: %1").arg(mib(p->v[0]));
            break;
        }
    }
    return out;
}

QColor workerColor(int worker)
{
    static const QColor palette[] = {QColor(0x3b, 0x82, 0xf6), QColor(0xf9, 0x73, 0x16), QColor(0xa8, 0x55, 0xf7),
                                     QColor(0x06, 0xb6, 0xd4), QColor(0xec, 0x48, 0x99), QColor(0x84, 0xcc, 0x16),
                                     QColor(0xea, 0xb3, 0x08), QColor(0x64, 0x74, 0x8b)};
    if (worker < 0)
        return QColor(0x6b, 0x72, 0x80); // the main process
    return palette[size_t(worker) % (sizeof(palette) / sizeof(palette[0]))];
}

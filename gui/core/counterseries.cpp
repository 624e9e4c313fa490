// SPDX-License-Identifier: MIT
#include "counterseries.h"

#include <algorithm>
#include <vector>

namespace {

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

CounterSeries counterSeries(const TraceModel& model, const Viewport& v, int columns)
{
    CounterSeries out;
    columns = std::max(2, columns);
    // x in the timeline's unit: seconds when its ticks are 100 ms or more apart, else ms.
    const TimeMapper unitMap(v, 0, double(columns));
    out.tickNs = TimelineRenderer::tickStep(unitMap, 90);
    out.seconds = out.tickNs >= 100'000'000;
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
        out.points[k].append(QPointF(double(v.t0) * unit, last[k]));
    for (int i = 0; i < columns; ++i) {
        const Column& c = cols[size_t(i)];
        if (!c.set)
            continue;
        const double x = (double(v.t0) + colNs * i) * unit;
        for (int k = 0; k < 3; ++k) {
            // A step function: up to the column's peak, then its last value.
            out.points[k].append(QPointF(x, last[k]));
            out.points[k].append(QPointF(x, c.peak[k]));
            if (c.end[k] != c.peak[k])
                out.points[k].append(QPointF(x + colNs * unit * 0.5, c.end[k]));
            last[k] = c.end[k];
            out.maxY = std::max(out.maxY, double(c.peak[k]));
        }
    }
    for (int k = 0; k < 3; ++k)
        out.points[k].append(QPointF(double(v.t1) * unit, last[k]));
    return out;
}

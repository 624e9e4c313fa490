// SPDX-License-Identifier: MIT
#include "timelinedrawlist.h"

#include <algorithm>

using loaderscope::EventKind;

namespace {

/// First span whose end is at or after t (spans in a row do not overlap, so ends are sorted).
size_t firstEndingAfter(const std::vector<SpanRec>& row, qint64 t)
{
    return size_t(std::lower_bound(row.begin(), row.end(), t, [](const SpanRec& s, qint64 v) { return s.t1 < v; }) -
                  row.begin());
}

/// First span (from `from`) starting at or after t.
size_t firstStartingAt(const std::vector<SpanRec>& row, size_t from, qint64 t)
{
    return size_t(std::lower_bound(row.begin() + std::ptrdiff_t(from), row.end(), t,
                                   [](const SpanRec& s, qint64 v) { return s.t0 < v; }) - row.begin());
}

struct Run
{
    size_t first = 0;
    size_t end = 0; ///< one past the last span of the run
    qint64 t0 = 0;
    qint64 t1 = 0;
};

/**
 * The run starting at span i: a wide span alone, or narrow spans folded together. While the run is
 * narrower than the fold width it grows by binary search (dense stretches cost log n); once it is
 * wide enough to be seen it stops at the next batch (a batch keeps its own mark), at a gap or at a
 * wide span.
 */
Run nextRun(const std::vector<SpanRec>& row, const FoldIndex& index, size_t i, size_t viewEnd, qint64 minVis)
{
    Run r{i, i + 1, row[i].t0, row[i].t1};
    if (row[i].t1 - row[i].t0 >= minVis)
        return r;
    qint64 batch = row[i].batch;
    size_t j = i + 1;
    FoldIndex::Through block;
    while (j < viewEnd) {
        const bool narrow = r.t1 - r.t0 < minVis;
        // A whole block at once where nothing in it would end the run (from the row's index, not
        // its spans): zoomed out, a fold reads a few blocks instead of its hundreds of spans.
        if (j % FoldIndex::kBlock == 0 && j + FoldIndex::kBlock <= viewEnd && index.through(j, row.size(), minVis, block) &&
            block.start < r.t1 + minVis && (narrow || !(block.lastBatch >= 0 && (!block.oneBatch || (batch >= 0 && block.firstBatch != batch))))) {
            if (narrow ? block.lastBatch >= 0 : batch < 0)
                batch = narrow ? block.lastBatch : block.firstBatch; // the batch the run now ends in / holds
            r.t1 = std::max(r.t1, block.end);
            j += FoldIndex::kBlock;
            continue;
        }
        if (narrow) {
            // Searched in the row's blocks, near j, up to the next block (taken whole above when it can be).
            const size_t boundary = std::min(viewEnd, (j / FoldIndex::kBlock + 1) * FoldIndex::kBlock);
            const size_t k = index.firstStartingAt(row, j, boundary, r.t1 + minVis);
            if (k == j)
                break; // the next span starts far enough away
            const size_t last = k - 1;
            if (row[last].t1 - row[last].t0 >= minVis) {
                // Only the last span before k can be wide (rows do not overlap): stop before it.
                if (last > j)
                    r.t1 = std::max(r.t1, row[last - 1].t1); // ends are sorted
                j = last;
                break;
            }
            for (size_t s = k; s-- > j;) // the batch the run now ends in
                if (row[s].batch >= 0) {
                    batch = row[s].batch;
                    break;
                }
            r.t1 = std::max(r.t1, row[last].t1);
            j = k;
            continue;
        }
        const SpanRec& n = row[j];
        if (n.t0 >= r.t1 + minVis || n.t1 - n.t0 >= minVis)
            break;
        if (n.batch >= 0 && batch >= 0 && n.batch != batch)
            break; // the next batch gets its own mark
        if (batch < 0)
            batch = n.batch;
        r.t1 = std::max(r.t1, n.t1);
        ++j;
    }
    r.end = j;
    return r;
}

/// The batch all spans of [first, end) belong to (idle spans aside), or -1. Rows are in time
/// order and a worker finishes one batch before the next, so the ends decide.
qint64 batchOf(const std::vector<SpanRec>& row, size_t first, size_t end)
{
    qint64 a = -1, b = -1;
    for (size_t s = first; s < end && a < 0; ++s)
        a = row[s].batch;
    for (size_t s = end; s-- > first && b < 0;)
        b = row[s].batch;
    return a == b ? a : -1;
}

/** What a fold shows: the kind that takes most of its time, and the share of its time spans cover. */
struct FoldLook
{
    quint8 kind = quint8(EventKind::WaitTask);
    quint8 flags = 0;
    double coverage = 0;
};

/**
 * The fold takes the colour of what fills most of its time (not of what is most frequent: a loop's
 * 13 ms steps and its 0.1 ms waits are as many), and its bar is as tall as the share its spans
 * cover. Idle time is the background, not content. Every span of a small fold; a large one from
 * the blocks of the row's FoldIndex, worked out as the spans were added (those at its two ends
 * for the share of their spans inside); where a row has too many kinds for its blocks, 17 spans
 * at hashed positions (evenly spaced ones alias with the periodic fetch/collate pattern of a
 * worker), each standing for count/17 spans.
 */
FoldLook foldLook(const std::vector<SpanRec>& spans, const FoldIndex& index, size_t first, size_t count, qint64 duration)
{
    FoldLook look;
    double busyNs = 0;
    int best = -1;
    const bool exact = count <= 64;
    if (!exact && index.compose(first, first + count, spans.size(), best, busyNs)) {
        if (best >= 0) {
            look.kind = quint8(best / 2);
            look.flags = quint8(best % 2);
        }
        look.coverage = std::clamp(busyNs / double(std::max<qint64>(1, duration)), 0.0, 1.0);
        return look;
    }
    double weight[FoldIndex::kColorKeys] = {};
    const size_t n = exact ? count : 17;
    for (size_t k = 0; k < n; ++k) {
        const SpanRec& span = spans[first + (exact ? k : size_t((uint64_t(k) * 2654435761ULL) % uint64_t(count)))];
        if (span.kind == quint8(EventKind::WaitTask))
            continue;
        const double ns = double(span.t1 - span.t0) * (exact ? 1.0 : double(count) / 17.0);
        weight[span.kind * 2 + (span.flags & 1)] += std::max(ns, 1.0); // a zero-length span still counts
        busyNs += ns;
    }
    for (int key = 0; key < int(FoldIndex::kColorKeys); ++key)
        if (weight[key] > 0 && (best < 0 || weight[key] > weight[best]))
            best = key;
    if (best >= 0) {
        look.kind = quint8(best / 2);
        look.flags = quint8(best % 2);
    }
    look.coverage = std::clamp(busyNs / double(std::max<qint64>(1, duration)), 0.0, 1.0);
    return look;
}

} // namespace

std::pair<double, double> TimelineDrawList::rowExtent(const QRectF& lane, int row)
{
    // Row 0 fills the lane; nested row 1 sits in its lower half.
    if (row == 0)
        return {lane.top() + 3, lane.height() - 6};
    return {lane.top() + lane.height() * 0.5, lane.height() * 0.5 - 3};
}

namespace {

/// One row of one lane being folded: where it has got to.
struct RowCursor
{
    const std::vector<SpanRec>* spans;
    const FoldIndex* index;
    std::vector<DrawItem>* items;
    size_t i, viewEnd;
};

/// The item for run `r` of a row (a span alone, or a fold with its batch, colour and height).
DrawItem makeItem(const RowCursor& c, const Run& r, const TimeMapper& map, RenderStats& stats)
{
    const std::vector<SpanRec>& spans = *c.spans;
    DrawItem item;
    item.x0 = std::max(map.x(r.t0), map.x0());
    item.x1 = std::max(item.x0 + 1.0, std::min(map.x(r.t1), map.x0() + map.width()));
    item.t0 = r.t0;
    item.t1 = r.t1;
    item.span = spans[r.first];
    item.count = qint64(r.end - r.first);
    if (item.count == 1) {
        item.batch = item.span.batch;
        item.colorKind = item.span.kind;
        item.colorFlags = item.span.flags & 1;
        ++stats.spansDrawn;
    } else {
        item.batch = batchOf(spans, r.first, r.end);
        const FoldLook look = foldLook(spans, *c.index, r.first, size_t(item.count), r.t1 - r.t0);
        item.colorKind = look.kind;
        item.colorFlags = look.flags;
        item.coverage = look.coverage;
        ++stats.folds;
        stats.spansFolded += item.count;
    }
    return item;
}

} // namespace

TimelineDrawList TimelineDrawList::prepare(const TraceModel& m, const QRectF& target, const Viewport& v,
                                           const TimelineTheme& theme, double reserveBelow)
{
    TimelineDrawList d{TimelineLayout(m, target, theme, reserveBelow), TimeMapper(v, 0, 1), {}, {}};
    d.map = d.layout.mapper(v);
    const qint64 minVis = std::max<qint64>(1, qint64(kMinSpanPx * double(d.map.nsPerPixel())));
    d.lanes.resize(size_t(m.laneCount()));
    std::vector<RowCursor> rows;
    for (int li = 0; li < m.laneCount(); ++li) {
        if (d.layout.laneRect(li).top() > target.bottom())
            break;
        if (m.lane(li).hidden)
            continue;
        for (int row = 0; row < 2; ++row) {
            const std::vector<SpanRec>& spans = m.lane(li).rows[row];
            const size_t i = firstEndingAfter(spans, v.t0);
            const size_t viewEnd = firstStartingAt(spans, i, v.t1 + 1);
            if (i < viewEnd)
                rows.push_back({&spans, &m.lane(li).folds[row], &d.lanes[size_t(li)][size_t(row)], i, viewEnd});
        }
    }
    for (RowCursor& c : rows)
        for (size_t i = c.i; i < c.viewEnd;) {
            const Run r = nextRun(*c.spans, *c.index, i, c.viewEnd, minVis);
            c.items->push_back(makeItem(c, r, d.map, d.stats));
            i = r.end;
        }
    return d;
}

std::optional<TimelineHit> TimelineDrawList::hitTest(const QPointF& pos) const
{
    if (pos.x() < map.x0() || pos.x() > map.x0() + map.width())
        return std::nullopt;
    const int li = layout.laneAt(pos.y());
    if (li < 0 || size_t(li) >= lanes.size())
        return std::nullopt;
    const QRectF lr = layout.laneRect(li);
    const bool lower = pos.y() >= lr.top() + lr.height() * 0.5;
    // The nested row in the lower half of a lane that has one, else the outer row.
    for (int row : {lower ? 1 : 0, 0}) {
        const auto& items = lanes[size_t(li)][size_t(row)];
        if (items.empty())
            continue;
        // One pixel of tolerance either side.
        auto it = std::lower_bound(items.begin(), items.end(), pos.x() - 1.0, [](const DrawItem& d, double x) { return d.x1 < x; });
        if (it != items.end() && it->x0 <= pos.x() + 1.0)
            return TimelineHit{li, row, *it};
    }
    return std::nullopt;
}

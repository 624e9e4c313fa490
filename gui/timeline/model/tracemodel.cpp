// SPDX-License-Identifier: MIT
#include "tracemodel.h"

#include "timeline/model/lanekinds.h"

#include <algorithm>
#include <cstdlib>
#include <array>
#include <limits>

using loaderscope::Event;
using loaderscope::EventKind;

namespace {

constexpr qint64 kForever = std::numeric_limits<qint64>::max();

} // namespace

TraceModel::TraceModel(QObject* parent) : QObject(parent)
{
    reset(0, 0, true);
}

void TraceModel::resetGrowing(quint64 origin, int workerCapacity)
{
    reset(origin, 0, false);
    m_growing = true;
    m_workerCapacity = std::max(0, workerCapacity);
    // No device lanes until a copy or kernel arrives.
    m_lanes.resize(2);
    m_totals.resize(2);
    m_deviceLanes = false;
    // As reset(): the pin-memory thread's lane only once the job pins (its first span, or its
    // loader's pin_memory=True as the probe describes it: RunSession).
}

int TraceModel::ensureLane(int16_t lane)
{
    const int li = laneIndexFor(lane);
    if (li >= 0 || !m_growing)
        return li;
    if (lane >= m_numWorkers && lane < m_workerCapacity) {
        // Workers 0..lane, inserted after the last worker lane: the device lanes (if any) move down.
        const auto at = std::ptrdiff_t(2 + m_numWorkers);
        for (int w = m_numWorkers; w <= lane; ++w) {
            m_lanes.insert(m_lanes.begin() + at + (w - m_numWorkers), Lane{LaneKind::Worker, w, {}, {}, {}});
            m_totals.insert(m_totals.begin() + at + (w - m_numWorkers), std::array<Total, size_t(EventKind::Count)>{});
        }
        m_numWorkers = lane + 1;
    } else if ((lane == loaderscope::LaneCopy || lane == loaderscope::LaneCompute) && !m_deviceLanes) {
        m_lanes.push_back({LaneKind::Copy, -1, {}, {}, {}});
        m_lanes.push_back({LaneKind::Compute, -1, {}, {}, {}});
        m_totals.resize(m_lanes.size());
        m_deviceLanes = true;
    }
    return laneIndexFor(lane);
}

void TraceModel::reset(quint64 origin, int numWorkers, bool simulatedDevice)
{
    m_origin = origin;
    m_numWorkers = numWorkers;
    m_simulated = simulatedDevice;
    m_growing = false;
    m_workerCapacity = numWorkers;
    m_deviceLanes = true;
    m_lanes.clear();
    m_lanes.push_back({LaneKind::Main, -1, {}, {}, {}});
    m_lanes.push_back({LaneKind::Pin, -1, {}, {}, {}});
    // The pin-memory thread's lane only once it copies (its first span, below): a run with
    // pin_memory=False has no such thread, and an empty lane would say it had.
    m_lanes.back().hidden = true;
    for (int w = 0; w < numWorkers; ++w)
        m_lanes.push_back({LaneKind::Worker, w, {}, {}, {}});
    m_lanes.push_back({LaneKind::Copy, -1, {}, {}, {}});
    m_lanes.push_back({LaneKind::Compute, -1, {}, {}, {}});
    m_totals.assign(m_lanes.size(), {});
    m_instantCounts.fill(0);
    m_variants.fill(0);
    m_deliveredSamples = 0;
    m_counters.clear();
    m_counterBuckets.clear();
    m_memory.clear();
    m_stackParts = {};
    m_stacks.clear();
    m_steps.clear();
    m_marks.clear();
    m_coverage = {{std::numeric_limits<qint64>::min(), kForever}}; // nothing evicted yet
    m_unseen.clear();
    m_bucketNs = kFirstBucketNs;
    m_evicted = 0;
    m_end = 0;
    m_spans = 0;
    m_events = 0;
    ++m_generation;
    emit changed();
}

void TraceModel::setUnseen(std::vector<std::pair<qint64, qint64>> ranges)
{
    if (ranges == m_unseen)
        return;
    m_unseen = std::move(ranges);
    ++m_generation;
    emit changed();
}

void TraceModel::setUnseen(const std::vector<loaderscope::RunFigures::UnseenBatches>& unseen)
{
    std::vector<std::pair<qint64, qint64>> ranges;
    auto at = [this](uint64_t t) { return t > m_origin ? qint64(t - m_origin) : qint64(0); };
    for (const auto& u : unseen)
        ranges.emplace_back(at(u.t0), at(u.t1));
    setUnseen(std::move(ranges));
}

void TraceModel::reserve(size_t spansPerLane)
{
    for (Lane& l : m_lanes)
        l.rows[0].reserve(spansPerLane);
}

int TraceModel::laneIndex(LaneKind kind, int worker) const
{
    for (size_t i = 0; i < m_lanes.size(); ++i)
        if (m_lanes[i].kind == kind && (kind != LaneKind::Worker || m_lanes[i].worker == worker))
            return int(i);
    return -1;
}

int TraceModel::laneIndexFor(int16_t lane) const
{
    // Never trust a lane number from shared memory or a file: unknown lanes are dropped.
    if (lane >= 0 && lane < m_numWorkers)
        return 2 + lane;
    if (lane == loaderscope::LaneMain)
        return 0;
    if (lane == loaderscope::LanePin)
        return 1;
    if (lane == loaderscope::LaneCopy && m_deviceLanes)
        return 2 + m_numWorkers;
    if (lane == loaderscope::LaneCompute && m_deviceLanes)
        return 3 + m_numWorkers;
    return -1;
}

namespace {

constexpr size_t kLaneKindCount = size_t(TraceModel::LaneKind::Compute) + 1;

/// What the descriptors say of each (lane kind, event kind, flags bit 0): its aggregate slot (-1:
/// none) and whether it is drawn nested. Asked once per span on append and read-back, so the
/// descriptors' answers are worked out once, here, instead of searched per span.
struct SpanPlacement
{
    std::array<std::array<std::array<int8_t, 2>, 256>, kLaneKindCount> slot{};
    std::array<std::array<bool, 256>, kLaneKindCount> nested{};

    SpanPlacement()
    {
        for (auto& lane : slot)
            for (auto& kind : lane)
                kind.fill(-1);
        for (const LaneKinds::LaneDescriptor& d : LaneKinds::lanes()) {
            const auto& aggregates = d.aggregates;
            for (int kind = 0; kind < 256; ++kind) {
                // A kind aggregated with a flags variant (H2D from pinned or pageable memory)
                // matches on flags bit 0, the others on the kind alone.
                const bool byFlags = std::count_if(aggregates.begin(), aggregates.end(),
                                                   [kind](const auto& s) { return int(s.kind) == kind; }) > 1;
                for (int f = 0; f < 2; ++f) {
                    int found = -1;
                    for (size_t i = 0; i < aggregates.size() && found < 0; ++i)
                        if ((int(aggregates[i].kind) == kind && (!byFlags || aggregates[i].flags == f)) ||
                            (aggregates[i].also != EventKind::None && int(aggregates[i].also) == kind))
                            found = int(i);
                    slot[size_t(d.kind)][size_t(kind)][size_t(f)] = int8_t(found);
                }
                nested[size_t(d.kind)][size_t(kind)] = LaneKinds::nestedOn(d, EventKind(kind));
            }
        }
    }
};

const SpanPlacement& spanPlacement()
{
    static const SpanPlacement table;
    return table;
}

} // namespace

int TraceModel::histogramSlot(LaneKind lane, quint8 kind, quint8 flags)
{
    return spanPlacement().slot[size_t(lane)][kind][flags & 1];
}

std::pair<quint8, quint8> TraceModel::slotKind(LaneKind lane, int slot)
{
    const auto& s = LaneKinds::lane(lane).aggregates[size_t(std::clamp(slot, 0, 3))];
    return {quint8(s.kind), s.flags};
}

void TraceModel::insertSorted(Lane& lane, int r, const SpanRec& s)
{
    std::vector<SpanRec>& row = lane.rows[r];
    if (row.empty() || row.back().t0 <= s.t0) {
        row.push_back(s);
        lane.folds[r].append(row);
        return;
    }
    // Rare: a writer recorded a span that started before its previous one (or read-back detail).
    auto it = std::upper_bound(row.begin(), row.end(), s.t0, [](qint64 t, const SpanRec& x) { return t < x.t0; });
    const size_t at = size_t(it - row.begin());
    row.insert(it, s);
    lane.folds[r].rebuild(row, at);
}

bool TraceModel::toSpan(const Event& e, qint64 t0, qint64 t1, SpanRec& s, bool* nested, LaneKind lane)
{
    if (!loaderscope::isSpan(e.kind))
        return false;
    s.t0 = t0;
    s.t1 = t1;
    s.batch = e.batch;
    s.kind = quint8(e.kind);
    switch (e.kind) {
    case EventKind::H2DCopy:
    case EventKind::PinCopy:
        s.arg = qint32(std::clamp<int64_t>(e.arg0 / 1024, 0, INT32_MAX));
        s.flags = e.kind == EventKind::H2DCopy && e.arg1 ? 1 : 0;
        break;
    case EventKind::HostBlocked:
        s.arg = qint32(std::clamp<int64_t>(e.arg0, INT32_MIN, INT32_MAX));
        // Waiting for the GPU (flags 1) is drawn apart from being blocked by a copy.
        s.flags = loaderscope::hostBlockFrom(e.arg0) == loaderscope::HostBlock::DeviceBuffers ? 1 : 0;
        break;
    default:
        s.arg = qint32(std::clamp<int64_t>(e.arg0, INT32_MIN, INT32_MAX));
    }
    *nested = spanPlacement().nested[size_t(lane)][quint8(e.kind)];
    return true;
}

void TraceModel::growBuckets(qint64 t)
{
    // Double the bucket width until `t` fits: merge pairs of buckets in every lane.
    while (t / m_bucketNs >= kMaxBuckets) {
        for (Lane& l : m_lanes) {
            auto& h = l.histogram;
            for (size_t i = 0; 2 * i < h.size(); ++i) {
                HistogramBucket b = h[2 * i];
                if (2 * i + 1 < h.size())
                    for (int s = 0; s < 4; ++s)
                        b[size_t(s)] += h[2 * i + 1][size_t(s)];
                h[i] = b;
            }
            h.resize((h.size() + 1) / 2);
        }
        auto& c = m_counterBuckets;
        for (size_t i = 0; 2 * i < c.size(); ++i) {
            CounterBucket b = c[2 * i];
            if (2 * i + 1 < c.size() && c[2 * i + 1].set) {
                const CounterBucket& n = c[2 * i + 1];
                b.maxReady = std::max(b.maxReady, n.maxReady);
                b.maxOutstanding = std::max(b.maxOutstanding, n.maxOutstanding);
                b.maxPinned = std::max(b.maxPinned, n.maxPinned);
                b.lastReady = n.lastReady;
                b.lastOutstanding = n.lastOutstanding;
                b.lastPinned = n.lastPinned;
                b.set = true;
            }
            c[i] = b;
        }
        c.resize((c.size() + 1) / 2);
        m_bucketNs *= 2;
    }
}

void TraceModel::addToHistogram(Lane& lane, const SpanRec& s)
{
    const int slot = histogramSlot(lane.kind, s.kind, s.flags);
    if (slot < 0 || s.t1 <= s.t0 || s.t0 < 0)
        return;
    growBuckets(s.t1);
    auto& h = lane.histogram;
    const size_t last = size_t(s.t1 / m_bucketNs);
    if (h.size() <= last)
        h.resize(last + 1, HistogramBucket{});
    // Spread the span over the buckets it covers.
    for (size_t b = size_t(s.t0 / m_bucketNs); b <= last; ++b) {
        const qint64 b0 = qint64(b) * m_bucketNs, b1 = b0 + m_bucketNs;
        const qint64 ns = std::min(s.t1, b1) - std::max(s.t0, b0);
        if (ns > 0)
            h[b][size_t(slot)] += quint64(ns);
    }
}

void TraceModel::addCounterToHistogram(const CounterSample& c)
{
    if (c.t < 0)
        return;
    growBuckets(c.t);
    const size_t b = size_t(c.t / m_bucketNs);
    if (m_counterBuckets.size() <= b)
        m_counterBuckets.resize(b + 1);
    CounterBucket& k = m_counterBuckets[b];
    k.maxReady = k.set ? std::max(k.maxReady, c.ready) : c.ready;
    k.maxOutstanding = k.set ? std::max(k.maxOutstanding, c.outstanding) : c.outstanding;
    k.maxPinned = k.set ? std::max(k.maxPinned, c.pinned) : c.pinned;
    k.lastReady = c.ready;
    k.lastOutstanding = c.outstanding;
    k.lastPinned = c.pinned;
    k.set = true;
}

namespace {

/// `events`, or a copy with the derived states (events.h forEachDerived) after their sources: the
/// registry says which kinds make which; most batches have none and are passed through as they are.
const std::vector<Event>& withDerived(const std::vector<Event>& events, std::vector<Event>& storage)
{
    const auto hasDerived = [](const Event& e) { return loaderscope::hasDerivedKinds(e.kind); };
    if (std::none_of(events.begin(), events.end(), hasDerived))
        return events;
    storage.reserve(events.size() + events.size() / 4);
    for (const Event& e : events) {
        storage.push_back(e);
        loaderscope::forEachDerived(e, [&storage](const Event& d) { storage.push_back(d); });
    }
    return storage;
}

} // namespace

void TraceModel::append(const std::vector<Event>& events)
{
    if (events.empty())
        return;
    const size_t countersBefore = m_counters.size();
    // One event into the model; the registry's derived states (a worker waiting for a core) go
    // through it too, right after their source, without copying the batch.
    const auto add = [this](const Event& e) {
        const qint64 t0 = qint64(e.t0) - qint64(m_origin);
        const qint64 t1 = qint64(e.t1) - qint64(m_origin);
        if (t1 < t0)
            return; // a corrupt record: never draw backwards
        if (e.kind == EventKind::Stack || e.kind == EventKind::StackText) {
            m_stackParts.add(e);
            for (loaderscope::ThreadStack& st : m_stackParts.take()) {
                st.t = uint64_t(qint64(st.t) - qint64(m_origin)); // model time from here on
                if (m_stacks.size() >= kMaxStacks)
                    m_stacks.erase(m_stacks.begin());
                m_stacks.push_back(std::move(st));
            }
            if (e.kind == EventKind::StackText)
                return; // a piece of the text: nothing to draw
        }
        m_end = std::max(m_end, t1);
        if (e.kind == EventKind::QueueDepth) {
            const CounterSample c{t0, qint32(e.arg0), qint32(e.arg1), qint32(e.batch)};
            m_counters.push_back(c);
            addCounterToHistogram(c);
            return;
        }
        m_steps.add(e);
        m_marks.add(e);
        const int li = ensureLane(e.lane);
        if (li < 0)
            return;
        Lane& lane = m_lanes[size_t(li)];
        // The pin-memory lane shows once the thread does work (a span): with pin_memory=False the
        // memory sampler still counts on its lane, and an empty lane would say a thread ran.
        if (lane.kind == LaneKind::Pin && loaderscope::isSpan(e.kind))
            lane.hidden = false;
        if (loaderscope::isCounter(e.kind))
            m_memory.add(e, t0, lane.kind == LaneKind::Worker ? lane.worker : -1);
        if (!loaderscope::isSpan(e.kind)) {
            // One per batch or per sample (the memory counters, ~20 a second per process): counted
            // only (a long run would otherwise keep millions).
            if (e.kind != EventKind::Deliver && e.kind != EventKind::BatchReady && e.kind != EventKind::BatchCost &&
                e.kind != EventKind::PassCost && e.kind != EventKind::StepCost && e.kind != EventKind::ThreadsCost &&
                e.kind != EventKind::HandOverWait && e.kind != EventKind::HandOverCost && e.kind != EventKind::ProbeCost &&
                !loaderscope::isCounter(e.kind))
                lane.instants.push_back({t0, e.batch, e.arg0, e.arg1, quint8(e.kind)});
            ++m_instantCounts[size_t(e.kind)];
            return;
        }
        Total& total = m_totals[size_t(li)][size_t(e.kind)];
        total.ns += t1 - t0;
        ++total.count;
        if (e.kind == EventKind::WaitData && e.batch >= 0)
            m_deliveredSamples += e.arg1; // samples handed to the training loop
        SpanRec s;
        bool nested = false;
        toSpan(e, t0, t1, s, &nested, lane.kind);
        addToHistogram(lane, s);
        markSeen(s);
        insertSorted(lane, nested ? 1 : 0, s);
        ++m_spans;
    };
    for (const Event& e : events) {
        ++m_events;
        add(e);
        loaderscope::forEachDerived(e, add);
    }
    // Counters come from one writer in time order; merge the new tail only if needed.
    auto byTime = [](const CounterSample& a, const CounterSample& b) { return a.t < b.t; };
    const auto mid = m_counters.begin() + std::ptrdiff_t(countersBefore);
    std::sort(mid, m_counters.end(), byTime);
    if (mid != m_counters.begin() && mid != m_counters.end() && (mid - 1)->t > mid->t)
        std::inplace_merge(m_counters.begin(), mid, m_counters.end(), byTime);
    evictIfNeeded();
    ++m_generation;
    emit changed();
}

void TraceModel::mergeSorted(Lane& lane, int r, std::vector<SpanRec>& add)
{
    if (add.empty())
        return;
    std::vector<SpanRec>& row = lane.rows[r];
    const auto byStart = [](const SpanRec& a, const SpanRec& b) { return a.t0 < b.t0; };
    std::stable_sort(add.begin(), add.end(), byStart);
    const auto n = std::ptrdiff_t(row.size());
    row.insert(row.end(), add.begin(), add.end());
    // Stable: a held span stays before a read-back one that starts at the same time, as
    // insertSorted places it.
    std::inplace_merge(row.begin(), row.begin() + n, row.end(), byStart);
    const auto firstMoved = std::upper_bound(row.begin(), row.begin() + n, add.front().t0,
                                             [](qint64 t, const SpanRec& x) { return t < x.t0; });
    lane.folds[r].rebuild(row, size_t(firstMoved - row.begin()));
}

void TraceModel::insertDetail(qint64 t0, qint64 t1, const std::vector<Event>& source)
{
    std::vector<Event> storage;
    const std::vector<Event>& events = withDerived(source, storage);
    // Read-back spans are gathered per lane and row and merged once: inserted one by one into rows
    // of a million spans they cost O(n) each, minutes on the GUI thread for a few seconds of a
    // fast run.
    std::vector<std::array<std::vector<SpanRec>, 2>> fresh(m_lanes.size());
    std::vector<CounterSample> counters;
    for (const Event& e : events) {
        const qint64 a = qint64(e.t0) - qint64(m_origin);
        const qint64 b = qint64(e.t1) - qint64(m_origin);
        // Held already: a span that overlaps a covered range (eviction keeps the spans that cross
        // its cut, so those are in the model although they start where detail was dropped).
        if (b < a || b < t0 || a > t1 || overlapsCovered(a, b))
            continue; // outside the range, or already held
        if (e.kind == EventKind::QueueDepth) {
            counters.push_back({a, qint32(e.arg0), qint32(e.arg1), qint32(e.batch)});
            continue;
        }
        const int li = ensureLane(e.lane);
        if (li >= 0 && loaderscope::isCounter(e.kind)) {
            // Memory samples are never evicted: only those the live view missed are added.
            const int worker = m_lanes[size_t(li)].kind == LaneKind::Worker ? m_lanes[size_t(li)].worker : -1;
            if (!m_memory.has(e.kind, a, worker))
                m_memory.add(e, a, worker);
            continue;
        }
        SpanRec s;
        bool nested = false;
        if (li < 0 || !toSpan(e, a, b, s, &nested, m_lanes[size_t(li)].kind))
            continue;
        if (fresh.size() < m_lanes.size())
            fresh.resize(m_lanes.size());
        fresh[size_t(li)][nested ? 1 : 0].push_back(s);
        ++m_spans;
    }
    for (size_t li = 0; li < fresh.size(); ++li)
        for (int row = 0; row < 2; ++row)
            mergeSorted(m_lanes[li], row, fresh[li][size_t(row)]);
    if (!counters.empty()) {
        m_counters.insert(m_counters.end(), counters.begin(), counters.end());
        std::sort(m_counters.begin(), m_counters.end(), [](const CounterSample& x, const CounterSample& y) { return x.t < y.t; });
    }
    addCoverage(t0, t1);
    const auto keep = m_protected;
    m_protected = {t0, t1}; // what was just read back stays while trimming
    evictIfNeeded();
    m_protected = keep;
    ++m_generation;
    emit changed();
}

void TraceModel::appendSpan(int lane, int row, const SpanRec& span)
{
    if (lane < 0 || lane >= int(m_lanes.size()) || row < 0 || row > 1 || span.t1 < span.t0)
        return;
    insertSorted(m_lanes[size_t(lane)], row, span);
    markSeen(span);
    if (row == 0)
        addToHistogram(m_lanes[size_t(lane)], span);
    Total& total = m_totals[size_t(lane)][std::min<size_t>(span.kind, size_t(EventKind::Count) - 1)];
    total.ns += span.t1 - span.t0;
    ++total.count;
    m_end = std::max(m_end, span.t1);
    ++m_spans;
    ++m_events;
}

void TraceModel::finishAppend()
{
    ++m_generation;
    emit changed();
}

void TraceModel::markSeen(const SpanRec& s)
{
    if (s.kind >= m_variants.size())
        return;
    const int v = EventKind(s.kind) == EventKind::HostBlocked ? int(loaderscope::hostBlockFrom(s.arg))
                  : EventKind(s.kind) == EventKind::H2DCopy  ? (s.flags & 1)
                                                             : 0;
    m_variants[s.kind] |= quint8(1u << v);
}

bool TraceModel::seen(EventKind kind, int variant) const
{
    const quint8 bits = m_variants[size_t(kind)];
    return variant < 0 ? bits != 0 : (bits >> std::clamp(variant, 0, 7)) & 1;
}

void TraceModel::takeContents(TraceModel& o)
{
    m_lanes = std::move(o.m_lanes);
    m_totals = std::move(o.m_totals);
    m_instantCounts = o.m_instantCounts;
    m_variants = o.m_variants;
    m_deliveredSamples = o.m_deliveredSamples;
    m_counters = std::move(o.m_counters);
    m_memory = std::move(o.m_memory);
    m_stackParts = std::move(o.m_stackParts);
    m_stacks = std::move(o.m_stacks);
    m_steps = std::move(o.m_steps);
    m_marks = std::move(o.m_marks);
    m_counterBuckets = std::move(o.m_counterBuckets);
    m_coverage = std::move(o.m_coverage);
    m_bucketNs = o.m_bucketNs;
    m_budget = o.m_budget;
    m_evicted = o.m_evicted;
    m_origin = o.m_origin;
    m_end = o.m_end;
    m_spans = o.m_spans;
    m_events = o.m_events;
    m_numWorkers = o.m_numWorkers;
    m_simulated = o.m_simulated;
    m_growing = o.m_growing;
    m_workerCapacity = o.m_workerCapacity;
    m_deviceLanes = o.m_deviceLanes;
    o.reset(0, 0, true);
    ++m_generation;
    emit changed();
}

const loaderscope::ThreadStack* TraceModel::stackNear(int eventLane, qint64 t, qint64 tolerance) const
{
    const loaderscope::ThreadStack* best = nullptr;
    for (const loaderscope::ThreadStack& s : m_stacks) {
        const qint64 d = std::abs(qint64(s.t) - t);
        if (s.lane == eventLane && d <= tolerance && (!best || d < std::abs(qint64(best->t) - t)))
            best = &s;
    }
    return best;
}

std::optional<TraceModel::Stall> TraceModel::latestStall() const
{
    std::optional<Stall> best;
    for (const Lane& l : m_lanes)
        for (const InstantRec& in : l.instants)
            if (in.kind == quint8(EventKind::WorkerStalled) && (!best || in.t > best->at))
                best = Stall{l.worker, in.arg0, in.batch, in.t - in.arg1 * 1'000'000, in.t};
    return best;
}

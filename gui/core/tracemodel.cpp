// SPDX-License-Identifier: MIT
#include "tracemodel.h"

#include <algorithm>

using loaderscope::Event;
using loaderscope::EventKind;

TraceModel::TraceModel(QObject* parent) : QObject(parent)
{
    reset(0, 0, true);
}

void TraceModel::reset(quint64 origin, int numWorkers, bool simulatedDevice)
{
    m_origin = origin;
    m_numWorkers = numWorkers;
    m_simulated = simulatedDevice;
    m_lanes.clear();
    m_lanes.push_back({LaneKind::Main, -1, {}, {}});
    m_lanes.push_back({LaneKind::Pin, -1, {}, {}});
    for (int w = 0; w < numWorkers; ++w)
        m_lanes.push_back({LaneKind::Worker, w, {}, {}});
    m_lanes.push_back({LaneKind::Copy, -1, {}, {}});
    m_lanes.push_back({LaneKind::Compute, -1, {}, {}});
    m_totals.assign(m_lanes.size(), {});
    m_instantCounts.fill(0);
    m_deliveredSamples = 0;
    m_counters.clear();
    m_end = 0;
    m_spans = 0;
    m_events = 0;
    ++m_generation;
    emit changed();
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

TraceModel::Lane* TraceModel::laneFor(int16_t lane)
{
    // Never trust a lane number from shared memory: unknown lanes are dropped.
    int idx = -1;
    if (lane >= 0 && lane < m_numWorkers)
        idx = 2 + lane;
    else if (lane == loaderscope::LaneMain)
        idx = 0;
    else if (lane == loaderscope::LanePin)
        idx = 1;
    else if (lane == loaderscope::LaneCopy)
        idx = 2 + m_numWorkers;
    else if (lane == loaderscope::LaneCompute)
        idx = 3 + m_numWorkers;
    return idx < 0 ? nullptr : &m_lanes[size_t(idx)];
}

void TraceModel::insertSorted(std::vector<SpanRec>& row, const SpanRec& s)
{
    if (row.empty() || row.back().t0 <= s.t0) {
        row.push_back(s);
        return;
    }
    // Rare: a writer recorded a span that started before its previous one.
    auto it = std::upper_bound(row.begin(), row.end(), s.t0, [](qint64 t, const SpanRec& r) { return t < r.t0; });
    row.insert(it, s);
}

void TraceModel::append(const std::vector<Event>& events)
{
    if (events.empty())
        return;
    const size_t countersBefore = m_counters.size();
    for (const Event& e : events) {
        ++m_events;
        const qint64 t0 = qint64(e.t0) - qint64(m_origin);
        const qint64 t1 = qint64(e.t1) - qint64(m_origin);
        if (t1 < t0)
            continue; // a corrupt record: never draw backwards
        m_end = std::max(m_end, t1);
        if (e.kind == EventKind::QueueDepth) {
            m_counters.push_back({t0, qint32(e.arg0), qint32(e.arg1), qint32(e.batch)});
            continue;
        }
        Lane* lane = laneFor(e.lane);
        if (!lane)
            continue;
        if (!loaderscope::isSpan(e.kind)) {
            if (e.kind != EventKind::Deliver && e.kind != EventKind::BatchReady &&
                e.kind != EventKind::BatchCost) // one per batch: counted only
                lane->instants.push_back({t0, e.batch, e.arg0, e.arg1, quint8(e.kind)});
            ++m_instantCounts[size_t(e.kind)];
            continue;
        }
        Total& total = m_totals[size_t(lane - m_lanes.data())][size_t(e.kind)];
        total.ns += t1 - t0;
        ++total.count;
        if (e.kind == EventKind::WaitData && e.batch >= 0)
            m_deliveredSamples += e.arg1; // samples handed to the training loop
        SpanRec s;
        s.t0 = t0;
        s.t1 = t1;
        s.batch = e.batch;
        s.kind = quint8(e.kind);
        switch (e.kind) {
        case EventKind::H2DCopy:
        case EventKind::PinCopy:
            s.arg = qint32(std::min<int64_t>(e.arg0 / 1024, INT32_MAX));
            s.flags = e.kind == EventKind::H2DCopy && e.arg1 ? 1 : 0;
            break;
        case EventKind::HostBlocked:
            s.arg = qint32(e.arg0);
            s.flags = e.arg0 == 1 ? 1 : 0; // waiting for the GPU, not blocked by a copy
            break;
        default:
            s.arg = qint32(e.arg0);
        }
        // On the main lane, next() and the step are outer spans; what happens inside them (fetching
        // with num_workers 0, pinning, the host blocked by a copy) is nested.
        const bool nested = lane->kind == LaneKind::Main &&
                            (e.kind == EventKind::Fetch || e.kind == EventKind::Collate ||
                             e.kind == EventKind::PinCopy || e.kind == EventKind::HostBlocked ||
                             e.kind == EventKind::HeadOfLine);
        insertSorted(lane->rows[nested ? 1 : 0], s);
        ++m_spans;
    }
    // Counters come from one writer in time order; merge the new tail only if needed.
    auto byTime = [](const CounterSample& a, const CounterSample& b) { return a.t < b.t; };
    const auto mid = m_counters.begin() + std::ptrdiff_t(countersBefore);
    std::sort(mid, m_counters.end(), byTime);
    if (mid != m_counters.begin() && mid != m_counters.end() && (mid - 1)->t > mid->t)
        std::inplace_merge(m_counters.begin(), mid, m_counters.end(), byTime);
    ++m_generation;
    emit changed();
}

void TraceModel::appendSpan(int lane, int row, const SpanRec& span)
{
    if (lane < 0 || lane >= int(m_lanes.size()) || row < 0 || row > 1 || span.t1 < span.t0)
        return;
    insertSorted(m_lanes[size_t(lane)].rows[row], span);
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

qint64 TraceModel::memoryBytes() const
{
    qint64 bytes = qint64(m_counters.capacity() * sizeof(CounterSample));
    for (const Lane& l : m_lanes)
        bytes += qint64((l.rows[0].capacity() + l.rows[1].capacity()) * sizeof(SpanRec) +
                        l.instants.capacity() * sizeof(InstantRec));
    return bytes;
}

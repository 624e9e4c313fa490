// SPDX-License-Identifier: MIT
// The GUI's store of one run's events: per lane, spans sorted by start time in two rows (outer and
// nested), instants, and queue-depth samples. Owned by the GUI thread; events arrive in batches.
#pragma once

#include "loaderscope/events.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <array>
#include <vector>

/** One span as stored: 32 bytes (the budget is 64 per event). Times are ns from the run origin. */
struct SpanRec
{
    qint64 t0 = 0;
    qint64 t1 = 0;
    qint64 batch = -1;   ///< loaderscope::batchKey(epoch, task), or -1
    qint32 arg = 0;      ///< sample index (fetch), bytes in KiB (copies), reason (host blocked)
    quint8 kind = 0;     ///< loaderscope::EventKind
    quint8 flags = 0;    ///< H2D copy: 1 = pinned; host blocked: 1 = waiting for the GPU
};
static_assert(sizeof(SpanRec) == 32);

struct InstantRec
{
    qint64 t = 0;
    qint64 batch = -1;
    qint64 arg0 = 0;
    qint64 arg1 = 0;
    quint8 kind = 0;
};

struct CounterSample
{
    qint64 t = 0;
    qint32 ready = 0;
    qint32 outstanding = 0;
    qint32 pinned = 0;
};

class TraceModel : public QObject
{
    Q_OBJECT
public:
    enum class LaneKind { Main, Pin, Worker, Copy, Compute };
    struct Lane
    {
        LaneKind kind = LaneKind::Main;
        int worker = -1;
        std::vector<SpanRec> rows[2]; ///< row 0: outer spans; row 1: spans nested in them
        std::vector<InstantRec> instants;
    };

    explicit TraceModel(QObject* parent = nullptr);

    /// Forgets everything; `origin` is the CLOCK_MONOTONIC ns that becomes time 0.
    void reset(quint64 origin, int numWorkers, bool simulatedDevice);
    /// Appends events (any order between lanes, time order within a writer).
    void append(const std::vector<loaderscope::Event>& events);
    /// Imports (profiler traces): one span into a lane's row, kept sorted; call finishAppend()
    /// once at the end to notify the views.
    void appendSpan(int lane, int row, const SpanRec& span);
    void finishAppend();

    int laneCount() const { return int(m_lanes.size()); }
    const Lane& lane(int i) const { return m_lanes[size_t(i)]; }
    int laneIndex(LaneKind kind, int worker = -1) const;
    int numWorkers() const { return m_numWorkers; }
    bool simulatedDevice() const { return m_simulated; }
    void setSimulatedDevice(bool simulated) { m_simulated = simulated; }
    const std::vector<CounterSample>& counters() const { return m_counters; }
    qint64 startTime() const { return 0; }
    qint64 endTime() const { return m_end; }
    quint64 origin() const { return m_origin; }
    qint64 spanCount() const { return m_spans; }
    qint64 eventCount() const { return m_events; }
    /// Bytes held by the model's containers (for the memory benchmark).
    qint64 memoryBytes() const;
    /// Incremented on every change: views redraw only when it moved.
    quint64 generation() const { return m_generation; }
    /// Reserve room for about `spansPerLane` spans in every lane (benchmarks, imports).
    void reserve(size_t spansPerLane);

    /// Running totals per lane and span kind (ns and count), kept on append: live metrics read
    /// them without walking the spans.
    qint64 totalNs(int lane, loaderscope::EventKind kind) const { return m_totals[size_t(lane)][size_t(kind)].ns; }
    qint64 totalCount(int lane, loaderscope::EventKind kind) const { return m_totals[size_t(lane)][size_t(kind)].count; }
    qint64 instantCount(loaderscope::EventKind kind) const { return m_instantCounts[size_t(kind)]; }
    qint64 deliveredSamples() const { return m_deliveredSamples; }

signals:
    void changed();

private:
    Lane* laneFor(int16_t lane);
    static void insertSorted(std::vector<SpanRec>& row, const SpanRec& s);

    struct Total
    {
        qint64 ns = 0;
        qint64 count = 0;
    };
    std::vector<Lane> m_lanes;
    std::vector<std::array<Total, size_t(loaderscope::EventKind::Count)>> m_totals;
    std::array<qint64, size_t(loaderscope::EventKind::Count)> m_instantCounts{};
    qint64 m_deliveredSamples = 0;
    std::vector<CounterSample> m_counters;
    quint64 m_origin = 0;
    qint64 m_end = 0;
    qint64 m_spans = 0;
    qint64 m_events = 0;
    quint64 m_generation = 0;
    int m_numWorkers = 0;
    bool m_simulated = true;
};

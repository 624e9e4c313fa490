// SPDX-License-Identifier: MIT
// The memory counters of a run (MemoryUsage, ShmUsage, ShmOwn and PinnedMemory events, ~20 a second per
// process from the engine's or the probe's sampler) kept per series in bounded memory: past
// kMaxPoints a series merges neighbouring points, keeping each pair's peak, so an hour-long run
// holds the same few hundred KiB as a minute's. Owned by the TraceModel (GUI thread).
#pragma once

#include "loaderscope/base/events.h"

#include <QtGlobal>

#include <array>
#include <vector>

class MemoryTracks
{
public:
    /// What a series measures. Process: v = {RSS, PSS, USS}; Shm: v = {batch-slot bytes in use,
    /// /dev/shm bytes used (every user), /dev/shm size}; Pinned: v = {page-locked bytes, the part
    /// holding a batch}; ShmOwn: v = {/dev/shm bytes the run's processes map, files}. Bytes; -1
    /// where a sample did not read the figure (PSS/USS within a CPU budget).
    enum class Source { Process, Shm, Pinned, ShmOwn };
    struct Point
    {
        qint64 t = 0; ///< ns, the model's time
        std::array<qint64, 3> v{-1, -1, -1};
    };
    struct Series
    {
        Source source = Source::Process;
        int worker = -1;                ///< Process: the worker, -1 for the main process
        std::vector<Point> points;      ///< by time
        std::array<qint64, 3> peak{-1, -1, -1};
    };
    static constexpr size_t kMaxPoints = 8192; ///< per series: 256 KiB at most (32 B a point)

    void clear() { m_series.clear(); }
    /// `worker`: the worker whose lane the event is on, -1 for the main lane.
    void add(const loaderscope::Event& e, qint64 t, int worker);
    const std::vector<Series>& series() const { return m_series; }
    const Series* find(Source source, int worker = -1) const;
    /// A sample of this event kind at exactly `t` is held (a recording read back twice).
    bool has(loaderscope::EventKind kind, qint64 t, int worker) const;
    bool empty() const { return m_series.empty(); }
    size_t bytes() const;

private:
    Series& seriesFor(Source source, int worker);
    static void append(Series& s, const Point& p);

    std::vector<Series> m_series; ///< main process first, then workers, shm, pinned (as they come)
};

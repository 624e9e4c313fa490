// SPDX-License-Identifier: MIT
// MetricsAccumulator's memory figures: the peaks per process, the growth of each worker's USS
// with the samples it read (a leak, or copy-on-write of the dataset), /dev/shm and pinned memory.
#include "loaderscope/results/metrics.h"

#include <algorithm>
#include <cmath>

namespace loaderscope {

void MetricsAccumulator::MemoryTrend::add(double x, double y)
{
    if (n == 0) {
        x0 = x;
        y0 = y;
    }
    x -= x0;
    y -= y0;
    n += 1;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    xMax = std::max(xMax, x);
}

double MetricsAccumulator::MemoryTrend::growth() const
{
    constexpr double kMinCorrelation = 0.8;
    if (n < 3)
        return 0;
    const double mx = sx / n, my = sy / n;
    const double vx = sxx / n - mx * mx, vy = syy / n - my * my, cov = sxy / n - mx * my;
    if (vx <= 0 || vy <= 0 || cov <= 0)
        return 0;
    const double slope = cov / vx;
    return cov / std::sqrt(vx * vy) >= kMinCorrelation ? slope * xMax : 0.0;
}

void MetricsAccumulator::LaneMemory::newProcess()
{
    bestGrowth = std::max(bestGrowth, trend.growth());
    trend = {};
    lastUss = 0;
    lastT = 0;
}

void MetricsAccumulator::addMemory(const Event& e)
{
    m_memorySeen = true;
    auto peak = [](uint64_t& p, int64_t v) { p = std::max(p, uint64_t(std::max<int64_t>(0, v))); };
    if (e.kind == EventKind::MemoryUsage) {
        LaneMemory* m = nullptr;
        int64_t fetched = 0;
        if (e.lane >= 0 && haveLane(e.lane)) {
            m = &m_workerMemory[size_t(e.lane)];
            fetched = m_workers[size_t(e.lane)].samples;
        } else if (e.lane == LaneMain) {
            m = &m_mainMemory;
            fetched = m_mainFetch.samples;
        } else {
            return;
        }
        peak(m->peaks.peak_rss_bytes, e.arg0);
        peak(m->peaks.peak_pss_bytes, e.arg1);
        peak(m->peaks.peak_uss_bytes, e.batch);
        if (e.batch < 0)
            return; // RSS alone this time
        const uint64_t uss = uint64_t(e.batch);
        // A much smaller USS than the last sample is a new process on this lane whose WorkerStart
        // has not arrived yet (the sampler's ring is drained before the workers' rings).
        if (m->lastUss > uss + std::max<uint64_t>(16ULL << 20, m->lastUss / 4))
            m->newProcess();
        // Growth while starting (a spawned worker building its dataset) is not growth with the
        // samples read: the trend starts at the first sample fetched.
        if (fetched > 0) {
            m->trend.add(double(fetched), double(uss));
            m->lastT = e.t0;
        }
        m->lastUss = uss;
        return;
    }
    if (e.lane != LaneMain)
        return;
    if (e.kind == EventKind::ShmUsage) {
        peak(m_peakSlotsInUse, e.arg0);
        const uint64_t size = uint64_t(std::max<int64_t>(0, e.batch)), used = uint64_t(std::max<int64_t>(0, e.arg1));
        if (size > 0) {
            m_devShmSize = size;
            m_devShmMinFree = std::min(m_devShmMinFree, size > used ? size - used : 0);
        }
    } else if (e.kind == EventKind::PinnedMemory) {
        peak(m_peakPinned, e.arg0);
    } else if (e.kind == EventKind::ShmOwn) {
        peak(m_peakShmOwn, e.arg0);
    }
}

MemoryFigures MetricsAccumulator::memoryFigures() const
{
    MemoryFigures m;
    m.main = m_mainMemory.peaks;
    for (size_t w = 0; w < m_workerMemory.size(); ++w) {
        const LaneMemory& lm = m_workerMemory[w];
        if (lm.peaks.peak_rss_bytes == 0 && m_workers[w].pid == 0)
            continue; // a lane no worker used (a watched job's segment has spare lanes)
        WorkerMemory wm;
        static_cast<ProcessMemoryPeaks&>(wm) = lm.peaks;
        wm.worker = int(w);
        wm.pid = m_workers[w].pid;
        wm.uss_growth_bytes = uint64_t(std::max(lm.bestGrowth, lm.trend.growth()));
        m.workers.push_back(wm);
    }
    m.peak_slots_in_use_bytes = m_peakSlotsInUse;
    m.dev_shm_size_bytes = m_devShmSize;
    m.dev_shm_min_free_bytes = m_devShmMinFree == UINT64_MAX ? 0 : m_devShmMinFree;
    m.dev_shm_own_peak_bytes = m_peakShmOwn;
    m.pinned_bytes = m_peakPinned;
    return m;
}
} // namespace loaderscope

// SPDX-License-Identifier: MIT
#include "loaderscope/results/distributions.h"

#include <algorithm>

namespace loaderscope {

namespace {
enum Stage { kFetch, kCollate, kHandover, kWait, kPin, kH2D, kStep };
/// Workers kept apart (a recording's lane or worker number beyond it counts in the stage's whole
/// only: a hostile file cannot make a histogram per event).
constexpr int kMaxWorkers = 1024;
} // namespace

const std::array<const char*, 7>& distributionStages()
{
    static const std::array<const char*, 7> stages = {"fetch", "collate", "handover", "wait", "pin", "h2d", "step"};
    return stages;
}

uint64_t stageQuantileNs(const std::vector<StageDistribution>& stages, std::string_view stage, double q)
{
    for (const StageDistribution& d : stages)
        if (d.stage == stage)
            return d.all.quantileNs(q);
    return 0;
}

void DistributionAccumulator::add(const Event& e)
{
    const uint64_t d = e.t1 > e.t0 ? e.t1 - e.t0 : 0;
    auto put = [&](Stage s, uint64_t ns, int worker, bool byWorker, uint64_t weight = 1) {
        StageDistribution& sd = m_stages[size_t(s)];
        sd.all.add(ns, weight);
        if (byWorker && worker >= -1 && worker < kMaxWorkers)
            sd.workers[worker].add(ns, weight);
    };
    const bool fetchLane = e.lane >= 0 || e.lane == LaneMain;
    const int lane = e.lane >= 0 ? int(e.lane) : -1;
    switch (e.kind) {
    case EventKind::Fetch:
        // A span recorded 1 in N (the probe's --sample-every) stands for N samples.
        if (fetchLane)
            put(kFetch, d, lane, true, uint64_t(std::max<int64_t>(1, e.arg1)));
        break;
    case EventKind::Collate:
        if (fetchLane)
            put(kCollate, d, lane, true);
        break;
    case EventKind::HandOverWait:
        if (e.lane == LaneMain)
            put(kHandover, uint64_t(std::max<int64_t>(0, e.arg0)), -1, false);
        break;
    case EventKind::WaitData:
        if (e.lane == LaneMain)
            // The wait that ended an epoch got no batch (batch -1): no worker's.
            put(kWait, d, int(std::clamp<int64_t>(e.arg0, -2, kMaxWorkers)), e.batch >= 0);
        break;
    case EventKind::PinCopy:
        put(kPin, d, -1, false);
        break;
    case EventKind::H2DCopy:
        put(kH2D, d, -1, false);
        break;
    case EventKind::Step:
        if (e.lane == LaneMain)
            put(kStep, d, -1, false);
        break;
    default:
        break;
    }
}

std::vector<StageDistribution> DistributionAccumulator::figures() const
{
    std::vector<StageDistribution> out;
    for (size_t s = 0; s < m_stages.size(); ++s) {
        if (m_stages[s].all.count() == 0)
            continue;
        out.push_back(m_stages[s]);
        out.back().stage = distributionStages()[s];
    }
    return out;
}

} // namespace loaderscope

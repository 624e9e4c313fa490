// SPDX-License-Identifier: MIT
#pragma once

#include "loaderscope/base/events.h"

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

namespace loaderscope {

/** One of a run's slowest fetches (issue 49): which sample, where, and how long. */
struct SlowFetch
{
    int64_t sample = -1;  ///< the dataset index (-1: an iterable dataset's sample, or not an int)
    int worker = -1;      ///< the worker id (-1: the main process, num_workers 0)
    int rank = -1;        ///< the job's rank it was fetched on (-1: one process; set where ranks are merged)
    int epoch = -1;
    int64_t batch = -1;   ///< the task (batch) number within its epoch
    uint64_t t0 = 0;      ///< the fetch's start (the events' clock, ns)
    uint64_t ns = 0;      ///< its duration
    /// What it cost the loop: the main loop's wait in next() for the batch this sample was in
    /// (WaitData), and the part of that wait when later batches were already ready
    /// (HeadOfLine), in ns; -1 when the loop's events for the batch were not seen (lost, or the
    /// batch never delivered).
    int64_t wait_ns = -1;
    int64_t hol_ns = -1;
    std::string file; ///< a files dataset's: the file this sample is (empty: another dataset)
};

/// How many times the median fetch (`fetchMedianNs`, the "fetch" stage's p50) a slow sample's
/// fetch took; 0 when no median is known.
inline double timesMedian(const SlowFetch& s, uint64_t fetchMedianNs)
{
    return fetchMedianNs > 0 ? double(s.ns) / double(fetchMedianNs) : 0.0;
}

/// The stall a slow sample added to the loop: its batch's wait in next() beyond the run's median
/// wait (ns; `waitMedianNs` from the "wait" stage); 0 when its batch's wait was not seen.
uint64_t stallAddedNs(const SlowFetch& s, uint64_t waitMedianNs);

/// The stall that `samples` added together: each distinct batch's stallAddedNs once (two slow
/// samples of one batch delayed it once).
uint64_t stallAddedByBatchesNs(const std::vector<SlowFetch>& samples, uint64_t waitMedianNs);

/**
 * Keeps the N slowest Fetch spans of a run (default 20) as events come, in any order: a bounded
 * heap, so a run of millions of samples holds N entries. Ties keep the earlier one. Each kept
 * one gets its batch's wait and head-of-line wait (SlowFetch::wait_ns), from the loop's events
 * whichever comes first: the loop's costs of the last kRecentBatches batches are remembered for
 * a fetch that comes after its batch's wait (another ring, drained later). Owned by
 * MetricsAccumulator's owner thread.
 */
class SlowSampleAccumulator
{
public:
    static constexpr size_t kDefaultKeep = 20;
    /// Batches whose loop costs are remembered for a fetch event that comes after them: far
    /// more than a collector's drain round holds between two rings.
    static constexpr size_t kRecentBatches = 4096;
    explicit SlowSampleAccumulator(size_t keep = kDefaultKeep) : m_keep(keep) {}
    void add(const Event& e);
    /// The slowest first.
    std::vector<SlowFetch> slowest() const;

private:
    struct LoopCost
    {
        int64_t wait_ns = -1;
        int64_t hol_ns = -1;
    };
    void addLoopCost(const Event& e);
    LoopCost& recent(int64_t batchKey);

    size_t m_keep;
    std::vector<SlowFetch> m_heap; ///< a min-heap on ns: the fastest kept is at the front
    std::unordered_map<int64_t, LoopCost> m_recent; ///< batch key -> its loop's costs
    std::deque<int64_t> m_recentOrder;              ///< m_recent's keys, oldest first
};

} // namespace loaderscope

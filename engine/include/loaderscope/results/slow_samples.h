// SPDX-License-Identifier: MIT
#pragma once

#include "loaderscope/base/events.h"

#include <cstdint>
#include <vector>

namespace loaderscope {

/** One of a run's slowest fetches (issue 49): which sample, where, and how long. */
struct SlowFetch
{
    int64_t sample = -1;  ///< the dataset index (-1: an iterable dataset's sample, or not an int)
    int worker = -1;      ///< the worker id (-1: the main process, num_workers 0)
    int epoch = -1;
    int64_t batch = -1;   ///< the task (batch) number within its epoch
    uint64_t t0 = 0;      ///< the fetch's start (the events' clock, ns)
    uint64_t ns = 0;      ///< its duration
};

/**
 * Keeps the N slowest Fetch spans of a run (default 20) as events come, in any order: a bounded
 * heap, so a run of millions of samples holds N entries. Ties keep the earlier one. Owned by
 * MetricsAccumulator's owner thread.
 */
class SlowSampleAccumulator
{
public:
    static constexpr size_t kDefaultKeep = 20;
    explicit SlowSampleAccumulator(size_t keep = kDefaultKeep) : m_keep(keep) {}
    void add(const Event& e);
    /// The slowest first.
    std::vector<SlowFetch> slowest() const;

private:
    size_t m_keep;
    std::vector<SlowFetch> m_heap; ///< a min-heap on ns: the fastest kept is at the front
};

} // namespace loaderscope

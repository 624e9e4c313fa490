// SPDX-License-Identifier: MIT
// The training loop's steps (issue 49's stall over the run), put together from the main lane's
// events one way for every reader: the app's step chart (TraceModel) and the summary's repeating
// slowdowns (periodic.h).
#pragma once

#include "loaderscope/base/events.h"

#include <cstdint>
#include <vector>

namespace loaderscope {

/** One step of the loop: a next() that returned a batch, and the step after it (ns). */
struct LoopStep
{
    uint64_t t0 = 0;          ///< the next()'s start (the events' clock)
    int64_t batch = -1;       ///< the batch key next() returned
    uint64_t waitNs = 0;      ///< next()'s wall time, the hand-over included
    uint64_t handoverNs = 0;  ///< the part of it fetching the batch's tensors from a worker
    uint64_t blockedNs = 0;   ///< host blocked by a copy or a sync inside the step
    uint64_t stepNs = 0;      ///< the step's wall time, the blocked part included
    uint64_t end() const { return t0 + waitNs + stepNs; }
};

/**
 * Steps from the main lane's WaitData (a next() that returned a batch begins one), HandOverWait
 * and Step (matched by batch key: the probe writes a step as the following next() begins, the
 * engine as it ends) and HostBlocked (after the wait). Other events are ignored. Bounded: past
 * kMaxSteps (48 bytes each, 24 MiB) the older steps are halved, each pair kept as its slower step
 * (a spike is never thinned away), and decimated() says the list no longer holds every step. One
 * thread.
 */
class LoopSteps
{
public:
    static constexpr size_t kMaxSteps = size_t(1) << 19;

    void add(const Event& e);
    const std::vector<LoopStep>& steps() const { return m_steps; }
    /// Steps were merged (a long run): the list keeps the slower of each pair of its older steps.
    bool decimated() const { return m_decimated; }
    /// Every step added, merged ones included.
    uint64_t total() const { return m_total; }
    void clear() { *this = LoopSteps(); }

private:
    LoopStep* byBatch(int64_t batch);
    void halveOlder();
    std::vector<LoopStep> m_steps;
    uint64_t m_total = 0;
    bool m_decimated = false;
};

} // namespace loaderscope

// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace loaderscope {

/**
 * The pause of a thread that drains event rings, between two drains (ns). Each wake costs the
 * drainer tens of microseconds of a cold core on a small VM, taken from the job it measures, so
 * it sleeps as long as the rings allow: at the rate just seen no ring fills past an eighth of its
 * records before the next drain; the pause grows at most twofold per drain (a burst after a quiet
 * spell meets at most the ring the last pause allowed) and shrinks at once. The bounds are the
 * drainer's: the engine's run 0.5-4 ms, the probe's 5 ms-1 s (EngineCollector, lsprobe::Collector).
 * Owned by the draining thread.
 */
class DrainPacer
{
public:
    DrainPacer(uint32_t ringCapacity, uint64_t minNs, uint64_t maxNs)
        : m_headroom(std::max<uint64_t>(ringCapacity / 8, 1)), m_min(minNs), m_max(std::max(minNs, maxNs)), m_pause(minNs)
    {
    }

    /// After a drain that took `drained` events come in `sinceNs` (every ring counted: the
    /// busiest fills no faster than all of them), the pause before the next one.
    uint64_t next(size_t drained, uint64_t sinceNs)
    {
        const double perNs = double(drained) / double(std::max<uint64_t>(sinceNs, 1));
        const double fits = drained ? double(m_headroom) / perNs : double(m_max);
        m_pause = uint64_t(std::clamp(fits, double(m_min), std::min(double(m_max), 2.0 * double(m_pause))));
        return m_pause;
    }

    uint64_t pauseNs() const { return m_pause; }

private:
    uint64_t m_headroom; ///< records: an eighth of a ring
    uint64_t m_min, m_max;
    uint64_t m_pause;
};

} // namespace loaderscope

// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <ctime>

namespace loaderscope {

/** CLOCK_MONOTONIC in nanoseconds: comparable across every process of one boot. */
inline uint64_t nowNs()
{
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return uint64_t(ts.tv_sec) * 1000000000ULL + uint64_t(ts.tv_nsec);
}

/** Sleeps for `ns` nanoseconds (restarting after signals) on CLOCK_MONOTONIC. */
void sleepNs(uint64_t ns);
/** Busy computation for `ns` nanoseconds: real CPU work, not a sleep. Returns a checksum. */
uint64_t burnCpuNs(uint64_t ns, uint64_t salt);

} // namespace loaderscope

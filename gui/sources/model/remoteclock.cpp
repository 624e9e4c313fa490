// SPDX-License-Identifier: MIT
#include "remoteclock.h"

void RemoteClock::add(uint64_t sentNs, uint64_t receivedNs, const loaderscope::StreamPong& pong, int64_t localRealMinusMono)
{
    if (receivedNs < sentNs)
        return;
    ++m_samples;
    const uint64_t rtt = receivedNs - sentNs;
    if (rtt >= m_bestRtt)
        return;
    m_bestRtt = rtt;
    // Midpoint of [sent, received] on our clock, computed without overflow.
    const uint64_t mid = sentNs + rtt / 2;
    m_mono = int64_t(pong.monotonic_ns - mid);
    m_real = pong.realtime_ns - (int64_t(mid) + localRealMinusMono);
    m_uncertainty = rtt / 2 + pong.pair_ns / 2 + 1;
}

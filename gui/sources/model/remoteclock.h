// SPDX-License-Identifier: MIT
// Where another host's clock stands against ours, by Cristian's method over the stream's own
// channel (docs/traces.md, "Clocks across hosts"): we write "PING <token>" to the stream, note
// our CLOCK_MONOTONIC when it went (s) and when its PONG came back (r); the host read its clocks
// at some moment between, so its offset is m - (s + r) / 2 within +-(r - s) / 2. The answer with
// the shortest round trip is the estimate. Plain C++; the reader's thread owns it.
#pragma once

#include "loaderscope/results/recording.h"

#include <cstdint>

class RemoteClock
{
public:
    /// One answered ping: our monotonic times when it was sent and when its answer arrived, and
    /// `localRealMinusMono` (our CLOCK_REALTIME - CLOCK_MONOTONIC, for the wall-clock offset).
    void add(uint64_t sentNs, uint64_t receivedNs, const loaderscope::StreamPong& pong, int64_t localRealMinusMono);
    int samples() const { return m_samples; }
    bool known() const { return m_samples > 0; }
    /// The host's CLOCK_MONOTONIC minus ours (ns): an event at host time t happened at our t - this.
    int64_t monotonicOffset() const { return m_mono; }
    /// The host's CLOCK_REALTIME minus ours (ns): how far its wall clock is off.
    int64_t realtimeOffset() const { return m_real; }
    /// Half the best round trip plus the clock pair's own width (ns): the estimate is within this.
    uint64_t uncertainty() const { return m_uncertainty; }
    /// The best round trip (ns).
    uint64_t bestRoundTrip() const { return m_bestRtt; }

private:
    int m_samples = 0;
    int64_t m_mono = 0;
    int64_t m_real = 0;
    uint64_t m_uncertainty = 0;
    uint64_t m_bestRtt = UINT64_MAX;
};

// SPDX-License-Identifier: MIT
#include "engine_collector.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/shm/drain_pacer.h"

namespace loaderscope {

EngineCollector::EngineCollector(const Segment& seg, int numWorkers, RecordingWriter* recording)
    : m_reader(seg), m_metrics(numWorkers), m_recording(recording)
{
    m_thread = std::thread([this, capacity = seg.layout().event_ring_capacity] {
        // 0.5 ms while events come fast, up to 4 ms while they come slowly: at 2,000 wakes a
        // second a small VM gives 6 % of a core to this thread, taken from the job being
        // modelled; 64 Ki records absorb 16 M events/s over 4 ms.
        DrainPacer pacer(capacity, 500'000, 4'000'000);
        uint64_t lastFlush = nowNs();
        uint64_t lastDrain = lastFlush;
        while (!m_done.load(std::memory_order_acquire)) {
            const size_t drained = drainOnce();
            const uint64_t now = nowNs();
            const uint64_t pauseNs = pacer.next(drained, now - lastDrain);
            lastDrain = now;
            // Readers following the recording see at most 0.2 s of delay.
            if (m_recording && nowNs() - lastFlush > 200'000'000ULL) {
                m_recording->flush();
                lastFlush = nowNs();
            }
            // A full disk (or quota) under --events ends the run now, exit 3 naming the file:
            // running on would only lose every event after this one.
            if (m_recording && m_recording->failed() && !m_failed.exchange(true))
                requestStop(kStopRecordingFailed);
            sleepNs(pauseNs);
        }
    });
}

EngineCollector::~EngineCollector()
{
    if (m_thread.joinable()) {
        m_done.store(true, std::memory_order_release);
        m_thread.join();
    }
}

void EngineCollector::finish(RunReport& report)
{
    m_done.store(true, std::memory_order_release);
    if (m_thread.joinable())
        m_thread.join();
    drainOnce();
    report.events_lost = m_reader.lost();
    report.events_collected = m_collected;
    report.figures = m_metrics.figures();
}

size_t EngineCollector::drainOnce()
{
    m_batch.clear();
    m_reader.drain(m_batch);
    for (const Event& e : m_batch) {
        m_metrics.add(e);
        if (m_recording)
            m_recording->add(e);
    }
    m_collected += m_batch.size();
    return m_batch.size();
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
#pragma once

#include "loaderscope/loader/run.h"
#include "loaderscope/results/metrics.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/shm/segment.h"

#include <atomic>
#include <thread>
#include <vector>

namespace loaderscope {

/**
 * Drains every event ring of an engine run on its own thread, so a slow consumer never blocks a
 * writer, and passes each event on as it comes: to the metrics (running aggregates) and to the
 * recording on disk. Nothing is kept in memory, however long the run. Made and finished by the
 * run's main thread (EngineRun); the metrics and the recording are the collector thread's until
 * finish().
 */
class EngineCollector
{
public:
    EngineCollector(const Segment& seg, int numWorkers, RecordingWriter* recording);
    /// An exception leaving runEngine after the thread started must not destroy it joinable
    /// (std::terminate): stop and join it here when finish() was not reached.
    ~EngineCollector();
    /// True once the recording could not be written (the collector asked the run to stop).
    bool recordingFailed() const { return m_failed.load(std::memory_order_acquire); }
    /// Stops the thread and drains once more: the figures, events lost and collected go into `report`.
    void finish(RunReport& report);

private:
    size_t drainOnce();

    EventReader m_reader;
    MetricsAccumulator m_metrics;   ///< owned by the collector thread until finish()
    RecordingWriter* m_recording;   ///< likewise
    std::vector<Event> m_batch;
    uint64_t m_collected = 0;
    std::atomic<bool> m_done{false};
    std::atomic<bool> m_failed{false};
    std::thread m_thread;
};

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// The probe's session in the job's main process: the segment it announces, the collector thread
// that drains every ring (so a slow or dead viewer never blocks a writer), and the run's outputs.
#pragma once

#include "recorder.h"

#include "loaderscope/events.h"

#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace lsprobe {

/**
 * Drains every event ring of a segment on its own thread (not a Python thread: it never takes the
 * GIL). Events go into fixed-size chunks so a long run never copies what it already holds.
 */
class Collector
{
public:
    explicit Collector(const ls::Segment& seg);
    ~Collector();
    /// Stops the thread, drains once more and hands over every event in one vector.
    std::vector<ls::Event> finish(uint64_t* lost);

private:
    void drainOnce();

    ls::EventReader m_reader;
    std::vector<std::vector<ls::Event>> m_chunks;
    std::atomic<bool> m_done{false};
    std::thread m_thread;
};

struct SessionSpec
{
    uint32_t lanes = 16;                ///< worker event rings (worker lanes 0..lanes-1)
    uint32_t ring_capacity = 1u << 15;  ///< records per ring (power of two)
    std::string program;                ///< the script, shown in live-segment lists
    int rank = -1;
    int world_size = 0;
    std::string info_json;              ///< stored in the segment's config section
};

class Session
{
public:
    explicit Session(const SessionSpec& spec);
    ~Session();

    std::shared_ptr<SegmentHandle> handle() const { return m_handle; }
    std::string name() const;
    uint64_t clockOrigin() const;
    uint32_t lanes() const;
    void setRank(int rank, int worldSize);
    /// Raises the header's lanes_used to at least n.
    void noteLanesUsed(uint32_t n);
    void setRunState(uint32_t state);

    /// Stops the collector (idempotent) and keeps what it collected.
    void stopCollector();
    const std::vector<ls::Event>& events() const { return m_events; }
    uint64_t eventsLost() const { return m_lost; }
    /// Removes the segment's name from /dev/shm (readers keep their mapping).
    void unlink();

private:
    std::shared_ptr<SegmentHandle> m_handle;
    std::unique_ptr<Collector> m_collector;
    std::vector<ls::Event> m_events;
    uint64_t m_lost = 0;
    pid_t m_pid;
};

} // namespace lsprobe

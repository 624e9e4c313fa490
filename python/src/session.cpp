// SPDX-License-Identifier: MIT
#include "session.h"

#include "loaderscope/shm_layout.h"

#include <unistd.h>

namespace lsprobe {

Collector::Collector(const ls::Segment& seg) : m_reader(seg)
{
    m_thread = std::thread([this] {
        while (!m_done.load(std::memory_order_acquire)) {
            drainOnce();
            // 2 ms: a ring of 32 Ki records absorbs 16 M events/s per writer between drains.
            ls::sleepNs(2'000'000);
        }
    });
}

Collector::~Collector()
{
    if (m_thread.joinable()) {
        m_done.store(true, std::memory_order_release);
        m_thread.join();
    }
}

void Collector::drainOnce()
{
    constexpr size_t kChunk = 1 << 16;
    if (m_chunks.empty() || m_chunks.back().size() >= kChunk) {
        m_chunks.emplace_back();
        m_chunks.back().reserve(kChunk + 4096);
    }
    m_reader.drain(m_chunks.back());
}

std::vector<ls::Event> Collector::finish(uint64_t* lost)
{
    m_done.store(true, std::memory_order_release);
    if (m_thread.joinable())
        m_thread.join();
    drainOnce();
    *lost = m_reader.lost();
    size_t total = 0;
    for (const auto& c : m_chunks)
        total += c.size();
    std::vector<ls::Event> all;
    all.reserve(total);
    for (auto& c : m_chunks) {
        all.insert(all.end(), c.begin(), c.end());
        std::vector<ls::Event>().swap(c);
    }
    return all;
}

Session::Session(const SessionSpec& spec) : m_pid(getpid())
{
    ls::sweepStaleSegments(); // segments of runs whose process is gone (a killed job)
    ls::SegmentSpec s;
    s.num_workers = spec.lanes;
    s.num_slots = 1; // the probe moves no batches through the segment: events only
    s.task_ring_capacity = 8;
    s.event_ring_capacity = spec.ring_capacity;
    s.max_indices = 1;
    s.slot_payload_bytes = 0;
    s.config_json = spec.info_json;
    s.source = ls::SegmentSource::Probe;
    s.program = spec.program;
    s.rank = spec.rank;
    s.world_size = spec.world_size;
    m_handle = std::make_shared<SegmentHandle>(ls::Segment::create(s));
    m_handle->segment().header()->run_state.store(uint32_t(ls::RunState::Running));
    m_collector = std::make_unique<Collector>(m_handle->segment());
}

Session::~Session()
{
    if (getpid() != m_pid) {
        // A forked child holds a copy of this object but not the collector's thread, nor the
        // segment's name: leave both alone.
        (void)m_collector.release();
        return;
    }
    m_collector.reset();
}

std::string Session::name() const
{
    return m_handle->segment().name();
}

uint64_t Session::clockOrigin() const
{
    return m_handle->segment().header()->clock_origin_ns;
}

uint32_t Session::lanes() const
{
    return m_handle->segment().layout().num_workers;
}

void Session::setRank(int rank, int worldSize)
{
    m_handle->segment().header()->rank.store(rank);
    m_handle->segment().header()->world_size.store(worldSize);
}

void Session::noteLanesUsed(uint32_t n)
{
    auto& used = m_handle->segment().header()->lanes_used;
    uint32_t cur = used.load();
    while (cur < n && !used.compare_exchange_weak(cur, n)) {
    }
}

void Session::setRunState(uint32_t state)
{
    m_handle->segment().header()->run_state.store(state);
}

void Session::stopCollector()
{
    if (!m_collector || getpid() != m_pid)
        return;
    std::vector<ls::Event> got = m_collector->finish(&m_lost);
    m_collector.reset();
    m_events = std::move(got);
}

void Session::unlink()
{
    if (getpid() == m_pid)
        m_handle->segment().unlink();
}

} // namespace lsprobe

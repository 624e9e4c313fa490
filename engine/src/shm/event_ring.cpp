// SPDX-License-Identifier: MIT
// The event rings (segment.h): one writer per lane, the collector draining them all.
#include "loaderscope/shm/segment.h"

#include "loaderscope/base/clock.h"

#include <algorithm>
#include <cstring>

namespace loaderscope {

EventWriter::EventWriter(Segment& seg, int lane) : EventWriter(seg, lane, ShmLayout::eventRingIndexForLane(lane)) {}

EventWriter::EventWriter(Segment& seg, int lane, uint32_t ring)
{
    const uint32_t r = std::min(ring, seg.layout().num_event_rings - 1);
    m_hdr = seg.eventRing(r);
    m_records = seg.eventRecords(r);
    m_mask = seg.layout().event_ring_capacity - 1;
    m_pos = m_hdr->head.load(std::memory_order_relaxed); // continue after a previous generation
    m_lane = lane;
}

void EventWriter::span(EventKind kind, uint64_t t0, uint64_t t1, int64_t batch, int64_t arg0,
                       int64_t arg1, int lane)
{
    if (!m_records)
        return;
    const uint64_t pos = m_pos++;
    EventRecord& r = m_records[pos & m_mask];
    r.seq.store(2 * pos + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    r.t0.store(t0, std::memory_order_relaxed);
    r.t1.store(t1, std::memory_order_relaxed);
    const int l = lane == 0x7fff ? m_lane : lane;
    r.meta.store(uint64_t(kind) | (uint64_t(uint16_t(int16_t(l))) << 8), std::memory_order_relaxed);
    r.batch.store(batch, std::memory_order_relaxed);
    r.arg0.store(arg0, std::memory_order_relaxed);
    r.arg1.store(arg1, std::memory_order_relaxed);
    r.seq.store(2 * pos + 2, std::memory_order_release);
    m_hdr->head.store(pos + 1, std::memory_order_release);
}

EventReader::EventReader(const Segment& seg)
    : m_seg(seg), m_pos(seg.layout().num_event_rings, 0)
{
}

size_t EventReader::drain(std::vector<Event>& out)
{
    const size_t before = out.size();
    const uint64_t cap = m_seg.layout().event_ring_capacity;
    for (uint32_t r = 0; r < m_pos.size(); ++r) {
        EventRingHdr* hdr = m_seg.eventRing(r);
        EventRecord* recs = m_seg.eventRecords(r);
        const uint64_t head = hdr->head.load(std::memory_order_acquire);
        uint64_t pos = m_pos[r];
        if (head < pos) { // a writer restarted its ring: resynchronise
            pos = head;
        }
        if (head - pos > cap) {
            m_lost += head - cap - pos;
            pos = head - cap;
        }
        for (; pos < head; ++pos) {
            EventRecord& rec = recs[pos & (cap - 1)];
            const uint64_t s1 = rec.seq.load(std::memory_order_acquire);
            Event e;
            e.t0 = rec.t0.load(std::memory_order_relaxed);
            e.t1 = rec.t1.load(std::memory_order_relaxed);
            const uint64_t meta = rec.meta.load(std::memory_order_relaxed);
            e.batch = rec.batch.load(std::memory_order_relaxed);
            e.arg0 = rec.arg0.load(std::memory_order_relaxed);
            e.arg1 = rec.arg1.load(std::memory_order_relaxed);
            std::atomic_thread_fence(std::memory_order_acquire);
            const uint64_t s2 = rec.seq.load(std::memory_order_relaxed);
            if (s1 != 2 * pos + 2 || s2 != s1) {
                ++m_lost; // torn, or already overwritten by a faster writer
                continue;
            }
            e.kind = EventKind(meta & 0xff);
            e.lane = int16_t(uint16_t(meta >> 8));
            if (e.kind == EventKind::None || e.kind >= EventKind::Count) {
                ++m_lost;
                continue;
            }
            out.push_back(e);
        }
        m_pos[r] = pos;
    }
    return out.size() - before;
}

void EventReader::publishRead() const
{
    for (uint32_t r = 0; r < m_pos.size(); ++r)
        m_seg.eventRing(r)->read.store(m_pos[r], std::memory_order_release);
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// The main process's slot bookkeeping, shared by both loader iterators (main thread only).
#pragma once

#include "loaderscope/loader/loader.h"
#include "loaderscope/shm/segment.h"

#include <cstdint>
#include <vector>

namespace loaderscope {

/** Slot bookkeeping owned by the main process; shared memory only mirrors the state. */
class SlotTable
{
public:
    explicit SlotTable(Segment& seg) : m_seg(seg), m_held(seg.layout().num_slots, false)
    {
        resetAll();
    }
    uint32_t take(int owner, int64_t taskIdx)
    {
        if (m_free.empty())
            throw LoaderError("internal error: no free batch slot (the loop holds too many batches)");
        const uint32_t s = m_free.back();
        m_free.pop_back();
        SlotHdr* h = m_seg.slot(s);
        h->owner_worker = owner;
        h->owner_gen = owner >= 0 ? m_seg.worker(uint32_t(owner))->generation.load() : 0;
        h->task_idx = taskIdx;
        h->message[0] = '\0';
        h->state.store(uint32_t(SlotState::Assigned), std::memory_order_release);
        m_seg.noteSlotsInUse(uint64_t(m_held.size() - m_free.size()) * m_seg.layout().slot_payload_bytes);
        return s;
    }
    void give(uint32_t s)
    {
        if (s >= m_held.size())
            return;
        m_held[s] = false;
        m_seg.slot(s)->state.store(uint32_t(SlotState::Free), std::memory_order_release);
        m_free.push_back(s);
    }
    void markDelivered(uint32_t s)
    {
        m_held[s] = true;
        m_seg.slot(s)->state.store(uint32_t(SlotState::Delivered), std::memory_order_release);
    }
    /// Every slot not held by the training loop becomes free (no worker may write any more).
    void reclaim()
    {
        m_free.clear();
        for (uint32_t s = 0; s < m_held.size(); ++s) {
            if (!m_held[s]) {
                m_seg.slot(s)->state.store(uint32_t(SlotState::Free));
                m_free.push_back(s);
            }
        }
    }
    void resetAll()
    {
        std::fill(m_held.begin(), m_held.end(), false);
        reclaim();
    }

private:
    Segment& m_seg;
    std::vector<bool> m_held;
    std::vector<uint32_t> m_free;
};

inline Batch batchFromSlot(Segment& seg, uint32_t slot, int worker, int64_t taskIdx, uint32_t n,
                    int64_t first, uint64_t checksum, uint64_t sampleBytes)
{
    Batch b;
    b.task_idx = taskIdx;
    b.worker = worker;
    b.slot = slot;
    b.n_samples = n;
    b.first_sample = first;
    b.checksum = checksum;
    b.data = seg.slotData(slot);
    b.bytes = uint64_t(n) * sampleBytes;
    return b;
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// The loader iterator without workers (num_workers == 0, dataloader.py's
// _SingleProcessDataLoaderIter): the main thread fetches each batch itself.
#include "iterators.h"
#include "slot_table.h"

#include "loaderscope/loader/loader.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/loader/dataset.h"
#include "loaderscope/device/device.h"
#include "loaderscope/loader/pin_memory.h"
#include "loaderscope/shm/segment.h"
#include "loaderscope/loader/worker_pool.h"

#include <cstring>
#include <map>
#include <iomanip>
#include <sstream>

namespace loaderscope {

namespace {

class SingleProcessIter final : public DataLoaderIter
{
public:
    SingleProcessIter(const Config& c, Segment& seg, EventWriter& ev, DeviceBackend& device, Generator& global)
        : m_c(c), m_seg(seg), m_ev(ev), m_global(global), m_slots(seg), m_fetcher(c, std::nullopt, &ev),
          m_iterable(c.dataset.kind == DatasetConfig::Kind::Iterable)
    {
        if (c.loader.pin_memory == PinMemory::On)
            m_pool = std::make_unique<PinnedPool>(device, ShmLayout::kConsumerSlots, c.slotPayloadBytes());
        if (!m_iterable) {
            m_sampler = makeSampler(c);
            m_batches = std::make_unique<BatchSampler>(*m_sampler, c.batchSize(), c.loader.drop_last);
        }
    }

    void beginEpoch(int epoch) override
    {
        // A new iterator per epoch: base_seed is drawn (and unused without workers), the
        // sampler restarts, and an iterable's iter(dataset) runs now.
        (void)m_global.next();
        if (m_batches)
            m_batches->begin(epoch, m_global);
        m_fetcher.reset(epoch);
        m_taskIdx = 0;
        m_done = false;
    }

    std::optional<Batch> next() override
    {
        if (m_done)
            return std::nullopt;
        std::vector<int64_t> indices;
        uint32_t count = uint32_t(m_c.batchSize());
        if (m_batches) {
            auto idx = m_batches->next();
            if (!idx) {
                m_done = true;
                return std::nullopt;
            }
            indices = std::move(*idx);
            count = uint32_t(indices.size());
        }
        const int64_t task = m_taskIdx++;
        const uint32_t slot = m_slots.take(-1, task);
        std::copy(indices.begin(), indices.end(), m_seg.slotIndices(slot));
        FetchResult r;
        try {
            r = m_fetcher.fetch(task, m_seg.slotIndices(slot), count, m_seg.slotData(slot));
        } catch (const DatasetError& e) {
            m_slots.give(slot);
            // No ExceptionWrapper without workers: the dataset's exception propagates as it is.
            throw WorkerException(-1, e.type() + ": " + e.what());
        }
        if (r.kind == FetchResult::StopIteration) {
            m_slots.give(slot);
            m_done = true;
            return std::nullopt;
        }
        Batch b = batchFromSlot(m_seg, slot, -1, task, r.n_samples, r.first_sample, r.checksum,
                                uint64_t(m_c.dataset.sample_bytes));
        if (m_pool) {
            // Without workers DataLoader pins synchronously, on the thread that called next().
            b.staging = m_pool->take(3600'000'000'000'000ULL); // never waits: the loop holds few batches
            const uint64_t t0 = nowNs();
            std::memcpy(m_pool->data(b.staging), b.data, b.bytes);
            m_ev.span(EventKind::PinCopy, t0, nowNs(), batchKey(m_fetcher.epoch(), task), int64_t(b.bytes), -1);
            m_slots.give(slot);
            b.data = m_pool->data(b.staging);
            b.pinned = true;
        } else {
            m_slots.markDelivered(slot);
        }
        return b;
    }

    void release(const Batch& b) override
    {
        if (b.staging >= 0)
            m_pool->give(b.staging);
        else
            m_slots.give(b.slot);
    }
    void endEpoch() override {}
    void shutdown() override {}
    QueueCounts counts() const override
    {
        QueueCounts q;
        q.pinned_in_use = m_pool ? m_pool->inUse() : 0;
        return q;
    }
    std::vector<pid_t> workerPids() const override { return {}; }

private:
    const Config& m_c;
    Segment& m_seg;
    EventWriter& m_ev;
    Generator& m_global;
    SlotTable m_slots;
    std::unique_ptr<PinnedPool> m_pool;
    Fetcher m_fetcher;
    bool m_iterable;
    std::unique_ptr<Sampler> m_sampler;
    std::unique_ptr<BatchSampler> m_batches;
    int64_t m_taskIdx = 0;
    bool m_done = false;
};

} // namespace

std::unique_ptr<DataLoaderIter> makeSingleProcessIter(const Config& config, Segment& segment, EventWriter& mainEvents,
                                                      DeviceBackend& device, Generator& global)
{
    return std::make_unique<SingleProcessIter>(config, segment, mainEvents, device, global);
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
#include "loaderscope/loader/pin_memory.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/device/device.h"
#include "loaderscope/shm/memory.h"
#include "loaderscope/shm/segment.h"

#include <cstring>
#include <pthread.h>
#include <stdexcept>

namespace loaderscope {

PinnedPool::PinnedPool(DeviceBackend& device, uint32_t count, uint64_t bytes) : m_device(device), m_bytes(bytes)
{
    for (uint32_t i = 0; i < count; ++i) {
        uint8_t* p = device.allocPinned(bytes);
        if (!p) {
            for (uint8_t* b : m_buffers)
                device.freePinned(b);
            pinnedAccounting().held.fetch_sub(m_buffers.size() * bytes, std::memory_order_relaxed);
            throw std::runtime_error("cannot allocate " + std::to_string(bytes >> 10) +
                                     " KiB of pinned memory for pin_memory staging");
        }
        m_buffers.push_back(p);
        m_free.push_back(int(i));
        pinnedAccounting().held.fetch_add(bytes, std::memory_order_relaxed);
    }
}

PinnedPool::~PinnedPool()
{
    for (uint8_t* p : m_buffers)
        m_device.freePinned(p);
    pinnedAccounting().held.fetch_sub(m_buffers.size() * m_bytes, std::memory_order_relaxed);
    pinnedAccounting().in_use.fetch_sub(uint64_t(m_inUse.load()) * m_bytes, std::memory_order_relaxed);
}

int PinnedPool::take(uint64_t timeoutNs)
{
    std::unique_lock lock(m_mutex);
    if (!m_cv.wait_for(lock, std::chrono::nanoseconds(timeoutNs), [this] { return !m_free.empty(); }))
        return -1;
    const int i = m_free.back();
    m_free.pop_back();
    m_inUse.fetch_add(1, std::memory_order_relaxed);
    PinnedAccounting& pinned = pinnedAccounting();
    raisePeak(pinned.in_use_peak, pinned.in_use.fetch_add(m_bytes, std::memory_order_relaxed) + m_bytes);
    return i;
}

void PinnedPool::give(int index)
{
    {
        std::lock_guard lock(m_mutex);
        m_free.push_back(index);
        m_inUse.fetch_sub(1, std::memory_order_relaxed);
        pinnedAccounting().in_use.fetch_sub(m_bytes, std::memory_order_relaxed);
    }
    m_cv.notify_one();
}

PinMemoryThread::PinMemoryThread(Segment& segment, PinnedPool& pool, uint64_t sampleBytes, int numWorkers)
    : m_segment(segment), m_pool(pool), m_sampleBytes(sampleBytes), m_numWorkers(numWorkers)
{
    m_thread = std::thread([this] { run(); });
}

PinMemoryThread::~PinMemoryThread()
{
    stop();
}

void PinMemoryThread::stop()
{
    m_done.store(true);
    m_segment.header()->main_wake.notify();
    if (m_thread.joinable())
        m_thread.join();
}

size_t PinMemoryThread::queued() const
{
    std::lock_guard lock(m_mutex);
    return m_queue.size();
}

std::optional<Received> PinMemoryThread::pop(uint64_t timeoutNs)
{
    std::unique_lock lock(m_mutex);
    if (!m_cv.wait_for(lock, std::chrono::nanoseconds(timeoutNs), [this] { return !m_queue.empty(); }))
        return std::nullopt;
    Received r = m_queue.front();
    m_queue.pop_front();
    return r;
}

void PinMemoryThread::run()
{
    pthread_setname_np(pthread_self(), "pt_data_pin");
    EventWriter events(m_segment, LanePin); // the pin thread is its ring's only writer
    int rr = 0;
    SegmentHeader* h = m_segment.header();
    while (!m_done.load()) {
        const uint32_t seen = h->main_wake.seq.load();
        std::optional<Received> got;
        for (int i = 0; i < m_numWorkers && !got; ++i) {
            const int w = (rr + i) % m_numWorkers;
            if (auto d = popDone(m_segment, uint32_t(w))) {
                got = Received{w, *d, -1};
                rr = (w + 1) % m_numWorkers;
            }
        }
        if (!got) {
            h->main_wake.wait(seen, 5'000'000ULL);
            continue;
        }
        // Bounds first: slot and sample count come from shared memory. A bad one is passed on
        // unpinned, and the main thread's own check reports it.
        const bool sane = got->done.slot < m_segment.layout().num_slots &&
                          got->done.n_samples <= m_segment.layout().max_indices;
        if (got->done.kind == Done::Batch && sane) {
            int staging = -1;
            while (staging < 0 && !m_done.load())
                staging = m_pool.take(5'000'000ULL);
            if (staging < 0)
                break;
            const uint64_t bytes = uint64_t(got->done.n_samples) * m_sampleBytes;
            const uint64_t t0 = nowNs();
            std::memcpy(m_pool.data(staging), m_segment.slotData(got->done.slot), bytes);
            events.span(EventKind::PinCopy, t0, nowNs(), batchKey(int(got->done.epoch), got->done.task_idx),
                        int64_t(bytes), got->worker);
            got->staging = staging;
        }
        {
            std::lock_guard lock(m_mutex);
            m_queue.push_back(*got);
        }
        m_cv.notify_one();
    }
}

} // namespace loaderscope

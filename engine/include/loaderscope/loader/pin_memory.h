// SPDX-License-Identifier: MIT
// pin_memory: staging buffers in page-locked memory and DataLoader's pin-memory thread.
#pragma once

#include "loaderscope/shm/shm_layout.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace loaderscope {

class DeviceBackend;
class Segment;
class EventWriter;

/** Page-locked staging buffers (cudaHostAlloc, or the simulator's stand-in). Thread-safe. */
class PinnedPool
{
public:
    PinnedPool(DeviceBackend& device, uint32_t count, uint64_t bytes);
    ~PinnedPool();
    /// A free buffer, waiting up to timeoutNs; -1 on timeout.
    int take(uint64_t timeoutNs);
    void give(int index);
    uint8_t* data(int index) const { return m_buffers[size_t(index)]; }
    int inUse() const { return m_inUse.load(std::memory_order_relaxed); }

private:
    DeviceBackend& m_device;
    uint64_t m_bytes;                 ///< of each buffer (counted in pinnedAccounting())
    std::vector<uint8_t*> m_buffers;
    std::vector<int> m_free;
    std::atomic<int> m_inUse{0};
    std::mutex m_mutex;
    std::condition_variable m_cv;
};

/** A result from a worker, possibly already copied into a pinned staging buffer. */
struct Received
{
    int worker = -1;
    Done done;
    int staging = -1; ///< pinned buffer holding the batch, or -1
};

/**
 * The pin-memory thread (`pt_data_pin`): takes every worker result off the done rings (the result
 * queue), copies batches into pinned staging buffers, and hands everything to the main thread in
 * arrival order; exceptions, end markers and resume acknowledgements pass through unchanged.
 */
class PinMemoryThread
{
public:
    PinMemoryThread(Segment& segment, PinnedPool& pool, uint64_t sampleBytes, int numWorkers);
    ~PinMemoryThread();
    /// Main thread: the next result, waiting up to timeoutNs.
    std::optional<Received> pop(uint64_t timeoutNs);
    size_t queued() const;
    /// Stops and joins the thread (shutdown order: the pin thread goes first).
    void stop();

private:
    void run();

    Segment& m_segment;
    PinnedPool& m_pool;
    uint64_t m_sampleBytes;
    int m_numWorkers;
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<Received> m_queue;
    std::atomic<bool> m_done{false};
    std::thread m_thread;
};

} // namespace loaderscope

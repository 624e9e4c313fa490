// SPDX-License-Identifier: MIT
// The per-worker index queue and result queue in the segment (segment.h).
#include "loaderscope/shm/segment.h"

#include <atomic>
#include <cstdint>
#include <optional>

namespace loaderscope {

namespace {

/**
 * One single-producer single-consumer ring in the segment (DataLoader's index queue or result
 * queue of one worker): `head` is written only by the producer, `tail` only by the consumer, both
 * only grow, and `capacity` is a power of two. The producer publishes an element with release on
 * `head`; the consumer frees its place with release on `tail`.
 */
template <typename T>
struct SpscRing
{
    T* elements;
    uint64_t capacity;
    std::atomic<uint64_t>& head;
    std::atomic<uint64_t>& tail;

    /// Producer. False when full.
    bool push(const T& value)
    {
        const uint64_t h = head.load(std::memory_order_relaxed);
        if (h - tail.load(std::memory_order_acquire) >= capacity)
            return false;
        elements[h & (capacity - 1)] = value;
        head.store(h + 1, std::memory_order_release);
        return true;
    }

    /// Consumer. Empty when nothing was pushed since the last pop.
    std::optional<T> pop()
    {
        const uint64_t t = tail.load(std::memory_order_relaxed);
        if (head.load(std::memory_order_acquire) == t)
            return std::nullopt;
        const T value = elements[t & (capacity - 1)];
        tail.store(t + 1, std::memory_order_release);
        return value;
    }
};

/// Worker w's index queue: main pushes tasks, the worker pops them.
SpscRing<Task> indexQueue(Segment& seg, uint32_t w)
{
    WorkerCtl* c = seg.worker(w);
    return {seg.indexRing(w), seg.layout().task_ring_capacity, c->index_head, c->index_tail};
}

/// Worker w's result queue: the worker pushes what it did, main pops it.
SpscRing<Done> resultQueue(Segment& seg, uint32_t w)
{
    WorkerCtl* c = seg.worker(w);
    return {seg.doneRing(w), seg.layout().task_ring_capacity, c->done_head, c->done_tail};
}

} // namespace

bool pushTask(Segment& seg, uint32_t w, const Task& task)
{
    if (!indexQueue(seg, w).push(task))
        return false;
    seg.worker(w)->task_wake.notify();
    return true;
}

bool taskQueued(Segment& seg, uint32_t w)
{
    const WorkerCtl* c = seg.worker(w);
    return c->index_head.load(std::memory_order_acquire) != c->index_tail.load(std::memory_order_relaxed);
}

std::optional<Task> popTask(Segment& seg, uint32_t w)
{
    return indexQueue(seg, w).pop();
}

bool pushDone(Segment& seg, uint32_t w, const Done& done)
{
    if (!resultQueue(seg, w).push(done))
        return false;
    seg.header()->main_wake.notify();
    return true;
}

std::optional<Done> popDone(Segment& seg, uint32_t w)
{
    return resultQueue(seg, w).pop();
}

void resetRings(Segment& seg, uint32_t w)
{
    // Only called while no worker process for w exists, so main may write the worker's words.
    WorkerCtl* c = seg.worker(w);
    c->index_tail.store(c->index_head.load());
    c->done_tail.store(c->done_head.load());
    c->current_task.store(-1);
}

} // namespace loaderscope

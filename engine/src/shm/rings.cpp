// SPDX-License-Identifier: MIT
// The per-worker index queue and result queue in the segment (segment.h).
#include "loaderscope/segment.h"

#include <optional>

namespace loaderscope {

bool pushTask(Segment& seg, uint32_t w, const Task& task)
{
    WorkerCtl* c = seg.worker(w);
    const uint64_t cap = seg.layout().task_ring_capacity;
    const uint64_t head = c->index_head.load(std::memory_order_relaxed);
    if (head - c->index_tail.load(std::memory_order_acquire) >= cap)
        return false;
    seg.indexRing(w)[head & (cap - 1)] = task;
    c->index_head.store(head + 1, std::memory_order_release);
    c->task_wake.notify();
    return true;
}

std::optional<Task> popTask(Segment& seg, uint32_t w)
{
    WorkerCtl* c = seg.worker(w);
    const uint64_t cap = seg.layout().task_ring_capacity;
    const uint64_t tail = c->index_tail.load(std::memory_order_relaxed);
    if (c->index_head.load(std::memory_order_acquire) == tail)
        return std::nullopt;
    const Task t = seg.indexRing(w)[tail & (cap - 1)];
    c->index_tail.store(tail + 1, std::memory_order_release);
    return t;
}

bool pushDone(Segment& seg, uint32_t w, const Done& done)
{
    WorkerCtl* c = seg.worker(w);
    const uint64_t cap = seg.layout().task_ring_capacity;
    const uint64_t head = c->done_head.load(std::memory_order_relaxed);
    if (head - c->done_tail.load(std::memory_order_acquire) >= cap)
        return false;
    seg.doneRing(w)[head & (cap - 1)] = done;
    c->done_head.store(head + 1, std::memory_order_release);
    seg.header()->main_wake.notify();
    return true;
}

std::optional<Done> popDone(Segment& seg, uint32_t w)
{
    WorkerCtl* c = seg.worker(w);
    const uint64_t cap = seg.layout().task_ring_capacity;
    const uint64_t tail = c->done_tail.load(std::memory_order_relaxed);
    if (c->done_head.load(std::memory_order_acquire) == tail)
        return std::nullopt;
    const Done d = seg.doneRing(w)[tail & (cap - 1)];
    c->done_tail.store(tail + 1, std::memory_order_release);
    return d;
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

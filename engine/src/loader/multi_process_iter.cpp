// SPDX-License-Identifier: MIT
// The loader iterator with worker processes (dataloader.py's _MultiProcessingDataLoaderIter).
// Variable names follow dataloader.py (send_idx, rcvd_idx, task_info, tasks_outstanding,
// workers_status, workers_num_tasks) so the two can be read side by side. Everything here runs
// on the engine's main thread.
#include "iterators.h"
#include "slot_table.h"

#include "loaderscope/loader/loader.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/loader/dataset.h"
#include "loaderscope/loader/handover.h"
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

class MultiProcessIter final : public DataLoaderIter
{
public:
    MultiProcessIter(const Config& c, Segment& seg, Zygote* zygote, EventWriter& ev, DeviceBackend& device,
                     Generator& global, const std::atomic<int>& stop)
        : m_c(c), m_seg(seg), m_ev(ev), m_global(global), m_stop(stop), m_pool(c, seg, zygote, ev),
          m_slots(seg), m_iterable(c.dataset.kind == DatasetConfig::Kind::Iterable),
          m_numWorkers(c.loader.num_workers), m_prefetch(c.loader.prefetch_factor),
          m_status(size_t(m_numWorkers), false), m_numTasks(size_t(m_numWorkers), 0),
          m_stopSent(size_t(m_numWorkers), false), m_handOvers(c.loader)
    {
        if (!m_iterable) {
            m_sampler = makeSampler(c);
            m_batches = std::make_unique<BatchSampler>(*m_sampler, c.batchSize(), c.loader.drop_last);
        }
        if (c.loader.pin_memory == PinMemory::On)
            m_pinned = std::make_unique<PinnedPool>(device, seg.layout().num_slots, c.slotPayloadBytes());
    }

    ~MultiProcessIter() override
    {
        try {
            shutdownWorkers();
        } catch (...) {
        }
    }

    void beginEpoch(int epoch) override
    {
        m_epoch = epoch;
        m_seg.header()->epoch.store(uint32_t(epoch));
        const bool firstIter = !m_c.loader.persistent_workers || !m_started;
        if (firstIter) {
            // A new _MultiProcessingDataLoaderIter: base_seed, sampler, workers started one after
            // another from the main thread, then priming.
            m_baseSeed = m_global.next();
            if (m_batches)
                m_batches->begin(epoch, m_global);
            m_slots.resetAll();
            const uint64_t t0 = nowNs(), cpu0 = threadCpuNs();
            std::fill(m_stopSent.begin(), m_stopSent.end(), false);
            m_shutdown = false;
            for (int w = 0; w < m_numWorkers; ++w) {
                // Process.start() of a large interpreter: the main thread's CPU per worker.
                if (m_c.loader.worker_start_cpu_us > 0)
                    (void)burnCpuNs(uint64_t(m_c.loader.worker_start_cpu_us * 1000.0), uint64_t(w) + 1);
                m_pool.start(w, m_baseSeed);
            }
            if (m_pinned) // the pin thread starts with the iterator, after the workers
                m_pinThread = std::make_unique<PinMemoryThread>(m_seg, *m_pinned,
                                                                uint64_t(m_c.dataset.sample_bytes), m_numWorkers);
            m_ev.span(EventKind::StartWorkers, t0, nowNs(), -1, m_numWorkers, int64_t(threadCpuNs() - cpu0));
            m_started = true;
        } else if (m_batches) {
            m_batches->begin(epoch, m_global); // _reset: iter(index_sampler) again
        }
        reset(firstIter);
    }

    std::optional<Batch> next() override
    {
        for (;;) {
            // Skip the slots of workers that ended their iterable and will never answer.
            while (m_rcvdIdx < m_sendIdx) {
                auto it = m_taskInfo.find(m_rcvdIdx);
                if (it != m_taskInfo.end()) {
                    if (it->second.hasData || m_status[size_t(it->second.worker)])
                        break;
                    freeTaskSlot(it->second);
                    m_taskInfo.erase(it);
                }
                ++m_rcvdIdx;
            }
            if (m_rcvdIdx >= m_sendIdx) {
                if (!m_c.loader.persistent_workers)
                    shutdownWorkers();
                return std::nullopt;
            }
            auto head = m_taskInfo.find(m_rcvdIdx);
            if (head != m_taskInfo.end() && head->second.hasData) {
                const TaskInfo info = head->second;
                m_taskInfo.erase(head);
                ++m_rcvdIdx;
                return processData(info.data, info.worker);
            }
            if (m_shutdown || m_outstanding <= 0)
                throw LoaderError("internal error: waiting for a batch with no task outstanding");
            // Later batches already waiting in the reorder buffer while the head one is not:
            // head-of-line blocking, recorded so its cost can be measured (and seen).
            int64_t laterReady = 0;
            for (const auto& [idx, info] : m_taskInfo)
                laterReady += info.hasData ? 1 : 0;
            const uint64_t waitStart = laterReady > 0 ? nowNs() : 0;
            const Received got = getData();
            if (laterReady > 0)
                m_ev.span(EventKind::HeadOfLine, waitStart, nowNs(), batchKey(m_epoch, m_rcvdIdx), laterReady);
            const int w = got.worker;
            const Done& data = got.done;
            checkDone(w, data);
            --m_outstanding;
            // _get_data unpickles what it received, fetching a batch's descriptors from its worker
            // before anything else (the next index included) goes out. With a pin-memory thread
            // that thread receives, and the job's waits are its own: not modelled.
            if (data.kind == Done::Batch && !m_pinThread)
                m_handOvers.receive(m_seg.worker(uint32_t(w)));
            if (data.kind == Done::StopIteration) {
                // _IterableDatasetStopIteration: the worker's stream is over.
                if (auto it = m_taskInfo.find(data.task_idx); it != m_taskInfo.end())
                    freeTaskSlot(it->second);
                if (m_c.loader.persistent_workers)
                    m_status[size_t(w)] = false;
                else
                    markWorkerUnavailable(w);
                tryPutIndex();
                continue;
            }
            const int64_t idx = data.task_idx;
            auto it = m_taskInfo.find(idx);
            if (it == m_taskInfo.end())
                throw LoaderError("internal error: result for unknown task " + std::to_string(idx));
            if (idx != m_rcvdIdx) {
                if (!m_c.loader.in_order) {
                    const int worker = it->second.worker;
                    m_taskInfo.erase(it);
                    return processData(got, worker);
                }
                it->second.hasData = true; // the reorder buffer
                it->second.data = got;
                continue;
            }
            const int worker = it->second.worker;
            m_taskInfo.erase(it);
            ++m_rcvdIdx;
            return processData(got, worker);
        }
    }

    void release(const Batch& b) override
    {
        if (b.staging >= 0)
            m_pinned->give(b.staging);
        else
            m_slots.give(b.slot);
    }

    void endEpoch() override
    {
        if (!m_c.loader.persistent_workers)
            shutdownWorkers();
    }

    void shutdown() override { shutdownWorkers(); }

    QueueCounts counts() const override
    {
        QueueCounts q;
        q.outstanding = m_outstanding;
        for (const auto& [idx, info] : m_taskInfo)
            q.ready += info.hasData ? 1 : 0;
        for (int w = 0; w < m_numWorkers; ++w) {
            const WorkerCtl* c = m_seg.worker(uint32_t(w));
            q.ready += int64_t(c->done_head.load(std::memory_order_acquire) -
                               c->done_tail.load(std::memory_order_acquire));
        }
        if (m_pinThread)
            q.ready += int64_t(m_pinThread->queued());
        q.pinned_in_use = m_pinned ? m_pinned->inUse() : 0;
        return q;
    }

    std::vector<pid_t> workerPids() const override { return m_pool.pids(); }

    BatchHandOvers::Taken takeHandOvers() override { return m_handOvers.take(); }

    std::vector<std::string> stalls() const override
    {
        std::vector<std::string> out;
        for (const auto& [key, s] : m_stalls) {
            std::ostringstream os;
            os << "worker " << s.worker << " (pid " << s.pid << ") did not finish task " << batchKeyTask(key)
               << (batchKeyEpoch(key) > 0 ? " of epoch " + std::to_string(batchKeyEpoch(key)) : std::string()) << " for "
               << std::fixed << std::setprecision(1) << double(s.longestNs) * 1e-9 << " s"
               << (s.finished ? " (it finished later)" : "");
            out.push_back(os.str());
        }
        return out;
    }

private:
    struct Stall
    {
        int worker = -1;
        pid_t pid = 0;
        uint64_t longestNs = 0;
        uint64_t lastReport = 0;
        bool finished = false;
    };

    /// A worker busy with one task for kStallNs or more: an event on its lane (the app marks it
    /// live), again every kStallNs while it lasts, and a line in the summary. Main thread.
    void checkStalls()
    {
        const uint64_t now = nowNs();
        for (int w = 0; w < m_numWorkers; ++w) {
            const WorkerCtl* c = m_seg.worker(uint32_t(w));
            const int64_t task = c->current_task.load(std::memory_order_relaxed);
            const uint64_t since = c->task_started_ns.load(std::memory_order_relaxed);
            if (!m_pool.running(w) || task < 0 || c->state.load() != uint32_t(WorkerState::Busy) || since == 0 || since > now)
                continue;
            const uint64_t busy = now - since;
            if (busy < kStallNs)
                continue;
            const int64_t key = batchKey(m_epoch, task);
            Stall& s = m_stalls[key];
            s.worker = w;
            s.pid = m_pool.pid(w);
            s.longestNs = std::max(s.longestNs, busy);
            if (now - s.lastReport >= kStallNs) {
                s.lastReport = now;
                m_ev.instant(EventKind::WorkerStalled, now, key, s.pid, int64_t(busy / 1'000'000), w);
            }
        }
        for (auto& [key, s] : m_stalls) {
            const WorkerCtl* c = m_seg.worker(uint32_t(s.worker));
            if (!s.finished && batchKey(m_epoch, c->current_task.load()) != key)
                s.finished = true;
        }
    }

    struct TaskInfo
    {
        int worker = -1;
        uint32_t slot = UINT32_MAX;
        bool hasData = false;
        Received data;
    };

    /**
     * A worker's result comes from shared memory, which a broken or hostile process could have
     * written anything into: never index with it before checking it against main's own records.
     */
    void checkDone(int w, const Done& d)
    {
        if (d.kind == Done::ResumeAck)
            return;
        auto it = m_taskInfo.find(d.task_idx);
        const bool known = it != m_taskInfo.end() && it->second.worker == w;
        const bool slotOk = d.kind == Done::StopIteration || (known && d.slot == it->second.slot);
        if (!known || !slotOk || d.n_samples > m_seg.layout().max_indices ||
            (d.kind != Done::Batch && d.kind != Done::Exception && d.kind != Done::StopIteration))
            throw LoaderError("worker " + std::to_string(w) + " returned a result that does not match any task it was "
                              "given (task " + std::to_string(d.task_idx) + ", slot " + std::to_string(d.slot) +
                              "): shared memory is corrupt");
    }

    void freeTaskSlot(TaskInfo& info)
    {
        if (info.slot != UINT32_MAX) {
            m_slots.give(info.slot);
            info.slot = UINT32_MAX;
        }
        if (info.hasData && info.data.staging >= 0) {
            m_pinned->give(info.data.staging);
            info.data.staging = -1;
        }
    }

    void reset(bool firstIter)
    {
        // Slots of an abandoned epoch: buffered results, and tasks that ended workers will skip.
        for (auto& [idx, info] : m_taskInfo) {
            if (info.hasData || !m_status[size_t(info.worker)])
                freeTaskSlot(info);
        }
        std::map<int64_t, TaskInfo> pending;
        pending.swap(m_taskInfo);
        m_sendIdx = 0;
        m_rcvdIdx = 0;
        m_outstanding = 0;
        std::fill(m_status.begin(), m_status.end(), true);
        std::fill(m_numTasks.begin(), m_numTasks.end(), 0);
        m_cycle = 0;
        if (!firstIter) {
            // Resume handshake: everything received before the N acknowledgements is stale.
            for (int w = 0; w < m_numWorkers; ++w) {
                Task t;
                t.kind = Task::Resume;
                t.epoch = uint32_t(m_epoch);
                push(w, t);
            }
            int acks = 0;
            while (acks < m_numWorkers) {
                const Received got = getData();
                if (got.done.kind == Done::ResumeAck) {
                    ++acks;
                    continue;
                }
                if (got.staging >= 0)
                    m_pinned->give(got.staging);
                if (auto it = pending.find(got.done.task_idx); it != pending.end())
                    freeTaskSlot(it->second);
            }
            for (auto& [idx, info] : pending)
                freeTaskSlot(info); // skipped silently by workers whose stream had ended
        }
        for (int i = 0; i < m_prefetch * m_numWorkers; ++i)
            tryPutIndex();
    }

    void push(int w, const Task& t)
    {
        if (!pushTask(m_seg, uint32_t(w), t))
            throw LoaderError("internal error: index queue of worker " + std::to_string(w) + " is full");
    }

    void tryPutIndex()
    {
        const int maxTasks = m_prefetch * m_numWorkers;
        if (m_outstanding >= maxTasks)
            throw LoaderError("internal error: more tasks outstanding than prefetch_factor * num_workers");
        std::vector<int64_t> indices;
        uint32_t count = uint32_t(m_c.batchSize());
        if (m_batches) {
            auto idx = m_batches->next();
            if (!idx)
                return; // sampler exhausted
            indices = std::move(*idx);
            count = uint32_t(indices.size());
        }
        int active = 0;
        for (bool s : m_status)
            active += s ? 1 : 0;
        int worker = -1;
        for (int i = 0; i < m_numWorkers; ++i) {
            const int w = m_cycle;
            m_cycle = (m_cycle + 1) % m_numWorkers;
            if (!m_status[size_t(w)])
                continue;
            if (m_c.loader.in_order || m_numTasks[size_t(w)] < maxTasks / active) {
                worker = w;
                break;
            }
        }
        if (worker < 0)
            return; // no active worker: the index just taken is dropped, as in DataLoader
        const uint32_t slot = m_slots.take(worker, m_sendIdx);
        std::copy(indices.begin(), indices.end(), m_seg.slotIndices(slot));
        Task t;
        t.kind = Task::Batch;
        t.slot = slot;
        t.task_idx = m_sendIdx;
        t.n_indices = count;
        t.epoch = uint32_t(m_epoch);
        push(worker, t);
        TaskInfo info;
        info.worker = worker;
        info.slot = slot;
        m_taskInfo[m_sendIdx] = info;
        ++m_numTasks[size_t(worker)];
        ++m_outstanding;
        ++m_sendIdx;
    }

    Batch processData(const Received& got, int worker)
    {
        const Done& data = got.done;
        --m_numTasks[size_t(worker)];
        tryPutIndex(); // refill first, so the iterator stays usable after a re-raise
        if (data.kind == Done::Exception) {
            SlotHdr* h = m_seg.slot(data.slot);
            std::string message(h->message, strnlen(h->message, sizeof h->message));
            m_slots.give(data.slot);
            throw WorkerException(worker, message);
        }
        Batch b = batchFromSlot(m_seg, data.slot, worker, data.task_idx, data.n_samples,
                                data.first_sample, data.checksum, uint64_t(m_c.dataset.sample_bytes));
        if (got.staging >= 0) {
            // The pin thread copied it: the batch lives in pinned memory, its slot is free again.
            m_slots.give(data.slot);
            b.data = m_pinned->data(got.staging);
            b.staging = got.staging;
            b.pinned = true;
        } else {
            m_slots.markDelivered(data.slot);
            b.pinned = m_c.loader.pin_memory == PinMemory::Shared; // the slots themselves are pinned
        }
        return b;
    }

    void markWorkerUnavailable(int w)
    {
        // Non-persistent: the worker gets its final None and exits; it is joined at shutdown.
        Task t;
        t.kind = Task::Stop;
        push(w, t);
        m_stopSent[size_t(w)] = true;
        m_status[size_t(w)] = false;
    }

    void checkDeaths()
    {
        m_lastDeathCheck = nowNs();
        for (const WorkerExitInfo& info : m_pool.reap()) {
            const bool clean = !info.signaled && info.code == 0 && m_stopSent[size_t(info.worker)];
            if (clean)
                continue;
            m_ev.instant(EventKind::Error, nowNs(), -1, info.worker, info.pid, info.worker); // on its lane
            m_urgent = true;
            throw WorkerDied("DataLoader worker (pid(s) " + std::to_string(info.pid) + ") exited unexpectedly: " +
                                 info.describe(),
                             info.worker, info.pid, info.signaled ? info.code : 0);
        }
    }

    /// DataLoader's _get_data: the next result from the result queue (the done rings, or the pin
    /// thread's queue), with the dead-worker scan and `timeout`.
    Received getData()
    {
        const uint64_t start = nowNs();
        const double timeout = m_c.loader.timeout_s;
        SegmentHeader* h = m_seg.header();
        for (int spins = 0;; ++spins) {
            const uint32_t seen = h->main_wake.seq.load(std::memory_order_seq_cst);
            if (m_pinThread) {
                if (auto r = m_pinThread->pop(spins < 64 ? 0 : 20'000'000ULL)) {
                    if (nowNs() - m_lastDeathCheck > 20'000'000ULL)
                        checkDeaths();
                    return *r;
                }
            } else {
                for (int i = 0; i < m_numWorkers; ++i) {
                    const int w = (m_rr + i) % m_numWorkers;
                    if (auto d = popDone(m_seg, uint32_t(w))) {
                        m_rr = (w + 1) % m_numWorkers;
                        if (nowNs() - m_lastDeathCheck > 20'000'000ULL)
                            checkDeaths();
                        return Received{w, *d, -1};
                    }
                }
            }
            if (spins < 64) {
                for (int k = 0; k < 16; ++k)
                    __builtin_ia32_pause();
                continue;
            }
            checkDeaths();
            checkStalls();
            if (const int sig = m_stop.load()) {
                m_urgent = true;
                throw Interrupted(sig);
            }
            const uint64_t now = nowNs();
            uint64_t slice = 20'000'000ULL; // re-check liveness every 20 ms
            if (timeout > 0) {
                const uint64_t limit = uint64_t(timeout * 1e9);
                if (now - start >= limit) {
                    std::ostringstream os;
                    os << "DataLoader timed out after " << timeout << " seconds";
                    // Beyond PyTorch's message: which worker holds the batch the loop waits for.
                    int culprit = -1;
                    if (auto it = m_taskInfo.find(m_rcvdIdx); it != m_taskInfo.end() && !it->second.hasData) {
                        culprit = it->second.worker;
                        const WorkerCtl* c = m_seg.worker(uint32_t(culprit));
                        const uint64_t since = c->task_started_ns.load();
                        os << " (waiting for batch " << m_rcvdIdx << " from worker " << culprit << ", pid "
                           << m_pool.pid(culprit);
                        if (c->current_task.load() == m_rcvdIdx && since > 0 && since <= now)
                            os << ", which has been on it for " << std::fixed << std::setprecision(1)
                               << double(now - since) * 1e-9 << " s";
                        os << ")";
                    }
                    m_ev.instant(EventKind::Error, now, -1, culprit, 0, culprit >= 0 ? culprit : int(LaneMain));
                    m_urgent = true;
                    throw LoaderError(os.str());
                }
                slice = std::min(slice, limit - (now - start));
            }
            if (!m_pinThread)
                h->main_wake.wait(seen, slice);
        }
    }

    void shutdownWorkers()
    {
        if (m_shutdown)
            return;
        m_shutdown = true;
        const uint64_t t0 = nowNs();
        if (m_pinThread) {
            // The pin thread goes first; what it had queued goes back to the pools.
            m_pinThread->stop();
            while (auto r = m_pinThread->pop(0)) {
                if (r->staging >= 0)
                    m_pinned->give(r->staging);
            }
            m_pinThread.reset();
        }
        for (auto& [idx, info] : m_taskInfo)
            freeTaskSlot(info);
        for (int w = 0; w < m_numWorkers; ++w) {
            if (m_pool.running(w) && !m_stopSent[size_t(w)]) {
                Task t;
                t.kind = Task::Stop;
                if (pushTask(m_seg, uint32_t(w), t))
                    m_stopSent[size_t(w)] = true;
            }
        }
        // After an error or a stop request nobody waits for a clean goodbye: 0.5 s, then signals.
        m_pool.stopAll(m_urgent || m_stop.load() ? 500'000'000ULL : 5'000'000'000ULL);
        m_taskInfo.clear();
        m_outstanding = 0;
        m_slots.reclaim();
        m_ev.span(EventKind::Shutdown, t0, nowNs(), -1, m_numWorkers);
    }

    const Config& m_c;
    Segment& m_seg;
    EventWriter& m_ev;
    Generator& m_global;
    const std::atomic<int>& m_stop;
    WorkerPool m_pool;
    SlotTable m_slots;
    std::unique_ptr<PinnedPool> m_pinned;         ///< pin_memory true: staging buffers
    std::unique_ptr<PinMemoryThread> m_pinThread; ///< alive while the workers are
    bool m_iterable;
    int m_numWorkers;
    int m_prefetch;
    std::unique_ptr<Sampler> m_sampler;
    std::unique_ptr<BatchSampler> m_batches;

    bool m_started = false;
    bool m_shutdown = true;
    uint64_t m_baseSeed = 0;
    int m_epoch = 0;
    int64_t m_sendIdx = 0;
    int64_t m_rcvdIdx = 0;
    int64_t m_outstanding = 0;
    std::map<int64_t, TaskInfo> m_taskInfo;
    std::vector<bool> m_status;
    std::vector<int> m_numTasks;
    std::vector<bool> m_stopSent;
    int m_cycle = 0;
    int m_rr = 0;
    uint64_t m_lastDeathCheck = 0;
    bool m_urgent = false;                         ///< an error or a stop: shut down without waiting
    std::map<int64_t, Stall> m_stalls;             ///< by batch key
    BatchHandOvers m_handOvers;                    ///< the modelled descriptor hand-overs
};

} // namespace

std::unique_ptr<DataLoaderIter> makeMultiProcessIter(const Config& config, Segment& segment, Zygote* zygote,
                                                     EventWriter& mainEvents, DeviceBackend& device,
                                                     Generator& global, const std::atomic<int>& stopSignal)
{
    return std::make_unique<MultiProcessIter>(config, segment, zygote, mainEvents, device, global, stopSignal);
}

} // namespace loaderscope

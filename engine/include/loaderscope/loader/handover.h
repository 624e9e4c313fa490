// SPDX-License-Identifier: MIT
// The descriptor hand-over: a model of what PyTorch's main process waits for when it unpickles a
// batch that a worker made (docs/config.md, loader.handovers_per_batch).
//
// With the default file_descriptor sharing strategy, each tensor storage of a batch arrives as a
// handle; unpickling it (rebuild_storage_fd) connects to the worker's resource_sharer thread and
// talks with it: accept, multiprocessing's authentication handshake (each side sends a challenge
// and checks the other's HMAC), the request, the descriptor. That thread runs Python, so after each
// message it waits for it needs the worker's GIL again. A worker asleep on I/O or waiting for its
// next task has let the GIL go: each answer comes at once. A worker running the dataset's Python
// holds it: each answer waits sys.getswitchinterval() (5 ms), then the holder is asked to drop it,
// and takes it back as the thread lets it go for its next message. Five messages on a busy worker
// cost the job's loop about 25 ms on a quiet machine. On a loaded one a hand-over can be faster: a
// holder that waits for a core is not there to take the GIL back, so the next message finds it
// free. The main thread waits meanwhile, off the CPU: the job's loop sees it as data stall.
//
// The engine plays the same game with real threads (ModelledGil): each worker process has an
// answering thread, and its fetching thread holds the modelled GIL while it burns the job's CPU (a
// sample's cpu_us, the send's send_cpu_us), letting it go between those burns: a job's dataset
// code reaches a release point with each sample (its tensors are made by torch ops, which let the
// GIL go), and a worker asleep on I/O or waiting for a task holds nothing. A job whose CPU is
// mostly C code that lets the GIL go (PIL, torch ops) also reaches release points inside a burn
// (loader.gil_release_every_us of CPU apart): a waiting answering thread takes it at the next
// one. A worker whose next task is already queued takes it from handing a batch over into its
// next one: a job's worker goes on from its queue put into the next batch's Python while its
// queue's feeder thread sends the last one, so the loop's request for that batch finds it busy.
//
// The main thread's own part of each hand-over (connecting, its half of the handshake, receiving
// the descriptor: about half of an idle worker's hand-over on a 2-core machine) is CPU, not
// waiting: the main thread burns loader.handover_cpu_us in shares before its messages, so under
// load it waits for a core as the job's does. The answering thread burns
// loader.handover_answer_cpu_us the same way, holding the GIL.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace loaderscope {

struct LoaderConfig;
struct WorkerCtl;

/**
 * A worker process's GIL, as CPython's (ceval_gil.h, FORCE_SWITCHING): a thread that wants it
 * while another holds it waits for the interval (sys.getswitchinterval()), then asks the holder
 * to drop it; the holder drops it at its next look and waits until the asker has taken it. A
 * thread that lets it go of its own accord (a blocking call) lets any waiter take it. Shared by
 * the worker's fetching thread and its answering thread; lives in the worker process.
 */
class ModelledGil
{
public:
    enum Thread { Fetching = 0, Answering = 1 };
    explicit ModelledGil(uint64_t intervalNs) : m_intervalNs(std::max<uint64_t>(1000, intervalNs)) {}
    void take(Thread who);
    void drop(Thread who);
    /// Whether another thread asked the holder to drop it (the holder looks between burns).
    bool dropAsked() const { return m_dropAsked.load(std::memory_order_relaxed); }
    /// Whether a thread waits for it now (a release point of the holder lets it in).
    bool someoneWaits() const { return m_waiting.load(std::memory_order_relaxed) > 0; }
    /// The holder's release point (C code that lets the GIL go: PIL, a torch op): a waiter takes
    /// it, and the holder takes it back once that thread lets it go.
    void handOff(Thread who);

private:
    std::mutex m_mutex;
    std::condition_variable m_cond;      ///< a waiter for the GIL
    std::mutex m_switchMutex;
    std::condition_variable m_switchCond; ///< a forced holder, for the switch
    bool m_locked = false;               ///< guarded by m_mutex (and m_switchMutex as it is set)
    int m_lastHolder = -1;               ///< guarded by m_switchMutex
    uint64_t m_switches = 0;             ///< guarded by m_mutex
    std::atomic<bool> m_dropAsked{false};
    std::atomic<int> m_waiting{0};       ///< threads in take() that found it held
    const uint64_t m_intervalNs;
};

/**
 * Starts the worker process's answering thread (PyTorch's resource_sharer thread): for each of
 * the main thread's messages in a hand-over it takes the GIL, burns its share of answerCpuUs and
 * lets it go, then answers. Detached: it ends with the worker process, which ends with _exit.
 */
void startHandOverAnswerer(WorkerCtl* ctl, ModelledGil* gil, double answerCpuUs, int rounds);

/**
 * The fetching thread's side: burns the job's CPU holding the modelled GIL, looking for a drop
 * request every few microseconds of CPU. Owned by the worker's fetching thread (one per worker
 * process); with no GIL (the main process's fetcher, num_workers 0, no hand-overs) it only burns.
 */
class GilHolder
{
public:
    GilHolder() = default;
    /// releaseEveryNs: thread CPU between the release points of the job's worker code inside a
    /// burn (loader.gil_release_every_us); 0 is pure Python, which holds it throughout.
    explicit GilHolder(ModelledGil* gil, uint64_t releaseEveryNs = 0) : m_gil(gil), m_releaseEveryNs(releaseEveryNs) {}

    /// burnCpuUntil (clock.h) with the GIL held, dropping and taking it again when asked, and
    /// handing it to a waiter at each release point; let go as the burn ends (a release point
    /// with each sample: its tensors are made by torch ops).
    uint64_t burnUntil(uint64_t endCpuNs, uint64_t salt);
    /// Takes it across a batch boundary (the next task is queued), until the next burn ends.
    void holdOver();
    /// Lets it go where the worker stops running Python (an I/O wait, no task).
    void letGo();

private:
    ModelledGil* m_gil = nullptr;
    uint64_t m_releaseEveryNs = 0;
    bool m_held = false;
};

/**
 * The main thread's side: one descriptor hand-over from worker `ctl`, `rounds` messages each way
 * (connect, the authentication handshake, the request, the descriptor): before each message the
 * main thread burns its share of cpuUs, then waits off the CPU for the worker's answering thread,
 * which needs the worker's GIL for each answer. A worker that died does not answer: main gives up
 * two seconds after it asked. Returns the wall time of the whole (ns) and the CPU burnt (ns).
 */
struct HandOverTime
{
    uint64_t ns = 0;
    uint64_t cpu_ns = 0;
};
HandOverTime handOverFrom(WorkerCtl* ctl, int rounds, double cpuUs);

/**
 * The main thread's hand-overs as PyTorch's makes them: when it receives a worker's batch (before
 * it asks that worker for another: _get_data unpickles, then _process_data puts the next index),
 * loader.handovers_per_batch of them, a mean (a whole one each time the running sum passes an
 * integer). Owned by the loader's iterator; used from the main thread only.
 */
class BatchHandOvers
{
public:
    explicit BatchHandOvers(const LoaderConfig& loader);
    /// The hand-overs of one batch received from the worker with this control block.
    void receive(WorkerCtl* ctl);
    /// What the hand-overs since the last take lasted (ns), the CPU the main thread burnt in
    /// them (ns), and how many there were.
    struct Taken
    {
        uint64_t ns = 0;
        uint64_t cpu_ns = 0;
        int64_t calls = 0;
    };
    Taken take();

private:
    const LoaderConfig& m_loader;
    double m_due = 0; ///< the running sum of handovers_per_batch
    Taken m_since;
};

} // namespace loaderscope

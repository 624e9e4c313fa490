// SPDX-License-Identifier: MIT
// The descriptor hand-over: a model of what PyTorch's main process waits for when it unpickles a
// batch that a worker made (docs/config.md, loader.handovers_per_batch).
//
// With the default file_descriptor sharing strategy, each tensor storage of a batch arrives as a
// handle; unpickling it (rebuild_storage_fd) connects to the worker's resource_sharer thread and
// waits for it to send the descriptor. That thread runs Python: it needs the worker's GIL. A worker
// sleeping on I/O or waiting for its next task has let the GIL go and answers at once; a worker
// running the dataset's Python code holds it, and answers only when the interpreter switches
// threads (at a release point, or after sys.getswitchinterval()). The main thread waits meanwhile,
// off the CPU: the job's loop sees it as data stall.
//
// The engine's worker holds its modelled "GIL" while it burns the job's CPU (a sample's cpu_us,
// the send's send_cpu_us) and lets it go between those burns: a job's dataset code reaches a
// release point with each sample (its tensors are made by torch ops, which let the GIL go), and
// a worker asleep on I/O or waiting for a task holds nothing. A worker whose next task is already
// queued holds it from handing a batch over into its next one: a job's worker goes on from its
// queue put into the next batch's Python while its queue's feeder thread sends the last one, so
// the loop's request for that batch finds it busy. A request to a burning worker is
// answered once the worker has run loader.handover_busy_us past it, or at the end of the burn,
// whichever comes first; a request to a worker not burning waits loader.handover_idle_us.
//
// The main thread's own part of each hand-over (connecting to that thread, multiprocessing's
// authentication handshake, receiving the descriptor: about half of an idle worker's hand-over on
// a 2-core machine) is CPU, not waiting: the main thread burns loader.handover_cpu_us before it
// asks, so under load it waits for a core as the job's does.
#pragma once

#include <cstdint>

namespace loaderscope {

struct LoaderConfig;
struct WorkerCtl;

/**
 * The worker's side: burns the job's CPU holding the modelled GIL, answering the main thread's
 * hand-over requests when they are due. Owned by the worker's fetching thread (one per worker
 * process); with no control block (the main process's fetcher, num_workers 0) or no busy wait it
 * only burns.
 */
class GilHolder
{
public:
    GilHolder() = default;
    GilHolder(WorkerCtl* ctl, double busyWaitUs);

    /// burnCpuUntil (clock.h) with the GIL held: answers each request once it is due (it waited
    /// busyWaitUs of wall time while this thread ran), and every pending one as the burn ends.
    uint64_t burnUntil(uint64_t endCpuNs, uint64_t salt);
    /// Holds it across a batch boundary (the next task is queued), until the next burn ends.
    void holdOver();
    /// Lets it go where the worker stops running Python (an I/O wait, no task): requests pending
    /// are answered at once.
    void letGo();

private:
    void answerIfDue(bool releasing);

    WorkerCtl* m_ctl = nullptr;
    uint64_t m_busyWaitNs = 0;
};

/**
 * The main thread's side: one descriptor hand-over from worker `ctl`. Burns cpuUs of this
 * thread's CPU, then asks and waits until the worker answers (it holds its GIL) or idleWaitUs (it
 * does not), off the CPU, never more than a second past what is due (a worker that died does not
 * answer). Returns the wall time of the whole (ns) and the CPU burnt (ns).
 */
struct HandOverTime
{
    uint64_t ns = 0;
    uint64_t cpu_ns = 0;
};
HandOverTime handOverFrom(WorkerCtl* ctl, double busyWaitUs, double idleWaitUs, double cpuUs = 0);

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

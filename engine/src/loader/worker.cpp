// SPDX-License-Identifier: MIT
// The worker process: DataLoader's _worker_loop over shared-memory rings.
#include "loaderscope/loader/worker.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/loader/dataset.h"
#include "loaderscope/shm/memory.h"
#include "loaderscope/shm/segment.h"
#include "loaderscope/loader/worker_pool.h"

#include <csignal>
#include <cstring>
#include <sys/prctl.h>
#include <unistd.h>

namespace loaderscope {

namespace {

pid_t g_parent = 0;

void onSigterm(int, siginfo_t* info, void*)
{
    // A terminate from the loader (the parent) is a clean exit, as in PyTorch's worker handler.
    if (info && info->si_pid == g_parent)
        _exit(0);
    std::signal(SIGTERM, SIG_DFL);
    kill(getpid(), SIGTERM);
}

void copyMessage(char* dst, size_t cap, const std::string& s)
{
    const size_t n = std::min(cap - 1, s.size());
    std::memcpy(dst, s.data(), n);
    dst[n] = '\0';
}

} // namespace

namespace {

/**
 * Waits for the next task: spins briefly (a task usually follows a delivery within microseconds),
 * then sleeps on the futex in 100 ms slices, refreshing the heartbeat and watching the parent.
 * Empty when the parent is gone.
 */
std::optional<Task> waitForTask(const WorkerLoopContext& c, WorkerCtl* ctl)
{
    std::optional<Task> task = popTask(c.seg, c.id);
    if (task)
        return task;
    c.fetcher.gil().letGo(); // no task: the worker's Python waits on its queue
    for (int spin = 0; spin < 200 && !(task = popTask(c.seg, c.id)); ++spin)
        __builtin_ia32_pause();
    while (!task) {
        const uint32_t seen = ctl->task_wake.seq.load();
        if ((task = popTask(c.seg, c.id)))
            break;
        if (!ctl->task_wake.wait(seen, 100'000'000ULL)) {
            if (c.parent != 0 && getppid() != c.parent)
                return std::nullopt;
            ctl->heartbeat_ns.store(nowNs(), std::memory_order_relaxed);
        }
    }
    return task;
}

void pushResult(const WorkerLoopContext& c, const Done& done)
{
    while (!pushDone(c.seg, c.id, done))
        sleepNs(100'000);
}

/**
 * One batch: fetch and collate into the slot, mark it ready, report it. Sets `iterationEnd` when
 * the dataset's iterator ended (the end marker is the report).
 */
void fetchBatch(const WorkerLoopContext& c, WorkerCtl* ctl, const Task& task, uint64_t gotTask, bool& iterationEnd)
{
    if (uint32_t(c.fetcher.epoch()) != task.epoch)
        c.fetcher.reset(int(task.epoch));
    SlotHdr* slot = c.seg.slot(task.slot);
    slot->state.store(uint32_t(SlotState::Filling), std::memory_order_relaxed);
    ctl->state.store(uint32_t(WorkerState::Busy), std::memory_order_relaxed);
    ctl->task_started_ns.store(gotTask, std::memory_order_relaxed);
    ctl->current_task.store(task.task_idx, std::memory_order_relaxed);
    Done done;
    done.slot = task.slot;
    done.task_idx = task.task_idx;
    done.epoch = task.epoch;
    const uint32_t count = std::min(task.n_indices, c.seg.layout().max_indices);
    try {
        const FetchResult r = c.fetcher.fetch(task.task_idx, c.seg.slotIndices(task.slot), count, c.seg.slotData(task.slot));
        if (r.kind == FetchResult::StopIteration) {
            done.kind = Done::StopIteration;
            iterationEnd = true;
        } else {
            done.kind = Done::Batch;
            done.n_samples = r.n_samples;
            done.first_sample = r.first_sample;
            done.checksum = r.checksum;
            slot->n_samples = r.n_samples;
            slot->first_sample = r.first_sample;
            slot->bytes = uint64_t(r.n_samples) * uint64_t(c.config.dataset.sample_bytes);
        }
    } catch (const DatasetError& e) {
        done.kind = Done::Exception;
        copyMessage(slot->message, sizeof slot->message,
                    "Caught " + e.type() + " in DataLoader worker process " + std::to_string(c.id) +
                        ". Original error: " + e.type() + ": " + e.what());
    }
    slot->state.store(uint32_t(SlotState::Ready), std::memory_order_release);
    c.events.instant(EventKind::BatchReady, nowNs(), batchKey(int(task.epoch), task.task_idx), task.slot, done.kind);
    ctl->state.store(uint32_t(WorkerState::Idle), std::memory_order_relaxed);
    // Going straight on to a queued task, the worker keeps its GIL over the hand-off: set before
    // the push, so the loop that takes this batch sees it (handover.h).
    if (taskQueued(c.seg, c.id))
        c.fetcher.gil().holdOver();
    pushResult(c, done);
}

} // namespace

WorkerLoopEnd workerLoop(const WorkerLoopContext& c)
{
    WorkerCtl* ctl = c.seg.worker(c.id);
    bool iterationEnd = false;
    for (;;) {
        const uint64_t waitStart = nowNs();
        const std::optional<Task> task = waitForTask(c, ctl);
        if (!task)
            return WorkerLoopEnd::ParentGone;
        const uint64_t gotTask = nowNs();
        if (gotTask - waitStart > 2000)
            c.events.span(EventKind::WaitTask, waitStart, gotTask);
        ctl->heartbeat_ns.store(gotTask, std::memory_order_relaxed);

        if (task->kind != Task::Batch)
            c.fetcher.gil().letGo();
        if (task->kind == Task::Stop) {
            // The job's interpreter shutting down; the loop's join waits for it.
            if (c.config.loader.worker_exit_cpu_us > 0)
                (void)burnCpuNs(uint64_t(c.config.loader.worker_exit_cpu_us * 1000.0), c.id + 1);
            reportOwnMemoryAtExit(c.events); // before Exited: the sampler stops reading it then
            ctl->state.store(uint32_t(WorkerState::Exited));
            return WorkerLoopEnd::Stopped;
        }
        if (task->kind == Task::Resume) {
            // _ResumeIteration: acknowledge, then rebuild the fetcher (iter(dataset) again).
            iterationEnd = false;
            c.fetcher.reset(int(task->epoch));
            Done ack;
            ack.kind = Done::ResumeAck;
            ack.epoch = task->epoch;
            pushResult(c, ack);
            continue;
        }
        if (iterationEnd)
            continue; // drained silently, as a worker does after its end marker
        if (task->slot >= c.seg.layout().num_slots)
            return WorkerLoopEnd::CorruptTask; // never write outside the slots
        fetchBatch(c, ctl, *task, gotTask, iterationEnd);
    }
}

namespace {

/// Dies with the engine, ignores Ctrl-C, treats the loader's SIGTERM as a clean exit, names itself.
void setUpWorkerProcess(const WorkerArgs& args)
{
    // PDEATHSIG follows the thread that created us; the getppid() check closes the race where the
    // engine died before the prctl.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != args.parent)
        _exit(1);
    g_parent = args.parent;
    std::signal(SIGINT, SIG_IGN); // Ctrl-C goes through the main process's orderly shutdown
    struct sigaction sa {};
    sa.sa_sigaction = onSigterm;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGTERM, &sa, nullptr);
    // Sample latencies are modelled with sleeps: without this the kernel's default 50 us timer
    // slack would stretch every 1 ms wait by 5%.
    prctl(PR_SET_TIMERSLACK, 1UL);
    char title[16];
    snprintf(title, sizeof title, "ls_worker_%d", args.id);
    prctl(PR_SET_NAME, title);
}

} // namespace

void workerProcessMain(const WorkerArgs& args, const Config* inherited)
{
    setUpWorkerProcess(args);
    std::unique_ptr<Segment> seg;
    std::unique_ptr<Config> parsed;
    const Config* config = inherited;
    try {
        seg = Segment::open(args.shm, /*writable=*/true);
        if (!config) {
            // spawn: a fresh process image re-reads the run's config, as a spawned Python worker
            // unpickles its dataset.
            parsed = std::make_unique<Config>(parseConfig(seg->configJson()));
            config = parsed.get();
        }
    } catch (const std::exception& e) {
        fprintf(stderr, "loaderscope worker %d: %s\n", args.id, e.what());
        _exit(2);
    }
    if (args.id < 0 || uint32_t(args.id) >= seg->layout().num_workers)
        _exit(2);
    WorkerCtl* ctl = seg->worker(uint32_t(args.id));
    if (ctl->generation.load() != args.generation)
        _exit(1); // superseded before it started
    ctl->pid.store(getpid());
    ctl->state.store(uint32_t(WorkerState::Starting));
    EventWriter events(*seg, args.id);
    const uint64_t tStart = nowNs();
    events.instant(EventKind::WorkerStart, tStart, -1, getpid(), args.generation);

    // Seeding and worker_init_fn, then the fetcher (iter(dataset) for iterables).
    WorkerInfo info{args.id, config->loader.num_workers, ctl->base_seed.load() + uint64_t(args.id)};
    if (config->loader.worker_init_cpu_us > 0)
        (void)burnCpuNs(uint64_t(config->loader.worker_init_cpu_us * 1000.0), uint64_t(args.id) + 1);
    if (config->loader.worker_init_us > 0)
        sleepNs(uint64_t(config->loader.worker_init_us * 1000.0));
    std::optional<Fetcher> fetcher;
    try {
        fetcher.emplace(*config, info, &events); // a spawned worker builds dataset.objects here
    } catch (const std::exception& e) {
        fprintf(stderr, "loaderscope worker %d: %s\n", args.id, e.what());
        _exit(2);
    }
    // The worker's GIL and its resource_sharer thread, where the loop asks for descriptors.
    // Static: the answering thread outlives every scope here (the process ends with _exit).
    if (config->loader.handovers_per_batch > 0) {
        static ModelledGil gil(uint64_t(config->loader.gil_switch_interval_us * 1000.0));
        startHandOverAnswerer(ctl, &gil, config->loader.handover_answer_cpu_us, config->loader.handover_rounds);
        fetcher->setGilHolder(GilHolder(&gil, uint64_t(config->loader.gil_release_every_us * 1000.0)));
    }
    const uint64_t tReady = nowNs();
    events.span(EventKind::WorkerInit, tStart, tReady, -1, getpid(), args.generation);
    events.instant(EventKind::WorkerInitCost, tReady, -1, int64_t(processCpuNs()), int64_t(RunDelayClock().now()));
    ctl->state.store(uint32_t(WorkerState::Idle));

    switch (workerLoop({*seg, uint32_t(args.id), *config, *fetcher, events, args.parent})) {
    case WorkerLoopEnd::Stopped:
    case WorkerLoopEnd::ParentGone: _exit(0);
    case WorkerLoopEnd::CorruptTask: _exit(3);
    }
    _exit(3);
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// The worker process: DataLoader's _worker_loop over shared-memory rings.
#include "loaderscope/worker.h"

#include "loaderscope/clock.h"
#include "loaderscope/dataset.h"
#include "loaderscope/memory.h"
#include "loaderscope/segment.h"
#include "loaderscope/worker_pool.h"

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

void workerProcessMain(const WorkerArgs& args, const Config* inherited)
{
    // Die with the engine. PDEATHSIG follows the thread that created us; the getppid() check
    // closes the race where the engine died before the prctl.
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

    std::unique_ptr<Segment> seg;
    std::unique_ptr<Config> parsed;
    const Config* config = inherited;
    try {
        seg = Segment::open(args.shm, /*writable=*/true);
        if (!config) {
            // spawn: a fresh process image re-reads the run's config, as a spawned Python worker
            // unpickles its dataset.
            parsed = std::make_unique<Config>(parseConfig(seg->configJson(), /*checkShm=*/false));
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
    if (config->loader.worker_init_us > 0)
        sleepNs(uint64_t(config->loader.worker_init_us * 1000.0));
    std::optional<Fetcher> fetcher;
    try {
        fetcher.emplace(*config, info, &events); // a spawned worker builds dataset.objects here
    } catch (const std::exception& e) {
        fprintf(stderr, "loaderscope worker %d: %s\n", args.id, e.what());
        _exit(2);
    }
    events.span(EventKind::WorkerInit, tStart, nowNs(), -1, getpid(), args.generation);
    ctl->state.store(uint32_t(WorkerState::Idle));

    bool iterationEnd = false;
    const uint32_t w = uint32_t(args.id);
    for (;;) {
        // Wait for the next task: spin briefly (a task usually follows a delivery within
        // microseconds), then sleep on the futex in short slices, watching the parent like
        // PyTorch's ManagerWatchdog.
        const uint64_t waitStart = nowNs();
        std::optional<Task> task;
        for (int spin = 0; spin < 200 && !(task = popTask(*seg, w)); ++spin)
            __builtin_ia32_pause();
        while (!task) {
            const uint32_t seen = ctl->task_wake.seq.load();
            if ((task = popTask(*seg, w)))
                break;
            if (!ctl->task_wake.wait(seen, 100'000'000ULL)) {
                if (getppid() != args.parent)
                    _exit(0);
                ctl->heartbeat_ns.store(nowNs(), std::memory_order_relaxed);
            }
        }
        const uint64_t gotTask = nowNs();
        if (gotTask - waitStart > 2000)
            events.span(EventKind::WaitTask, waitStart, gotTask);
        ctl->heartbeat_ns.store(gotTask, std::memory_order_relaxed);

        if (task->kind == Task::Stop) {
            reportOwnMemoryAtExit(events); // before Exited: the sampler stops reading it then
            ctl->state.store(uint32_t(WorkerState::Exited));
            _exit(0);
        }
        if (task->kind == Task::Resume) {
            // _ResumeIteration: acknowledge, then rebuild the fetcher (iter(dataset) again).
            iterationEnd = false;
            fetcher->reset(int(task->epoch));
            Done ack;
            ack.kind = Done::ResumeAck;
            ack.epoch = task->epoch;
            while (!pushDone(*seg, w, ack))
                sleepNs(100'000);
            continue;
        }
        if (iterationEnd)
            continue; // drained silently, as a worker does after its end marker
        if (task->slot >= seg->layout().num_slots)
            _exit(3); // corrupt task: never write outside the slots
        if (uint32_t(fetcher->epoch()) != task->epoch)
            fetcher->reset(int(task->epoch));
        SlotHdr* slot = seg->slot(task->slot);
        slot->state.store(uint32_t(SlotState::Filling), std::memory_order_relaxed);
        ctl->state.store(uint32_t(WorkerState::Busy), std::memory_order_relaxed);
        ctl->task_started_ns.store(gotTask, std::memory_order_relaxed);
        ctl->current_task.store(task->task_idx, std::memory_order_relaxed);
        Done done;
        done.slot = task->slot;
        done.task_idx = task->task_idx;
        done.epoch = task->epoch;
        const uint32_t count = std::min(task->n_indices, seg->layout().max_indices);
        try {
            const FetchResult r = fetcher->fetch(task->task_idx, seg->slotIndices(task->slot), count,
                                                seg->slotData(task->slot));
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
                slot->bytes = uint64_t(r.n_samples) * uint64_t(config->dataset.sample_bytes);
            }
        } catch (const DatasetError& e) {
            done.kind = Done::Exception;
            copyMessage(slot->message, sizeof slot->message,
                        "Caught " + e.type() + " in DataLoader worker process " +
                            std::to_string(args.id) + ". Original error: " + e.type() + ": " + e.what());
        }
        slot->state.store(uint32_t(SlotState::Ready), std::memory_order_release);
        events.instant(EventKind::BatchReady, nowNs(), batchKey(int(task->epoch), task->task_idx), task->slot, done.kind);
        ctl->state.store(uint32_t(WorkerState::Idle), std::memory_order_relaxed);
        while (!pushDone(*seg, w, done))
            sleepNs(100'000);
    }
}

} // namespace loaderscope

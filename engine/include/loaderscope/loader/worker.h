// SPDX-License-Identifier: MIT
// The worker process (worker.cpp): its arguments, its entry (process set-up) and the worker loop
// it runs, as dataloader.py separates the process from _worker_loop.
#pragma once

#include "loaderscope/config/config.h"

#include <string>
#include <sys/types.h>

namespace loaderscope {

class EventWriter;
class Fetcher;
class Segment;

/** Arguments of one worker process (argv in spawn mode, a request in fork mode). */
struct WorkerArgs
{
    std::string shm;
    int id = 0;
    uint32_t generation = 0;
    int parent = 0;
};

/**
 * The worker process's entry: dies with the engine, handles SIGTERM as PyTorch's worker does, opens
 * the segment, re-reads the config (spawn), seeds, runs worker_init, builds the fetcher, then runs
 * workerLoop. Never returns: the process exits with the loop's reason.
 */
[[noreturn]] void workerProcessMain(const WorkerArgs& args, const Config* inherited);

/** What the worker loop needs: its rings and control block, the config, its fetcher and events. */
struct WorkerLoopContext
{
    Segment& seg;
    uint32_t id;
    const Config& config;
    Fetcher& fetcher;
    EventWriter& events;
    /// The loader process: when the worker's parent is no longer it, the loop ends (PyTorch's
    /// ManagerWatchdog). 0: not watched (a loop on a thread of the test process).
    pid_t parent = 0;
};

/** Why the worker loop returned. */
enum class WorkerLoopEnd { Stopped, ParentGone, CorruptTask };

/**
 * DataLoader's _worker_loop: takes tasks from the worker's index queue, fetches and collates each
 * batch in place into its slot, reports on the result queue; rebuilds the fetcher on a resume;
 * after StopIteration drains tasks silently. Returns (never exits) so that it can run on a thread.
 */
WorkerLoopEnd workerLoop(const WorkerLoopContext& c);

} // namespace loaderscope

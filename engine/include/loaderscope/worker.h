// SPDX-License-Identifier: MIT
// The worker process (worker.cpp): its arguments and its entry, DataLoader's _worker_loop.
#pragma once

#include "loaderscope/config.h"

#include <string>

namespace loaderscope {

/** Arguments of one worker process (argv in spawn mode, a request in fork mode). */
struct WorkerArgs
{
    std::string shm;
    int id = 0;
    uint32_t generation = 0;
    int parent = 0;
};

/** The worker loop (DataLoader's _worker_loop). Runs in the worker process; never returns. */
[[noreturn]] void workerProcessMain(const WorkerArgs& args, const Config* inherited);

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// Worker processes seen from the main process (worker_pool.cpp): the fork zygote, posix_spawn,
// pidfd death detection. The worker loop itself is in worker.h.
#pragma once

#include "loaderscope/config/config.h"
#include "loaderscope/shm/shm_layout.h"
#include "loaderscope/loader/worker.h"

#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace loaderscope {

class Segment;
class EventWriter;

/**
 * A single-threaded process forked at engine start, before any thread exists, that forks workers
 * on request ("fork" start method without forking a threaded process). Workers are created with
 * clone(CLONE_PARENT), so they are children of the engine: it reaps them, and their parent-death
 * signal follows the engine. The zygote also guards the segment: when the engine dies, its socket
 * reaches EOF and the zygote unlinks the segment before leaving.
 */
class Zygote
{
public:
    /// Must be called while the process is single-threaded. Throws std::runtime_error.
    static std::unique_ptr<Zygote> start(const Config& config);
    ~Zygote();
    void guardSegment(const std::string& name);
    pid_t forkWorker(const WorkerArgs& args);
    pid_t pid() const { return m_pid; }

private:
    Zygote() = default;
    int m_sock = -1;
    pid_t m_pid = -1;
};

/** How a worker process ended. */
struct WorkerExitInfo
{
    int worker = -1;
    pid_t pid = 0;
    bool signaled = false;
    int code = 0;  ///< exit code, or signal number
    std::string describe() const; ///< DataLoader's wording
};

/** The main process's view of its worker processes. Owned and used by the main thread only. */
class WorkerPool
{
public:
    WorkerPool(const Config& config, Segment& segment, Zygote* zygote, EventWriter& mainEvents);
    ~WorkerPool();

    /// Starts worker w as a new generation (fork via the zygote, or posix_spawn).
    void start(int w, uint64_t baseSeed);
    bool running(int w) const { return m_procs[size_t(w)].pidfd >= 0; }
    pid_t pid(int w) const { return m_procs[size_t(w)].pid; }
    std::vector<pid_t> pids() const;

    /// Polls every pidfd without blocking; reaps what ended and returns it.
    std::vector<WorkerExitInfo> reap();
    /// Waits up to timeoutNs for worker w to end (then reaps it). True if it ended.
    bool join(int w, uint64_t timeoutNs, std::vector<WorkerExitInfo>* ended = nullptr);
    void signal(int w, int sig);
    /// Ends every process: Stop message already sent by the caller; join 5 s, SIGTERM, SIGKILL.
    void stopAll(uint64_t joinTimeoutNs);

private:
    struct Proc
    {
        pid_t pid = 0;
        int pidfd = -1;
    };
    WorkerExitInfo reapOne(int w);

    const Config& m_config;
    Segment& m_segment;
    Zygote* m_zygote;
    EventWriter& m_events;
    std::string m_exe;
    std::vector<Proc> m_procs;
};

/** Path of the running executable (/proc/self/exe). */
std::string selfExecutable();

} // namespace loaderscope

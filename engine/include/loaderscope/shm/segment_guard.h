// SPDX-License-Identifier: MIT
// A guard process that removes a segment's name from /dev/shm when the process that made it dies
// without doing so itself (SIGKILL, os._exit, a crash). The engine's zygote does this for the
// engine's segments; the probe's job has no zygote, so it gets this small guard instead.
#pragma once

#include <memory>
#include <string>
#include <sys/types.h>

namespace loaderscope {

class SegmentGuard
{
public:
    /**
     * Starts the guard for /dev/shm/<name>: a grandchild of the caller (double fork, so the job
     * never has it as a child to reap), in a session of its own (a Ctrl+C or a kill of the job's
     * process group does not reach it), holding only the read end of a pipe, and exec'd into
     * /bin/sh (one `read`, then `rm`): it keeps none of the job's pages, which a forked copy would
     * double as the job writes them. The caller keeps the write end (close-on-exec). When every
     * holder of the write end is gone, the guard removes the name, unless release() told it the
     * owner did. Forked children of the caller (DataLoader workers) inherit the write end, so the
     * name goes once the last of them is gone too.
     * Safe in a multi-threaded process: the children only make async-signal-safe calls until exec.
     * Returns nullptr (errno set) when the pipe or the fork fails: the job runs unguarded.
     */
    static std::unique_ptr<SegmentGuard> start(const std::string& name);

    /// The owner removed the segment itself: the guard leaves without touching /dev/shm.
    /// Only the process that started the guard does anything (a forked child's copy is inert).
    void release();
    /// Without release(): the guard removes the name, as after a crash.
    ~SegmentGuard();
    SegmentGuard(const SegmentGuard&) = delete;
    SegmentGuard& operator=(const SegmentGuard&) = delete;

    /// The guard's pid (for tests), 0 when not known.
    pid_t pid() const { return m_guardPid; }

private:
    SegmentGuard() = default;
    int m_fd = -1;        ///< write end of the pipe
    pid_t m_owner = 0;    ///< the process that started the guard
    pid_t m_guardPid = 0;
};

} // namespace loaderscope

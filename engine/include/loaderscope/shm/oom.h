// SPDX-License-Identifier: MIT
// Why a process was killed, and warnings about /dev/shm before a run (issue 15). A DataLoader worker
// killed by SIGKILL is reported by PyTorch as "is killed by signal: Killed." and nothing more; the
// usual cause is the out-of-memory killer of the job's memory cgroup (a container's limit) or of
// the machine. The engine reads the cgroup's OOM-kill counter before the run and again when a
// process was killed, and says which it was, with the process's last sampled memory and the limit.
#pragma once

#include "loaderscope/shm/memory.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace loaderscope {

struct Config;

/** The memory cgroup of a process and its limit (cgroup v2, or the v1 memory controller). */
struct MemoryCgroup
{
    int version = 0;                  ///< 2 (unified) or 1 (the v1 memory controller)
    std::string dir;                  ///< its directory, e.g. /sys/fs/cgroup/user.slice/job
    uint64_t oom_kills = 0;           ///< v2 memory.events "oom_kill" (this cgroup and below);
                                      ///< v1 memory.oom_control "oom_kill"
    std::optional<uint64_t> limit;    ///< the lowest limit of it and its ancestors (v2 memory.max,
                                      ///< v1 memory.limit_in_bytes), if any is set
    std::string limit_file;           ///< the file that sets it
};

/// The memory cgroup of process `pid` (0: this process), from /proc/PID/cgroup and mountinfo.
std::optional<MemoryCgroup> memoryCgroupOf(int pid = 0);
/// The kernel's count of OOM kills since boot (/proc/vmstat "oom_kill"), 0 if unreadable.
uint64_t systemOomKills();

/**
 * The OOM counters taken before a run; explainSigkill() compares them after a process died of
 * SIGKILL. Cheap to copy.
 */
class OomWatch
{
public:
    /// Reads the counters of this process's cgroup (workers and the engine share it) now.
    static OomWatch begin();

    /**
     * One sentence for `who` ("worker 2 (pid 1234)") killed by SIGKILL: which OOM killer fired
     * (the cgroup's, the machine's, or none: another process sent the signal), its last sampled
     * memory and how long before `now` (CLOCK_MONOTONIC ns) it was taken, and the limit.
     */
    std::string explainSigkill(const std::string& who, const std::optional<MemorySample>& last, uint64_t now) const;

    /// The memory the run may use: the cgroup's limit, else the machine's memory (bytes).
    uint64_t memoryLimitBytes() const;
    const std::optional<MemoryCgroup>& cgroup() const { return m_cgroup; }

private:
    std::optional<MemoryCgroup> m_cgroup;
    uint64_t m_systemOomKills = 0;
    uint64_t m_physical = 0;
};

/**
 * Warnings before a run about /dev/shm: the segment (batch slots, rings) would take more than half
 * of its free space, or /dev/shm is tiny (Docker's 64 MB default) while workers hand batches over
 * through it. Each says how to raise it. Empty when all is well.
 */
std::vector<std::string> shmWarnings(const Config& config);

/// /dev/shm smaller than this is "tiny" (Docker's default is 64 MB).
inline constexpr uint64_t kTinyShmBytes = 128ULL << 20;

} // namespace loaderscope

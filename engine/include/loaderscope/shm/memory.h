// SPDX-License-Identifier: MIT
// Memory of a run, sampled while it goes (issue 15): what each process holds (RSS, PSS, USS from
// /proc/PID/smaps_rollup), the batch slots in use against the segment and /dev/shm, and the
// page-locked host memory. The sampler is a thread of the engine's main process; it writes counter
// events (EventKind::MemoryUsage, ShmUsage, PinnedMemory) into its own event ring.
#pragma once

#include "loaderscope/base/bytes.h"

#include <sys/types.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace loaderscope {

class Segment;
class EventWriter;

/**
 * One process's memory, bytes, as /proc/PID/smaps_rollup counts it:
 * - rss: resident pages mapped by the process, each counted in full even when other processes map
 *   it too (the pages a fork shares are counted in the parent and in every child);
 * - pss: proportional set size, each resident page divided by the number of processes mapping it:
 *   the PSS of all processes adds up to the memory they use together;
 * - uss: unique set size, Private_Clean + Private_Dirty: pages mapped by this process alone, what
 *   ending it would free. A page of a shared mapping (the /dev/shm segment) that only this process
 *   has touched counts here too.
 */
struct ProcessMemory
{
    uint64_t rss = 0;
    uint64_t pss = 0;
    uint64_t uss = 0;
};

/// The figures of smaps_rollup text ("Rss:  1234 kB" lines); nullopt without an Rss line.
std::optional<ProcessMemory> parseSmapsRollup(std::string_view text);

/**
 * A process's memory files kept open: /proc/PID/smaps_rollup (read() regenerates it with a pread at
 * offset 0) and /proc/PID/statm (rss()). An open file stays bound to the process it was opened for,
 * so a pid reused after its death is never read.
 *
 * Costs differ: smaps_rollup walks the process's page tables (about 50 ns per resident page on the
 * test machine: 2 ms for 128 MiB), statm reads counters (microseconds, whatever the size).
 */
class ProcessMemoryReader
{
public:
    explicit ProcessMemoryReader(pid_t pid);
    ~ProcessMemoryReader();
    ProcessMemoryReader(const ProcessMemoryReader&) = delete;
    ProcessMemoryReader& operator=(const ProcessMemoryReader&) = delete;
    bool valid() const { return m_rollup >= 0; }
    pid_t pid() const { return m_pid; }
    /// RSS, PSS and USS from smaps_rollup; nullopt once the process is gone (or unreadable).
    std::optional<ProcessMemory> read();
    /// RSS alone from statm (resident pages x page size); nullopt once the process is gone (or a
    /// zombie).
    std::optional<uint64_t> rss();

private:
    pid_t m_pid;
    int m_rollup = -1;
    int m_statm = -1;
    std::string m_buf;
};

/** The file system behind /dev/shm (statvfs), bytes. */
struct ShmSpace
{
    uint64_t size = 0;
    uint64_t used = 0;   ///< by every user, not only this run
    uint64_t free = 0;   ///< available to an unprivileged writer
};
std::optional<ShmSpace> devShmSpace();

/** The /dev/shm files some processes map, from /proc/PID/maps. */
struct ShmMapped
{
    uint64_t bytes = 0; ///< each file once, at the furthest extent any of them maps (offset + length)
    uint64_t files = 0;
};
/// What `pids` map under /dev/shm (deleted files too: PyTorch unlinks its shared tensors' files
/// at once); nullopt when no process's maps could be read.
std::optional<ShmMapped> devShmMapped(const std::vector<int32_t>& pids);

/**
 * Page-locked host memory of this process, bytes: PinnedPool adds its staging buffers, the run
 * adds the slot section it registers for pin_memory "shared". Any thread may read it.
 */
struct PinnedAccounting
{
    std::atomic<uint64_t> held{0};    ///< allocated or registered
    std::atomic<uint64_t> in_use{0};  ///< of which holding a batch now
    /// in_use at its highest since the memory sampler last read it, raised where a buffer is
    /// taken (exact, not sampled); the sampler reads and resets it.
    std::atomic<uint64_t> in_use_peak{0};
};
PinnedAccounting& pinnedAccounting();

/**
 * A worker's last word on its memory, on its own event ring as it leaves cleanly (the sampler in
 * the main process cannot read a process that is gone, and workers go as soon as their last batch
 * is delivered): one MemoryUsage with RSS, PSS and USS, unless sampling is off.
 */
void reportOwnMemoryAtExit(EventWriter& events);

/// Sampling rate: LOADERSCOPE_MEMORY_SAMPLE_HZ (default 20 per second; 0 turns sampling off;
/// at most 1000). Read once per call.
double memorySampleHz();

/** The latest readings of one process, kept for the forensics of a killed process. */
struct MemorySample
{
    pid_t pid = 0;
    int lane = 0;          ///< worker id, or LaneMain
    uint64_t t = 0;        ///< when memory.rss was read (CLOCK_MONOTONIC ns)
    uint64_t t_rollup = 0; ///< when pss and uss were read (0: never)
    ProcessMemory memory;
};

/// What a MemorySampler may cost the run it measures.
struct MemorySamplerBudget
{
    /// CPU share of one core that smaps_rollup reads may take (a token bucket, refilled per
    /// tick): a PyTorch process's read costs ~5 ms, so it bounds how often PSS/USS refresh.
    double rollup_cpu_share = 0.05;
    /// How often the run's own /dev/shm share is read (its processes' maps: a PyTorch process
    /// maps some 1,700 regions, ~0.7 ms to read warm, several ms cold), ns.
    uint64_t shm_own_every_ns = 250'000'000;
    /// Sooner than that when /dev/shm's use (statvfs, read at every tick) has moved by this many
    /// bytes since the last read, but no sooner than shm_own_soonest_ns after it; 0: never sooner.
    uint64_t shm_own_moved_bytes = 0;
    uint64_t shm_own_soonest_ns = 0;
    /// The own /dev/shm read, when due, also waits for rollup_cpu_share's tokens and spends them,
    /// sharing them evenly with the smaps_rollup reads while both want them (the one that has
    /// spent less goes next; the rollups while a process has had none): its maps reads cost
    /// about what a rollup does per process (~3 ms a PyTorch process, cold), so without it the
    /// sampler's cost grows with the workers beyond the share. Both then come less often the
    /// more processes there are.
    bool shm_own_in_budget = false;
};


/**
 * The sampler thread. Every 1/hz seconds it reads, for the main process and every live worker
 * (their pids from the segment's worker control blocks), the RSS (statm, cheap), the slots in use
 * (slot states), /dev/shm and the pinned accounting, and writes counter events on ring
 * ShmLayout::kMemoryRing. PSS and USS need smaps_rollup, whose cost grows with a process's RSS:
 * they are read for as many processes per tick as a CPU budget (Budget::rollup_cpu_share of one core)
 * allows, the process read longest ago first (a new worker at once), so with large processes
 * each one's PSS and USS come less often than its RSS. A MemoryUsage event carries PSS and USS
 * only when they were read with it (else -1).
 * Owned by the main thread (runEngine); its thread only reads shared memory and /proc.
 */
class MemorySampler
{
public:
    using Budget = MemorySamplerBudget;

    /// Starts the thread. `sharedPinned`: pin_memory "shared" (the slots in use are pinned bytes).
    MemorySampler(Segment& segment, double hz, bool sharedPinned, Budget budget = Budget{});
    ~MemorySampler();
    MemorySampler(const MemorySampler&) = delete;
    MemorySampler& operator=(const MemorySampler&) = delete;

    /// Stops the thread and takes one last sample, with every process's PSS and USS (idempotent).
    void stop();
    /// The latest reading of a process (by pid), if it was ever sampled.
    std::optional<MemorySample> last(pid_t pid) const;
    /// Cost: ticks, smaps_rollup reads, and the thread's CPU time (thread CPU clock), ns.
    uint64_t ticks() const { return m_ticks.load(std::memory_order_relaxed); }
    uint64_t rollups() const { return m_rollups.load(std::memory_order_relaxed); }
    /// Reads of the run's own /dev/shm share (ShmOwn events), the last tick's included.
    uint64_t shmOwnReads() const { return m_shmOwnReads.load(std::memory_order_relaxed); }
    uint64_t cpuNs() const { return m_cpuNs.load(std::memory_order_relaxed); }

    /// Batch-slot bytes in use (slots not free, each at its capacity), read from the segment.
    static uint64_t slotBytesInUse(const Segment& segment);


private:
    struct Probe
    {
        int32_t pid = 0;
        int lane = 0;
        std::unique_ptr<ProcessMemoryReader> reader;
        uint64_t lastRollup = 0;   ///< when its smaps_rollup was last read (0: never)
    };
    Budget m_budget;
    uint64_t m_lastShmOwn = 0; ///< when it was last read (sampler thread)
    uint64_t m_shmUsedAtOwn = 0; ///< /dev/shm's use then, bytes (sampler thread)
    /// Budget::shm_own_in_budget: the tokens (CPU ns) the own /dev/shm reads and the rollups have
    /// spent while both were due; the one that spent less goes next. The own reads start one
    /// ahead, so a run's first PSS comes at once. Sampler thread.
    double m_shmOwnSpentNs = 1, m_rollupSpentNs = 0;
    void run();
    /// One tick; `everyone`: PSS and USS of every process whatever the budget (the last tick).
    void sampleOnce(bool everyone = false);
    void remember(const Probe& p, uint64_t t, const ProcessMemory& m, bool rollup);

    Segment& m_segment;
    uint64_t m_periodNs;
    bool m_sharedPinned;
    // the sampler thread's own (and stop()'s, after the join)
    std::unique_ptr<EventWriter> m_events;
    std::vector<Probe> m_workers;
    Probe m_self;
    double m_rollupTokensNs = 0;   ///< CPU ns smaps_rollup reads may still take (may go negative)
    uint64_t m_lastPinnedHeld = 0;
    mutable std::mutex m_lastMutex;
    std::map<pid_t, MemorySample> m_last;      ///< guarded by m_lastMutex
    std::atomic<uint64_t> m_ticks{0};
    std::atomic<uint64_t> m_rollups{0};
    std::atomic<uint64_t> m_shmOwnReads{0};
    std::atomic<uint64_t> m_cpuNs{0};
    std::mutex m_stopMutex;
    std::condition_variable m_stopCv;
    bool m_done = false;                       ///< guarded by m_stopMutex
    bool m_stopped = false;                    ///< main thread only
    std::thread m_thread;
};

} // namespace loaderscope

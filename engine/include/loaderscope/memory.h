// SPDX-License-Identifier: MIT
// Memory of a run, sampled while it goes (issue 15): what each process holds (RSS, PSS, USS from
// /proc/PID/smaps_rollup), the batch slots in use against the segment and /dev/shm, and the
// page-locked host memory. The sampler is a thread of the engine's main process; it writes counter
// events (EventKind::MemoryUsage, ShmUsage, PinnedMemory) into its own event ring.
#pragma once

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
 * /proc/PID/smaps_rollup kept open: each read() regenerates it (pread at offset 0). The open file
 * stays bound to the process it was opened for, so a pid reused after its death is never read.
 */
class SmapsReader
{
public:
    explicit SmapsReader(pid_t pid);
    ~SmapsReader();
    SmapsReader(const SmapsReader&) = delete;
    SmapsReader& operator=(const SmapsReader&) = delete;
    bool valid() const { return m_fd >= 0; }
    pid_t pid() const { return m_pid; }
    /// nullopt once the process is gone (or the file could not be read).
    std::optional<ProcessMemory> read();

private:
    pid_t m_pid;
    int m_fd = -1;
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

/// MemTotal of /proc/meminfo, bytes (0 if unreadable).
uint64_t physicalMemoryBytes();

/// "3.1 GiB", "64.0 MiB", "512 KiB".
std::string formatBytes(uint64_t bytes);

/**
 * Page-locked host memory of this process, bytes: PinnedPool adds its staging buffers, the run
 * adds the slot section it registers for pin_memory "shared". Any thread may read it.
 */
struct PinnedAccounting
{
    std::atomic<uint64_t> held{0};    ///< allocated or registered
    std::atomic<uint64_t> in_use{0};  ///< of which holding a batch now
};
PinnedAccounting& pinnedAccounting();

/// Sampling rate: LOADERSCOPE_MEMORY_SAMPLE_HZ (default 20 per second; 0 turns sampling off;
/// at most 1000). Read once per call.
double memorySampleHz();

/** The latest reading of one process, kept for the forensics of a killed process. */
struct MemorySample
{
    pid_t pid = 0;
    int lane = 0;          ///< worker id, or LaneMain
    uint64_t t = 0;        ///< CLOCK_MONOTONIC ns
    ProcessMemory memory;
};

/**
 * The sampler thread: every 1/hz seconds (longer when a tick would cost more than 2 % of a core:
 * smaps_rollup walks page tables, so large processes cost more to read) it reads the main process and every live worker (their
 * pids from the segment's worker control blocks), the slots in use (slot states), /dev/shm and the
 * pinned accounting, and writes one counter event per figure set on ring ShmLayout::kMemoryRing.
 * Owned by the main thread (runEngine); its thread only reads shared memory and /proc.
 */
class MemorySampler
{
public:
    /// Starts the thread. `sharedPinned`: pin_memory "shared" (the slots in use are pinned bytes).
    MemorySampler(Segment& segment, double hz, bool sharedPinned);
    ~MemorySampler();
    MemorySampler(const MemorySampler&) = delete;
    MemorySampler& operator=(const MemorySampler&) = delete;

    /// Takes one last sample and stops the thread (idempotent).
    void stop();
    /// The latest reading of a process (by pid), if it was ever sampled.
    std::optional<MemorySample> last(pid_t pid) const;
    /// Cost: samples taken and the thread's CPU time (thread CPU clock), ns.
    uint64_t ticks() const { return m_ticks.load(std::memory_order_relaxed); }
    uint64_t cpuNs() const { return m_cpuNs.load(std::memory_order_relaxed); }

    /// Batch-slot bytes in use (slots not free, each at its capacity), read from the segment.
    static uint64_t slotBytesInUse(const Segment& segment);

private:
    struct Worker
    {
        int32_t pid = 0;
        std::unique_ptr<SmapsReader> reader;
    };
    void run();
    void sampleOnce();

    void remember(pid_t pid, int lane, uint64_t t, const ProcessMemory& m);

    Segment& m_segment;
    uint64_t m_periodNs;
    bool m_sharedPinned;
    // the sampler thread's own (and stop()'s, after the join)
    std::unique_ptr<EventWriter> m_events;
    std::vector<Worker> m_workers;
    std::unique_ptr<SmapsReader> m_self;
    uint64_t m_lastPinnedHeld = 0;
    mutable std::mutex m_lastMutex;
    std::map<pid_t, MemorySample> m_last;      ///< guarded by m_lastMutex
    std::atomic<uint64_t> m_ticks{0};
    std::atomic<uint64_t> m_cpuNs{0};
    std::mutex m_stopMutex;
    std::condition_variable m_stopCv;
    bool m_done = false;                       ///< guarded by m_stopMutex
    bool m_stopped = false;                    ///< main thread only
    std::thread m_thread;
};

} // namespace loaderscope

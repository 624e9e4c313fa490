// SPDX-License-Identifier: MIT
// The fixed plain-old-data layout of a run's shared-memory segment (docs/architecture.md).
//
// Every word has one writer: the main process writes task-ring heads, slot assignments and its own
// event ring; worker k writes its control block, its done-ring head, the slots assigned to it and its
// own event ring. A process killed at any instruction can therefore only leave an entry unpublished,
// never a lock held. No Boost mutex, condition or allocator lives here.
#pragma once

#include "loaderscope/base/events.h"
#include "loaderscope/base/futex.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

namespace loaderscope {

struct Config;

constexpr uint64_t kSegmentMagic = 0x3130455053444c4cULL; // "LLDSPE01" little-endian
/// 3: the header names its source (engine or a watched PyTorch job), program, rank and start
/// time; the config section is sized from the config; workers say when they took their task.
/// 4: a fourth fixed event ring, the memory sampler's (worker k's ring is 4+k).
/// 5: each worker's control block carries the descriptor hand-over words (loader/handover.h).
/// 6: those words are the messages of a hand-over each way (the worker's GIL is its own).
constexpr uint32_t kLayoutVersion = 6;

/** Who wrote a segment: the engine, or the Python probe inside a real PyTorch job. */
enum class SegmentSource : uint32_t { Engine = 0, Probe = 1 };

/** main -> worker (index ring). */
struct Task
{
    enum Kind : uint32_t { Batch = 1, Resume = 2, Stop = 3 };
    uint32_t kind = Batch;
    uint32_t slot = UINT32_MAX;  ///< batch slot the worker collates into
    int64_t task_idx = -1;       ///< DataLoader's send_idx
    uint32_t n_indices = 0;      ///< samples requested (map: in the slot's index list)
    uint32_t epoch = 0;
    uint64_t reserved = 0;
};

/** worker -> main (done ring). */
struct Done
{
    enum Kind : uint32_t { Batch = 1, Exception = 2, StopIteration = 3, ResumeAck = 4 };
    uint32_t kind = Batch;
    uint32_t slot = UINT32_MAX;
    int64_t task_idx = -1;
    uint32_t n_samples = 0;
    uint32_t epoch = 0;
    int64_t first_sample = -1;
    uint64_t checksum = 0;
};

enum class WorkerState : uint32_t { Empty = 0, Starting, Idle, Busy, Exited };

/** Per-worker control block. Hot words of each writer on their own cache line. */
struct WorkerCtl
{
    // written by main
    alignas(64) std::atomic<uint64_t> index_head{0};
    std::atomic<uint32_t> generation{0};
    std::atomic<uint64_t> base_seed{0};
    std::atomic<uint64_t> done_tail{0};
    // written by the worker
    alignas(64) std::atomic<uint64_t> index_tail{0};
    std::atomic<int32_t> pid{0};
    std::atomic<uint32_t> state{0};
    std::atomic<uint64_t> heartbeat_ns{0};
    std::atomic<int64_t> current_task{-1};
    std::atomic<uint64_t> task_started_ns{0}; ///< when it took current_task (CLOCK_MONOTONIC)
    alignas(64) std::atomic<uint64_t> done_head{0};
    // wake-ups: main bumps task_wake after pushing a task
    WakeWord task_wake;
    // The modelled descriptor hand-over (loader/handover.h): main sends its messages, the
    // worker's answering thread answers each. Futex words, one writer each.
    alignas(64) std::atomic<uint32_t> handover_asked{0};    ///< main: messages sent so far
    alignas(64) std::atomic<uint32_t> handover_answered{0}; ///< worker: messages answered so far
};

enum class SlotState : uint32_t { Free = 0, Assigned, Filling, Ready, Delivered };

/** Batch slot header; the payload and the index list live in their own sections. */
struct SlotHdr
{
    alignas(64) std::atomic<uint32_t> state{0};
    int32_t owner_worker = -1;
    uint32_t owner_gen = 0;
    int64_t task_idx = -1;
    uint64_t bytes = 0;
    uint32_t n_samples = 0;
    int64_t first_sample = -1;
    char message[256] = {};  ///< worker exception text (Done::Exception)
};

/** One seqlock record of an event ring (64 bytes). seq = 2*pos+1 while written, 2*pos+2 after. */
struct EventRecord
{
    std::atomic<uint64_t> seq{0};
    std::atomic<uint64_t> t0{0};
    std::atomic<uint64_t> t1{0};
    std::atomic<uint64_t> meta{0};  ///< kind (8 bits) | lane (16 bits) << 8
    std::atomic<int64_t> batch{0};
    std::atomic<int64_t> arg0{0};
    std::atomic<int64_t> arg1{0};
    std::atomic<uint64_t> reserved{0};
};
static_assert(sizeof(EventRecord) == 64);

struct EventRingHdr
{
    alignas(64) std::atomic<uint64_t> head{0}; ///< written by the ring's single writer
    int32_t writer_lane = 0;
    /// How far a probe's collector has read this ring (published after each drain): a probe's
    /// writer that would overwrite records it has not read yet waits for it, a bounded while
    /// (lsprobe::Writer::awaitRoom). 0 in the engine's own runs and in segments made before it.
    std::atomic<uint64_t> read{0};
};
static_assert(sizeof(EventRingHdr) == 64); // the field went into the header's padding

enum class RunState : uint32_t { Starting = 0, Running, Finished, Failed };

/** Section offsets and sizes; identical in every process (computed from the config). */
struct ShmLayout
{
    static constexpr uint32_t kConsumerSlots = 6;     ///< slots held past delivery (loop, pin, device)
    static constexpr uint32_t kEventRingCapacity = 1u << 16; ///< 4 MiB per writer
    /// main, pin thread, device collector, memory sampler. A reader built with another count
    /// refuses the segment (Segment::open checks num_event_rings against it).
    static constexpr uint32_t kFixedEventRings = 4;
    static constexpr uint32_t kMemoryRing = 3;        ///< the main process's memory sampler thread
    static constexpr uint64_t kHeaderBytes = 4096;
    static constexpr uint64_t kMaxConfigSectionBytes = (1 << 20) + 4096; ///< a config is at most 1 MiB

    uint32_t num_workers = 0;
    uint32_t num_slots = 0;
    uint32_t task_ring_capacity = 0;   ///< power of two, index and done rings alike
    uint32_t event_ring_capacity = 0;
    uint32_t num_event_rings = 0;
    uint32_t max_indices = 0;          ///< batch size (indices per slot)
    uint64_t slot_payload_bytes = 0;
    uint64_t slot_stride = 0;          ///< payload rounded up to a page

    uint64_t config_section_bytes = 0; ///< the run's canonical config text, page-rounded
    uint64_t off_config = 0;
    uint64_t off_workers = 0;
    uint64_t off_index_rings = 0;
    uint64_t off_done_rings = 0;
    uint64_t off_slot_hdrs = 0;
    uint64_t off_slot_indices = 0;
    uint64_t off_event_rings = 0;
    uint64_t off_slot_data = 0;        ///< 2 MiB aligned, so it can be registered as pinned at once
    uint64_t total_bytes = 0;

    /// `configTextBytes`: the canonical config text the segment holds (configToJson).
    static ShmLayout forConfig(const Config& config, uint64_t configTextBytes);
    /// The config section for a config text of that many bytes (page-rounded, NUL included).
    static uint64_t configSectionBytes(uint64_t configTextBytes);
    /// Recomputes the layout from the counts stored in a header (used by readers).
    static ShmLayout fromCounts(uint32_t workers, uint32_t slots, uint32_t ringCap, uint32_t eventCap,
                                uint32_t maxIndices, uint64_t payloadBytes, uint64_t configSectionBytes);
    /// The lane each fixed ring's writer stands for (EventRingHdr::writer_lane), by ring index:
    /// 0 main thread, 1 pin thread, 2 device collector (it writes the copy and the compute lane),
    /// 3 memory sampler (counters on any lane, see EventKind::MemoryUsage); ring 4+k is worker k.
    /// Both directions of the ring<->lane mapping below read this one table.
    static constexpr int16_t kFixedRingLanes[kFixedEventRings] = {LaneMain, LanePin, LaneCopy, LaneMain};
    static constexpr uint32_t eventRingIndexForLane(int lane)
    {
        if (lane >= 0)
            return kFixedEventRings + uint32_t(lane);
        if (lane == LaneCompute) // the device collector's ring carries both device lanes
            lane = LaneCopy;
        for (uint32_t r = 0; r < kFixedEventRings; ++r)
            if (kFixedRingLanes[r] == lane)
                return r;
        return eventRingIndexForLane(LaneCopy); // unknown negative lanes: as before, the device ring
    }
    /// The lane a ring's writer stands for (the inverse of eventRingIndexForLane).
    static constexpr int laneForEventRing(uint32_t ring)
    {
        return ring < kFixedEventRings ? kFixedRingLanes[ring] : int(ring - kFixedEventRings);
    }
    uint64_t eventRingBytes() const { return 64 + uint64_t(event_ring_capacity) * sizeof(EventRecord); }
};

/** Free bytes on the file system of /dev/shm (statvfs), or 0 if it cannot be read. */
uint64_t shmFreeBytes();
/**
 * The config of a run about to start: parseConfig, then the engine's own rule that the whole
 * segment (slots, rings) fits in free /dev/shm, checked before anything is created (a sparse
 * segment on a full tmpfs would SIGBUS a worker). Throws ConfigError naming "loader".
 */
Config parseRunConfig(const std::string& jsonText);

/** The first page of the segment. */
struct SegmentHeader
{
    uint64_t magic = 0;
    uint32_t layout_version = 0;
    uint32_t header_bytes = 0;
    uint64_t total_bytes = 0;
    uint64_t run_nonce = 0;
    int32_t creator_pid = 0;
    uint32_t device_backend = 0;      ///< 0 unknown, 1 simulated GPU, 2 CUDA (set by the engine)
    uint64_t creator_starttime = 0;   ///< /proc/<pid>/stat field 22, against pid reuse
    uint64_t config_digest = 0;
    uint64_t config_bytes = 0;
    uint64_t config_section_bytes = 0;
    uint64_t clock_origin_ns = 0;     ///< CLOCK_MONOTONIC when the segment was made
    // counts from which every offset is recomputed and checked by readers
    uint32_t num_workers = 0;
    uint32_t num_slots = 0;
    uint32_t task_ring_capacity = 0;
    uint32_t event_ring_capacity = 0;
    uint32_t num_event_rings = 0;
    uint32_t max_indices = 0;
    uint64_t slot_payload_bytes = 0;
    // live run status, written by main
    alignas(64) std::atomic<uint32_t> run_state{0};
    std::atomic<uint32_t> epoch{0};
    std::atomic<int32_t> engine_pid{0};
    // workers bump this after publishing a Done; main sleeps on it
    WakeWord main_wake;
    // What a list of live segments shows (written once by the creator, before the magic).
    uint32_t source = 0;              ///< SegmentSource
    uint32_t reserved0 = 0;
    uint64_t start_unix_ns = 0;       ///< CLOCK_REALTIME at creation: "started at" for people
    char program[256] = {};           ///< the watched script, or "loaderscope-engine"; NUL-terminated
    // Written by the creator while it runs (a probe learns its rank when torch.distributed starts).
    alignas(64) std::atomic<int32_t> rank{-1};      ///< torch.distributed rank, -1 if not distributed
    std::atomic<int32_t> world_size{0};             ///< 0 if not distributed
    std::atomic<uint32_t> lanes_used{0};            ///< probe: highest worker lane in use + 1
    /// Asks the probe's stack watch threads for every Python stack of the job (a reader adds 1:
    /// `python3 -m loaderscope stacks SEGMENT`, the app's Show stack); each thread answers once per
    /// change within its tick (python/loaderscope/_stacks.py). 0 in segments made before it.
    std::atomic<uint32_t> stacks_asked{0};
    /// A probe's writers bump this every eighth of a ring they write, so that its collector (which
    /// sleeps up to tens of ms between drains) drains before a fast burst can overrun a ring:
    /// the C timing proxies write a record every ~0.2 us. Unused (0) by the engine's own runs
    /// and in segments made before it; appended, so every offset above stays.
    WakeWord collector_wake;
};
static_assert(sizeof(SegmentHeader) <= ShmLayout::kHeaderBytes);

} // namespace loaderscope

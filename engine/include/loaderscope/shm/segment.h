// SPDX-License-Identifier: MIT
// A run's shared-memory segment: Boost.Interprocess shared_memory_object + mapped_region over the
// fixed layout of shm_layout.h, plus the lock-free rings that live in it.
#pragma once

#include "loaderscope/base/events.h"
#include "loaderscope/shm/shm_layout.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loaderscope {

/** What a segment is made for: the counts of its sections and what a live-segment list shows. */
struct SegmentSpec
{
    uint32_t num_workers = 0;           ///< worker control blocks and worker event rings
    uint32_t num_slots = 1;             ///< batch slots (at least one; "slots" is a Qt macro)
    uint32_t task_ring_capacity = 8;    ///< power of two
    uint32_t event_ring_capacity = ShmLayout::kEventRingCapacity; ///< power of two
    uint32_t max_indices = 1;           ///< indices per slot
    uint64_t slot_payload_bytes = 0;
    std::string config_json;            ///< stored in the config section (engine: the run's config)
    /// Room kept in the config section for a longer text written later (rewriteConfig): a probe
    /// learns its DataLoaders' arguments after it made its segment.
    uint64_t config_reserve_bytes = 0;
    SegmentSource source = SegmentSource::Engine;
    std::string program;                ///< shown in lists (truncated to 255 bytes)
    int rank = -1;
    int world_size = 0;

    /// The engine's segment for a run: sizes from the loader config.
    static SegmentSpec forConfig(const Config& config, const std::string& configJson);
};

/// An atomic maximum: `peak` becomes at least `value` (any thread).
inline void raisePeak(std::atomic<uint64_t>& peak, uint64_t value)
{
    uint64_t seen = peak.load(std::memory_order_relaxed);
    while (seen < value && !peak.compare_exchange_weak(seen, value, std::memory_order_relaxed)) {
    }
}

class Segment
{
public:
    /// Main process: sizes the segment with posix_fallocate (a full /dev/shm is an error here, not
    /// a SIGBUS later), mode 0600, name "/loaderscope-<pid>-<nonce>". Throws std::runtime_error.
    static std::unique_ptr<Segment> create(const SegmentSpec& spec);
    static std::unique_ptr<Segment> create(const Config& config, const std::string& configJson)
    {
        return create(SegmentSpec::forConfig(config, configJson));
    }
    /// Workers (read-write) and readers such as the GUI (read-only). Validates magic, version,
    /// sizes and every offset before returning. Throws std::runtime_error with the reason.
    static std::unique_ptr<Segment> open(const std::string& name, bool writable);

    ~Segment();
    Segment(const Segment&) = delete;
    Segment& operator=(const Segment&) = delete;

    const std::string& name() const { return m_name; }
    /// False once the file behind the mapping is shorter than the layout (truncated by someone):
    /// reading it would raise SIGBUS. Readers ask before each drain.
    bool stillWhole() const;
    /// Removes the name from /dev/shm (mappings stay valid). Idempotent.
    void unlink();
    bool owner() const { return m_owner; }

    SegmentHeader* header() const { return reinterpret_cast<SegmentHeader*>(m_base); }
    const ShmLayout& layout() const { return m_layout; }
    uint8_t* base() const { return m_base; }

    WorkerCtl* worker(uint32_t w) const;
    Task* indexRing(uint32_t w) const;
    Done* doneRing(uint32_t w) const;
    SlotHdr* slot(uint32_t s) const;
    int64_t* slotIndices(uint32_t s) const;
    uint8_t* slotData(uint32_t s) const;
    uint8_t* slotDataBase() const { return m_base + m_layout.off_slot_data; }
    uint64_t slotDataBytes() const { return uint64_t(m_layout.num_slots) * m_layout.slot_stride; }
    EventRingHdr* eventRing(uint32_t r) const;
    EventRecord* eventRecords(uint32_t r) const;
    std::string configJson() const;
    /// Creator only: replaces the config section's text while readers may read it (a probe's
    /// description of its job, rewritten as loaders appear). False when it does not fit.
    /// The digest is cleared first and written last, so a reader can tell a torn copy.
    bool rewriteConfig(const std::string& text);
    /// The config text, or nothing when it was being rewritten while read (try again later).
    std::optional<std::string> configJsonChecked() const;
    /// Changes whenever the config text is rewritten (its FNV-1a digest; 0 while being written).
    uint64_t configDigest() const;

    /// Batch-slot bytes in use, exactly at their highest since the memory sampler last took the
    /// peak: the main process's slot table reports the bytes in use after every take, so a slot
    /// taken and given back between two samples (a short run, a fast batch) still counts. In this
    /// process's memory, not the segment's; any thread.
    void noteSlotsInUse(uint64_t bytes) { raisePeak(m_slotsPeak, bytes); }
    /// The highest since the last call, at least `now`; the next period starts at `now`.
    uint64_t takeSlotsPeak(uint64_t now) { return std::max(now, m_slotsPeak.exchange(now)); }

private:
    Segment() = default;
    /// create(): makes the shm object `name` (0600), reserves m_layout.total_bytes and maps it;
    /// removes the name again if that fails.
    void createMapping(const std::string& name);
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    std::string m_name;
    uint8_t* m_base = nullptr;
    ShmLayout m_layout;
    bool m_owner = false;
    bool m_unlinked = false;
    std::atomic<uint64_t> m_slotsPeak{0};
};

/** What a list of live segments shows (File ▸ Attach): read from a segment's header. */
struct SegmentInfo
{
    std::string name;             ///< as Segment::open takes it (the file in /dev/shm)
    SegmentSource source = SegmentSource::Engine;
    std::string program;          ///< the watched script, or "loaderscope-engine"
    int pid = 0;                  ///< the creating process (the job's Python process for a probe)
    uint64_t start_unix_ns = 0;   ///< CLOCK_REALTIME when it was made
    int rank = -1;                ///< torch.distributed rank, -1 if not distributed
    int world_size = 0;
    uint32_t lanes = 0;           ///< worker lanes in the segment
    uint32_t lanes_used = 0;      ///< probe: lanes its loaders' workers have used so far
    RunState state = RunState::Starting;
};

/**
 * The segments of live runs of this user (their creator alive, not a reused pid), newest first.
 * Segments that do not validate (foreign, being created, another layout version) are skipped.
 */
std::vector<SegmentInfo> listLiveSegments();

/** Start time of a process (/proc/<pid>/stat field 22, clock ticks since boot), 0 if gone. */
uint64_t processStartTime(int pid);
/**
 * Removes /dev/shm/loaderscope-* segments whose creator is gone (or whose pid was reused by another
 * process). A segment of a live run is never touched. Returns the names removed.
 */
std::vector<std::string> sweepStaleSegments();

// --- SPSC rings (one producer, one consumer; indices only grow) ---------------------------------

/** Producer side of worker w's index ring (main). False when full. */
bool pushTask(Segment& seg, uint32_t w, const Task& task);
/** Consumer side of worker w's index ring (worker). */
std::optional<Task> popTask(Segment& seg, uint32_t w);
/// Whether worker w's index queue holds a task (called by the worker: it alone pops).
bool taskQueued(Segment& seg, uint32_t w);
/** Producer side of the done ring (worker). False when full. */
bool pushDone(Segment& seg, uint32_t w, const Done& done);
/**
 * Asks a watched job for its Python stacks (SegmentHeader::stacks_asked + 1): the probe's stack
 * watch threads answer into the rings within their tick. Maps the header page only, writable,
 * for that one word. False with `error` set when `name` is not a live segment of a watched job
 * (an engine run's workers have no Python stack).
 */
bool askForStacks(const std::string& name, std::string* error);

/** Consumer side of the done ring (main). */
std::optional<Done> popDone(Segment& seg, uint32_t w);
/** Main, with the worker dead: empties both rings so a new generation starts clean. */
void resetRings(Segment& seg, uint32_t w);

// --- event rings -------------------------------------------------------------------------------

/** The single writer of one event ring. Never blocks; overwrites the oldest records. */
class EventWriter
{
public:
    EventWriter() = default;
    EventWriter(Segment& seg, int lane);
    /// A writer of ring `ring` (ShmLayout::kMemoryRing) whose events default to `lane`.
    EventWriter(Segment& seg, int lane, uint32_t ring);
    bool valid() const { return m_records != nullptr; }
    /// Records written that the ring's publishing reader (EventReader::publishRead) has not read.
    uint64_t unread() const
    {
        const uint64_t read = m_hdr ? m_hdr->read.load(std::memory_order_acquire) : m_pos;
        return m_pos > read ? m_pos - read : 0;
    }
    uint64_t capacity() const { return m_mask + 1; }
    void span(EventKind kind, uint64_t t0, uint64_t t1, int64_t batch = -1, int64_t arg0 = 0,
              int64_t arg1 = 0, int lane = 0x7fff);
    void instant(EventKind kind, uint64_t t, int64_t batch = -1, int64_t arg0 = 0, int64_t arg1 = 0,
                 int lane = 0x7fff)
    {
        span(kind, t, t, batch, arg0, arg1, lane);
    }

private:
    EventRingHdr* m_hdr = nullptr;
    EventRecord* m_records = nullptr;
    uint64_t m_mask = 0;
    uint64_t m_pos = 0;
    int m_lane = 0;
};

/** A reader of every event ring of a segment that never blocks a writer. */
class EventReader
{
public:
    explicit EventReader(const Segment& seg);
    /// Appends every record published since the last call. Torn or overwritten records are
    /// skipped and counted in lost().
    size_t drain(std::vector<Event>& out);
    /// Tells each ring's writer how far this reader has read (EventRingHdr::read): only the one
    /// reader whose losses count (a probe's collector) calls it.
    void publishRead() const;
    uint64_t lost() const { return m_lost; }

private:
    const Segment& m_seg;
    std::vector<uint64_t> m_pos;
    uint64_t m_lost = 0;
};

} // namespace loaderscope

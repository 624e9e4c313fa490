// SPDX-License-Identifier: MIT
// A run's shared-memory segment: Boost.Interprocess shared_memory_object + mapped_region over the
// fixed layout of shm_layout.h, plus the lock-free rings that live in it.
#pragma once

#include "loaderscope/events.h"
#include "loaderscope/shm_layout.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loaderscope {

class Segment
{
public:
    /// Main process: sizes the segment with posix_fallocate (a full /dev/shm is an error here, not
    /// a SIGBUS later), mode 0600, name "/loaderscope-<pid>-<nonce>". Throws std::runtime_error.
    static std::unique_ptr<Segment> create(const Config& config, const std::string& configJson);
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

private:
    Segment() = default;
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    std::string m_name;
    uint8_t* m_base = nullptr;
    ShmLayout m_layout;
    bool m_owner = false;
    bool m_unlinked = false;
};

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
/** Producer side of the done ring (worker). False when full. */
bool pushDone(Segment& seg, uint32_t w, const Done& done);
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
    bool valid() const { return m_records != nullptr; }
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
    uint64_t lost() const { return m_lost; }

private:
    const Segment& m_seg;
    std::vector<uint64_t> m_pos;
    uint64_t m_lost = 0;
};

} // namespace loaderscope

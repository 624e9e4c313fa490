// SPDX-License-Identifier: MIT
#include "loaderscope/segment.h"

#include "loaderscope/clock.h"
#include "loaderscope/config.h"

#include <boost/interprocess/mapped_region.hpp>
#include <boost/interprocess/shared_memory_object.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <random>
#include <signal.h>
#include <sstream>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bip = boost::interprocess;

namespace loaderscope {

namespace {

constexpr const char* kPrefix = "loaderscope-";

uint64_t alignUp(uint64_t v, uint64_t a)
{
    return (v + a - 1) / a * a;
}

uint32_t nextPow2(uint32_t v)
{
    uint32_t p = 1;
    while (p < v)
        p <<= 1;
    return p;
}

uint64_t fnv1a(const std::string& s)
{
    uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

} // namespace

ShmLayout ShmLayout::fromCounts(uint32_t workers, uint32_t slots, uint32_t ringCap, uint32_t eventCap,
                                uint32_t maxIndices, uint64_t payloadBytes, uint64_t configSectionBytes)
{
    ShmLayout l;
    l.num_workers = workers;
    l.num_slots = slots;
    l.task_ring_capacity = ringCap;
    l.event_ring_capacity = eventCap;
    l.num_event_rings = kFixedEventRings + workers;
    l.max_indices = maxIndices;
    l.slot_payload_bytes = payloadBytes;
    l.slot_stride = alignUp(std::max<uint64_t>(payloadBytes, 1), 4096);

    uint64_t off = kHeaderBytes;
    l.config_section_bytes = configSectionBytes;
    l.off_config = off;
    off += configSectionBytes;
    l.off_workers = off;
    off += alignUp(uint64_t(workers) * sizeof(WorkerCtl), 64);
    l.off_index_rings = off;
    off += alignUp(uint64_t(workers) * ringCap * sizeof(Task), 64);
    l.off_done_rings = off;
    off += alignUp(uint64_t(workers) * ringCap * sizeof(Done), 64);
    l.off_slot_hdrs = off;
    off += alignUp(uint64_t(slots) * sizeof(SlotHdr), 64);
    l.off_slot_indices = off;
    off += alignUp(uint64_t(slots) * maxIndices * sizeof(int64_t), 64);
    l.off_event_rings = off;
    off += uint64_t(l.num_event_rings) * l.eventRingBytes();
    l.off_slot_data = alignUp(off, 2u << 20);
    l.total_bytes = l.off_slot_data + uint64_t(slots) * l.slot_stride;
    return l;
}

ShmLayout ShmLayout::forConfig(const Config& c, uint64_t configTextBytes)
{
    const SegmentSpec s = SegmentSpec::forConfig(c, {});
    return fromCounts(s.num_workers, s.num_slots, s.task_ring_capacity, s.event_ring_capacity, s.max_indices,
                      s.slot_payload_bytes, configSectionBytes(configTextBytes));
}

uint64_t ShmLayout::configSectionBytes(uint64_t configTextBytes)
{
    return alignUp(configTextBytes + 1, 4096);
}

SegmentSpec SegmentSpec::forConfig(const Config& c, const std::string& configJson)
{
    SegmentSpec s;
    s.num_workers = uint32_t(c.loader.num_workers);
    const uint32_t inflight = uint32_t(c.loader.prefetch_factor) * s.num_workers;
    s.num_slots = inflight + ShmLayout::kConsumerSlots;
    // A worker may hold every in-flight task (in_order=False with one active worker), plus a
    // resume and a stop message.
    s.task_ring_capacity = nextPow2(std::max<uint32_t>(inflight + 4, 8));
    // Test only: a small event ring makes a run lose events on purpose (tst_hostile).
    s.event_ring_capacity = ShmLayout::kEventRingCapacity;
    if (const char* test = std::getenv("LOADERSCOPE_TEST_EVENT_RING"); test && *test)
        s.event_ring_capacity = nextPow2(
            std::clamp<uint32_t>(uint32_t(std::strtoul(test, nullptr, 10)), 16, ShmLayout::kEventRingCapacity));
    s.max_indices = uint32_t(c.batchSize());
    s.slot_payload_bytes = c.slotPayloadBytes();
    s.config_json = configJson;
    s.source = SegmentSource::Engine;
    s.program = "loaderscope-engine";
    return s;
}

struct Segment::Impl
{
    bip::shared_memory_object shm;
    bip::mapped_region region;
};

std::unique_ptr<Segment> Segment::create(const SegmentSpec& spec)
{
    const std::string& configJson = spec.config_json;
    auto pow2 = [](uint32_t v) { return v != 0 && (v & (v - 1)) == 0; };
    if (spec.num_slots == 0 || spec.max_indices == 0 || !pow2(spec.task_ring_capacity) ||
        !pow2(spec.event_ring_capacity))
        throw std::runtime_error("segment spec: slots and indices must be positive, ring capacities powers of two");
    std::unique_ptr<Segment> seg(new Segment);
    seg->m_layout = ShmLayout::fromCounts(spec.num_workers, spec.num_slots, spec.task_ring_capacity,
                                          spec.event_ring_capacity, spec.max_indices, spec.slot_payload_bytes,
                                          ShmLayout::configSectionBytes(configJson.size()));
    if (seg->m_layout.config_section_bytes > ShmLayout::kMaxConfigSectionBytes)
        throw std::runtime_error("the config text is larger than 1 MiB");
    std::random_device rd;
    const uint64_t nonce = (uint64_t(rd()) << 32) ^ rd();
    char name[96];
    snprintf(name, sizeof name, "%s%d-%016llx", kPrefix, int(getpid()), (unsigned long long)nonce);
    seg->m_name = name;
    seg->m_impl = std::make_unique<Impl>();
    try {
        bip::permissions perm(0600);
        seg->m_impl->shm = bip::shared_memory_object(bip::create_only, name, bip::read_write, perm);
        seg->m_owner = true;
        // shm_open applies the umask; make sure the mode is exactly 0600.
        fchmod(seg->m_impl->shm.get_mapping_handle().handle, 0600);
        const int fd = seg->m_impl->shm.get_mapping_handle().handle;
        if (int err = posix_fallocate(fd, 0, off_t(seg->m_layout.total_bytes)); err != 0) {
            throw std::runtime_error("cannot reserve " + std::to_string(seg->m_layout.total_bytes >> 20) +
                                     " MiB in /dev/shm: " + std::strerror(err));
        }
        seg->m_impl->region = bip::mapped_region(seg->m_impl->shm, bip::read_write);
    } catch (const bip::interprocess_exception& e) {
        if (seg->m_owner)
            bip::shared_memory_object::remove(name);
        throw std::runtime_error(std::string("cannot create shared memory segment: ") + e.what());
    } catch (...) {
        if (seg->m_owner)
            bip::shared_memory_object::remove(name);
        throw;
    }
    seg->m_base = static_cast<uint8_t*>(seg->m_impl->region.get_address());

    // Construct every shared object once, here, with placement new; others only reinterpret.
    const ShmLayout& L = seg->m_layout;
    auto* h = new (seg->m_base) SegmentHeader;
    h->layout_version = kLayoutVersion;
    h->header_bytes = uint32_t(ShmLayout::kHeaderBytes);
    h->total_bytes = L.total_bytes;
    h->run_nonce = nonce;
    h->creator_pid = getpid();
    h->creator_starttime = processStartTime(getpid());
    h->config_digest = fnv1a(configJson);
    h->config_bytes = configJson.size();
    h->config_section_bytes = L.config_section_bytes;
    h->clock_origin_ns = nowNs();
    h->num_workers = L.num_workers;
    h->num_slots = L.num_slots;
    h->task_ring_capacity = L.task_ring_capacity;
    h->event_ring_capacity = L.event_ring_capacity;
    h->num_event_rings = L.num_event_rings;
    h->max_indices = L.max_indices;
    h->slot_payload_bytes = L.slot_payload_bytes;
    h->engine_pid.store(getpid());
    h->source = uint32_t(spec.source);
    timespec wall {};
    clock_gettime(CLOCK_REALTIME, &wall);
    h->start_unix_ns = uint64_t(wall.tv_sec) * 1000000000ULL + uint64_t(wall.tv_nsec);
    std::snprintf(h->program, sizeof h->program, "%s", spec.program.c_str());
    h->rank.store(spec.rank);
    h->world_size.store(spec.world_size);
    std::memcpy(seg->m_base + L.off_config, configJson.data(), configJson.size());
    for (uint32_t w = 0; w < L.num_workers; ++w)
        new (seg->worker(w)) WorkerCtl;
    for (uint32_t s = 0; s < L.num_slots; ++s)
        new (seg->slot(s)) SlotHdr;
    for (uint32_t r = 0; r < L.num_event_rings; ++r) {
        auto* ring = new (seg->eventRing(r)) EventRingHdr;
        ring->writer_lane = r == 0 || r == ShmLayout::kMemoryRing ? LaneMain
                           : r == 1                        ? LanePin
                           : r == 2                        ? LaneCopy
                                                           : int(r - ShmLayout::kFixedEventRings);
        for (uint32_t i = 0; i < L.event_ring_capacity; ++i)
            new (seg->eventRecords(r) + i) EventRecord;
    }
    // Magic last, with release: a reader that sees it sees a fully built segment.
    std::atomic_thread_fence(std::memory_order_release);
    reinterpret_cast<std::atomic<uint64_t>*>(&h->magic)->store(kSegmentMagic, std::memory_order_release);
    return seg;
}

std::unique_ptr<Segment> Segment::open(const std::string& name, bool writable)
{
    std::unique_ptr<Segment> seg(new Segment);
    seg->m_name = name;
    seg->m_impl = std::make_unique<Impl>();
    const auto mode = writable ? bip::read_write : bip::read_only;
    uint64_t size = 0;
    try {
        seg->m_impl->shm = bip::shared_memory_object(bip::open_only, name.c_str(), mode);
        // shm_open does not follow links (glibc opens with O_NOFOLLOW); a segment that is not a
        // plain file of this user is refused before anything is mapped.
        struct stat st {};
        if (fstat(seg->m_impl->shm.get_mapping_handle().handle, &st) != 0 || !S_ISREG(st.st_mode))
            throw std::runtime_error("segment " + name + " is not a regular file");
        if (st.st_uid != geteuid())
            throw std::runtime_error("segment " + name + " belongs to another user (uid " + std::to_string(st.st_uid) +
                                     "): not opened");
        bip::offset_t sz = 0;
        if (!seg->m_impl->shm.get_size(sz))
            throw std::runtime_error("cannot read the size of segment " + name);
        size = uint64_t(sz);
        if (size < ShmLayout::kHeaderBytes)
            throw std::runtime_error("segment " + name + " is too small to hold a header");
        seg->m_impl->region = bip::mapped_region(seg->m_impl->shm, mode);
    } catch (const bip::interprocess_exception& e) {
        throw std::runtime_error("cannot open segment " + name + ": " + e.what());
    }
    seg->m_base = static_cast<uint8_t*>(seg->m_impl->region.get_address());
    const SegmentHeader* h = seg->header();
    const uint64_t magic =
        reinterpret_cast<const std::atomic<uint64_t>*>(&h->magic)->load(std::memory_order_acquire);
    if (magic != kSegmentMagic)
        throw std::runtime_error("segment " + name + " has a bad magic number (not a Loaderscope run, "
                                 "or not yet initialised)");
    if (h->layout_version != kLayoutVersion)
        throw std::runtime_error("segment " + name + " has layout version " +
                                 std::to_string(h->layout_version) + ", this build reads " +
                                 std::to_string(kLayoutVersion));
    // Recompute every offset from the counts and check it against the real size: nothing read
    // from shared memory is trusted without a bounds check.
    if (h->num_workers > 1024 || h->num_slots == 0 || h->num_slots > 1u << 20 ||
        h->task_ring_capacity == 0 || (h->task_ring_capacity & (h->task_ring_capacity - 1)) ||
        h->task_ring_capacity > 1u << 20 || h->event_ring_capacity == 0 ||
        (h->event_ring_capacity & (h->event_ring_capacity - 1)) || h->event_ring_capacity > 1u << 24 ||
        h->num_event_rings != ShmLayout::kFixedEventRings + h->num_workers ||
        h->max_indices == 0 || h->max_indices > 1u << 20 || h->slot_payload_bytes > (1ULL << 40) ||
        h->config_section_bytes > ShmLayout::kMaxConfigSectionBytes || h->config_section_bytes % 4096 != 0 ||
        h->config_bytes >= h->config_section_bytes)
        throw std::runtime_error("segment " + name + " has inconsistent counts in its header");
    seg->m_layout = ShmLayout::fromCounts(h->num_workers, h->num_slots, h->task_ring_capacity,
                                          h->event_ring_capacity, h->max_indices, h->slot_payload_bytes,
                                          h->config_section_bytes);
    if (seg->m_layout.total_bytes != h->total_bytes || seg->m_layout.total_bytes > size)
        throw std::runtime_error("segment " + name + " is smaller than its header says");
    return seg;
}

bool Segment::stillWhole() const
{
    struct stat st {};
    return m_impl && fstat(m_impl->shm.get_mapping_handle().handle, &st) == 0 && uint64_t(st.st_size) >= m_layout.total_bytes;
}

Segment::~Segment()
{
    if (m_owner && !m_unlinked)
        unlink();
}

void Segment::unlink()
{
    if (!m_unlinked && !m_name.empty()) {
        bip::shared_memory_object::remove(m_name.c_str());
        m_unlinked = true;
    }
}

WorkerCtl* Segment::worker(uint32_t w) const
{
    return reinterpret_cast<WorkerCtl*>(m_base + m_layout.off_workers) + w;
}
Task* Segment::indexRing(uint32_t w) const
{
    return reinterpret_cast<Task*>(m_base + m_layout.off_index_rings) + uint64_t(w) * m_layout.task_ring_capacity;
}
Done* Segment::doneRing(uint32_t w) const
{
    return reinterpret_cast<Done*>(m_base + m_layout.off_done_rings) + uint64_t(w) * m_layout.task_ring_capacity;
}
SlotHdr* Segment::slot(uint32_t s) const
{
    return reinterpret_cast<SlotHdr*>(m_base + m_layout.off_slot_hdrs) + s;
}
int64_t* Segment::slotIndices(uint32_t s) const
{
    return reinterpret_cast<int64_t*>(m_base + m_layout.off_slot_indices) + uint64_t(s) * m_layout.max_indices;
}
uint8_t* Segment::slotData(uint32_t s) const
{
    return m_base + m_layout.off_slot_data + uint64_t(s) * m_layout.slot_stride;
}
EventRingHdr* Segment::eventRing(uint32_t r) const
{
    return reinterpret_cast<EventRingHdr*>(m_base + m_layout.off_event_rings + uint64_t(r) * m_layout.eventRingBytes());
}
EventRecord* Segment::eventRecords(uint32_t r) const
{
    return reinterpret_cast<EventRecord*>(reinterpret_cast<uint8_t*>(eventRing(r)) + 64);
}
std::string Segment::configJson() const
{
    const uint64_t n = std::min<uint64_t>(header()->config_bytes, m_layout.config_section_bytes - 1);
    return std::string(reinterpret_cast<const char*>(m_base + m_layout.off_config), n);
}

uint64_t processStartTime(int pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line))
        return 0;
    // The command name (field 2) may hold spaces and parentheses: parse after the last ')'.
    const auto close = line.rfind(')');
    if (close == std::string::npos)
        return 0;
    std::istringstream rest(line.substr(close + 2));
    std::string field;
    for (int i = 3; i <= 22 && rest >> field; ++i) {
        if (i == 22)
            return std::strtoull(field.c_str(), nullptr, 10);
    }
    return 0;
}

std::vector<SegmentInfo> listLiveSegments()
{
    std::vector<SegmentInfo> out;
    DIR* dir = opendir("/dev/shm");
    if (!dir)
        return out;
    const uid_t me = geteuid();
    std::vector<std::string> names;
    while (dirent* e = readdir(dir)) {
        const std::string name = e->d_name;
        struct stat st {};
        if (name.rfind(kPrefix, 0) == 0 && stat(("/dev/shm/" + name).c_str(), &st) == 0 && st.st_uid == me)
            names.push_back(name);
    }
    closedir(dir);
    for (const std::string& name : names) {
        std::unique_ptr<Segment> seg;
        try {
            seg = Segment::open(name, /*writable=*/false);
        } catch (const std::exception&) {
            continue;
        }
        const SegmentHeader* h = seg->header();
        const int pid = h->creator_pid;
        if (pid <= 0 || (kill(pid, 0) != 0 && errno != EPERM) || processStartTime(pid) != h->creator_starttime)
            continue; // its process is gone (or the pid belongs to another process now)
        SegmentInfo i;
        i.name = name;
        i.source = SegmentSource(h->source);
        i.program = std::string(h->program, strnlen(h->program, sizeof h->program));
        i.pid = pid;
        i.start_unix_ns = h->start_unix_ns;
        i.rank = h->rank.load();
        i.world_size = h->world_size.load();
        i.lanes = seg->layout().num_workers;
        i.lanes_used = h->lanes_used.load();
        i.state = RunState(h->run_state.load());
        out.push_back(std::move(i));
    }
    std::sort(out.begin(), out.end(), [](const SegmentInfo& a, const SegmentInfo& b) { return a.start_unix_ns > b.start_unix_ns; });
    return out;
}

std::vector<std::string> sweepStaleSegments()
{
    std::vector<std::string> removed;
    DIR* dir = opendir("/dev/shm");
    if (!dir)
        return removed;
    const uid_t me = geteuid();
    while (dirent* e = readdir(dir)) {
        const std::string name = e->d_name;
        if (name.rfind(kPrefix, 0) != 0)
            continue;
        const std::string path = "/dev/shm/" + name;
        struct stat st {};
        if (stat(path.c_str(), &st) != 0 || st.st_uid != me)
            continue; // another user's run is not ours to judge
        const int pid = std::atoi(name.c_str() + std::strlen(kPrefix));
        if (pid <= 0)
            continue;
        bool alive = kill(pid, 0) == 0 || errno == EPERM;
        if (alive) {
            // The pid is in use: stale only if the header names another start time (pid reuse).
            const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
            if (fd < 0)
                continue;
            unsigned char buf[offsetof(SegmentHeader, config_digest)];
            const ssize_t n = pread(fd, buf, sizeof buf, 0);
            ::close(fd);
            uint64_t magic = 0, start = 0;
            int32_t creator = 0;
            std::memcpy(&magic, buf + offsetof(SegmentHeader, magic), sizeof magic);
            std::memcpy(&creator, buf + offsetof(SegmentHeader, creator_pid), sizeof creator);
            std::memcpy(&start, buf + offsetof(SegmentHeader, creator_starttime), sizeof start);
            if (n < ssize_t(sizeof buf) || magic != kSegmentMagic)
                continue; // still being created, or not ours: leave it
            if (creator == pid && start == processStartTime(pid))
                continue; // a live run
            alive = false;
        }
        if (!alive && shm_unlink(("/" + name).c_str()) == 0)
            removed.push_back(name);
    }
    closedir(dir);
    return removed;
}

// --- rings -------------------------------------------------------------------------------------

bool pushTask(Segment& seg, uint32_t w, const Task& task)
{
    WorkerCtl* c = seg.worker(w);
    const uint64_t cap = seg.layout().task_ring_capacity;
    const uint64_t head = c->index_head.load(std::memory_order_relaxed);
    if (head - c->index_tail.load(std::memory_order_acquire) >= cap)
        return false;
    seg.indexRing(w)[head & (cap - 1)] = task;
    c->index_head.store(head + 1, std::memory_order_release);
    c->task_wake.notify();
    return true;
}

std::optional<Task> popTask(Segment& seg, uint32_t w)
{
    WorkerCtl* c = seg.worker(w);
    const uint64_t cap = seg.layout().task_ring_capacity;
    const uint64_t tail = c->index_tail.load(std::memory_order_relaxed);
    if (c->index_head.load(std::memory_order_acquire) == tail)
        return std::nullopt;
    const Task t = seg.indexRing(w)[tail & (cap - 1)];
    c->index_tail.store(tail + 1, std::memory_order_release);
    return t;
}

bool pushDone(Segment& seg, uint32_t w, const Done& done)
{
    WorkerCtl* c = seg.worker(w);
    const uint64_t cap = seg.layout().task_ring_capacity;
    const uint64_t head = c->done_head.load(std::memory_order_relaxed);
    if (head - c->done_tail.load(std::memory_order_acquire) >= cap)
        return false;
    seg.doneRing(w)[head & (cap - 1)] = done;
    c->done_head.store(head + 1, std::memory_order_release);
    seg.header()->main_wake.notify();
    return true;
}

std::optional<Done> popDone(Segment& seg, uint32_t w)
{
    WorkerCtl* c = seg.worker(w);
    const uint64_t cap = seg.layout().task_ring_capacity;
    const uint64_t tail = c->done_tail.load(std::memory_order_relaxed);
    if (c->done_head.load(std::memory_order_acquire) == tail)
        return std::nullopt;
    const Done d = seg.doneRing(w)[tail & (cap - 1)];
    c->done_tail.store(tail + 1, std::memory_order_release);
    return d;
}

void resetRings(Segment& seg, uint32_t w)
{
    // Only called while no worker process for w exists, so main may write the worker's words.
    WorkerCtl* c = seg.worker(w);
    c->index_tail.store(c->index_head.load());
    c->done_tail.store(c->done_head.load());
    c->current_task.store(-1);
}

// --- event rings -------------------------------------------------------------------------------

EventWriter::EventWriter(Segment& seg, int lane) : EventWriter(seg, lane, ShmLayout::eventRingIndexForLane(lane)) {}

EventWriter::EventWriter(Segment& seg, int lane, uint32_t ring)
{
    const uint32_t r = std::min(ring, seg.layout().num_event_rings - 1);
    m_hdr = seg.eventRing(r);
    m_records = seg.eventRecords(r);
    m_mask = seg.layout().event_ring_capacity - 1;
    m_pos = m_hdr->head.load(std::memory_order_relaxed); // continue after a previous generation
    m_lane = lane;
}

void EventWriter::span(EventKind kind, uint64_t t0, uint64_t t1, int64_t batch, int64_t arg0,
                       int64_t arg1, int lane)
{
    if (!m_records)
        return;
    const uint64_t pos = m_pos++;
    EventRecord& r = m_records[pos & m_mask];
    r.seq.store(2 * pos + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    r.t0.store(t0, std::memory_order_relaxed);
    r.t1.store(t1, std::memory_order_relaxed);
    const int l = lane == 0x7fff ? m_lane : lane;
    r.meta.store(uint64_t(kind) | (uint64_t(uint16_t(int16_t(l))) << 8), std::memory_order_relaxed);
    r.batch.store(batch, std::memory_order_relaxed);
    r.arg0.store(arg0, std::memory_order_relaxed);
    r.arg1.store(arg1, std::memory_order_relaxed);
    r.seq.store(2 * pos + 2, std::memory_order_release);
    m_hdr->head.store(pos + 1, std::memory_order_release);
}

EventReader::EventReader(const Segment& seg)
    : m_seg(seg), m_pos(seg.layout().num_event_rings, 0)
{
}

size_t EventReader::drain(std::vector<Event>& out)
{
    const size_t before = out.size();
    const uint64_t cap = m_seg.layout().event_ring_capacity;
    for (uint32_t r = 0; r < m_pos.size(); ++r) {
        EventRingHdr* hdr = m_seg.eventRing(r);
        EventRecord* recs = m_seg.eventRecords(r);
        const uint64_t head = hdr->head.load(std::memory_order_acquire);
        uint64_t pos = m_pos[r];
        if (head < pos) { // a writer restarted its ring: resynchronise
            pos = head;
        }
        if (head - pos > cap) {
            m_lost += head - cap - pos;
            pos = head - cap;
        }
        for (; pos < head; ++pos) {
            EventRecord& rec = recs[pos & (cap - 1)];
            const uint64_t s1 = rec.seq.load(std::memory_order_acquire);
            Event e;
            e.t0 = rec.t0.load(std::memory_order_relaxed);
            e.t1 = rec.t1.load(std::memory_order_relaxed);
            const uint64_t meta = rec.meta.load(std::memory_order_relaxed);
            e.batch = rec.batch.load(std::memory_order_relaxed);
            e.arg0 = rec.arg0.load(std::memory_order_relaxed);
            e.arg1 = rec.arg1.load(std::memory_order_relaxed);
            std::atomic_thread_fence(std::memory_order_acquire);
            const uint64_t s2 = rec.seq.load(std::memory_order_relaxed);
            if (s1 != 2 * pos + 2 || s2 != s1) {
                ++m_lost; // torn, or already overwritten by a faster writer
                continue;
            }
            e.kind = EventKind(meta & 0xff);
            e.lane = int16_t(uint16_t(meta >> 8));
            if (e.kind == EventKind::None || e.kind >= EventKind::Count) {
                ++m_lost;
                continue;
            }
            out.push_back(e);
        }
        m_pos[r] = pos;
    }
    return out.size() - before;
}

} // namespace loaderscope

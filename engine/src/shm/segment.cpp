// SPDX-License-Identifier: MIT
// The segment (segment.h): creating, opening, and the sections of a mapped segment.
#include "loaderscope/shm/segment.h"

#include "segment_name.h"

#include "base/fnv1a.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/config/config.h"

#include "read_guard.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/random.h>
#include <signal.h>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loaderscope {

/// The segment's file and mapping. Owned by the Segment; the guard slot only for read-only ones.
struct Segment::Impl
{
    int fd = -1;
    void* addr = MAP_FAILED;
    size_t bytes = 0;
    int guard = -1;

    ~Impl()
    {
        read_guard::remove(guard);
        if (addr != MAP_FAILED)
            munmap(addr, bytes);
        if (fd >= 0)
            ::close(fd);
    }
};

namespace {

/// The header's fields (everything but the magic, which create() stores last).
void writeHeader(SegmentHeader* h, const ShmLayout& L, const SegmentSpec& spec, uint64_t nonce)
{
    const std::string& configJson = spec.config_json;
    h->layout_version = kLayoutVersion;
    h->header_bytes = uint32_t(ShmLayout::kHeaderBytes);
    h->total_bytes = L.total_bytes;
    h->run_nonce = nonce;
    h->creator_pid = getpid();
    h->creator_starttime = processStartTime(getpid());
    h->config_digest = fnv1a::hash64(configJson);
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
}

/// The worker controls, slot headers and event rings, each built in place.
void constructSections(Segment& seg)
{
    const ShmLayout& L = seg.layout();
    for (uint32_t w = 0; w < L.num_workers; ++w)
        new (seg.worker(w)) WorkerCtl;
    for (uint32_t s = 0; s < L.num_slots; ++s)
        new (seg.slot(s)) SlotHdr;
    for (uint32_t r = 0; r < L.num_event_rings; ++r) {
        auto* ring = new (seg.eventRing(r)) EventRingHdr;
        ring->writer_lane = ShmLayout::laneForEventRing(r);
        for (uint32_t i = 0; i < L.event_ring_capacity; ++i)
            new (seg.eventRecords(r) + i) EventRecord;
    }
}

} // namespace

void Segment::createMapping(const std::string& name)
{
    m_name = name;
    m_impl = std::make_unique<Impl>();
    // O_EXCL: a name that exists (a planted file, link or FIFO) is never taken over.
    const std::string path = "/dev/shm/" + name;
    m_impl->fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (m_impl->fd < 0)
        throw std::runtime_error("cannot create shared memory segment " + name + ": " + std::strerror(errno));
    m_owner = true;
    try {
        fchmod(m_impl->fd, 0600); // open applies the umask; make sure the mode is exactly 0600
        if (int err = posix_fallocate(m_impl->fd, 0, off_t(m_layout.total_bytes)); err != 0) {
            throw std::runtime_error("cannot reserve " + std::to_string(m_layout.total_bytes >> 20) +
                                     " MiB in /dev/shm: " + std::strerror(err));
        }
        m_impl->bytes = size_t(m_layout.total_bytes);
        m_impl->addr = mmap(nullptr, m_impl->bytes, PROT_READ | PROT_WRITE, MAP_SHARED, m_impl->fd, 0);
        if (m_impl->addr == MAP_FAILED)
            throw std::runtime_error(std::string("cannot map the shared memory segment: ") + std::strerror(errno));
    } catch (...) {
        shm_unlink(("/" + name).c_str());
        m_unlinked = true;
        throw;
    }
    m_base = static_cast<uint8_t*>(m_impl->addr);
}

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
                                          ShmLayout::configSectionBytes(std::max<uint64_t>(configJson.size(), spec.config_reserve_bytes)));
    if (seg->m_layout.config_section_bytes > ShmLayout::kMaxConfigSectionBytes)
        throw std::runtime_error("the config text is larger than 1 MiB");
    // getrandom(2), not std::random_device: the probe's library links the C++ runtime in, and
    // libstdc++'s random_device would then need glibc 2.36's arc4random (the wheel's tag: README).
    uint64_t nonce = 0;
    if (getrandom(&nonce, sizeof nonce, 0) != ssize_t(sizeof nonce))
        nonce = nowNs() ^ (uint64_t(getpid()) << 40) ^ uint64_t(reinterpret_cast<uintptr_t>(seg.get()));
    char name[96];
    snprintf(name, sizeof name, "%s%d-%016llx", kSegmentPrefix, int(getpid()), (unsigned long long)nonce);
    seg->createMapping(name);

    // Construct every shared object once, here, with placement new; others only reinterpret.
    const ShmLayout& L = seg->m_layout;
    auto* h = new (seg->m_base) SegmentHeader;
    writeHeader(h, L, spec, nonce);
    std::memcpy(seg->m_base + L.off_config, configJson.data(), configJson.size());
    constructSections(*seg);
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
    // Never through a link, never blocking on a FIFO, only a regular file of this user.
    struct stat st {};
    std::string why;
    seg->m_impl->fd = openShmFile(name, writable ? O_RDWR : O_RDONLY, st, why);
    if (seg->m_impl->fd < 0)
        throw std::runtime_error(why);
    const uint64_t size = uint64_t(st.st_size);
    if (size < ShmLayout::kHeaderBytes)
        throw std::runtime_error("segment " + name + " is too small to hold a header");
    if (size > (uint64_t(1) << 46))
        throw std::runtime_error("segment " + name + " is implausibly large");
    seg->m_impl->bytes = size_t(size);
    seg->m_impl->addr = mmap(nullptr, seg->m_impl->bytes, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED,
                             seg->m_impl->fd, 0);
    if (seg->m_impl->addr == MAP_FAILED)
        throw std::runtime_error("cannot map segment " + name + ": " + std::strerror(errno));
    // A reader of another process's segment survives the file shrinking under it (read_guard.h);
    // a writer is part of the run, which ends when its segment is damaged.
    if (!writable)
        seg->m_impl->guard = read_guard::add(seg->m_impl->addr, seg->m_impl->bytes);
    seg->m_base = static_cast<uint8_t*>(seg->m_impl->addr);
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
    return m_impl && !read_guard::hit(m_impl->guard) && fstat(m_impl->fd, &st) == 0 &&
           uint64_t(st.st_size) >= m_layout.total_bytes;
}

Segment::~Segment()
{
    if (m_owner && !m_unlinked)
        unlink();
}

void Segment::unlink()
{
    if (!m_unlinked && !m_name.empty()) {
        shm_unlink(("/" + m_name).c_str());
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

uint64_t Segment::configDigest() const
{
    return std::atomic_ref<uint64_t>(header()->config_digest).load(std::memory_order_acquire);
}

bool Segment::rewriteConfig(const std::string& text)
{
    if (text.size() + 1 > m_layout.config_section_bytes)
        return false;
    SegmentHeader* h = header();
    // A seqlock with the digest as its sequence: 0 while the text changes, its hash once whole.
    std::atomic_ref<uint64_t> digest(h->config_digest), bytes(h->config_bytes);
    digest.store(0, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    bytes.store(0, std::memory_order_relaxed);
    char* at = reinterpret_cast<char*>(m_base + m_layout.off_config);
    std::memcpy(at, text.data(), text.size());
    at[text.size()] = '\0';
    bytes.store(text.size(), std::memory_order_relaxed);
    digest.store(fnv1a::hash64(text), std::memory_order_release);
    return true;
}

std::optional<std::string> Segment::configJsonChecked() const
{
    SegmentHeader* h = header();
    std::atomic_ref<uint64_t> digest(h->config_digest), bytes(h->config_bytes);
    const uint64_t before = digest.load(std::memory_order_acquire);
    const uint64_t n = std::min<uint64_t>(bytes.load(std::memory_order_relaxed), m_layout.config_section_bytes - 1);
    std::string text(reinterpret_cast<const char*>(m_base + m_layout.off_config), n);
    std::atomic_thread_fence(std::memory_order_acquire);
    if (before == 0 || digest.load(std::memory_order_relaxed) != before || fnv1a::hash64(text) != before)
        return std::nullopt;
    return text;
}

bool askForStacks(const std::string& name, std::string* error)
{
    const auto fail = [&](const std::string& why) {
        if (error)
            *error = why;
        return false;
    };
    struct stat st {};
    std::string why;
    const int fd = openShmFile(name, O_RDWR, st, why);
    if (fd < 0)
        return fail(why);
    if (uint64_t(st.st_size) < ShmLayout::kHeaderBytes) {
        ::close(fd);
        return fail("segment " + name + " is too small to hold a header");
    }
    void* addr = mmap(nullptr, ShmLayout::kHeaderBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    ::close(fd);
    if (addr == MAP_FAILED)
        return fail("cannot map segment " + name + ": " + std::strerror(errno));
    auto* h = static_cast<SegmentHeader*>(addr);
    const uint64_t magic = reinterpret_cast<const std::atomic<uint64_t>*>(&h->magic)->load(std::memory_order_acquire);
    bool ok = false;
    if (magic != kSegmentMagic || h->layout_version != kLayoutVersion)
        why = "segment " + name + " is not a running Loaderscope job of this version";
    else if (h->source != uint32_t(SegmentSource::Probe))
        why = "segment " + name + " is an engine run's: its workers are not Python, they have no Python stack";
    else {
        h->stacks_asked.fetch_add(1, std::memory_order_acq_rel);
        ok = true;
    }
    munmap(addr, ShmLayout::kHeaderBytes);
    return ok || fail(why);
}

} // namespace loaderscope

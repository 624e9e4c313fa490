// SPDX-License-Identifier: MIT
// The memory sampler (memory.h): smaps_rollup readings, the slots in use, /dev/shm, pinned memory.
#include "loaderscope/shm/memory.h"
#include "loaderscope/base/bytes.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/base/events.h"
#include "loaderscope/shm/segment.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <string>
#include <pthread.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace loaderscope {

namespace {

/// Upper bound on the remembered last samples (one per process ever sampled).
constexpr size_t kMaxRemembered = 1024;

/// The value of a "Key:   1234 kB" line in bytes, or -1 when `line` is another key.
int64_t kbField(std::string_view line, std::string_view key)
{
    if (line.size() <= key.size() || line.compare(0, key.size(), key) != 0 || line[key.size()] != ':')
        return -1;
    size_t i = key.size() + 1;
    while (i < line.size() && line[i] == ' ')
        ++i;
    uint64_t kb = 0;
    const auto [end, ec] = std::from_chars(line.data() + i, line.data() + line.size(), kb);
    if (ec != std::errc())
        return -1;
    (void)end;
    return int64_t(kb * 1024);
}

/// The parent pid of a process (/proc/PID/stat field 4), 0 if it cannot be read.
pid_t parentOf(pid_t pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", int(pid));
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char buf[512];
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so look from the last ')'.
    const char* close = std::strrchr(buf, ')');
    if (!close)
        return 0;
    char state = 0;
    int ppid = 0;
    if (std::sscanf(close + 1, " %c %d", &state, &ppid) != 2)
        return 0;
    return pid_t(ppid);
}

} // namespace

std::optional<ProcessMemory> parseSmapsRollup(std::string_view text)
{
    ProcessMemory m;
    bool rss = false;
    uint64_t privClean = 0, privDirty = 0;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        const std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        int64_t v;
        if ((v = kbField(line, "Rss")) >= 0) {
            m.rss = uint64_t(v);
            rss = true;
        } else if ((v = kbField(line, "Pss")) >= 0) {
            m.pss = uint64_t(v);
        } else if ((v = kbField(line, "Private_Clean")) >= 0) {
            privClean = uint64_t(v);
        } else if ((v = kbField(line, "Private_Dirty")) >= 0) {
            privDirty = uint64_t(v);
        }
    }
    if (!rss)
        return std::nullopt;
    m.uss = privClean + privDirty;
    return m;
}

ProcessMemoryReader::ProcessMemoryReader(pid_t pid) : m_pid(pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/smaps_rollup", int(pid));
    m_rollup = ::open(path, O_RDONLY | O_CLOEXEC);
    std::snprintf(path, sizeof path, "/proc/%d/statm", int(pid));
    m_statm = ::open(path, O_RDONLY | O_CLOEXEC);
    m_buf.resize(4096);
}

ProcessMemoryReader::~ProcessMemoryReader()
{
    if (m_rollup >= 0)
        ::close(m_rollup);
    if (m_statm >= 0)
        ::close(m_statm);
}

std::optional<ProcessMemory> ProcessMemoryReader::read()
{
    if (m_rollup < 0)
        return std::nullopt;
    // pread at 0 regenerates the seq_file; the text is about 1 KiB.
    size_t have = 0;
    for (;;) {
        const ssize_t n = ::pread(m_rollup, m_buf.data() + have, m_buf.size() - have, off_t(have));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        have += size_t(n);
        if (have == m_buf.size())
            m_buf.resize(m_buf.size() * 2);
    }
    return have == 0 ? std::nullopt : parseSmapsRollup(std::string_view(m_buf.data(), have));
}

std::optional<uint64_t> ProcessMemoryReader::rss()
{
    if (m_statm < 0)
        return std::nullopt;
    char buf[256];
    ssize_t n;
    do {
        n = ::pread(m_statm, buf, sizeof buf - 1, 0);
    } while (n < 0 && errno == EINTR);
    if (n <= 0)
        return std::nullopt;
    buf[n] = '\0';
    // "size resident shared text lib data dt", in pages
    unsigned long long size = 0, resident = 0;
    // A zombie (exited, not yet reaped) reads as all zeros: it holds no memory any more.
    if (std::sscanf(buf, "%llu %llu", &size, &resident) != 2 || resident == 0)
        return std::nullopt;
    static const uint64_t page = uint64_t(sysconf(_SC_PAGESIZE));
    return uint64_t(resident) * page;
}

std::optional<ShmSpace> devShmSpace()
{
    struct statvfs s {};
    if (statvfs("/dev/shm", &s) != 0)
        return std::nullopt;
    ShmSpace space;
    space.size = uint64_t(s.f_blocks) * uint64_t(s.f_frsize);
    space.used = uint64_t(s.f_blocks - s.f_bfree) * uint64_t(s.f_frsize);
    space.free = uint64_t(s.f_bavail) * uint64_t(s.f_frsize);
    return space;
}



std::optional<ShmMapped> devShmMapped(const std::vector<int32_t>& pids)
{
    // (device, inode) -> the furthest extent mapped: a file mapped by several processes, or in
    // several regions, counts once.
    std::map<std::pair<std::string, uint64_t>, uint64_t> extent;
    bool read = false;
    std::vector<char> buffer(64 * 1024);
    for (const int32_t pid : pids) {
        FILE* f = std::fopen(("/proc/" + std::to_string(pid) + "/maps").c_str(), "re");
        if (!f)
            continue;
        read = true;
        // procfs says 1 KiB blocks, and stdio would read a PyTorch process's ~200 KB of maps in as
        // many system calls: 1.0 ms of CPU against 0.6 with 64 KiB reads (measured, issue 45).
        std::setvbuf(f, buffer.data(), _IOFBF, buffer.size());
        char line[4096];
        while (std::fgets(line, sizeof line, f)) {
            // The path is the line's last field; a longer line's rest comes as a line of its own
            // and parses as nothing.
            if (!std::strstr(line, " /dev/shm/"))
                continue;
            unsigned long long start = 0, end = 0, offset = 0, inode = 0;
            char perms[8] = {}, dev[32] = {};
            if (std::sscanf(line, "%llx-%llx %7s %llx %31s %llu", &start, &end, perms, &offset, dev, &inode) != 6 || end <= start)
                continue;
            uint64_t& e = extent[{dev, inode}];
            e = std::max<uint64_t>(e, offset + (end - start));
        }
        std::fclose(f);
    }
    if (!read)
        return std::nullopt;
    ShmMapped m;
    for (const auto& [file, bytes] : extent) {
        m.bytes += bytes;
        ++m.files;
    }
    return m;
}

PinnedAccounting& pinnedAccounting()
{
    static PinnedAccounting accounting;
    return accounting;
}

double memorySampleHz()
{
    constexpr double kDefault = 20.0;
    const char* v = std::getenv("LOADERSCOPE_MEMORY_SAMPLE_HZ");
    if (!v || !*v)
        return kDefault;
    char* end = nullptr;
    const double hz = std::strtod(v, &end);
    if (!end || *end != '\0' || !(hz >= 0))
        return kDefault;
    return std::min(hz, 1000.0);
}

void reportOwnMemoryAtExit(EventWriter& events)
{
    if (memorySampleHz() <= 0)
        return;
    ProcessMemoryReader self(getpid());
    if (const std::optional<ProcessMemory> m = self.read())
        events.instant(EventKind::MemoryUsage, nowNs(), int64_t(m->uss), int64_t(m->rss), int64_t(m->pss));
}

// --- MemorySampler -----------------------------------------------------------------------------

MemorySampler::MemorySampler(Segment& segment, double hz, bool sharedPinned, Budget budget)
    : m_budget(budget), m_segment(segment), m_periodNs(uint64_t(1e9 / std::max(hz, 0.01))), m_sharedPinned(sharedPinned),
      m_events(std::make_unique<EventWriter>(segment, LaneMain, ShmLayout::kMemoryRing)),
      m_workers(segment.layout().num_workers)
{
    m_self.pid = getpid();
    m_self.lane = LaneMain;
    m_self.reader = std::make_unique<ProcessMemoryReader>(m_self.pid);
    for (uint32_t w = 0; w < m_workers.size(); ++w)
        m_workers[w].lane = int(w);
    m_rollupTokensNs = double(m_periodNs) * m_budget.rollup_cpu_share * 4; // the first tick reads everyone
    m_thread = std::thread([this] { run(); });
}

MemorySampler::~MemorySampler()
{
    stop();
}

void MemorySampler::stop()
{
    if (m_stopped)
        return;
    m_stopped = true;
    {
        std::lock_guard lock(m_stopMutex);
        m_done = true;
    }
    m_stopCv.notify_all();
    if (m_thread.joinable())
        m_thread.join();
    // The state at the end, every process's PSS and USS whatever the budget (the loop is over, so
    // the reads no longer compete with it); the thread is gone: this thread is the ring's writer now.
    sampleOnce(/*everyone=*/true);
}

std::optional<MemorySample> MemorySampler::last(pid_t pid) const
{
    std::lock_guard lock(m_lastMutex);
    if (auto it = m_last.find(pid); it != m_last.end())
        return it->second;
    return std::nullopt;
}

uint64_t MemorySampler::slotBytesInUse(const Segment& segment)
{
    const ShmLayout& l = segment.layout();
    uint64_t inUse = 0;
    for (uint32_t s = 0; s < l.num_slots; ++s)
        inUse += segment.slot(s)->state.load(std::memory_order_relaxed) != uint32_t(SlotState::Free) ? 1 : 0;
    return inUse * l.slot_payload_bytes;
}

void MemorySampler::run()
{
    pthread_setname_np(pthread_self(), "ls_memory"); // what top -H and perf show for it
    auto next = std::chrono::steady_clock::now();
    std::unique_lock lock(m_stopMutex);
    while (!m_done) {
        lock.unlock();
        const uint64_t cpu0 = threadCpuNs();
        sampleOnce();
        m_cpuNs.fetch_add(threadCpuNs() - cpu0, std::memory_order_relaxed);
        lock.lock();
        // A fixed grid (not "period after the last one"), so slow reads do not stretch it;
        // missed ticks are skipped, not caught up.
        next += std::chrono::nanoseconds(m_periodNs);
        const auto now = std::chrono::steady_clock::now();
        if (next < now)
            next = now + std::chrono::nanoseconds(m_periodNs);
        m_stopCv.wait_until(lock, next, [this] { return m_done; });
    }
}

void MemorySampler::remember(const Probe& p, uint64_t t, const ProcessMemory& m, bool rollup)
{
    std::lock_guard lock(m_lastMutex);
    MemorySample& s = m_last[p.pid];
    s.pid = p.pid;
    s.lane = p.lane;
    s.t = t;
    s.memory.rss = m.rss;
    if (rollup) {
        s.t_rollup = t;
        s.memory.pss = m.pss;
        s.memory.uss = m.uss;
    }
    if (m_last.size() > kMaxRemembered) {
        auto oldest = std::min_element(m_last.begin(), m_last.end(),
                                       [](const auto& a, const auto& b) { return a.second.t < b.second.t; });
        m_last.erase(oldest);
    }
}

void MemorySampler::sampleOnce(bool everyone)
{
    const uint64_t t = nowNs();
    EventWriter& ev = *m_events;
    // The processes now: this one and every live worker.
    std::vector<Probe*> probes{&m_self};
    const pid_t self = getpid();
    for (uint32_t w = 0; w < m_workers.size(); ++w) {
        Probe& p = m_workers[w];
        const WorkerCtl* ctl = m_segment.worker(w);
        const int32_t pid = ctl->pid.load(std::memory_order_acquire);
        const uint32_t state = ctl->state.load(std::memory_order_relaxed);
        if (pid <= 0 || state == uint32_t(WorkerState::Empty) || state == uint32_t(WorkerState::Exited)) {
            p.reader.reset();
            p.pid = 0;
            continue;
        }
        if (pid != p.pid) {
            // A new process for this worker id. The pid comes from shared memory: read it only
            // if it is our own child (fork workers are cloned with CLONE_PARENT, spawn ones are
            // spawned by this process), so a stale or forged pid never names a stranger.
            p.pid = pid;
            p.lastRollup = 0;
            p.reader.reset();
            if (parentOf(pid) == self)
                p.reader = std::make_unique<ProcessMemoryReader>(pid);
        }
        if (p.reader)
            probes.push_back(&p);
    }
    // The run's own share of /dev/shm (ShmUsage's is every user's), a few times a second: due
    // every shm_own_every_ns, or sooner while /dev/shm's use moves.
    const std::optional<ShmSpace> shm = devShmSpace();
    const uint64_t used = shm ? shm->used : 0;
    const uint64_t moved = used > m_shmUsedAtOwn ? used - m_shmUsedAtOwn : m_shmUsedAtOwn - used;
    const uint64_t since = t - m_lastShmOwn;
    const bool soon = m_budget.shm_own_moved_bytes > 0 && moved >= m_budget.shm_own_moved_bytes &&
                      since >= m_budget.shm_own_soonest_ns;
    const bool ownDue = everyone || since >= m_budget.shm_own_every_ns || soon;
    // PSS and USS within the CPU budget, the process read longest ago first.
    const double cap = double(m_periodNs) * m_budget.rollup_cpu_share * 4;
    m_rollupTokensNs = std::min(cap, m_rollupTokensNs + double(m_periodNs) * m_budget.rollup_cpu_share);
    // Under the budget too (shm_own_in_budget): a due own read waits for tokens, and goes while
    // it has spent no more of them than the rollups since it became due, and no process is
    // waiting for its first PSS (new workers are read first: a short job's would otherwise
    // end unread).
    bool ownNow = ownDue;
    bool rollupsNow = true;
    if (m_budget.shm_own_in_budget && !everyone) {
        if (!ownDue)
            m_shmOwnSpentNs = std::max(m_shmOwnSpentNs, m_rollupSpentNs); // no credit from its idle time
        const bool unread = std::any_of(probes.begin(), probes.end(), [](const Probe* p) { return p->lastRollup == 0; });
        ownNow = ownDue && m_rollupTokensNs > 0 && m_shmOwnSpentNs <= m_rollupSpentNs && !unread;
        rollupsNow = !ownNow;
    }
    std::vector<Probe*> order = probes;
    std::stable_sort(order.begin(), order.end(), [](const Probe* a, const Probe* b) { return a->lastRollup < b->lastRollup; });
    std::map<const Probe*, ProcessMemory> rolled;
    for (Probe* p : order) {
        if (!everyone && (!rollupsNow || m_rollupTokensNs <= 0))
            break;
        const uint64_t c0 = threadCpuNs();
        const std::optional<ProcessMemory> m = p->reader->read();
        const double spent = double(threadCpuNs() - c0);
        m_rollupTokensNs -= spent;
        m_rollupSpentNs += everyone ? 0 : spent;
        // Tried is read, for the order: one that cannot be read (gone, a zombie) goes to the back
        // rather than keep its place at the front and the own read waiting (`unread`).
        p->lastRollup = t;
        if (m) {
            rolled[p] = *m;
            m_rollups.fetch_add(1, std::memory_order_relaxed);
        }
    }
    for (Probe* p : probes) {
        if (auto it = rolled.find(p); it != rolled.end()) {
            const ProcessMemory& m = it->second;
            ev.instant(EventKind::MemoryUsage, t, int64_t(m.uss), int64_t(m.rss), int64_t(m.pss), p->lane);
            remember(*p, t, m, true);
        } else if (const std::optional<uint64_t> rss = p->reader->rss()) {
            ev.instant(EventKind::MemoryUsage, t, -1, int64_t(*rss), -1, p->lane);
            remember(*p, t, ProcessMemory{*rss, 0, 0}, false);
        }
    }
    // The most in use since the last sample (counted where slots and buffers are taken), not
    // only what this instant's scan sees: a short run's batches pass between two samples.
    const uint64_t slots = m_segment.takeSlotsPeak(slotBytesInUse(m_segment));
    ev.instant(EventKind::ShmUsage, t, shm ? int64_t(shm->size) : 0, int64_t(slots), shm ? int64_t(shm->used) : 0,
               LaneMain);
    if (ownNow) {
        const uint64_t c0 = threadCpuNs();
        m_lastShmOwn = t;
        m_shmUsedAtOwn = used;
        std::vector<int32_t> pids;
        for (const Probe* p : probes)
            pids.push_back(p == &m_self ? int32_t(self) : p->pid);
        if (const std::optional<ShmMapped> own = devShmMapped(pids))
            ev.instant(EventKind::ShmOwn, t, -1, int64_t(own->bytes), int64_t(own->files), LaneMain);
        m_shmOwnReads.fetch_add(1, std::memory_order_relaxed);
        if (m_budget.shm_own_in_budget && !everyone) {
            const double spent = double(threadCpuNs() - c0);
            m_rollupTokensNs -= spent;
            m_shmOwnSpentNs += spent;
        }
    }
    PinnedAccounting& pinned = pinnedAccounting();
    const uint64_t held = pinned.held.load(std::memory_order_relaxed);
    uint64_t inUse = pinned.in_use.load(std::memory_order_relaxed);
    inUse = std::max(inUse, pinned.in_use_peak.exchange(inUse, std::memory_order_relaxed));
    if (m_sharedPinned)
        inUse = std::min(held, slots);
    // Only while there is (or just was) pinned memory: most runs have none.
    if (held > 0 || m_lastPinnedHeld > 0)
        ev.instant(EventKind::PinnedMemory, t, -1, int64_t(held), int64_t(inUse), LaneMain);
    m_lastPinnedHeld = held;
    m_ticks.fetch_add(1, std::memory_order_relaxed);
}

} // namespace loaderscope

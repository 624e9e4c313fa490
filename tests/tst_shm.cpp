// SPDX-License-Identifier: MIT
// The shared-memory segment, its rings, futex wake-ups and the stale-segment sweeper, with real
// processes killed at random moments; a probe's description rewritten in place and read whole.
#include "loaderscope/base/clock.h"
#include "loaderscope/config/config.h"
#include "loaderscope/shm/drain_pacer.h"
#include "loaderscope/shm/segment.h"

#include <QtTest>

#include <algorithm>
#include <cstdio>

#include <csignal>
#include <fcntl.h>
#include <random>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace loaderscope;

namespace {

Config smallConfig()
{
    return parseConfig(R"({"dataset":{"sample_bytes":256},"loader":{"batch_size":4,"num_workers":2}})");
}

bool segmentExists(const std::string& name)
{
    return access(("/dev/shm/" + name).c_str(), F_OK) == 0;
}

pid_t forkChild()
{
    const pid_t pid = fork();
    if (pid == 0)
        prctl(PR_SET_PDEATHSIG, SIGKILL);
    return pid;
}

} // namespace

class TestShm : public QObject
{
    Q_OBJECT
private slots:
    void createOpenUnlink();
    void probeSegmentFromSpec();
    void probeDescriptionRewritten();
    void rejectsForeignSegments();
    void spscAcrossProcesses();
    void ringFull();
    void drainPacer();
    void eventRingSurvivesKilledWriters();
    void futexWakesAnotherProcess();
    void sweeperRemovesOnlyStale();
};

void TestShm::createOpenUnlink()
{
    const Config c = smallConfig();
    auto seg = Segment::create(c, configToJson(c));
    const std::string name = seg->name();
    QVERIFY(segmentExists(name));
    struct stat st {};
    QCOMPARE(stat(("/dev/shm/" + name).c_str(), &st), 0);
    QCOMPARE(int(st.st_mode & 0777), 0600);
    QCOMPARE(seg->header()->creator_pid, int32_t(getpid()));
    QCOMPARE(seg->layout().num_slots, uint32_t(2 * 2 + ShmLayout::kConsumerSlots));
    QCOMPARE(reinterpret_cast<uintptr_t>(seg->slotDataBase()) % 4096, uintptr_t(0));
    auto reader = Segment::open(name, false);
    QCOMPARE(reader->layout().total_bytes, seg->layout().total_bytes);
    QCOMPARE(reader->configJson(), configToJson(c));
    seg.reset(); // the creator unlinks on destruction
    QVERIFY(!segmentExists(name));
    // the reader's mapping stays valid after the unlink
    QCOMPARE(reader->header()->creator_pid, int32_t(getpid()));
}

void TestShm::probeDescriptionRewritten()
{
    // A probe describes its DataLoaders after it made its segment: the text is rewritten in the
    // room kept for it, and a reader sees each version whole (or is told to read it again).
    SegmentSpec spec;
    spec.num_workers = 1;
    spec.event_ring_capacity = 1u << 10;
    spec.config_json = R"({"source":"pytorch"})";
    spec.config_reserve_bytes = 16 * 1024;
    spec.source = SegmentSource::Probe;
    auto seg = Segment::create(spec);
    auto reader = Segment::open(seg->name(), false);
    QCOMPARE(reader->configJsonChecked().value_or(""), spec.config_json);
    const uint64_t first = reader->configDigest();
    QVERIFY(first != 0);
    const std::string described = R"({"source":"pytorch","loaders":[{"index":0,"knobs":{"num_workers":2,"pin_memory":false}}]})";
    QVERIFY(seg->rewriteConfig(described));
    QCOMPARE(reader->configJsonChecked().value_or(""), described);
    QVERIFY(reader->configDigest() != first);
    // A shorter text replaces the longer one entirely; one past the room is refused, the old
    // text kept.
    QVERIFY(seg->rewriteConfig("{}"));
    QCOMPARE(reader->configJsonChecked().value_or(""), std::string("{}"));
    QVERIFY(!seg->rewriteConfig(std::string(reader->layout().config_section_bytes, 'x')));
    QCOMPARE(reader->configJsonChecked().value_or(""), std::string("{}"));
    // A copy torn by a rewrite in progress (the digest cleared first) is not handed out.
    std::atomic_ref<uint64_t>(seg->header()->config_digest).store(0);
    QVERIFY(!reader->configJsonChecked());
}

void TestShm::probeSegmentFromSpec()
{
    // What the Python probe makes: no engine config, event rings only, named for a live list.
    SegmentSpec spec;
    spec.num_workers = 5;
    spec.event_ring_capacity = 1u << 10;
    spec.config_json = R"({"source":"pytorch"})";
    spec.source = SegmentSource::Probe;
    spec.program = "/home/me/train.py";
    spec.rank = 1;
    spec.world_size = 2;
    auto seg = Segment::create(spec);
    QVERIFY(segmentExists(seg->name()));
    QVERIFY(seg->name().rfind("loaderscope-" + std::to_string(getpid()) + "-", 0) == 0);
    auto reader = Segment::open(seg->name(), false);
    const SegmentHeader* h = reader->header();
    QCOMPARE(h->layout_version, kLayoutVersion);
    QCOMPARE(h->source, uint32_t(SegmentSource::Probe));
    QCOMPARE(std::string(h->program), spec.program);
    QCOMPARE(h->rank.load(), 1);
    QCOMPARE(h->world_size.load(), 2);
    QVERIFY(h->start_unix_ns > 1600000000ULL * 1000000000ULL); // wall clock, not monotonic
    QCOMPARE(reader->layout().num_workers, 5u);
    QCOMPARE(reader->layout().num_event_rings, 5u + ShmLayout::kFixedEventRings);
    QCOMPARE(reader->configJson(), spec.config_json);
    // Every worker lane has its own ring, readable with the engine's reader.
    EventWriter w4(*seg, 4);
    w4.span(EventKind::Fetch, 10, 20, batchKey(0, 3), 7);
    EventReader r(*reader);
    std::vector<Event> got;
    r.drain(got);
    QCOMPARE(got.size(), size_t(1));
    QCOMPARE(got[0].lane, int16_t(4));
    QCOMPARE(got[0].arg0, int64_t(7));
    // The engine's own segments say so too.
    const Config c = smallConfig();
    auto engine = Segment::create(c, configToJson(c));
    QCOMPARE(engine->header()->source, uint32_t(SegmentSource::Engine));
    QCOMPARE(std::string(engine->header()->program), std::string("loaderscope-engine"));
    QCOMPARE(engine->header()->rank.load(), -1);
    // Both are live runs of this process: listed, the newest first, with what a list shows.
    const std::vector<SegmentInfo> live = listLiveSegments();
    auto find = [&](const std::string& n) {
        return std::find_if(live.begin(), live.end(), [&](const SegmentInfo& i) { return i.name == n; });
    };
    const auto p = find(seg->name()), e = find(engine->name());
    QVERIFY(p != live.end() && e != live.end());
    QCOMPARE(int(p->source), int(SegmentSource::Probe));
    QCOMPARE(p->program, spec.program);
    QCOMPARE(p->pid, int(getpid()));
    QCOMPARE(p->rank, 1);
    QCOMPARE(p->lanes, 5u);
    QVERIFY(e - live.begin() < p - live.begin() || e->start_unix_ns == p->start_unix_ns);
    // A segment whose creator is gone is not live.
    const pid_t child = fork();
    if (child == 0) {
        auto orphan = Segment::create(spec);
        const std::string n = orphan->name();
        (void)orphan.release(); // leave it behind, as a killed job would
        FILE* f = fopen(("/tmp/lsprobe-orphan-" + std::to_string(getpid())).c_str(), "w");
        if (f) {
            fputs(n.c_str(), f);
            fclose(f);
        }
        _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    char orphanName[128] = {};
    const std::string note = "/tmp/lsprobe-orphan-" + std::to_string(child);
    if (FILE* f = fopen(note.c_str(), "r")) {
        QVERIFY(fgets(orphanName, sizeof orphanName, f) != nullptr);
        fclose(f);
    }
    std::remove(note.c_str());
    QVERIFY(segmentExists(orphanName));
    const std::vector<SegmentInfo> after = listLiveSegments();
    QVERIFY(std::none_of(after.begin(), after.end(), [&](const SegmentInfo& i) { return i.name == orphanName; }));
    shm_unlink(("/" + std::string(orphanName)).c_str());

    // A spec that cannot make a valid segment is refused before anything is created.
    SegmentSpec bad = spec;
    bad.event_ring_capacity = 1000;
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, Segment::create(bad));
}

void TestShm::rejectsForeignSegments()
{
    const std::string name = "loaderscope-test-foreign-" + std::to_string(getpid());
    const int fd = shm_open(("/" + name).c_str(), O_CREAT | O_RDWR, 0600);
    QVERIFY(fd >= 0);
    QCOMPARE(ftruncate(fd, 8192), 0);
    std::vector<char> junk(8192, 'j');
    QCOMPARE(write(fd, junk.data(), junk.size()), ssize_t(junk.size()));
    close(fd);
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, Segment::open(name, false));
    // a segment too small for a header
    QCOMPARE(truncate(("/dev/shm/" + name).c_str(), 100), 0);
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, Segment::open(name, false));
    shm_unlink(("/" + name).c_str());

    // a valid segment whose counts were tampered with
    const Config c = smallConfig();
    auto seg = Segment::create(c, configToJson(c));
    seg->header()->num_slots = 1u << 30;
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, Segment::open(seg->name(), false));
}

void TestShm::spscAcrossProcesses()
{
    const Config c = smallConfig();
    auto seg = Segment::create(c, configToJson(c));
    constexpr int kCount = 20000;
    const pid_t child = forkChild();
    if (child == 0) {
        auto s = Segment::open(seg->name(), true);
        for (int i = 0; i < kCount;) {
            Done d;
            d.task_idx = i;
            if (pushDone(*s, 1, d))
                ++i;
        }
        _exit(0);
    }
    int expected = 0;
    const uint64_t deadline = nowNs() + 30'000'000'000ULL;
    while (expected < kCount && nowNs() < deadline) {
        if (auto d = popDone(*seg, 1)) {
            QCOMPARE(d->task_idx, int64_t(expected));
            ++expected;
        }
    }
    int status = 0;
    waitpid(child, &status, 0);
    QCOMPARE(expected, kCount);
    QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

void TestShm::ringFull()
{
    const Config c = smallConfig();
    auto seg = Segment::create(c, configToJson(c));
    const uint32_t cap = seg->layout().task_ring_capacity;
    Task t;
    for (uint32_t i = 0; i < cap; ++i)
        QVERIFY(pushTask(*seg, 0, t));
    QVERIFY(!pushTask(*seg, 0, t));
    QVERIFY(popTask(*seg, 0).has_value());
    QVERIFY(pushTask(*seg, 0, t));
}

void TestShm::eventRingSurvivesKilledWriters()
{
    // Writers are SIGKILLed at random instants, mid-record included; new generations continue
    // the same ring. The reader never blocks, never returns a torn record, and sees each
    // writer's timestamps in order.
    const Config c = smallConfig();
    auto seg = Segment::create(c, configToJson(c));
    EventReader reader(*seg);
    std::vector<Event> events;
    std::mt19937 rng(1234);
    int kills = 0;
    for (int round = 0; round < 12; ++round) {
        const pid_t child = forkChild();
        if (child == 0) {
            EventWriter w(*seg, 0);
            for (int64_t i = 0;; ++i) {
                const uint64_t t = nowNs();
                w.span(EventKind::Fetch, t, t + 1, round, i, i);
            }
        }
        const uint64_t until = nowNs() + 2'000'000ULL + rng() % 20'000'000ULL;
        while (nowNs() < until)
            reader.drain(events);
        kill(child, SIGKILL);
        waitpid(child, nullptr, 0);
        ++kills;
    }
    reader.drain(events);
    QCOMPARE(kills, 12);
    QVERIFY(events.size() > 1000);
    uint64_t last = 0;
    for (const Event& e : events) {
        QCOMPARE(e.kind, EventKind::Fetch);
        QCOMPARE(e.lane, int16_t(0));
        QCOMPARE(e.arg0, e.arg1);       // never a mix of two records
        QCOMPARE(e.t1, e.t0 + 1);
        QVERIFY(e.t0 >= last);          // per-writer order holds across generations
        last = e.t0;
    }
    qInfo("read %zu events, %llu lost or torn", events.size(), (unsigned long long)reader.lost());
}

void TestShm::futexWakesAnotherProcess()
{
    const Config c = smallConfig();
    auto seg = Segment::create(c, configToJson(c));
    WakeWord& w = seg->header()->main_wake;
    const uint32_t seen = w.seq.load();
    const pid_t child = forkChild();
    if (child == 0) {
        auto s = Segment::open(seg->name(), true);
        // woken well before the 20 s timeout, or the test fails
        const bool woke = s->header()->main_wake.wait(seen, 20'000'000'000ULL);
        _exit(woke && s->header()->main_wake.seq.load() != seen ? 0 : 1);
    }
    // wait until the child sleeps, then wake it
    while (w.sleepers.load() == 0)
        usleep(1000);
    w.notify();
    int status = 0;
    waitpid(child, &status, 0);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 0);
}

void TestShm::sweeperRemovesOnlyStale()
{
    const Config c = smallConfig();
    // 1. a run whose process is gone
    int pipefd[2];
    QCOMPARE(pipe(pipefd), 0);
    const pid_t child = forkChild();
    if (child == 0) {
        close(pipefd[0]);
        auto s = Segment::create(c, configToJson(c));
        const std::string n = s->name();
        write(pipefd[1], n.c_str(), n.size() + 1);
        _exit(0); // no destructor: the segment is left behind, as after SIGKILL
    }
    close(pipefd[1]);
    char buf[256] = {};
    QVERIFY(read(pipefd[0], buf, sizeof buf - 1) > 0);
    close(pipefd[0]);
    waitpid(child, nullptr, 0);
    const std::string dead = buf;
    QVERIFY(segmentExists(dead));

    // 2. a live run (ours), and 3. one whose pid was reused (start time differs)
    auto live = Segment::create(c, configToJson(c));
    auto reused = Segment::create(c, configToJson(c));
    reused->header()->creator_starttime += 1;

    const auto removed = sweepStaleSegments();
    QVERIFY(!segmentExists(dead));
    QVERIFY(segmentExists(live->name()));
    QVERIFY(!segmentExists(reused->name()));
    QVERIFY(std::find(removed.begin(), removed.end(), dead) != removed.end());
}


// The drainers' pause (issue 45): grows at most twofold per quiet drain up to its longest, shrinks
// at once when events pour in, so that no ring fills past an eighth before the next drain.
void TestShm::drainPacer()
{
    using loaderscope::DrainPacer;
    constexpr uint64_t ms = 1'000'000;
    // The engine's bounds, 64 Ki records.
    DrainPacer engine(65536, ms / 2, 4 * ms);
    QCOMPARE(engine.pauseNs(), ms / 2);
    QCOMPARE(engine.next(0, ms / 2), 1 * ms);
    QCOMPARE(engine.next(0, ms), 2 * ms);
    QCOMPARE(engine.next(0, 2 * ms), 4 * ms);
    QCOMPARE(engine.next(0, 4 * ms), 4 * ms);
    // 8,192 records (an eighth) in 2 ms: the next drain comes within 2 ms, at once.
    QCOMPARE(engine.next(8192, 4 * ms), 4 * ms);
    QCOMPARE(engine.next(8192, 2 * ms), 2 * ms);
    // A flood: never under the shortest.
    QCOMPARE(engine.next(1'000'000, ms), ms / 2);
    // The probe's: 5 ms to 19.7 ms for 32 Ki records (python/src/session.cpp).
    DrainPacer probe(32768, 5 * ms, 19'660'800);
    QCOMPARE(probe.next(0, 5 * ms), 10 * ms);
    QCOMPARE(probe.next(0, 10 * ms), uint64_t(19'660'800));
    QCOMPARE(probe.next(3, 19 * ms), uint64_t(19'660'800)); // a trickle
    // At 1 event per us an eighth of the ring (4,096) comes in 4.1 ms: the shortest, 5 ms.
    QCOMPARE(probe.next(20'000, 20 * ms), 5 * ms);
    // Longest under the shortest (a tiny ring): the shortest.
    DrainPacer tiny(1024, 5 * ms, 614'400);
    QCOMPARE(tiny.next(0, 5 * ms), 5 * ms);
}

QTEST_GUILESS_MAIN(TestShm)
#include "tst_shm.moc"

// SPDX-License-Identifier: MIT
// Two threads: this one drains the segment's rings every 2 ms into event chunks (encoded as the file
// recording encodes them) and queues them, up to a byte budget; the writer thread writes what is
// queued to the descriptor with blocking write() calls, and a clock beacon every 0.5 s. A consumer
// that stops reading blocks only the writer: the rings go on being drained, the chunks that no
// longer fit the budget are dropped and counted (lost_stream), and the job is never slowed. When
// the job ends (run state Finished/Failed and its segment removed, or its process gone), the rest
// is drained and written, then the end record.
#include "stream.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/shm/segment.h"
#include "loaderscope/outputs/stream_writer.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <deque>
#include <dlfcn.h>
#include <mutex>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <thread>

namespace ls = loaderscope;

namespace lsprobe {

namespace {

constexpr uint64_t kDrainNs = 2'000'000;       ///< as the probe's own collector
constexpr uint64_t kChunkAgeNs = 50'000'000;   ///< a chunk goes out at least this often
constexpr size_t kChunkEvents = 4096;
constexpr uint64_t kBeaconNs = 500'000'000;
constexpr uint64_t kCheckNs = 20'000'000;      ///< how often the job's end is looked for
constexpr uint64_t kEndGraceNs = 5'000'000'000; ///< run state final, segment still there: end anyway

using ls::StreamSink;


struct Shared
{
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<std::pair<std::vector<uint8_t>, uint32_t>> queue; ///< frames and their events
    std::atomic<bool> pings_stop{false};
    uint64_t queued_bytes = 0;
    bool done = false;                 ///< nothing more will be queued
    uint32_t end_reason = 0;
    std::atomic<uint64_t> lost_ring{0};
    std::atomic<uint64_t> lost_stream{0};
    std::atomic<bool> writer_stopped{false};
    StreamSink::Status status = StreamSink::Status::Ok;
    std::string error;
    uint64_t events_written = 0;
    uint64_t beacons = 0;
    // Owned here, not by streamSegment's frame: after Ctrl-C with the writer blocked in write()
    // (a consumer that stopped reading), the writer thread is left behind, holding them.
    std::unique_ptr<ls::Segment> seg;
    std::unique_ptr<StreamSink> sink;
};

bool isFinal(uint32_t state)
{
    return state == uint32_t(ls::RunState::Finished) || state == uint32_t(ls::RunState::Failed);
}

bool nameExists(const std::string& name)
{
    struct stat st {};
    return lstat(("/dev/shm/" + name).c_str(), &st) == 0;
}

bool creatorAlive(int pid, uint64_t starttime)
{
    if (pid <= 0)
        return false;
    if (kill(pid, 0) != 0 && errno != EPERM)
        return false;
    return ls::processStartTime(pid) == starttime;
}

/// The job's description as a JOBD frame (a probe's segment), or nothing when it is unchanged
/// since `described` (its digest) or torn while read (read again next time).
bool jobFrame(const ls::Segment& seg, uint64_t& described, int64_t offset, std::vector<uint8_t>& frame)
{
    const uint64_t digest = seg.configDigest();
    if (digest == 0 || digest == described)
        return false;
    const auto text = seg.configJsonChecked();
    if (!text)
        return false;
    std::vector<uint8_t> payload(sizeof(ls::StreamJobRecord));
    const ls::StreamJobRecord record;
    std::memcpy(payload.data(), &record, sizeof record);
    payload.insert(payload.end(), text->begin(), text->end());
    frame.clear();
    ls::encodeRecordFrame(ls::kFrameJob, ls::readClockPair(offset).monotonic_ns, payload.data(), payload.size(), frame);
    described = digest;
    return true;
}

/// A beacon (the job's state and the stream's counts now) or, when `done`, the end record.
void beaconOrEndFrame(Shared& sh, bool done, uint32_t reason, int64_t offset, std::vector<uint8_t>& frame)
{
    const ls::SegmentHeader* hdr = sh.seg->header();
    const ls::ClockPair c = ls::readClockPair(offset);
    frame.clear();
    if (!done) {
        ls::StreamBeacon b;
        b.run_state = hdr->run_state.load(std::memory_order_acquire);
        b.monotonic_ns = c.monotonic_ns;
        b.realtime_ns = c.realtime_ns;
        b.pair_ns = c.pair_ns;
        b.rank = hdr->rank.load(std::memory_order_relaxed);
        b.world_size = hdr->world_size.load(std::memory_order_relaxed);
        std::lock_guard lock(sh.mutex);
        b.seq = sh.beacons++;
        b.events = sh.events_written;
        b.lost_ring = sh.lost_ring;
        b.lost_stream = sh.lost_stream;
        ls::encodeRecordFrame(ls::kFrameBeacon, b.monotonic_ns, &b, sizeof b, frame);
        return;
    }
    ls::StreamEnd e;
    e.reason = reason;
    e.monotonic_ns = c.monotonic_ns;
    e.realtime_ns = c.realtime_ns;
    e.pair_ns = c.pair_ns;
    e.run_state = hdr->run_state.load(std::memory_order_acquire);
    std::lock_guard lock(sh.mutex);
    e.events = sh.events_written;
    e.lost_ring = sh.lost_ring;
    e.lost_stream = sh.lost_stream;
    e.beacons = sh.beacons;
    ls::encodeRecordFrame(ls::kFrameEnd, e.monotonic_ns, &e, sizeof e, frame);
}

/// The writer thread: sends the queued event chunks, the job's description when it changes, a
/// beacon every kBeaconNs and, once the streaming thread is done, the end record. Stops at the
/// first failed write (the consumer gone), saying why in `Shared`.
void writerThread(std::shared_ptr<Shared> owner, int64_t offset)
{
    Shared& sh = *owner;
    StreamSink& sink = *sh.sink;
    uint64_t nextBeacon = ls::nowNs() + kBeaconNs;
    std::vector<uint8_t> batch;
    std::vector<uint8_t> frame;
    const bool probe = sh.seg->header()->source == uint32_t(ls::SegmentSource::Probe);
    uint64_t described = 0; // digest of the job description last sent (a probe's segment)
    auto fail = [&](StreamSink::Status s) {
        std::lock_guard lock(sh.mutex);
        sh.status = s;
        sh.error = sink.error();
        sh.writer_stopped = true;
    };
    for (;;) {
        bool done = false;
        uint32_t reason = 0;
        uint64_t events = 0;
        batch.clear();
        {
            std::unique_lock lock(sh.mutex);
            const auto deadline = std::chrono::steady_clock::now() +
                                  std::chrono::nanoseconds(nextBeacon > ls::nowNs() ? nextBeacon - ls::nowNs() : 0);
            sh.wake.wait_until(lock, deadline, [&] { return sh.done || !sh.queue.empty(); });
            while (!sh.queue.empty()) {
                auto& [bytes, n] = sh.queue.front();
                batch.insert(batch.end(), bytes.begin(), bytes.end());
                events += n;
                sh.queued_bytes -= bytes.size();
                sh.queue.pop_front();
            }
            done = sh.done && sh.queue.empty();
            reason = sh.end_reason;
        }
        if (!batch.empty()) {
            if (const auto s = sink.write(batch); s != StreamSink::Status::Ok)
                return fail(s);
            std::lock_guard lock(sh.mutex);
            sh.events_written += events;
        }
        // The job's description whenever the probe rewrote it (a new DataLoader): a JOBD record,
        // so that a consumer far away knows the job's own arguments as a local one does.
        if (probe && jobFrame(*sh.seg, described, offset, frame))
            if (const auto s = sink.write(frame); s != StreamSink::Status::Ok)
                return fail(s);
        const uint64_t now = ls::nowNs();
        if (now < nextBeacon && !done)
            continue;
        beaconOrEndFrame(sh, done, reason, offset, frame);
        // Each zstd frame ends after a beacon (and after the end record): it decompresses alone.
        auto s = sink.write(frame);
        if (s == StreamSink::Status::Ok)
            s = sink.endFrame();
        if (s != StreamSink::Status::Ok)
            return fail(s);
        nextBeacon = std::max(nextBeacon + kBeaconNs, now + kBeaconNs / 2);
        if (done) {
            std::lock_guard lock(sh.mutex);
            sh.writer_stopped = true;
            return;
        }
    }
}

/// Answers clock pings (StreamPong): reads "PING <token>\n" lines from `fd` and puts each answer at
/// the head of the queue, so it goes out with the writer's next write, ahead of queued chunks (the
/// clock is read when the line arrives: the wait in the queue is part of the round trip the
/// consumer measures). A "STACKS\n" line asks the job for its Python stacks (stacks_asked). Ends at
/// end of file, on a read error, or when the stream ends.
void pingThread(std::shared_ptr<Shared> owner, int fd, int64_t offset, std::string segment)
{
    Shared& sh = *owner;
    std::string pending;
    char buf[512];
    while (!sh.pings_stop.load()) {
        pollfd p{fd, POLLIN, 0};
        const int r = ::poll(&p, 1, 100);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            continue;
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0)
            return; // the consumer closed its end (or never had one)
        const ls::ClockPair c = ls::readClockPair(offset);
        pending.append(buf, size_t(n));
        if (pending.size() > 4096 && pending.find('\n') == std::string::npos)
            pending.clear(); // not ping lines: ignore rather than grow
        for (size_t eol; (eol = pending.find('\n')) != std::string::npos; pending.erase(0, eol + 1)) {
            const std::string line = pending.substr(0, eol);
            if (line == "STACKS") {
                // The consumer's Show stack: the job's stack watch threads answer into the rings,
                // which this stream carries like any event (a segment gone: the stream ends itself).
                (void)ls::askForStacks(segment, nullptr);
                continue;
            }
            if (line.rfind("PING ", 0) != 0)
                continue;
            ls::StreamPong pong;
            pong.token = std::strtoull(line.c_str() + 5, nullptr, 10);
            pong.monotonic_ns = c.monotonic_ns;
            pong.realtime_ns = c.realtime_ns;
            pong.pair_ns = c.pair_ns;
            std::vector<uint8_t> frame;
            ls::encodeRecordFrame(ls::kFramePong, pong.monotonic_ns, &pong, sizeof pong, frame);
            std::lock_guard lock(sh.mutex);
            sh.queued_bytes += frame.size(); // the writer takes it off again
            sh.queue.emplace_front(std::move(frame), 0u);
            sh.wake.notify_one();
        }
    }
}

/// The stream's first frame: the recording header and the stream-info record, with the clock
/// pair read now (before the first drain) and every clock value shifted by `shift` ns.
std::vector<uint8_t> streamStartFrame(const StreamOptions& o, const ls::Segment& seg, uint64_t shift)
{
    const ls::SegmentHeader* hdr = seg.header();
    const bool probe = hdr->source == uint32_t(ls::SegmentSource::Probe);
    const ls::ClockPair c = ls::readClockPair(o.clock_offset_ns);
    ls::RecordingHeader rh;
    rh.num_workers = probe ? std::max(1u, hdr->lanes_used.load()) : seg.layout().num_workers;
    rh.clock_origin_ns = hdr->clock_origin_ns + shift;
    rh.simulated_device = probe ? 1 : hdr->device_backend != 2;
    rh.engine_pid = hdr->creator_pid;
    rh.source = probe ? 1 : 0;
    ls::StreamInfoRecord info;
    info.source = hdr->source;
    info.monotonic_ns = c.monotonic_ns;
    info.realtime_ns = c.realtime_ns;
    info.pair_ns = c.pair_ns;
    info.pid = hdr->creator_pid;
    info.rank = hdr->rank.load();
    info.world_size = hdr->world_size.load();
    info.run_state = hdr->run_state.load();
    info.clock_origin_ns = hdr->clock_origin_ns + shift;
    info.start_unix_ns = hdr->start_unix_ns + shift;
    info.lanes = seg.layout().num_workers;
    info.event_ring_capacity = seg.layout().event_ring_capacity;
    auto fields = o.fields;
    fields.emplace_back("segment", o.segment);
    fields.emplace_back("program", std::string(hdr->program, strnlen(hdr->program, sizeof hdr->program)));
    return ls::encodeStreamStart(rh, info, fields);
}

/// Whether Python was asked to stop by a signal. Python's SIGINT (and the SIGTERM/SIGHUP handlers
/// `stream` installs) only set a flag; it is looked at here, with the GIL, and cleared: Python is
/// told by the result, not an exception. The library has no Python ABI (capi.cpp): the three
/// functions, all of CPython's stable ABI, are found in the running process (none outside one).
bool pythonSignalled()
{
    using Ensure = int (*)();
    using Release = void (*)(int);
    using Check = int (*)();
    using Clear = void (*)();
    static const auto ensure = reinterpret_cast<Ensure>(dlsym(RTLD_DEFAULT, "PyGILState_Ensure"));
    static const auto release = reinterpret_cast<Release>(dlsym(RTLD_DEFAULT, "PyGILState_Release"));
    static const auto check = reinterpret_cast<Check>(dlsym(RTLD_DEFAULT, "PyErr_CheckSignals"));
    static const auto clear = reinterpret_cast<Clear>(dlsym(RTLD_DEFAULT, "PyErr_Clear"));
    if (!ensure || !release || !check || !clear)
        return false;
    const int gil = ensure();
    const bool raised = check() != 0;
    if (raised)
        clear();
    release(gil);
    return raised;
}

/// Whether the stream was asked to end: a signal (above), or the caller's `stop` callback (with
/// which `stream --all` ends its streams running on other threads, where Python's signals are not
/// seen). Each asks once: a second Ctrl-C (not the same `stop` again) is what gives up on a
/// writer that a stalled consumer keeps blocked. Called on the streaming thread without the GIL
/// (a ctypes callback takes it itself).
class StopAsked
{
public:
    explicit StopAsked(const StreamOptions& o) : m_o(o) {}
    bool operator()()
    {
        if (pythonSignalled())
            return true;
        if (!m_o.stop || m_stopSeen)
            return false;
        m_stopSeen = m_o.stop() != 0;
        return m_stopSeen;
    }

private:
    const StreamOptions& m_o;
    bool m_stopSeen = false;
};

/// Drained events on their way to the writer thread, in chunks of kChunkEvents. Owned by the
/// streaming thread; the queue it fills is the writer's (under Shared::mutex).
class Shipper
{
public:
    Shipper(Shared& sh, uint64_t shift, uint64_t budgetBytes) : m_sh(sh), m_shift(shift), m_budget(budgetBytes)
    {
        pending.reserve(kChunkEvents * 2);
    }
    std::vector<ls::Event> pending;
    uint64_t lastChunk = ls::nowNs();

    void ship()
    {
        if (m_shift != 0)
            for (ls::Event& e : pending) {
                e.t0 += m_shift;
                e.t1 += m_shift;
            }
        for (size_t at = 0; at < pending.size(); at += kChunkEvents) {
            const size_t n = std::min(kChunkEvents, pending.size() - at);
            std::vector<uint8_t> bytes;
            ls::encodeEventChunk(pending.data() + at, n, bytes);
            std::lock_guard lock(m_sh.mutex);
            // One chunk always fits an empty queue: the stream goes on however small the budget.
            if (m_sh.queue.empty() || m_sh.queued_bytes + bytes.size() <= m_budget) {
                m_sh.queued_bytes += bytes.size();
                m_sh.queue.emplace_back(std::move(bytes), uint32_t(n));
            } else {
                m_sh.lost_stream += n;
            }
        }
        if (!pending.empty())
            m_sh.wake.notify_one();
        pending.clear();
        lastChunk = ls::nowNs();
    }

private:
    Shared& m_sh;
    uint64_t m_shift;
    uint64_t m_budget;
};

/// Drains the job's event rings into the queue until the job ends, the consumer goes or Python
/// asks to stop; returns the StreamEndReason (0: the writer stopped first). Sets `interrupted`.
uint32_t streamUntilEnd(const StreamOptions& o, Shared& sh, ls::EventReader& reader, Shipper& out,
                        StopAsked& stopAsked, bool& interrupted)
{
    const ls::Segment* seg = sh.seg.get();
    const ls::SegmentHeader* hdr = seg->header();
    const int pid = hdr->creator_pid;
    const uint64_t starttime = hdr->creator_starttime;
    uint64_t lastSignals = 0, finalSince = 0, lastCheck = 0;
    for (;;) {
        const uint64_t now = ls::nowNs();
        if (sh.writer_stopped)
            return 0; // the consumer is gone (or the descriptor failed): nothing more can be said
        // Whether the job ended is asked every 20 ms (its process and its name in /dev/shm),
        // before that round's drain: every event written before it said so is read then.
        const bool checkEnd = now - lastCheck >= kCheckNs;
        uint32_t state = 0;
        bool alive = true, unlinked = false;
        if (checkEnd) {
            lastCheck = now;
            if (!seg->stillWhole())
                return uint32_t(ls::StreamEndReason::Damaged);
            state = hdr->run_state.load(std::memory_order_acquire);
            alive = creatorAlive(pid, starttime);
            unlinked = !nameExists(o.segment);
        }
        reader.drain(out.pending);
        sh.lost_ring = reader.lost();
        if (out.pending.size() >= kChunkEvents || (now - out.lastChunk >= kChunkAgeNs))
            out.ship();
        if (checkEnd && isFinal(state)) {
            finalSince = finalSince ? finalSince : now;
            // The probe removes its segment's name after its last events: the end.
            if (unlinked || !alive || now - finalSince > kEndGraceNs)
                return uint32_t(state == uint32_t(ls::RunState::Failed) ? ls::StreamEndReason::Failed
                                                                       : ls::StreamEndReason::Finished);
        } else if (checkEnd && !alive) {
            return uint32_t(ls::StreamEndReason::CreatorGone);
        }
        if (now - lastSignals >= 100'000'000) {
            lastSignals = now;
            if (stopAsked()) {
                interrupted = true;
                return uint32_t(ls::StreamEndReason::Interrupted);
            }
        }
        ls::sleepNs(kDrainNs);
    }
}

/// What happened, as JSON (reason, counts, consumer gone, error).
std::string streamResult(Shared& sh, uint32_t reason, bool interrupted)
{
    std::lock_guard lock(sh.mutex);
    nlohmann::json r;
    r["reason"] = reason ? ls::streamEndReasonName(reason) : "";
    r["events"] = sh.events_written;
    r["lost_ring"] = sh.lost_ring.load();
    r["lost_stream"] = sh.lost_stream.load();
    r["beacons"] = sh.beacons;
    r["bytes_in"] = sh.sink->bytesIn();
    r["bytes_out"] = sh.sink->bytesOut();
    r["consumer_gone"] = sh.status == StreamSink::Status::ConsumerGone;
    r["error"] = sh.status == StreamSink::Status::Error ? sh.error : std::string();
    r["interrupted"] = interrupted;
    return r.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

std::string streamSegment(const StreamOptions& o)
{
    // Throws std::runtime_error (a RuntimeError in Python) with the reason: no such name, not a
    // regular file, not a segment, another layout version...
    auto owner = std::make_shared<Shared>();
    Shared& sh = *owner;
    sh.seg = ls::Segment::open(o.segment, /*writable=*/false);
    sh.sink = std::make_unique<StreamSink>(o.fd, o.zstd_level);
    ls::EventReader reader(*sh.seg);
    // LOADERSCOPE_CLOCK_OFFSET_NS shifts every clock value the stream reports (events, origins,
    // clock pairs), as a host whose clocks differ from the consumer's would send them.
    const uint64_t shift = uint64_t(o.clock_offset_ns);
    const std::vector<uint8_t> start = streamStartFrame(o, *sh.seg, shift);

    uint32_t reason = 0;
    bool interrupted = false;
    StopAsked stopAsked(o);
    {
        if (const auto s = sh.sink->write(start); s != StreamSink::Status::Ok) {
            sh.status = s;
            sh.error = sh.sink->error();
            sh.writer_stopped = true;
        }
        std::thread writer, pinger;
        if (!sh.writer_stopped)
            writer = std::thread(writerThread, owner, o.clock_offset_ns);
        if (!sh.writer_stopped && o.pings_fd >= 0)
            pinger = std::thread(pingThread, owner, o.pings_fd, o.clock_offset_ns, o.segment);
        Shipper out(sh, shift, o.buffer_bytes);
        reason = streamUntilEnd(o, sh, reader, out, stopAsked, interrupted);
        if (!sh.writer_stopped) {
            reader.drain(out.pending);
            sh.lost_ring = reader.lost();
            out.ship();
        }
        sh.pings_stop = true;
        if (pinger.joinable())
            pinger.join(); // within its 100 ms poll: no answer is queued after the end record
        {
            std::lock_guard lock(sh.mutex);
            sh.done = true;
            sh.end_reason = reason;
        }
        sh.wake.notify_one();
        // The writer writes what is queued and the end record. A consumer that stopped reading
        // keeps it blocked in write(): Ctrl-C still ends the stream (without its end record).
        while (writer.joinable() && !sh.writer_stopped) {
            if (stopAsked()) {
                interrupted = true;
                writer.detach();
                break;
            }
            ls::sleepNs(50'000'000);
        }
        if (writer.joinable())
            writer.join();
    }
    return streamResult(sh, reason, interrupted);
}

} // namespace lsprobe

// SPDX-License-Identifier: MIT
// libloaderscope_probe.so: the probe's C++ side (the engine's own segment, event rings, clocks and
// writers, in engine_core) behind a plain C interface that loaderscope/_native.py loads with
// ctypes. It links to no libpython and is built against no Python header: one library serves
// every CPython from 3.9 on with no build per version (README, "Install the probe on your GPU
// server"). The one place it reads Python objects (a batch's sample times, recorder.h) calls six
// functions of CPython's stable ABI whose addresses the Python side hands over.
//
// Conventions: objects are opaque pointers to a heap std::shared_ptr (so a writer keeps its
// segment mapped for as long as it lives); strings given back are malloc'd (lsp_free); dicts are
// JSON text. A call that fails returns NULL, -1 or 0 as its comment says and leaves the reason in
// lsp_last_error() (per thread). No exception crosses into C. None of these take the GIL: the
// Python side calls the hot ones with it held (PyDLL) and the blocking ones without (CDLL).
#include "capi_box.h"
#include "outputs.h"
#include "recorder.h"
#include "session.h"
#include "stacks.h"
#include "stream.h"
#include "worker_tally.h"

#include "loaderscope/base/output_file.h"
#include "loaderscope/base/temp_dir.h"
#include "loaderscope/analysis/probe_model.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/loader/run.h"
#include "loaderscope/shm/shm_layout.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>


namespace ls = loaderscope;
using namespace lsprobe;
using nlohmann::json;

namespace {

/// Bumped whenever a function here changes: _native.py refuses a library of another version
/// (a wheel's Python files beside an older build's library) with both numbers.
constexpr int kAbiVersion = 6;

thread_local std::string t_error;

/// JSON text; a string that is not UTF-8 (a program's name, a path) is carried with U+FFFD rather
/// than refused.
std::string text(const json& j)
{
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

char* dupString(const std::string& s)
{
    char* out = static_cast<char*>(std::malloc(s.size() + 1));
    if (out)
        std::memcpy(out, s.c_str(), s.size() + 1);
    return out;
}

/// Runs f; on an exception, keeps its message for lsp_last_error() and returns `failed`.
template <class F, class R>
R guarded(F&& f, R failed)
{
    try {
        t_error.clear();
        return f();
    } catch (const std::exception& e) {
        t_error = e.what();
    } catch (...) {
        t_error = "unknown error";
    }
    return failed;
}

template <class T>
void* boxed(std::shared_ptr<T> p)
{
    return new std::shared_ptr<T>(std::move(p));
}

json headerInfo(const ls::Segment& seg)
{
    const ls::SegmentHeader* h = seg.header();
    json d;
    d["name"] = seg.name();
    d["layout_version"] = h->layout_version;
    d["source"] = h->source == uint32_t(ls::SegmentSource::Probe) ? "probe" : "engine";
    d["program"] = std::string(h->program, strnlen(h->program, sizeof h->program));
    d["creator_pid"] = h->creator_pid;
    d["start_unix_ns"] = h->start_unix_ns;
    d["clock_origin_ns"] = h->clock_origin_ns;
    d["rank"] = h->rank.load();
    d["world_size"] = h->world_size.load();
    d["lanes"] = seg.layout().num_workers;
    d["lanes_used"] = h->lanes_used.load();
    d["run_state"] = h->run_state.load();
    d["event_ring_capacity"] = seg.layout().event_ring_capacity;
    return d;
}

/// Events as 7 int64 each (t0, t1, batch, arg0, arg1, kind, lane): what _native.py unpacks.
void packEvents(const std::vector<ls::Event>& events, std::vector<int64_t>& out)
{
    out.resize(events.size() * 7);
    int64_t* p = out.data();
    for (const ls::Event& e : events) {
        *p++ = int64_t(e.t0);
        *p++ = int64_t(e.t1);
        *p++ = e.batch;
        *p++ = e.arg0;
        *p++ = e.arg1;
        *p++ = int64_t(e.kind);
        *p++ = e.lane;
    }
}

/** A live reader of a segment's rings: the engine's EventReader, as the app uses it. */
struct Reader
{
    explicit Reader(const std::string& name) : seg(ls::Segment::open(name, /*writable=*/false)), reader(*seg) {}
    std::unique_ptr<ls::Segment> seg;
    ls::EventReader reader;
    std::vector<ls::Event> events;
    std::vector<int64_t> packed;
};

void putClock(json& x, uint64_t mono, int64_t real, uint64_t pair)
{
    x["monotonic_ns"] = mono;
    x["realtime_ns"] = real;
    x["pair_ns"] = pair;
}

/// A stream's header record (version 3), or null.
json streamInfo(const ls::RecordingReader& r)
{
    const auto& info = r.streamInfo();
    if (!info)
        return nullptr;
    json s;
    const ls::StreamInfoRecord& f = info->record;
    putClock(s, f.monotonic_ns, f.realtime_ns, f.pair_ns);
    s["source"] = f.source;
    s["pid"] = f.pid;
    s["rank"] = f.rank;
    s["world_size"] = f.world_size;
    s["run_state"] = f.run_state;
    s["clock_origin_ns"] = f.clock_origin_ns;
    s["start_unix_ns"] = f.start_unix_ns;
    s["lanes"] = f.lanes;
    s["event_ring_capacity"] = f.event_ring_capacity;
    for (const auto& [k, v] : info->fields)
        if (!s.contains(k))
            s[k] = v;
    return s;
}

json beacons(const ls::RecordingReader& r)
{
    json out = json::array();
    for (const ls::StreamBeacon& b : r.beacons()) {
        json x;
        putClock(x, b.monotonic_ns, b.realtime_ns, b.pair_ns);
        x["seq"] = b.seq;
        x["events"] = b.events;
        x["lost_ring"] = b.lost_ring;
        x["lost_stream"] = b.lost_stream;
        x["run_state"] = b.run_state;
        x["rank"] = b.rank;
        x["world_size"] = b.world_size;
        out.push_back(x);
    }
    return out;
}

json pongs(const ls::RecordingReader& r)
{
    json out = json::array();
    for (const ls::StreamPong& p : r.pongs()) {
        json x;
        putClock(x, p.monotonic_ns, p.realtime_ns, p.pair_ns);
        x["token"] = p.token;
        out.push_back(x);
    }
    return out;
}

json streamEnd(const ls::RecordingReader& r)
{
    const auto& e = r.streamEnd();
    if (!e)
        return nullptr;
    json x;
    putClock(x, e->monotonic_ns, e->realtime_ns, e->pair_ns);
    x["reason"] = ls::streamEndReasonName(e->reason);
    x["events"] = e->events;
    x["lost_ring"] = e->lost_ring;
    x["lost_stream"] = e->lost_stream;
    x["beacons"] = e->beacons;
    x["run_state"] = e->run_state;
    return x;
}

/// The recording's header, stream records and shortfall, as the probe's tests read them.
json recordingHeader(ls::RecordingReader& r)
{
    const ls::RecordingHeader& h = r.header();
    json d;
    d["events"] = h.events;
    d["complete"] = h.complete;
    d["clock_origin_ns"] = h.clock_origin_ns;
    d["num_workers"] = h.num_workers;
    d["simulated_device"] = h.simulated_device;
    d["engine_pid"] = h.engine_pid;
    d["source"] = h.source;
    d["corrupt"] = r.corrupt();
    d["version"] = r.version();
    d["compressed"] = r.compressed();
    d["stream"] = streamInfo(r);
    d["beacons"] = beacons(r);
    d["pongs"] = pongs(r);
    d["job"] = r.jobDescriptions() > 0 ? json(r.jobDescription()) : json(nullptr);
    d["end"] = streamEnd(r);
    json offsets = json::array();
    for (size_t i = 0; i < r.chunks(); ++i)
        offsets.push_back(r.chunkOffset(i));
    d["chunk_offsets"] = offsets;
    const ls::RecordingReader::Shortfall cut = r.shortfall();
    d["truncated"] = cut.truncated;
    d["shortfall"] = cut.truncated ? ls::describeShortfall(cut) : std::string();
    return d;
}

/// The event-kind registry (events.cpp) and the lanes, as the probe's Python side sees them: it
/// never hard-codes a kind number, a name or a shape (_kinds.py).
json constants()
{
    json c;
    c["ABI_VERSION"] = kAbiVersion;
    c["LAYOUT_VERSION"] = ls::kLayoutVersion;
    c["WRAP_EVERY"] = kWrapEvery;
    c["COLLATE_MEASURE_EVERY"] = kCollateMeasureEvery;
    c["FLUSH_NS"] = kFlushNs;
    c["FLUSH_SAMPLES"] = kFlushSamples;
    c["LANE_MAIN"] = int(ls::LaneMain);
    c["LANE_PIN"] = int(ls::LanePin);
    c["LANE_COPY"] = int(ls::LaneCopy);
    c["LANE_COMPUTE"] = int(ls::LaneCompute);
    json names = json::object(), ids = json::object(), table = json::array();
    for (const ls::EventKindInfo& k : ls::eventKinds()) {
        names[k.name] = int(k.kind);
        ids[k.id] = int(k.kind);
        json row;
        row["kind"] = int(k.kind);
        row["id"] = k.id;
        row["name"] = k.name;
        row["shape"] = k.shape == ls::EventShape::Span ? "span" : k.shape == ls::EventShape::Counter ? "counter" : "instant";
        row["category"] = k.category;
        row["ring"] = k.ring == ls::EventRing::Lane ? "lane" : k.ring == ls::EventRing::Memory ? "memory" : "derived";
        row["derived_from"] = k.derivedFrom == ls::EventKind::None ? json(nullptr) : json(int(k.derivedFrom));
        row["derived_arg"] = int(k.derivedArg);
        table.push_back(row);
    }
    c["KIND_NAMES"] = names;
    c["KINDS"] = ids;
    c["KIND_TABLE"] = table;
    c["HOST_BLOCK"] = {{"DeviceBuffers", int(ls::HostBlock::DeviceBuffers)},
                       {"PageableStaging", int(ls::HostBlock::PageableStaging)},
                       {"SyncCopy", int(ls::HostBlock::SyncCopy)}};
    return c;
}

} // namespace

// --- errors, memory, constants, clocks ---------------------------------------------------------

LSP_API const char* lsp_last_error(void) { return t_error.c_str(); }
LSP_API void lsp_free(void* p) { std::free(p); }
LSP_API int lsp_abi_version(void) { return kAbiVersion; }
/// JSON of the constants (constants() above); NULL on failure.
LSP_API char* lsp_constants(void)
{
    return guarded([] { return dupString(text(constants())); }, static_cast<char*>(nullptr));
}
LSP_API uint64_t lsp_thread_cpu_ns(void) { return threadCpuNs(); }
LSP_API uint64_t lsp_run_delay_ns(void) { return runDelayNs(); }
/// The cores this process may use (affinity, cgroup quota): the summary's and the description's.
LSP_API int lsp_usable_cores(void) { return ls::usableCores(); }
LSP_API int64_t lsp_batch_key(int epoch, int64_t task) { return ls::batchKey(epoch, task); }

// --- segments and writers ----------------------------------------------------------------------

/// Opens a probe's segment for writing (a spawned worker); NULL on failure.
LSP_API void* lsp_segment_open(const char* name)
{
    return guarded([&] { return boxed(std::make_shared<SegmentHandle>(ls::Segment::open(name, /*writable=*/true))); },
                   static_cast<void*>(nullptr));
}
LSP_API void lsp_segment_free(void* h) { delete &ref<SegmentHandle>(h); }
LSP_API char* lsp_segment_name(void* h) { return dupString(ref<SegmentHandle>(h)->segment().name()); }
LSP_API uint32_t lsp_segment_lanes(void* h) { return ref<SegmentHandle>(h)->segment().layout().num_workers; }
LSP_API char* lsp_segment_info(void* h) { return dupString(text(headerInfo(ref<SegmentHandle>(h)->segment()))); }
/// Names this process as the worker writing lane `lane` (memory sampling): the main process's
/// sampler reads the memory of the processes named there (its own children only).
LSP_API void lsp_segment_claim_worker(void* h, int lane)
{
    const ls::Segment& seg = ref<SegmentHandle>(h)->segment();
    if (lane < 0 || uint32_t(lane) >= seg.layout().num_workers)
        return;
    ls::WorkerCtl* ctl = seg.worker(uint32_t(lane));
    ctl->pid.store(int32_t(getpid()), std::memory_order_release);
    ctl->state.store(uint32_t(ls::WorkerState::Busy), std::memory_order_release);
}

/// The single writer of one lane's ring in this process; NULL on failure.
LSP_API void* lsp_writer_new(void* segment, int lane)
{
    return guarded([&] { return boxed(std::make_shared<Writer>(ref<SegmentHandle>(segment), lane)); }, static_cast<void*>(nullptr));
}
LSP_API void lsp_writer_free(void* w) { delete &ref<Writer>(w); }
/// A Python stack (stacks.h): the Stack event and its text, `bytes` of UTF-8 at `text`.
LSP_API void lsp_writer_stack(void* w, uint64_t t, int64_t batch, int64_t sample, int reason, const char* text, uint64_t bytes)
{
    guarded([&] { writeStack(*ref<Writer>(w), t, batch, sample, reason, text, size_t(bytes)); return 0; }, 0);
}
/// How many times the job was asked for its stacks (SegmentHeader::stacks_asked).
LSP_API uint32_t lsp_segment_stacks_asked(void* h)
{
    return ref<SegmentHandle>(h)->segment().header()->stacks_asked.load(std::memory_order_acquire);
}
/// A live job's stacks, asked for (`ask` 1) and waited for up to `wait_ms`: JSON, or NULL.
LSP_API char* lsp_stacks_collect(const char* segment, int ask, int wait_ms)
{
    return guarded([&] { return dupString(collectStacks(segment, ask != 0, wait_ms)); }, static_cast<char*>(nullptr));
}
/// Every stack in a recording: JSON, or NULL.
LSP_API char* lsp_recording_stacks(const char* path)
{
    return guarded([&] { return dupString(recordingStacks(path)); }, static_cast<char*>(nullptr));
}
// --- the fetch recorder (one per worker thread) ------------------------------------------------

LSP_API void* lsp_recorder_new(void* writer, uint32_t every)
{
    return guarded([&] { return boxed(std::make_shared<FetchRecorder>(ref<Writer>(writer), every)); }, static_cast<void*>(nullptr));
}
LSP_API void lsp_recorder_free(void* r) { delete &ref<FetchRecorder>(r); }

// --- a worker's tasks (worker_tally.h; the calls made a task at a time: capi_hot.cpp) ------------

LSP_API void* lsp_worker_new(void* recorder, void* writer, int epoch)
{
    return guarded([&] { return boxed(std::make_shared<WorkerTally>(ref<FetchRecorder>(recorder), ref<Writer>(writer), epoch)); },
                   static_cast<void*>(nullptr));
}
LSP_API void lsp_worker_free(void* w) { delete &ref<WorkerTally>(w); }
LSP_API void lsp_worker_idle_from(void* w, uint64_t t) { ref<WorkerTally>(w)->idleFrom(t); }
LSP_API void lsp_worker_next_epoch(void* w) { ref<WorkerTally>(w)->nextEpoch(); }
LSP_API uint64_t lsp_worker_take_own_ns(void* w) { return ref<WorkerTally>(w)->takeOwnNs(); }
// The calls made a batch or a sample at a time: capi_hot.cpp.

// --- the session (the job's main process) ------------------------------------------------------

/// NULL on failure (no room in /dev/shm, a recording path that cannot be written...).
LSP_API void* lsp_session_new(uint32_t lanes, uint32_t ringCapacity, const char* program, int rank, int worldSize,
                              const char* infoJson, const char* recordingPath)
{
    return guarded([&] {
        SessionSpec s{lanes, ringCapacity, program, rank, worldSize, infoJson, recordingPath};
        return boxed(std::make_shared<Session>(s));
    }, static_cast<void*>(nullptr));
}
LSP_API void lsp_session_free(void* s) { delete &ref<Session>(s); }
LSP_API char* lsp_session_name(void* s) { return dupString(ref<Session>(s)->name()); }
LSP_API uint64_t lsp_session_clock_origin(void* s) { return ref<Session>(s)->clockOrigin(); }
LSP_API uint32_t lsp_session_lanes(void* s) { return ref<Session>(s)->lanes(); }
LSP_API void* lsp_session_segment(void* s) { return boxed(ref<Session>(s)->handle()); }
LSP_API char* lsp_session_info(void* s) { return dupString(text(headerInfo(ref<Session>(s)->handle()->segment()))); }
/// Rewrites the job's description in the segment: 1, or 0 when it is too long.
LSP_API int lsp_session_set_info(void* s, const char* infoJson)
{
    return guarded([&] { return ref<Session>(s)->handle()->segment().rewriteConfig(infoJson) ? 1 : 0; }, 0);
}
LSP_API void lsp_session_set_rank(void* s, int rank, int worldSize) { ref<Session>(s)->setRank(rank, worldSize); }
LSP_API void lsp_session_note_lanes_used(void* s, uint32_t n) { ref<Session>(s)->noteLanesUsed(n); }
LSP_API void lsp_session_set_run_state(void* s, uint32_t state) { ref<Session>(s)->setRunState(state); }
LSP_API void lsp_session_stop_collector(void* s) { ref<Session>(s)->stopCollector(); }
/// The four clocks the main thread reads at each next() (IterCtx), ns, into out[5]: its own CPU
/// and run-queue wait, the process's CPU, the probe's own threads' CPU, then the thread's CPU
/// again: what the reads after the first cost (a /proc read, a clock per probe thread: ~10 us
/// warm, several times that cold) is the probe's, not the job's.
LSP_API void lsp_session_cpu_marks(void* s, uint64_t* out)
{
    out[0] = threadCpuNs();
    out[1] = runDelayNs();
    out[2] = ls::processCpuNs();
    out[3] = ref<Session>(s)->probeThreadsCpuNs();
    out[4] = threadCpuNs();
}
/// lsp_session_cpu_marks without the run-queue wait (out[1] left as it is): its schedstat read is
/// the dearest of the five on a core just woken, and the loop's thread needs it 1 step in 8.
LSP_API void lsp_session_cpu_marks_no_runq(void* s, uint64_t* out)
{
    out[0] = threadCpuNs();
    out[2] = ls::processCpuNs();
    out[3] = ref<Session>(s)->probeThreadsCpuNs();
    out[4] = threadCpuNs();
}
LSP_API uint64_t lsp_session_events_lost(void* s) { return ref<Session>(s)->eventsLost(); }
/// The events the collector took, once stopped; -1 before.
LSP_API int64_t lsp_session_event_count(void* s)
{
    const Session& x = *ref<Session>(s);
    return x.stopped() ? x.tally().events : int64_t(-1);
}
LSP_API char* lsp_session_recording_live_path(void* s) { return dupString(ref<Session>(s)->recordingLivePath()); }
/// The closed recording's path ("" when none was kept); NULL on a write error.
LSP_API char* lsp_session_close_recording(void* s)
{
    return guarded([&] { return dupString(ref<Session>(s)->closeRecording()); }, static_cast<char*>(nullptr));
}
LSP_API int lsp_session_unlink(void* s)
{
    return guarded([&] { ref<Session>(s)->unlink(); return 0; }, -1);
}
LSP_API uint64_t lsp_segment_bytes(uint32_t lanes, uint32_t ringCapacity, uint64_t infoJsonBytes)
{
    return probeSegmentBytes(lanes, ringCapacity, infoJsonBytes);
}

// --- readers -----------------------------------------------------------------------------------

LSP_API void* lsp_reader_new(const char* name)
{
    return guarded([&] { return static_cast<void*>(new Reader(name)); }, static_cast<void*>(nullptr));
}
LSP_API void lsp_reader_free(void* r) { delete static_cast<Reader*>(r); }
/// Drains the rings; *events points at 7 int64 per event (packEvents), valid until the next call.
LSP_API int64_t lsp_reader_drain(void* r, const int64_t** events)
{
    auto* x = static_cast<Reader*>(r);
    x->events.clear();
    x->reader.drain(x->events);
    packEvents(x->events, x->packed);
    *events = x->packed.data();
    return int64_t(x->events.size());
}
LSP_API uint64_t lsp_reader_lost(void* r) { return static_cast<Reader*>(r)->reader.lost(); }
LSP_API char* lsp_reader_info(void* r) { return dupString(text(headerInfo(*static_cast<Reader*>(r)->seg))); }

/// A recording (the app's event file or a saved stream): its header as JSON, and its events in
/// *events (7 int64 each, malloc'd: lsp_free) and *count. NULL on failure.
LSP_API char* lsp_read_recording(const char* path, int64_t** events, uint64_t* count)
{
    *events = nullptr;
    *count = 0;
    return guarded([&] {
        ls::RecordingReader r(path);
        r.refresh();
        std::vector<ls::Event> all;
        r.readAll([&](const ls::Event& e) { all.push_back(e); });
        std::vector<int64_t> packed;
        packEvents(all, packed);
        const std::string header = text(recordingHeader(r));
        auto* out = static_cast<int64_t*>(std::malloc(std::max<size_t>(1, packed.size()) * sizeof(int64_t)));
        if (!out)
            throw std::bad_alloc();
        std::memcpy(out, packed.data(), packed.size() * sizeof(int64_t));
        *events = out;
        *count = all.size();
        return dupString(header);
    }, static_cast<char*>(nullptr));
}

/// recordingSlowest's JSON (outputs.h); NULL with lsp_last_error when it is not a readable recording.
LSP_API char* lsp_recording_slowest(const char* path)
{
    return guarded([&] { return dupString(recordingSlowest(path)); }, static_cast<char*>(nullptr));
}

/// Decompresses a --zstd stream into its recording; its bytes, or -1.
LSP_API int64_t lsp_zstd_decompress_file(const char* in, const char* out)
{
    return guarded([&] {
        const int a = ::open(in, O_RDONLY | O_CLOEXEC);
        if (a < 0)
            throw std::runtime_error(std::string("cannot open ") + in + ": " + std::strerror(errno));
        const int b = ::open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (b < 0) {
            ::close(a);
            throw std::runtime_error(std::string("cannot write ") + out + ": " + std::strerror(errno));
        }
        std::string error;
        const bool ok = ls::zstdDecompress(a, b, error);
        const off_t size = lseek(b, 0, SEEK_END);
        ::close(a);
        ::close(b);
        if (!ok)
            throw std::runtime_error(std::string(in) + ": " + error);
        return int64_t(size);
    }, int64_t(-1));
}

// --- the stream, outputs, the fit --------------------------------------------------------------

/// Writes the segment's events to fd as a recording stream until the job ends (stream.h); the
/// result as JSON, or NULL when the segment cannot be opened. `fields`: a JSON list of pairs.
LSP_API char* lsp_stream_segment(const char* segment, int fd, int zstdLevel, uint64_t bufferBytes, int64_t clockOffsetNs,
                                 const char* fieldsJson, int (*stop)(), int pingsFd)
{
    return guarded([&] {
        StreamOptions o;
        o.segment = segment;
        o.fd = fd;
        o.zstd_level = zstdLevel;
        o.buffer_bytes = bufferBytes;
        o.clock_offset_ns = clockOffsetNs;
        for (const json& pair : json::parse(fieldsJson))
            o.fields.emplace_back(pair.at(0).get<std::string>(), pair.at(1).get<std::string>());
        o.stop = stop;
        o.pings_fd = pingsFd;
        return dupString(streamSegment(o));
    }, static_cast<char*>(nullptr));
}

/// "" when the path can be written, else the reason (the engine's check).
LSP_API char* lsp_check_output_path(const char* path) { return dupString(ls::checkOutputPath(path)); }
/// 0, or -1 (lsp_last_error names the path).
LSP_API int lsp_copy_to_output(const char* from, const char* to)
{
    return guarded([&] { copyToOutput(from, to); return 0; }, -1);
}
/// A 0700 folder loaderscope-<what>-<pid>-XXXXXX; NULL on failure.
LSP_API char* lsp_private_temp_dir(const char* what)
{
    return guarded([&] { return dupString(ls::privateTempDir(what)); }, static_cast<char*>(nullptr));
}
LSP_API void lsp_remove_private_temp_dir(const char* path) { ls::removePrivateTempDir(path); }
/// The summary JSON (outputs.h), or NULL.
LSP_API char* lsp_write_outputs(void* session, const char* metaJson, const char* summaryPath, const char* tracePath,
                                const char* recordingPath)
{
    return guarded([&] { return dupString(writeOutputs(*ref<Session>(session), metaJson, summaryPath, tracePath, recordingPath)); },
                   static_cast<char*>(nullptr));
}
/// The engine config fitted to a summary's "observed" object, or NULL.
LSP_API char* lsp_fit_config(const char* observedJson)
{
    return guarded([&] { return dupString(ls::configToJson(ls::fitConfig(ls::observationFromJson(observedJson)))); },
                   static_cast<char*>(nullptr));
}
/// Live segments of this user (engine runs and watched jobs), newest first, as a JSON list.
LSP_API char* lsp_list_segments(void)
{
    return guarded([] {
        json out = json::array();
        for (const ls::SegmentInfo& i : ls::listLiveSegments()) {
            json d;
            d["name"] = i.name;
            d["source"] = i.source == ls::SegmentSource::Probe ? "probe" : "engine";
            d["program"] = i.program;
            d["pid"] = i.pid;
            d["start_unix_ns"] = i.start_unix_ns;
            d["rank"] = i.rank;
            d["world_size"] = i.world_size;
            d["lanes"] = i.lanes;
            d["lanes_used"] = i.lanes_used;
            d["run_state"] = uint32_t(i.state);
            out.push_back(d);
        }
        return dupString(text(out));
    }, static_cast<char*>(nullptr));
}

// SPDX-License-Identifier: MIT
// loaderscope._native: the probe's C++ side. The engine's own segment, event rings, clocks and
// writers (engine_core), exposed to the Python hooks in loaderscope/.
#include "outputs.h"
#include "recorder.h"
#include "session.h"
#include "stream.h"

#include "loaderscope/base/output_file.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/loader/run.h"
#include "loaderscope/shm/shm_layout.h"

#include <pybind11/stl.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>


namespace py = pybind11;
namespace ls = loaderscope;
using namespace lsprobe;

namespace {

py::tuple eventTuple(const ls::Event& e)
{
    return py::make_tuple(e.t0, e.t1, e.batch, e.arg0, e.arg1, int(e.kind), int(e.lane));
}

py::list eventList(const std::vector<ls::Event>& events)
{
    py::list out(events.size());
    for (size_t i = 0; i < events.size(); ++i)
        out[i] = eventTuple(events[i]);
    return out;
}

py::dict headerInfo(const ls::Segment& seg)
{
    const ls::SegmentHeader* h = seg.header();
    py::dict d;
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

/** A live reader of a segment's rings: the engine's EventReader, as the app uses it. */
class Reader
{
public:
    explicit Reader(const std::string& name) : m_seg(ls::Segment::open(name, /*writable=*/false)), m_reader(*m_seg) {}
    py::list drain()
    {
        std::vector<ls::Event> out;
        m_reader.drain(out);
        return eventList(out);
    }
    uint64_t lost() const { return m_reader.lost(); }
    py::dict info() const { return headerInfo(*m_seg); }

private:
    std::unique_ptr<ls::Segment> m_seg;
    ls::EventReader m_reader;
};

/// A clock pair's three values into `x`.
void putClock(py::dict& x, uint64_t mono, int64_t real, uint64_t pair)
{
    x["monotonic_ns"] = mono;
    x["realtime_ns"] = real;
    x["pair_ns"] = pair;
}

/// A stream's header record (version 3), or None.
py::object streamInfoDict(const ls::RecordingReader& r)
{
    const auto& info = r.streamInfo();
    if (!info)
        return py::none();
    py::dict s;
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
            s[py::str(k)] = v;
    return s;
}

/// A stream's beacons and clock-ping answers.
void putBeaconsAndPongs(const ls::RecordingReader& r, py::dict& d)
{
    py::list beacons;
    for (const ls::StreamBeacon& b : r.beacons()) {
        py::dict x;
        putClock(x, b.monotonic_ns, b.realtime_ns, b.pair_ns);
        x["seq"] = b.seq;
        x["events"] = b.events;
        x["lost_ring"] = b.lost_ring;
        x["lost_stream"] = b.lost_stream;
        x["run_state"] = b.run_state;
        x["rank"] = b.rank;
        x["world_size"] = b.world_size;
        beacons.append(x);
    }
    d["beacons"] = beacons;
    py::list pongs;
    for (const ls::StreamPong& p : r.pongs()) {
        py::dict x;
        putClock(x, p.monotonic_ns, p.realtime_ns, p.pair_ns);
        x["token"] = p.token;
        pongs.append(x);
    }
    d["pongs"] = pongs;
}

/// A stream's end record, or None.
py::object streamEndDict(const ls::RecordingReader& r)
{
    const auto& e = r.streamEnd();
    if (!e)
        return py::none();
    py::dict x;
    putClock(x, e->monotonic_ns, e->realtime_ns, e->pair_ns);
    x["reason"] = ls::streamEndReasonName(e->reason);
    x["events"] = e->events;
    x["lost_ring"] = e->lost_ring;
    x["lost_stream"] = e->lost_stream;
    x["beacons"] = e->beacons;
    x["run_state"] = e->run_state;
    return x;
}

/** A recording (the app's event file), read back with the engine's RecordingReader. */
py::tuple readRecording(const std::string& path)
{
    ls::RecordingReader r(path);
    r.refresh();
    std::vector<ls::Event> events;
    r.readAll([&](const ls::Event& e) { events.push_back(e); });
    const ls::RecordingHeader& h = r.header();
    py::dict d;
    d["events"] = h.events;
    d["complete"] = h.complete;
    d["clock_origin_ns"] = h.clock_origin_ns;
    d["num_workers"] = h.num_workers;
    d["simulated_device"] = h.simulated_device;
    d["engine_pid"] = h.engine_pid;
    d["source"] = h.source;
    d["corrupt"] = r.corrupt();
    // Version 3 (a stream): its header record, beacons and end record.
    d["version"] = r.version();
    d["compressed"] = r.compressed();
    d["stream"] = streamInfoDict(r);
    putBeaconsAndPongs(r, d);
    // The job's description from the last JOBD record (None: the stream carried none).
    d["job"] = r.jobDescriptions() > 0 ? py::object(py::str(r.jobDescription())) : py::object(py::none());
    d["end"] = streamEndDict(r);
    py::list offsets;
    for (size_t i = 0; i < r.chunks(); ++i)
        offsets.append(r.chunkOffset(i));
    d["chunk_offsets"] = offsets;
    const ls::RecordingReader::Shortfall cut = r.shortfall();
    d["truncated"] = cut.truncated;
    d["shortfall"] = cut.truncated ? ls::describeShortfall(cut) : std::string();
    return py::make_tuple(d, eventList(events));
}

} // namespace

// The module's bindings: a declarative list, one entry per name (the function-length rule does
// not apply).
PYBIND11_MODULE(_native, m)
{
    m.doc() = "Loaderscope probe: the engine's shared-memory event rings for a real PyTorch DataLoader";
    m.attr("LAYOUT_VERSION") = ls::kLayoutVersion;
    m.attr("LANE_MAIN") = int(ls::LaneMain);
    m.attr("LANE_PIN") = int(ls::LanePin);
    m.attr("LANE_COPY") = int(ls::LaneCopy);
    m.attr("LANE_COMPUTE") = int(ls::LaneCompute);
    // The event-kind registry (events.cpp) as the probe sees it: the Python side (_kinds.py)
    // never hard-codes a kind number, a name or a shape.
    py::dict kinds, ids;
    py::list table;
    for (const ls::EventKindInfo& k : ls::eventKinds()) {
        kinds[py::str(k.name)] = int(k.kind);
        ids[py::str(k.id)] = int(k.kind);
        py::dict row;
        row["kind"] = int(k.kind);
        row["id"] = k.id;
        row["name"] = k.name;
        row["shape"] = k.shape == ls::EventShape::Span ? "span" : k.shape == ls::EventShape::Counter ? "counter" : "instant";
        row["category"] = k.category;
        row["ring"] = k.ring == ls::EventRing::Lane ? "lane" : k.ring == ls::EventRing::Memory ? "memory" : "derived";
        row["derived_from"] = k.derivedFrom == ls::EventKind::None ? py::object(py::none()) : py::object(py::int_(int(k.derivedFrom)));
        row["derived_arg"] = int(k.derivedArg);
        table.append(row);
    }
    m.attr("KIND_NAMES") = kinds;
    m.attr("KINDS") = ids;
    m.attr("KIND_TABLE") = table;
    py::dict reasons;
    reasons["DeviceBuffers"] = int(ls::HostBlock::DeviceBuffers);
    reasons["PageableStaging"] = int(ls::HostBlock::PageableStaging);
    reasons["SyncCopy"] = int(ls::HostBlock::SyncCopy);
    m.attr("HOST_BLOCK") = reasons;

    m.def("now", &ls::nowNs, "CLOCK_MONOTONIC in ns (the engine's clock)");
    m.def("thread_cpu_ns", &threadCpuNs, "CPU time of the calling thread, ns");
    m.def("run_delay_ns", &runDelayNs, "run-queue wait of the calling thread (schedstat), ns");
    m.def("batch_key", &ls::batchKey, py::arg("epoch"), py::arg("task"));

    py::class_<SegmentHandle, std::shared_ptr<SegmentHandle>>(m, "SegmentHandle")
        .def_property_readonly("name", [](const SegmentHandle& h) { return h.segment().name(); })
        .def_property_readonly("lanes", [](const SegmentHandle& h) { return h.segment().layout().num_workers; })
        .def("info", [](const SegmentHandle& h) { return headerInfo(h.segment()); })
        .def("claim_worker", [](const SegmentHandle& h, int lane) {
            // The worker's pid in its control block: the main process's memory sampler reads the
            // memory of the processes named there (its own children only).
            if (lane < 0 || uint32_t(lane) >= h.segment().layout().num_workers)
                return;
            ls::WorkerCtl* ctl = h.segment().worker(uint32_t(lane));
            ctl->pid.store(int32_t(getpid()), std::memory_order_release);
            ctl->state.store(uint32_t(ls::WorkerState::Busy), std::memory_order_release);
        }, py::arg("lane"), "Names this process as the worker writing lane `lane` (memory sampling).");
    m.def("open_segment", [](const std::string& name) {
        return std::make_shared<SegmentHandle>(ls::Segment::open(name, /*writable=*/true));
    }, py::arg("name"), "Opens a probe's segment for writing (a spawned worker).");

    py::class_<Writer, std::shared_ptr<Writer>>(m, "Writer")
        .def(py::init<std::shared_ptr<SegmentHandle>, int>(), py::arg("segment"), py::arg("lane"))
        .def("span", &Writer::span, py::arg("kind"), py::arg("t0"), py::arg("t1"), py::arg("batch") = -1,
             py::arg("arg0") = 0, py::arg("arg1") = 0, py::arg("lane") = 0x7fff)
        .def("instant", [](Writer& w, int kind, uint64_t t, int64_t batch, int64_t a0, int64_t a1, int lane) {
            w.span(kind, t, t, batch, a0, a1, lane);
        }, py::arg("kind"), py::arg("t"), py::arg("batch") = -1, py::arg("arg0") = 0, py::arg("arg1") = 0,
           py::arg("lane") = 0x7fff)
        .def("until_now", &Writer::until_now, py::arg("kind"), py::arg("t0"), py::arg("batch") = -1,
             py::arg("arg0") = 0, py::arg("arg1") = 0)
        .def_property_readonly("lane", &Writer::lane);

    registerRecorder(m);

    py::class_<Session, std::shared_ptr<Session>>(m, "Session")
        .def(py::init([](uint32_t lanes, uint32_t ringCapacity, const std::string& program, int rank, int worldSize,
                         const std::string& info, const std::string& recording) {
                 SessionSpec s{lanes, ringCapacity, program, rank, worldSize, info, recording};
                 return std::make_shared<Session>(s);
             }),
             py::arg("lanes"), py::arg("ring_capacity"), py::arg("program"), py::arg("rank") = -1,
             py::arg("world_size") = 0, py::arg("info_json") = "{}", py::arg("recording_path") = "")
        .def_property_readonly("name", &Session::name)
        .def_property_readonly("clock_origin_ns", &Session::clockOrigin)
        .def_property_readonly("lanes", &Session::lanes)
        .def_property_readonly("segment", &Session::handle)
        .def("info", [](const Session& s) { return headerInfo(s.handle()->segment()); })
        .def("set_info", [](Session& s, const std::string& info) { return s.handle()->segment().rewriteConfig(info); },
             py::arg("info_json"), "Rewrites the job's description in the segment (False: too long).")
        .def("set_rank", &Session::setRank)
        .def("note_lanes_used", &Session::noteLanesUsed)
        .def("set_run_state", &Session::setRunState)
        .def("stop_collector", &Session::stopCollector, py::call_guard<py::gil_scoped_release>())
        .def("cpu_marks", [](const Session& s) {
            // One call for the four clocks the main thread reads at each next() (IterCtx): its own
            // CPU and run-queue wait, the process's CPU, the probe's own threads' CPU; ns. Read in
            // this order (make_tuple's arguments are not), then the thread's CPU again: what the
            // reads after the first cost (a /proc read, a clock per probe thread: ~10 us warm,
            // several times that cold) is the probe's, not the job's.
            const uint64_t thread = threadCpuNs();
            const uint64_t runq = runDelayNs();
            const uint64_t process = ls::processCpuNs();
            const uint64_t probe = s.probeThreadsCpuNs();
            return py::make_tuple(thread, runq, process, probe, threadCpuNs());
        }, "(thread CPU, thread run-queue wait, process CPU, the probe's own threads' CPU, thread CPU after "
           "these reads), ns")
        .def_property_readonly("events_lost", &Session::eventsLost)
        .def_property_readonly("event_count", [](const Session& s) { return s.stopped() ? s.tally().events : int64_t(-1); })
        .def_property_readonly("recording_live_path", &Session::recordingLivePath)
        .def("close_recording", &Session::closeRecording)
        .def("unlink", &Session::unlink);

    m.def("segment_bytes", &probeSegmentBytes, py::arg("lanes"), py::arg("ring_capacity"), py::arg("info_json_bytes"),
          "Bytes of /dev/shm a Session with these counts reserves.");

    py::class_<Reader>(m, "Reader")
        .def(py::init<const std::string&>(), py::arg("name"))
        .def("drain", &Reader::drain)
        .def_property_readonly("lost", &Reader::lost)
        .def("info", &Reader::info);
    m.def("read_events_file", &readRecording, py::arg("path"), "(header, events) of a recording");
    m.def("zstd_decompress_file", [](const std::string& in, const std::string& out) {
        const int a = ::open(in.c_str(), O_RDONLY | O_CLOEXEC);
        if (a < 0)
            throw std::runtime_error("cannot open " + in + ": " + std::strerror(errno));
        const int b = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (b < 0) {
            ::close(a);
            throw std::runtime_error("cannot write " + out + ": " + std::strerror(errno));
        }
        std::string error;
        const bool ok = ls::zstdDecompress(a, b, error);
        const off_t size = lseek(b, 0, SEEK_END);
        ::close(a);
        ::close(b);
        if (!ok)
            throw std::runtime_error(in + ": " + error);
        return int64_t(size);
    }, py::arg("compressed"), py::arg("out"), "Decompresses a --zstd stream into its recording; returns its bytes.");
    registerStream(m);
    m.def("check_output_path", &ls::checkOutputPath, py::arg("path"),
          "\"\" when the path can be written, else the reason (the engine's check)");
    m.def("list_segments", [] {
        py::list out;
        for (const ls::SegmentInfo& i : ls::listLiveSegments()) {
            py::dict d;
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
            out.append(d);
        }
        return out;
    }, "Live segments of this user (engine runs and watched jobs), newest first.");

    registerOutputs(m);
}

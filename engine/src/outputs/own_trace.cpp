// SPDX-License-Identifier: MIT
// Our own Chrome traces read back (own_trace.h). writeChromeTrace puts otherData on the first
// line and one event per line after it, so the file is read a line at a time (zlib reads plain
// and gzip files alike) and each event line is parsed on its own with simdjson's DOM parser:
// memory stays one line, whatever the file's size. The profiler trace reader (trace_reader.cpp)
// is not involved: a file goes one way or the other, decided by its first line.
#include "loaderscope/outputs/own_trace.h"

#include "loaderscope/results/run_marks.h"

#include "loaderscope/base/input_file.h"

#include "loaderscope/results/metrics.h"

#include <nlohmann/json.hpp>
#include <simdjson.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string_view>

namespace loaderscope {

namespace {

constexpr size_t kMaxLineBytes = 16u << 20; // a track name list of many worker pids stays far below
constexpr size_t kFirstLineBytes = 64u << 10; // otherData: about 250 bytes

/// Lines of a plain or gzip file, read through one buffer (the reading thread owns it).
class LineReader
{
public:
    /// Regular files only, opened without waiting (a FIFO nobody writes is not one: ok() false).
    explicit LineReader(const std::string& path)
    {
        const int fd = openRegularInput(path, nullptr);
        if (fd < 0)
            return;
        m_file = gzdopen(fd, "rb");
        if (!m_file) {
            ::close(fd);
            return;
        }
        gzbuffer(m_file, 1 << 18);
    }
    ~LineReader()
    {
        if (m_file)
            gzclose(m_file);
    }
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    bool ok() const { return m_file != nullptr; }
    uint64_t lineNumber() const { return m_line; }

    /// The next line without its end; false at the end of the file, or when a line is longer
    /// than `limit` (`tooLong` then true).
    bool next(std::string_view& line, size_t limit, bool& tooLong)
    {
        tooLong = false;
        for (;;) {
            const size_t end = m_buf.find('\n', m_pos);
            if (end != std::string::npos) {
                line = std::string_view(m_buf).substr(m_pos, end - m_pos);
                m_pos = end + 1;
                ++m_line;
                return true;
            }
            if (m_buf.size() - m_pos > limit) {
                tooLong = true;
                return false;
            }
            if (!fill()) {
                if (m_pos >= m_buf.size())
                    return false;
                line = std::string_view(m_buf).substr(m_pos); // the last line, without its end
                m_pos = m_buf.size();
                ++m_line;
                return true;
            }
        }
    }

private:
    bool fill()
    {
        m_buf.erase(0, m_pos);
        m_pos = 0;
        if (!m_file)
            return false;
        const size_t old = m_buf.size();
        m_buf.resize(old + (1 << 20));
        const int n = gzread(m_file, m_buf.data() + old, 1 << 20);
        m_buf.resize(old + size_t(std::max(0, n)));
        return n > 0;
    }

    gzFile m_file = nullptr;
    std::string m_buf;
    size_t m_pos = 0;
    uint64_t m_line = 0;
};

/// otherData from the first line, `{"displayTimeUnit":"ms","otherData":{...},`: false when the
/// line is not that, or otherData does not name our tool and format.
bool parseFirstLine(std::string_view line, OwnTraceInfo& info)
{
    while (!line.empty() && (line.back() == ',' || line.back() == ' ' || line.back() == '\r'))
        line.remove_suffix(1);
    if (line.empty() || line.front() != '{')
        return false;
    const nlohmann::json head = nlohmann::json::parse(std::string(line) + "}", nullptr, /*allow_exceptions=*/false);
    if (!head.is_object() || !head.contains("otherData") || !head["otherData"].is_object())
        return false;
    const nlohmann::json& o = head["otherData"];
    auto text = [&o](const char* key) {
        const auto it = o.find(key);
        return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    auto integer = [&o](const char* key, int64_t fallback) {
        const auto it = o.find(key);
        return it != o.end() && it->is_number_integer() ? it->get<int64_t>() : fallback;
    };
    if (text("tool") != "loaderscope" || text("trace_format") != kOwnTraceFormat)
        return false;
    info.format_version = int(integer("trace_format_version", 0));
    // A later format may change what the events mean: read as a profiler trace then.
    if (info.format_version < 1 || info.format_version > kOwnTraceFormatVersion)
        return false;
    info.version = text("version");
    info.source = text("source") == "pytorch" ? 1 : 0;
    info.simulated_device = text("backend") != "cuda";
    info.base_time_ns = uint64_t(std::max<int64_t>(0, integer("base_time_ns", 0)));
    info.num_workers = int(std::clamp<int64_t>(integer("num_workers", 0), 0, 1024));
    return true;
}

/// The lane of a track (own_trace.h's pseudo-processes); false for a pid that is none of ours.
bool laneOf(int64_t pid, int64_t tid, int16_t& lane)
{
    using namespace own_trace;
    if (pid == kMainPid)
        lane = tid == 2 ? LanePin : LaneMain;
    else if (pid == kDevicePid)
        lane = tid == 2 ? LaneCompute : LaneCopy;
    else if (pid >= kWorkerPidBase && pid < kWorkerPidBase + 1024)
        lane = int16_t(pid - kWorkerPidBase);
    else
        return false;
    return true;
}

int64_t nanoseconds(double us) { return int64_t(std::llround(us * 1000.0)); }

/// A counter event ("C"): its kind from the counter's name, its series back into the fields.
bool counterEvent(const simdjson::dom::element& ev, std::string_view name, Event& e)
{
    const auto args = ev["args"];
    auto series = [&args](const char* key, int64_t fallback) {
        int64_t v = fallback;
        return args[key].get_int64().get(v) == simdjson::SUCCESS ? v : fallback;
    };
    if (name == "queue") {
        e.kind = EventKind::QueueDepth;
        e.arg0 = series("ready_batches", 0);
        e.arg1 = series("outstanding_tasks", 0);
        e.batch = series("pinned_in_use", 0);
    } else if (name == "memory") {
        e.kind = EventKind::MemoryUsage;
        e.arg0 = series("rss_bytes", 0);
        e.arg1 = series("pss_bytes", -1); // -1: not read in that sample (RSS alone)
        e.batch = series("uss_bytes", -1);
    } else if (name == "shared memory") {
        e.kind = EventKind::ShmUsage;
        e.arg0 = series("slots_in_use_bytes", 0);
        e.arg1 = series("dev_shm_used_bytes", 0);
        e.batch = series("dev_shm_size_bytes", 0);
    } else if (name == "own shared memory") {
        e.kind = EventKind::ShmOwn;
        e.arg0 = series("own_dev_shm_bytes", 0);
        e.arg1 = series("files", 0);
    } else if (name == "pinned memory") {
        e.kind = EventKind::PinnedMemory;
        e.arg0 = series("held_bytes", 0);
        e.arg1 = series("in_use_bytes", 0);
    } else {
        return false;
    }
    return true;
}

/// A span ("X") or an instant ("i"): the kind is args.kind, the recording's own number.
bool spanOrInstant(const simdjson::dom::element& ev, bool span, Event& e, uint64_t t0)
{
    const auto args = ev["args"];
    int64_t kind = 0, task = -1, epoch = -1;
    if (args["kind"].get_int64().get(kind) || kind <= 0 || kind >= int64_t(EventKind::Count) ||
        isSpan(EventKind(kind)) != span || args["batch"].get_int64().get(task) || args["epoch"].get_int64().get(epoch) ||
        args["arg0"].get_int64().get(e.arg0) || args["arg1"].get_int64().get(e.arg1))
        return false;
    e.kind = EventKind(kind);
    e.batch = task < 0 ? -1 : batchKey(int(std::max<int64_t>(0, epoch)), task);
    if (e.kind == EventKind::Mark) { // the label back into the payload (trace_export.cpp)
        std::string_view label;
        if (args["label"].get_string().get(label))
            label = {};
        const std::array<int64_t, 3> words = markPayload(label);
        e.batch = words[0];
        e.arg0 = words[1];
        e.arg1 = words[2];
    }
    if (span) {
        double dur = 0;
        if (ev["dur"].get_double().get(dur) || !(dur >= 0))
            return false;
        e.t1 = t0 + uint64_t(nanoseconds(dur));
    }
    return true;
}

/// One event line; false for a line that is not an event of ours. Metadata ("M") is skipped
/// (`keep` false): the tracks are known from the pids.
bool parseEvent(simdjson::dom::parser& parser, std::string_view line, uint64_t base, Event& e, bool& keep)
{
    keep = false;
    simdjson::dom::element ev;
    std::string_view ph, name;
    int64_t pid = 0, tid = 0;
    if (parser.parse(line.data(), line.size(), true).get(ev) || ev["ph"].get_string().get(ph) ||
        ev["name"].get_string().get(name) || ev["pid"].get_int64().get(pid) || ev["tid"].get_int64().get(tid))
        return false;
    if (ph == "M")
        return true;
    double ts = 0;
    int16_t lane = 0;
    if (ev["ts"].get_double().get(ts) || !(ts >= 0) || !laneOf(pid, tid, lane))
        return false;
    e = Event{};
    e.lane = lane;
    e.t0 = e.t1 = base + uint64_t(nanoseconds(ts));
    if (ph == "C")
        keep = counterEvent(ev, name, e);
    else if (ph == "X" || ph == "i")
        keep = spanOrInstant(ev, ph == "X", e, e.t0);
    else
        return false;
    // A derived state (EventRing::Derived) is written for other viewers; readers make it again
    // from its source event, so it is read and dropped here.
    if (keep && eventKindInfo(e.kind).ring == EventRing::Derived) {
        keep = false;
        return true;
    }
    return keep;
}

} // namespace

bool isOwnChromeTrace(const std::string& path, OwnTraceInfo* info)
{
    try {
        LineReader lines(path);
        std::string_view first;
        bool tooLong = false;
        OwnTraceInfo found;
        if (!lines.ok() || !lines.next(first, kFirstLineBytes, tooLong) || !parseFirstLine(first, found))
            return false;
        if (info)
            *info = found;
        return true;
    } catch (const std::exception&) { // out of memory, a broken gzip stream: not recognised
        return false;
    }
}

bool readOwnChromeTrace(const std::string& path, const std::function<void(const Event&)>& sink,
                        const std::function<bool()>& cancel, OwnTraceInfo* info)
{
    LineReader lines(path);
    std::string_view line;
    bool tooLong = false;
    OwnTraceInfo found;
    if (!lines.ok() || !lines.next(line, kFirstLineBytes, tooLong) || !parseFirstLine(line, found))
        throw RecordingError(path + " is not a Chrome trace written by Loaderscope");
    if (info)
        *info = found;
    simdjson::dom::parser parser;
    while (lines.next(line, kMaxLineBytes, tooLong)) {
        if (cancel && lines.lineNumber() % 65536 == 0 && cancel())
            return false;
        while (!line.empty() && (line.back() == ',' || line.back() == '\r' || line.back() == ' '))
            line.remove_suffix(1);
        if (line.empty() || line.front() != '{')
            continue; // "traceEvents":[ and the closing ]}
        Event e;
        bool keep = false;
        if (!parseEvent(parser, line, found.base_time_ns, e, keep))
            throw RecordingError(path + ": line " + std::to_string(lines.lineNumber()) +
                                 " is not an event of a Loaderscope trace");
        if (keep)
            sink(e);
    }
    if (tooLong)
        throw RecordingError(path + ": line " + std::to_string(lines.lineNumber() + 1) + " is longer than 16 MiB");
    return true;
}

RecordingDigest digestOwnChromeTrace(const std::string& path, const std::function<bool()>& cancel)
{
    OwnTraceInfo info;
    if (!isOwnChromeTrace(path, &info))
        throw RecordingError(path + " is not a Chrome trace written by Loaderscope");
    // The same accumulator as the run's summary and digestRecording, fed the same events.
    MetricsAccumulator acc(info.num_workers);
    RecordingDigest d;
    d.path = path;
    d.source = info.source;
    d.num_workers = info.num_workers;
    d.simulated_device = info.simulated_device;
    d.clock_origin_ns = info.base_time_ns;
    d.t_min = UINT64_MAX;
    readOwnChromeTrace(
        path,
        [&](const Event& e) {
            acc.add(e);
            d.t_min = std::min(d.t_min, e.t0);
            d.t_max = std::max(d.t_max, e.t1);
        },
        cancel);
    if (d.t_min == UINT64_MAX)
        d.t_min = 0;
    d.figures = acc.figures();
    d.events = uint64_t(acc.eventsAdded());
    return d;
}

} // namespace loaderscope

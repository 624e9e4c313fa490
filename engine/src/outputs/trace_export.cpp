// SPDX-License-Identifier: MIT
// Chrome trace export: object form, µs relative to the run's clock origin, one pseudo-process per
// worker, counters for the queue depth and the memory (per process; shared and pinned memory on the
// main process). Streamed from the run's recording in bounded memory:
// traces reach millions of events.
#include "loaderscope/outputs/trace_export.h"

#include "loaderscope/loader/run.h"

#include "loaderscope/base/output_file.h"
#include "loaderscope/outputs/own_trace.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/results/run_marks.h"
#include "loaderscope/results/thread_stacks.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace loaderscope {

namespace {

using own_trace::kDevicePid;
using own_trace::kMainPid;
using own_trace::kWorkerPidBase;

struct Track
{
    int pid;
    int tid;
};

Track trackFor(int lane)
{
    if (lane >= 0)
        return {kWorkerPidBase + lane, 1};
    switch (lane) {
    case LaneMain: return {kMainPid, 1};
    case LanePin: return {kMainPid, 2};
    case LaneCopy: return {kDevicePid, 1};
    default: return {kDevicePid, 2};
    }
}

std::string batchName(int64_t key)
{
    if (key < 0)
        return "?";
    const int epoch = batchKeyEpoch(key);
    return std::to_string(batchKeyTask(key)) + (epoch > 0 ? " (epoch " + std::to_string(epoch) + ")" : "");
}

std::string spanName(const Event& e)
{
    switch (e.kind) {
    case EventKind::Fetch: return "fetch sample " + std::to_string(e.arg0);
    case EventKind::Collate: return "collate batch " + batchName(e.batch);
    case EventKind::WaitData: return e.batch >= 0 ? "next() -> batch " + batchName(e.batch) : "next() -> StopIteration";
    case EventKind::PinCopy: return "pin batch " + batchName(e.batch);
    case EventKind::H2DCopy:
        return std::string(e.arg1 ? "Memcpy HtoD (Pinned -> Device)" : "Memcpy HtoD (Pageable -> Device)") +
               " batch " + batchName(e.batch);
    case EventKind::Kernel: return "step kernel batch " + batchName(e.batch);
    case EventKind::Step: return "step: issue batch " + batchName(e.batch);
    case EventKind::HostBlocked:
        switch (hostBlockFrom(e.arg0)) {
        case HostBlock::DeviceBuffers: return "host waits for the GPU (device buffers busy)";
        case HostBlock::PageableStaging: return "host blocked: pageable copy staged by the driver";
        case HostBlock::SyncCopy: return "host blocked: synchronous copy (non_blocking=False)";
        }
        return "host blocked";
    default: return std::string(eventKindName(e.kind));
    }
}

const char* category(EventKind k)
{
    return eventKindInfo(k).category;
}

void jsonString(std::string& out, const std::string& s)
{
    out += '"';
    for (char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (uint8_t(c) < 0x20) {
            char esc[8];
            std::snprintf(esc, sizeof esc, "\\u%04x", c);
            out += esc;
        } else {
            out += c;
        }
    }
    out += '"';
}

// The trace file's text, built in a 1 MiB buffer that goes to the OutputFile whenever it is
// nearly full: memory stays bounded however many events the recording holds. After the first
// failed write nothing more is written, and ok() stays false.
class TraceWriter
{
public:
    TraceWriter(OutputFile& out, uint64_t base) : m_out(out), m_base(base) { m_buf.reserve(1 << 20); }

    std::string& buf() { return m_buf; }
    bool ok() const { return m_ok; }

    void flushIfFull(bool force)
    {
        if (m_ok && (force || m_buf.size() > (1u << 20) - 4096)) {
            m_ok = m_out.write(m_buf);
            m_buf.clear();
        }
    }

    template <typename... Args>
    void put(const char* fmt, Args... args)
    {
        char line[512];
        const int n = std::snprintf(line, sizeof line, fmt, args...);
        m_buf.append(line, size_t(std::min<int>(n, int(sizeof line) - 1)));
    }

    /// The separator before every entry of "traceEvents" but the first.
    void sep()
    {
        if (!m_first)
            m_buf += ",\n";
        m_first = false;
    }

    /// Microseconds since the run's clock origin (0 for anything earlier).
    double us(uint64_t t) const { return t >= m_base ? double(t - m_base) / 1000.0 : 0.0; }

    void metaEvent(const char* what, int pid, int tid, const std::string& name)
    {
        sep();
        put("{\"ph\":\"M\",\"name\":\"%s\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":", what, pid, tid);
        jsonString(m_buf, name);
        m_buf += "}}";
    }

    void sortIndex(int pid, int index)
    {
        sep();
        put("{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%d,\"tid\":0,\"args\":{\"sort_index\":%d}}", pid, index);
    }

private:
    OutputFile& m_out;
    const uint64_t m_base;
    std::string m_buf;
    bool m_ok = true;
    bool m_first = true;
};

/// Writes a counter event ("C") for the counter kinds; false for every other kind.
bool writeCounter(TraceWriter& w, const Event& e, const Track& t)
{
    if (e.kind == EventKind::QueueDepth) {
        w.put("{\"ph\":\"C\",\"name\":\"queue\",\"pid\":%d,\"tid\":0,\"ts\":%.3f,\"args\":"
              "{\"ready_batches\":%lld,\"outstanding_tasks\":%lld,\"pinned_in_use\":%lld}}",
              kMainPid, w.us(e.t0), (long long)e.arg0, (long long)e.arg1, (long long)e.batch);
    } else if (e.kind == EventKind::MemoryUsage) {
        // One counter track per process (the worker's pseudo-process, or the main one);
        // PSS and USS only where they were read (-1: RSS alone).
        if (e.arg1 >= 0 && e.batch >= 0)
            w.put("{\"ph\":\"C\",\"name\":\"memory\",\"pid\":%d,\"tid\":0,\"ts\":%.3f,\"args\":"
                  "{\"rss_bytes\":%lld,\"pss_bytes\":%lld,\"uss_bytes\":%lld}}",
                  t.pid, w.us(e.t0), (long long)e.arg0, (long long)e.arg1, (long long)e.batch);
        else
            w.put("{\"ph\":\"C\",\"name\":\"memory\",\"pid\":%d,\"tid\":0,\"ts\":%.3f,\"args\":"
                  "{\"rss_bytes\":%lld}}",
                  t.pid, w.us(e.t0), (long long)e.arg0);
    } else if (e.kind == EventKind::ShmUsage) {
        w.put("{\"ph\":\"C\",\"name\":\"shared memory\",\"pid\":%d,\"tid\":0,\"ts\":%.3f,\"args\":"
              "{\"slots_in_use_bytes\":%lld,\"dev_shm_used_bytes\":%lld,\"dev_shm_size_bytes\":%lld}}",
              kMainPid, w.us(e.t0), (long long)e.arg0, (long long)e.arg1, (long long)e.batch);
    } else if (e.kind == EventKind::ShmOwn) {
        w.put("{\"ph\":\"C\",\"name\":\"own shared memory\",\"pid\":%d,\"tid\":0,\"ts\":%.3f,\"args\":"
              "{\"own_dev_shm_bytes\":%lld,\"files\":%lld}}",
              kMainPid, w.us(e.t0), (long long)e.arg0, (long long)e.arg1);
    } else if (e.kind == EventKind::PinnedMemory) {
        w.put("{\"ph\":\"C\",\"name\":\"pinned memory\",\"pid\":%d,\"tid\":0,\"ts\":%.3f,\"args\":"
              "{\"held_bytes\":%lld,\"in_use_bytes\":%lld}}",
              kMainPid, w.us(e.t0), (long long)e.arg0, (long long)e.arg1);
    } else {
        return false;
    }
    return true;
}

/// Writes one event of the recording: a counter, a complete span ("X") or an instant ("i").
void writeEvent(TraceWriter& w, const Event& e, const Track& t)
{
    if (writeCounter(w, e, t))
        return;
    std::string& buf = w.buf();
    if (isSpan(e.kind)) {
        buf += "{\"ph\":\"X\",\"name\":";
        jsonString(buf, spanName(e));
        w.put(",\"cat\":\"%s\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,\"args\":"
              "{\"batch\":%lld,\"epoch\":%d,\"arg0\":%lld,\"arg1\":%lld,\"kind\":%d}}",
              category(e.kind), t.pid, t.tid, w.us(e.t0), double(e.t1 - e.t0) / 1000.0,
              (long long)batchKeyTask(e.batch), batchKeyEpoch(e.batch), (long long)e.arg0, (long long)e.arg1,
              int(e.kind));
    } else if (e.kind == EventKind::Mark) {
        // The job's mark: a line across the whole trace, its label in the name and in args (the
        // payload's bytes would not survive the batch/epoch split; own_trace.cpp reads the label).
        const std::string label = markLabel(e);
        buf += "{\"ph\":\"i\",\"name\":";
        jsonString(buf, "mark: " + label);
        w.put(",\"cat\":\"%s\",\"s\":\"g\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"args\":"
              "{\"batch\":-1,\"epoch\":-1,\"arg0\":0,\"arg1\":0,\"kind\":%d,\"label\":",
              category(e.kind), t.pid, t.tid, w.us(e.t0), int(e.kind));
        jsonString(buf, label);
        buf += "}}";
    } else {
        const bool global = e.kind == EventKind::EpochBegin || e.kind == EventKind::EpochEnd;
        buf += "{\"ph\":\"i\",\"name\":";
        std::string name(eventKindName(e.kind));
        if (global)
            name += " " + std::to_string(e.arg0);
        jsonString(buf, name);
        w.put(",\"cat\":\"%s\",\"s\":\"%s\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"args\":"
              "{\"batch\":%lld,\"epoch\":%d,\"arg0\":%lld,\"arg1\":%lld,\"kind\":%d}}",
              category(e.kind), global ? "g" : "t", t.pid, t.tid, w.us(e.t0), (long long)batchKeyTask(e.batch),
              batchKeyEpoch(e.batch), (long long)e.arg0, (long long)e.arg1, int(e.kind));
    }
}

/// A Python stack the probe took (issue 49): an instant on its thread's track, the text in args
/// (its arg1 announces no text: a trace opened again keeps where and why, not the text).
void writeStack(TraceWriter& w, const ThreadStack& s)
{
    const Track t = trackFor(s.lane);
    w.sep();
    std::string& buf = w.buf();
    w.put("{\"ph\":\"i\",\"name\":\"Python stack\",\"cat\":\"%s\",\"s\":\"t\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,"
          "\"args\":{\"batch\":%lld,\"epoch\":%d,\"arg0\":%lld,\"arg1\":%d,\"kind\":%d,\"sample\":%lld,"
          "\"reason\":\"%s\",\"whole\":%s,\"stack\":",
          category(EventKind::Stack), t.pid, t.tid, w.us(s.t), (long long)batchKeyTask(s.batch), batchKeyEpoch(s.batch),
          (long long)s.sample, s.reason, int(EventKind::Stack), (long long)s.sample, stackReasonName(s.reason),
          s.whole ? "true" : "false");
    jsonString(buf, s.text);
    buf += "}}";
}

/// What the event pass learns for the track names written after it.
struct TracksSeen
{
    std::vector<std::vector<int64_t>> pids; // per worker id: each distinct pid of its WorkerStart events
    bool pinThread = false;
    bool deviceEvents = false;
};

/// Names and orders the tracks: the main process, the workers with their pids, the device.
void writeTrackNames(TraceWriter& w, const RecordingHeader& header, const std::string& backend,
                     const TracksSeen& seen)
{
    // The header's count, or more: a stream's header is written before the job's workers start,
    // so every worker lane with events has its track named.
    const int numWorkers = int(seen.pids.size());
    w.metaEvent("process_name", kMainPid, 0,
                (header.source == 1 ? "PyTorch main process (pid " : "engine main process (pid ") +
                    std::to_string(header.engine_pid) + ")");
    w.sortIndex(kMainPid, 0);
    w.metaEvent("thread_name", kMainPid, 1, "main thread (training loop)");
    if (seen.pinThread)
        w.metaEvent("thread_name", kMainPid, 2, "pin-memory thread");
    for (int worker = 0; worker < numWorkers; ++worker) {
        std::string list;
        for (int64_t p : seen.pids[size_t(worker)])
            list += (list.empty() ? "" : ", ") + std::to_string(p);
        w.metaEvent("process_name", kWorkerPidBase + worker, 0, "worker " + std::to_string(worker) + " (pid " + list + ")");
        w.sortIndex(kWorkerPidBase + worker, 1 + worker);
        w.metaEvent("thread_name", kWorkerPidBase + worker, 1, "worker loop");
    }
    // A watched PyTorch job has a device track only if it timed its steps on a GPU.
    if (header.source != 1 || seen.deviceEvents) {
        const bool sim = backend == "sim" && header.source != 1;
        w.metaEvent("process_name", kDevicePid, 0, sim ? "GPU (simulated)" : "GPU 0 (CUDA)");
        w.sortIndex(kDevicePid, 1000);
        w.metaEvent("thread_name", kDevicePid, 1, sim ? "copy stream (simulated)" : "copy stream");
        w.metaEvent("thread_name", kDevicePid, 2, sim ? "compute stream (simulated)" : "compute stream");
    }
}

} // namespace

bool writeChromeTrace(const RecordingReader& recording, const std::string& path, std::string* error,
                      const std::function<bool()>& cancel)
{
    const RecordingHeader& header = recording.header();
    const std::string backend = header.simulated_device ? "sim" : "cuda";
    const int numWorkers = int(header.num_workers);
    std::unique_ptr<OutputFile> out;
    try {
        out = std::make_unique<OutputFile>(path);
    } catch (const std::exception& e) {
        if (error)
            *error = e.what();
        return false;
    }
    const uint64_t base = recording.header().clock_origin_ns;
    TraceWriter w(*out, base);

    // otherData opens the file, on its first line: what recognises the file as ours when it is
    // opened again (own_trace.h), before any event is read. docs/traces.md section 1.
    w.put("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"tool\":\"loaderscope\",\"version\":\"%s\",\"backend\":", LOADERSCOPE_VERSION);
    jsonString(w.buf(), backend);
    w.put(",\"base_time_ns\":%llu,\"trace_format\":\"%s\",\"trace_format_version\":%d,\"source\":\"%s\","
          "\"num_workers\":%d},\n\"traceEvents\":[\n",
          (unsigned long long)base, kOwnTraceFormat, kOwnTraceFormatVersion, header.source == 1 ? "pytorch" : "engine",
          std::max(0, numWorkers));
    // Every event, streamed from the recording; the names of the tracks follow at the end (the
    // format allows metadata anywhere), once the worker pids are known.
    TracksSeen seen;
    seen.pids.resize(size_t(std::max(0, numWorkers)));
    StackAssembler stacks;
    // `cancel` is asked once per chunk and never again: callers count its calls as progress.
    bool cancelled = false;
    const std::function<bool()> askCancel = [&] { return cancelled = cancel && cancel(); };
    try {
        recording.readAll(
            [&](const Event& e) {
                if (e.lane >= 0 && e.lane < 1024 && size_t(e.lane) >= seen.pids.size())
                    seen.pids.resize(size_t(e.lane) + 1);
                if (e.kind == EventKind::WorkerStart && e.lane >= 0 && size_t(e.lane) < seen.pids.size()) {
                    auto& p = seen.pids[size_t(e.lane)];
                    if (std::find(p.begin(), p.end(), e.arg0) == p.end())
                        p.push_back(e.arg0);
                }
                seen.pinThread = seen.pinThread || e.lane == LanePin;
                seen.deviceEvents = seen.deviceEvents || e.lane == LaneCopy || e.lane == LaneCompute;
                if (e.kind == EventKind::Stack || e.kind == EventKind::StackText) {
                    // One instant per Python stack, its text an argument, once its pieces are in.
                    stacks.add(e);
                    for (const ThreadStack& s : stacks.take())
                        writeStack(w, s);
                    return;
                }
                const Track t = trackFor(e.lane);
                w.sep();
                writeEvent(w, e, t);
                // Derived states (a worker waiting for a core) as spans of their own; the import
                // (own_trace.cpp) skips them and derives them again from their source.
                forEachDerived(e, [&](const Event& d) {
                    w.sep();
                    writeEvent(w, d, t);
                });
                w.flushIfFull(false);
            },
            askCancel);
    } catch (const RecordingError& e) {
        if (error)
            *error = e.what();
        return false;
    }
    if (cancelled) {
        if (error)
            *error = "cancelled";
        return false;
    }
    writeTrackNames(w, header, backend, seen);
    w.buf() += "\n]}\n";
    w.flushIfFull(true);
    bool ok = w.ok();
    if (ok)
        ok = out->commit();
    if (!ok && error)
        *error = out->error();
    return ok;
}

} // namespace loaderscope

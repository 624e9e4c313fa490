// SPDX-License-Identifier: MIT
// Chrome trace export (trace-format.md §1): object form, µs relative to the run's first event,
// one pseudo-process per worker, counters for the queue depth. Written with a plain buffered
// stream: traces reach millions of events.
#include "loaderscope/run.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

namespace loaderscope {

namespace {

constexpr int kMainPid = 1;
constexpr int kWorkerPidBase = 10;
constexpr int kDevicePid = 1000;

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
        switch (e.arg0) {
        case 1: return "host waits for the GPU (device buffers busy)";
        case 2: return "host blocked: pageable copy staged by the driver";
        case 3: return "host blocked: synchronous copy (non_blocking=False)";
        default: return "host blocked";
        }
    default: return std::string(eventKindName(e.kind));
    }
}

const char* category(EventKind k)
{
    switch (k) {
    case EventKind::Fetch:
    case EventKind::Collate:
    case EventKind::WorkerInit:
    case EventKind::WaitTask: return "worker";
    case EventKind::PinCopy: return "pin";
    case EventKind::HostBlocked: return "host_blocked";
    case EventKind::H2DCopy: return "gpu_memcpy";
    case EventKind::Kernel: return "kernel";
    default: return "loader";
    }
}

void jsonString(FILE* f, const std::string& s)
{
    fputc('"', f);
    for (char c : s) {
        if (c == '"' || c == '\\')
            fputc('\\', f), fputc(c, f);
        else if (uint8_t(c) < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

} // namespace

bool writeChromeTrace(const Config& config, const RunReport& r, const std::string& path)
{
    std::unique_ptr<FILE, int (*)(FILE*)> file(fopen(path.c_str(), "w"), fclose);
    if (!file)
        return false;
    FILE* f = file.get();
    std::vector<char> buffer(1 << 20);
    setvbuf(f, buffer.data(), _IOFBF, buffer.size());

    uint64_t base = r.t_iter_created;
    for (const Event& e : r.events)
        base = base == 0 ? e.t0 : std::min(base, e.t0);
    auto us = [base](uint64_t t) { return t >= base ? double(t - base) / 1000.0 : 0.0; };

    fprintf(f, "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"tool\":\"loaderscope\",\"version\":\"%s\","
               "\"backend\":", LOADERSCOPE_VERSION);
    jsonString(f, r.backend);
    fprintf(f, ",\"base_time_ns\":%llu},\n\"traceEvents\":[\n", (unsigned long long)base);

    bool first = true;
    auto sep = [&] {
        if (!first)
            fputs(",\n", f);
        first = false;
    };
    auto meta = [&](const char* what, int pid, int tid, const std::string& name) {
        sep();
        fprintf(f, "{\"ph\":\"M\",\"name\":\"%s\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":", what, pid, tid);
        jsonString(f, name);
        fputs("}}", f);
    };
    auto sortIndex = [&](int pid, int index) {
        sep();
        fprintf(f, "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%d,\"tid\":0,\"args\":{\"sort_index\":%d}}",
                pid, index);
    };

    meta("process_name", kMainPid, 0, (r.source == "pytorch" ? "PyTorch main process (pid " : "engine main process (pid ") +
                                          std::to_string(r.engine_pid) + ")");
    sortIndex(kMainPid, 0);
    meta("thread_name", kMainPid, 1, "main thread (training loop)");
    if (config.loader.pin_memory != PinMemory::Off)
        meta("thread_name", kMainPid, 2, "pin-memory thread");
    for (int w = 0; w < r.num_workers; ++w) {
        std::string pids;
        for (const auto& epochPids : r.worker_pids) {
            if (size_t(w) < epochPids.size()) {
                const std::string p = std::to_string(epochPids[size_t(w)]);
                if (pids.find(p) == std::string::npos)
                    pids += (pids.empty() ? "" : ", ") + p;
            }
        }
        meta("process_name", kWorkerPidBase + w, 0, "worker " + std::to_string(w) + " (pid " + pids + ")");
        sortIndex(kWorkerPidBase + w, 1 + w);
        meta("thread_name", kWorkerPidBase + w, 1, "worker loop");
    }
    if (r.backend != "none") {
        const std::string gpu = r.backend == "sim" ? "GPU (simulated)" : "GPU 0 (CUDA)";
        meta("process_name", kDevicePid, 0, gpu);
        sortIndex(kDevicePid, 1000);
        meta("thread_name", kDevicePid, 1, r.backend == "sim" ? "copy stream (simulated)" : "copy stream");
        meta("thread_name", kDevicePid, 2, r.backend == "sim" ? "compute stream (simulated)" : "compute stream");
    }

    for (const Event& e : r.events) {
        const Track t = trackFor(e.lane);
        sep();
        if (e.kind == EventKind::QueueDepth) {
            fprintf(f, "{\"ph\":\"C\",\"name\":\"queue\",\"pid\":%d,\"tid\":0,\"ts\":%.3f,\"args\":"
                       "{\"ready_batches\":%lld,\"outstanding_tasks\":%lld,\"pinned_in_use\":%lld}}",
                    kMainPid, us(e.t0), (long long)e.arg0, (long long)e.arg1, (long long)e.batch);
            continue;
        }
        if (isSpan(e.kind)) {
            fprintf(f, "{\"ph\":\"X\",\"name\":");
            jsonString(f, spanName(e));
            fprintf(f, ",\"cat\":\"%s\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,\"args\":"
                       "{\"batch\":%lld,\"epoch\":%d,\"arg0\":%lld,\"arg1\":%lld}}",
                    category(e.kind), t.pid, t.tid, us(e.t0), double(e.t1 - e.t0) / 1000.0,
                    (long long)batchKeyTask(e.batch), batchKeyEpoch(e.batch), (long long)e.arg0, (long long)e.arg1);
        } else {
            const bool global = e.kind == EventKind::EpochBegin || e.kind == EventKind::EpochEnd;
            fprintf(f, "{\"ph\":\"i\",\"name\":");
            std::string name(eventKindName(e.kind));
            if (global)
                name += " " + std::to_string(e.arg0);
            jsonString(f, name);
            fprintf(f, ",\"cat\":\"%s\",\"s\":\"%s\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"args\":"
                       "{\"batch\":%lld,\"epoch\":%d,\"arg0\":%lld,\"arg1\":%lld}}",
                    category(e.kind), global ? "g" : "t", t.pid, t.tid, us(e.t0), (long long)batchKeyTask(e.batch),
                    batchKeyEpoch(e.batch), (long long)e.arg0, (long long)e.arg1);
        }
    }
    fputs("\n]}\n", f);
    return fflush(f) == 0 && !ferror(f);
}

} // namespace loaderscope

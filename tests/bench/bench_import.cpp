// SPDX-License-Identifier: MIT
// Import benchmark, through the path users take: `loaderscope-engine analyze --trace FILE` timed
// from process start to exit, the trace read from the page cache (just written, then read once
// before the timed runs). Three shapes of trace, as torch writes them:
//  - legacy: torch 1.13's legacy profiler, a bare array of small CPU-op `X` spans on one line, no
//    `cat` (about 110 bytes an event);
//  - kineto2: torch 2.x Kineto without a GPU, pretty-printed: cpu_op, python_function and
//    user_annotation spans, memory instants;
//  - generated: torch 2.x Kineto with a GPU (CPU ops and their args, Python spans, CUDA runtime
//    calls, kernels, flows, host-to-device copies), about 255 bytes an event.
// Each has a ProfilerStep and a DataLoader __next__ per 10 ms step, the wait 15 % of it: the
// verdict is checked, not only the speed. Per shape: MB/s, events/s, CPU seconds per GB (every
// thread of the child) and peak RSS, median and spread over the repeats; with --baseline ENGINE,
// that engine is run alternately with this one on the same file and the ratio printed.
// Usage: bench_import [MB, default 400] [--shape legacy|kineto2|generated|all] [--repeats N]
//                     [--engine PATH] [--baseline PATH] [--keep DIR (write the traces there)]
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

using nlohmann::json;

namespace {

const char* kOps[] = {"aten::linear", "aten::t", "aten::transpose", "aten::as_strided", "aten::addmm", "aten::relu",
                      "aten::clamp_min", "aten::empty", "aten::copy_", "aten::to", "aten::_to_copy",
                      "aten::empty_strided", "aten::view", "aten::cross_entropy_loss", "aten::log_softmax",
                      "aten::nll_loss_nd", "aten::add_", "aten::mul_", "aten::zero_", "aten::fill_"};

constexpr double kPeriodUs = 10000.0, kWaitUs = 1500.0; // a 15 % loader wait inside each 10 ms step

/** torch 1.13's legacy export_chrome_trace: one line, integer microseconds, pid "CPU functions". */
struct LegacyWriter
{
    FILE* f;
    long events = 0;
    bool first = true;

    void span(const char* name, long ts, long dur)
    {
        fprintf(f, "%s{\"name\": \"%s\", \"ph\": \"X\", \"ts\": %ld, \"dur\": %ld, \"tid\": 1, \"pid\": \"CPU functions\", \"args\": {}}",
                first ? "" : ", ", name, ts, dur);
        first = false;
        ++events;
    }
    void step(long i)
    {
        const long t = 1000 + long(kPeriodUs) * i;
        char name[64];
        std::snprintf(name, sizeof name, "ProfilerStep#%ld", i);
        span(name, t, long(kPeriodUs) - 2);
        span("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__", t + 2, long(kWaitUs));
        // The step's work: 300 small ops of 3 to 20 us in 8.4 ms.
        long ts = t + long(kWaitUs) + 20;
        for (int k = 0; k < 300; ++k) {
            span(kOps[(k * 7) % 20], ts, 3 + (k * 13) % 18);
            ts += 28;
        }
    }
};

/** torch 2.x Kineto, pretty-printed as Kineto writes it; with or without the GPU's events. */
struct KinetoWriter
{
    FILE* f;
    bool gpu;
    double t = 1000.0;
    long ext = 1, corr = 100, flow = 1, events = 0;
    const int pid = 2337, tid = 2337;

    void cpuOp(const char* name, double ts, double dur, bool shapes)
    {
        if (shapes)
            fprintf(f,
                    "  {\n    \"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", \"pid\": %d, \"tid\": %d,\n"
                    "    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"External id\": %ld,\"Record function id\": 0, "
                    "\"Concrete Inputs\": [\"\", \"\", \"\"], \"Input type\": [\"float\", \"float\", \"\"], "
                    "\"Input Strides\": [[64, 1], [1, 64], []], \"Input Dims\": [[32, 64], [64, 256], []], \"Ev Idx\": %ld\n    }\n  },\n",
                    name, pid, tid, ts, dur, ext, ext - 1);
        else
            fprintf(f,
                    "  {\n    \"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"%s\", \"pid\": %d, \"tid\": %d,\n"
                    "    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"External id\": %ld,\"Record function id\": 0, "
                    "\"Sequence number\": %ld, \"Fwd thread id\": 0, \"Ev Idx\": %ld\n    }\n  },\n",
                    name, pid, tid, ts, dur, ext, ext / 3, ext - 1);
        ++ext;
        ++events;
    }
    void python(double ts, double dur, int k)
    {
        fprintf(f,
                "  {\n    \"ph\": \"X\", \"cat\": \"python_function\", \"name\": \"torch/nn/modules/module.py(1501): _call_impl\", "
                "\"pid\": %d, \"tid\": %d,\n    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"Python parent id\": %d, "
                "\"Python id\": %d, \"Python thread\": 0\n    }\n  },\n",
                pid, tid, ts, dur, k, k + 1);
        ++events;
    }
    void annotation(const char* name, double ts, double dur)
    {
        fprintf(f,
                "  {\n    \"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"%s\", \"pid\": %d, \"tid\": %d,\n"
                "    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"External id\": %ld,\"Record function id\": 0, \"Ev Idx\": %ld\n    }\n  },\n",
                name, pid, tid, ts, dur, ext, ext - 1);
        ++ext;
        ++events;
    }
    void launch(double ts, double kts, double kdur)
    {
        fprintf(f,
                "  {\n    \"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": %d, \"tid\": %d,\n"
                "    \"ts\": %.3f, \"dur\": 4.120,\n    \"args\": {\n      \"External id\": %ld, \"cbid\": 211, \"correlation\": %ld\n    }\n  },\n",
                pid, tid, ts, ext, corr);
        fprintf(f, "  {\n    \"ph\": \"s\", \"id\": %ld, \"pid\": %d, \"tid\": %d, \"ts\": %.3f,\n    \"cat\": \"ac2g\", \"name\": \"ac2g\"\n  },\n",
                flow, pid, tid, ts);
        fprintf(f,
                "  {\n    \"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_128x128_16x4_nn_align4>(Params)\", "
                "\"pid\": 0, \"tid\": 7,\n    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"External id\": %ld,\n      \"queued\": 0, "
                "\"device\": 0, \"context\": 1,\n      \"stream\": 7, \"correlation\": %ld,\n      \"registers per thread\": 168,\n"
                "      \"shared memory\": 49152,\n      \"blocks per SM\": 1.2,\n      \"warps per SM\": 9.6,\n      \"grid\": [132, 1, 1],\n"
                "      \"block\": [256, 1, 1],\n      \"est. achieved occupancy %%\": 19\n    }\n  },\n",
                kts, kdur, ext, corr);
        fprintf(f, "  {\n    \"ph\": \"f\", \"id\": %ld, \"pid\": 0, \"tid\": 7, \"ts\": %.3f,\n    \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"\n  },\n",
                flow, kts);
        ++corr;
        ++flow;
        events += 4;
    }
    void memory(double ts)
    {
        fprintf(f,
                "  {\n    \"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"s\": \"t\", \"name\": \"[memory]\",\n    \"pid\": %d, \"tid\": %d,\n"
                "    \"ts\": %.3f,\n    \"args\": {\n      \"Total Reserved\": 41943040, \"Total Allocated\": 25165824, \"Bytes\": 8388608, "
                "\"Device Id\": %d, \"Addr\": 139830577135616, \"Device Type\": %d\n    }\n  },\n",
                pid, tid, ts, gpu ? 0 : -1, gpu ? 1 : 0);
        ++events;
    }

    void step(long i)
    {
        char name[64];
        std::snprintf(name, sizeof name, "ProfilerStep#%ld", i);
        annotation(name, t, kPeriodUs);
        annotation("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__", t + 2.0, kWaitUs);
        if (gpu) {
            fprintf(f,
                    "  {\n    \"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"Memcpy HtoD (Pinned -> Device)\", \"pid\": 0, \"tid\": 7,\n"
                    "    \"ts\": %.3f, \"dur\": 800.000,\n    \"args\": {\n      \"External id\": %ld,\n      \"device\": 0, \"context\": 1,\n"
                    "      \"stream\": 7, \"correlation\": %ld,\n      \"bytes\": 8388608, \"memory bandwidth (GB/s)\": 10.48576\n    }\n  },\n",
                    t + kWaitUs + 10, ext, corr++);
            ++events;
        }
        memory(t + kWaitUs + 5);
        // The step's work: about 300 host events (CPU ops, Python spans, kernel launches with a GPU).
        double ts = t + kWaitUs + 20;
        for (int k = 0; k < 60; ++k) {
            python(ts, 120.0, k);
            if (!gpu && k % 6 == 0)
                annotation(k % 12 ? "## backward ##" : "## forward ##", ts + 1, 100.0);
            for (int j = 0; j < (gpu ? 3 : 4); ++j)
                cpuOp(kOps[(k * 3 + j) % 20], ts + 2 + j * 10, 8.5, (k + j) % 4 == 0);
            if (gpu)
                launch(ts + 35, ts + 40, 90.0);
            ts += 140.0;
        }
        if (gpu) {
            fprintf(f,
                    "  {\n    \"ph\": \"X\", \"cat\": \"gpu_user_annotation\", \"name\": \"ProfilerStep#%ld\", \"pid\": 0, \"tid\": 7,\n"
                    "    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"External id\": %ld\n    }\n  },\n",
                    i, t + kWaitUs + 39, kPeriodUs - kWaitUs - 40, ext);
            ++events;
        }
        t += kPeriodUs;
    }
};

struct Trace
{
    std::string path;
    long steps = 0, events = 0;
    double mb = 0;
};

Trace generate(const std::string& shape, size_t megabytes, const std::string& dir)
{
    Trace out;
    std::string path = dir + "/ls-bench-" + shape + "-XXXXXX";
    const int fd = mkstemp(path.data());
    FILE* f = fdopen(fd, "w");
    std::vector<char> buf(1 << 20);
    setvbuf(f, buf.data(), _IOFBF, buf.size());
    const size_t target = megabytes << 20;
    long step = 0;
    if (shape == "legacy") {
        LegacyWriter w{f};
        fputc('[', f);
        while (size_t(ftell(f)) < target)
            w.step(step++);
        fputc(']', f);
        out.events = w.events;
    } else {
        const bool gpu = shape == "generated";
        fprintf(f, "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n%s  ],\n", !gpu ? "" :
                   "    {\n      \"id\": 0, \"name\": \"NVIDIA H200\", \"totalGlobalMem\": 150754820096,\n"
                   "      \"computeMajor\": 9, \"computeMinor\": 0,\n      \"maxThreadsPerBlock\": 1024, "
                   "\"maxThreadsPerMultiprocessor\": 2048,\n      \"regsPerBlock\": 65536, \"warpSize\": 32,\n"
                   "      \"sharedMemPerBlock\": 49152, \"numSms\": 132\n    }\n");
        fprintf(f, "  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 0, \"world_size\": 1},\n"
                   "  \"displayTimeUnit\": \"ms\",\n  \"baseTimeNanoseconds\": 1700000000000000000,\n  \"traceEvents\": [\n");
        KinetoWriter w{f, gpu};
        while (size_t(ftell(f)) < target)
            w.step(step++);
        fprintf(f, "  {\n    \"name\": \"Record Window End\", \"ph\": \"i\", \"s\": \"g\",\n    \"pid\": \"\", \"tid\": \"\", \"ts\": %.3f\n  }\n],\n"
                   "  \"traceName\": \"%s\"\n}\n", w.t, path.c_str());
        out.events = w.events + 1;
    }
    out.mb = double(ftell(f)) / double(1 << 20);
    fclose(f);
    out.path = path;
    out.steps = step;
    return out;
}

struct Run
{
    double wall = 0, cpu = 0, peakMib = 0;
    json report; ///< analyze's output
};

/** `engine analyze --trace path`, timed from the spawn to the reaped exit. */
Run analyze(const std::string& engine, const std::string& path)
{
    int pipefd[2];
    if (pipe(pipefd) != 0)
        return {};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&fa, pipefd[0]);
    std::vector<std::string> args{engine, "analyze", "--trace", path};
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    Run r;
    const auto t0 = std::chrono::steady_clock::now();
    pid_t pid = -1;
    const int err = posix_spawn(&pid, engine.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(pipefd[1]);
    std::string out;
    char buf[4096];
    ssize_t n;
    while (err == 0 && (n = read(pipefd[0], buf, sizeof buf)) > 0)
        out.append(buf, size_t(n));
    close(pipefd[0]);
    rusage u{};
    int status = 0;
    if (err != 0 || wait4(pid, &status, 0, &u) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return {};
    r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.cpu = double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
    r.peakMib = double(u.ru_maxrss) / 1024.0; // KiB on Linux
    r.report = json::parse(out, nullptr, false);
    return r;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

/** Median, lowest and highest of what the runs measured, per the figure users read. */
json summary(const std::vector<Run>& runs, const Trace& t)
{
    std::vector<double> mbs, evs, cpuPerGb, rss, wall;
    for (const Run& r : runs) {
        if (r.wall <= 0)
            continue; // a failed run (counted by the verdict check)
        mbs.push_back(t.mb / r.wall);
        evs.push_back(double(t.events) / r.wall);
        cpuPerGb.push_back(r.cpu / (t.mb * double(1 << 20) / 1e9));
        rss.push_back(r.peakMib);
        wall.push_back(r.wall);
    }
    auto spread = [](const std::vector<double>& v, int digits) {
        const double scale = std::pow(10.0, digits);
        auto round = [&](double x) { return std::round(x * scale) / scale; };
        if (v.empty())
            return json(nullptr);
        return json{{"median", round(median(v))}, {"min", round(*std::min_element(v.begin(), v.end()))},
                    {"max", round(*std::max_element(v.begin(), v.end()))}};
    };
    return {{"mb_per_s", spread(mbs, 1)}, {"events_per_s", spread(evs, 0)}, {"cpu_s_per_gb", spread(cpuPerGb, 3)},
            {"peak_rss_mib", spread(rss, 1)}, {"wall_s", spread(wall, 3)}};
}

/** What analyze must have found in every shape: each step, and the 15 % wait. */
bool verdictHolds(const json& report, const Trace& t)
{
    if (!report.is_object() || !report.contains("ranks") || report["ranks"].empty())
        return false;
    const json& r = report["ranks"][0];
    return r.value("steps", -1L) == t.steps && r["data_stall_fraction"].is_number() &&
           std::abs(r["data_stall_fraction"].get<double>() - 0.15) < 0.01 && r.value("events", 0L) == t.events;
}

} // namespace

int main(int argc, char** argv)
{
    size_t mb = 400;
    int repeats = 5;
    std::string shapeArg = "all", engine = LOADERSCOPE_ENGINE_PATH, baseline, dir = "/tmp";
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool more = i + 1 < argc;
        if (a == "--shape" && more)
            shapeArg = argv[++i];
        else if (a == "--repeats" && more)
            repeats = std::max(1, std::atoi(argv[++i]));
        else if (a == "--engine" && more)
            engine = argv[++i];
        else if (a == "--baseline" && more)
            baseline = argv[++i];
        else if (a == "--keep" && more)
            dir = argv[++i];
        else
            mb = size_t(std::atol(argv[i]));
    }
    const bool keep = dir != "/tmp";
    std::vector<std::string> shapes = shapeArg == "all" ? std::vector<std::string>{"legacy", "kineto2", "generated"}
                                                        : std::vector<std::string>{shapeArg};
    int failed = 0;
    for (const std::string& shape : shapes) {
        const Trace t = generate(shape, mb, dir);
        analyze(engine, t.path); // one untimed run: the file is in the page cache, the binary too
        if (!baseline.empty())
            analyze(baseline, t.path);
        std::vector<Run> runs, baseRuns;
        bool ok = true;
        for (int r = 0; r < repeats; ++r) { // alternately, so that the machine's load falls on both
            runs.push_back(analyze(engine, t.path));
            ok &= verdictHolds(runs.back().report, t);
            if (!baseline.empty()) {
                baseRuns.push_back(analyze(baseline, t.path));
                ok &= verdictHolds(baseRuns.back().report, t);
            }
        }
        json out{{"bench", "import"}, {"shape", shape}, {"trace_mb", std::round(t.mb * 10) / 10}, {"events", t.events},
                 {"bytes_per_event", std::round(t.mb * double(1 << 20) / double(t.events))}, {"steps", t.steps},
                 {"repeats", repeats}, {"target_mb_per_s", 1000}};
        if (shape == "legacy")
            out["target_events_per_s"] = 9000000;
        out["engine"] = summary(runs, t);
        if (!baseline.empty()) {
            out["baseline"] = summary(baseRuns, t);
            if (ok)
                out["speedup_median"] = std::round(out["engine"]["mb_per_s"]["median"].get<double>() /
                                                   out["baseline"]["mb_per_s"]["median"].get<double>() * 100) / 100;
        }
        const json& rank = runs.back().report.is_object() ? runs.back().report["ranks"][0] : json();
        out["verdict"] = rank.is_object() ? rank.value("verdict", "") : "";
        out["verdict_as_generated"] = ok;
        failed += ok ? 0 : 1;
        printf("%s\n", out.dump().c_str());
        fflush(stdout);
        if (!keep)
            std::remove(t.path.c_str());
    }
    return failed == 0 ? 0 : 1;
}

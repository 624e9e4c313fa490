// SPDX-License-Identifier: MIT
// Import benchmark: a generated Kineto trace (torch 2.x layout, pretty-printed like Kineto writes
// it) of real shape: mostly CPU ops with their args and Python function spans, then CUDA runtime
// calls, kernels, flows, host-to-device copies, memory instants, a ProfilerStep and a DataLoader
// __next__ per step. It is read from the page cache (just written). Prints the speed, the peak
// resident memory the import added against the size of the kept events, and the counts.
// Usage: bench_import [MB, default 400] [--keep FILE (write the trace there and keep it)]
#include "loaderscope/profiler_import.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

using namespace loaderscope;

namespace {

double cpuSeconds()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u); // every thread of the process: the reading and the window thread
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

long statusKb(const char* key)
{
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind(key, 0) == 0)
            return std::atol(line.c_str() + std::strlen(key));
    return -1;
}

const char* kOps[] = {"aten::linear", "aten::t", "aten::transpose", "aten::as_strided", "aten::addmm", "aten::relu",
                      "aten::clamp_min", "aten::empty", "aten::copy_", "aten::to", "aten::_to_copy",
                      "aten::empty_strided", "aten::view", "aten::cross_entropy_loss", "aten::log_softmax",
                      "aten::nll_loss_nd", "aten::add_", "aten::mul_", "aten::zero_", "aten::fill_"};

struct Writer
{
    FILE* f;
    double t = 1000.0;
    long ext = 1, corr = 100, flow = 1;
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
    }
    void python(double ts, double dur, int k)
    {
        fprintf(f,
                "  {\n    \"ph\": \"X\", \"cat\": \"python_function\", \"name\": \"torch/nn/modules/module.py(1501): _call_impl\", "
                "\"pid\": %d, \"tid\": %d,\n    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"Python parent id\": %d, "
                "\"Python id\": %d, \"Python thread\": 0\n    }\n  },\n",
                pid, tid, ts, dur, k, k + 1);
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
    }

    void step(long i)
    {
        const double period = 10000.0, wait = 1500.0; // a 15% loader wait inside each 10 ms step
        fprintf(f,
                "  {\n    \"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#%ld\", \"pid\": %d, \"tid\": %d,\n"
                "    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"External id\": %ld,\"Record function id\": 0, \"Ev Idx\": %ld\n    }\n  },\n",
                i, pid, tid, t, period, ext, ext - 1);
        ++ext;
        fprintf(f,
                "  {\n    \"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__\", "
                "\"pid\": %d, \"tid\": %d,\n    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"External id\": %ld,\"Record function id\": 0, "
                "\"Ev Idx\": %ld\n    }\n  },\n",
                pid, tid, t + 2.0, wait, ext, ext - 1);
        ++ext;
        fprintf(f,
                "  {\n    \"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": \"Memcpy HtoD (Pinned -> Device)\", \"pid\": 0, \"tid\": 7,\n"
                "    \"ts\": %.3f, \"dur\": 800.000,\n    \"args\": {\n      \"External id\": %ld,\n      \"device\": 0, \"context\": 1,\n"
                "      \"stream\": 7, \"correlation\": %ld,\n      \"bytes\": 8388608, \"memory bandwidth (GB/s)\": 10.48576\n    }\n  },\n",
                t + wait + 10, ext, corr++);
        fprintf(f,
                "  {\n    \"ph\": \"i\", \"cat\": \"cpu_instant_event\", \"s\": \"t\", \"name\": \"[memory]\",\n    \"pid\": %d, \"tid\": %d,\n"
                "    \"ts\": %.3f,\n    \"args\": {\n      \"Total Reserved\": 41943040, \"Total Allocated\": 25165824, \"Bytes\": 8388608, "
                "\"Device Id\": 0, \"Addr\": 139830577135616, \"Device Type\": 1\n    }\n  },\n",
                pid, tid, t + wait + 5);
        // The step's work: about 300 host events (CPU ops, Python spans, kernel launches).
        double ts = t + wait + 20;
        for (int k = 0; k < 60; ++k) {
            python(ts, 120.0, k);
            for (int j = 0; j < 3; ++j)
                cpuOp(kOps[(k * 3 + j) % 20], ts + 2 + j * 10, 8.5, (k + j) % 4 == 0);
            launch(ts + 35, ts + 40, 90.0);
            ts += 140.0;
        }
        fprintf(f,
                "  {\n    \"ph\": \"X\", \"cat\": \"gpu_user_annotation\", \"name\": \"ProfilerStep#%ld\", \"pid\": 0, \"tid\": 7,\n"
                "    \"ts\": %.3f, \"dur\": %.3f,\n    \"args\": {\n      \"External id\": %ld\n    }\n  },\n",
                i, t + wait + 39, period - wait - 40, ext);
        t += period;
    }
};

std::string generate(size_t megabytes, const std::string& keep, long& stepsOut)
{
    std::string path = keep;
    FILE* f = nullptr;
    if (path.empty()) {
        char tmpl[] = "/tmp/ls-bench-trace-XXXXXX";
        const int fd = mkstemp(tmpl);
        f = fdopen(fd, "w");
        path = tmpl;
    } else {
        f = fopen(path.c_str(), "w");
    }
    std::vector<char> buf(1 << 20);
    setvbuf(f, buf.data(), _IOFBF, buf.size());
    fprintf(f, "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [\n    {\n      \"id\": 0, \"name\": \"NVIDIA H200\", "
               "\"totalGlobalMem\": 150754820096,\n      \"computeMajor\": 9, \"computeMinor\": 0,\n      \"maxThreadsPerBlock\": 1024, "
               "\"maxThreadsPerMultiprocessor\": 2048,\n      \"regsPerBlock\": 65536, \"warpSize\": 32,\n      \"sharedMemPerBlock\": 49152, "
               "\"numSms\": 132\n    }\n  ],\n  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 0, \"world_size\": 1},\n"
               "  \"displayTimeUnit\": \"ms\",\n  \"baseTimeNanoseconds\": 1700000000000000000,\n  \"traceEvents\": [\n");
    Writer w{f};
    const size_t target = megabytes << 20;
    long step = 0;
    while (size_t(ftell(f)) < target)
        w.step(step++);
    fprintf(f, "  {\n    \"name\": \"Record Window End\", \"ph\": \"i\", \"s\": \"g\",\n    \"pid\": \"\", \"tid\": \"\", \"ts\": %.3f\n  }\n],\n"
               "  \"traceName\": \"%s\"\n}\n", w.t, path.c_str());
    fclose(f);
    stepsOut = step;
    return path;
}

} // namespace

int main(int argc, char** argv)
{
    size_t mb = 400;
    std::string keep;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--keep") == 0 && i + 1 < argc)
            keep = argv[++i];
        else
            mb = size_t(std::atol(argv[i]));
    }
    long generatedSteps = 0;
    const std::string path = generate(mb, keep, generatedSteps);
    { std::ofstream reset("/proc/self/clear_refs"); reset << "5"; } // reset the peak (VmHWM)
    const long before = statusKb("VmRSS:");
    const double cpu0 = cpuSeconds();
    const auto t0 = std::chrono::steady_clock::now();
    const ProfilerTrace trace = importProfilerTrace(path);
    const auto t1 = std::chrono::steady_clock::now();
    const double cpu = cpuSeconds() - cpu0;
    const long peak = statusKb("VmHWM:");
    const TraceAnalysis a = analyzeProfilerTrace(trace);
    const auto t2 = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(t1 - t0).count();
    const double mbRead = double(trace.bytes_read) / double(1 << 20);
    const double eventsBytes = double(trace.spans.size() * sizeof(ProfiledSpan));
    if (keep.empty())
        std::remove(path.c_str());
    printf("{\"bench\":\"import\",\"trace_mb\":%.1f,\"events_seen\":%llu,\"events_kept\":%zu,\"seconds\":%.3f,"
           "\"mb_per_s\":%.1f,\"target_mb_per_s\":1000,\"cpu_seconds\":%.3f,\"mb_per_cpu_s\":%.1f,\"analysis_seconds\":%.3f,\"kept_events_mib\":%.1f,"
           "\"peak_rss_growth_mib\":%.1f,\"peak_growth_vs_events\":%.2f,\"steps\":%d,\"generated_steps\":%ld,"
           "\"loop_shape\":\"%s\",\"data_stall_fraction\":%.3f,\"expected_stall\":0.150,\"verdict\":\"%s\"}\n",
           mbRead, (unsigned long long)trace.events_seen, trace.spans.size(), s, mbRead / s, cpu, mbRead / cpu,
           std::chrono::duration<double>(t2 - t1).count(), eventsBytes / (1 << 20), double(peak - before) / 1024.0,
           double(peak - before) * 1024.0 / eventsBytes, a.steps, generatedSteps, a.loop_shape.c_str(),
           a.data_stall_fraction, a.verdict.c_str());
    return a.steps == generatedSteps && std::abs(a.data_stall_fraction - 0.15) < 0.01 ? 0 : 1;
}

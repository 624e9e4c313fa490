// SPDX-License-Identifier: MIT
// Import benchmark: a generated 200 MB Kineto-style trace (CPU ops, runtime calls, kernels,
// copies, steps, loader waits). Prints MB/s and the peak resident memory the import added,
// against the size of the events it keeps. Usage: bench_import [MB]
#include "loaderscope/profiler_import.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace loaderscope;

namespace {

long statusKb(const char* key)
{
    std::ifstream f("/proc/self/status");
    std::string line;
    while (std::getline(f, line))
        if (line.rfind(key, 0) == 0)
            return std::atol(line.c_str() + std::strlen(key));
    return -1;
}

std::string generate(size_t megabytes)
{
    char path[] = "/tmp/ls-bench-trace-XXXXXX";
    const int fd = mkstemp(path);
    FILE* f = fdopen(fd, "w");
    std::vector<char> buf(1 << 20);
    setvbuf(f, buf.data(), _IOFBF, buf.size());
    fprintf(f, "{\"schemaVersion\":1,\"deviceProperties\":[],\"distributedInfo\":{\"rank\":0},\"traceEvents\":[\n");
    double t = 1000;
    size_t step = 0;
    const size_t target = megabytes << 20;
    while (size_t(ftell(f)) < target) {
        fprintf(f, "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#%zu\",\"pid\":1,\"tid\":1,\"ts\":%.3f,\"dur\":5000.0},\n", step, t);
        fprintf(f, "{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__\",\"pid\":1,\"tid\":1,\"ts\":%.3f,\"dur\":300.0},\n", t + 2);
        for (int k = 0; k < 20; ++k) // the bulk of a real trace: CPU ops and runtime calls, skipped
            fprintf(f, "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::linear\",\"pid\":1,\"tid\":1,\"ts\":%.3f,\"dur\":12.5,"
                       "\"args\":{\"External id\":%zu,\"Sequence number\":%d,\"Fwd thread id\":0}},\n", t + 310 + k * 20, step * 100 + k, k);
        fprintf(f, "{\"ph\":\"X\",\"cat\":\"gpu_memcpy\",\"name\":\"Memcpy HtoD (Pinned -> Device)\",\"pid\":0,\"tid\":7,\"ts\":%.3f,\"dur\":800.0,"
                   "\"args\":{\"device\":0,\"stream\":7,\"bytes\":8388608,\"memory bandwidth (GB/s)\":10.48}},\n", t + 320);
        for (int k = 0; k < 8; ++k)
            fprintf(f, "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"void cutlass::Kernel<cutlass_80_tensorop_s1688gemm_128x128_16x4_nn_align4>(Params)\","
                       "\"pid\":0,\"tid\":8,\"ts\":%.3f,\"dur\":550.0,\"args\":{\"grid\":[132,1,1],\"block\":[256,1,1],\"stream\":8}},\n",
                    t + 1200 + k * 560);
        t += 5000;
        ++step;
    }
    fprintf(f, "{\"ph\":\"i\",\"name\":\"Record Window End\",\"pid\":\"Spans\",\"tid\":0,\"ts\":%.3f,\"s\":\"g\"}\n]}\n", t);
    fclose(f);
    return path;
}

} // namespace

int main(int argc, char** argv)
{
    const size_t mb = argc > 1 ? size_t(std::atol(argv[1])) : 200;
    const std::string path = generate(mb);
    { std::ofstream reset("/proc/self/clear_refs"); reset << "5"; } // reset the peak (VmHWM)
    const long before = statusKb("VmRSS:");
    const auto t0 = std::chrono::steady_clock::now();
    const ProfilerTrace trace = importProfilerTrace(path);
    const auto t1 = std::chrono::steady_clock::now();
    const long peak = statusKb("VmHWM:");
    const TraceAnalysis a = analyzeProfilerTrace(trace);
    const double s = std::chrono::duration<double>(t1 - t0).count();
    const double mbRead = double(trace.bytes_read) / double(1 << 20);
    const double eventsBytes = double(trace.spans.size() * sizeof(ProfiledSpan));
    std::remove(path.c_str());
    printf("{\"bench\":\"import\",\"trace_mb\":%.1f,\"events_seen\":%llu,\"events_kept\":%zu,\"seconds\":%.3f,"
           "\"mb_per_s\":%.1f,\"target_mb_per_s\":100,\"kept_events_mib\":%.1f,\"peak_rss_growth_mib\":%.1f,"
           "\"peak_growth_vs_events\":%.2f,\"target_peak_vs_events\":2.0,\"steps\":%d,\"data_stall_fraction\":%.3f}\n",
           mbRead, (unsigned long long)trace.events_seen, trace.spans.size(), s, mbRead / s, eventsBytes / (1 << 20),
           double(peak - before) / 1024.0, double(peak - before) * 1024.0 / eventsBytes, a.steps, a.data_stall_fraction);
    return 0;
}

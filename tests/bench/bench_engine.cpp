// SPDX-License-Identifier: MIT
// Engine benchmark. Runs the real loaderscope-engine on the issue's scenarios and prints one JSON
// object. Speed targets live here, never in unit tests. Usage: bench_engine [--quick] [--memory]
// (--memory: only the memory-sampling cost)
#include "loaderscope/base/clock.h"
#include "loaderscope/config/config.h"
#include "loaderscope/shm/memory.h"
#include "loaderscope/shm/segment.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

using nlohmann::json;
using namespace loaderscope;

namespace {

std::string capture(const std::string& cmd)
{
    std::string out;
    if (FILE* p = popen(cmd.c_str(), "r")) {
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, p)) > 0)
            out.append(buf, n);
        pclose(p);
    }
    return out;
}

/// Runs the engine on a config; returns its summary (best of `repeats` by samples_per_s).
/// `env`: assignments put before the command ("LOADERSCOPE_MEMORY_SAMPLE_HZ=0").
json runConfig(const json& config, int repeats = 1, const std::string& env = {})
{
    char dir[] = "/tmp/ls-bench-XXXXXX";
    if (!mkdtemp(dir))
        return {};
    const std::string cfg = std::string(dir) + "/c.json", sum = std::string(dir) + "/s.json";
    std::ofstream(cfg) << config.dump();
    json best;
    for (int i = 0; i < repeats; ++i) {
        const std::string cmd = (env.empty() ? std::string() : env + " ") + LOADERSCOPE_ENGINE_PATH + " run --config " + cfg +
                                " --summary " + sum + " 2>/dev/null";
        if (std::system(cmd.c_str()) != 0)
            continue;
        std::ifstream in(sum);
        json s = json::parse(in, nullptr, false);
        if (s.is_discarded())
            continue;
        if (best.is_null() || s["samples_per_s"].get<double>() > best["samples_per_s"].get<double>())
            best = s;
    }
    std::remove(cfg.c_str());
    std::remove(sum.c_str());
    rmdir(dir);
    return best;
}

json trivial(bool quick)
{
    const int batches = quick ? 20000 : 100000;
    json c = {{"dataset", {{"kind", "map"}, {"length", batches * 64}, {"sample_bytes", 64}, {"io_latency_us", 0}}},
              {"loader", {{"batch_size", 64}, {"num_workers", 2}}},
              {"train", {{"step_us", 0}}}};
    const json s = runConfig(c, 3);
    json r = {{"scenario", "trivial: 64-byte samples, batch 64, no latency, 2 workers"},
              {"batches_per_s", s.value("batches_per_s", 0.0)},
              {"target_batches_per_s", 20000},
              {"events_lost", s.value("events_lost", 0)}};
    // Baseline measured in the same run: torch's DataLoader on this machine, if installed.
    const std::string torch = capture("/usr/bin/python3 " LOADERSCOPE_SOURCE_DIR
                                      "/tests/bench/torch_baseline.py 400 2>/dev/null");
    const json t = json::parse(torch, nullptr, false);
    if (!t.is_discarded() && t.contains("batches_per_s")) {
        r["torch_dataloader_batches_per_s"] = t["batches_per_s"];
        r["speedup_vs_torch"] = s.value("batches_per_s", 0.0) / t["batches_per_s"].get<double>();
    } else {
        r["torch_dataloader_batches_per_s"] = nullptr;
    }
    return r;
}

json latencyBound(bool quick)
{
    const int samples = quick ? 8000 : 24000;
    json c = {{"dataset", {{"kind", "map"}, {"length", samples}, {"sample_bytes", 64}, {"io_latency_us", 1000}}},
              {"loader", {{"batch_size", 32}, {"num_workers", 8}}},
              {"train", {{"step_us", 0}}}};
    const json s = runConfig(c, 2);
    const double sps = s.value("samples_per_s", 0.0);
    return {{"scenario", "latency-bound: 1 ms per sample, batch 32, 8 workers"},
            {"samples_per_s", sps},
            {"ideal_samples_per_s", 8000},
            {"fraction_of_ideal", sps / 8000.0},
            {"target_fraction", 0.9}};
}

json firstBatch()
{
    json c = {{"dataset", {{"kind", "map"}, {"length", 2048}, {"sample_bytes", 64}, {"io_latency_us", 1000}}},
              {"loader", {{"batch_size", 32}, {"num_workers", 8}, {"multiprocessing_context", "fork"}}},
              {"train", {{"step_us", 0}, {"max_batches", 8}}}};
    double best = 1e9, worst = 0;
    for (int i = 0; i < 5; ++i) {
        const json s = runConfig(c);
        if (s.contains("first_batch_s") && s["first_batch_s"].is_number()) {
            best = std::min(best, s["first_batch_s"].get<double>());
            worst = std::max(worst, s["first_batch_s"].get<double>());
        }
    }
    return {{"scenario", "first batch: 8 fork workers, 1 ms samples, batch 32 (32 ms of sample latency)"},
            {"first_batch_ms_best", best * 1e3},
            {"first_batch_ms_worst_of_5", worst * 1e3},
            {"floor_ms", 32.0},
            {"target_ms", 50}};
}

json eventCost()
{
    // In-process: the cost of one EventWriter::span on a real segment, and of the clock read
    // every event needs, measured in the same run.
    const Config c = parseConfig(R"({"dataset":{"sample_bytes":64},"loader":{"batch_size":4,"num_workers":1}})");
    auto seg = Segment::create(c, configToJson(c));
    EventWriter w(*seg, 0);
    constexpr int kN = 20'000'000;
    const uint64_t t0 = nowNs();
    for (int i = 0; i < kN; ++i)
        w.span(EventKind::Fetch, uint64_t(i), uint64_t(i) + 1, i, i, 0);
    const uint64_t t1 = nowNs();
    uint64_t sink = 0;
    for (int i = 0; i < kN / 10; ++i)
        sink += nowNs();
    const uint64_t t2 = nowNs();
    const double record = double(t1 - t0) / kN;
    const double clock = double(t2 - t1) / (kN / 10);
    return {{"scenario", "event record cost (seqlock ring in shared memory)"},
            {"ns_per_event_record", record},
            {"ns_per_clock_read", clock},
            {"ns_per_event_with_timestamp", record + clock},
            {"target_ns", 50},
            {"sink", sink & 1}};
}

json zeroCopy()
{
    // The main process never copies a batch: it hands the loop a pointer into the slot the
    // worker collated into. The engine counts main-side batch copies; any non-zero is a bug.
    json c = {{"dataset", {{"kind", "map"}, {"length", 4096}, {"sample_bytes", 4096}, {"io_latency_us", 0}}},
              {"loader", {{"batch_size", 32}, {"num_workers", 2}}},
              {"train", {{"step_us", 0}}}};
    const json s = runConfig(c);
    return {{"scenario", "bytes copied between worker and main per batch (4 KiB samples, batch 32)"},
            {"worker_to_main_bytes_per_batch", s.value("worker_to_main_bytes_per_batch", -1.0)},
            {"batch_bytes", 32 * 4096},
            {"target", 0}};
}

/// CPU microseconds (thread CPU clock) per smaps_rollup and per statm read of this process,
/// after touching `touchMiB` of memory: the sampler's cost per process and tick.
json readCostUs(size_t touchMiB)
{
    std::vector<char> block(touchMiB << 20);
    for (size_t i = 0; i < block.size(); i += 4096)
        block[i] = char(i);
    ProcessMemoryReader self(getpid());
    const int reads = touchMiB >= 256 ? 40 : 400;
    uint64_t sink = 0;
    uint64_t c0 = threadCpuNs();
    for (int i = 0; i < reads; ++i)
        sink += self.read().value_or(ProcessMemory{}).rss;
    const double rollup = double(threadCpuNs() - c0) / reads / 1e3;
    c0 = threadCpuNs();
    for (int i = 0; i < 4000; ++i)
        sink += self.rss().value_or(0);
    const double statm = double(threadCpuNs() - c0) / 4000 / 1e3;
    return {{"rss_mib", double(self.rss().value_or(0)) / (1 << 20)},
            {"smaps_rollup_cpu_us", rollup},
            {"statm_cpu_us", statm},
            {"sink", sink & 1}};
}

json memorySampling(bool quick)
{
    // The same run with and without the memory sampler, interleaved so machine load hits both
    // alike: the trivial scenario (its main thread and 2 workers keep the cores busy, so a
    // sampler that took CPU would show) and a latency-bound one with 8 workers (9 processes read
    // per tick).
    auto compare = [&](const json& c, const char* rateKey, int rounds) {
        std::vector<double> off, on, fast, onCpu, fastCpu;
        for (int i = 0; i < rounds; ++i) {
            off.push_back(runConfig(c, 1, "LOADERSCOPE_MEMORY_SAMPLE_HZ=0").value(rateKey, 0.0));
            const json s20 = runConfig(c, 1); // default: 20 Hz
            on.push_back(s20.value(rateKey, 0.0));
            onCpu.push_back(s20.value("memory_sampler_cpu_s", 0.0) / std::max(1e-9, s20.value("seconds", 0.0)));
            const json s200 = runConfig(c, 1, "LOADERSCOPE_MEMORY_SAMPLE_HZ=200");
            fast.push_back(s200.value(rateKey, 0.0));
            fastCpu.push_back(s200.value("memory_sampler_cpu_s", 0.0) / std::max(1e-9, s200.value("seconds", 0.0)));
        }
        auto median = [](std::vector<double> v) {
            std::sort(v.begin(), v.end());
            return v.empty() ? 0.0 : v[v.size() / 2];
        };
        const double base = median(off);
        return json{{std::string("off_") + rateKey + "_median", base},
                    {std::string("20hz_") + rateKey + "_median", median(on)},
                    {std::string("200hz_") + rateKey + "_median", median(fast)},
                    {"20hz_over_off", base > 0 ? median(on) / base : 0.0},
                    {"200hz_over_off", base > 0 ? median(fast) / base : 0.0},
                    // the sampler thread's CPU time over the loop's time: the share of one core it took
                    {"20hz_sampler_core_share_median", median(onCpu)},
                    {"200hz_sampler_core_share_median", median(fastCpu)},
                    {"runs_each", rounds}};
    };
    const int batches = quick ? 10000 : 40000;
    const json trivialRun = {{"dataset", {{"kind", "map"}, {"length", batches * 64}, {"sample_bytes", 64}, {"io_latency_us", 0}}},
                             {"loader", {{"batch_size", 64}, {"num_workers", 2}}},
                             {"train", {{"step_us", 0}}}};
    const json latencyRun = {{"dataset", {{"kind", "map"}, {"length", quick ? 8000 : 16000}, {"sample_bytes", 64}, {"io_latency_us", 1000}}},
                             {"loader", {{"batch_size", 32}, {"num_workers", 8}}},
                             {"train", {{"step_us", 0}}}};
    return {{"scenario", "memory sampling cost: the same runs with LOADERSCOPE_MEMORY_SAMPLE_HZ 0, 20 (default) and 200"},
            {"trivial_2_workers", compare(trivialRun, "batches_per_s", quick ? 3 : 5)},
            {"latency_bound_8_workers", compare(latencyRun, "samples_per_s", quick ? 2 : 3)},
            {"read_cost_small_process", readCostUs(0)},
            {"read_cost_1gib_touched", readCostUs(1024)},
            {"rollup_cpu_share_budget", MemorySamplerBudget{}.rollup_cpu_share},
            {"target_ratio", 0.98}};
}

} // namespace

int main(int argc, char** argv)
{
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    json out;
    out["bench"] = "engine";
    out["cpus"] = sysconf(_SC_NPROCESSORS_ONLN);
    const bool memoryOnly = argc > 1 && std::strcmp(argv[argc - 1], "--memory") == 0;
    if (memoryOnly)
        out["results"] = json::array({memorySampling(quick)});
    else
        out["results"] = json::array({trivial(quick), latencyBound(quick), eventCost(), firstBatch(), zeroCopy(),
                                      memorySampling(quick)});
    std::cout << out.dump(2) << std::endl;
    return 0;
}

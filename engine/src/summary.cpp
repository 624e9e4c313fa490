// SPDX-License-Identifier: MIT
// The summary JSON (config.md) and the metrics behind it.
#include "loaderscope/run.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <unistd.h>

namespace loaderscope {

namespace {

double round6(double x)
{
    return std::round(x * 1e6) / 1e6;
}

} // namespace

DeviceMetrics deviceMetrics(const std::vector<DeviceSpan>& spans)
{
    DeviceMetrics m;
    std::vector<std::pair<uint64_t, uint64_t>> kernels, copies;
    for (const DeviceSpan& s : spans) {
        if (s.kind == EventKind::Kernel)
            kernels.emplace_back(s.t0, s.t1);
        else {
            copies.emplace_back(s.t0, s.t1);
            m.bytes += s.bytes;
            m.pageable_copies += s.pinned ? 0 : 1;
        }
    }
    std::sort(kernels.begin(), kernels.end());
    // Merge kernels into disjoint busy intervals, then measure each copy's overlap with them.
    std::vector<std::pair<uint64_t, uint64_t>> busy;
    for (const auto& k : kernels) {
        m.kernel_s += double(k.second - k.first) * 1e-9;
        if (!busy.empty() && k.first <= busy.back().second)
            busy.back().second = std::max(busy.back().second, k.second);
        else
            busy.push_back(k);
    }
    for (const auto& c : copies) {
        m.copy_s += double(c.second - c.first) * 1e-9;
        auto it = std::lower_bound(busy.begin(), busy.end(), std::make_pair(c.first, uint64_t(0)));
        if (it != busy.begin())
            --it;
        for (; it != busy.end() && it->first < c.second; ++it) {
            const uint64_t a = std::max(it->first, c.first), b = std::min(it->second, c.second);
            if (b > a)
                m.overlap_s += double(b - a) * 1e-9;
        }
    }
    m.kernels = kernels.size();
    m.copies = copies.size();
    if (kernels.size() > 1)
        m.step_period_s = double(kernels.back().second - kernels.front().first) * 1e-9 / double(kernels.size());
    return m;
}

std::string verdictFor(double stall)
{
    // The TensorFlow input-pipeline analyser's thresholds: share of the loop waiting for data.
    if (stall < 0.05)
        return "not input-bound";
    if (stall <= 0.20)
        return "moderately input-bound";
    return "highly input-bound";
}

/** Evidence from the events for the rules that need more than the totals. */
struct LoopEvidence
{
    double mean_ready = 0;          ///< time-weighted ready batches (the prefetch window's fill)
    double startup_s = 0;           ///< starting workers, over all epochs
    int startups = 0;               ///< how many times workers were started
    double longest_wait_s = 0;      ///< the longest single next()
    double median_wait_s = 0;
    int ready_during_longest = 0;   ///< batches ready (reorder buffer) when that wait ended
};

static LoopEvidence gatherEvidence(const RunReport& r)
{
    LoopEvidence ev;
    std::vector<const Event*> counters;
    std::vector<double> waits;
    const Event* longest = nullptr;
    for (const Event& e : r.events) {
        if (e.kind == EventKind::QueueDepth)
            counters.push_back(&e);
        else if (e.kind == EventKind::StartWorkers) {
            ev.startup_s += double(e.t1 - e.t0) * 1e-9;
            ++ev.startups;
        } else if (e.kind == EventKind::WaitData && e.batch >= 0) {
            waits.push_back(double(e.t1 - e.t0) * 1e-9);
            if (!longest || e.t1 - e.t0 > longest->t1 - longest->t0)
                longest = &e;
        }
    }
    // Workers' own start-up (worker_init_fn, a spawned process's start): the longest per epoch,
    // as they start in parallel.
    std::vector<std::pair<uint64_t, double>> inits;
    for (const Event& e : r.events)
        if (e.kind == EventKind::WorkerInit)
            inits.emplace_back(e.t0, double(e.t1 - e.t0) * 1e-9);
    std::sort(inits.begin(), inits.end());
    double epochMax = 0;
    for (size_t i = 0; i < inits.size(); ++i) {
        epochMax = std::max(epochMax, inits[i].second);
        const bool last = i + 1 == inits.size() || inits[i + 1].first - inits[i].first > 50'000'000ULL;
        if (last) {
            ev.startup_s += epochMax;
            epochMax = 0;
        }
    }
    std::sort(counters.begin(), counters.end(), [](const Event* a, const Event* b) { return a->t0 < b->t0; });
    double area = 0, span = 0;
    for (size_t i = 0; i + 1 < counters.size(); ++i) {
        const double dt = double(counters[i + 1]->t0 - counters[i]->t0) * 1e-9;
        area += double(counters[i]->arg0) * dt;
        span += dt;
    }
    ev.mean_ready = span > 0 ? area / span : 0;
    if (!waits.empty()) {
        std::sort(waits.begin(), waits.end());
        ev.median_wait_s = waits[waits.size() / 2];
        ev.longest_wait_s = waits.back();
        // Batches already waiting in the reorder buffer when the held-up one finally arrived: the
        // first counter sample after the longest wait (taken right after its delivery).
        for (const Event* c : counters) {
            if (c->t0 >= longest->t1) {
                ev.ready_during_longest = int(c->arg0);
                break;
            }
        }
    }
    return ev;
}

static nlohmann::json recommendations(const Config& c, const RunReport& r, double stall,
                               const std::vector<double>& busySeconds, double seconds, const DeviceMetrics& dm)
{
    const LoopEvidence ev = gatherEvidence(r);
    auto ms = [](double s) { return std::to_string(int(std::lround(s * 1000))); };
    // Each rule names the knob, the direction and the evidence that triggered it.
    nlohmann::json out = nlohmann::json::array();
    auto pct = [](double f) { return std::to_string(int(std::lround(f * 100))) + "%"; };
    const int cores = int(sysconf(_SC_NPROCESSORS_ONLN));
    const int nw = c.loader.num_workers;
    if (stall > 0.05) {
        double meanBusy = 0;
        for (double b : busySeconds)
            meanBusy += seconds > 0 ? b / seconds / double(busySeconds.size()) : 0;
        // The GPU's idle share when there is a device; otherwise the loop's own wait.
        const double idle = dm.kernels > 0 && seconds > 0 ? std::max(0.0, 1.0 - dm.kernel_s / seconds) : stall;
        const std::string evidence = "GPU idle " + pct(idle) + " (the loop waits " + pct(stall) +
                                     " of its time for data) with ";
        if (nw == 0)
            out.push_back(evidence + "num_workers 0, the main process loading every batch itself: raise num_workers");
        else if (nw < cores)
            out.push_back(evidence + std::to_string(nw) + " workers on " + std::to_string(cores) +
                          " cores: raise num_workers");
        else
            out.push_back(evidence + std::to_string(nw) + " workers on " + std::to_string(cores) + " cores (workers " +
                          pct(meanBusy) + " busy): make each sample cheaper or add cores; more workers than "
                          "cores will not help");
    }
    const double blocked = seconds > 0 ? double(r.host_blocked_ns) * 1e-9 / seconds : 0;
    if (dm.copies > 0 && dm.pageable_copies > 0 && blocked >= 0.01) // only with evidence: >= 1% blocked
        out.push_back("copies are pageable (host blocked " +
                      pct(seconds > 0 ? double(r.host_blocked_ns) * 1e-9 / seconds : 0) +
                      " of the loop while the driver staged them): set pin_memory");
    if (dm.copies > 0 && dm.pageable_copies == 0 && !c.train.non_blocking)
        out.push_back("pinned copies are synchronous: set non_blocking=True so the host is free while they run");
    if (dm.copies > 0 && !c.train.copy_stream && dm.copy_s > 0 && dm.overlap_s / dm.copy_s < 0.2)
        out.push_back("copies overlap the step only " + pct(dm.overlap_s / dm.copy_s) +
                      " on the GPU: issue them on a separate copy stream (train.copy_stream)");
    if (!r.batch_log.empty() && stall < 0.05)
        out.push_back("not input-bound (the loop waits " + pct(stall) +
                      " for data): the training step is the bottleneck; more workers will not help");
    // Workers mostly idle while the prefetch window stays full: the pool is larger than needed.
    double meanBusy = 0;
    for (double b : busySeconds)
        meanBusy += seconds > 0 && !busySeconds.empty() ? b / seconds / double(busySeconds.size()) : 0;
    const int window = c.loader.prefetch_factor * nw;
    if (nw > 1 && stall < 0.05 && meanBusy < 0.5 && window > 0 && ev.mean_ready >= 0.5 * window)
        out.push_back("workers are idle " + pct(1 - meanBusy) + " of the time while the prefetch window stays full (" +
                      std::to_string(int(std::lround(ev.mean_ready))) + " of " + std::to_string(window) +
                      " batches ready on average): fewer workers (num_workers) or a smaller prefetch_factor would do");
    // Start-up paid again every epoch.
    if (nw > 0 && !c.loader.persistent_workers && c.train.epochs > 1 && ev.startups > 1 && seconds > 0 &&
        ev.startup_s / seconds > 0.03)
        out.push_back("starting the workers took " + ms(ev.startup_s / ev.startups) + " ms in each of " +
                      std::to_string(ev.startups) + " epochs (" + pct(ev.startup_s / seconds) +
                      " of the run): set persistent_workers=True");
    // spawn's start-up: a fresh process per worker.
    if (nw > 0 && c.loader.start_method == StartMethod::Spawn && ev.startups > 0 && seconds > 0 &&
        ev.startup_s / seconds > 0.02)
        out.push_back("spawn starts a fresh process per worker: " + ms(ev.startup_s / ev.startups) +
                      " ms per epoch to start " + std::to_string(nw) +
                      " workers; use multiprocessing_context fork, or persistent_workers=True");
    // Head-of-line blocking: one long wait while later batches were already ready.
    if (nw > 1 && c.loader.in_order && seconds > 0 && ev.longest_wait_s > 0.1 * seconds &&
        ev.longest_wait_s > 5 * ev.median_wait_s && ev.ready_during_longest > 0)
        out.push_back("one batch held the loop for " + ms(ev.longest_wait_s) + " ms while " +
                      std::to_string(ev.ready_during_longest) +
                      " later batches were ready (head-of-line blocking): in_order=False delivers them meanwhile");
    return out;
}

std::string summaryJson(const Config& config, const RunReport& r)
{
    using nlohmann::json;
    json j;
    const double seconds = r.t_loop_end > r.t_loop_begin ? double(r.t_loop_end - r.t_loop_begin) * 1e-9 : 0.0;
    j["backend"] = r.backend;
    j["backend_note"] = r.backend_note;
    j["samples"] = r.samples;
    j["batches"] = r.batch_log.size();
    j["seconds"] = round6(seconds);
    j["samples_per_s"] = seconds > 0 ? round6(double(r.samples) / seconds) : 0.0;
    j["batches_per_s"] = seconds > 0 ? round6(double(r.batch_log.size()) / seconds) : 0.0;
    j["first_batch_s"] =
        r.t_first_batch > r.t_iter_created ? json(round6(double(r.t_first_batch - r.t_iter_created) * 1e-9)) : json(nullptr);
    const double stall = seconds > 0 ? double(r.wait_ns) * 1e-9 / seconds : 0.0;
    j["data_stall_fraction"] = round6(stall);
    const DeviceMetrics dm = deviceMetrics(r.device_spans);
    j["gpu_busy_fraction"] = seconds > 0 ? round6(std::min(1.0, dm.kernel_s / seconds)) : 0.0;
    j["overlap_fraction"] = dm.copy_s > 0 ? json(round6(dm.overlap_s / dm.copy_s)) : json(nullptr);
    j["h2d_gbps"] = dm.copy_s > 0 ? json(round6(double(dm.bytes) / dm.copy_s * 1e-9)) : json(nullptr);
    j["step_period_s"] = dm.kernels > 1 ? json(round6(dm.step_period_s)) : json(nullptr);
    j["copy_s"] = round6(dm.copy_s);
    j["kernel_s"] = round6(dm.kernel_s);
    // The host blocked by its copies (pageable staging, synchronous copies), and the host waiting
    // because the GPU is behind (both device buffers busy): different lessons.
    j["host_blocked_fraction"] = seconds > 0 ? round6(double(r.host_blocked_ns) * 1e-9 / seconds) : 0.0;
    j["host_waits_for_gpu_fraction"] = seconds > 0 ? round6(double(r.host_waits_gpu_ns) * 1e-9 / seconds) : 0.0;

    std::vector<double> busy(size_t(r.num_workers), 0.0); // seconds of fetch + collate per worker
    for (const Event& e : r.events) {
        if (e.lane >= 0 && e.lane < r.num_workers && (e.kind == EventKind::Fetch || e.kind == EventKind::Collate))
            busy[size_t(e.lane)] += double(e.t1 - e.t0) * 1e-9;
    }
    json wb = json::array();
    for (double b : busy)
        wb.push_back(seconds > 0 ? round6(std::min(1.0, b / seconds)) : 0.0);
    j["worker_busy_fraction"] = wb;
    j["verdict"] = r.batch_log.empty() ? "no batches delivered" : verdictFor(stall);
    j["recommendations"] = recommendations(config, r, stall, busy, seconds, dm);

    json log = json::array();
    for (const BatchLogEntry& b : r.batch_log)
        log.push_back({{"epoch", b.epoch}, {"index", b.index}, {"task", b.task}, {"worker", b.worker},
                       {"first_sample", b.first_sample}, {"size", b.size}});
    j["batch_log"] = log;
    j["errors"] = r.errors;
    j["warnings"] = r.warnings;
    j["exit_code"] = r.exit_code;
    j["interrupted"] = r.interrupted_by != 0;
    j["engine_pid"] = r.engine_pid;
    j["worker_pids"] = r.worker_pids;
    j["epochs"] = config.train.epochs;
    j["worker_to_main_bytes_per_batch"] =
        r.batch_log.empty() ? 0.0 : double(r.copied_to_main_bytes) / double(r.batch_log.size());
    j["events"] = r.events.size();
    j["events_lost"] = r.events_lost;
    j["version"] = LOADERSCOPE_VERSION;
    return j.dump(2);
}

} // namespace loaderscope

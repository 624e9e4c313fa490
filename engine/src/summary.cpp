// SPDX-License-Identifier: MIT
// The summary JSON (config.md) and the metrics behind it.
#include "loaderscope/run.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace loaderscope {

namespace {

double round6(double x)
{
    return std::round(x * 1e6) / 1e6;
}

} // namespace

std::string verdictFor(double stall)
{
    // The TensorFlow input-pipeline analyser's thresholds: share of the loop waiting for data.
    if (stall < 0.05)
        return "not input-bound";
    if (stall <= 0.20)
        return "moderately input-bound";
    return "highly input-bound";
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
    // No device model yet: GPU metrics are unknown, not zero.
    j["gpu_busy_fraction"] = nullptr;
    j["overlap_fraction"] = nullptr;
    j["h2d_gbps"] = nullptr;
    j["step_busy_fraction"] = seconds > 0 ? round6(double(r.step_ns) * 1e-9 / seconds) : 0.0;

    std::vector<double> busy(size_t(r.num_workers), 0.0);
    for (const Event& e : r.events) {
        if (e.lane >= 0 && e.lane < r.num_workers && (e.kind == EventKind::Fetch || e.kind == EventKind::Collate))
            busy[size_t(e.lane)] += double(e.t1 - e.t0) * 1e-9;
    }
    json wb = json::array();
    for (double b : busy)
        wb.push_back(seconds > 0 ? round6(std::min(1.0, b / seconds)) : 0.0);
    j["worker_busy_fraction"] = wb;
    j["verdict"] = r.batch_log.empty() ? "no batches delivered" : verdictFor(stall);
    j["recommendations"] = json::array();

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

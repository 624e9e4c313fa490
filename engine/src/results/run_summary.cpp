// SPDX-License-Identifier: MIT
// RunSummary <-> the summary JSON. Keys are only ever added (docs/config.md).
#include "loaderscope/results/run_summary.h"
#include "loaderscope/results/figure_text.h"
#include "loaderscope/base/sentences.h"
#include "distributions_json.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace loaderscope {

namespace {

using json = nlohmann::ordered_json;

double round6(double x)
{
    return std::round(x * 1e6) / 1e6;
}

json opt(const std::optional<double>& v)
{
    return v ? json(round6(*v)) : json(nullptr);
}

json knobJson(const KnobValue& v)
{
    switch (v.type) {
    case KnobValue::Type::Number:
        if (v.number == std::floor(v.number) && std::abs(v.number) < 1e15)
            return json(int64_t(v.number));
        return json(v.number);
    case KnobValue::Type::Bool: return json(v.boolean);
    case KnobValue::Type::String: return json(v.text);
    case KnobValue::Type::None: break;
    }
    return json(nullptr);
}

KnobValue knobFrom(const json& j)
{
    if (j.is_boolean())
        return KnobValue::of(j.get<bool>());
    if (j.is_number())
        return KnobValue::of(j.get<double>());
    if (j.is_string())
        return KnobValue::of(j.get<std::string>());
    return {};
}

json workerJson(const WorkerFigures& w)
{
    return {{"worker", w.worker},
            {"pid", w.pid},
            {"samples", w.samples},
            {"batches", w.batches},
            {"busy_fraction", round6(w.busy_fraction)},
            {"cpu_fraction", round6(w.cpu_fraction)},
            {"cpu_wait_fraction", round6(w.cpu_wait_fraction)},
            {"io_fraction", round6(w.io_fraction)},
            {"idle_fraction", round6(w.idle_fraction)},
            {"send_cpu_fraction", round6(w.send_cpu_fraction)}};
}

WorkerFigures workerFrom(const json& j)
{
    WorkerFigures w;
    w.worker = j.value("worker", 0);
    w.pid = j.value("pid", int64_t(0));
    w.samples = j.value("samples", int64_t(0));
    w.batches = j.value("batches", int64_t(0));
    w.busy_fraction = j.value("busy_fraction", 0.0);
    w.cpu_fraction = j.value("cpu_fraction", 0.0);
    w.cpu_wait_fraction = j.value("cpu_wait_fraction", 0.0);
    w.io_fraction = j.value("io_fraction", 0.0);
    w.idle_fraction = j.value("idle_fraction", 0.0);
    w.send_cpu_fraction = j.value("send_cpu_fraction", 0.0);
    return w;
}

json peaksJson(const ProcessMemoryPeaks& p)
{
    return {{"peak_rss_bytes", p.peak_rss_bytes}, {"peak_pss_bytes", p.peak_pss_bytes}, {"peak_uss_bytes", p.peak_uss_bytes}};
}

void peaksFrom(const json& j, ProcessMemoryPeaks& p)
{
    auto u = [&](const char* k) { return j.contains(k) && j[k].is_number() ? j[k].get<uint64_t>() : uint64_t(0); };
    p.peak_rss_bytes = u("peak_rss_bytes");
    p.peak_pss_bytes = u("peak_pss_bytes");
    p.peak_uss_bytes = u("peak_uss_bytes");
}

json memoryJson(const MemoryFigures& m)
{
    json workers = json::array();
    for (const WorkerMemory& w : m.workers) {
        json o = {{"worker", w.worker}, {"pid", w.pid}};
        o.update(peaksJson(w));
        o["uss_growth_bytes"] = w.uss_growth_bytes;
        workers.push_back(o);
    }
    return {{"main", peaksJson(m.main)},
            {"workers", workers},
            {"shm", {{"segment_bytes", m.segment_bytes},
                     {"slots_bytes", m.slots_bytes},
                     {"peak_slots_in_use_bytes", m.peak_slots_in_use_bytes},
                     {"dev_shm_size_bytes", m.dev_shm_size_bytes},
                     {"dev_shm_min_free_bytes", m.dev_shm_min_free_bytes},
                     {"dev_shm_own_peak_bytes", m.dev_shm_own_peak_bytes}}},
            {"pinned_bytes", m.pinned_bytes},
            {"limit_bytes", m.limit_bytes}};
}

MemoryFigures memoryFrom(const json& j)
{
    auto u = [](const json& o, const char* k) { return o.contains(k) && o[k].is_number() ? o[k].get<uint64_t>() : uint64_t(0); };
    MemoryFigures m;
    if (j.contains("main") && j["main"].is_object())
        peaksFrom(j["main"], m.main);
    if (j.contains("workers") && j["workers"].is_array())
        for (const json& w : j["workers"]) {
            if (!w.is_object())
                continue;
            WorkerMemory wm;
            peaksFrom(w, wm);
            wm.worker = w.value("worker", 0);
            wm.pid = w.value("pid", int64_t(0));
            wm.uss_growth_bytes = u(w, "uss_growth_bytes");
            m.workers.push_back(wm);
        }
    if (j.contains("shm") && j["shm"].is_object()) {
        const json& shm = j["shm"];
        m.segment_bytes = u(shm, "segment_bytes");
        m.slots_bytes = u(shm, "slots_bytes");
        m.peak_slots_in_use_bytes = u(shm, "peak_slots_in_use_bytes");
        m.dev_shm_size_bytes = u(shm, "dev_shm_size_bytes");
        m.dev_shm_min_free_bytes = u(shm, "dev_shm_min_free_bytes");
        m.dev_shm_own_peak_bytes = u(shm, "dev_shm_own_peak_bytes");
    }
    m.pinned_bytes = u(j, "pinned_bytes");
    m.limit_bytes = u(j, "limit_bytes");
    return m;
}

json adviceJson(const Advice& a)
{
    json ev = json::object();
    for (const auto& [k, v] : a.evidence)
        ev[k] = std::isfinite(v) ? json(round6(v)) : json(nullptr);
    json j = {{"id", a.id}, {"knob", a.knob.empty() ? json(nullptr) : json(a.knob)}, {"suggest", knobJson(a.suggest)},
              {"text", a.text}, {"evidence", ev}};
    // What a knob's value rests on: this run's own figures (the rules' pool model: a first guess
    // that `advise` and the app's Prove it measure) or a measured sweep of the knob (proof).
    if (!a.knob.empty())
        j["basis"] = a.proof ? "measured" : "first_guess";
    if (a.proof) {
        json m = json::array();
        for (size_t i = 0; i < a.proof->measured.size(); ++i) {
            const Spread sp = a.proof->spread(i);
            json runs = json::array();
            for (double r : i < a.proof->runs.size() ? a.proof->runs[i] : std::vector<double>{})
                runs.push_back(round6(r));
            m.push_back({{"value", knobJson(a.proof->measured[i].first)}, {"samples_per_s", round6(a.proof->measured[i].second)},
                         {"min", round6(sp.min)}, {"max", round6(sp.max)}, {"runs", runs}});
        }
        j["proof"] = {{"measured", m}, {"gain", round6(a.proof->gain)}, {"confirmed", a.proof->confirmed},
                      {"outcome", a.proof->outcome}, {"faster_still", a.proof->faster_still}, {"text", a.proof->text}};
    }
    return j;
}

Advice adviceFrom(const json& j)
{
    Advice a;
    a.id = j.value("id", std::string());
    if (j.contains("knob") && j["knob"].is_string())
        a.knob = j["knob"].get<std::string>();
    if (j.contains("suggest"))
        a.suggest = knobFrom(j["suggest"]);
    a.text = j.value("text", std::string());
    if (j.contains("evidence") && j["evidence"].is_object())
        for (const auto& [k, v] : j["evidence"].items())
            a.evidence.emplace_back(k, v.is_number() ? v.get<double>() : 0.0);
    if (j.contains("proof") && j["proof"].is_object()) {
        const json& p = j["proof"];
        AdviceProof proof;
        if (p.contains("measured") && p["measured"].is_array())
            for (const json& m : p["measured"])
                if (m.is_object()) {
                    proof.measured.emplace_back(knobFrom(m.value("value", json())), m.value("samples_per_s", 0.0));
                    std::vector<double> runs;
                    if (m.contains("runs") && m["runs"].is_array())
                        for (const json& r : m["runs"])
                            if (r.is_number())
                                runs.push_back(r.get<double>());
                    proof.runs.push_back(runs);
                }
        proof.gain = p.value("gain", 0.0);
        proof.confirmed = p.value("confirmed", false);
        proof.outcome = p.value("outcome", std::string());
        proof.faster_still = p.value("faster_still", false);
        proof.text = p.value("text", std::string());
        a.proof = proof;
    }
    return a;
}

std::optional<double> optFrom(const json& j, const char* key)
{
    if (j.contains(key) && j[key].is_number())
        return j[key].get<double>();
    return std::nullopt;
}

// Readers of one top-level key: a missing key or one of another type reads as the default, so
// summaries written before a key existed still parse.
std::string strFrom(const json& j, const char* k)
{
    return j.contains(k) && j[k].is_string() ? j[k].get<std::string>() : std::string();
}

double numFrom(const json& j, const char* k, double d = 0.0)
{
    return j.contains(k) && j[k].is_number() ? j[k].get<double>() : d;
}

int64_t intFrom(const json& j, const char* k)
{
    return j.contains(k) && j[k].is_number() ? j[k].get<int64_t>() : int64_t(0);
}

std::vector<std::string> stringsFrom(const json& j, const char* k)
{
    std::vector<std::string> out;
    if (j.contains(k) && j[k].is_array())
        for (const json& v : j[k])
            if (v.is_string())
                out.push_back(v.get<std::string>());
    return out;
}

} // namespace

TorchKnobs torchKnobs(const std::string& version)
{
    TorchKnobs k;
    int major = 0, minor = 0;
    if (std::sscanf(version.c_str(), "%d.%d", &major, &minor) != 2 || major <= 0)
        return k; // unreadable: assume every knob, as for the engine's own runs
    const int v = major * 100 + minor;
    k.in_order = v >= 206;
    k.pin_memory_device = v >= 112;
    k.persistent_workers = v >= 107;
    k.prefetch_factor_default_none = v >= 200;
    return k;
}

namespace {

// runSummaryToJson by section; each appends its keys to `j` in the order of the summary format.

void putRunJson(json& j, const RunSummary& s)
{
    j["source"] = s.source;
    if (!s.torch_version.empty()) {
        j["torch_version"] = s.torch_version;
        const TorchKnobs k = torchKnobs(s.torch_version);
        j["torch_knobs"] = {{"in_order", k.in_order},
                            {"pin_memory_device", k.pin_memory_device},
                            {"persistent_workers", k.persistent_workers},
                            {"prefetch_factor_default_none", k.prefetch_factor_default_none}};
    }
    j["backend"] = s.backend;
    j["backend_note"] = s.backend_note;
    j["device_timing_bracket_ns"] = s.device_timing_bracket_ns;
    j["device_peak_h2d_gbps"] = s.device_peak_h2d_gbps > 0 ? json(round6(s.device_peak_h2d_gbps)) : json(nullptr);
    j["memory_sampler_cpu_s"] = round6(s.memory_sampler_cpu_s);
    if (s.source == "pytorch") {
        const double samples = double(std::max<int64_t>(1, s.figures.samples));
        j["probe_cost"] = {{"cpu_s", round6(s.probeCpuS())},
                           {"hooks_cpu_s", round6(s.figures.probe_hooks_cpu_s)},
                           {"threads_cpu_s", round6(s.figures.probe_threads_cpu_s)},
                           {"share_of_job_cpu", round6(s.probeCpuShare())},
                           {"cpu_us_per_sample", round6(s.probeCpuS() * 1e6 / samples)}};
    }
}

void putFiguresJson(json& j, const RunFigures& f)
{
    j["samples"] = f.samples;
    j["batches"] = f.batches;
    j["seconds"] = round6(f.seconds);
    j["samples_per_s"] = round6(f.samples_per_s);
    j["batches_per_s"] = round6(f.batches_per_s);
    j["first_batch_s"] = opt(f.first_batch_s);
    j["data_stall_fraction"] = round6(f.data_stall_fraction);
    j["head_of_line_fraction"] = round6(f.head_of_line_fraction);
    j["longest_head_of_line_s"] = round6(f.longest_head_of_line_s);
    j["gpu_busy_fraction"] = round6(f.gpu_busy_fraction);
    j["overlap_fraction"] = opt(f.overlap_fraction);
    j["h2d_gbps"] = opt(f.h2d_gbps);
    j["step_period_s"] = opt(f.step_period_s);
    j["copy_s"] = round6(f.copy_s);
    j["kernel_s"] = round6(f.kernel_s);
    j["copies"] = f.copies;
    j["pageable_copies"] = f.pageable_copies;
    j["host_blocked_fraction"] = round6(f.host_blocked_fraction);
    j["pageable_blocked_fraction"] = round6(f.pageable_blocked_fraction);
    j["sync_copy_blocked_fraction"] = round6(f.sync_copy_blocked_fraction);
    j["host_waits_for_gpu_fraction"] = round6(f.host_waits_for_gpu_fraction);
    j["step_s"] = round6(f.step_s);
    j["pin_busy_fraction"] = round6(f.pin_busy_fraction);
    j["main_cpu_fraction"] = round6(f.main_cpu_fraction);
    j["job_cpu_fraction"] = round6(f.job_cpu_fraction);
    j["handover_wait_fraction"] = round6(f.handover_wait_fraction);
    j["startup_s"] = round6(f.startup_s);
    j["startups"] = f.startups;
    j["io_s_per_sample"] = round6(f.io_s_per_sample * 1e3) / 1e3;
    j["cpu_s_per_sample"] = round6(f.cpu_s_per_sample * 1e3) / 1e3;
    j["cpu_wait_s_per_sample"] = round6(f.cpu_wait_s_per_sample * 1e3) / 1e3;
    j["mean_ready_batches"] = round6(f.mean_ready_batches);
}

void putWorkersJson(json& j, const RunFigures& f)
{
    json wb = json::array(), workers = json::array();
    for (const WorkerFigures& w : f.workers) {
        wb.push_back(round6(w.busy_fraction));
        workers.push_back(workerJson(w));
    }
    j["worker_busy_fraction"] = wb;
    j["workers"] = workers;
    j["main_fetch"] = f.main_fetch ? workerJson(*f.main_fetch) : json(nullptr);
    j["memory"] = f.memory ? memoryJson(*f.memory) : json(nullptr);
    j["distributions"] = distributionsJson(f.distributions);
    j["slowest_samples"] = slowSamplesJson(f.slowest_samples, stageQuantileNs(f.distributions, "fetch", 0.5),
                                           stageQuantileNs(f.distributions, "wait", 0.5));
    j["repeating_slowdowns"] = repeatingJson(f.repeating_slowdowns);
    j["repeating_steps"] = f.repeating_steps;
    j["repeating_partial"] = f.repeating_partial;
}

void putAdviceJson(json& j, const std::vector<Advice>& advice)
{
    json all = json::array(), recs = json::array();
    for (const Advice& a : advice) {
        all.push_back(adviceJson(a));
        recs.push_back(a.text);
    }
    j["recommendations"] = recs;
    j["advice"] = all;
}

json batchLogJson(const std::vector<BatchLogEntry>& batchLog)
{
    json log = json::array();
    for (const BatchLogEntry& b : batchLog)
        log.push_back({{"epoch", b.epoch}, {"index", b.index}, {"task", b.task}, {"worker", b.worker},
                       {"first_sample", b.first_sample}, {"size", b.size}});
    return log;
}

// parseRunSummary by section, reading the keys in the same order as the writer.

void parseRunFields(const json& j, RunSummary& s)
{
    s.source = j.contains("source") ? strFrom(j, "source") : "engine";
    s.torch_version = strFrom(j, "torch_version");
    s.backend = strFrom(j, "backend");
    s.backend_note = strFrom(j, "backend_note");
    s.device_timing_bracket_ns = uint64_t(intFrom(j, "device_timing_bracket_ns"));
    s.device_peak_h2d_gbps = numFrom(j, "device_peak_h2d_gbps");
    s.memory_sampler_cpu_s = numFrom(j, "memory_sampler_cpu_s");
    if (const auto c = j.find("probe_cost"); c != j.end() && c->is_object()) {
        s.figures.probe_threads_cpu_s = numFrom(*c, "threads_cpu_s");
        s.figures.probe_hooks_cpu_s = numFrom(*c, "hooks_cpu_s");
    }
}

void parseFigures(const json& j, RunFigures& f)
{
    f.samples = intFrom(j, "samples");
    f.batches = intFrom(j, "batches");
    f.seconds = numFrom(j, "seconds");
    f.samples_per_s = numFrom(j, "samples_per_s");
    f.batches_per_s = numFrom(j, "batches_per_s");
    f.first_batch_s = optFrom(j, "first_batch_s");
    f.data_stall_fraction = numFrom(j, "data_stall_fraction");
    f.head_of_line_fraction = numFrom(j, "head_of_line_fraction");
    f.longest_head_of_line_s = numFrom(j, "longest_head_of_line_s");
    f.gpu_busy_fraction = numFrom(j, "gpu_busy_fraction");
    f.overlap_fraction = optFrom(j, "overlap_fraction");
    f.h2d_gbps = optFrom(j, "h2d_gbps");
    f.step_period_s = optFrom(j, "step_period_s");
    f.copy_s = numFrom(j, "copy_s");
    f.kernel_s = numFrom(j, "kernel_s");
    f.copies = intFrom(j, "copies");
    f.pageable_copies = intFrom(j, "pageable_copies");
    f.host_blocked_fraction = numFrom(j, "host_blocked_fraction");
    f.pageable_blocked_fraction = numFrom(j, "pageable_blocked_fraction");
    f.sync_copy_blocked_fraction = numFrom(j, "sync_copy_blocked_fraction");
    f.host_waits_for_gpu_fraction = numFrom(j, "host_waits_for_gpu_fraction");
    f.step_s = numFrom(j, "step_s");
    f.pin_busy_fraction = numFrom(j, "pin_busy_fraction");
    f.main_cpu_fraction = numFrom(j, "main_cpu_fraction");
    f.job_cpu_fraction = numFrom(j, "job_cpu_fraction");
    f.handover_wait_fraction = numFrom(j, "handover_wait_fraction");
    f.startup_s = numFrom(j, "startup_s");
    f.startups = int(intFrom(j, "startups"));
    f.io_s_per_sample = numFrom(j, "io_s_per_sample");
    f.cpu_s_per_sample = numFrom(j, "cpu_s_per_sample");
    f.cpu_wait_s_per_sample = numFrom(j, "cpu_wait_s_per_sample");
    f.mean_ready_batches = numFrom(j, "mean_ready_batches");
}

std::vector<WorkerFigures> workersFrom(const json& j)
{
    std::vector<WorkerFigures> workers;
    if (j.contains("workers") && j["workers"].is_array()) {
        for (const json& w : j["workers"])
            if (w.is_object())
                workers.push_back(workerFrom(w));
    } else if (j.contains("worker_busy_fraction") && j["worker_busy_fraction"].is_array()) {
        // An older summary: busy shares only.
        int w = 0;
        for (const json& b : j["worker_busy_fraction"]) {
            WorkerFigures wf;
            wf.worker = w++;
            wf.busy_fraction = b.is_number() ? b.get<double>() : 0.0;
            workers.push_back(wf);
        }
    }
    return workers;
}

std::vector<Advice> adviceListFrom(const json& j)
{
    std::vector<Advice> advice;
    if (j.contains("advice") && j["advice"].is_array()) {
        for (const json& a : j["advice"])
            if (a.is_object())
                advice.push_back(adviceFrom(a));
    } else if (j.contains("recommendations") && j["recommendations"].is_array()) {
        for (const json& r : j["recommendations"])
            if (r.is_string()) {
                Advice a;
                a.text = r.get<std::string>();
                advice.push_back(a);
            }
    }
    return advice;
}

std::vector<BatchLogEntry> batchLogFrom(const json& j)
{
    std::vector<BatchLogEntry> log;
    if (j.contains("batch_log") && j["batch_log"].is_array())
        for (const json& b : j["batch_log"]) {
            if (!b.is_object())
                continue;
            BatchLogEntry e;
            e.epoch = b.value("epoch", 0);
            e.index = b.value("index", int64_t(0));
            e.task = b.value("task", int64_t(0));
            e.worker = b.value("worker", -1);
            e.first_sample = b.value("first_sample", int64_t(-1));
            e.size = b.value("size", 0u);
            log.push_back(e);
        }
    return log;
}

std::vector<std::vector<int64_t>> workerPidsFrom(const json& j)
{
    std::vector<std::vector<int64_t>> workerPids;
    if (j.contains("worker_pids") && j["worker_pids"].is_array())
        for (const json& epoch : j["worker_pids"]) {
            std::vector<int64_t> pids;
            if (epoch.is_array())
                for (const json& p : epoch)
                    if (p.is_number())
                        pids.push_back(p.get<int64_t>());
            workerPids.push_back(pids);
        }
    return workerPids;
}

} // namespace

std::string KnobValue::json() const
{
    return knobJson(*this).dump();
}

std::string runSummaryToJson(const RunSummary& s)
{
    json j;
    putRunJson(j, s);
    putFiguresJson(j, s.figures);
    j["num_workers"] = s.num_workers;
    j["cores"] = s.cores;
    putWorkersJson(j, s.figures);
    j["verdict"] = s.verdict;
    j["figures_reliable"] = s.figures_reliable;
    j["stalled_tasks"] = s.stalled_tasks;
    putAdviceJson(j, s.advice);
    j["batch_log"] = batchLogJson(s.batch_log);
    j["batch_log_truncated"] = s.batch_log_truncated;
    j["errors"] = s.errors;
    j["warnings"] = s.warnings;
    j["exit_code"] = s.exit_code;
    j["interrupted"] = s.interrupted;
    j["engine_pid"] = s.engine_pid;
    j["worker_pids"] = s.worker_pids;
    j["epochs"] = s.epochs;
    j["worker_to_main_bytes_per_batch"] = s.worker_to_main_bytes_per_batch;
    j["events"] = s.events;
    j["events_lost"] = s.events_lost;
    j["batches_unseen"] = s.batches_unseen;
    j["version"] = s.version;
    // A name that is not UTF-8 (a files dataset's file, a program's path) is written with U+FFFD
    // where its bytes are not, never thrown (it aborted the run).
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

RunSummary parseRunSummary(const std::string& text)
{
    const json j = json::parse(text, nullptr, /*allow_exceptions=*/false, /*ignore_comments=*/false);
    if (!j.is_object())
        throw std::runtime_error("not a Loaderscope summary (a JSON object was expected)");
    RunSummary s;
    RunFigures& f = s.figures;
    parseRunFields(j, s);
    parseFigures(j, f);
    s.num_workers = int(intFrom(j, "num_workers"));
    s.cores = int(intFrom(j, "cores"));
    f.workers = workersFrom(j);
    if (s.num_workers == 0)
        s.num_workers = int(f.workers.size());
    if (j.contains("main_fetch") && j["main_fetch"].is_object())
        f.main_fetch = workerFrom(j["main_fetch"]);
    if (j.contains("memory") && j["memory"].is_object())
        f.memory = memoryFrom(j["memory"]);
    if (j.contains("distributions"))
        f.distributions = distributionsFrom(j["distributions"]);
    if (j.contains("slowest_samples"))
        f.slowest_samples = slowSamplesFrom(j["slowest_samples"]);
    if (j.contains("repeating_slowdowns"))
        f.repeating_slowdowns = repeatingFrom(j["repeating_slowdowns"]);
    f.repeating_steps = intFrom(j, "repeating_steps");
    f.repeating_partial = j.value("repeating_partial", false);
    s.verdict = strFrom(j, "verdict");
    s.figures_reliable = j.value("figures_reliable", true);
    s.stalled_tasks = int(intFrom(j, "stalled_tasks"));
    s.advice = adviceListFrom(j);
    s.batch_log = batchLogFrom(j);
    s.batch_log_truncated = j.value("batch_log_truncated", false);
    s.errors = stringsFrom(j, "errors");
    s.warnings = stringsFrom(j, "warnings");
    s.exit_code = int(intFrom(j, "exit_code"));
    s.interrupted = j.value("interrupted", false);
    s.engine_pid = intFrom(j, "engine_pid");
    s.worker_pids = workerPidsFrom(j);
    s.epochs = int(intFrom(j, "epochs"));
    s.worker_to_main_bytes_per_batch = numFrom(j, "worker_to_main_bytes_per_batch");
    s.events = intFrom(j, "events");
    s.events_lost = intFrom(j, "events_lost");
    s.batches_unseen = intFrom(j, "batches_unseen");
    s.version = strFrom(j, "version");
    return s;
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
#include "outputs.h"

#include "session.h"

#include "loaderscope/probe_model.h"
#include "loaderscope/run.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>

namespace lsprobe {

namespace py = pybind11;
using nlohmann::json;

namespace {

/** The loader the summary describes: the one that delivered the most samples. */
const json* primaryLoader(const json& meta)
{
    const json* best = nullptr;
    const auto loaders = meta.find("loaders");
    if (loaders == meta.end() || !loaders->is_array())
        return nullptr;
    for (const json& l : *loaders)
        if (!best || l.value("samples", int64_t(0)) > best->value("samples", int64_t(0)))
            best = &l;
    return best;
}

ls::LoaderObservation observe(const json* loader, const std::vector<ls::Event>& events)
{
    ls::LoaderObservation o;
    if (loader) {
        const json& k = loader->at("knobs");
        if (k.value("batch_size", json()).is_number_integer())
            o.batch_size = k["batch_size"].get<int64_t>();
        else
            o.batch_size.reset();
        o.num_workers = k.value("num_workers", 0);
        o.prefetch_factor = k.value("prefetch_factor", json(2)).is_number_integer() ? k["prefetch_factor"].get<int>() : 2;
        o.pin_memory = k.value("pin_memory", false);
        o.persistent_workers = k.value("persistent_workers", false);
        o.in_order = k.value("in_order", true);
        o.drop_last = k.value("drop_last", false);
        o.shuffle = k.value("shuffle", false);
        if (const json& s = k.value("distributed_sampler", json()); s.is_object()) {
            ls::DistributedConfig d;
            d.num_replicas = s.value("num_replicas", int64_t(1));
            d.rank = s.value("rank", int64_t(0));
            d.seed = s.value("seed", uint64_t(0));
            d.shuffle = o.shuffle;
            d.drop_last = s.value("drop_last", false);
            o.sampler = d;
        }
        o.timeout_s = k.value("timeout_s", 0.0);
        o.start_method = k.value("start_method", std::string("fork"));
        o.iterable = k.value("dataset_kind", std::string("map")) == "iterable";
        if (k.value("dataset_length", json()).is_number_integer())
            o.dataset_length = k["dataset_length"].get<int64_t>();
        o.epochs = loader->value("epochs", 1);
        const int64_t samples = loader->value("samples", int64_t(0));
        o.samples_per_epoch = o.epochs > 0 ? samples / o.epochs : samples;
        const int64_t measured = loader->value("samples_measured", int64_t(0));
        o.sample_bytes = measured > 0 ? loader->value("bytes_measured", int64_t(0)) / measured : 0;
    }
    ls::observeTimings(events, o);
    return o;
}

/**
 * The engine's RunReport of a watched job, from its events: what the training loop got from next()
 * (WaitData, Deliver), its steps, and the errors and pids the probe kept.
 */
ls::RunReport reportFor(const Session& s, const json& meta, const json* loader)
{
    ls::RunReport r;
    r.events = s.events();
    r.events_lost = s.eventsLost();
    r.clock_origin_ns = s.clockOrigin();
    r.segment_name = s.name();
    r.engine_pid = meta.value("pid", 0);
    r.exit_code = meta.value("exit_code", 0);
    r.errors = meta.value("errors", std::vector<std::string>{});
    r.warnings = meta.value("warnings", std::vector<std::string>{});
    int lanes = 0;
    std::map<int64_t, int64_t> firstSample; // batch key -> its first sample (first Fetch seen)
    std::map<int, int64_t> perEpoch;
    for (const ls::Event& e : r.events) {
        if (e.lane >= 0 && e.kind != ls::EventKind::QueueDepth)
            lanes = std::max(lanes, int(e.lane) + 1);
        switch (e.kind) {
        case ls::EventKind::Fetch:
            firstSample.emplace(e.batch, e.arg0);
            break;
        case ls::EventKind::EpochBegin:
            if (r.t_iter_created == 0 && e.lane == ls::LaneMain)
                r.t_iter_created = e.t0;
            break;
        case ls::EventKind::WaitData:
            if (e.lane != ls::LaneMain)
                break;
            if (r.t_loop_begin == 0)
                r.t_loop_begin = e.t0;
            r.t_loop_end = std::max(r.t_loop_end, e.t1);
            r.wait_ns += e.t1 - e.t0;
            if (e.batch >= 0) {
                const int epoch = ls::batchKeyEpoch(e.batch);
                r.batch_log.push_back({epoch, perEpoch[epoch]++, ls::batchKeyTask(e.batch), int(e.arg0), -1,
                                       uint32_t(std::max<int64_t>(0, e.arg1)), 0});
                r.samples += e.arg1;
                if (r.t_first_batch == 0)
                    r.t_first_batch = e.t1;
            }
            break;
        case ls::EventKind::Step:
            if (e.lane == ls::LaneMain) {
                r.step_ns += e.t1 - e.t0;
                r.t_loop_end = std::max(r.t_loop_end, e.t1);
            }
            break;
        case ls::EventKind::Kernel:
            r.device_spans.push_back({e.kind, e.t0, e.t1, e.batch, e.arg0, 0, false});
            break;
        default:
            break;
        }
    }
    for (ls::BatchLogEntry& b : r.batch_log) {
        const auto it = firstSample.find(ls::batchKey(b.epoch, b.task));
        if (it != firstSample.end())
            b.first_sample = it->second;
    }
    r.backend = r.device_spans.empty() ? "none" : "cuda";
    r.num_workers = std::max(lanes, loader ? loader->at("knobs").value("num_workers", 0) : 0);
    if (loader)
        r.worker_pids = loader->value("worker_pids", std::vector<std::vector<pid_t>>{});
    return r;
}

bool writeText(const std::string& path, const std::string& text)
{
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << text << '\n';
    return bool(f.flush());
}

// Engine summary keys about its simulated or CUDA device and its zero-copy slots: they do not
// describe a watched job (which reports its GPU through step() only).
const char* const kEngineOnlyKeys[] = {"backend", "backend_note", "overlap_fraction", "h2d_gbps", "copy_s",
                                       "host_blocked_fraction", "host_waits_for_gpu_fraction",
                                       "worker_to_main_bytes_per_batch", "engine_pid"};

std::string writeOutputs(Session& s, const std::string& metaJson, const std::string& summaryPath,
                         const std::string& tracePath, const std::string& eventsPath)
{
    const json meta = json::parse(metaJson);
    const json* loader = primaryLoader(meta);
    const ls::LoaderObservation obs = observe(loader, s.events());
    // The model of the job: the engine's rules read the job's knobs from it.
    const ls::Config config = ls::fitConfig(obs);
    ls::RunReport report = reportFor(s, meta, loader);
    std::string problems;
    if (!eventsPath.empty() && !ls::writeEventsFile(report, eventsPath))
        problems += "cannot write " + eventsPath + "; ";
    if (!tracePath.empty() && !ls::writeChromeTrace(config, report, tracePath))
        problems += "cannot write " + tracePath + "; ";

    json j = json::parse(ls::summaryJson(config, report));
    for (const char* k : kEngineOnlyKeys)
        j.erase(k);
    if (report.device_spans.empty()) {
        j.erase("gpu_busy_fraction");
        j.erase("kernel_s");
        j.erase("step_period_s");
    }
    j["source"] = "pytorch";
    j["torch_version"] = meta.value("torch_version", json());
    j["program"] = meta.value("program", std::string());
    j["pid"] = meta.value("pid", 0);
    j["rank"] = meta.value("rank", -1);
    j["world_size"] = meta.value("world_size", 0);
    j["segment"] = s.name();
    j["epochs"] = loader ? loader->value("epochs", 0) : 0;
    j["loaders"] = meta.value("loaders", json::array());
    j["sample_every"] = meta.value("sample_every", 1);
    j["observed"] = json::parse(ls::observationToJson(obs));
    const std::string text = j.dump(2);
    if (!summaryPath.empty() && !writeText(summaryPath, text))
        problems += "cannot write " + summaryPath + "; ";
    if (!problems.empty())
        throw std::runtime_error(problems.substr(0, problems.size() - 2));
    return text;
}

} // namespace

void registerOutputs(py::module_& m)
{
    m.def("write_outputs", &writeOutputs, py::arg("session"), py::arg("meta_json"), py::arg("summary_path"),
          py::arg("trace_path"), py::arg("events_path"),
          "Summary (returned, and written when a path is given), Chrome trace and event file of a "
          "stopped session, made by the engine's code.");
    m.def("fit_config", [](const std::string& observed) {
        return ls::configToJson(ls::fitConfig(ls::observationFromJson(observed)));
    }, py::arg("observed_json"), "The engine config fitted to a summary's \"observed\" object.");
}

} // namespace lsprobe

// SPDX-License-Identifier: MIT
// A LoaderObservation as JSON: the "observed" object of a probe summary (and back), and the knobs
// of a probe's loader entry. The measuring and the fit are in probe_model.cpp.
#include "loaderscope/analysis/probe_model.h"

#include "config/json_reader.h"

#include <algorithm>
#include <cstdint>

namespace loaderscope {

using detail::json;
using detail::ObjectReader;

namespace {

json fitJson(const LognormalFit& f)
{
    return {{"mean", f.mean_us}, {"sigma", f.sigma}, {"n", f.n}};
}

LognormalFit fitFrom(const ObjectReader& parent, const std::string& key)
{
    LognormalFit f;
    const json* v = parent.find(key);
    if (!v || v->is_null())
        return f;
    ObjectReader r(*v, parent.field(key), {"mean", "sigma", "n"});
    f.mean_us = r.number("mean", 0, 0, 60e6);
    f.sigma = r.number("sigma", 0, 0, 10);
    f.n = r.integer("n", 0, 0, int64_t(1) << 50);
    return f;
}

} // namespace

std::string observationToJson(const LoaderObservation& o)
{
    json j;
    j["batch_size"] = o.batch_size ? json(*o.batch_size) : json(nullptr);
    j["num_workers"] = o.num_workers;
    j["prefetch_factor"] = o.prefetch_factor;
    j["pin_memory"] = o.pin_memory;
    j["persistent_workers"] = o.persistent_workers;
    j["in_order"] = o.in_order;
    j["drop_last"] = o.drop_last;
    j["shuffle"] = o.shuffle;
    j["sampler"] = o.sampler ? json{{"num_replicas", o.sampler->num_replicas}, {"rank", o.sampler->rank},
                                    {"seed", o.sampler->seed}, {"shuffle", o.sampler->shuffle},
                                    {"drop_last", o.sampler->drop_last}}
                             : json(nullptr);
    j["timeout_s"] = o.timeout_s;
    j["start_method"] = o.start_method;
    j["switch_interval_us"] = o.switch_interval_us;
    j["dataset_kind"] = o.iterable ? "iterable" : "map";
    j["dataset_length"] = o.dataset_length ? json(*o.dataset_length) : json(nullptr);
    j["epochs"] = o.epochs;
    j["samples_per_epoch"] = o.samples_per_epoch;
    j["sample_bytes"] = o.sample_bytes;
    j["fetch_us"] = fitJson(o.fetch_us);
    j["io_us"] = fitJson(o.io_us);
    j["cpu_us_per_sample"] = o.cpu_us_per_sample;
    j["run_queue_us_per_sample"] = o.run_queue_us_per_sample;
    j["collate_us_per_batch"] = o.collate_us_per_batch;
    j["step_us"] = o.step_us;
    j["step_cost_us"] = {{"cpu", o.step_cpu_us}, {"run_queue", o.step_run_queue_us}, {"n", o.steps_costed}};
    j["threads_cpu_us"] = {{"mean", o.threads_cpu_us}, {"n", o.threads_costed}};
    j["device_step"] = o.device_step;
    j["send_cpu_us"] = {{"mean", o.send_cpu_us}, {"n", o.sends_costed}};
    j["receive_cpu_us"] = {{"mean", o.receive_cpu_us}, {"n", o.receives_costed}};
    j["handover_us"] = {{"per_batch", o.handovers_per_batch},
                        {"busy", {{"mean", o.handover_busy_us}, {"n", o.handovers_busy}}},
                        {"idle", {{"mean", o.handover_idle_us}, {"n", o.handovers_idle}}},
                        {"cpu", {{"mean", o.handover_cpu_us}, {"n", o.handovers_cpu_costed}}}};
    j["next_ready_us"] = {{"mean", o.next_ready_us}, {"n", o.next_ready_n}};
    j["steps"] = o.steps;
    j["worker_init_us"] = o.worker_init_us;
    j["worker_start_cpu_us"] = {{"mean", o.worker_start_cpu_us}, {"n", o.worker_starts_costed}};
    j["worker_init_cpu_us"] = {{"mean", o.worker_init_cpu_us}, {"n", o.worker_inits_costed}};
    j["worker_init_run_queue_us"] = {{"mean", o.worker_init_run_queue_us}, {"n", o.worker_inits_costed}};
    j["worker_warmup_cpu_us"] = {{"mean", o.worker_warmup_cpu_us}, {"n", o.worker_warmups}};
    j["worker_exit_us"] = {{"mean", o.worker_exit_us}, {"n", o.worker_exits}};
    j["first_receive_cpu_us"] = {{"mean", o.first_receive_cpu_us}, {"n", o.first_receives}};
    j["batches_costed"] = o.batches_costed;
    return j.dump(2);
}

LoaderObservation observationFromJson(const std::string& text)
{
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception& e) {
        throw ConfigError("observed", std::string("not JSON: ") + e.what());
    }
    ObjectReader r(j, "observed",
                   {"batch_size", "num_workers", "prefetch_factor", "pin_memory", "persistent_workers", "in_order",
                    "drop_last", "shuffle", "sampler", "timeout_s", "start_method", "switch_interval_us", "dataset_kind",
                    "dataset_length", "epochs", "samples_per_epoch", "sample_bytes", "fetch_us", "io_us", "cpu_us_per_sample",
                    "run_queue_us_per_sample", "collate_us_per_batch", "step_us", "steps", "next_ready_us",
                    "worker_init_us", "batches_costed", "step_cost_us", "device_step", "send_cpu_us",
                    "receive_cpu_us", "threads_cpu_us", "handover_us", "worker_start_cpu_us", "worker_init_cpu_us",
                    "worker_init_run_queue_us", "worker_warmup_cpu_us", "worker_exit_us", "first_receive_cpu_us"});
    LoaderObservation o;
    if (r.isSet("batch_size"))
        o.batch_size = r.integer("batch_size", 1, 1, int64_t(1) << 30);
    else
        o.batch_size.reset();
    o.num_workers = int(r.integer("num_workers", 0, 0, 1024));
    o.prefetch_factor = int(r.integer("prefetch_factor", 2, 1, 1 << 20));
    o.pin_memory = r.boolean("pin_memory", false);
    o.persistent_workers = r.boolean("persistent_workers", false);
    o.in_order = r.boolean("in_order", true);
    o.drop_last = r.boolean("drop_last", false);
    o.shuffle = r.boolean("shuffle", false);
    if (r.isSet("sampler")) {
        ObjectReader s(*r.find("sampler"), r.field("sampler"), {"num_replicas", "rank", "seed", "shuffle", "drop_last"});
        DistributedConfig d;
        d.num_replicas = s.integer("num_replicas", 1, 1, 1 << 20);
        d.rank = s.integer("rank", 0, 0, d.num_replicas - 1);
        d.seed = uint64_t(s.integer("seed", 0, 0, INT64_MAX));
        d.shuffle = s.boolean("shuffle", true);
        d.drop_last = s.boolean("drop_last", false);
        o.sampler = d;
    }
    o.timeout_s = r.number("timeout_s", 0, 0, 1e9);
    o.start_method = r.string("start_method", "fork");
    o.switch_interval_us = r.number("switch_interval_us", 5000, 1, 1e6);
    const std::string kind = r.string("dataset_kind", "map");
    if (kind != "map" && kind != "iterable")
        detail::fail(r.field("dataset_kind"), "expected 'map' or 'iterable'");
    o.iterable = kind == "iterable";
    if (r.isSet("dataset_length"))
        o.dataset_length = r.integer("dataset_length", 1, 0, int64_t(1) << 50);
    o.epochs = int(r.integer("epochs", 1, 0, 1 << 20));
    o.samples_per_epoch = r.integer("samples_per_epoch", 0, 0, int64_t(1) << 50);
    o.sample_bytes = r.integer("sample_bytes", 0, 0, int64_t(1) << 40);
    o.fetch_us = fitFrom(r, "fetch_us");
    o.io_us = fitFrom(r, "io_us");
    o.cpu_us_per_sample = r.number("cpu_us_per_sample", 0, 0, 60e6);
    o.run_queue_us_per_sample = r.number("run_queue_us_per_sample", 0, 0, 60e6);
    o.collate_us_per_batch = r.number("collate_us_per_batch", 0, 0, 60e6);
    o.step_us = r.number("step_us", 0, 0, 60e6);
    o.steps = r.integer("steps", 0, 0, int64_t(1) << 50);
    if (r.isSet("next_ready_us")) {
        ObjectReader n(*r.find("next_ready_us"), r.field("next_ready_us"), {"mean", "n"});
        o.next_ready_us = n.number("mean", 0, 0, 60e6);
        o.next_ready_n = n.integer("n", 0, 0, int64_t(1) << 50);
    }
    o.worker_init_us = r.number("worker_init_us", 0, 0, 60e6);
    // Summaries written before these were measured have none: the model then charges nothing.
    if (r.isSet("step_cost_us")) {
        ObjectReader c(*r.find("step_cost_us"), r.field("step_cost_us"), {"cpu", "run_queue", "n"});
        o.step_cpu_us = c.number("cpu", 0, 0, 60e6);
        o.step_run_queue_us = c.number("run_queue", 0, 0, 60e6);
        o.steps_costed = c.integer("n", 0, 0, int64_t(1) << 50);
    }
    o.device_step = r.boolean("device_step", false);
    // {"mean", "n"} under `parent`: left as it is where the key is missing.
    auto meanOf = [](const ObjectReader& parent, const std::string& key, double& mean, int64_t& n) {
        if (!parent.isSet(key))
            return;
        ObjectReader c(*parent.find(key), parent.field(key), {"mean", "n"});
        mean = c.number("mean", 0, 0, 60e6);
        n = c.integer("n", 0, 0, int64_t(1) << 50);
    };
    meanOf(r, "send_cpu_us", o.send_cpu_us, o.sends_costed);
    meanOf(r, "worker_start_cpu_us", o.worker_start_cpu_us, o.worker_starts_costed);
    meanOf(r, "worker_init_cpu_us", o.worker_init_cpu_us, o.worker_inits_costed);
    meanOf(r, "worker_init_run_queue_us", o.worker_init_run_queue_us, o.worker_inits_costed);
    meanOf(r, "worker_warmup_cpu_us", o.worker_warmup_cpu_us, o.worker_warmups);
    meanOf(r, "worker_exit_us", o.worker_exit_us, o.worker_exits);
    meanOf(r, "first_receive_cpu_us", o.first_receive_cpu_us, o.first_receives);
    meanOf(r, "receive_cpu_us", o.receive_cpu_us, o.receives_costed);
    meanOf(r, "threads_cpu_us", o.threads_cpu_us, o.threads_costed);
    if (r.isSet("handover_us")) {
        ObjectReader h(*r.find("handover_us"), r.field("handover_us"), {"per_batch", "busy", "idle", "cpu"});
        o.handovers_per_batch = h.number("per_batch", 0, 0, 1e6);
        meanOf(h, "busy", o.handover_busy_us, o.handovers_busy);
        meanOf(h, "idle", o.handover_idle_us, o.handovers_idle);
        meanOf(h, "cpu", o.handover_cpu_us, o.handovers_cpu_costed);
    }
    o.batches_costed = r.integer("batches_costed", 0, 0, int64_t(1) << 50);
    return o;
}

LoaderObservation observationFromLoaderJson(const std::string& loaderJson)
{
    LoaderObservation o;
    const json parsed = json::parse(loaderJson);
    const json* loader = &parsed;
    if (!loader->is_object() || !loader->contains("knobs") || !(*loader)["knobs"].is_object())
        return o;
    const json& k = loader->at("knobs");
    // Read each value once: a knob the probe did not write is its default, never a lookup that
    // throws (a const json's operator[] on a missing key is not a lookup).
    if (const json b = k.value("batch_size", json()); b.is_number_integer())
        o.batch_size = b.get<int64_t>();
    else
        o.batch_size.reset();
    o.num_workers = k.value("num_workers", 0);
    const json pf = k.value("prefetch_factor", json(2));
    o.prefetch_factor = pf.is_number_integer() ? pf.get<int>() : 2;
    o.pin_memory = k.value("pin_memory", false);
    o.persistent_workers = k.value("persistent_workers", false);
    o.in_order = k.value("in_order", true);
    o.drop_last = k.value("drop_last", false);
    o.shuffle = k.value("shuffle", false);
    if (const json& s = k.value("distributed_sampler", json()); s.is_object()) {
        DistributedConfig d;
        d.num_replicas = s.value("num_replicas", int64_t(1));
        d.rank = s.value("rank", int64_t(0));
        d.seed = s.value("seed", uint64_t(0));
        d.shuffle = o.shuffle;
        d.drop_last = s.value("drop_last", false);
        o.sampler = d;
    }
    o.timeout_s = k.value("timeout_s", 0.0);
    o.start_method = k.value("start_method", std::string("fork"));
    if (const json& v = k.value("switch_interval_s", json()); v.is_number() && v.get<double>() > 0)
        o.switch_interval_us = std::clamp(v.get<double>() * 1e6, 1.0, 1e6);
    o.iterable = k.value("dataset_kind", std::string("map")) == "iterable";
    if (k.value("dataset_length", json()).is_number_integer())
        o.dataset_length = k["dataset_length"].get<int64_t>();
    o.epochs = loader->value("epochs", 1);
    const int64_t samples = loader->value("samples", int64_t(0));
    o.samples_per_epoch = o.epochs > 0 ? samples / o.epochs : samples;
    const int64_t measured = loader->value("samples_measured", int64_t(0));
    o.sample_bytes = measured > 0 ? loader->value("bytes_measured", int64_t(0)) / measured : 0;
    return o;
}

} // namespace loaderscope

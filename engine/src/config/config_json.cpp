// SPDX-License-Identifier: MIT
// A parsed Config written back as JSON (every key, defaults resolved: what the run used), and the
// built-in default config. Choice names come from the schema (config_schema.cpp).
#include "loaderscope/config/config.h"

#include "loaderscope/config/config_schema.h"
#include "objects_config.h"

#include <nlohmann/json.hpp>

namespace loaderscope {

using nlohmann::json;

std::string configToJson(const Config& c)
{
    json j;
    j["seed"] = c.seed;
    json& d = j["dataset"];
    d["kind"] = configKey("dataset.kind").choices[size_t(c.dataset.kind)];
    d["length"] = c.dataset.length;
    d["sample_bytes"] = c.dataset.sample_bytes;
    if (c.dataset.io_latency.dist == Latency::Dist::Constant)
        d["io_latency_us"] = c.dataset.io_latency.mean_us;
    else
        d["io_latency_us"] = {{"dist", "lognormal"},
                              {"mean", c.dataset.io_latency.mean_us},
                              {"sigma", c.dataset.io_latency.sigma}};
    d["cpu_us"] = c.dataset.cpu_us;
    d["shard"] = c.dataset.shard;
    d["path"] = c.dataset.path.empty() ? json(nullptr) : json(c.dataset.path);
    json slow = json::array();
    for (const auto& s : c.dataset.slow_samples)
        slow.push_back({{"index", s.index}, {"latency_us", s.latency_us}});
    d["slow_samples"] = slow;
    if (const auto& o = c.dataset.objects)
        d["objects"] = {{"count", o->count}, {"bytes_each", o->bytes_each}, {"layout", objectsLayoutName(o->layout)}};
    else
        d["objects"] = nullptr;
    json& l = j["loader"];
    l["batch_size"] = c.loader.batch_size ? json(*c.loader.batch_size) : json(nullptr);
    l["shuffle"] = c.loader.shuffle;
    l["drop_last"] = c.loader.drop_last;
    if (c.loader.sampler) {
        const auto& s = *c.loader.sampler;
        l["sampler"] = {{"kind", "distributed"}, {"num_replicas", s.num_replicas}, {"rank", s.rank},
                        {"seed", s.seed}, {"epoch", s.epoch}, {"shuffle", s.shuffle},
                        {"drop_last", s.drop_last}};
    } else {
        l["sampler"] = nullptr;
    }
    const bool mp = c.loader.num_workers > 0;
    l["num_workers"] = c.loader.num_workers;
    l["prefetch_factor"] = mp ? json(c.loader.prefetch_factor) : json(nullptr);
    l["persistent_workers"] = c.loader.persistent_workers;
    l["pin_memory"] = c.loader.pin_memory == PinMemory::Shared
                          ? json(configKey("loader.pin_memory").choices[size_t(PinMemory::Shared)])
                          : json(c.loader.pin_memory == PinMemory::On);
    l["in_order"] = c.loader.in_order;
    l["timeout"] = c.loader.timeout_s;
    l["multiprocessing_context"] =
        mp ? json(configKey("loader.multiprocessing_context").choices[size_t(c.loader.start_method)]) : json(nullptr);
    l["worker_init_us"] = c.loader.worker_init_us;
    l["worker_start_cpu_us"] = c.loader.worker_start_cpu_us;
    l["worker_init_cpu_us"] = c.loader.worker_init_cpu_us;
    l["worker_warmup_cpu_us"] = c.loader.worker_warmup_cpu_us;
    l["worker_exit_cpu_us"] = c.loader.worker_exit_cpu_us;
    l["send_cpu_us"] = c.loader.send_cpu_us;
    l["receive_ns_per_byte"] = c.loader.receive_ns_per_byte;
    l["handovers_per_batch"] = c.loader.handovers_per_batch;
    l["handover_rounds"] = c.loader.handover_rounds;
    l["handover_answer_cpu_us"] = c.loader.handover_answer_cpu_us;
    l["gil_switch_interval_us"] = c.loader.gil_switch_interval_us;
    l["gil_release_every_us"] = c.loader.gil_release_every_us;
    l["handover_cpu_us"] = c.loader.handover_cpu_us;
    json& t = j["train"];
    t["epochs"] = c.train.epochs;
    t["max_batches"] = c.train.max_batches ? json(*c.train.max_batches) : json(nullptr);
    t["step_us"] = c.train.step_us;
    t["step_on"] = configKey("train.step_on").choices[size_t(c.train.step_on)];
    t["step_cpu_us"] = c.train.step_cpu_us;
    t["threads_cpu_us"] = c.train.threads_cpu_us;
    t["non_blocking"] = c.train.non_blocking;
    t["copy_stream"] = c.train.copy_stream;
    t["on_exception"] = configKey("train.on_exception").choices[c.train.continue_on_exception ? 1 : 0];
    j["device"] = {{"backend", configKey("device.backend").choices[size_t(c.device.backend)]},
                   {"h2d_gbps_pinned", c.device.h2d_gbps_pinned},
                   {"h2d_gbps_pageable", c.device.h2d_gbps_pageable}};
    json faults = json::array();
    for (const auto& f : c.faults)
        faults.push_back({{"worker", f.worker}, {"at_batch", f.at_batch}, {"epoch", f.epoch},
                          {"kind", configKey("faults.kind").choices[size_t(f.kind)]}});
    j["faults"] = faults;
    return j.dump(2);
}

std::string defaultConfigJson()
{
    // Synthetic map-style data, 4 fork workers, pinned copies on the simulated GPU when no CUDA
    // device is usable: shows every lane and runs anywhere for about ten seconds (2 x 640 batches,
    // ~4,500 samples/s with 4 workers), long enough to watch it live.
    return R"({
  "seed": 0,
  "dataset": {"kind": "map", "length": 20480, "sample_bytes": 16384,
              "io_latency_us": {"dist": "lognormal", "mean": 600, "sigma": 0.5}, "cpu_us": 100},
  "loader": {"batch_size": 32, "num_workers": 4, "prefetch_factor": 2, "pin_memory": true,
             "multiprocessing_context": "fork"},
  "train": {"epochs": 2, "step_us": 4000},
  "device": {"backend": "auto"}
})";
}

} // namespace loaderscope

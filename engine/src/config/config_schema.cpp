// SPDX-License-Identifier: MIT
#include "loaderscope/config/config_schema.h"

#include "loaderscope/config/config.h"

#include <stdexcept>

namespace loaderscope {

namespace {

using T = ConfigKey::Type;

constexpr double kMaxCount = double(int64_t(1) << 40); // samples, batches, indices
constexpr double kMaxUs = 60e6;                        // one minute per sample or step
constexpr double kMaxWorkers = 64;                     // one event ring and two task rings each
constexpr double kInt64Max = 9223372036854775807.0;    // read back as INT64_MAX (config.cpp)

ConfigKey num(std::string path, T type, double min, double max, double def)
{
    ConfigKey k;
    k.path = std::move(path);
    k.type = type;
    k.min = min;
    k.max = max;
    k.number = def;
    return k;
}

ConfigKey flag(std::string path, bool def)
{
    ConfigKey k;
    k.path = std::move(path);
    k.type = T::Bool;
    k.number = def ? 1 : 0;
    return k;
}

ConfigKey choice(std::string path, std::vector<std::string> choices, std::string def)
{
    ConfigKey k;
    k.path = std::move(path);
    k.type = T::Choice;
    k.choices = std::move(choices);
    k.text = std::move(def);
    return k;
}

std::vector<ConfigKey> build()
{
    // Defaults from the structs the parser fills, so that a default is written once.
    const DatasetConfig d;
    const DistributedConfig s;
    const LoaderConfig l;
    const TrainConfig t;
    const DeviceConfig dev;
    const Fault f;
    ConfigKey path;
    path.path = "dataset.path";
    path.type = T::Text;
    return {
        num("seed", T::Int, 0, kInt64Max, 0),
        choice("dataset.kind", {"map", "iterable", "files"}, "map"),
        num("dataset.length", T::Int, 1, kMaxCount, double(d.length)),
        num("dataset.sample_bytes", T::Int, 1, double(1 << 30), double(d.sample_bytes)),
        // The synthetic datasets' default; a files dataset's is 0 (defaultIoLatencyUs, config.h).
        num("dataset.io_latency_us", T::Number, 0, kMaxUs, d.io_latency.mean_us),
        choice("dataset.io_latency_us.dist", {"constant", "lognormal"}, "constant"),
        num("dataset.io_latency_us.sigma", T::Number, 0, 5, 0.5),
        num("dataset.cpu_us", T::Number, 0, kMaxUs, d.cpu_us),
        flag("dataset.shard", d.shard),
        path,
        num("dataset.slow_samples.index", T::Int, 0, kMaxCount - 1, 0), // inside the largest dataset
        num("dataset.slow_samples.latency_us", T::Number, 0, kMaxUs, 100000),
        num("loader.batch_size", T::Int, 1, double(1 << 20), double(l.batch_size.value_or(1))),
        flag("loader.shuffle", l.shuffle),
        flag("loader.drop_last", l.drop_last),
        num("loader.sampler.num_replicas", T::Int, 1, double(1 << 20), double(s.num_replicas)),
        num("loader.sampler.rank", T::Int, 0, double(1 << 20), double(s.rank)),
        num("loader.sampler.seed", T::Int, 0, kInt64Max, double(s.seed)),
        num("loader.sampler.epoch", T::Int, 0, double(int64_t(1) << 31), double(s.epoch)),
        flag("loader.sampler.shuffle", s.shuffle),
        flag("loader.sampler.drop_last", s.drop_last),
        num("loader.num_workers", T::Int, 0, kMaxWorkers, l.num_workers),
        num("loader.prefetch_factor", T::Int, 1, 1024, l.prefetch_factor),
        flag("loader.persistent_workers", l.persistent_workers),
        // pin_memory is a boolean or "shared" in the JSON; the choices name PinMemory's values.
        choice("loader.pin_memory", {"false", "true", "shared"}, "false"),
        flag("loader.in_order", l.in_order),
        num("loader.timeout", T::Number, 0, 86400, l.timeout_s),
        choice("loader.multiprocessing_context", {"fork", "spawn"}, "fork"),
        num("loader.worker_init_us", T::Number, 0, kMaxUs, l.worker_init_us),
        num("loader.worker_start_cpu_us", T::Number, 0, kMaxUs, l.worker_start_cpu_us),
        num("loader.worker_init_cpu_us", T::Number, 0, kMaxUs, l.worker_init_cpu_us),
        num("loader.worker_warmup_cpu_us", T::Number, 0, kMaxUs, l.worker_warmup_cpu_us),
        num("loader.worker_exit_cpu_us", T::Number, 0, kMaxUs, l.worker_exit_cpu_us),
        num("loader.send_cpu_us", T::Number, 0, kMaxUs, l.send_cpu_us),
        num("loader.receive_ns_per_byte", T::Number, 0, 1e6, l.receive_ns_per_byte),
        num("loader.handovers_per_batch", T::Number, 0, 1e6, l.handovers_per_batch),
        num("loader.handover_rounds", T::Int, 1, 64, l.handover_rounds),
        num("loader.handover_answer_cpu_us", T::Number, 0, kMaxUs, l.handover_answer_cpu_us),
        num("loader.gil_switch_interval_us", T::Number, 1, 1e6, l.gil_switch_interval_us),
        num("loader.gil_release_every_us", T::Number, 0, 1e6, l.gil_release_every_us),
        num("loader.handover_cpu_us", T::Number, 0, kMaxUs, l.handover_cpu_us),
        num("train.epochs", T::Int, 1, 10000, t.epochs),
        num("train.max_batches", T::Int, 1, kMaxCount, 1),
        num("train.step_us", T::Number, 0, kMaxUs, t.step_us),
        // The choices name StepOn's values, in order.
        choice("train.step_on", {"device", "cpu"}, t.step_on == StepOn::Cpu ? "cpu" : "device"),
        num("train.step_cpu_us", T::Number, 0, kMaxUs, t.step_cpu_us),
        num("train.threads_cpu_us", T::Number, 0, kMaxUs, t.threads_cpu_us),
        flag("train.non_blocking", t.non_blocking),
        flag("train.copy_stream", t.copy_stream),
        choice("train.on_exception", {"stop", "continue"}, t.continue_on_exception ? "continue" : "stop"),
        choice("device.backend", {"auto", "cuda", "sim"}, "auto"),
        num("device.h2d_gbps_pinned", T::Number, 0.001, 10000, dev.h2d_gbps_pinned),
        num("device.h2d_gbps_pageable", T::Number, 0.001, 10000, dev.h2d_gbps_pageable),
        num("faults.worker", T::Int, -1, kMaxWorkers, f.worker),
        num("faults.at_batch", T::Int, 0, kMaxCount, double(f.at_batch)),
        num("faults.epoch", T::Int, 0, 10000, f.epoch),
        choice("faults.kind", {"crash", "hang", "exception", "exit"}, ""),
    };
}

} // namespace

std::string ConfigKey::name() const
{
    return path.substr(path.rfind('.') + 1);
}

int ConfigKey::choiceIndex(const std::string& value) const
{
    for (size_t i = 0; i < choices.size(); ++i)
        if (choices[i] == value)
            return int(i);
    return -1;
}

std::string ConfigKey::choiceList() const
{
    std::string out;
    for (size_t i = 0; i < choices.size(); ++i) {
        if (i > 0)
            out += i + 1 == choices.size() ? " or " : ", ";
        out += "'" + choices[i] + "'";
    }
    return out;
}

const std::vector<ConfigKey>& configKeys()
{
    static const std::vector<ConfigKey> keys = build();
    return keys;
}

const ConfigKey& configKey(std::string_view path)
{
    for (const ConfigKey& k : configKeys())
        if (k.path == path)
            return k;
    throw std::logic_error("no config key '" + std::string(path) + "' in the schema");
}

double defaultIoLatencyUs(DatasetConfig::Kind kind)
{
    return kind == DatasetConfig::Kind::Files ? 0.0 : DatasetConfig{}.io_latency.mean_us;
}

} // namespace loaderscope

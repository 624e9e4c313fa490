// SPDX-License-Identifier: MIT
// Config parsing and validation. The DataLoader rules run in the order DataLoader.__init__ checks
// them (torch/utils/data/dataloader.py, DataLoader.__init__), after the engine's own type and key checks.
#include "loaderscope/config/config.h"

#include "loaderscope/base/input_file.h"

#include "loaderscope/config/config_schema.h"

#include "json_reader.h"
#include "objects_config.h"
#include "loaderscope/base/bytes.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace loaderscope {

using detail::fail;
using detail::json;
using detail::ObjectReader;
using detail::pythonRepr;

namespace {

// Keys that users put in the wrong section, mapped to their section, for a precise message.
const std::vector<std::pair<std::string, std::string>> kSectionOf = {
    {"batch_size", "loader"}, {"shuffle", "loader"}, {"num_workers", "loader"},
    {"prefetch_factor", "loader"}, {"pin_memory", "loader"}, {"persistent_workers", "loader"},
    {"timeout", "loader"}, {"drop_last", "loader"}, {"in_order", "loader"},
    {"multiprocessing_context", "loader"}, {"length", "dataset"}, {"sample_bytes", "dataset"},
    {"io_latency_us", "dataset"}, {"cpu_us", "dataset"}, {"epochs", "train"},
    {"step_us", "train"}, {"non_blocking", "train"}, {"backend", "device"}, {"objects", "dataset"},
};

constexpr int kMaxConfigDepth = 32;            // the deepest real config nests 4 levels

// Readers of one key of the schema (config_schema.cpp: its default and range) from the section
// `r` reads. `fallback` overrides the default where it depends on other keys.
int64_t asInt(double v)
{
    return v >= 9.2e18 ? INT64_MAX : int64_t(v);
}

int64_t intKey(const ObjectReader& r, std::string_view path, std::optional<int64_t> fallback = {})
{
    const ConfigKey& k = configKey(path);
    return r.integer(k.name(), fallback.value_or(asInt(k.number)), asInt(k.min), asInt(k.max));
}

double numberKey(const ObjectReader& r, std::string_view path)
{
    const ConfigKey& k = configKey(path);
    return r.number(k.name(), k.number, k.min, k.max);
}

bool flagKey(const ObjectReader& r, std::string_view path)
{
    const ConfigKey& k = configKey(path);
    return r.boolean(k.name(), k.flag());
}

/// The index of the key's value among its choices (the enum it maps to); `what` names the key in
/// the message for a value that is not one of them.
int choiceKey(const ObjectReader& r, std::string_view path, const std::string& what)
{
    const ConfigKey& k = configKey(path);
    const std::string v = r.string(k.name(), k.text);
    const int i = k.choiceIndex(v);
    if (i < 0)
        fail(r.field(k.name()), "unknown " + what + " '" + v + "'; expected " + k.choiceList());
    return i;
}

Latency parseLatency(const ObjectReader& r, const std::string& key, Latency fallback)
{
    const json* v = r.find(key);
    if (!v || v->is_null())
        return fallback;
    Latency l;
    if (v->is_number()) {
        l.mean_us = numberKey(r, "dataset.io_latency_us");
        return l;
    }
    if (!v->is_object())
        fail(r.field(key), "expected a number of microseconds or {\"dist\": \"lognormal\", "
                           "\"mean\": ..., \"sigma\": ...}, got " +
                               detail::typeDescription(*v));
    ObjectReader d(*v, r.field(key), {"dist", "mean", "sigma"});
    l.dist = Latency::Dist(choiceKey(d, "dataset.io_latency_us.dist", "distribution"));
    if (!d.isSet("mean"))
        fail(d.field("mean"), "missing: the mean latency in microseconds");
    const ConfigKey& mean = configKey("dataset.io_latency_us");
    l.mean_us = d.number("mean", mean.number, mean.min, mean.max);
    l.sigma = numberKey(d, "dataset.io_latency_us.sigma");
    return l;
}

void parseDataset(const json& j, Config& c)
{
    ObjectReader r(j, "dataset",
                   {"kind", "length", "sample_bytes", "io_latency_us", "cpu_us", "shard", "path",
                    "slow_samples", "objects"},
                   kSectionOf);
    DatasetConfig& d = c.dataset;
    d.objects = parseObjectsConfig(r);
    d.kind = DatasetConfig::Kind(choiceKey(r, "dataset.kind", "dataset kind"));
    d.length = intKey(r, "dataset.length");
    d.sample_bytes = intKey(r, "dataset.sample_bytes");
    d.io_latency.mean_us = defaultIoLatencyUs(d.kind); // when the config sets none
    d.io_latency = parseLatency(r, "io_latency_us", d.io_latency);
    d.cpu_us = numberKey(r, "dataset.cpu_us");
    d.shard = flagKey(r, "dataset.shard");
    if (d.shard && d.kind != DatasetConfig::Kind::Iterable)
        fail(r.field("shard"), "sharding by worker id applies to iterable datasets only "
                               "(a map-style dataset is split by the sampler)");
    d.path = r.string("path", "");
    if (const json* s = r.find("slow_samples"); s && !s->is_null()) {
        if (!s->is_array())
            fail(r.field("slow_samples"), "expected an array of {\"index\", \"latency_us\"}");
        for (size_t i = 0; i < s->size(); ++i) {
            ObjectReader e((*s)[i], r.field("slow_samples") + "[" + std::to_string(i) + "]",
                           {"index", "latency_us"});
            if (!e.isSet("index"))
                fail(e.field("index"), "missing: the sample index");
            d.slow_samples.push_back({intKey(e, "dataset.slow_samples.index"),
                                      numberKey(e, "dataset.slow_samples.latency_us")});
        }
    }
    if (d.kind == DatasetConfig::Kind::Files) {
        if (d.path.empty())
            fail(r.field("path"), "a files dataset needs 'path': a directory whose files are the samples");
        std::error_code ec;
        const auto status = std::filesystem::status(d.path, ec);
        if (ec || !std::filesystem::exists(status))
            fail(r.field("path"), "directory '" + d.path + "' does not exist");
        if (!std::filesystem::is_directory(status))
            fail(r.field("path"), "'" + d.path + "' is not a directory");
        for (std::filesystem::directory_iterator it(d.path, ec), end; !ec && it != end; it.increment(ec)) {
            if (it->is_regular_file(ec))
                d.files.push_back(it->path().string());
        }
        if (ec)
            fail(r.field("path"), "cannot list '" + d.path + "': " + ec.message());
        if (d.files.empty())
            fail(r.field("path"), "directory '" + d.path + "' has no regular files");
        std::sort(d.files.begin(), d.files.end());
    } else if (!d.path.empty()) {
        fail(r.field("path"), "'path' applies to a files dataset only");
    }
    for (const auto& s : d.slow_samples) {
        if (s.index >= c.datasetLength())
            fail(r.field("slow_samples"), "sample index " + std::to_string(s.index) +
                                              " is outside the dataset (length " +
                                              std::to_string(c.datasetLength()) + ")");
    }
}

DistributedConfig parseSampler(const ObjectReader& loader)
{
    const json& s = *loader.find("sampler");
    const std::string field = loader.field("sampler");
    if (s.is_string())
        fail(field, "expected an object such as {\"kind\": \"distributed\", \"num_replicas\": 4, "
                    "\"rank\": 0}, got the string " + pythonRepr(s));
    ObjectReader r(s, field, {"kind", "num_replicas", "rank", "seed", "epoch", "shuffle", "drop_last"});
    const std::string kind = r.string("kind", "");
    if (kind != "distributed")
        fail(r.field("kind"), kind.empty() ? "missing: the only sampler kind is 'distributed'"
                                           : "unknown sampler kind '" + kind + "'; expected 'distributed'");
    DistributedConfig d;
    if (const json* n = r.find("num_replicas"); n && n->is_number_integer() && n->get<int64_t>() < 1)
        fail(r.field("num_replicas"), "num_replicas must be a positive integer, got " + n->dump());
    d.num_replicas = intKey(r, "loader.sampler.num_replicas");
    if (const json* k = r.find("rank"); k && k->is_number_integer()) {
        const int64_t rank = k->get<int64_t>();
        if (rank < 0 || rank >= d.num_replicas)
            fail(r.field("rank"), "Invalid rank " + std::to_string(rank) +
                                      ", rank should be in the interval [0, " +
                                      std::to_string(d.num_replicas - 1) + "]");
    }
    const ConfigKey& rankKey = configKey("loader.sampler.rank");
    d.rank = r.integer("rank", asInt(rankKey.number), asInt(rankKey.min), d.num_replicas - 1);
    d.seed = uint64_t(intKey(r, "loader.sampler.seed"));
    d.epoch = intKey(r, "loader.sampler.epoch");
    d.shuffle = flagKey(r, "loader.sampler.shuffle");
    d.drop_last = flagKey(r, "loader.sampler.drop_last");
    return d;
}

/// DataLoader.__init__'s checks 1-5: the worker keys (num_workers, timeout, prefetch_factor,
/// persistent_workers, multiprocessing_context).
void parseWorkerKeys(const ObjectReader& r, LoaderConfig& l)
{
    // 1-2. num_workers and timeout must be non-negative.
    if (const json* v = r.find("num_workers"); v && v->is_number_integer() && v->get<int64_t>() < 0)
        fail(r.field("num_workers"), "num_workers option should be non-negative; use num_workers=0 "
                                     "to disable multiprocessing.");
    l.num_workers = int(intKey(r, "loader.num_workers"));
    if (const json* v = r.find("timeout"); v && v->is_number() && v->get<double>() < 0)
        fail(r.field("timeout"), "timeout option should be non-negative");
    l.timeout_s = numberKey(r, "loader.timeout");

    // 3. prefetch_factor: only with workers; null means 2; negative and zero rejected.
    if (r.isSet("prefetch_factor")) {
        const json& v = *r.find("prefetch_factor");
        if (l.num_workers == 0)
            fail(r.field("prefetch_factor"),
                 "prefetch_factor option could only be specified in multiprocessing: let "
                 "num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to null");
        if (v.is_number_integer() && v.get<int64_t>() < 0)
            fail(r.field("prefetch_factor"), "prefetch_factor option should be non-negative");
        if (v.is_number_integer() && v.get<int64_t>() == 0)
            fail(r.field("prefetch_factor"),
                 "prefetch_factor must be greater than 0 (DataLoader accepts 0 in its constructor "
                 "and fails with this assertion when the iterator is created)");
        l.prefetch_factor = int(intKey(r, "loader.prefetch_factor"));
    } else {
        l.prefetch_factor = l.num_workers > 0 ? 2 : 0;
    }

    // 4. persistent workers need workers.
    l.persistent_workers = flagKey(r, "loader.persistent_workers");
    if (l.persistent_workers && l.num_workers == 0)
        fail(r.field("persistent_workers"), "persistent_workers option needs num_workers > 0");

    // 5. multiprocessing_context.
    if (r.isSet("multiprocessing_context")) {
        const json& v = *r.find("multiprocessing_context");
        if (l.num_workers == 0)
            fail(r.field("multiprocessing_context"),
                 "multiprocessing_context can only be used with multi-process loading "
                 "(num_workers > 0), but got num_workers=0");
        if (!v.is_string())
            fail(r.field("multiprocessing_context"),
                 "multiprocessing_context option should be a valid start method name, got " +
                     detail::typeDescription(v));
        const std::string m = v.get<std::string>();
        const int method = configKey("loader.multiprocessing_context").choiceIndex(m);
        if (method < 0)
            fail(r.field("multiprocessing_context"),
                 "multiprocessing_context option should specify a valid start method in "
                 "['fork', 'spawn'], but got multiprocessing_context='" + m + "'" +
                     (m == "forkserver" ? " (this engine models fork and spawn only)" : ""));
        l.start_method = StartMethod(method);
    }
}

/// Checks 6-11 and the iterator's own: shuffle, sampler, batch_size and drop_last.
void parseBatchingKeys(const ObjectReader& r, LoaderConfig& l, bool iterable)
{
    // 6. IterableDataset: no shuffle, no sampler.
    const json* shuffle = r.find("shuffle");
    const bool shuffleTruthy = shuffle && !shuffle->is_null() &&
                               !(shuffle->is_boolean() && !shuffle->get<bool>());
    if (iterable && shuffleTruthy)
        fail(r.field("shuffle"), "DataLoader with IterableDataset: expected unspecified shuffle "
                                 "option, but got shuffle=" + pythonRepr(*shuffle));
    if (iterable && r.isSet("sampler"))
        fail(r.field("sampler"), "DataLoader with IterableDataset: expected unspecified sampler "
                                 "option, but got sampler=" + r.find("sampler")->dump());
    l.shuffle = flagKey(r, "loader.shuffle");

    // 7. sampler and shuffle are exclusive.
    if (r.isSet("sampler") && l.shuffle)
        fail(r.field("sampler"), "sampler option is mutually exclusive with shuffle");
    if (r.isSet("sampler"))
        l.sampler = parseSampler(r);

    // 9. batch_size=None disables auto-batching and excludes drop_last.
    const json* bs = r.find("batch_size");
    const json* dl = r.find("drop_last");
    const bool dropLastTrue = dl && dl->is_boolean() && dl->get<bool>();
    if (bs && bs->is_null() && dropLastTrue)
        fail(r.field("drop_last"), "batch_size=None option disables auto-batching and is mutually "
                                   "exclusive with drop_last");
    // 11. BatchSampler: positive non-bool int, bool drop_last.
    if (bs && bs->is_null()) {
        l.batch_size.reset();
    } else if (bs) {
        if (!bs->is_number_integer() || bs->get<int64_t>() <= 0)
            fail(r.field("batch_size"), "batch_size should be a positive integer value, but got "
                                        "batch_size=" + pythonRepr(*bs));
        l.batch_size = intKey(r, "loader.batch_size");
    }
    if (dl && !dl->is_null() && !dl->is_boolean())
        fail(r.field("drop_last"), "drop_last should be a boolean value, but got drop_last=" +
                                       pythonRepr(*dl));
    l.drop_last = flagKey(r, "loader.drop_last");

    // Iterator-creation checks, reported here so that a bad run never starts.
    if (l.timeout_s > 0 && l.num_workers == 0)
        fail(r.field("timeout"), "timeout must be 0 when num_workers is 0 (DataLoader asserts this "
                                 "when the single-process iterator is created)");
}

/// pin_memory (false, true or the engine's "shared"), in_order and the worker start-up cost.
void parsePinAndOrder(const ObjectReader& r, LoaderConfig& l)
{
    const std::string pin = r.find("pin_memory") && r.find("pin_memory")->is_string()
                                ? r.string("pin_memory", "")
                                : std::string();
    if (const json* p = r.find("pin_memory"); p && p->is_string()) {
        if (pin != "shared")
            fail(r.field("pin_memory"), "expected false, true or \"shared\", got '" + pin + "'");
        l.pin_memory = PinMemory::Shared;
        if (l.num_workers == 0)
            fail(r.field("pin_memory"), "\"shared\" pins the workers' batch slots, so it needs "
                                        "num_workers > 0; use true with num_workers 0");
    } else if (p && !p->is_null()) {
        if (!p->is_boolean())
            fail(r.field("pin_memory"), "expected false, true or \"shared\", got " +
                                            detail::typeDescription(*p));
        l.pin_memory = p->get<bool>() ? PinMemory::On : PinMemory::Off;
    }
    l.in_order = flagKey(r, "loader.in_order");
    l.worker_init_us = numberKey(r, "loader.worker_init_us");
    l.worker_start_cpu_us = numberKey(r, "loader.worker_start_cpu_us");
    l.worker_init_cpu_us = numberKey(r, "loader.worker_init_cpu_us");
    l.worker_warmup_cpu_us = numberKey(r, "loader.worker_warmup_cpu_us");
    l.worker_exit_cpu_us = numberKey(r, "loader.worker_exit_cpu_us");
    l.send_cpu_us = numberKey(r, "loader.send_cpu_us");
    l.receive_ns_per_byte = numberKey(r, "loader.receive_ns_per_byte");
    l.handovers_per_batch = numberKey(r, "loader.handovers_per_batch");
    l.handover_rounds = int(intKey(r, "loader.handover_rounds"));
    l.handover_answer_cpu_us = numberKey(r, "loader.handover_answer_cpu_us");
    l.gil_switch_interval_us = numberKey(r, "loader.gil_switch_interval_us");
    l.gil_release_every_us = numberKey(r, "loader.gil_release_every_us");
    l.handover_cpu_us = numberKey(r, "loader.handover_cpu_us");
}

/// Check 13, check_worker_number_rationality: a warning, never an error.
void warnAboutWorkerNumber(Config& c)
{
    const LoaderConfig& l = c.loader;
    cpu_set_t set;
    int cpus = int(std::thread::hardware_concurrency());
    if (sched_getaffinity(0, sizeof(set), &set) == 0)
        cpus = CPU_COUNT(&set);
    if (l.num_workers > cpus && cpus > 0)
        c.warnings.push_back("This DataLoader will create " + std::to_string(l.num_workers) +
                             " worker processes in total. Our suggested max number of worker in "
                             "current system is " + std::to_string(cpus) +
                             ", which is smaller than what this DataLoader is going to create.");
}

void parseLoader(const json& j, Config& c)
{
    ObjectReader r(j, "loader",
                   {"batch_size", "shuffle", "drop_last", "sampler", "num_workers", "prefetch_factor",
                    "persistent_workers", "pin_memory", "in_order", "timeout",
                    "multiprocessing_context", "worker_init_us", "worker_start_cpu_us", "worker_init_cpu_us",
                    "worker_warmup_cpu_us", "worker_exit_cpu_us", "send_cpu_us", "receive_ns_per_byte",
                    "handovers_per_batch", "handover_rounds", "handover_answer_cpu_us", "handover_cpu_us",
                    "gil_switch_interval_us", "gil_release_every_us", "handover_busy_us", "handover_idle_us"},
                   kSectionOf);
    LoaderConfig& l = c.loader;

    parseWorkerKeys(r, l);
    parseBatchingKeys(r, l, c.dataset.kind == DatasetConfig::Kind::Iterable);
    parsePinAndOrder(r, l);
    // Fitted by loaderscope before the hand-over's GIL was modelled as threads (handover.h).
    for (const char* old : {"handover_busy_us", "handover_idle_us"})
        if (r.isSet(old))
            c.warnings.push_back(std::string("loader.") + old + " is no longer used: the hand-over's waits come from "
                                 "the worker's modelled GIL (loader.handover_rounds, "
                                 "loader.gil_switch_interval_us). Fit the job again to update its costs.");
    warnAboutWorkerNumber(c);
}

void parseTrain(const json& j, Config& c)
{
    ObjectReader r(j, "train",
                   {"epochs", "max_batches", "step_us", "step_on", "step_cpu_us", "threads_cpu_us", "non_blocking", "copy_stream",
                    "on_exception"},
                   kSectionOf);
    TrainConfig& t = c.train;
    t.epochs = int(intKey(r, "train.epochs"));
    if (r.isSet("max_batches"))
        t.max_batches = intKey(r, "train.max_batches");
    t.step_us = numberKey(r, "train.step_us");
    t.step_on = StepOn(choiceKey(r, "train.step_on", "place for the step"));
    t.step_cpu_us = numberKey(r, "train.step_cpu_us");
    t.threads_cpu_us = numberKey(r, "train.threads_cpu_us");
    if (t.step_on == StepOn::Cpu && t.step_cpu_us > t.step_us)
        fail(r.field("step_cpu_us"), "a step on the CPU burns at most its step_us (" + std::to_string(t.step_us) +
                                         " us), got " + std::to_string(t.step_cpu_us));
    t.non_blocking = flagKey(r, "train.non_blocking");
    t.copy_stream = flagKey(r, "train.copy_stream");
    const ConfigKey& onExceptionKey = configKey("train.on_exception");
    const std::string onException = r.string("on_exception", onExceptionKey.text);
    const int onExceptionIndex = onExceptionKey.choiceIndex(onException);
    if (onExceptionIndex < 0)
        fail(r.field("on_exception"), "expected " + onExceptionKey.choiceList() + ", got '" + onException + "'");
    t.continue_on_exception = onExceptionIndex == 1;
}

void parseDevice(const json& j, Config& c)
{
    ObjectReader r(j, "device", {"backend", "h2d_gbps_pinned", "h2d_gbps_pageable"}, kSectionOf);
    DeviceConfig& d = c.device;
    d.backend = DeviceConfig::Backend(choiceKey(r, "device.backend", "backend"));
    d.h2d_gbps_pinned = numberKey(r, "device.h2d_gbps_pinned");
    d.h2d_gbps_pageable = numberKey(r, "device.h2d_gbps_pageable");
}

void parseFaults(const json& j, Config& c)
{
    if (j.is_null())
        return;
    if (!j.is_array())
        fail("faults", "expected an array of {\"worker\", \"at_batch\", \"kind\"}");
    for (size_t i = 0; i < j.size(); ++i) {
        ObjectReader r(j[i], "faults[" + std::to_string(i) + "]", {"worker", "at_batch", "kind", "epoch"});
        Fault f;
        const int nw = c.loader.num_workers;
        f.worker = int(intKey(r, "faults.worker", nw > 0 ? 0 : -1));
        if (nw > 0 && (f.worker < 0 || f.worker >= nw))
            fail(r.field("worker"), "worker " + std::to_string(f.worker) +
                                        " does not exist: num_workers is " + std::to_string(nw));
        if (nw == 0 && f.worker != -1)
            fail(r.field("worker"), "with num_workers 0 there are no workers; use -1 (the main process)");
        f.at_batch = intKey(r, "faults.at_batch");
        const ConfigKey& epochKey = configKey("faults.epoch");
        f.epoch = int(r.integer("epoch", asInt(epochKey.number), asInt(epochKey.min), c.train.epochs - 1));
        const ConfigKey& kindKey = configKey("faults.kind");
        const std::string kind = r.string("kind", kindKey.text);
        if (kind.empty())
            fail(r.field("kind"), "missing: " + kindKey.choiceList());
        f.kind = Fault::Kind(choiceKey(r, "faults.kind", "fault kind"));
        if (nw == 0 && f.kind != Fault::Kind::Exception)
            fail(r.field("kind"), "with num_workers 0 the dataset runs in the engine's own process: "
                                  "only 'exception' can be injected there");
        c.faults.push_back(f);
    }
}


} // namespace

int64_t Config::datasetLength() const
{
    return dataset.kind == DatasetConfig::Kind::Files ? int64_t(dataset.files.size()) : dataset.length;
}

uint64_t Config::slotPayloadBytes() const
{
    return uint64_t(batchSize()) * uint64_t(dataset.sample_bytes);
}

/// parseConfig without its net for exhausted memory.

static Config parseConfigChecked(const std::string& jsonText);

Config parseConfig(const std::string& jsonText)
{
    try {
        return parseConfigChecked(jsonText);
    } catch (const std::bad_alloc&) {
        throw ConfigError("", "not enough memory to read the config");
    } catch (const std::length_error&) {
        throw ConfigError("", "the config is too large to read");
    }
}

static Config parseConfigChecked(const std::string& jsonText)
{
    json root;
    try {
        root = detail::parseStrictJson(jsonText, kMaxConfigBytes, kMaxConfigDepth);
    } catch (const json::parse_error& e) {
        // e.byte is 1-based; turn it into line:column for the user.
        size_t line = 1, col = 1;
        for (size_t i = 0; i + 1 < e.byte && i < jsonText.size(); ++i) {
            if (jsonText[i] == '\n') {
                ++line;
                col = 1;
            } else {
                ++col;
            }
        }
        std::string what = e.what();
        if (auto p = what.find("parse error"); p != std::string::npos)
            what = what.substr(p);
        throw ConfigError("", "invalid JSON at line " + std::to_string(line) + ", column " +
                                  std::to_string(col) + " (byte " + std::to_string(e.byte) + "): " + detail::clip(what, 300));
    } catch (const json::exception& e) {
        // e.g. a number too large for a double ("8e9999"): found by fuzzing
        std::string what = e.what();
        if (auto p = what.find("] "); p != std::string::npos)
            what = what.substr(p + 2);
        throw ConfigError("", "invalid JSON: " + detail::clip(what, 300));
    }
    ObjectReader top(root, "", {"seed", "dataset", "loader", "train", "device", "faults"}, kSectionOf);
    Config c;
    c.seed = uint64_t(intKey(top, "seed"));
    parseDataset(top.isSet("dataset") ? *top.find("dataset") : json::object(), c);
    parseLoader(top.isSet("loader") ? *top.find("loader") : json::object(), c);
    parseTrain(top.isSet("train") ? *top.find("train") : json::object(), c);
    parseDevice(top.isSet("device") ? *top.find("device") : json::object(), c);
    parseFaults(top.isSet("faults") ? *top.find("faults") : json(nullptr), c);

    const uint64_t slotBytes = c.slotPayloadBytes();
    if (slotBytes > (1ULL << 40))
        fail("loader.batch_size", "a batch of " + std::to_string(c.batchSize()) + " x " +
                                      std::to_string(c.dataset.sample_bytes) + " bytes is too large");
    // The limit holds for the text the run writes into its segment (every key, every sample's
    // value spelled out), not only for the file: a 981 KB file of slow samples rewrites past it.
    const size_t rewritten = configToJson(c).size();
    if (rewritten > kMaxConfigBytes)
        fail("", "the config is " + formatBytes(rewritten) + " once written out in full (every key and every "
                 "listed sample), more than the " + formatBytes(kMaxConfigBytes) + " a run can carry; list fewer samples");
    return c;
}

std::string loadConfigText(const std::string& path)
{
    // Bounded, and never waiting on a FIFO that nobody writes (base/input_file.h).
    std::string text, error;
    if (!readInputFile(path, kMaxConfigBytes, "config file", &text, &error))
        throw ConfigError("", detail::clip(error, 400));
    return text;
}

Config loadConfigFile(const std::string& path)
{
    return parseConfig(loadConfigText(path));
}


} // namespace loaderscope

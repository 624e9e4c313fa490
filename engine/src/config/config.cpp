// SPDX-License-Identifier: MIT
// Config parsing and validation. The DataLoader rules run in the order DataLoader.__init__ checks
// them (torch/utils/data/dataloader.py, DataLoader.__init__), after the engine's own type and key checks.
#include "loaderscope/config.h"

#include "json_reader.h"
#include "loaderscope/dataset_objects.h"
#include "loaderscope/shm_layout.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/statvfs.h>
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

constexpr int64_t kMaxWorkers = 64;            // one event ring and two task rings each
constexpr int64_t kMaxSampleBytes = 1LL << 30; // 1 GiB per sample
constexpr double kMaxLatencyUs = 60e6;         // one minute per sample
constexpr size_t kMaxConfigBytes = 1 << 20;    // 1 MiB: a config with every key is a few KiB
constexpr int kMaxConfigDepth = 32;            // the deepest real config nests 4 levels

Latency parseLatency(const ObjectReader& r, const std::string& key, Latency fallback)
{
    const json* v = r.find(key);
    if (!v || v->is_null())
        return fallback;
    Latency l;
    if (v->is_number()) {
        l.mean_us = r.number(key, 0, 0, kMaxLatencyUs);
        return l;
    }
    if (!v->is_object())
        fail(r.field(key), "expected a number of microseconds or {\"dist\": \"lognormal\", "
                           "\"mean\": ..., \"sigma\": ...}, got " +
                               detail::typeDescription(*v));
    ObjectReader d(*v, r.field(key), {"dist", "mean", "sigma"});
    const std::string dist = d.string("dist", "constant");
    if (dist == "lognormal")
        l.dist = Latency::Dist::Lognormal;
    else if (dist != "constant")
        fail(d.field("dist"), "unknown distribution '" + dist + "'; expected 'constant' or 'lognormal'");
    if (!d.isSet("mean"))
        fail(d.field("mean"), "missing: the mean latency in microseconds");
    l.mean_us = d.number("mean", 0, 0, kMaxLatencyUs);
    l.sigma = d.number("sigma", 0.5, 0, 5);
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
    const std::string kind = r.string("kind", "map");
    if (kind == "map")
        d.kind = DatasetConfig::Kind::Map;
    else if (kind == "iterable")
        d.kind = DatasetConfig::Kind::Iterable;
    else if (kind == "files")
        d.kind = DatasetConfig::Kind::Files;
    else
        fail(r.field("kind"), "unknown dataset kind '" + kind + "'; expected 'map', 'iterable' or 'files'");
    d.length = r.integer("length", d.length, 1, int64_t(1) << 40);
    d.sample_bytes = r.integer("sample_bytes", d.sample_bytes, 1, kMaxSampleBytes);
    d.io_latency = parseLatency(r, "io_latency_us", d.io_latency);
    d.cpu_us = r.number("cpu_us", 0, 0, kMaxLatencyUs);
    d.shard = r.boolean("shard", false);
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
            d.slow_samples.push_back({e.integer("index", 0, 0, int64_t(1) << 40),
                                      e.number("latency_us", 100000, 0, kMaxLatencyUs)});
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
    d.num_replicas = r.integer("num_replicas", 1, 1, 1 << 20);
    if (const json* k = r.find("rank"); k && k->is_number_integer()) {
        const int64_t rank = k->get<int64_t>();
        if (rank < 0 || rank >= d.num_replicas)
            fail(r.field("rank"), "Invalid rank " + std::to_string(rank) +
                                      ", rank should be in the interval [0, " +
                                      std::to_string(d.num_replicas - 1) + "]");
    }
    d.rank = r.integer("rank", 0, 0, d.num_replicas - 1);
    d.seed = uint64_t(r.integer("seed", 0, 0, INT64_MAX));
    d.epoch = r.integer("epoch", 0, 0, int64_t(1) << 31);
    d.shuffle = r.boolean("shuffle", true);
    d.drop_last = r.boolean("drop_last", false);
    return d;
}

void parseLoader(const json& j, Config& c)
{
    ObjectReader r(j, "loader",
                   {"batch_size", "shuffle", "drop_last", "sampler", "num_workers", "prefetch_factor",
                    "persistent_workers", "pin_memory", "in_order", "timeout",
                    "multiprocessing_context", "worker_init_us"},
                   kSectionOf);
    LoaderConfig& l = c.loader;
    const bool iterable = c.dataset.kind == DatasetConfig::Kind::Iterable;

    // 1-2. num_workers and timeout must be non-negative.
    if (const json* v = r.find("num_workers"); v && v->is_number_integer() && v->get<int64_t>() < 0)
        fail(r.field("num_workers"), "num_workers option should be non-negative; use num_workers=0 "
                                     "to disable multiprocessing.");
    l.num_workers = int(r.integer("num_workers", l.num_workers, 0, kMaxWorkers));
    if (const json* v = r.find("timeout"); v && v->is_number() && v->get<double>() < 0)
        fail(r.field("timeout"), "timeout option should be non-negative");
    l.timeout_s = r.number("timeout", 0, 0, 86400);

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
        l.prefetch_factor = int(r.integer("prefetch_factor", 2, 1, 1024));
    } else {
        l.prefetch_factor = l.num_workers > 0 ? 2 : 0;
    }

    // 4. persistent workers need workers.
    l.persistent_workers = r.boolean("persistent_workers", false);
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
        if (m == "fork")
            l.start_method = StartMethod::Fork;
        else if (m == "spawn")
            l.start_method = StartMethod::Spawn;
        else
            fail(r.field("multiprocessing_context"),
                 "multiprocessing_context option should specify a valid start method in "
                 "['fork', 'spawn'], but got multiprocessing_context='" + m + "'" +
                     (m == "forkserver" ? " (this engine models fork and spawn only)" : ""));
    }

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
    l.shuffle = r.boolean("shuffle", false);

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
        l.batch_size = r.integer("batch_size", 32, 1, 1 << 20);
    }
    if (dl && !dl->is_null() && !dl->is_boolean())
        fail(r.field("drop_last"), "drop_last should be a boolean value, but got drop_last=" +
                                       pythonRepr(*dl));
    l.drop_last = r.boolean("drop_last", false);

    // Iterator-creation checks, reported here so that a bad run never starts.
    if (l.timeout_s > 0 && l.num_workers == 0)
        fail(r.field("timeout"), "timeout must be 0 when num_workers is 0 (DataLoader asserts this "
                                 "when the single-process iterator is created)");

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
    l.in_order = r.boolean("in_order", true);
    l.worker_init_us = r.number("worker_init_us", 0, 0, kMaxLatencyUs);

    // 13. check_worker_number_rationality: a warning, never an error.
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

void parseTrain(const json& j, Config& c)
{
    ObjectReader r(j, "train",
                   {"epochs", "max_batches", "step_us", "non_blocking", "copy_stream", "on_exception"},
                   kSectionOf);
    TrainConfig& t = c.train;
    t.epochs = int(r.integer("epochs", 1, 1, 10000));
    if (r.isSet("max_batches"))
        t.max_batches = r.integer("max_batches", 1, 1, int64_t(1) << 40);
    t.step_us = r.number("step_us", t.step_us, 0, kMaxLatencyUs);
    t.non_blocking = r.boolean("non_blocking", true);
    t.copy_stream = r.boolean("copy_stream", true);
    const std::string onException = r.string("on_exception", "stop");
    if (onException == "continue")
        t.continue_on_exception = true;
    else if (onException != "stop")
        fail(r.field("on_exception"), "expected 'stop' or 'continue', got '" + onException + "'");
}

void parseDevice(const json& j, Config& c)
{
    ObjectReader r(j, "device", {"backend", "h2d_gbps_pinned", "h2d_gbps_pageable"}, kSectionOf);
    DeviceConfig& d = c.device;
    const std::string backend = r.string("backend", "auto");
    if (backend == "auto")
        d.backend = DeviceConfig::Backend::Auto;
    else if (backend == "cuda")
        d.backend = DeviceConfig::Backend::Cuda;
    else if (backend == "sim")
        d.backend = DeviceConfig::Backend::Sim;
    else
        fail(r.field("backend"), "unknown backend '" + backend + "'; expected 'auto', 'cuda' or 'sim'");
    d.h2d_gbps_pinned = r.number("h2d_gbps_pinned", d.h2d_gbps_pinned, 0.001, 10000);
    d.h2d_gbps_pageable = r.number("h2d_gbps_pageable", d.h2d_gbps_pageable, 0.001, 10000);
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
        f.worker = int(r.integer("worker", nw > 0 ? 0 : -1, -1, kMaxWorkers));
        if (nw > 0 && (f.worker < 0 || f.worker >= nw))
            fail(r.field("worker"), "worker " + std::to_string(f.worker) +
                                        " does not exist: num_workers is " + std::to_string(nw));
        if (nw == 0 && f.worker != -1)
            fail(r.field("worker"), "with num_workers 0 there are no workers; use -1 (the main process)");
        f.at_batch = r.integer("at_batch", 0, 0, int64_t(1) << 40);
        f.epoch = int(r.integer("epoch", 0, 0, c.train.epochs - 1));
        const std::string kind = r.string("kind", "");
        if (kind == "crash")
            f.kind = Fault::Kind::Crash;
        else if (kind == "hang")
            f.kind = Fault::Kind::Hang;
        else if (kind == "exception")
            f.kind = Fault::Kind::Exception;
        else if (kind == "exit")
            f.kind = Fault::Kind::Exit;
        else
            fail(r.field("kind"), kind.empty() ? "missing: 'crash', 'hang', 'exception' or 'exit'"
                                               : "unknown fault kind '" + kind +
                                                     "'; expected 'crash', 'hang', 'exception' or 'exit'");
        if (nw == 0 && f.kind != Fault::Kind::Exception)
            fail(r.field("kind"), "with num_workers 0 the dataset runs in the engine's own process: "
                                  "only 'exception' can be injected there");
        c.faults.push_back(f);
    }
}

std::string humanBytes(uint64_t b)
{
    std::ostringstream os;
    os.precision(1);
    os << std::fixed;
    if (b >= (1ULL << 30))
        os << double(b) / double(1ULL << 30) << " GiB";
    else
        os << double(b) / double(1ULL << 20) << " MiB";
    return os.str();
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

namespace {

/**
 * The deepest nesting of objects and arrays, outside strings and comments, and where it passes
 * `limit` (the JSON parser is recursive: 10^5 nested '[' would overflow the stack). -1 when not.
 */
int64_t nestingBeyond(const std::string& text, int limit)
{
    int depth = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            for (++i; i < text.size() && text[i] != '"'; ++i)
                if (text[i] == '\\')
                    ++i;
        } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            while (i < text.size() && text[i] != '\n')
                ++i;
        } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            const size_t end = text.find("*/", i + 2);
            i = end == std::string::npos ? text.size() : end + 1;
        } else if (c == '[' || c == '{') {
            if (++depth > limit)
                return int64_t(i);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return -1;
}

json parseJson(const std::string& jsonText)
{
    if (jsonText.size() > kMaxConfigBytes)
        fail("", "the config is " + std::to_string(jsonText.size()) + " bytes; a config is at most " +
                     std::to_string(kMaxConfigBytes) + " bytes");
    if (const int64_t at = nestingBeyond(jsonText, kMaxConfigDepth); at >= 0)
        fail("", "the config nests objects and arrays deeper than " + std::to_string(kMaxConfigDepth) +
                     " levels (at byte " + std::to_string(at) + ")");
    // Duplicate keys: JSON parsers keep the last one silently (64 workers started where the user
    // saw 4). A stack of the keys seen in each open object, and the path for the message.
    struct Level
    {
        std::vector<std::string> keys;
        std::string name;
    };
    std::vector<Level> levels;
    std::string lastKey;
    auto callback = [&](int, json::parse_event_t event, json& parsed) {
        switch (event) {
        case json::parse_event_t::object_start:
            levels.push_back({{}, lastKey});
            lastKey.clear();
            break;
        case json::parse_event_t::object_end:
            if (!levels.empty())
                levels.pop_back();
            break;
        case json::parse_event_t::array_start:
            levels.push_back({{}, lastKey + "[]"});
            lastKey.clear();
            break;
        case json::parse_event_t::array_end:
            if (!levels.empty())
                levels.pop_back();
            break;
        case json::parse_event_t::key: {
            const std::string key = parsed.is_string() ? parsed.get<std::string>() : std::string();
            if (!levels.empty()) {
                auto& keys = levels.back().keys;
                if (std::find(keys.begin(), keys.end(), key) != keys.end()) {
                    std::string path;
                    for (const Level& l : levels)
                        if (!l.name.empty())
                            path += (path.empty() ? "" : ".") + l.name;
                    path += (path.empty() ? "" : ".") + key;
                    fail(path, "this key appears twice; JSON keeps only the last one, so which value is meant is "
                               "ambiguous: remove one");
                }
                keys.push_back(key);
            }
            lastKey = key;
            break;
        }
        case json::parse_event_t::value:
            lastKey.clear();
            break;
        }
        return true;
    };
    return json::parse(jsonText, callback, true, /*ignore_comments=*/true);
}

} // namespace

/// parseConfig without its net for exhausted memory.
static Config parseConfigChecked(const std::string& jsonText, bool checkShm);

Config parseConfig(const std::string& jsonText, bool checkShm)
{
    try {
        return parseConfigChecked(jsonText, checkShm);
    } catch (const std::bad_alloc&) {
        throw ConfigError("", "not enough memory to read the config");
    } catch (const std::length_error&) {
        throw ConfigError("", "the config is too large to read");
    }
}

static Config parseConfigChecked(const std::string& jsonText, bool checkShm)
{
    json root;
    try {
        root = parseJson(jsonText);
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
    c.seed = uint64_t(top.integer("seed", 0, 0, INT64_MAX));
    parseDataset(top.isSet("dataset") ? *top.find("dataset") : json::object(), c);
    parseLoader(top.isSet("loader") ? *top.find("loader") : json::object(), c);
    parseTrain(top.isSet("train") ? *top.find("train") : json::object(), c);
    parseDevice(top.isSet("device") ? *top.find("device") : json::object(), c);
    parseFaults(top.isSet("faults") ? *top.find("faults") : json(nullptr), c);

    // The engine's own rule: the whole segment (slots, rings) must fit in free /dev/shm, checked
    // before anything is created (a sparse segment on a full tmpfs would SIGBUS a worker).
    const uint64_t slotBytes = c.slotPayloadBytes();
    if (slotBytes > (1ULL << 40))
        fail("loader.batch_size", "a batch of " + std::to_string(c.batchSize()) + " x " +
                                      std::to_string(c.dataset.sample_bytes) + " bytes is too large");
    const ShmLayout layout = ShmLayout::forConfig(c, configToJson(c).size());
    const uint64_t freeBytes = checkShm ? shmFreeBytes() : 0;
    if (checkShm && layout.total_bytes > freeBytes) {
        fail("loader", "the run needs " + humanBytes(layout.total_bytes) + " of /dev/shm (" +
                           std::to_string(layout.num_slots) + " batch slots of " +
                           humanBytes(layout.slot_stride) + ": num_workers x prefetch_factor + " +
                           std::to_string(ShmLayout::kConsumerSlots) + ", plus event rings) but only " +
                           humanBytes(freeBytes) + " is free; lower num_workers, prefetch_factor, "
                           "batch_size or sample_bytes, or enlarge /dev/shm");
    }
    return c;
}

std::string loadConfigText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ConfigError("", "cannot open config file '" + detail::clip(path, 200) + "': " + std::strerror(errno));
    std::string text;
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, size_t(in.gcount()));
        if (text.size() > kMaxConfigBytes)
            throw ConfigError("", "config file '" + detail::clip(path, 200) + "' is larger than " +
                                      std::to_string(kMaxConfigBytes) + " bytes");
    }
    if (in.bad())
        throw ConfigError("", "cannot read config file '" + detail::clip(path, 200) + "': " + std::strerror(errno));
    return text;
}

Config loadConfigFile(const std::string& path)
{
    return parseConfig(loadConfigText(path));
}

uint64_t shmFreeBytes()
{
    struct statvfs s {};
    if (statvfs("/dev/shm", &s) != 0)
        return 0;
    return uint64_t(s.f_bavail) * uint64_t(s.f_frsize);
}

std::string configToJson(const Config& c)
{
    json j;
    j["seed"] = c.seed;
    json& d = j["dataset"];
    const char* kinds[] = {"map", "iterable", "files"};
    d["kind"] = kinds[int(c.dataset.kind)];
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
    l["pin_memory"] = c.loader.pin_memory == PinMemory::Shared ? json("shared")
                                                               : json(c.loader.pin_memory == PinMemory::On);
    l["in_order"] = c.loader.in_order;
    l["timeout"] = c.loader.timeout_s;
    l["multiprocessing_context"] =
        mp ? json(c.loader.start_method == StartMethod::Fork ? "fork" : "spawn") : json(nullptr);
    l["worker_init_us"] = c.loader.worker_init_us;
    json& t = j["train"];
    t["epochs"] = c.train.epochs;
    t["max_batches"] = c.train.max_batches ? json(*c.train.max_batches) : json(nullptr);
    t["step_us"] = c.train.step_us;
    t["non_blocking"] = c.train.non_blocking;
    t["copy_stream"] = c.train.copy_stream;
    t["on_exception"] = c.train.continue_on_exception ? "continue" : "stop";
    const char* backends[] = {"auto", "cuda", "sim"};
    j["device"] = {{"backend", backends[int(c.device.backend)]},
                   {"h2d_gbps_pinned", c.device.h2d_gbps_pinned},
                   {"h2d_gbps_pageable", c.device.h2d_gbps_pageable}};
    json faults = json::array();
    const char* fk[] = {"crash", "hang", "exception", "exit"};
    for (const auto& f : c.faults)
        faults.push_back({{"worker", f.worker}, {"at_batch", f.at_batch}, {"epoch", f.epoch},
                          {"kind", fk[int(f.kind)]}});
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

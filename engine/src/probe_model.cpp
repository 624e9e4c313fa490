// SPDX-License-Identifier: MIT
#include "loaderscope/probe_model.h"

#include "json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>

namespace loaderscope {

using detail::json;
using detail::ObjectReader;

namespace {

constexpr double kUs = 1e-3; // ns -> us

/** Arithmetic mean of all values; sigma of the log of those above `floorUs` (log of ~0 is noise). */
LognormalFit fitLognormal(const std::vector<double>& us, double floorUs)
{
    LognormalFit f;
    f.n = int64_t(us.size());
    if (us.empty())
        return f;
    double sum = 0, lsum = 0, lsq = 0;
    int64_t ln = 0;
    for (double v : us) {
        sum += v;
        if (v > floorUs) {
            const double l = std::log(v);
            lsum += l;
            lsq += l * l;
            ++ln;
        }
    }
    f.mean_us = sum / double(us.size());
    if (ln > 1) {
        const double m = lsum / double(ln);
        f.sigma = std::sqrt(std::max(0.0, lsq / double(ln) - m * m));
    }
    return f;
}

double mean(const std::vector<double>& v)
{
    double s = 0;
    for (double x : v)
        s += x;
    return v.empty() ? 0.0 : s / double(v.size());
}

/** One batch as its maker (a worker, or the main process) recorded it. */
struct BatchRecord
{
    std::vector<std::pair<double, int64_t>> fetches; ///< (wall us, samples covered)
    double collate_us = 0;
    int64_t collate_samples = -1;
};

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

void observeTimings(const std::vector<Event>& events, LoaderObservation& obs)
{
    bool workerFetches = false;
    for (const Event& e : events)
        if (e.kind == EventKind::Fetch && e.lane >= 0) {
            workerFetches = true;
            break;
        }
    auto maker = [&](const Event& e) { return workerFetches ? e.lane >= 0 : e.lane == LaneMain; };

    // Each lane's events are in the order its single writer wrote them: a batch's fetches and
    // collate come before its BatchCost, which closes it.
    std::map<int, BatchRecord> open;
    std::vector<double> fetchWall, io;
    double cpuSum = 0, rqSum = 0, collateSum = 0;
    int64_t samplesCosted = 0, batches = 0;
    std::vector<double> steps, inits, readyNext;
    uint64_t epochBegin = 0;
    int64_t readyBefore = 0;
    for (const Event& e : events) {
        const double dur = double(e.t1 - e.t0) * kUs;
        switch (e.kind) {
        case EventKind::Fetch:
            if (maker(e))
                open[e.lane].fetches.emplace_back(dur, std::max<int64_t>(1, e.arg1));
            break;
        case EventKind::Collate:
            if (maker(e)) {
                open[e.lane].collate_us += dur;
                open[e.lane].collate_samples = e.arg0;
            }
            break;
        case EventKind::BatchCost: {
            if (!maker(e))
                break;
            BatchRecord b = std::move(open[e.lane]);
            open.erase(e.lane);
            int64_t n = b.collate_samples;
            if (n <= 0) {
                n = 0;
                for (const auto& f : b.fetches)
                    n += f.second;
            }
            if (n <= 0)
                break; // an empty batch (the end of an iterable dataset)
            const double cpu = double(e.arg0) * kUs, rq = double(e.arg1) * kUs;
            // Collate is CPU work: its wall time (at most the batch's CPU) is not fetch CPU.
            const double fetchCpu = std::max(0.0, cpu - std::min(cpu, b.collate_us)) / double(n);
            const double rqPer = rq / double(n);
            for (const auto& [wall, covered] : b.fetches) {
                const double perSample = wall / double(covered);
                fetchWall.push_back(perSample);
                io.push_back(std::max(0.0, perSample - fetchCpu - rqPer));
            }
            cpuSum += cpu;
            rqSum += rq;
            collateSum += b.collate_us;
            samplesCosted += n;
            ++batches;
            break;
        }
        case EventKind::Step:
            if (e.lane == LaneMain && e.batch >= 0)
                steps.push_back(dur);
            break;
        case EventKind::QueueDepth:
            if (e.lane == LaneMain)
                readyBefore = e.arg0;
            break;
        case EventKind::WaitData:
            // next() with a batch already waiting: what it costs the main process to take one
            // (unpickling, shared-memory handles), with no waiting in it.
            if (e.lane == LaneMain && e.batch >= 0 && readyBefore > 0)
                readyNext.push_back(dur);
            if (e.lane == LaneMain)
                readyBefore = 0;
            break;
        case EventKind::EpochBegin:
            if (e.lane == LaneMain)
                epochBegin = e.t0;
            break;
        case EventKind::WorkerInit:
            // From iter(loader) to this worker ready to fetch: process start, the job's imports
            // in a spawned worker, worker_init_fn, the fetcher. The engine pays its own (small)
            // process start on top of worker_init_us.
            if (epochBegin && e.t1 > epochBegin)
                inits.push_back(double(e.t1 - epochBegin) * kUs);
            break;
        default:
            break;
        }
    }
    obs.fetch_us = fitLognormal(fetchWall, 1.0);
    obs.io_us = fitLognormal(io, 1.0);
    obs.cpu_us_per_sample = samplesCosted ? cpuSum / double(samplesCosted) : 0;
    obs.run_queue_us_per_sample = samplesCosted ? rqSum / double(samplesCosted) : 0;
    obs.collate_us_per_batch = batches ? collateSum / double(batches) : 0;
    obs.batches_costed = batches;
    obs.steps = int64_t(steps.size());
    obs.step_us = mean(steps);
    obs.next_ready_us = mean(readyNext);
    obs.next_ready_n = int64_t(readyNext.size());
    obs.worker_init_us = mean(inits);
}

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
    j["next_ready_us"] = {{"mean", o.next_ready_us}, {"n", o.next_ready_n}};
    j["steps"] = o.steps;
    j["worker_init_us"] = o.worker_init_us;
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
                    "drop_last", "shuffle", "sampler", "timeout_s", "start_method", "dataset_kind", "dataset_length",
                    "epochs", "samples_per_epoch", "sample_bytes", "fetch_us", "io_us", "cpu_us_per_sample",
                    "run_queue_us_per_sample", "collate_us_per_batch", "step_us", "steps", "next_ready_us",
                    "worker_init_us", "batches_costed"});
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
    o.batches_costed = r.integer("batches_costed", 0, 0, int64_t(1) << 50);
    return o;
}

Config fitConfig(const LoaderObservation& o)
{
    Config c;
    DatasetConfig& d = c.dataset;
    d.kind = o.iterable ? DatasetConfig::Kind::Iterable : DatasetConfig::Kind::Map;
    d.shard = o.iterable; // a real iterable dataset split by worker id (else workers duplicate it)
    const int64_t perEpoch = std::max<int64_t>(1, o.samples_per_epoch);
    d.length = o.iterable || !o.dataset_length || *o.dataset_length < 1 ? perEpoch : *o.dataset_length;
    d.sample_bytes = std::clamp<int64_t>(o.sample_bytes, 1, int64_t(1) << 30);
    // Off-CPU time per sample: lognormal when it varies, a constant when it is (nearly) none.
    if (o.io_us.mean_us >= 2.0 && o.io_us.sigma > 0.05)
        d.io_latency = {Latency::Dist::Lognormal, o.io_us.mean_us, std::min(o.io_us.sigma, 5.0)};
    else
        d.io_latency = {Latency::Dist::Constant, std::max(0.0, o.io_us.mean_us), 0.0};
    d.cpu_us = std::max(0.0, o.cpu_us_per_sample);

    LoaderConfig& l = c.loader;
    l.batch_size = o.batch_size;
    l.shuffle = !o.iterable && !o.sampler && o.shuffle;
    l.drop_last = o.drop_last;
    if (o.sampler && !o.iterable)
        l.sampler = o.sampler;
    l.num_workers = std::clamp(o.num_workers, 0, 64);
    l.prefetch_factor = std::max(1, o.prefetch_factor);
    l.persistent_workers = o.persistent_workers && l.num_workers > 0;
    l.pin_memory = o.pin_memory ? PinMemory::On : PinMemory::Off;
    l.in_order = o.in_order;
    l.timeout_s = l.num_workers > 0 ? o.timeout_s : 0.0;
    l.start_method = o.start_method == "spawn" || o.start_method == "forkserver" ? StartMethod::Spawn : StartMethod::Fork;
    l.worker_init_us = std::max(0.0, o.worker_init_us);

    c.train.epochs = std::max(1, o.epochs);
    c.train.step_us = std::max(0.0, o.step_us);
    c.device.backend = DeviceConfig::Backend::Sim;
    return c;
}

} // namespace loaderscope

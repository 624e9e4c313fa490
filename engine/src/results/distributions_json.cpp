// SPDX-License-Identifier: MIT
#include "distributions_json.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace loaderscope {

namespace {

using json = nlohmann::ordered_json;

constexpr size_t kMaxBins = 8192;         ///< more than a histogram can have (64 per power of two)
constexpr size_t kMaxWorkerEntries = 1024;
constexpr uint64_t kMaxCount = 1ULL << 53; ///< exact in a JSON number
constexpr size_t kMaxSlowSamples = 1000;
constexpr size_t kMaxFileName = 4096; ///< PATH_MAX: a file name read back, at most

double seconds(uint64_t ns)
{
    return double(ns) / 1e9; // the nearest double to the ns count's seconds (no 1e-9 residue)
}

/// One histogram: the count, p50/p90/p99/p99.9 and the largest (seconds), and its bins
/// ([lowest ns of the bucket, count], the non-empty ones) from which it is read back whole.
void putHistogram(json& j, const LatencyHistogram& h)
{
    j["count"] = h.count();
    j["p50_s"] = seconds(h.quantileNs(0.50));
    j["p90_s"] = seconds(h.quantileNs(0.90));
    j["p99_s"] = seconds(h.quantileNs(0.99));
    j["p999_s"] = seconds(h.quantileNs(0.999));
    j["max_s"] = seconds(h.maxNs());
    json bins = json::array();
    for (const auto& [low, n] : h.bins())
        bins.push_back(json::array({low, n}));
    j["bins"] = bins;
}

uint64_t nsFromSeconds(const json& j, const char* key);

/// A histogram read back from putHistogram's object (bounded; malformed bins left out).
LatencyHistogram histogramFrom(const json& j)
{
    std::vector<std::pair<uint64_t, uint64_t>> bins;
    if (j.contains("bins") && j["bins"].is_array() && j["bins"].size() <= kMaxBins)
        for (const json& b : j["bins"])
            if (b.is_array() && b.size() == 2 && b[0].is_number_unsigned() && b[1].is_number_unsigned() &&
                b[1].get<uint64_t>() <= kMaxCount)
                bins.emplace_back(b[0].get<uint64_t>(), b[1].get<uint64_t>());
    return LatencyHistogram::fromBins(bins, nsFromSeconds(j, "max_s"));
}

uint64_t nsFromSeconds(const json& j, const char* key)
{
    if (!j.contains(key) || !j[key].is_number())
        return 0;
    const double s = j[key].get<double>();
    return s > 0 && s < 1e9 ? uint64_t(std::llround(s * 1e9)) : 0;
}

} // namespace

json distributionsJson(const std::vector<StageDistribution>& stages)
{
    json out = json::array();
    for (const StageDistribution& sd : stages) {
        json j;
        j["stage"] = sd.stage;
        putHistogram(j, sd.all);
        json workers = json::array();
        for (const auto& [worker, h] : sd.workers) {
            json w;
            w["worker"] = worker;
            putHistogram(w, h);
            workers.push_back(w);
        }
        j["workers"] = workers;
        out.push_back(j);
    }
    return out;
}

std::vector<StageDistribution> distributionsFrom(const json& j)
{
    std::vector<StageDistribution> out;
    if (!j.is_array())
        return out;
    for (const json& e : j) {
        if (!e.is_object() || !e.contains("stage") || !e["stage"].is_string())
            continue;
        const std::string stage = e["stage"].get<std::string>();
        const auto& names = distributionStages();
        if (std::none_of(names.begin(), names.end(), [&](const char* n) { return stage == n; }) ||
            std::any_of(out.begin(), out.end(), [&](const StageDistribution& s) { return s.stage == stage; }))
            continue; // an unknown stage (a newer build's), or one given twice
        StageDistribution sd;
        sd.stage = stage;
        sd.all = histogramFrom(e);
        if (e.contains("workers") && e["workers"].is_array() && e["workers"].size() <= kMaxWorkerEntries)
            for (const json& w : e["workers"])
                if (w.is_object() && w.contains("worker") && w["worker"].is_number_integer()) {
                    const int64_t id = w["worker"].get<int64_t>();
                    if (id >= -1 && id < int64_t(kMaxWorkerEntries))
                        sd.workers[int(id)] = histogramFrom(w);
                }
        out.push_back(std::move(sd));
    }
    return out;
}

json slowSamplesJson(const std::vector<SlowFetch>& samples, uint64_t fetchMedianNs, uint64_t waitMedianNs)
{
    json out = json::array();
    for (const SlowFetch& s : samples) {
        json j;
        j["sample"] = s.sample;
        j["worker"] = s.worker;
        if (s.rank >= 0)
            j["rank"] = s.rank;
        j["epoch"] = s.epoch;
        j["batch"] = s.batch;
        j["t0_ns"] = s.t0;
        j["duration_s"] = seconds(s.ns);
        j["times_median"] = fetchMedianNs ? json(std::round(timesMedian(s, fetchMedianNs) * 10) / 10) : json(nullptr);
        // What it cost the loop (null: its batch's wait was not seen). A wait seen without a
        // head-of-line span had none.
        const bool seen = s.wait_ns >= 0;
        j["batch_wait_s"] = seen ? json(seconds(uint64_t(s.wait_ns))) : json(nullptr);
        j["head_of_line_s"] = seen ? json(seconds(uint64_t(std::max<int64_t>(0, s.hol_ns)))) : json(nullptr);
        j["stall_added_s"] = seen ? json(seconds(stallAddedNs(s, waitMedianNs))) : json(nullptr);
        if (!s.file.empty())
            j["file"] = s.file;
        out.push_back(j);
    }
    return out;
}

std::vector<SlowFetch> slowSamplesFrom(const json& j)
{
    std::vector<SlowFetch> out;
    if (!j.is_array() || j.size() > kMaxSlowSamples)
        return out;
    auto integer = [](const json& o, const char* key, int64_t lo, int64_t hi, int64_t& v) {
        if (!o.contains(key) || !o[key].is_number_integer())
            return false;
        v = o[key].get<int64_t>();
        return v >= lo && v <= hi;
    };
    for (const json& e : j) {
        if (!e.is_object())
            continue;
        SlowFetch s;
        int64_t worker = 0, epoch = 0;
        if (!integer(e, "sample", INT64_MIN, INT64_MAX, s.sample) || !integer(e, "worker", -1, 1 << 20, worker) ||
            !integer(e, "epoch", -1, INT32_MAX, epoch) || !integer(e, "batch", -1, INT64_MAX, s.batch))
            continue;
        s.worker = int(worker);
        s.epoch = int(epoch);
        if (int64_t rank = -1; integer(e, "rank", 0, INT32_MAX, rank))
            s.rank = int(rank);
        s.t0 = e.contains("t0_ns") && e["t0_ns"].is_number_unsigned() ? e["t0_ns"].get<uint64_t>() : 0;
        s.ns = nsFromSeconds(e, "duration_s");
        if (e.contains("file") && e["file"].is_string() && e["file"].get_ref<const std::string&>().size() <= kMaxFileName)
            s.file = e["file"].get<std::string>();
        if (e.contains("batch_wait_s") && e["batch_wait_s"].is_number() && e["batch_wait_s"].get<double>() >= 0) {
            s.wait_ns = int64_t(nsFromSeconds(e, "batch_wait_s"));
            s.hol_ns = e.contains("head_of_line_s") && e["head_of_line_s"].is_number() ? int64_t(nsFromSeconds(e, "head_of_line_s")) : 0;
        }
        out.push_back(s);
    }
    return out;
}

nlohmann::ordered_json repeatingJson(const std::vector<RepeatingSlowdown>& slowdowns)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const RepeatingSlowdown& r : slowdowns) {
        nlohmann::ordered_json x;
        x["kind"] = r.kind;
        x["period_steps"] = r.period_steps;
        x["occurrences"] = r.occurrences;
        x["first_step"] = r.first_step;
        x["added_s"] = r.added_s;
        x["added_s_each"] = r.added_s_each;
        x["part"] = r.part;
        out.push_back(x);
    }
    return out;
}

std::vector<RepeatingSlowdown> repeatingFrom(const nlohmann::ordered_json& j)
{
    std::vector<RepeatingSlowdown> out;
    if (!j.is_array())
        return out;
    for (const auto& x : j) {
        if (out.size() >= 8)
            break;
        if (!x.is_object() || !x.contains("kind") || !x["kind"].is_string())
            continue;
        RepeatingSlowdown r;
        r.kind = x["kind"].get<std::string>();
        if (r.kind != "every_n_steps" && r.kind != "epoch_start")
            continue;
        const auto num = [&](const char* key) { return x.contains(key) && x[key].is_number() ? x[key].get<double>() : 0.0; };
        r.period_steps = int64_t(num("period_steps"));
        r.occurrences = int64_t(num("occurrences"));
        r.first_step = int64_t(num("first_step"));
        r.added_s = num("added_s");
        r.added_s_each = num("added_s_each");
        r.part = x.contains("part") && x["part"].is_string() && x["part"] == "step" ? "step" : "wait";
        out.push_back(r);
    }
    return out;
}

} // namespace loaderscope

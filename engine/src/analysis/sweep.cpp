// SPDX-License-Identifier: MIT
#include "loaderscope/analysis/sweep.h"
#include "loaderscope/base/temp_dir.h"

#include "loaderscope/config/config.h"
#include "loaderscope/shm/shm_layout.h"
#include "loaderscope/config/config_schema.h"
#include "loaderscope/analysis/advice.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace loaderscope {

namespace {

using nlohmann::json;

json toJson(const KnobValue& v)
{
    return v.isNone() ? json(nullptr) : json::parse(v.json());
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n") == std::string::npos)
        return s;
    std::string q = "\"";
    for (char c : s)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

void setPath(json& root, const std::string& path, const json& value)
{
    json* node = &root;
    size_t start = 0;
    for (;;) {
        const size_t dot = path.find('.', start);
        const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (dot == std::string::npos) {
            (*node)[key] = value;
            return;
        }
        if (!(*node)[key].is_object())
            (*node)[key] = json::object();
        node = &(*node)[key];
        start = dot + 1;
    }
}

bool writeText(const std::string& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    return bool(out.flush());
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

/// Runs `engine run --config C --summary S --die-with-parent`; the exit code, or 128+signal.
int runChild(const std::string& engine, const std::string& config, const std::string& summary,
             const std::atomic<bool>* stop)
{
    const std::string parent = std::to_string(getpid());
    const char* argv[] = {engine.c_str(), "run", "--config", config.c_str(), "--summary", summary.c_str(),
                          "--die-with-parent", parent.c_str(), nullptr};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int err = posix_spawn(&pid, engine.c_str(), &fa, nullptr, const_cast<char**>(argv), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (err != 0)
        throw std::runtime_error("cannot start " + engine + ": " + std::strerror(err));
    int status = 0;
    bool termSent = false;
    for (;;) {
        const pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR)
            return -1;
        if (stop && stop->load() && !termSent) {
            kill(pid, SIGTERM); // the engine shuts its workers down in order
            termSent = true;
        }
        usleep(5000);
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

} // namespace

namespace {

/// The values the app offers to try for a knob: the numbers given, else every value the config
/// schema accepts (a choice's, in the schema's order; a flag's, its default first).
std::string triedValues(const char* path, const char* numbers)
{
    const ConfigKey& key = configKey(path); // throws for a path the schema lacks: caught by the tests
    if (numbers)
        return numbers;
    if (key.type == ConfigKey::Type::Bool)
        return key.flag() ? "true,false" : "false,true";
    std::string list;
    for (const std::string& c : key.choices)
        list += (list.empty() ? "" : ",") + c;
    return list;
}

} // namespace

const std::vector<SweepKnobInfo>& sweepKnobs()
{
    // The paths the sweep varies (the advice's knobs among them) and the numbers to try; the rest
    // of what a knob is -- its type, default and choices -- is the config schema's.
    static const std::pair<const char*, const char*> kKnobs[] = {
        {"loader.num_workers", "0,1,2,4,8"},
        {"loader.prefetch_factor", "1,2,4"},
        {"loader.batch_size", "8,32,128"},
        {"loader.pin_memory", nullptr},
        {"loader.persistent_workers", nullptr},
        {"loader.multiprocessing_context", nullptr},
        {"loader.in_order", nullptr},
        {"train.non_blocking", nullptr},
        {"train.copy_stream", nullptr},
    };
    static const std::vector<std::string> values = [] {
        std::vector<std::string> v;
        for (const auto& [path, numbers] : kKnobs)
            v.push_back(triedValues(path, numbers));
        return v;
    }();
    static const std::vector<SweepKnobInfo> knobs = [] {
        std::vector<SweepKnobInfo> k;
        for (size_t i = 0; i < std::size(kKnobs); ++i)
            k.push_back({kKnobs[i].first, values[i].c_str()});
        return k;
    }();
    return knobs;
}

std::string canonicalKnob(const std::string& name)
{
    for (const SweepKnobInfo& k : sweepKnobs()) {
        const std::string path = k.path;
        if (name == path || name == path.substr(path.find('.') + 1))
            return path;
    }
    return {};
}

KnobValue parseKnobValue(const std::string& s)
{
    if (s == "true" || s == "True")
        return KnobValue::of(true);
    if (s == "false" || s == "False")
        return KnobValue::of(false);
    if (s == "null" || s == "None" || s.empty())
        return {};
    char* end = nullptr;
    const double d = std::strtod(s.c_str(), &end);
    if (end && *end == '\0' && std::isfinite(d))
        return KnobValue::of(d);
    std::string text = s;
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
        text = text.substr(1, text.size() - 2);
    return KnobValue::of(text);
}

std::vector<KnobValue> parseKnobValues(const std::string& commaSeparated)
{
    std::vector<KnobValue> out;
    std::stringstream ss(commaSeparated);
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty())
            out.push_back(parseKnobValue(item));
    return out;
}

std::string dropWorkerOnlyKeys(const std::string& configJson)
{
    return applyKnobs(configJson, {});
}

std::string applyKnobs(const std::string& configJson, const std::vector<std::pair<std::string, KnobValue>>& knobs)
{
    json cfg = json::parse(configJson, nullptr, false, true);
    if (!cfg.is_object())
        throw std::runtime_error("the configuration is not a JSON object");
    bool explicitKey[4] = {};
    static const char* workerOnly[] = {"prefetch_factor", "multiprocessing_context", "persistent_workers", "timeout"};
    for (const auto& [path, value] : knobs) {
        setPath(cfg, path, toJson(value));
        for (int i = 0; i < 4; ++i)
            explicitKey[i] = explicitKey[i] || path == std::string("loader.") + workerOnly[i];
    }
    // DataLoader refuses these with num_workers 0: a sweep over num_workers drops them there.
    if (cfg.contains("loader") && cfg["loader"].is_object() && cfg["loader"].value("num_workers", 4) == 0)
        for (int i = 0; i < 4; ++i)
            if (!explicitKey[i])
                cfg["loader"].erase(workerOnly[i]);
    return cfg.dump();
}

namespace {

/// Every combination of the knobs' values, the first knob varying slowest.
std::vector<std::vector<KnobValue>> combinations(const std::vector<SweepKnob>& knobs)
{
    std::vector<std::vector<KnobValue>> combos{{}};
    for (const SweepKnob& knob : knobs) {
        std::vector<std::vector<KnobValue>> next;
        for (const auto& c : combos)
            for (const KnobValue& v : knob.values) {
                auto n = c;
                n.push_back(v);
                next.push_back(n);
            }
        combos = std::move(next);
    }
    return combos;
}

/// One row: the base configuration with `values` set, checked, then run by the engine through the
/// files `cpath` and `spath` in the sweep's private folder. Throws when the config cannot be written.
SweepRow runCombination(const SweepOptions& o, const std::string& base, const std::vector<KnobValue>& values,
                        const std::string& cpath, const std::string& spath, const std::atomic<bool>* stop)
{
    SweepRow row;
    row.values = values;
    std::vector<std::pair<std::string, KnobValue>> set;
    for (size_t k = 0; k < o.knobs.size(); ++k)
        set.emplace_back(o.knobs[k].path, values[k]);
    const std::string cfg = applyKnobs(base, set);
    try {
        parseRunConfig(cfg);
    } catch (const ConfigError& e) {
        row.error = e.what();
        row.exit_code = 2;
    }
    if (row.error.empty()) {
        if (!writeText(cpath, cfg))
            throw std::runtime_error("cannot write " + cpath + ": " + std::strerror(errno));
        std::remove(spath.c_str());
        row.exit_code = runChild(o.engine, cpath, spath, stop);
        try {
            row.summary = parseRunSummary(readText(spath));
        } catch (const std::exception&) {
        }
        if (row.exit_code != 0) {
            row.error = row.summary && !row.summary->errors.empty() ? row.summary->errors.front()
                                                                    : "engine exit " + std::to_string(row.exit_code);
            if (row.exit_code != 0 && !(row.summary && row.summary->figures.batches > 0))
                row.summary.reset();
        }
    }
    return row;
}

/// Folds one run of a combination into its row: the run's samples/s joins the repeats, the first
/// failure is kept, and the summary is the median run's (summaries[k] holds each run's).
void addRun(SweepRow& row, std::vector<std::pair<double, RunSummary>>& summaries, const SweepRow& run)
{
    if (run.exit_code != 0 && row.exit_code == 0) {
        row.exit_code = run.exit_code;
        row.error = run.error;
    }
    if (run.exit_code == 0 && run.summary) {
        row.runs.push_back(run.summary->figures.samples_per_s);
        summaries.emplace_back(run.summary->figures.samples_per_s, *run.summary);
    }
    if (row.exit_code != 0) { // a failed repeat fails the row, its summary (if any) kept as run() kept it
        row.summary = run.exit_code != 0 ? run.summary : row.summary;
        return;
    }
    std::vector<std::pair<double, RunSummary>> sorted = summaries;
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    if (!sorted.empty())
        row.summary = sorted[(sorted.size() - 1) / 2].second; // the lower middle for an even count
}

/// The best row (highest median), the row with the configuration's own values, whether the best
/// is confirmed beyond the spread, and the knobs whose best value is at an end of their range.
void markBest(SweepResult& result, const SweepOptions& o)
{
    double bestRate = -1;
    for (size_t i = 0; i < result.rows.size(); ++i) {
        const SweepRow& row = result.rows[i];
        if (row.exit_code == 0 && row.summary && row.spread().median > bestRate) {
            bestRate = row.spread().median;
            result.best = int(i);
        }
    }
    if (result.best < 0)
        return;
    SweepRow& best = result.rows[size_t(result.best)];
    best.best = true;
    try {
        const LoaderKnobs now = LoaderKnobs::fromConfig(parseConfig(o.baseConfigJson));
        for (size_t i = 0; i < result.rows.size() && result.current < 0; ++i) {
            bool same = true;
            for (size_t k = 0; k < o.knobs.size(); ++k)
                same = same && result.rows[i].values[k] == now.value(o.knobs[k].path);
            if (same)
                result.current = int(i);
        }
    } catch (const std::exception&) {
    }
    if (result.current >= 0) {
        result.confirmed = result.current != result.best && clearlyAbove(best.spread(), result.rows[size_t(result.current)].spread());
    } else {
        result.confirmed = result.rows.size() >= 2;
        for (size_t i = 0; i < result.rows.size(); ++i)
            if (int(i) != result.best && result.rows[i].exit_code == 0 && !clearlyAbove(best.spread(), result.rows[i].spread()))
                result.confirmed = false;
    }
    // A peak at the end of a numeric range may lie beyond it.
    for (size_t k = 0; k < o.knobs.size(); ++k) {
        const auto& values = o.knobs[k].values;
        const KnobValue& v = best.values[k];
        if (values.size() >= 3 && v.type == KnobValue::Type::Number && (v == values.front() || v == values.back()))
            result.best_at_edge.push_back(o.knobs[k].path);
    }
}

} // namespace

SweepResult runSweep(const SweepOptions& o,
                     const std::function<void(size_t, size_t, const SweepRow&)>& progress,
                     const std::atomic<bool>* stop)
{
    SweepResult result;
    result.knobs = o.knobs;
    result.batches = o.batches;
    result.repeats = std::max(1, o.repeats);
    std::vector<std::pair<std::string, KnobValue>> fixed = {{"train.max_batches", KnobValue::of(double(o.batches))}};
    if (o.singleEpoch)
        fixed.push_back({"train.epochs", KnobValue::of(1.0)});
    const std::string base = applyKnobs(o.baseConfigJson, fixed);

    const std::vector<std::vector<KnobValue>> combos = combinations(o.knobs);
    const size_t total = combos.size() * size_t(result.repeats);
    const std::string dir = privateTempDir("sweep");
    const std::string cpath = dir + "/config.json", spath = dir + "/summary.json";
    std::vector<SweepRow> rows(combos.size());
    std::vector<std::vector<std::pair<double, RunSummary>>> summaries(combos.size());
    size_t done = 0;
    try {
        // Rounds: every combination once, then again, so drifting load is shared by all of them.
        for (int round = 0; round < result.repeats && !(stop && stop->load()); ++round)
            for (size_t i = 0; i < combos.size() && !(stop && stop->load()); ++i) {
                const SweepRow run = runCombination(o, base, combos[i], cpath, spath, stop);
                rows[i].values = run.values;
                addRun(rows[i], summaries[i], run);
                ++done;
                if (progress)
                    progress(done, total, run);
            }
    } catch (...) {
        removePrivateTempDir(dir);
        throw;
    }
    removePrivateTempDir(dir);
    for (SweepRow& row : rows)
        if (!row.values.empty()) // combinations a stop left unrun are not rows
            result.rows.push_back(std::move(row));
    result.complete = done == total;
    markBest(result, o);
    return result;
}

std::string sweepJson(const SweepResult& r)
{
    json j;
    j["knobs"] = json::array();
    for (const SweepKnob& k : r.knobs)
        j["knobs"].push_back(k.path.substr(k.path.find('.') + 1));
    j["knob_paths"] = json::array();
    for (const SweepKnob& k : r.knobs)
        j["knob_paths"].push_back(k.path);
    j["batches"] = r.batches;
    j["results"] = json::array();
    for (const SweepRow& row : r.rows) {
        json o;
        for (size_t k = 0; k < r.knobs.size(); ++k)
            o[r.knobs[k].path.substr(r.knobs[k].path.find('.') + 1)] = toJson(row.values[k]);
        const bool ok = row.exit_code == 0 && row.summary;
        const RunFigures* f = row.summary ? &row.summary->figures : nullptr;
        const Spread sp = row.spread();
        o["samples_per_s"] = ok ? json(sp.median) : json(nullptr);
        o["samples_per_s_min"] = ok ? json(sp.min) : json(nullptr);
        o["samples_per_s_max"] = ok ? json(sp.max) : json(nullptr);
        o["runs"] = row.runs;
        o["data_stall_fraction"] = ok ? json(f->data_stall_fraction) : json(nullptr);
        o["gpu_busy_fraction"] = ok ? json(f->gpu_busy_fraction) : json(nullptr);
        o["first_batch_s"] = ok && f->first_batch_s ? json(*f->first_batch_s) : json(nullptr);
        o["verdict"] = ok ? row.summary->verdict : std::string();
        o["exit_code"] = row.exit_code;
        o["error"] = row.error;
        o["best"] = row.best;
        j["results"].push_back(o);
    }
    j["repeats"] = r.repeats;
    j["best"] = r.best;
    j["current"] = r.current;
    j["confirmed"] = r.confirmed;
    j["complete"] = r.complete;
    j["best_at_edge"] = r.best_at_edge;
    return j.dump(2) + "\n";
}

SweepResult parseSweepJson(const std::string& text)
{
    const json j = json::parse(text, nullptr, false);
    if (!j.is_object() || !j.contains("results") || !j["results"].is_array() || !j.contains("knobs") || !j["knobs"].is_array())
        throw std::runtime_error("not a sweep result");
    SweepResult r;
    r.batches = j.value("batches", 0);
    r.repeats = j.value("repeats", 1);
    r.best = j.value("best", -1);
    r.current = j.value("current", -1);
    r.confirmed = j.value("confirmed", false);
    r.complete = j.value("complete", false);
    if (j.contains("best_at_edge") && j["best_at_edge"].is_array())
        for (const json& k : j["best_at_edge"])
            if (k.is_string())
                r.best_at_edge.push_back(k.get<std::string>());
    std::vector<std::string> names;
    for (const json& k : j["knobs"]) {
        const std::string name = k.is_string() ? k.get<std::string>() : std::string();
        names.push_back(name);
        r.knobs.push_back({canonicalKnob(name).empty() ? name : canonicalKnob(name), {}});
    }
    for (const json& o : j["results"]) {
        if (!o.is_object())
            continue;
        SweepRow row;
        for (size_t k = 0; k < names.size(); ++k) {
            const json v = o.value(names[k], json());
            row.values.push_back(v.is_null() ? KnobValue() : parseKnobValue(v.is_string() ? v.get<std::string>() : v.dump()));
            if (std::find(r.knobs[k].values.begin(), r.knobs[k].values.end(), row.values.back()) == r.knobs[k].values.end())
                r.knobs[k].values.push_back(row.values.back());
        }
        row.exit_code = o.value("exit_code", 0);
        row.error = o.value("error", std::string());
        row.best = o.value("best", false);
        if (o.contains("runs") && o["runs"].is_array())
            for (const json& rate : o["runs"])
                if (rate.is_number())
                    row.runs.push_back(rate.get<double>());
        if (o.contains("samples_per_s") && o["samples_per_s"].is_number()) {
            if (row.runs.empty()) // an older file: one run
                row.runs.push_back(o["samples_per_s"].get<double>());
            RunSummary s;
            s.figures.samples_per_s = o["samples_per_s"].get<double>();
            s.figures.data_stall_fraction = o.value("data_stall_fraction", 0.0);
            s.figures.gpu_busy_fraction = o.value("gpu_busy_fraction", 0.0);
            if (o.contains("first_batch_s") && o["first_batch_s"].is_number())
                s.figures.first_batch_s = o["first_batch_s"].get<double>();
            s.verdict = o.value("verdict", std::string());
            row.summary = s;
        }
        r.rows.push_back(row);
    }
    return r;
}

std::string sweepCsv(const SweepResult& r)
{
    std::ostringstream f;
    for (const SweepKnob& k : r.knobs)
        f << k.path.substr(k.path.find('.') + 1) << ",";
    f << "samples_per_s,samples_per_s_min,samples_per_s_max,data_stall_fraction,gpu_busy_fraction,first_batch_s,verdict,exit_code,error,best\n";
    for (const SweepRow& row : r.rows) {
        for (const KnobValue& v : row.values)
            f << csvField(v.type == KnobValue::Type::String ? v.text : v.json()) << ",";
        const bool ok = row.exit_code == 0 && row.summary;
        if (ok) {
            const RunFigures& fig = row.summary->figures;
            const Spread sp = row.spread();
            f << json(sp.median).dump() << "," << json(sp.min).dump() << "," << json(sp.max).dump() << ","
              << json(fig.data_stall_fraction).dump() << ","
              << json(fig.gpu_busy_fraction).dump() << ","
              << (fig.first_batch_s ? json(*fig.first_batch_s).dump() : std::string()) << ",";
        } else {
            f << ",,,,,,";
        }
        f << csvField(ok ? row.summary->verdict : std::string()) << "," << row.exit_code << ","
          << csvField(row.error) << "," << (row.best ? "best" : "") << "\n";
    }
    return f.str();
}

} // namespace loaderscope

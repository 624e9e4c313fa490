// SPDX-License-Identifier: MIT
// loaderscope-engine sweep: run every combination of one or two knobs for a fixed number of
// batches, each as its own engine process (started with posix_spawn: no shell), and write the
// figures as CSV or JSON with the best combination marked. Progress lines go to stderr.
#include "commands.h"

#include "loaderscope/config.h"

#include <nlohmann/json.hpp>

#include <csignal>
#include <fcntl.h>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace loaderscope::cli {

namespace {

using nlohmann::json;

const char* kKnobs[] = {"num_workers", "prefetch_factor", "batch_size", "pin_memory", "persistent_workers",
                        "multiprocessing_context", "in_order"};

json parseValue(const std::string& s)
{
    if (s == "true" || s == "True")
        return true;
    if (s == "false" || s == "False")
        return false;
    if (s == "null" || s == "None")
        return nullptr;
    char* end = nullptr;
    const long long i = std::strtoll(s.c_str(), &end, 10);
    if (end && *end == '\0' && !s.empty())
        return i;
    return s;
}

std::vector<std::string> split(const std::string& s, char sep)
{
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, sep))
        if (!item.empty())
            out.push_back(item);
    return out;
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

/// Runs `self run --config C --summary S`; returns the exit code (or 128+signal).
int runChild(const std::string& self, const std::string& config, const std::string& summary, pid_t* childOut)
{
    const char* argv[] = {self.c_str(), "run", "--config", config.c_str(), "--summary", summary.c_str(), nullptr};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    const int err = posix_spawn(&pid, self.c_str(), &fa, nullptr, const_cast<char**>(argv), environ);
    posix_spawn_file_actions_destroy(&fa);
    if (err != 0)
        return -1;
    *childOut = pid;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    *childOut = 0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

volatile sig_atomic_t g_stop = 0;
pid_t g_child = 0;

void onStop(int)
{
    g_stop = 1;
    if (g_child > 0)
        kill(g_child, SIGTERM); // the running engine shuts its workers down in order
}

} // namespace

int sweepCommand(const Options& options, const std::string& self)
{
    std::string configPath, out;
    int batches = 50;
    std::vector<std::pair<std::string, std::vector<json>>> knobs;
    for (const auto& [k, v] : options) {
        if (k == "config")
            configPath = v;
        else if (k == "out")
            out = v;
        else if (k == "batches")
            batches = std::max(1, std::atoi(v.c_str()));
        else if (k == "vary") {
            const auto eq = v.find('=');
            const std::string knob = v.substr(0, eq);
            bool known = false;
            for (const char* name : kKnobs)
                known = known || knob == name;
            if (eq == std::string::npos || !known) {
                std::cerr << "loaderscope-engine: --vary takes KNOB=V1,V2,... with KNOB one of num_workers, "
                             "prefetch_factor, batch_size, pin_memory, persistent_workers, multiprocessing_context, in_order\n";
                return 2;
            }
            std::vector<json> values;
            for (const auto& s : split(v.substr(eq + 1), ','))
                values.push_back(parseValue(s));
            if (values.empty()) {
                std::cerr << "loaderscope-engine: --vary " << knob << " has no values\n";
                return 2;
            }
            knobs.emplace_back(knob, values);
        } else {
            std::cerr << "loaderscope-engine: unknown option --" << k << " for 'sweep'\n";
            return 2;
        }
    }
    if (configPath.empty() || knobs.empty() || knobs.size() > 2 || out.empty()) {
        std::cerr << "loaderscope-engine: sweep needs --config FILE, one or two --vary KNOB=V1,V2,... and --out FILE.csv|.json\n";
        return 2;
    }
    json base;
    try {
        base = json::parse(std::ifstream(configPath), nullptr, true, true);
        parseConfig(base.dump()); // the base itself must be valid
    } catch (const std::exception& e) {
        std::cerr << "loaderscope-engine: invalid config: " << e.what() << "\n";
        return 2;
    }
    base["train"]["max_batches"] = batches;
    base["train"]["epochs"] = 1;

    // Every combination, in order (the first knob varies slowest).
    std::vector<std::vector<json>> combos{{}};
    for (const auto& [knob, values] : knobs) {
        std::vector<std::vector<json>> next;
        for (const auto& c : combos)
            for (const auto& v : values) {
                auto n = c;
                n.push_back(v);
                next.push_back(n);
            }
        combos = next;
    }
    char dir[] = "/tmp/loaderscope-sweep-XXXXXX";
    if (!mkdtemp(dir)) {
        std::cerr << "loaderscope-engine: cannot make a temporary folder\n";
        return 3;
    }
    struct sigaction sa {};
    sa.sa_handler = onStop;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    json results = json::array();
    int best = -1;
    double bestRate = -1;
    for (size_t i = 0; i < combos.size() && !g_stop; ++i) {
        json cfg = base;
        json row;
        std::string label;
        for (size_t k = 0; k < knobs.size(); ++k) {
            cfg["loader"][knobs[k].first] = combos[i][k];
            row[knobs[k].first] = combos[i][k];
            label += (k ? " " : "") + knobs[k].first + "=" + combos[i][k].dump();
        }
        // Keys that only apply with workers follow num_workers 0, as the app writes them.
        if (cfg["loader"].value("num_workers", 4) == 0)
            for (const char* key : {"prefetch_factor", "multiprocessing_context", "persistent_workers", "timeout"})
                if (cfg["loader"].contains(key) && !row.contains(key))
                    cfg["loader"].erase(key);
        const std::string cpath = std::string(dir) + "/config.json", spath = std::string(dir) + "/summary.json";
        std::ofstream(cpath) << cfg.dump();
        std::remove(spath.c_str());
        std::string error;
        try {
            parseConfig(cfg.dump());
        } catch (const ConfigError& e) {
            error = e.what();
        }
        int rc = 2;
        json summary;
        if (error.empty()) {
            rc = runChild(self, cpath, spath, &g_child);
            std::ifstream s(spath);
            summary = json::parse(s, nullptr, false);
            if (rc != 0 && summary.is_object() && !summary["errors"].empty())
                error = summary["errors"][0].get<std::string>();
            else if (rc != 0)
                error = "engine exit " + std::to_string(rc);
        }
        const bool ok = rc == 0 && summary.is_object();
        row["samples_per_s"] = ok ? summary["samples_per_s"] : json(nullptr);
        row["data_stall_fraction"] = ok ? summary["data_stall_fraction"] : json(nullptr);
        row["gpu_busy_fraction"] = ok ? summary["gpu_busy_fraction"] : json(nullptr);
        row["first_batch_s"] = ok ? summary["first_batch_s"] : json(nullptr);
        row["verdict"] = ok ? summary["verdict"] : json("");
        row["exit_code"] = rc;
        row["error"] = error;
        if (ok && summary["samples_per_s"].get<double>() > bestRate) {
            bestRate = summary["samples_per_s"].get<double>();
            best = int(i);
        }
        results.push_back(row);
        std::cerr << "progress " << (i + 1) << "/" << combos.size() << " " << label << " samples_per_s="
                  << (ok ? summary["samples_per_s"].dump() : std::string("-")) << (error.empty() ? "" : " error: " + error)
                  << std::endl;
    }
    std::remove((std::string(dir) + "/config.json").c_str());
    std::remove((std::string(dir) + "/summary.json").c_str());
    rmdir(dir);
    for (size_t i = 0; i < results.size(); ++i)
        results[i]["best"] = int(i) == best;

    std::ofstream f(out);
    if (out.size() >= 5 && out.compare(out.size() - 5, 5, ".json") == 0) {
        json j;
        j["knobs"] = json::array();
        for (const auto& [knob, values] : knobs)
            j["knobs"].push_back(knob);
        j["batches"] = batches;
        j["results"] = results;
        j["best"] = best;
        j["complete"] = results.size() == combos.size();
        f << j.dump(2) << "\n";
    } else {
        for (const auto& [knob, values] : knobs)
            f << knob << ",";
        f << "samples_per_s,data_stall_fraction,gpu_busy_fraction,first_batch_s,verdict,exit_code,error,best\n";
        for (const auto& r : results) {
            for (const auto& [knob, values] : knobs)
                f << csvField(r[knob].is_string() ? r[knob].get<std::string>() : r[knob].dump()) << ",";
            for (const char* key : {"samples_per_s", "data_stall_fraction", "gpu_busy_fraction", "first_batch_s"})
                f << (r[key].is_null() ? "" : r[key].dump()) << ",";
            f << csvField(r["verdict"].get<std::string>()) << "," << r["exit_code"].get<int>() << ","
              << csvField(r["error"].get<std::string>()) << "," << (r["best"].get<bool>() ? "best" : "") << "\n";
        }
    }
    if (!f) {
        std::cerr << "loaderscope-engine: cannot write '" << out << "'\n";
        return 3;
    }
    return g_stop ? 130 : 0;
}

} // namespace loaderscope::cli

// SPDX-License-Identifier: MIT
// loaderscope-engine sweep: every combination of one or two knobs, each run as its own engine
// process (engine_core's runSweep) --repeats times, written as CSV or JSON with the median and
// spread per combination and the best combination marked (confirmed only beyond the spread).
// Progress lines go to stderr ("progress I/N ..."), which the app's sweep dialog reads.
#include "commands.h"

#include "loaderscope/base/output_file.h"
#include "loaderscope/config/config.h"
#include "loaderscope/shm/shm_layout.h"
#include "loaderscope/analysis/sweep.h"

#include <csignal>
#include <cstring>
#include <fstream>
#include <iostream>

namespace loaderscope::cli {

namespace {

std::atomic<bool> g_stop{false};

void onStop(int)
{
    g_stop.store(true);
}

std::string knobList()
{
    std::string s;
    for (const SweepKnobInfo& k : sweepKnobs())
        s += (s.empty() ? "" : ", ") + std::string(k.path);
    return s;
}

} // namespace

void installSweepStopHandlers()
{
    struct sigaction sa {};
    sa.sa_handler = onStop;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGHUP, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
}

const std::atomic<bool>* sweepStopFlag()
{
    return &g_stop;
}

CLI::App* addSweepCommand(CLI::App& app, SweepArgs& a)
{
    CLI::App* c = app.add_subcommand(
        "sweep", "Run every combination of one or two knobs (" + knobList() +
                     "), each as its own engine run of N batches in one epoch, and write samples/s, data stall and "
                     "the best combination. Progress on stderr.");
    addConfigSource(c, a.config, true);
    c->add_option("--vary", a.vary, "A knob and its values, KNOB=V1,V2,...; once or twice.")
        ->type_name("KNOB=V1,V2")
        ->required()
        ->allow_extra_args(false) // one value per --vary
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    c->add_option("--out", a.out, "Where the results go: CSV, or JSON for a name ending in .json.")
        ->type_name("FILE.csv|.json")
        ->required();
    c->add_option("--batches", a.batches, "Batches per run (default 50).")
        ->type_name("N")
        ->check(CLI::Range(1, 1 << 24).description("")); // the help names it N
    c->add_option("--repeats", a.repeats,
                  "Runs per combination (default 3), taken in rounds: each row has the median samples/s and the "
                  "spread, and the best is confirmed only beyond the spread.")
        ->type_name("N")
        ->check(CLI::Range(1, 100).description(""));
    return c;
}

int sweepCommand(const SweepArgs& a, const std::string& self)
{
    SweepOptions o;
    o.engine = self;
    o.batches = a.batches;
    o.repeats = a.repeats;
    const std::string& out = a.out;
    if (a.vary.size() > 2)
        return usageError("sweep", "sweep takes one or two --vary KNOB=V1,V2,...");
    for (const std::string& v : a.vary) {
        const auto eq = v.find('=');
        const std::string knob = eq == std::string::npos ? std::string() : canonicalKnob(v.substr(0, eq));
        if (knob.empty())
            return usageError("sweep", "--vary takes KNOB=V1,V2,... with KNOB one of " + knobList());
        SweepKnob sk{knob, parseKnobValues(v.substr(eq + 1))};
        if (sk.values.empty())
            return usageError("sweep", "--vary " + knob + " has no values");
        o.knobs.push_back(sk);
    }
    if (const std::string why = checkOutputPath(out); !why.empty())
        return usageError("sweep", why);
    try {
        o.baseConfigJson = configText(a.config); // within kMaxConfigBytes, as everywhere
        parseRunConfig(o.baseConfigJson);           // the base itself must be valid
    } catch (const ConfigError& e) {
        std::cerr << "loaderscope-engine: invalid config: " << e.what() << "\n";
        return kExitUsage;
    }
    installSweepStopHandlers();
    SweepResult result;
    try {
        result = runSweep(
            o,
            [&](size_t done, size_t total, const SweepRow& row) {
                std::string label;
                for (size_t k = 0; k < o.knobs.size(); ++k)
                    label += (k ? " " : "") + o.knobs[k].path.substr(o.knobs[k].path.find('.') + 1) + "=" + row.values[k].json();
                std::cerr << "progress " << done << "/" << total << " " << label << " samples_per_s="
                          << (row.summary && row.exit_code == 0 ? std::to_string(row.summary->figures.samples_per_s) : std::string("-"))
                          << (row.error.empty() ? "" : " error: " + row.error) << std::endl;
            },
            &g_stop);
    } catch (const std::exception& e) {
        std::cerr << "loaderscope-engine: " << e.what() << "\n";
        return kExitRuntime;
    }
    const bool json = out.size() >= 5 && out.compare(out.size() - 5, 5, ".json") == 0;
    std::string error;
    if (!writeOutputFile(out, json ? sweepJson(result) : sweepCsv(result), &error)) { // the output rule
        std::cerr << "loaderscope-engine: " << error << "\n";
        return kExitRuntime;
    }
    return g_stop.load() ? 130 : 0;
}

} // namespace loaderscope::cli

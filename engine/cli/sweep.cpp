// SPDX-License-Identifier: MIT
// loaderscope-engine sweep: every combination of one or two knobs, each run as its own engine
// process (engine_core's runSweep), written as CSV or JSON with the best combination marked.
// Progress lines go to stderr ("progress I/N ..."), which the app's sweep dialog reads.
#include "commands.h"

#include "loaderscope/output_file.h"
#include "loaderscope/config.h"
#include "loaderscope/sweep.h"

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

int sweepCommand(const Options& options, const std::string& self)
{
    SweepOptions o;
    o.engine = self;
    std::string configPath, out;
    for (const auto& [k, v] : options) {
        if (k == "config")
            configPath = v;
        else if (k == "out")
            out = v;
        else if (k == "batches")
            o.batches = std::max(1, std::atoi(v.c_str()));
        else if (k == "vary") {
            const auto eq = v.find('=');
            const std::string knob = canonicalKnob(v.substr(0, eq));
            if (eq == std::string::npos || knob.empty()) {
                std::cerr << "loaderscope-engine: --vary takes KNOB=V1,V2,... with KNOB one of " << knobList() << "\n";
                return 2;
            }
            SweepKnob sk{knob, parseKnobValues(v.substr(eq + 1))};
            if (sk.values.empty()) {
                std::cerr << "loaderscope-engine: --vary " << knob << " has no values\n";
                return 2;
            }
            o.knobs.push_back(sk);
        } else {
            std::cerr << "loaderscope-engine: unknown option --" << k << " for 'sweep'\n";
            return 2;
        }
    }
    if (configPath.empty() || o.knobs.empty() || o.knobs.size() > 2 || out.empty()) {
        std::cerr << "loaderscope-engine: sweep needs --config FILE, one or two --vary KNOB=V1,V2,... and --out FILE.csv|.json\n";
        return 2;
    }
    if (const std::string why = checkOutputPath(out); !why.empty()) {
        std::cerr << "loaderscope-engine: " << why << "\n";
        return 2;
    }
    try {
        o.baseConfigJson = loadConfigText(configPath); // within kMaxConfigBytes, as everywhere
        parseConfig(o.baseConfigJson); // the base itself must be valid
    } catch (const ConfigError& e) {
        std::cerr << "loaderscope-engine: invalid config: " << e.what() << "\n";
        return 2;
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
        return 3;
    }
    const bool json = out.size() >= 5 && out.compare(out.size() - 5, 5, ".json") == 0;
    std::string error;
    if (!writeOutputFile(out, json ? sweepJson(result) : sweepCsv(result), &error)) { // the output rule
        std::cerr << "loaderscope-engine: " << error << "\n";
        return 3;
    }
    return g_stop.load() ? 130 : 0;
}

} // namespace loaderscope::cli

// SPDX-License-Identifier: MIT
// loaderscope-engine advise: run the config (or take the run of --summary), then check each piece
// of advice that names a knob with a short measured sweep (the current value, the advised value,
// one beyond) before the user changes anything. Prints the run's summary with a `proof` on each
// such advice.
#include "commands.h"

#include "loaderscope/output_file.h"
#include "loaderscope/advice.h"
#include "loaderscope/config.h"
#include "loaderscope/sweep.h"

#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>

namespace loaderscope::cli {

namespace {

/// The options of `advise` into `configPath`, `summaryPath`, `out` and `batches`; false once a
/// usage error (an unknown option, no --config) was reported.
bool parseAdviseOptions(const Options& options, std::string& configPath, std::string& summaryPath, std::string& out,
                        int& batches)
{
    for (const auto& [k, v] : options) {
        if (k == "config")
            configPath = v;
        else if (k == "summary")
            summaryPath = v;
        else if (k == "out")
            out = v;
        else if (k == "batches")
            batches = std::max(5, std::atoi(v.c_str()));
        else {
            std::cerr << "loaderscope-engine: unknown option --" << k << " for 'advise'\n";
            return false;
        }
    }
    if (configPath.empty()) {
        std::cerr << "loaderscope-engine: advise needs --config FILE\n";
        return false;
    }
    if (const std::string why = out.empty() ? std::string() : checkOutputPath(out); !why.empty()) {
        std::cerr << "loaderscope-engine: " << why << "\n";
        return false;
    }
    return true;
}

/// Reads the config file into `base.baseConfigJson` (the sweeps' base) and parses it; false
/// once an invalid config was reported.
bool loadAdviseConfig(const std::string& configPath, SweepOptions& base, Config& config)
{
    try {
        base.baseConfigJson = loadConfigText(configPath); // within kMaxConfigBytes, as everywhere
        config = parseConfig(base.baseConfigJson);
    } catch (const ConfigError& e) {
        std::cerr << "loaderscope-engine: invalid config: " << e.what() << "\n";
        return false;
    }
    return true;
}

/// Sweeps the knob of `a` over `values` (progress on stderr, `done` of `total` runs) and puts
/// the measured proof on `a` when every value ran.
void proveAdvice(Advice& a, const std::vector<KnobValue>& values, const SweepOptions& base, size_t& done,
                 size_t total, const std::atomic<bool>* stop)
{
    SweepOptions o = base;
    o.knobs = {{a.knob, values}};
    const SweepResult r = runSweep(
        o,
        [&](size_t, size_t, const SweepRow& row) {
            std::cerr << "progress " << ++done << "/" << total << " " << a.id << " " << a.knob << "="
                      << row.values[0].json() << " samples_per_s="
                      << (row.summary && row.exit_code == 0 ? std::to_string(row.summary->figures.samples_per_s) : "-")
                      << std::endl;
        },
        stop);
    std::vector<std::pair<KnobValue, double>> measured;
    for (const SweepRow& row : r.rows)
        measured.emplace_back(row.values[0], row.summary && row.exit_code == 0 ? row.summary->figures.samples_per_s : 0.0);
    if (measured.size() == values.size())
        applyProof(a, measured);
}

/// Writes the summary text to stdout, or to `out` when given; false (said on stderr) when the
/// file could not be written.
bool writeAdvisedSummary(const std::string& out, const std::string& text)
{
    if (out.empty()) {
        std::cout << text << "\n";
    } else {
        std::string error;
        if (!writeOutputFile(out, text + "\n", &error)) { // the output rule (output_file.h)
            std::cerr << "loaderscope-engine: " << error << "\n";
            return false;
        }
    }
    return true;
}

/// --summary: the run whose advice is to be proven as it stands (its sentences and advised values
/// rest on its own figures, which the app shows next to them); empty optional once reported.
std::optional<RunSummary> loadGivenSummary(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) {
        std::cerr << "loaderscope-engine: cannot read " << path << "\n";
        return std::nullopt;
    }
    try {
        return parseRunSummary(text);
    } catch (const std::exception& e) {
        std::cerr << "loaderscope-engine: " << path << " is not a run summary: " << e.what() << "\n";
        return std::nullopt;
    }
}

/// 1. The run itself, as configured (at most `batches` per epoch): its summary and advice.
std::optional<RunSummary> runForAdvice(const SweepOptions& base, const std::atomic<bool>* stop)
{
    std::cerr << "progress 0/1 running the configuration" << std::endl;
    const SweepResult first = runSweep(base, {}, stop);
    if (first.rows.empty() || !first.rows[0].summary) {
        std::cerr << "loaderscope-engine: the run failed: "
                  << (first.rows.empty() ? std::string("stopped") : first.rows[0].error) << "\n";
        return std::nullopt;
    }
    return *first.rows[0].summary;
}

} // namespace

int adviseCommand(const Options& options, const std::string& self)
{
    std::string configPath, summaryPath, out;
    int batches = 200;
    if (!parseAdviseOptions(options, configPath, summaryPath, out, batches))
        return 2;
    SweepOptions base;
    base.engine = self;
    base.batches = batches;
    base.singleEpoch = false; // start-up advice needs the config's epochs
    Config config;
    if (!loadAdviseConfig(configPath, base, config))
        return 2;
    installSweepStopHandlers();
    const std::atomic<bool>* stop = sweepStopFlag();
    try {
        // 1. The advice to prove: the given run's (--summary), else a run of the configuration's.
        std::optional<RunSummary> given = summaryPath.empty() ? runForAdvice(base, stop) : loadGivenSummary(summaryPath);
        if (!given)
            return !summaryPath.empty() ? 2 : stop->load() ? 130 : 3;
        RunSummary summary = std::move(*given);
        const LoaderKnobs knobs = LoaderKnobs::fromConfig(config);
        // 2. Each piece of advice with a knob: a sweep of that knob around the advised value.
        size_t total = 1, done = 1;
        for (const Advice& a : summary.advice)
            total += proofValues(knobs, a).size() >= 2 ? proofValues(knobs, a).size() : 0;
        std::cerr << "progress " << done << "/" << total << " ran the configuration: "
                  << summary.figures.samples_per_s << " samples/s" << std::endl;
        for (Advice& a : summary.advice) {
            const std::vector<KnobValue> values = proofValues(knobs, a);
            if (values.size() < 2 || stop->load())
                continue;
            proveAdvice(a, values, base, done, total, stop);
        }
        if (!writeAdvisedSummary(out, runSummaryToJson(summary)))
            return 3;
    } catch (const std::exception& e) {
        std::cerr << "loaderscope-engine: " << e.what() << "\n";
        return 3;
    }
    return stop->load() ? 130 : 0;
}

} // namespace loaderscope::cli

// SPDX-License-Identifier: MIT
// loaderscope-engine advise: run the config (or take the run of --summary), then check each piece
// of advice that names a knob with a short measured sweep (the current value, the advised value,
// one beyond) before the user changes anything. Prints the run's summary with a `proof` on each
// such advice.
#include "commands.h"

#include "loaderscope/base/input_file.h"
#include "loaderscope/base/output_file.h"
#include "loaderscope/analysis/advice.h"
#include "loaderscope/config/config.h"
#include "loaderscope/shm/shm_layout.h"
#include "loaderscope/analysis/sweep.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>

namespace loaderscope::cli {

namespace {

/// Reads the configuration into `base.baseConfigJson` (the sweeps' base) and parses it; false
/// once an invalid config was reported.
bool loadAdviseConfig(const ConfigSource& source, SweepOptions& base, Config& config)
{
    try {
        base.baseConfigJson = configText(source); // within kMaxConfigBytes, as everywhere
        config = parseRunConfig(base.baseConfigJson);
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
    std::vector<std::pair<KnobValue, std::vector<double>>> measured;
    for (const SweepRow& row : r.rows)
        measured.emplace_back(row.values[0], row.exit_code == 0 ? row.runs : std::vector<double>{0.0});
    if (r.complete && measured.size() == values.size())
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
    // A summary is tens of kilobytes; 16 MiB bounds a device or a wrong file, and a FIFO nobody
    // writes is refused at once (base/input_file.h).
    std::string text, error;
    if (!readInputFile(path, uint64_t(16) << 20, "summary", &text, &error)) {
        std::cerr << "loaderscope-engine: " << error << "\n";
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
    SweepOptions once = base;
    once.repeats = 1; // the advice rests on one run, as an ordinary run's does
    const SweepResult first = runSweep(once, {}, stop);
    if (first.rows.empty() || !first.rows[0].summary) {
        std::cerr << "loaderscope-engine: the run failed: "
                  << (first.rows.empty() ? std::string("stopped") : first.rows[0].error) << "\n";
        return std::nullopt;
    }
    return *first.rows[0].summary;
}

} // namespace

CLI::App* addAdviseCommand(CLI::App& app, AdviseArgs& a)
{
    CLI::App* c = app.add_subcommand(
        "advise", "Run the configuration (at most N batches per epoch, default 200), then check each piece of advice "
                  "that names a knob with a short measured sweep (current value, advised value, one beyond). Writes "
                  "the summary with a \"proof\" on each such advice. Progress on stderr.");
    addConfigSource(c, a.config, true);
    c->add_option("--batches", a.batches, "At most N batches per epoch (default 200, at least 5).")
        ->type_name("N")
        ->check(CLI::Range(1, 1 << 24).description("")); // the help names it N
    c->add_option("--repeats", a.repeats,
                  "Runs per value tried (default 3): the proof compares medians and is confirmed only beyond the "
                  "spread of the runs.")
        ->type_name("N")
        ->check(CLI::Range(1, 100).description(""));
    c->add_option("--out", a.out, "Where the summary goes (else standard output).")->type_name("FILE.json");
    c->add_option("--summary", a.summary,
                  "Prove the advice of this run's summary as it stands, without a run of its own (the app's "
                  "Prove it passes the run it shows).")
        ->type_name("FILE");
    return c;
}

int adviseCommand(const AdviseArgs& args, const std::string& self)
{
    if (const std::string why = args.out.empty() ? std::string() : checkOutputPath(args.out); !why.empty())
        return usageError("advise", why);
    const std::string& out = args.out;
    SweepOptions base;
    base.engine = self;
    base.batches = std::max(5, args.batches);
    base.singleEpoch = false; // start-up advice needs the config's epochs
    base.repeats = std::max(1, args.repeats);
    Config config;
    if (!loadAdviseConfig(args.config, base, config))
        return kExitUsage;
    installSweepStopHandlers();
    const std::atomic<bool>* stop = sweepStopFlag();
    try {
        // 1. The advice to prove: the given run's (--summary), else a run of the configuration's.
        std::optional<RunSummary> given = args.summary.empty() ? runForAdvice(base, stop) : loadGivenSummary(args.summary);
        if (!given)
            return !args.summary.empty() ? kExitUsage : stop->load() ? 130 : kExitRuntime;
        RunSummary summary = std::move(*given);
        const LoaderKnobs knobs = LoaderKnobs::fromConfig(config);
        // 2. Each piece of advice with a knob: a sweep of that knob around the advised value.
        size_t total = 1, done = 1;
        for (const Advice& a : summary.advice)
            total += proofValues(knobs, a).size() >= 2 ? proofValues(knobs, a).size() * size_t(base.repeats) : 0;
        std::cerr << "progress " << done << "/" << total << " ran the configuration: "
                  << summary.figures.samples_per_s << " samples/s" << std::endl;
        for (Advice& a : summary.advice) {
            const std::vector<KnobValue> values = proofValues(knobs, a);
            if (values.size() < 2 || stop->load())
                continue;
            proveAdvice(a, values, base, done, total, stop);
        }
        if (!writeAdvisedSummary(out, runSummaryToJson(summary)))
            return kExitRuntime;
    } catch (const std::exception& e) {
        std::cerr << "loaderscope-engine: " << e.what() << "\n";
        return kExitRuntime;
    }
    return stop->load() ? 130 : 0;
}

} // namespace loaderscope::cli

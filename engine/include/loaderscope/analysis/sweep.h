// SPDX-License-Identifier: MIT
// Parameter sweeps: every combination of one or two knobs, each run as its own engine process for a
// fixed number of batches, with the best combination marked. One runner for the CLI's `sweep` and
// `advise` commands (the app's sweep dialog and "Prove it" run those commands).
#pragma once

#include "loaderscope/results/run_summary.h"
#include "loaderscope/results/spread.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace loaderscope {

/** A knob the sweep can vary: its config path and a default list of values for the app. */
struct SweepKnobInfo
{
    const char* path;      ///< "loader.num_workers"
    const char* defaults;  ///< "0,1,2,4,8"
};
/// Every knob the sweep understands (the advice's knobs among them), in the order the app lists them.
const std::vector<SweepKnobInfo>& sweepKnobs();
/// "num_workers" or "loader.num_workers" -> "loader.num_workers"; "" when the sweep does not know it.
std::string canonicalKnob(const std::string& name);
/// "true", "False", "4", "fork", "None" -> a KnobValue (None for null/None).
KnobValue parseKnobValue(const std::string& text);
/// Splits "1,2,4" into values.
std::vector<KnobValue> parseKnobValues(const std::string& commaSeparated);

/**
 * `configJson` with each (path, value) set, and the loader keys that apply only with workers
 * dropped when num_workers is 0 (as DataLoader refuses them there), unless set explicitly.
 * Throws std::runtime_error when the text is not a JSON object.
 */
std::string applyKnobs(const std::string& configJson, const std::vector<std::pair<std::string, KnobValue>>& knobs);
/// Drops prefetch_factor, persistent_workers, multiprocessing_context and timeout when
/// num_workers is 0 (the one place this rule lives; the app's config form uses it too).
std::string dropWorkerOnlyKeys(const std::string& configJson);

struct SweepKnob
{
    std::string path;
    std::vector<KnobValue> values;
};

struct SweepRow
{
    std::vector<KnobValue> values;        ///< one per knob
    /// The run whose samples/s is the median of the repeats (the run itself, measured once).
    std::optional<RunSummary> summary;
    std::vector<double> runs;             ///< samples/s of each repeat that finished, in the order run
    int exit_code = 0;                    ///< the first failed repeat's, else 0
    std::string error;
    bool best = false;

    Spread spread() const { return Spread::of(runs); }
};

struct SweepResult
{
    std::vector<SweepKnob> knobs;
    int batches = 0;
    std::vector<SweepRow> rows;
    int repeats = 1;                      ///< runs asked for per combination
    int best = -1;                        ///< index into rows of the highest median, -1 when no run finished
    /// The row with the configuration's own values, -1 when the sweep does not try them.
    int current = -1;
    /// The best row is faster beyond the spread (clearlyAbove) than the current row, or, without
    /// one, than every other row: only then is it worth applying.
    bool confirmed = false;
    bool complete = false;                ///< every run of every combination ran (not stopped)
    /// Knobs whose best value is the first or last of a numeric range: the peak may lie outside.
    std::vector<std::string> best_at_edge;
};

struct SweepOptions
{
    std::string engine;                   ///< path of loaderscope-engine (run as a child per combination)
    std::string baseConfigJson;           ///< must be valid
    std::vector<SweepKnob> knobs;         ///< one or two
    int batches = 50;                     ///< train.max_batches of every run
    bool singleEpoch = true;              ///< train.epochs = 1 (advise keeps the config's epochs)
    /// Runs per combination, taken in rounds (every combination once, then again), so that a
    /// machine whose load drifts spreads it over all of them rather than biasing one.
    int repeats = 1;
};

/**
 * Runs every combination (the first knob varies slowest) `repeats` times, in rounds. Each row
 * holds the median run's summary and every repeat's samples/s; `best` is the highest median.
 * `progress(done, total, row)` is called after each run (total = combinations x repeats; `row`
 * holds that one run); `stop` (may be null) is polled between runs and stops the running child (SIGTERM).
 * Children die with the calling thread's process (PR_SET_PDEATHSIG). Temporary files live in a
 * private directory (see privateTempDir) removed at the end. Throws std::runtime_error when the
 * directory or a child cannot be made.
 */
SweepResult runSweep(const SweepOptions& options,
                     const std::function<void(size_t done, size_t total, const SweepRow& row)>& progress,
                     const std::atomic<bool>* stop);

std::string sweepCsv(const SweepResult& result);
std::string sweepJson(const SweepResult& result);
/// Reads what sweepJson wrote (rows keep their figures in a summary of their own). Throws
/// std::runtime_error on anything else.
SweepResult parseSweepJson(const std::string& text);

} // namespace loaderscope

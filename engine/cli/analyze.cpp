// SPDX-License-Identifier: MIT
// loaderscope-engine analyze: the loader verdict of PyTorch profiler traces, or of recordings
// (the engine's or the probe's --events), one per rank.
#include "commands.h"

#include "loaderscope/results/figure_text.h"
#include "loaderscope/base/output_file.h"
#include "loaderscope/outputs/own_trace.h"
#include "loaderscope/analysis/profiler_import.h"
#include "loaderscope/analysis/ranks.h"
#include "loaderscope/analysis/recording_digest.h"
#include "loaderscope/outputs/summary.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <functional>
#include <iostream>
#include <optional>

namespace loaderscope::cli {

namespace {

bool writeJson(const nlohmann::json& j, const std::string& out)
{
    if (out.empty()) {
        std::cout << j.dump(2) << "\n";
        return true;
    }
    // The output rule (output_file.h): never renamed over a device, FIFO or socket.
    std::string error;
    if (!writeOutputFile(out, j.dump(2) + "\n", &error)) {
        std::cerr << "loaderscope-engine: " << error << "\n";
        return false;
    }
    return true;
}

/// The JSON object of one rank's recording (or of one of our own Chrome traces, read back into its
/// recording's events): the run's figures, from the code of the run's summary.
nlohmann::json digestJson(const RecordingDigest& d, int rank)
{
    const RunFigures& f = d.figures;
    nlohmann::json r = {{"file", d.path}, {"rank", rank},
                        {"source", d.source == 1 ? "pytorch" : "engine"}, {"events", d.events},
                        {"num_workers", d.num_workers}, {"batches", f.batches}, {"samples", f.samples},
                        {"loop_s", f.seconds}, {"samples_per_s", f.samples_per_s},
                        {"data_stall_fraction", f.data_stall_fraction}, {"gpu_busy_fraction", f.gpu_busy_fraction},
                        {"verdict", runVerdict(f)}, {"truncated", d.shortfall.truncated},
                        {"stopped_at", nullptr}, {"events_lost", d.events_lost}, {"batches_unseen", 0}};
    if (d.events_lost > 0) {
        // A saved stream that could not send everything: its figures are partial, and say so.
        RunSummary partial;
        partial.figures = f;
        partial.events_lost = int64_t(d.events_lost);
        noteLostEvents(partial);
        const int64_t unseen = partial.batches_unseen;
        r["batches_unseen"] = unseen;
        std::cerr << "loaderscope-engine: " << d.path << ": partial: " << d.events_lost << " events were lost; "
                  << f.batches << " of at least " << (f.batches + unseen) << " batches seen\n";
    }
    if (d.shortfall.truncated) {
        r["stopped_at"] = d.shortfall.stoppedAt;
        r["warning"] = describeShortfall(d.shortfall);
        std::cerr << "loaderscope-engine: " << d.path << ": " << describeShortfall(d.shortfall) << "\n";
    }
    if (!d.damage.empty()) {
        r["warning"] = d.damage;
        std::cerr << "loaderscope-engine: " << d.path << ": " << d.damage << "\n";
    }
    return r;
}

/// The straggler among the ranks' JSON objects (their data_stall_fraction, where measured).
void addStraggler(nlohmann::json& j)
{
    std::vector<double> stalls;
    std::vector<size_t> measured;
    for (size_t i = 0; i < j["ranks"].size(); ++i)
        if (const nlohmann::json& f = j["ranks"][i]["data_stall_fraction"]; f.is_number()) {
            stalls.push_back(f.get<double>());
            measured.push_back(i);
        }
    const Straggler s = findStraggler(stalls);
    const nlohmann::json* rank = s.index >= 0 ? &j["ranks"][measured[size_t(s.index)]]["rank"] : nullptr;
    j["straggler"] = rank ? *rank : nlohmann::json(nullptr);
    j["straggler_data_stall_fraction"] = rank ? nlohmann::json(s.stall) : nlohmann::json(nullptr);
    j["others_median_data_stall_fraction"] = rank ? nlohmann::json(s.others) : nlohmann::json(nullptr);
    j["straggler_reason"] = rank ? stragglerReason(rank->get<int>(), s) : std::string();
}

/**
 * One rank's figures from the file at `path` (the `i`th given, unless its name says its rank),
 * digested by `digest` (a recording, or our own Chrome trace); nothing once the error is reported.
 */
std::optional<nlohmann::json> digestRank(const std::string& path, size_t i,
                                         const std::function<RecordingDigest(const std::string&)>& digest)
{
    try {
        const RecordingDigest d = digest(path);
        const int named = rankFromFileName(path);
        return digestJson(d, named >= 0 ? named : int(i));
    } catch (const RecordingError& e) {
        std::cerr << "loaderscope-engine: " << e.what() << "\n";
    } catch (const std::bad_alloc&) {
        std::cerr << "loaderscope-engine: out of memory reading '" << path << "'\n";
    }
    return std::nullopt;
}

/// Recordings, one per rank: each read once, streaming (only its figures are kept, so 64 ranks
/// take the memory of one), the straggler named by the rule of live ranks and profiler traces.
int analyzeRecordings(const std::vector<std::string>& paths, const std::string& out)
{
    nlohmann::json j;
    j["ranks"] = nlohmann::json::array();
    for (size_t i = 0; i < paths.size(); ++i) {
        const std::optional<nlohmann::json> r = digestRank(paths[i], i, [](const std::string& p) { return digestRecording(p); });
        if (!r)
            return 2;
        j["ranks"].push_back(*r);
    }
    addStraggler(j);
    j.erase("straggler_reason"); // the recordings' keys (docs/config.md)
    return writeJson(j, out) ? 0 : 3;
}

/// Imports each trace into `traces`, with progress on stderr for large files; false once an
/// import failure was reported.
bool importTraces(const std::vector<std::string>& paths, std::vector<ProfilerTrace>& traces)
{
    for (const std::string& p : paths) {
        uint64_t shown = 101; // the last percentage printed
        try {
            traces.push_back(importProfilerTrace(p, [&](uint64_t done, uint64_t total) {
                const uint64_t percent = total ? done * 100 / total : 0;
                if (total > (64u << 20) && percent != shown) {
                    shown = percent;
                    std::cerr << "\rreading " << p << ": " << percent << "%" << std::flush;
                }
                return true;
            }));
        } catch (const TraceImportError& e) { // every import failure, out of memory included
            std::cerr << (shown <= 100 ? "\n" : "") << "loaderscope-engine: " << e.what() << "\n";
            return false;
        }
        if (shown <= 100)
            std::cerr << "\n";
    }
    return true;
}

/// The JSON object of rank `i`: its trace `t` and its analysis `a`.
nlohmann::json rankJson(const ProfilerTrace& t, const TraceAnalysis& a, size_t i)
{
    // Figures that do not apply to this trace are null, never 0.
    auto opt = [](double v) { return v < 0 ? nlohmann::json(nullptr) : nlohmann::json(v); };
    auto when = [](bool applies, double v) { return applies ? nlohmann::json(v) : nlohmann::json(nullptr); };
    return {{"file", t.path}, {"rank", t.rank >= 0 ? t.rank : int(i)}, {"format", t.format},
            {"schema_version", t.schema_version >= 0 ? nlohmann::json(t.schema_version) : nlohmann::json(nullptr)},
            {"events", t.events_seen}, {"bytes_read", t.bytes_read}, {"gpu_events", t.gpu_events},
            {"loop_shape", a.loop_shape}, {"loader_spans_found", a.loader_spans_found},
            {"loop_thread", a.loop_thread}, {"steps", a.steps}, {"step_s", a.step_s},
            {"loop_s", when(a.stall_applies, a.loop_s)}, {"data_wait_s", when(a.stall_applies, a.data_wait_s)},
            {"data_stall_fraction", when(a.stall_applies, a.data_stall_fraction)},
            {"other_thread_wait_s", a.other_thread_wait_s},
            {"gpu_busy_fraction", when(a.gpu_applies, a.gpu_busy_fraction)},
            {"overlap_fraction", opt(a.overlap_fraction)}, {"h2d_gbps", opt(a.h2d_gbps)},
            {"pinned_copies", a.pinned_copies}, {"pageable_copies", a.pageable_copies},
            {"kernels", a.kernels}, {"refused_spans", a.refused_spans}, {"reliable", a.reliable},
            {"verdict", a.verdict}, {"recommendations", a.recommendations}, {"warnings", a.warnings}};
}

/// --trace files of which some are our own Chrome traces (own_trace.h): those are read back into
/// their recording's events and get the run's figures and verdict (as --recording would); the
/// others are profiler traces, analysed as usual. One rank per file; the straggler by the same rule.
int analyzeWithOwnTraces(const std::vector<std::string>& paths, const std::string& out)
{
    nlohmann::json j;
    j["ranks"] = nlohmann::json::array();
    for (size_t i = 0; i < paths.size(); ++i) {
        if (!isOwnChromeTrace(paths[i])) {
            std::vector<ProfilerTrace> one;
            if (!importTraces({paths[i]}, one))
                return 2;
            j["ranks"].push_back(rankJson(one[0], analyzeProfilerTrace(one[0]), i));
            continue;
        }
        std::optional<nlohmann::json> r = digestRank(paths[i], i, [](const std::string& p) { return digestOwnChromeTrace(p); });
        if (!r)
            return 2;
        (*r)["format"] = "loaderscope";
        j["ranks"].push_back(std::move(*r));
    }
    addStraggler(j);
    j.erase("straggler_data_stall_fraction");
    j.erase("others_median_data_stall_fraction");
    return writeJson(j, out) ? 0 : 3;
}

} // namespace

CLI::App* addAnalyzeCommand(CLI::App& app, AnalyzeArgs& a)
{
    CLI::App* c = app.add_subcommand(
        "analyze", "The loader verdict of PyTorch profiler traces (Kineto or legacy JSON, plain or .gz), or of "
                   "recordings (run --events, or the probe's --events): one file per rank, each read once; the rank "
                   "whose loader holds the others back is named.");
    CLI::Option* trace = c->add_option("--trace", a.traces, "A profiler trace; repeat it for the ranks of one job.")
                             ->type_name("FILE")
                             ->allow_extra_args(false);
    c->add_option("--recording", a.recordings, "A recording; repeat it for the ranks of one job.")
        ->type_name("FILE")
        ->allow_extra_args(false)
        ->excludes(trace);
    c->add_option("--out", a.out, "Where the JSON goes (else standard output).")->type_name("FILE");
    return c;
}

int analyzeCommand(const AnalyzeArgs& a)
{
    const std::vector<std::string>& paths = a.traces;
    const std::vector<std::string>& recordings = a.recordings;
    const std::string& out = a.out;
    if (paths.empty() && recordings.empty())
        return usageError("analyze", "analyze needs --trace FILE or --recording FILE (repeat it for several ranks), not both");
    if (const std::string why = out.empty() ? std::string() : checkOutputPath(out); !why.empty())
        return usageError("analyze", why);
    if (!recordings.empty())
        return analyzeRecordings(recordings, out);
    for (const std::string& p : paths)
        if (isOwnChromeTrace(p))
            return analyzeWithOwnTraces(paths, out);
    std::vector<ProfilerTrace> traces;
    if (!importTraces(paths, traces))
        return 2;
    RankReport report;
    try {
        report = compareRanks(traces);
    } catch (const std::bad_alloc&) { // a message and an exit below 128, never an abort
        std::cerr << "loaderscope-engine: out of memory analysing the traces\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "loaderscope-engine: cannot analyse the traces: " << e.what() << "\n";
        return 2;
    }
    nlohmann::json j;
    j["ranks"] = nlohmann::json::array();
    for (size_t i = 0; i < traces.size(); ++i)
        j["ranks"].push_back(rankJson(traces[i], report.ranks[i], i));
    j["straggler"] = report.straggler >= 0 ? nlohmann::json(j["ranks"][size_t(report.straggler)]["rank"]) : nlohmann::json(nullptr);
    j["straggler_reason"] = report.straggler_reason;
    return writeJson(j, out) ? 0 : 3;
}

} // namespace loaderscope::cli

// SPDX-License-Identifier: MIT
#include "outputs.h"

#include "session.h"

#include "loaderscope/analysis/advice.h"
#include "loaderscope/base/clock.h"
#include "loaderscope/base/output_file.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/analysis/probe_model.h"
#include "loaderscope/loader/run.h"
#include "loaderscope/base/temp_dir.h"
#include "loaderscope/outputs/trace_export.h"
#include "loaderscope/results/figure_text.h"
#include "loaderscope/outputs/summary.h"
#include "loaderscope/analysis/recording_digest.h"
#include "loaderscope/config/config.h"
#include "loaderscope/analysis/sweep.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace lsprobe {

using nlohmann::json;

namespace {

/** The loader the summary describes: the one that delivered the most samples. */
const json* primaryLoader(const json& meta)
{
    const json* best = nullptr;
    const auto loaders = meta.find("loaders");
    if (loaders == meta.end() || !loaders->is_array())
        return nullptr;
    for (const json& l : *loaders)
        if (!best || l.value("samples", int64_t(0)) > best->value("samples", int64_t(0)))
            best = &l;
    return best;
}

/** The knobs the probe read from the loader object, and what it measured of its batches. */
ls::LoaderObservation knobs(const json* loader)
{
    return loader ? ls::observationFromLoaderJson(loader->dump()) : ls::LoaderObservation{};
}

/** The run's RunSummary, from the collector's tally: the engine's figures, verdict and advice. */
ls::RunSummary probeSummary(const Session& s, const json& meta, const json* loader, const ls::Config& model)
{
    const RunTally& t = s.tally();
    ls::RunSummary sum;
    sum.source = "pytorch";
    sum.torch_version = meta.value("torch_version", json()).is_string() ? meta["torch_version"].get<std::string>() : "";
    sum.figures = t.metrics.figures();
    const int lanes = int(s.lanesUsed());
    if (int(sum.figures.workers.size()) > lanes)
        sum.figures.workers.resize(size_t(lanes)); // the segment's unused lanes are not workers
    sum.backend = t.kernels > 0 ? "cuda" : "";
    sum.backend_note = t.kernels > 0 ? "GPU time from CUDA events around loaderscope.step()" : "";
    sum.num_workers = lanes;
    sum.events = t.events;
    sum.events_lost = int64_t(s.eventsLost());
    sum.memory_sampler_cpu_s = double(s.memorySamplerCpuNs()) * 1e-9;
    sum.warnings = meta.value("warnings", std::vector<std::string>{});
    if (sum.events_lost > 0)
        sum.warnings.push_back(std::to_string(sum.events_lost) +
                               " events were lost (a ring filled faster than the probe's collector drained it): "
                               "the figures that rest on the lost events read low");
    if (const double share = sum.probeCpuShare(); share > ls::RunSummary::kProbeCpuWarnShare) {
        // What to turn down: the part that cost the most.
        const bool threads = sum.figures.probe_threads_cpu_s > sum.figures.probe_hooks_cpu_s;
        const int decimals = ls::decimalsApart(share * 100, ls::RunSummary::kProbeCpuWarnShare * 100);
        char text[400];
        std::snprintf(text, sizeof text,
                      "the probe itself used %.*f %% of the job's CPU (%.1f us per sample): the figures describe a job "
                      "slowed by the watching; %s",
                      decimals, share * 100, sum.probeCpuS() * 1e6 / double(std::max<int64_t>(1, sum.figures.samples)),
                      threads ? "most of it its own threads (a short job pays their start; LOADERSCOPE_MEMORY_SAMPLE_HZ=0 "
                                "turns memory sampling off)"
                              : "most of it its hooks (--sample-every N times 1 sample in N)");
        sum.warnings.push_back(text);
    }
    sum.batch_log = t.batch_log;
    // A batch's first Fetch span is its first sample only when every sample is recorded; with
    // 1 in N (sample_every) the first sample is unknown and stays -1.
    if (meta.value("sample_every", 1) == 1)
        for (ls::BatchLogEntry& b : sum.batch_log)
            if (const auto it = t.first_sample.find(ls::batchKey(b.epoch, b.task)); it != t.first_sample.end())
                b.first_sample = it->second;
    sum.batch_log_truncated = t.batch_log_truncated;
    sum.errors = meta.value("errors", std::vector<std::string>{});
    sum.exit_code = meta.value("exit_code", 0);
    sum.interrupted = meta.value("interrupted", false);
    sum.engine_pid = meta.value("pid", int64_t(0));
    if (loader)
        sum.worker_pids = loader->value("worker_pids", std::vector<std::vector<int64_t>>{});
    sum.epochs = loader ? loader->value("epochs", 0) : 0;
    // The rules read the job's knobs (as the model has them) and whether it used a device.
    ls::LoaderKnobs k = ls::LoaderKnobs::fromConfig(model);
    k.device = t.kernels > 0;
    k.torch_version = sum.torch_version; // never advise a knob the job's torch lacks
    ls::finishSummary(sum, &k);
    return sum;
}

} // namespace

std::string writeOutputs(Session& s, const std::string& metaJson, const std::string& summaryPath,
                         const std::string& tracePath, const std::string& recordingPath)
{
    s.stopCollector();
    const json meta = json::parse(metaJson);
    const json* loader = primaryLoader(meta);
    ls::LoaderObservation obs = knobs(loader);
    s.tally().observed.finish(obs);
    const ls::Config model = ls::fitConfig(obs); // the engine's model of the job
    ls::RunSummary sum = probeSummary(s, meta, loader, model);
    // One rank of several (torchrun, srun): each slow sample names it, as a merge of the ranks does.
    if (const int rank = meta.value("rank", -1); rank >= 0 && meta.value("world_size", 0) > 1)
        for (ls::SlowFetch& f : sum.figures.slowest_samples)
            f.rank = rank;

    std::string problems;
    if (!tracePath.empty() && !recordingPath.empty()) {
        std::string error;
        try {
            ls::RecordingReader recording(recordingPath);
            recording.refresh();
            if (!ls::writeChromeTrace(recording, tracePath, &error))
                problems += "the trace: " + error + "; ";
        } catch (const ls::RecordingError& e) {
            problems += std::string("the trace: ") + e.what() + "; ";
        }
    }
    json j = json::parse(ls::runSummaryToJson(sum));
    j["program"] = meta.value("program", std::string());
    j["pid"] = sum.engine_pid;
    j["rank"] = meta.value("rank", -1);
    j["world_size"] = meta.value("world_size", 0);
    j["segment"] = s.name();
    j["sample_every"] = meta.value("sample_every", 1);
    j["loaders"] = meta.value("loaders", json::array());
    j["observed"] = json::parse(ls::observationToJson(obs));
    j["model_config"] = json::parse(ls::configToJson(model));
    const std::string text = j.dump(2, ' ', false, json::error_handler_t::replace) + "\n"; // names that are not UTF-8
    std::string error;
    if (!summaryPath.empty() && !ls::writeOutputFile(summaryPath, text, &error))
        problems += "the summary: " + error + "; ";
    if (!problems.empty())
        throw std::runtime_error(problems.substr(0, problems.size() - 2));
    return text;
}

/** Streams the file at `from` to the output `to` by the output rule (output_file.h): how the
 *  recording reaches an --events path that is a device, FIFO, socket or link, where a rename
 *  would replace the node. Throws std::runtime_error naming the path. */
void copyToOutput(const std::string& from, const std::string& to)
{
    const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (in < 0)
        throw std::runtime_error("cannot read " + from + ": " + std::strerror(errno));
    try {
        ls::OutputFile out(to);
        std::vector<char> buf(1 << 20);
        for (;;) {
            const ssize_t n = ::read(in, buf.data(), buf.size());
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0)
                throw std::runtime_error("cannot read " + from + ": " + std::strerror(errno));
            if (n == 0)
                break;
            if (!out.write(buf.data(), size_t(n)))
                throw std::runtime_error(out.error());
        }
        if (!out.commit())
            throw std::runtime_error(out.error());
    } catch (...) {
        ::close(in);
        throw;
    }
    ::close(in);
}

std::string recordingSlowest(const std::string& path)
{
    ls::RecordingDigest d = ls::digestRecording(path);
    const ls::SlowSampleStall stall = ls::slowSampleStall(d.figures);
    json out;
    out["path"] = d.path;
    out["events"] = d.events;
    out["events_lost"] = d.events_lost;
    out["truncated"] = d.shortfall.truncated;
    out["damage"] = d.damage;
    // The slow_samples rule's figures (advice.h): what their batches added past the start-up.
    out["stall_added_s"] = stall.addedNs * 1e-9;
    out["loop_waited_s"] = stall.waitedNs * 1e-9;
    // Whether the slowest sample stands out as the rule asks (its batches' wait is theirs only then).
    out["times_median_named"] = ls::AdviceThresholds::kSlowSampleTimesMedian;
    out["slowest_times_median"] = d.figures.slowest_samples.empty() ? 0.0
        : ls::timesMedian(d.figures.slowest_samples.front(), ls::stageQuantileNs(d.figures.distributions, "fetch", 0.5));
    out["files_note"] = "";
    out["sample_every"] = 1;
    const json description = json::parse(d.description.empty() ? std::string("{}") : d.description, nullptr, false);
    if (description.is_object() && description.contains("sample_every") && description["sample_every"].is_number_integer())
        out["sample_every"] = std::max<int64_t>(1, description["sample_every"].get<int64_t>());
    // An engine run of a files dataset: its samples are the directory's files sorted by name,
    // as the engine resolves them (the directory as it is now: said as such).
    if (description.is_object() && description.contains("config") && description["config"].is_object() &&
        description["config"].value("/dataset/kind"_json_pointer, std::string()) == "files") {
        try {
            const ls::Config c = ls::parseConfig(description["config"].dump());
            for (ls::SlowFetch& s : d.figures.slowest_samples)
                if (s.sample >= 0 && size_t(s.sample) < c.dataset.files.size())
                    s.file = c.dataset.files[size_t(s.sample)];
            out["files_note"] = "files named from " + c.dataset.path + " as it is now (" + std::to_string(c.dataset.files.size()) + " files)";
        } catch (const std::exception& e) {
            out["files_note"] = std::string("the files dataset's files cannot be named: ") + e.what();
        }
    }
    ls::RunSummary sum;
    sum.figures = d.figures;
    out["figures"] = json::parse(ls::runSummaryToJson(sum));
    return out.dump(-1, ' ', false, json::error_handler_t::replace); // a path that is not UTF-8: U+FFFD
}

} // namespace lsprobe

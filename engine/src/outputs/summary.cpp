// SPDX-License-Identifier: MIT
// A finished engine run as a RunSummary: the figures the collector computed from the events, the
// main thread's own counters where events were lost, the verdict and the advice.
#include "loaderscope/outputs/summary.h"
#include "loaderscope/results/figure_text.h"

#include "loaderscope/loader/run.h"

#include "loaderscope/analysis/advice.h"
#include "loaderscope/base/clock.h"
#include "loaderscope/results/metrics.h"

#include <algorithm>

namespace loaderscope {

RunSummary makeRunSummary(const Config& config, const RunReport& r)
{
    RunSummary s;
    s.source = "engine";
    s.backend = r.backend;
    s.backend_note = r.backend_note;
    s.device_timing_bracket_ns = r.device_timing_bracket_ns;
    s.device_peak_h2d_gbps = r.device_peak_h2d_gbps;
    s.memory_sampler_cpu_s = double(r.memory_sampler_cpu_ns) * 1e-9;
    s.figures = r.figures;
    if (s.figures.memory) {
        s.figures.memory->segment_bytes = r.segment_bytes;
        s.figures.memory->slots_bytes = r.slots_bytes;
        s.figures.memory->limit_bytes = r.memory_limit_bytes;
    }
    s.num_workers = r.num_workers;
    s.events = int64_t(r.events_collected);
    s.events_lost = int64_t(r.events_lost);
    s.warnings = r.warnings;
    s.stalled_tasks = r.stalled_tasks;
    if (r.events_lost > 0) {
        // The main thread's own counters cannot be lost: the loop's figures come from them (the
        // same definitions), and what rests on worker events is marked unreliable.
        setLoopFigures(s.figures, r.samples, r.batches, r.t_loop_end > r.t_loop_begin ? r.t_loop_end - r.t_loop_begin : 0,
                       r.wait_ns);
        s.warnings.push_back(std::to_string(r.events_lost) +
                             " events were lost (the collector fell behind the writers): samples/s and the data "
                             "stall come from the main thread's own counters, but worker, device and head-of-line "
                             "figures are incomplete and read low");
    }
    s.batch_log = r.batch_log;
    s.batch_log_truncated = r.batch_log_truncated;
    s.errors = r.errors;
    s.exit_code = r.exit_code;
    s.interrupted = r.interrupted_by != 0;
    s.engine_pid = r.engine_pid;
    for (const auto& epoch : r.worker_pids)
        s.worker_pids.emplace_back(epoch.begin(), epoch.end());
    s.epochs = config.train.epochs;
    s.worker_to_main_bytes_per_batch =
        r.batches == 0 ? 0.0 : double(r.copied_to_main_bytes) / double(r.batches);
    const LoaderKnobs knobs = LoaderKnobs::fromConfig(config);
    finishSummary(s, &knobs);
    return s;
}

void noteLostEvents(RunSummary& s)
{
    s.figures_reliable = s.events_lost == 0;
    s.batches_unseen = s.events_lost > 0 ? std::max<int64_t>(0, s.figures.batches_numbered - s.figures.batches) : 0;
}

void finishSummary(RunSummary& s, const LoaderKnobs* knobs)
{
    s.cores = usableCores();
    noteLostEvents(s);
    s.verdict = runVerdict(s.figures);
    s.version = LOADERSCOPE_VERSION;
    s.advice = knobs ? adviseRun(*knobs, s) : std::vector<Advice>{};
}

std::string summaryJson(const Config& config, const RunReport& report)
{
    return runSummaryToJson(makeRunSummary(config, report));
}

} // namespace loaderscope

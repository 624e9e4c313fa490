// SPDX-License-Identifier: MIT
// The typed result of a run: what the summary JSON holds, as one value type shared by the engine's
// summary writer, the app (which parses a summary once into it), the profiler-trace analysis, the
// sweep and the Python probe. Every figure has one definition, written next to it: what it
// measures and what it divides by.
#pragma once

#include "loaderscope/results/distributions.h"
#include "loaderscope/results/periodic.h"
#include "loaderscope/results/slow_samples.h"
#include "loaderscope/results/spread.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace loaderscope {

/** One worker's time, each a share of the loop's time (RunSummary::seconds). */
struct WorkerFigures
{
    int worker = 0;
    int64_t pid = 0;                ///< the last process that served this worker id
    int64_t samples = 0;            ///< samples fetched (Fetch spans)
    int64_t batches = 0;            ///< batches made (BatchCost instants, or Collate spans)
    double busy_fraction = 0;       ///< wall time in fetch + collate / loop time
    double cpu_fraction = 0;        ///< CPU time in fetch + collate (thread CPU clock) / loop time
    double cpu_wait_fraction = 0;   ///< runnable but waiting for a core (schedstat) / loop time
    double io_fraction = 0;         ///< off-CPU inside fetch (I/O, sleeps) / loop time:
                                    ///< busy - cpu - cpu_wait
    double idle_fraction = 0;       ///< waiting for an index (WaitTask) / loop time; includes
                                    ///< waiting while the prefetch window is full
    /// CPU the worker process spent outside fetch + collate, handing batches on (PassCost: the
    /// queue's feeder pickling, tensors into shared memory) / loop time; on other threads than
    /// the fetch in a job, so outside busy + idle
    double send_cpu_fraction = 0;
};

/** Peaks of one process's memory over the run (bytes; see ProcessMemory in memory.h). */
struct ProcessMemoryPeaks
{
    uint64_t peak_rss_bytes = 0;    ///< resident, shared pages counted in full
    uint64_t peak_pss_bytes = 0;    ///< shared pages divided among the processes mapping them
    uint64_t peak_uss_bytes = 0;    ///< private to the process (Private_Clean + Private_Dirty)
};

/** One worker id's memory: peaks over every process that served it (one per epoch without persistent_workers). */
struct WorkerMemory : ProcessMemoryPeaks
{
    int worker = 0;
    int64_t pid = 0;                ///< the last process that served this worker id
    /// How much the worker's USS grew with the samples it fetched: the least-squares slope of USS
    /// against samples fetched, times the samples fetched, for the process where that is largest;
    /// 0 when USS does not rise with the samples (slope <= 0 or correlation below 0.8). Copy-on-read
    /// shows here: pages of the main process's objects copied into the worker as it reads them.
    uint64_t uss_growth_bytes = 0;
};

/**
 * The summary's `memory` object: sampled about 20 times a second (LOADERSCOPE_MEMORY_SAMPLE_HZ)
 * from /proc/PID/smaps_rollup, the segment's slot states and statvfs("/dev/shm").
 */
struct MemoryFigures
{
    ProcessMemoryPeaks main;                 ///< the engine's main process
    std::vector<WorkerMemory> workers;
    uint64_t segment_bytes = 0;              ///< the run's shared-memory segment (slots, rings)
    uint64_t slots_bytes = 0;                ///< its batch-slot section (slots x page-rounded payload)
    uint64_t peak_slots_in_use_bytes = 0;    ///< batch slots not free, at their capacity, at most
    uint64_t dev_shm_size_bytes = 0;
    uint64_t dev_shm_min_free_bytes = 0;     ///< the least /dev/shm had free (size - used)
    uint64_t dev_shm_own_peak_bytes = 0;     ///< the most of /dev/shm the run's own processes mapped (ShmOwn)
    uint64_t pinned_bytes = 0;               ///< page-locked host memory held, at most
    /// What the run's processes may use together: the memory cgroup's limit (the lowest of its
    /// ancestors too), else the machine's memory. 0: unknown.
    uint64_t limit_bytes = 0;
};

/** A value to try for a knob: a number, a boolean or a string (JSON's types). */
struct KnobValue
{
    enum class Type { None, Number, Bool, String };
    Type type = Type::None;
    double number = 0;
    bool boolean = false;
    std::string text;

    static KnobValue of(double v) { KnobValue k; k.type = Type::Number; k.number = v; return k; }
    static KnobValue of(bool v) { KnobValue k; k.type = Type::Bool; k.boolean = v; return k; }
    static KnobValue of(const std::string& v) { KnobValue k; k.type = Type::String; k.text = v; return k; }
    bool isNone() const { return type == Type::None; }
    /// As written in a config file / summary ("12", "true", "\"fork\"").
    std::string json() const;
    bool operator==(const KnobValue& o) const
    {
        return type == o.type && number == o.number && boolean == o.boolean && text == o.text;
    }
};

/** What a short measured sweep of the advised knob found (loaderscope-engine advise, "Prove it"). */
struct AdviceProof
{
    std::vector<std::pair<KnobValue, double>> measured; ///< value -> median samples/s, current value first
    std::vector<std::vector<double>> runs; ///< samples/s of each repeated run, per value of `measured`
    double gain = 0;          ///< the advised value's median samples/s over the current value's, minus 1
    /// Faster-advice: the advised value measured at least kConfirmGain better and beyond the spread
    /// of both (clearlyAbove); same-with-less advice: not measurably slower.
    bool confirmed = false;
    /// The outcome's catalogue key (sentences.h proof::kConfirmed ...); empty in older summaries.
    std::string outcome;
    bool faster_still = false; ///< the value measured beyond the advice (measured[2]) did better still
    std::string text;         ///< the English of proofText (advice.h), e.g. "Measured: ... +55% ... Confirmed."

    /// The median and spread of the i-th value (one run when `runs` is missing: an older summary).
    Spread spread(size_t i) const
    {
        if (i < runs.size() && !runs[i].empty())
            return Spread::of(runs[i]);
        return i < measured.size() ? Spread::of({measured[i].second}) : Spread{};
    }
};

/**
 * One piece of advice. `id` is stable (the app translates by id, with the evidence as arguments);
 * `knob` is the config path it names ("loader.num_workers"), or empty when the fix is outside the
 * loader; `suggest` the value to try; `evidence` the measured figures it rests on, in the order the
 * text uses them; `text` the English sentence (also in `recommendations`).
 */
struct Advice
{
    std::string id;
    std::string knob;
    KnobValue suggest;
    std::string text;
    std::vector<std::pair<std::string, double>> evidence;
    std::optional<AdviceProof> proof;

    double evidenceValue(const std::string& key, double fallback = 0) const
    {
        for (const auto& [k, v] : evidence)
            if (k == key)
                return v;
        return fallback;
    }
};

/** One delivered batch, in delivery order (conformance with torch's DataLoader). */
struct BatchLogEntry
{
    int epoch = 0;
    int64_t index = 0;        ///< delivery position in the epoch
    int64_t task = 0;         ///< DataLoader's task id (differs from index with in_order false)
    int worker = -1;
    int64_t first_sample = -1;
    uint32_t size = 0;
    uint64_t checksum = 0;
};

/**
 * Figures measured from a run's events (MetricsAccumulator), live or final. Times are seconds;
 * fractions are shares of `seconds`, the loop's time: from the first next() to the end of the
 * last main-lane span (the last step, or the final device synchronize).
 */
struct RunFigures
{
    int64_t samples = 0;                 ///< delivered to the loop
    int64_t batches = 0;                 ///< delivered to the loop
    /// The batch numbers the deliveries seen reach: per epoch, the highest task number + 1,
    /// summed. At least `batches`; more when deliveries were not seen (events lost) or, with
    /// in_order False, when the loop stopped before an earlier batch came.
    int64_t batches_numbered = 0;
    /// Where deliveries were not seen: each run of missing batch numbers, with the time between
    /// the deliveries seen around it (ns, the events' clock). Empty when every number was seen.
    struct UnseenBatches
    {
        int epoch = 0;
        int64_t first_task = 0, last_task = 0; ///< inclusive
        uint64_t t0 = 0, t1 = 0;               ///< the previous delivery seen's end .. the next one's start
    };
    std::vector<UnseenBatches> unseen;
    double seconds = 0;                  ///< the loop's time (see above)
    double samples_per_s = 0;            ///< samples / seconds
    double batches_per_s = 0;            ///< batches / seconds
    std::optional<double> first_batch_s; ///< epoch 0's iter() to its first batch delivered
    double data_stall_fraction = 0;      ///< time inside next() / seconds
    double head_of_line_fraction = 0;    ///< time inside next() while later batches were ready / seconds
    double longest_head_of_line_s = 0;   ///< the longest single such wait
    double gpu_busy_fraction = 0;        ///< step-kernel time / seconds (capped at 1)
    std::optional<double> overlap_fraction; ///< H2D copy time that ran while a kernel ran / copy time
    std::optional<double> h2d_gbps;      ///< bytes copied / copy time, 1e9 bytes per second
    std::optional<double> step_period_s; ///< first kernel start to last kernel end / kernels
    double copy_s = 0;                   ///< total H2D copy time
    double kernel_s = 0;                 ///< total step-kernel time
    int64_t copies = 0;
    int64_t pageable_copies = 0;
    double host_blocked_fraction = 0;    ///< host blocked by the copies themselves (pageable staging,
                                         ///< synchronous copies) / seconds
    double pageable_blocked_fraction = 0;///< the part of host_blocked_fraction due to pageable staging
    double sync_copy_blocked_fraction = 0;///< the part due to synchronous (non_blocking false) copies
    double host_waits_for_gpu_fraction = 0; ///< host waiting for a free device buffer / seconds
    double step_s = 0;                   ///< time in the training step on the host (Step spans)
    double pin_busy_fraction = 0;        ///< the pin-memory thread copying / seconds
    /// The main process's CPU in the loop (receiving batches, the step on the host, the step's
    /// other threads: main-lane PassCost, StepCost, ThreadsCost) / seconds; 0 where not recorded
    double main_cpu_fraction = 0;
    /// The job's CPU (the fetches and collates, the workers handing batches on, the loop's CPU of
    /// main_cpu_fraction) per second of the loop: cores in use; 0 where not recorded
    double job_cpu_fraction = 0;
    /// CPU the probe's own code took on the job's threads (ProbeCost events), seconds; 0 for the
    /// engine's runs. Not in job_cpu_fraction's hook parts (PassCost, StepCost leave it out).
    double probe_hooks_cpu_s = 0;
    /// CPU of the probe's own threads (its collector and memory sampler), seconds, from the one
    /// ProbeCost it writes as it stops; 0 for the engine's runs.
    double probe_threads_cpu_s = 0;
    /// Inside next(), fetching the received batch's tensors' file descriptors from the worker that
    /// made it (HandOverWait: watched jobs) / seconds; part of data_stall_fraction
    double handover_wait_fraction = 0;
    double startup_s = 0;                ///< starting workers over all epochs: per generation, from
                                         ///< the StartWorkers span's start to the last WorkerInit's end
    int startups = 0;                    ///< how many times workers were started
    double io_s_per_sample = 0;          ///< off-CPU time inside fetch per sample fetched (all workers)
    double cpu_s_per_sample = 0;         ///< CPU time in fetch + collate per sample fetched
    double cpu_wait_s_per_sample = 0;    ///< waiting for a core per sample fetched
    double mean_ready_batches = 0;       ///< time-weighted batches ready (the prefetch window's fill)
    std::vector<WorkerFigures> workers;
    /// Main process fetching (num_workers 0): the same split for the main thread.
    std::optional<WorkerFigures> main_fetch;
    /// Peaks of the memory counters; absent when the run was not sampled.
    std::optional<MemoryFigures> memory;
    /// Each stage's durations (fetch, collate, hand-over, wait, pin, H2D, step) as mergeable
    /// histograms, in all and by worker: the stages seen, in the order of a batch's path.
    std::vector<StageDistribution> distributions;
    /// The slowest fetches (at most SlowSampleAccumulator::kDefaultKeep), the slowest first.
    std::vector<SlowFetch> slowest_samples;
    /// Slowdowns that repeat (periodic.h): every N steps, at each epoch's start.
    std::vector<RepeatingSlowdown> repeating_slowdowns;
    /// The loop's steps they were looked for in; `repeating_partial`: a run so long that its older
    /// steps were thinned (LoopSteps::kMaxSteps), where only the epoch-start kind is looked for.
    int64_t repeating_steps = 0;
    bool repeating_partial = false;
};

/**
 * The DataLoader knobs a torch version has, for a watched job's advice (never a knob its torch
 * lacks). Read from the version string ("1.13.1", "2.6.0+cu124", "2.6.0a0+git…"): major.minor.
 */
struct TorchKnobs
{
    bool in_order = true;                     ///< DataLoader(in_order=...): torch >= 2.6
    bool pin_memory_device = true;            ///< torch >= 1.12
    bool persistent_workers = true;           ///< persistent_workers and prefetch_factor: torch >= 1.7
    bool prefetch_factor_default_none = true; ///< prefetch_factor defaults to None (2 with workers): torch >= 2.0
};
/// The knobs of `version`; every knob for an empty or unreadable version (the engine's own runs).
TorchKnobs torchKnobs(const std::string& version);

/** Everything the summary JSON holds (docs/config.md lists the keys). */
struct RunSummary
{
    std::string source = "engine";       ///< "engine", "pytorch" (the probe), "profiler" (a trace)
    std::string backend;                 ///< "sim", "cuda", or "" when none applies
    std::string backend_note;
    std::string torch_version;           ///< the probe only (the summary adds its torch_knobs)
    /// CUDA: the widest bracket of the clock anchors (device times are within +/- half of it, ns);
    /// 0 on the simulated GPU.
    uint64_t device_timing_bracket_ns = 0;
    /// The plain-copy pinned H2D peak measured in the engine's own process (GB/s), 0 if not measured.
    double device_peak_h2d_gbps = 0;
    /// The memory sampler's own CPU time (its thread's CPU clock), seconds; 0 when it did not run.
    double memory_sampler_cpu_s = 0;
    /// The probe's whole CPU (its hooks on the job's threads and its own threads), seconds.
    double probeCpuS() const { return figures.probe_hooks_cpu_s + figures.probe_threads_cpu_s; }
    /// That CPU's share of all the CPU the job and the probe used over the loop (0..1); 0 when
    /// the job's CPU was not measured.
    double probeCpuShare() const;
    /// Above this share the probe's cost is worth a warning (issue 45): its figures then describe
    /// a job slowed by the watching.
    static constexpr double kProbeCpuWarnShare = 0.05;
    RunFigures figures;
    int num_workers = 0;
    int cores = 0;                       ///< CPUs this run could use (sched_getaffinity)
    std::string verdict;                 ///< "not input-bound", "moderately input-bound", ...
    bool figures_reliable = true;        ///< false when events were lost (see warnings)
    /// false for an imported trace whose loop's wait for data could not be measured (no loader
    /// spans, or only on another thread): data_stall_fraction then means nothing and shows "–".
    bool data_stall_measured = true;
    int stalled_tasks = 0;               ///< tasks a worker held kStallNs or more (see warnings)
    std::vector<Advice> advice;
    std::vector<BatchLogEntry> batch_log;
    bool batch_log_truncated = false;    ///< long runs keep the first kBatchLogLimit entries
    std::vector<std::string> errors;
    std::vector<std::string> warnings;
    int exit_code = 0;
    bool interrupted = false;
    int64_t engine_pid = 0;
    std::vector<std::vector<int64_t>> worker_pids; ///< per epoch
    int epochs = 0;
    double worker_to_main_bytes_per_batch = 0;
    int64_t events = 0;
    int64_t events_lost = 0;
    /// With events lost: the batches the loop delivered that no event shows, at least
    /// (figures.batches_numbered - figures.batches; a whole epoch unseen is not counted). The
    /// figures are then partial: figures.batches of at least batches + batches_unseen.
    int64_t batches_unseen = 0;
    std::string version;

    /// English recommendation texts (the `recommendations` key, kept for compatibility).
    std::vector<std::string> recommendations() const;
    /// Per-worker busy shares (the `worker_busy_fraction` key).
    std::vector<double> workerBusy() const;
};

/** Batch-log entries kept in a summary; a longer run says batch_log_truncated. */
constexpr size_t kBatchLogLimit = 100000;

/// The summary JSON (pretty-printed). Keys of docs/config.md; only added, never renamed.
std::string runSummaryToJson(const RunSummary& summary);
/// Parses a summary written by runSummaryToJson (or by an older engine: missing keys default).
/// Throws std::runtime_error on text that is not a JSON object.
RunSummary parseRunSummary(const std::string& json);

/** "not input-bound" (<5% of the loop waiting for data), "moderately" (5-20%), "highly" (>20%). */
std::string verdictFor(double dataStallFraction);

} // namespace loaderscope

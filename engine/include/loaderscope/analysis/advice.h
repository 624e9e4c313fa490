// SPDX-License-Identifier: MIT
// Advice as data: rules over a run's measured figures, each naming the knob (a config path) and the
// value to try, with the figures it rests on. A rule fires only on a cost that matters (a share of
// the loop's time), never on a single event; a failed or interrupted run gets no throughput advice.
#pragma once

#include "loaderscope/results/run_summary.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace loaderscope {

struct Config;

/**
 * The loader and training knobs the rules read: from an engine config, or observed by the probe.
 * A default-made one holds the config's defaults, read from the config schema (config_schema.h).
 */
struct LoaderKnobs
{
    LoaderKnobs();

    int num_workers = 0;
    int prefetch_factor = 0;
    bool persistent_workers = false;
    std::string pin_memory;               ///< "false", "true" or "shared" (the schema's choices)
    bool in_order = false;
    std::string multiprocessing_context;  ///< "fork" or "spawn" (the schema's choices)
    int64_t batch_size = 0;
    int epochs = 0;
    bool non_blocking = false;
    bool copy_stream = false;
    bool device = true;                   ///< the loop copies batches to a device (sim or CUDA)
    std::string objects_layout;           ///< dataset.objects.layout, empty without objects
    /// The watched job's torch (the probe); empty for the engine's own runs, which have every knob.
    std::string torch_version;

    static LoaderKnobs fromConfig(const Config& config);
    /// Whether the job can set `knob` ("loader.in_order"): false for a knob its torch lacks.
    bool has(const std::string& knob) const;
    /// The value a knob path has ("loader.num_workers" -> 4); None for an unknown path.
    KnobValue value(const std::string& knob) const;
};

/// Stable advice ids (the app translates by id; never rename one).
namespace advice_id {
inline constexpr const char* kRaiseNumWorkers = "raise_num_workers";
inline constexpr const char* kCpuBound = "cpu_bound";
inline constexpr const char* kRaisePrefetch = "raise_prefetch_factor";
inline constexpr const char* kPinThreadBound = "pin_thread_bound";
inline constexpr const char* kPinMemory = "pin_memory";
inline constexpr const char* kNonBlocking = "non_blocking";
inline constexpr const char* kCopyStream = "copy_stream";
inline constexpr const char* kPersistentWorkers = "persistent_workers";
inline constexpr const char* kSpawnStartup = "spawn_startup";
inline constexpr const char* kInOrder = "in_order";
/// kInOrder's finding for a job whose torch has no in_order (before 2.6): upgrade, no knob to set.
inline constexpr const char* kUpgradeTorchInOrder = "upgrade_torch_in_order";
inline constexpr const char* kFewerWorkers = "fewer_workers";
inline constexpr const char* kTrainingBound = "training_bound";
/// A few samples make much of the wait (issue 49): which ones; no knob.
inline constexpr const char* kSlowSamples = "slow_samples";
// memory (issue 15): they rest on sampled memory, not on throughput, so failed runs get them too
inline constexpr const char* kCopyOnRead = "copy_on_read";
inline constexpr const char* kWorkerMemory = "worker_memory";
inline constexpr const char* kShmSlots = "shm_slots";
} // namespace advice_id

/// Thresholds, as shares of the loop's time (documented in docs/config.md).
struct AdviceThresholds
{
    static constexpr double kInputBound = 0.05;      ///< data stall that makes a run input-bound
    static constexpr double kCostThatMatters = 0.10; ///< a copy or start-up cost worth a knob
    static constexpr double kHeadOfLine = 0.10;      ///< waiting while later batches were ready
    static constexpr double kCpuSaturated = 0.85;    ///< workers' CPU share of the usable cores
    static constexpr double kConfirmGain = 0.05;     ///< "Prove it": +5 % confirms a faster-advice
    /// Slow samples: the batches of the slowest samples added this share of the loop's wait for
    /// data (stallAddedByBatchesNs), and the slowest took this many times the median fetch.
    static constexpr double kSlowSamplesShare = 0.25;
    static constexpr double kSlowSampleTimesMedian = 10;
    /// Memory is tight when the run's processes (sum of peak PSS, plus the segment) reach this share
    /// of the memory limit (the cgroup's, else the machine's), or the segment this share of /dev/shm.
    static constexpr double kMemoryTight = 0.5;
    /// Copy-on-read: each worker's USS grew with its samples by this much on average beyond what
    /// the batch slots could explain (slot pages only that worker touched count in its USS), and
    /// by this share of the main process's peak RSS (where the objects live) in all.
    static constexpr double kCopyOnReadBytes = 32.0 * (1 << 20);
    static constexpr double kCopyOnReadShare = 0.10;
};

/**
 * What the batches of a run's slowest samples (RunFigures::slowest_samples) added to the loop's
 * wait for data past the workers' start-up, and that wait: the slow_samples rule's figures, which
 * `python3 -m loaderscope slow` states too. Each batch counts once (stallAddedByBatchesNs); the
 * first batch of an epoch whose workers started has the start-up (startup_s / startups) taken
 * off its own part, never another batch's.
 */
struct SlowSampleStall
{
    double addedNs = 0;  ///< what the slow samples' batches added beyond the usual wait
    double waitedNs = 0; ///< the loop's wait for data past the start-up
    double share() const { return waitedNs > 0 ? std::min(1.0, addedNs / waitedNs) : 0.0; }
};
SlowSampleStall slowSampleStall(const RunFigures& f);

/**
 * The advice for a finished run. `s` holds the figures, exit state and cores; a run that failed,
 * was interrupted or delivered nothing gets only advice that does not rest on throughput.
 */
std::vector<Advice> adviseRun(const LoaderKnobs& knobs, const RunSummary& s);

/**
 * The catalogue keys (sentences.h) an advice's text is made of, joined by a space: its id's entry,
 * or the variant its evidence and knob choose ("cpu_bound/contended"), then "incomplete_data" when
 * events were lost. The one rule the engine's English and the app's translation both follow.
 */
std::vector<std::string> adviceSentenceKeys(const Advice& advice);

/** The advice's English text: its catalogue entries, their arguments from its evidence. */
std::string adviceText(const Advice& advice);

/** Whether a piece of advice promises more samples/s (true) or the same with less (false). */
bool adviceAimsFaster(const std::string& id);

/**
 * The values a short measured sweep tries for one piece of advice: the current value, the advised
 * value and one beyond it (numbers), or the two values (booleans, strings).
 */
std::vector<KnobValue> proofValues(const LoaderKnobs& knobs, const Advice& advice);

/**
 * Fills advice.proof from the samples/s of each value's repeated runs (same order as proofValues):
 * the median per value and whether the difference is confirmed (beyond the spread, see
 * clearlyAbove in spread.h). The advice's own text and advised value are left as they are.
 */
void applyProof(Advice& advice, const std::vector<std::pair<KnobValue, std::vector<double>>>& runs);
/**
 * The catalogue keys of a proof's sentences, in order: the measurement, its outcome, and "faster
 * still" where a value beyond the advice did better ("not measured" alone without a measurement).
 * Their arguments: knob, value, gain, runs, values, faster_value (sentences.cpp).
 */
std::vector<const char*> proofSentenceKeys(const AdviceProof& proof);
/** The English of advice.proof's sentences (empty without a proof); the app writes them translated. */
std::string proofText(const Advice& advice);

/**
 * The catalogue entry `key` (base/sentences.h) in English, each "{name}" written from `args` as
 * its argument kind says (a share as "22%", a count whole): how the engine writes every sentence
 * that is not an advice of its own (a profiler trace's recommendations). Throws
 * std::logic_error for a key or an argument the catalogue lacks.
 */
std::string catalogueSentence(std::string_view key, const std::vector<std::pair<std::string, double>>& args);

} // namespace loaderscope

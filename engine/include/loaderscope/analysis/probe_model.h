// SPDX-License-Identifier: MIT
// From a watched PyTorch job to the engine's model of it ("Model this job"): what the probe
// observed about one DataLoader, measured from the job's events, and the engine config fitted to it.
#pragma once

#include "loaderscope/config/config.h"
#include "loaderscope/base/events.h"

#include <cstdint>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <vector>

namespace loaderscope {

/** A lognormal fit of positive durations: arithmetic mean and the standard deviation of the log. */
struct LognormalFit
{
    double mean_us = 0;
    double sigma = 0;
    int64_t n = 0;
};

/** One DataLoader as a real job ran it: its knobs (read by the probe) and its measured timings. */
struct LoaderObservation
{
    // Knobs, as the job set them.
    std::optional<int64_t> batch_size = 1; ///< nullopt: no auto-collation
    int num_workers = 0;
    int prefetch_factor = 2;
    bool pin_memory = false;
    bool persistent_workers = false;
    bool in_order = true;
    bool drop_last = false;
    bool shuffle = false;
    std::optional<DistributedConfig> sampler; ///< a DistributedSampler's settings
    double timeout_s = 0;
    std::string start_method = "fork";
    double switch_interval_us = 5000; ///< the job's sys.getswitchinterval() as iter() began
    bool iterable = false;
    std::optional<int64_t> dataset_length;   ///< len(dataset), when it has one
    int epochs = 1;
    int64_t samples_per_epoch = 0;           ///< samples delivered in the first full epoch
    int64_t sample_bytes = 0;                ///< tensor bytes of a batch / its samples

    // Measured from the events (observeTimings).
    LognormalFit fetch_us;          ///< wall time of each sample's fetch
    /// Its off-CPU part, not waiting for a core: the mean is each batch's time from its first fetch
    /// to its end less the batch's thread CPU and run-queue wait (never below 0), per sample; sigma
    /// is the spread of the samples' own estimates (wall minus the batch's per-sample shares).
    LognormalFit io_us;
    double cpu_us_per_sample = 0;   ///< thread CPU of fetch + collate, per sample (BatchCost)
    double run_queue_us_per_sample = 0;
    double collate_us_per_batch = 0;
    double step_us = 0;             ///< mean time between one next() returning and the next call
    int64_t steps = 0;
    double step_cpu_us = 0;         ///< the main thread's CPU in a step (StepCost), mean
    double step_run_queue_us = 0;   ///< its wait for a core in a step, mean
    int64_t steps_costed = 0;
    /// The CPU of the main process's other threads per step (ThreadsCost), mean: a CPU step's
    /// intra-op threads, less the probe's own threads.
    double threads_cpu_us = 0;
    int64_t threads_costed = 0;
    bool device_step = false;       ///< the job timed its step on a GPU (Kernel events)
    /// The worker process's CPU per batch outside its fetches and collate (worker PassCost): the
    /// queue put, the feeder thread pickling the batch into shared memory.
    double send_cpu_us = 0;
    int64_t sends_costed = 0;
    /// The main thread's CPU inside a next() that took a worker's batch (main PassCost): receiving
    /// and unpickling it, its hand-overs' CPU included.
    double receive_cpu_us = 0;
    int64_t receives_costed = 0;
    /// The main thread's descriptor hand-overs (HandOverWait): per batch taken from a worker, and
    /// the wall time of one, split by whether the worker was making a batch when it was asked
    /// (from its first fetch to its BatchCost: its GIL held, as a CPU-bound dataset holds it) or
    /// not (waiting for a task); and the main thread's own CPU in one (HandOverCost; in the wall
    /// times and in receive_cpu_us too; 0 in recordings made before it was measured).
    /// loader/handover.h models them.
    double handovers_per_batch = 0;
    double handover_busy_us = 0;
    int64_t handovers_busy = 0;
    double handover_idle_us = 0;
    int64_t handovers_idle = 0;
    double handover_cpu_us = 0;
    int64_t handovers_cpu_costed = 0;
    /// next() when a batch was already waiting: its wall time (receive_cpu_us is its CPU part).
    double next_ready_us = 0;
    int64_t next_ready_n = 0;
    double worker_init_us = 0;      ///< mean time from iter(loader) to a new worker ready to fetch
    /// What starting and ending a worker costs in CPU (loader.worker_*_cpu_us), means: the main
    /// thread's CPU in starting the workers, per worker (StartWorkers arg1); a worker's process
    /// CPU and core waits from its start to ready (WorkerInitCost); its first batch's CPU beyond
    /// a later batch of as many samples (BatchCost); the loop's shutdown per worker it joined
    /// (Shutdown: the workers' exits, which are CPU). The counts are what each mean is made of.
    double worker_start_cpu_us = 0;
    int64_t worker_starts_costed = 0;
    double worker_init_cpu_us = 0;
    double worker_init_run_queue_us = 0;
    int64_t worker_inits_costed = 0;
    double worker_warmup_cpu_us = 0;
    int64_t worker_warmups = 0;
    double worker_exit_us = 0;
    int64_t worker_exits = 0;
    /// The loop's first receive from each new worker (its first connection to that worker's
    /// resource_sharer thread; the process's first unpickle with its lazy imports): its main
    /// PassCost beyond a later one, mean. Out of receive_cpu_us and handover_cpu_us, which it
    /// would raise for every batch (one 19 ms first receive in 64 batches is 0.3 ms each).
    double first_receive_cpu_us = 0;
    int64_t first_receives = 0;
    int64_t batches_costed = 0;     ///< batches with a BatchCost behind the CPU figures
};

/**
 * Measures a job's timings from its events, streaming (memory bounded by one open batch per lane,
 * and by kMaxHandOvers hand-overs with their workers' batch windows):
 * Fetch, Collate and BatchCost per (lane, batch) on the worker lanes (the main lane when no worker
 * fetched), Step and next() on the main lane, worker start-up. Each sample's off-CPU time is its
 * fetch wall time minus its batch's per-sample CPU (fetch part) and run-queue shares. Events of one
 * lane must come in the order its writer wrote them; lanes may interleave.
 */
class ObservationAccumulator
{
public:
    void add(const Event& e);
    /// Fills the measured fields of `obs` from everything added so far.
    void finish(LoaderObservation& obs) const;

private:
    /// Weighted moments for a lognormal fit (values in us; logs of values above 1 us only).
    struct Moments
    {
        double w = 0, sum = 0, lw = 0, lsum = 0, lsq = 0;
        void add(double us, double weight);
        LognormalFit fit() const;
    };
    struct OpenBatch
    {
        std::vector<std::pair<double, int64_t>> fetches; ///< (wall us of one sample, samples it stands for)
        double collate_us = 0;
        int64_t collate_samples = -1;
        uint64_t first_t0 = 0; ///< the batch's first fetch began (ns)
    };
    /// The fetching lanes of one kind: workers, or the main thread (num_workers 0).
    struct Side
    {
        Moments fetch, io;
        double cpu_us = 0, runq_us = 0, collate_us = 0;
        double off_cpu_us = 0; ///< each batch's wall less its CPU and run-queue wait, summed
        int64_t samples = 0, batches = 0;
        std::map<int, OpenBatch> open;
        /// `endNs`: the batch's BatchCost (its end).
        /// The first batch of each new worker, also in the sums above (warm-up, see finish).
        double first_cpu_us = 0;
        int64_t first_samples = 0, firsts = 0;
        void close(OpenBatch&& b, double cpuUs, double runqUs, uint64_t endNs, bool first);
    };
    /// A Fetch, Collate or BatchCost of a fetching lane: the open batch grows, or closes.
    void addBatchPart(Side& side, const Event& e, double dur);
    /// The hand-over figures of `obs`: each kept request against its worker's windows.
    void finishHandOvers(LoaderObservation& obs) const;
    /// A hand-over and the worker asked (from the WaitData of its batch, before or after it).
    struct HandOver
    {
        uint64_t asked_ns = 0; ///< the first request: the HandOverWait less its wait
        double wait_us = 0;
        int64_t calls = 0;
        int worker = -1;
    };
    /// Each worker's batch windows (first fetch to BatchCost; a worker's PassCost comes only as
    /// its next task begins, so it cannot close one), in its lane's order,
    /// and the hand-overs, both kept up to kMaxHandOvers (a mean needs no more).
    std::map<int, std::vector<std::pair<uint64_t, uint64_t>>> m_windows;
    std::map<int64_t, HandOver> m_handOvers; ///< by batch key
    std::map<int64_t, int> m_batchWorker;    ///< a WaitData's worker, by batch key, until matched
    Side m_workers, m_main;
    double m_stepSum = 0, m_initSum = 0, m_readySum = 0;
    int64_t m_steps = 0, m_inits = 0, m_readyN = 0;
    double m_stepCpu = 0, m_stepRunq = 0, m_sendCpu = 0, m_receiveCpu = 0, m_threadsCpu = 0;
    int64_t m_stepCosts = 0, m_sends = 0, m_receives = 0, m_kernels = 0, m_threadsCosts = 0;
    /// StepCosts whose run-queue wait was measured (the probe reads it for 1 step in 8: -1 on
    /// the others); m_stepRunq is theirs.
    int64_t m_stepRunqs = 0;
    uint64_t m_epochBegin = 0;
    int64_t m_readyBefore = 0;
    int64_t m_handOverCalls = 0; ///< all hand-overs, kept or not
    double m_handOverCpu = 0;     ///< us, of all HandOverCost events
    int64_t m_handOverCpuCalls = 0;
    int64_t m_workerBatches = 0; ///< batches the loop took from a worker (WaitData)
    size_t m_windowsKept = 0;
    double m_startCpu = 0, m_initCpu = 0, m_initRunq = 0, m_exitSum = 0; ///< us
    int64_t m_startsCosted = 0, m_initCosts = 0, m_exits = 0;
    std::set<int> m_coldLanes; ///< worker lanes ready (WorkerInit) whose first batch has not ended
    /// The loop's first receive from each new worker. A batch's main PassCost and HandOverCost
    /// come before its WaitData in the engine's recordings and after it in the probe's: the
    /// last batch's are kept for the one order, the first batches' keys for the other.
    struct MainCost
    {
        int64_t key = INT64_MIN;
        double receive_us = 0, handover_us = 0;
        int64_t handovers = 0;
        void add(const MainCost& c);
    };
    /// A main PassCost or HandOverCost: into the first receives' sums, or the last batch's.
    void addMainCost(const MainCost& c);
    std::set<int> m_unreceived;   ///< worker lanes ready whose first batch the loop has not taken
    std::set<int64_t> m_firstKeys; ///< first batches taken, their costs not yet seen
    MainCost m_lastMain;
    MainCost m_firstSum;          ///< the first receives' costs, summed (also in the sums above)
    int64_t m_firstReceives = 0;
};

/** observeTimings over a whole vector of events. */
void observeTimings(const std::vector<Event>& events, LoaderObservation& obs);

/**
 * The knobs the probe read from one DataLoader and what it counted of it: an entry of "loaders" in
 * a probe summary, or in a live probe segment's description ({"knobs": {...}, "epochs": ...}; the
 * counts may be missing there). Throws nlohmann's parse error on text that is not JSON.
 */
LoaderObservation observationFromLoaderJson(const std::string& loaderJson);

/** The "observed" object of a probe summary, and back (throws ConfigError on a bad object). */
std::string observationToJson(const LoaderObservation& obs);
LoaderObservation observationFromJson(const std::string& json);

/**
 * The engine config that models the observed loader: the same knobs, a dataset whose samples take
 * the observed off-CPU time (lognormal; none where it is a few percent of the fetch) and CPU time,
 * of the observed size; the workers' send CPU and the main thread's receive CPU per byte; the step
 * as CPU work in the main process (train.step_on "cpu": its CPU and off-CPU time, and its other
 * threads' CPU as train.threads_cpu_us), or on the
 * simulated device when the job timed it on a GPU. docs/config.md, "Fitted keys".
 */
Config fitConfig(const LoaderObservation& obs);

} // namespace loaderscope

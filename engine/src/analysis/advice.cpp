// SPDX-License-Identifier: MIT
// The advice rules. Each rule reads measured figures only (RunFigures), names one knob and a value,
// and fires on a cost that is a share of the loop's time. The worker count is computed from a
// small model of the pool: a worker makes at most 1 / (I + C) samples a second (I: off-CPU time per
// sample, C: CPU time per sample), the cores make at most P / C, and the loop consumes at most
// samples / (its time outside next()).
#include "loaderscope/analysis/advice.h"
#include "loaderscope/results/figure_text.h"

#include "loaderscope/config/config.h"
#include "loaderscope/shm/memory.h"
#include "loaderscope/shm/shm_layout.h"
#include "loaderscope/config/config_schema.h"
#include "loaderscope/base/sentences.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace loaderscope {

namespace {

namespace id = advice_id;

/// More workers than this is never suggested (memory and file descriptors grow with them).
constexpr int kMaxSuggestedWorkers = 64;
/// Head room over the modelled need: variance in sample cost, scheduling.
constexpr double kWorkerHeadroom = 1.1;

/// An advice without its text: adviseRun writes every text from the catalogue at the end.
Advice make(const char* adviceId, const std::string& knob, KnobValue suggest,
            std::vector<std::pair<std::string, double>> evidence)
{
    Advice a;
    a.id = adviceId;
    a.knob = knob;
    a.suggest = std::move(suggest);
    a.evidence = std::move(evidence);
    return a;
}

/** The pool model of the file comment, from the run's own figures. */
struct PoolModel
{
    double io = 0;          ///< off-CPU seconds per sample
    double cpu = 0;         ///< CPU seconds per sample
    double cores = 1;       ///< usable by the workers
    double demand = 0;      ///< samples/s the loop would take if it never waited
    double target = 0;      ///< min(demand, what the cores can make)
    /// CPU seconds the job spends per sample delivered: the fetch's, and where the recording has
    /// them, the hand-over, the loop's receiving and a step on the CPU (job_cpu_fraction)
    double jobCpu = 0;
    int needed = 0;         ///< workers that make `target`
    double workerCores = 0; ///< cores the fetching lanes used (CPU time / loop time)
    /// cores the whole job used over the loop (RunFigures::job_cpu_fraction): the fetches, the
    /// workers handing batches on, the main process receiving them and stepping on the host
    double jobCores = 0;
    bool jobCostsKnown = false; ///< the recording has the *Cost events beyond the fetches
    double cpuWait = 0;     ///< share of busy time spent waiting for a core
};

PoolModel modelPool(const RunSummary& s)
{
    const RunFigures& f = s.figures;
    PoolModel m;
    m.io = f.io_s_per_sample;
    m.cpu = f.cpu_s_per_sample;
    // The pin-memory thread's copies run on the same cores.
    m.cores = std::max(0.5, double(std::max(1, s.cores)) - f.pin_busy_fraction);
    // What the loop would take if it never waited: the host's time outside next(), and the
    // device's own pace (its step kernels) when there is one.
    const double outside = f.seconds * (1.0 - f.data_stall_fraction);
    m.demand = outside > 1e-6 ? double(f.samples) / outside : 1e12;
    if (f.kernel_s > 0)
        m.demand = std::min(m.demand, double(f.samples) / f.kernel_s);
    // The cores make at most cores / (the job's CPU per sample) samples a second: its fetches'
    // CPU, and where known everything else the job spends per sample on the same cores.
    m.jobCostsKnown = f.main_cpu_fraction > 0;
    const double jobPerSample = m.jobCostsKnown && f.samples_per_s > 0 ? f.job_cpu_fraction / f.samples_per_s : 0.0;
    m.jobCpu = std::max(m.cpu, jobPerSample);
    const double cpuCap = m.jobCpu > 0 ? m.cores / m.jobCpu : 1e12;
    m.target = std::min(m.demand, cpuCap);
    double busy = 0, wait = 0;
    auto add = [&](const WorkerFigures& w) {
        m.workerCores += w.cpu_fraction;
        wait += w.cpu_wait_fraction;
        busy += w.busy_fraction;
    };
    for (const WorkerFigures& w : f.workers)
        add(w);
    if (f.main_fetch)
        add(*f.main_fetch);
    m.jobCores = f.job_cpu_fraction;
    m.cpuWait = busy > 0 ? wait / busy : 0;
    // A sample's time in a worker: its I/O and CPU, and the wait for a core on the way (on a busy
    // machine a worker waking from I/O queues for a core): busy = (io + cpu) / (1 - that share).
    const double perWorker = (m.io + m.cpu) / std::max(0.1, 1.0 - m.cpuWait);
    // Head room for the off-CPU part only: CPU-bound work cannot use more workers than cores.
    const double headroom = perWorker > 0 ? 1.0 + (kWorkerHeadroom - 1.0) * (perWorker - m.cpu) / perWorker : 1.0;
    m.needed = perWorker > 0 ? int(std::ceil(m.target * perWorker * headroom - 1e-9)) : 1;
    // Never more workers than the CPU can feed: the time a worker waits for a core is waiting,
    // not work. All of them busy at once want needed x cpu / (io + cpu) cores; beyond the cores
    // they only queue for them (issue 47: 12 workers on 2 cores were advised 28, measured best 4).
    if (m.cpu > 0 && cpuCap < 1e12) {
        const int fed = std::max(1, int(std::ceil(cpuCap * (m.io + m.cpu) - 1e-9)));
        m.needed = std::min(m.needed, fed);
    }
    m.needed = std::clamp(m.needed, 1, kMaxSuggestedWorkers);
    return m;
}

/**
 * More workers. Where that is more than the cores, PyTorch warns ("suggested max number of
 * worker in current system is N"): the sentence says why both hold, from the measured share of a
 * sample's time the worker sleeps on I/O (the cores are free meanwhile).
 */
Advice raiseWorkersAdvice(const PoolModel& m, int nw, int cores, double stall)
{
    const double ioShare = m.io + m.cpu > 0 ? m.io / (m.io + m.cpu) : 0.0;
    return make(id::kRaiseNumWorkers, "loader.num_workers", KnobValue::of(double(m.needed)),
                {{"data_stall_fraction", stall}, {"io_ms_per_sample", m.io * 1e3}, {"cpu_ms_per_sample", m.cpu * 1e3},
                 {"target_samples_per_s", m.target}, {"suggest", m.needed}, {"num_workers", nw}, {"cores", cores},
                 {"io_share", ioShare}});
}

/**
 * Head-of-line blocking explains the wait when most of it was spent on a late batch while later
 * ones were ready: then neither more workers nor a deeper window would shorten it.
 */
bool headOfLineDominates(const LoaderKnobs& k, const RunFigures& f)
{
    if (k.num_workers <= 1 || !k.in_order || f.workers.empty())
        return false;
    // It costs throughput only when the workers stood idle meanwhile: the prefetch window filled
    // with ready batches behind the late one. Busy workers would not have made more.
    double idle = 0;
    for (const WorkerFigures& w : f.workers)
        idle += w.idle_fraction / double(f.workers.size());
    return f.head_of_line_fraction >= AdviceThresholds::kHeadOfLine &&
           f.head_of_line_fraction >= 0.5 * f.data_stall_fraction && idle >= 0.2;
}

void inputBoundRules(const LoaderKnobs& k, const RunSummary& s, std::vector<Advice>& out)
{
    if (headOfLineDominates(k, s.figures))
        return; // the in_order rule explains this wait
    const RunFigures& f = s.figures;
    const double stall = f.data_stall_fraction;
    const PoolModel m = modelPool(s);
    const int nw = k.num_workers;
    // Saturated: the fetching lanes use (nearly) every usable core, or queue for one a lot while
    // their work is mostly CPU or they use a good part of the cores (more workers would queue
    // behind each other). Queueing while the workers mostly sleep on I/O and use little CPU is
    // other work on the machine: more workers still overlap their I/O (measured: 4 -> 7 -> 9
    // workers +59 %, +87 % on 2 loaded cores).
    const bool queued = m.cpuWait >= 0.25 && (m.cpu >= m.io || m.workerCores >= 0.5 * m.cores);
    // The job's own CPU: the fetches, and what it pays around them (the workers handing batches
    // on, the loop receiving them and a step on the CPU). A CPU-bound torchvision job with a CPU
    // step fills 2 cores so while its fetches alone use 1.2 of them.
    const bool ownUse = m.workerCores >= AdviceThresholds::kCpuSaturated * m.cores;
    const bool jobUse =
        !ownUse && m.jobCostsKnown && m.jobCores >= AdviceThresholds::kCpuSaturated * double(std::max(1, s.cores));
    if (ownUse || jobUse || queued) {
        // The workers' own CPU time fills the cores, or the whole job's does, or they queue for a
        // core (other work on the machine, or more runnable threads than cores): more workers
        // cannot make more.
        out.push_back(make(id::kCpuBound, "", {},
                           {{"data_stall_fraction", stall}, {"num_workers", nw}, {"cores_used", m.workerCores},
                            {"cores", s.cores}, {"cpu_ms_per_sample", m.cpu * 1e3}, {"cpu_wait_share", m.cpuWait},
                            {"job_cores_used", m.jobCores}, {"with_loop", jobUse ? 1.0 : 0.0},
                            {"contended", ownUse || jobUse ? 0.0 : 1.0}}));
        return;
    }
    if (m.needed > nw) {
        out.push_back(raiseWorkersAdvice(m, nw, s.cores, stall));
        return;
    }
    // Enough workers on average, yet the loop waits: the pin thread, or bursts.
    if (k.pin_memory == "true" && f.pin_busy_fraction >= 0.7) {
        const std::vector<std::pair<std::string, double>> evidence = {{"pin_busy_fraction", f.pin_busy_fraction},
                                                                      {"data_stall_fraction", stall}};
        // pin_memory "shared" is the engine's own; a watched job's torch has no such value.
        if (!k.torch_version.empty())
            out.push_back(make(id::kPinThreadBound, "", {}, evidence));
        else
            out.push_back(make(id::kPinThreadBound, "loader.pin_memory", KnobValue::of(std::string("shared")), evidence));
        return;
    }
    if (nw > 0) {
        const int suggest = std::min(8, std::max(k.prefetch_factor * 2, k.prefetch_factor + 2));
        out.push_back(make(id::kRaisePrefetch, "loader.prefetch_factor", KnobValue::of(double(suggest)),
                           {{"data_stall_fraction", stall}, {"num_workers", nw}, {"needed", m.needed},
                            {"prefetch_factor", k.prefetch_factor}, {"suggest", suggest}}));
    }
}

/** Head-of-line blocking: in_order=False, or, where the job's torch has no in_order, an upgrade. */
Advice inOrderAdvice(const LoaderKnobs& k, const RunFigures& f)
{
    double idle = 0;
    for (const WorkerFigures& w : f.workers)
        idle += w.idle_fraction / double(f.workers.size());
    std::vector<std::pair<std::string, double>> evidence = {{"head_of_line_fraction", f.head_of_line_fraction},
                                                            {"worker_idle_mean", idle},
                                                            {"longest_head_of_line_ms", f.longest_head_of_line_s * 1e3}};
    if (!k.has("loader.in_order"))
        return make(id::kUpgradeTorchInOrder, "", {}, std::move(evidence));
    return make(id::kInOrder, "loader.in_order", KnobValue::of(false), std::move(evidence));
}

/** A few samples make much of the wait: name them (no knob makes one sample cheaper). */
void slowSampleRule(const RunFigures& f, std::vector<Advice>& out)
{
    const SlowSampleStall stall = slowSampleStall(f);
    const double steady = stall.waitedNs / std::max(1e-9, f.seconds * 1e9);
    if (f.slowest_samples.empty() || steady < AdviceThresholds::kInputBound || stall.waitedNs <= 0)
        return;
    const uint64_t fetchMedian = stageQuantileNs(f.distributions, "fetch", 0.5);
    const uint64_t waitMedian = stageQuantileNs(f.distributions, "wait", 0.5);
    const SlowFetch& slowest = f.slowest_samples.front();
    const double times = timesMedian(slowest, fetchMedian);
    if (stall.share() < AdviceThresholds::kSlowSamplesShare || times < AdviceThresholds::kSlowSampleTimesMedian)
        return;
    std::vector<int64_t> batches;
    for (const SlowFetch& x : f.slowest_samples)
        if (stallAddedNs(x, waitMedian) > 0 && std::find(batches.begin(), batches.end(), batchKey(x.epoch, x.batch)) == batches.end())
            batches.push_back(batchKey(x.epoch, x.batch));
    out.push_back(make(id::kSlowSamples, "", {},
                       {{"slow_stall_share", stall.share()}, {"slow_stall_ms", stall.addedNs * 1e-6},
                        {"slow_batches", double(batches.size())}, {"slowest_sample", double(slowest.sample)},
                        {"slowest_ms", double(slowest.ns) * 1e-6}, {"slowest_times_median", times},
                        {"slowest_worker", double(slowest.worker)}, {"slowest_batch", double(slowest.batch)},
                        {"data_stall_fraction", steady}}));
}

void copyRules(const LoaderKnobs& k, const RunSummary& s, std::vector<Advice>& out)
{
    const RunFigures& f = s.figures;
    if (f.copies == 0)
        return;
    const double cost = AdviceThresholds::kCostThatMatters;
    if (k.pin_memory == "false" && f.pageable_blocked_fraction >= cost)
        out.push_back(make(id::kPinMemory, "loader.pin_memory", KnobValue::of(true),
                           {{"pageable_blocked_fraction", f.pageable_blocked_fraction},
                            {"non_blocking", k.non_blocking ? 1.0 : 0.0}}));
    if (!k.non_blocking && k.pin_memory != "false" && f.sync_copy_blocked_fraction >= cost)
        out.push_back(make(id::kNonBlocking, "train.non_blocking", KnobValue::of(true),
                           {{"sync_copy_blocked_fraction", f.sync_copy_blocked_fraction}}));
    const double copyShare = f.seconds > 0 ? f.copy_s / f.seconds : 0;
    if (!k.copy_stream && f.overlap_fraction && *f.overlap_fraction < 0.2 && copyShare >= cost)
        out.push_back(make(id::kCopyStream, "train.copy_stream", KnobValue::of(true),
                           {{"copy_share", copyShare}, {"overlap_fraction", *f.overlap_fraction}}));
}

void startupRules(const LoaderKnobs& k, const RunSummary& s, std::vector<Advice>& out)
{
    const RunFigures& f = s.figures;
    if (k.num_workers == 0 || f.startups == 0 || f.seconds <= 0)
        return;
    const double share = f.startup_s / f.seconds;
    const double perEpoch = f.startup_s / f.startups;
    if (share < AdviceThresholds::kCostThatMatters)
        return;
    if (!k.persistent_workers && f.startups > 1)
        out.push_back(make(id::kPersistentWorkers, "loader.persistent_workers", KnobValue::of(true),
                           {{"startup_ms_per_epoch", perEpoch * 1e3}, {"startups", f.startups}, {"startup_share", share}}));
    if (k.multiprocessing_context == "spawn")
        out.push_back(make(id::kSpawnStartup, "loader.multiprocessing_context", KnobValue::of(std::string("fork")),
                           {{"startup_ms_per_epoch", perEpoch * 1e3}, {"num_workers", k.num_workers}, {"startup_share", share}}));
}

/**
 * Memory: copy-on-read (worker USS growing with the samples read), then, when memory is tight
 * (the processes near the cgroup's or the machine's limit, or the segment near /dev/shm's size),
 * what takes it: the batch slots (fewer in flight) or the workers' private memory (fewer workers).
 */
void memoryRules(const LoaderKnobs& k, const RunSummary& s, std::vector<Advice>& out)
{
    if (!s.figures.memory)
        return;
    const MemoryFigures& m = *s.figures.memory;
    const int nw = k.num_workers;
    const double mainRss = double(m.main.peak_rss_bytes);
    double growth = 0, workerUss = 0, pss = double(m.main.peak_pss_bytes);
    for (const WorkerMemory& w : m.workers) {
        growth += double(w.uss_growth_bytes);
        workerUss += double(w.peak_uss_bytes);
        pss += double(w.peak_pss_bytes);
    }
    if (!m.workers.empty()) {
        const double mean = growth / double(m.workers.size());
        // USS also counts the segment's pages that only this worker has touched (the slots it
        // collated into): growth the slot section could explain is not copy-on-read. (Its event
        // ring's pages are read by the main process, so they are shared, not private.)
        const double slots = double(m.slots_bytes > 0 ? m.slots_bytes : m.segment_bytes);
        const double unexplained = mean - slots;
        if (unexplained >= AdviceThresholds::kCopyOnReadBytes && growth >= AdviceThresholds::kCopyOnReadShare * mainRss) {
            const bool ours = k.objects_layout == "refcounted";
            out.push_back(make(id::kCopyOnRead, ours ? "dataset.objects.layout" : "",
                               ours ? KnobValue::of(std::string("contiguous")) : KnobValue{},
                               {{"worker_uss_growth_mean_bytes", mean}, {"worker_uss_growth_bytes", growth},
                                {"main_peak_rss_bytes", mainRss}, {"num_workers", nw}, {"slots_bytes", slots}}));
        }
    }
    if (nw == 0)
        return;
    const double segment = double(m.segment_bytes), limit = double(m.limit_bytes), shm = double(m.dev_shm_size_bytes);
    // PSS adds up to what the processes use together; the segment's pages are charged whether
    // mapped or not (tmpfs), so it is added whole (its mapped part is counted twice: an upper bound).
    const double total = pss + segment;
    const bool tight = limit > 0 && total >= AdviceThresholds::kMemoryTight * limit;
    const bool shmTight = shm > 0 && segment >= AdviceThresholds::kMemoryTight * shm;
    if ((tight && segment >= 0.5 * total) || shmTight) {
        const bool byPrefetch = k.prefetch_factor > 1;
        const int suggest = byPrefetch ? std::max(1, k.prefetch_factor / 2) : std::max(1, nw / 2);
        if (!byPrefetch && suggest == nw)
            return; // one worker, one batch ahead: only smaller batches would help (said by the error)
        out.push_back(make(id::kShmSlots, byPrefetch ? "loader.prefetch_factor" : "loader.num_workers",
                           KnobValue::of(double(suggest)),
                           {{"segment_bytes", segment}, {"segment_share", segment / (shmTight ? shm : limit)},
                            {"consumer_slots", double(ShmLayout::kConsumerSlots)},
                            {"against_dev_shm", shmTight ? 1.0 : 0.0}, {"dev_shm_size_bytes", shm},
                            {"dev_shm_min_free_bytes", double(m.dev_shm_min_free_bytes)}, {"limit_bytes", limit},
                            {"total_bytes", total}, {"prefetch_factor", k.prefetch_factor}, {"num_workers", nw},
                            {"suggest", suggest}}));
        return;
    }
    if (tight && nw > 1 && workerUss >= 0.5 * total) {
        const double mean = workerUss / nw;
        const int fit = int(std::floor((AdviceThresholds::kMemoryTight * limit - (total - workerUss)) / mean));
        const int suggest = std::clamp(fit, 1, nw - 1);
        out.push_back(make(id::kWorkerMemory, "loader.num_workers", KnobValue::of(double(suggest)),
                           {{"worker_uss_bytes", workerUss}, {"worker_uss_mean_bytes", mean}, {"total_bytes", total},
                            {"limit_bytes", limit}, {"num_workers", nw}, {"suggest", suggest}}));
    }
}

} // namespace

KnobValue LoaderKnobs::value(const std::string& knob) const
{
    if (knob == "loader.num_workers")
        return KnobValue::of(double(num_workers));
    if (knob == "loader.prefetch_factor")
        return KnobValue::of(double(prefetch_factor));
    if (knob == "loader.persistent_workers")
        return KnobValue::of(persistent_workers);
    if (knob == "loader.pin_memory")
        return pin_memory == "shared" ? KnobValue::of(std::string("shared")) : KnobValue::of(pin_memory == "true");
    if (knob == "loader.in_order")
        return KnobValue::of(in_order);
    if (knob == "loader.multiprocessing_context")
        return KnobValue::of(multiprocessing_context);
    if (knob == "loader.batch_size")
        return KnobValue::of(double(batch_size));
    if (knob == "train.non_blocking")
        return KnobValue::of(non_blocking);
    if (knob == "train.copy_stream")
        return KnobValue::of(copy_stream);
    if (knob == "dataset.objects.layout" && !objects_layout.empty())
        return KnobValue::of(objects_layout);
    return {};
}

bool LoaderKnobs::has(const std::string& knob) const
{
    if (torch_version.empty())
        return true; // the engine's own run: every knob is its own
    const TorchKnobs t = torchKnobs(torch_version);
    if (knob == "loader.in_order")
        return t.in_order;
    if (knob == "loader.persistent_workers" || knob == "loader.prefetch_factor")
        return t.persistent_workers;
    return true;
}

LoaderKnobs::LoaderKnobs()
{
    // The config's defaults, as the schema has them (one definition, docs/config.md).
    auto number = [](const char* path) { return configKey(path).number; };
    num_workers = int(number("loader.num_workers"));
    prefetch_factor = int(number("loader.prefetch_factor"));
    persistent_workers = configKey("loader.persistent_workers").flag();
    pin_memory = configKey("loader.pin_memory").text;
    in_order = configKey("loader.in_order").flag();
    multiprocessing_context = configKey("loader.multiprocessing_context").text;
    batch_size = int64_t(number("loader.batch_size"));
    epochs = int(number("train.epochs"));
    non_blocking = configKey("train.non_blocking").flag();
    copy_stream = configKey("train.copy_stream").flag();
}

LoaderKnobs LoaderKnobs::fromConfig(const Config& c)
{
    LoaderKnobs k;
    k.num_workers = c.loader.num_workers;
    k.prefetch_factor = c.loader.prefetch_factor;
    k.persistent_workers = c.loader.persistent_workers;
    // The schema's choices name the enums' values in their order.
    k.pin_memory = configKey("loader.pin_memory").choices.at(size_t(c.loader.pin_memory));
    k.in_order = c.loader.in_order;
    k.multiprocessing_context = configKey("loader.multiprocessing_context").choices.at(size_t(c.loader.start_method));
    k.batch_size = c.batchSize();
    k.epochs = c.train.epochs;
    k.non_blocking = c.train.non_blocking;
    k.copy_stream = c.train.copy_stream;
    if (c.dataset.objects)
        k.objects_layout = c.dataset.objects->layout == ObjectsConfig::Layout::Contiguous ? "contiguous" : "refcounted";
    return k;
}

std::vector<Advice> adviseRun(const LoaderKnobs& k, const RunSummary& s)
{
    std::vector<Advice> out;
    const RunFigures& f = s.figures;
    // Memory advice rests on sampled memory: a run killed for its memory needs it most.
    memoryRules(k, s, out);
    // Advice about throughput needs a run that ran to its end, with no worker stuck on a task (a
    // stuck worker is the finding, not the pool's size).
    if (s.exit_code != 0 || s.interrupted || f.batches == 0 || f.seconds <= 0 || s.stalled_tasks > 0)
        return out;
    const double stall = f.data_stall_fraction;
    // The loop waits while the workers start, whatever the pool: that part is the start-up
    // rules' (persistent_workers, fork). The pool's rules look at the rest.
    const double startupShare = k.num_workers > 0 ? std::min(stall, f.startup_s / f.seconds) : 0.0;
    const double steady = stall - startupShare;
    if (steady >= AdviceThresholds::kInputBound)
        inputBoundRules(k, s, out);
    if (headOfLineDominates(k, f))
        out.push_back(inOrderAdvice(k, f));
    slowSampleRule(f, out);
    copyRules(k, s, out);
    startupRules(k, s, out);
    // One verdict for the whole loop (loopInputShare, past the start-up the start-up rules speak
    // of): the wait for data and the copies' block. Where the copies block the host, the loop
    // will run faster once they do not, so fewer workers is never advised beside that.
    const double inputCost = loopInputShare(f) - startupShare;
    if (inputCost < AdviceThresholds::kInputBound) {
        // Workers mostly idle while the prefetch window stays full: fewer would keep up.
        const PoolModel m = modelPool(s);
        double meanBusy = 0;
        for (const WorkerFigures& w : f.workers)
            meanBusy += w.busy_fraction / double(f.workers.size());
        const int window = k.prefetch_factor * k.num_workers;
        const double perWorker = m.io + m.cpu;
        const int enough = std::max(1, int(std::ceil(f.samples_per_s * perWorker * 1.25)));
        if (k.num_workers > 1 && meanBusy < 0.5 && window > 0 && f.mean_ready_batches >= 0.5 * window &&
            enough < k.num_workers)
            out.push_back(make(id::kFewerWorkers, "loader.num_workers", KnobValue::of(double(enough)),
                               {{"worker_busy_mean", meanBusy}, {"mean_ready_batches", f.mean_ready_batches},
                                {"window", window}, {"suggest", enough}}));
    }
    // Never a knob the job's torch lacks (the rules that have a better finding said it already).
    std::erase_if(out, [&k](const Advice& a) { return !a.knob.empty() && !k.has(a.knob); });
    // "The training step is the bottleneck; no loader knob will make this run faster" only where
    // the verdict says so too (the whole loop's input share, start-up and the copies' block
    // included, under kInputBound: a short run whose workers' start takes most of it is not
    // training-bound) and no rule above found a change that would make it faster: it never
    // stands beside a knob that aims faster, nor beside an input-bound verdict.
    const bool fasterAdvised =
        std::any_of(out.begin(), out.end(), [](const Advice& a) { return adviceAimsFaster(a.id); });
    if (loopInputShare(f) < AdviceThresholds::kInputBound && !fasterAdvised)
        out.push_back(make(id::kTrainingBound, "", {},
                           {{"data_stall_fraction", steady}, {"startup_share", startupShare}}));
    for (Advice& a : out) {
        if (!s.figures_reliable)
            a.evidence.emplace_back("events_lost", double(s.events_lost));
        a.text = adviceText(a);
    }
    return out;
}

SlowSampleStall slowSampleStall(const RunFigures& f)
{
    SlowSampleStall out;
    if (f.seconds <= 0)
        return out;
    const double startupShare = std::min(f.data_stall_fraction, f.startup_s / f.seconds);
    out.waitedNs = std::max(0.0, (f.data_stall_fraction - startupShare) * f.seconds * 1e9);
    const uint64_t waitMedian = stageQuantileNs(f.distributions, "wait", 0.5);
    const double perStart = f.startups > 0 ? f.startup_s * 1e9 / double(f.startups) : 0.0;
    std::vector<int64_t> seen;
    for (const SlowFetch& s : f.slowest_samples) {
        const int64_t key = batchKey(s.epoch, s.batch);
        if (std::find(seen.begin(), seen.end(), key) != seen.end())
            continue;
        seen.push_back(key);
        double added = double(stallAddedNs(s, waitMedian));
        if (s.batch == 0 && s.epoch < f.startups) // this epoch's workers started: its first batch waited for them
            added = std::max(0.0, added - perStart);
        out.addedNs += added;
    }
    return out;
}

bool adviceAimsFaster(const std::string& adviceId)
{
    return adviceId != id::kFewerWorkers && adviceId != id::kTrainingBound && adviceId != id::kCpuBound &&
           adviceId != id::kCopyOnRead && adviceId != id::kWorkerMemory && adviceId != id::kShmSlots;
}

std::vector<KnobValue> proofValues(const LoaderKnobs& k, const Advice& a)
{
    std::vector<KnobValue> values;
    const KnobValue current = k.value(a.knob);
    if (a.knob.empty() || current.isNone() || a.suggest.isNone())
        return values;
    values.push_back(current);
    values.push_back(a.suggest);
    if (a.suggest.type == KnobValue::Type::Number && current.type == KnobValue::Type::Number) {
        // One beyond the advised value, in the same direction.
        const double step = std::max(1.0, std::round(std::abs(a.suggest.number - current.number) / 2));
        const double beyond = a.suggest.number + (a.suggest.number >= current.number ? step : -step);
        if (beyond >= (a.knob == "loader.num_workers" ? 0 : 1) && beyond != current.number)
            values.push_back(KnobValue::of(beyond));
    }
    return values;
}

void applyProof(Advice& a, const std::vector<std::pair<KnobValue, std::vector<double>>>& runs)
{
    AdviceProof p;
    for (const auto& [value, rates] : runs) {
        p.measured.emplace_back(value, Spread::of(rates).median);
        p.runs.push_back(rates);
    }
    if (runs.size() < 2 || p.measured[0].second <= 0) {
        p.outcome = proof::kNotMeasured;
    } else {
        const Spread current = p.spread(0), advised = p.spread(1);
        p.gain = advised.median / current.median - 1.0;
        if (adviceAimsFaster(a.id)) {
            // A gain within the spread of the repeated runs is noise, however large its median.
            p.confirmed = p.gain >= AdviceThresholds::kConfirmGain && clearlyAbove(advised, current);
            p.outcome = p.confirmed                                   ? proof::kConfirmed
                        : p.gain >= AdviceThresholds::kConfirmGain ? proof::kWithinSpread
                                                                      : proof::kNotConfirmed;
            // One beyond the advice measured faster still, beyond the spread: the peak may lie further.
            p.faster_still = p.confirmed && p.measured.size() > 2 && clearlyAbove(p.spread(2), advised) &&
                             p.measured[2].second > advised.median * (1 + AdviceThresholds::kConfirmGain);
        } else {
            // Advice that promises the same throughput with less: refuted only by a loss beyond the
            // threshold and beyond the spread.
            p.confirmed = !(p.gain < -AdviceThresholds::kConfirmGain && clearlyAbove(current, advised));
            p.outcome = p.confirmed ? proof::kSameThroughput : proof::kSlower;
        }
    }
    a.proof = p;
    a.proof->text = proofText(a);
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// The advice rules. Each rule reads measured figures only (RunFigures), names one knob and a value,
// and fires on a cost that is a share of the loop's time. The worker count is computed from a
// small model of the pool: a worker makes at most 1 / (I + C) samples a second (I: off-CPU time per
// sample, C: CPU time per sample), the cores make at most P / C, and the loop consumes at most
// samples / (its time outside next()).
#include "loaderscope/advice.h"
#include "loaderscope/figure_text.h"

#include "loaderscope/config.h"
#include "loaderscope/memory.h"
#include "loaderscope/shm_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace loaderscope {

namespace {

namespace id = advice_id;

/// More workers than this is never suggested (memory and file descriptors grow with them).
constexpr int kMaxSuggestedWorkers = 64;
/// Head room over the modelled need: variance in sample cost, scheduling.
constexpr double kWorkerHeadroom = 1.1;

std::string pct(double f)
{
    return percentText(f);
}

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string ms(double seconds)
{
    return fixed(seconds * 1e3, seconds * 1e3 < 10 ? 2 : 0);
}

Advice make(const char* adviceId, const std::string& knob, KnobValue suggest, std::string text,
            std::vector<std::pair<std::string, double>> evidence)
{
    Advice a;
    a.id = adviceId;
    a.knob = knob;
    a.suggest = std::move(suggest);
    a.text = std::move(text);
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
    int needed = 0;         ///< workers that make `target`
    double workerCores = 0; ///< cores the fetching lanes used (CPU time / loop time)
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
    const double cpuCap = m.cpu > 0 ? m.cores / m.cpu : 1e12;
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
    m.cpuWait = busy > 0 ? wait / busy : 0;
    // A sample's time in a worker: its I/O and CPU, and the wait for a core on the way (on a busy
    // machine a worker waking from I/O queues for a core): busy = (io + cpu) / (1 - that share).
    const double perWorker = (m.io + m.cpu) / std::max(0.1, 1.0 - m.cpuWait);
    // Head room for the off-CPU part only: CPU-bound work cannot use more workers than cores.
    const double headroom = perWorker > 0 ? 1.0 + (kWorkerHeadroom - 1.0) * (perWorker - m.cpu) / perWorker : 1.0;
    m.needed = perWorker > 0 ? int(std::ceil(m.target * perWorker * headroom - 1e-9)) : 1;
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
    std::string text = "the loop waits " + pct(stall) + " of its time for data; each sample spends " + ms(m.io) +
                       " ms off the CPU (I/O) and " + ms(m.cpu) + " ms on it, so keeping up with " +
                       std::to_string(int(std::lround(m.target))) + " samples/s takes about " +
                       std::to_string(m.needed) + " workers (now " + std::to_string(nw) + ", on " +
                       std::to_string(cores) + " cores): raise num_workers to " + std::to_string(m.needed);
    if (m.needed > cores)
        text += ". PyTorch will warn that its suggested max number of workers is " + std::to_string(cores) +
                " (the cores); more fit here because each worker sleeps on I/O " + pct(ioShare) +
                " of a sample's time, and a sleeping worker leaves its core free";
    return make(id::kRaiseNumWorkers, "loader.num_workers", KnobValue::of(double(m.needed)), text,
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
    const bool saturated = m.workerCores >= AdviceThresholds::kCpuSaturated * m.cores || queued;
    if (saturated) {
        // Either the workers' own CPU time fills the cores, or they queue for a core (other work
        // on the machine, or more runnable threads than cores): more workers cannot make more.
        const bool ownUse = m.workerCores >= AdviceThresholds::kCpuSaturated * m.cores;
        const std::string why = ownUse ? "the " + std::to_string(nw) + " workers already use " + fixed(m.workerCores, 1) +
                                             " of the " + std::to_string(s.cores) + " cores"
                                       : "the " + std::to_string(nw) + " workers wait for a free core " + pct(m.cpuWait) +
                                             " of their busy time (the " + std::to_string(s.cores) +
                                             " cores are taken by other work, or oversubscribed)";
        out.push_back(make(id::kCpuBound, "", {},
                           "the loop waits " + pct(stall) + " of its time for data, but " + why + " (" + ms(m.cpu) +
                               " ms of CPU per sample): more workers will not help; make each sample cheaper "
                               "(decoding, augmentation) or add cores",
                           {{"data_stall_fraction", stall}, {"num_workers", nw}, {"cores_used", m.workerCores},
                            {"cores", s.cores}, {"cpu_ms_per_sample", m.cpu * 1e3}, {"cpu_wait_share", m.cpuWait},
                            {"contended", ownUse ? 0.0 : 1.0}}));
        return;
    }
    if (m.needed > nw) {
        out.push_back(raiseWorkersAdvice(m, nw, s.cores, stall));
        return;
    }
    // Enough workers on average, yet the loop waits: the pin thread, or bursts.
    if (k.pin_memory == "true" && f.pin_busy_fraction >= 0.7) {
        const std::string finding = "the pin-memory thread copies batches " + pct(f.pin_busy_fraction) +
                                    " of the time and the loop waits " + pct(stall) + " for data: ";
        const std::vector<std::pair<std::string, double>> evidence = {{"pin_busy_fraction", f.pin_busy_fraction},
                                                                      {"data_stall_fraction", stall}};
        // pin_memory "shared" is the engine's own; a watched job's torch has no such value.
        if (!k.torch_version.empty())
            out.push_back(make(id::kPinThreadBound, "", {},
                               finding + "PyTorch pins every batch on that one thread; batches of fewer bytes (for "
                                         "example uint8 instead of float32 until they reach the device) take it less time",
                               evidence));
        else
            out.push_back(make(id::kPinThreadBound, "loader.pin_memory", KnobValue::of(std::string("shared")),
                               finding + "pin_memory \"shared\" lets the workers write into pinned memory and removes "
                                         "that copy",
                               evidence));
        return;
    }
    if (nw > 0) {
        const int suggest = std::min(8, std::max(k.prefetch_factor * 2, k.prefetch_factor + 2));
        out.push_back(make(id::kRaisePrefetch, "loader.prefetch_factor", KnobValue::of(double(suggest)),
                           "the loop waits " + pct(stall) + " of its time for data although " + std::to_string(nw) +
                               " workers keep up on average (about " + std::to_string(m.needed) +
                               " needed): batches arrive in bursts; raise prefetch_factor to " +
                               std::to_string(suggest) + " so more are ready in advance",
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
    const std::string finding = "the loop waited " + pct(f.head_of_line_fraction) +
                                " of its time for a late batch while later batches were already ready and the workers "
                                "stood idle " + pct(idle) + " of the time (the longest wait " +
                                ms(f.longest_head_of_line_s) + " ms): ";
    std::vector<std::pair<std::string, double>> evidence = {{"head_of_line_fraction", f.head_of_line_fraction},
                                                            {"worker_idle_mean", idle},
                                                            {"longest_head_of_line_ms", f.longest_head_of_line_s * 1e3}};
    if (!k.has("loader.in_order"))
        return make(id::kUpgradeTorchInOrder, "", {},
                    finding + "upgrade to torch ≥ 2.6 for in_order=False, which delivers the ready batches meanwhile "
                              "(this job's torch has no in_order)",
                    std::move(evidence));
    return make(id::kInOrder, "loader.in_order", KnobValue::of(false),
                finding + "in_order=False delivers the ready batches meanwhile (batch order then varies from run to run)",
                std::move(evidence));
}

void copyRules(const LoaderKnobs& k, const RunSummary& s, std::vector<Advice>& out)
{
    const RunFigures& f = s.figures;
    if (f.copies == 0)
        return;
    const double cost = AdviceThresholds::kCostThatMatters;
    if (k.pin_memory == "false" && f.pageable_blocked_fraction >= cost) {
        std::string text = "copies from pageable memory block the host " + pct(f.pageable_blocked_fraction) +
                           " of the loop while the driver stages them: set pin_memory=True";
        if (!k.non_blocking)
            text += " (copies overlap the step only with non_blocking=True as well)";
        out.push_back(make(id::kPinMemory, "loader.pin_memory", KnobValue::of(true), text,
                           {{"pageable_blocked_fraction", f.pageable_blocked_fraction},
                            {"non_blocking", k.non_blocking ? 1.0 : 0.0}}));
    }
    if (!k.non_blocking && k.pin_memory != "false" && f.sync_copy_blocked_fraction >= cost)
        out.push_back(make(id::kNonBlocking, "train.non_blocking", KnobValue::of(true),
                           "synchronous copies from pinned memory block the host " +
                               pct(f.sync_copy_blocked_fraction) +
                               " of the loop: set non_blocking=True so the host is free while they run",
                           {{"sync_copy_blocked_fraction", f.sync_copy_blocked_fraction}}));
    const double copyShare = f.seconds > 0 ? f.copy_s / f.seconds : 0;
    if (!k.copy_stream && f.overlap_fraction && *f.overlap_fraction < 0.2 && copyShare >= cost)
        out.push_back(make(id::kCopyStream, "train.copy_stream", KnobValue::of(true),
                           "copies take " + pct(copyShare) + " of the loop and overlap the step kernel only " +
                               pct(*f.overlap_fraction) + ": issue them on a separate copy stream (train.copy_stream)",
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
                           "starting the workers took " + ms(perEpoch) + " ms in each of " + std::to_string(f.startups) +
                               " epochs (" + pct(share) + " of the loop): set persistent_workers=True",
                           {{"startup_ms_per_epoch", perEpoch * 1e3}, {"startups", f.startups}, {"startup_share", share}}));
    if (k.multiprocessing_context == "spawn")
        out.push_back(make(id::kSpawnStartup, "loader.multiprocessing_context", KnobValue::of(std::string("fork")),
                           "spawn starts a fresh process per worker: " + ms(perEpoch) + " ms per epoch to start " +
                               std::to_string(k.num_workers) + " workers (" + pct(share) +
                               " of the loop); use multiprocessing_context \"fork\", or persistent_workers=True",
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
                               "each worker's private memory (USS) grew by " + formatBytes(uint64_t(mean)) +
                                   " on average as it read samples (" + formatBytes(uint64_t(growth)) +
                                   " in all; the main process peaked at " + formatBytes(uint64_t(mainRss)) +
                                   "): pages of the dataset's Python objects are copied into every worker when "
                                   "CPython writes their reference counts (copy-on-read after fork); keep the data in "
                                   "numpy arrays or tensors instead of lists of Python objects" +
                                   (ours ? " (here: dataset.objects.layout \"contiguous\")" : ""),
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
        const std::string against = shmTight ? "/dev/shm's " + formatBytes(uint64_t(shm))
                                             : "the memory limit of " + formatBytes(uint64_t(limit));
        out.push_back(make(id::kShmSlots, byPrefetch ? "loader.prefetch_factor" : "loader.num_workers",
                           KnobValue::of(double(suggest)),
                           "the batch slots in shared memory (num_workers x prefetch_factor + " +
                               std::to_string(ShmLayout::kConsumerSlots) + " of them, " + formatBytes(uint64_t(segment)) + " with the event rings) take " +
                               pct(segment / (shmTight ? shm : limit)) + " of " + against +
                               (byPrefetch ? ": lower prefetch_factor to " : ": lower num_workers to ") +
                               std::to_string(suggest) + " so fewer batches wait in memory",
                           {{"segment_bytes", segment}, {"against_dev_shm", shmTight ? 1.0 : 0.0}, {"dev_shm_size_bytes", shm},
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
                           "the " + std::to_string(nw) + " workers hold " + formatBytes(uint64_t(workerUss)) +
                               " of private memory (" + formatBytes(uint64_t(mean)) + " each), and the run uses " +
                               formatBytes(uint64_t(total)) + " of its " + formatBytes(uint64_t(limit)) +
                               " limit: lower num_workers to " + std::to_string(suggest) +
                               " (each worker holds its own copy of what it touched)",
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

LoaderKnobs LoaderKnobs::fromConfig(const Config& c)
{
    LoaderKnobs k;
    k.num_workers = c.loader.num_workers;
    k.prefetch_factor = c.loader.prefetch_factor;
    k.persistent_workers = c.loader.persistent_workers;
    k.pin_memory = c.loader.pin_memory == PinMemory::Shared ? "shared" : c.loader.pin_memory == PinMemory::On ? "true" : "false";
    k.in_order = c.loader.in_order;
    k.multiprocessing_context = c.loader.start_method == StartMethod::Spawn ? "spawn" : "fork";
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
    copyRules(k, s, out);
    startupRules(k, s, out);
    if (steady < AdviceThresholds::kInputBound) {
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
                               "workers are busy only " + pct(meanBusy) + " of the time while the prefetch window stays full (" +
                                   fixed(f.mean_ready_batches, 1) + " of " + std::to_string(window) +
                                   " batches ready on average): " + std::to_string(enough) +
                                   " workers would keep up and use less memory and CPU",
                               {{"worker_busy_mean", meanBusy}, {"mean_ready_batches", f.mean_ready_batches},
                                {"window", window}, {"suggest", enough}}));
        const bool startupMatters = startupShare >= 0.01;
        out.push_back(make(id::kTrainingBound, "", {},
                           (startupMatters ? "apart from starting the workers (" + pct(startupShare) + "), " : std::string()) +
                               "the loop waits only " + pct(steady) +
                               " of its time for data: the training step is the bottleneck; no loader knob will make this "
                               "run faster",
                           {{"data_stall_fraction", steady}, {"startup_share", startupShare}}));
    }
    // Never a knob the job's torch lacks (the rules that have a better finding said it already).
    std::erase_if(out, [&k](const Advice& a) { return !a.knob.empty() && !k.has(a.knob); });
    if (!s.figures_reliable)
        for (Advice& a : out) {
            a.text += " (measured on incomplete data: " + std::to_string(s.events_lost) + " events were lost)";
            a.evidence.emplace_back("events_lost", double(s.events_lost));
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

namespace {

/// "4: 4441 (4400–4500)": a value's median samples/s and, when repeated, its range.
std::string measuredText(const KnobValue& value, const Spread& s)
{
    std::string t = value.json() + ": " + std::to_string(int(std::lround(s.median)));
    if (s.runs >= 2)
        t += " (" + std::to_string(int(std::lround(s.min))) + "–" + std::to_string(int(std::lround(s.max))) + ")";
    return t;
}

} // namespace

void applyProof(Advice& a, const std::vector<std::pair<KnobValue, std::vector<double>>>& runs)
{
    AdviceProof p;
    for (const auto& [value, rates] : runs) {
        p.measured.emplace_back(value, Spread::of(rates).median);
        p.runs.push_back(rates);
    }
    if (runs.size() < 2 || p.measured[0].second <= 0) {
        p.text = "not measured";
        a.proof = p;
        return;
    }
    const Spread current = p.spread(0), advised = p.spread(1);
    p.gain = advised.median / current.median - 1.0;
    const std::string knobName = a.knob.substr(a.knob.find('.') + 1);
    auto signedPct = [](double g) {
        const int v = int(std::lround(g * 100));
        return std::string(v >= 0 ? "+" : "−") + percentText(std::abs(v) / 100.0);
    };
    std::string list;
    for (size_t i = 0; i < p.measured.size(); ++i)
        list += (list.empty() ? "" : ", ") + measuredText(p.measured[i].first, p.spread(i));
    const std::string head = "setting " + knobName + " to " + a.suggest.json() + " measured " + signedPct(p.gain) +
                             " samples/s (median of " + std::to_string(current.runs) + " runs: " + list + ")";
    if (adviceAimsFaster(a.id)) {
        // A gain within the spread of the repeated runs is noise, however large its median.
        p.confirmed = p.gain >= AdviceThresholds::kConfirmGain && clearlyAbove(advised, current);
        p.text = head;
        if (!p.confirmed)
            p.text += p.gain >= AdviceThresholds::kConfirmGain ? ": within the spread of the runs, not confirmed"
                                                               : ": not confirmed on this machine";
        else if (p.measured.size() > 2 && clearlyAbove(p.spread(2), advised) &&
                 p.measured[2].second > advised.median * (1 + AdviceThresholds::kConfirmGain))
            p.text += "; " + p.measured[2].first.json() + " was faster still";
    } else {
        // Advice that promises the same throughput with less: refuted only by a loss beyond the
        // threshold and beyond the spread.
        p.confirmed = !(p.gain < -AdviceThresholds::kConfirmGain && clearlyAbove(current, advised));
        p.text = head + (p.confirmed ? ": the same throughput" : ": slower, not confirmed");
    }
    a.proof = p;
}

} // namespace loaderscope

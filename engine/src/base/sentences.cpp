// SPDX-License-Identifier: MIT
// The catalogue itself: the advice and verdict texts, once. Which entry an advice takes is
// advice.cpp's adviceSentenceKeys; how a value is written per ArgKind is each front end's (the
// engine's English in advice.cpp, the app's per locale in gui/common/model/summarytext.cpp).
#include "loaderscope/base/sentences.h"

#include <algorithm>
#include <array>

namespace loaderscope {

namespace {

/// The evidence keys the sentences name, with the unit of their value (docs/config.md section 5).
constexpr std::array kArgs = {
    SentenceArg{"data_stall_fraction", ArgKind::Share},
    SentenceArg{"io_ms_per_sample", ArgKind::Millis},
    SentenceArg{"cpu_ms_per_sample", ArgKind::Millis},
    SentenceArg{"target_samples_per_s", ArgKind::Count},
    SentenceArg{"suggest", ArgKind::Count},
    SentenceArg{"num_workers", ArgKind::Count},
    SentenceArg{"cores", ArgKind::Count},
    SentenceArg{"io_share", ArgKind::Share},
    SentenceArg{"cores_used", ArgKind::Decimal1},
    SentenceArg{"cpu_wait_share", ArgKind::Share},
    SentenceArg{"contended", ArgKind::Flag},
    SentenceArg{"job_cores_used", ArgKind::Decimal1},
    SentenceArg{"with_loop", ArgKind::Flag},
    SentenceArg{"needed", ArgKind::Count},
    SentenceArg{"prefetch_factor", ArgKind::Count},
    SentenceArg{"pin_busy_fraction", ArgKind::Share},
    SentenceArg{"head_of_line_fraction", ArgKind::Share},
    SentenceArg{"worker_idle_mean", ArgKind::Share},
    SentenceArg{"longest_head_of_line_ms", ArgKind::Millis},
    SentenceArg{"pageable_blocked_fraction", ArgKind::Share},
    SentenceArg{"non_blocking", ArgKind::Flag},
    SentenceArg{"sync_copy_blocked_fraction", ArgKind::Share},
    SentenceArg{"copy_share", ArgKind::Share},
    SentenceArg{"overlap_fraction", ArgKind::Share},
    SentenceArg{"startup_ms_per_epoch", ArgKind::Millis},
    SentenceArg{"startups", ArgKind::Count},
    SentenceArg{"startup_share", ArgKind::Share},
    SentenceArg{"worker_busy_mean", ArgKind::Share},
    SentenceArg{"mean_ready_batches", ArgKind::Decimal1},
    SentenceArg{"window", ArgKind::Count},
    SentenceArg{"worker_uss_growth_mean_bytes", ArgKind::Bytes},
    SentenceArg{"worker_uss_growth_bytes", ArgKind::Bytes},
    SentenceArg{"main_peak_rss_bytes", ArgKind::Bytes},
    SentenceArg{"slots_bytes", ArgKind::Bytes},
    SentenceArg{"segment_bytes", ArgKind::Bytes},
    SentenceArg{"segment_share", ArgKind::Share},
    SentenceArg{"consumer_slots", ArgKind::Count},
    SentenceArg{"against_dev_shm", ArgKind::Flag},
    // A proof's: the knob, its advised value, the measured change and values (proof::kMeasured).
    SentenceArg{"knob", ArgKind::Text},
    SentenceArg{"value", ArgKind::Text},
    SentenceArg{"gain", ArgKind::SignedShare},
    SentenceArg{"runs", ArgKind::Count},
    SentenceArg{"values", ArgKind::Text},
    SentenceArg{"faster_value", ArgKind::Text},
    SentenceArg{"dev_shm_size_bytes", ArgKind::Bytes},
    SentenceArg{"dev_shm_min_free_bytes", ArgKind::Bytes},
    SentenceArg{"limit_bytes", ArgKind::Bytes},
    SentenceArg{"total_bytes", ArgKind::Bytes},
    SentenceArg{"worker_uss_bytes", ArgKind::Bytes},
    SentenceArg{"worker_uss_mean_bytes", ArgKind::Bytes},
    SentenceArg{"events_lost", ArgKind::Count},
    // the slowest samples (issue 49)
    SentenceArg{"slow_stall_share", ArgKind::Share},
    SentenceArg{"slow_stall_ms", ArgKind::Millis},
    SentenceArg{"slow_batches", ArgKind::Count},
    SentenceArg{"slowest_sample", ArgKind::Count},
    SentenceArg{"slowest_ms", ArgKind::Millis},
    SentenceArg{"slowest_times_median", ArgKind::Decimal1},
    SentenceArg{"slowest_worker", ArgKind::Count},
    SentenceArg{"slowest_batch", ArgKind::Count},
    // a profiler trace's recommendations (trace_analysis.cpp, ranks.cpp)
    SentenceArg{"pageable_copies", ArgKind::Count},
    SentenceArg{"copies", ArgKind::Count},
    SentenceArg{"rank", ArgKind::Count},
    SentenceArg{"rank_stall_fraction", ArgKind::Share},
    SentenceArg{"other_ranks_stall_fraction", ArgKind::Share},
};

// A declarative table: one line per sentence (the function-length rule does not apply).
constexpr std::array kSentences = {
    // How many workers, prefetch, and whether the loader is the bottleneck at all.
    Sentence{"raise_num_workers",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the loop waits {data_stall_fraction} of its time for data; each sample spends "
                                  "{io_ms_per_sample} ms off the CPU (I/O) and {cpu_ms_per_sample} ms on it, so keeping "
                                  "up with {target_samples_per_s} samples/s takes num_workers={suggest} or so (now "
                                  "{num_workers}, on {cores} cores): raise num_workers to {suggest}")},
    // More workers than cores: why PyTorch's warning and the advice both hold.
    Sentence{"raise_num_workers/beyond_cores",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the loop waits {data_stall_fraction} of its time for data; each sample spends "
                                  "{io_ms_per_sample} ms off the CPU (I/O) and {cpu_ms_per_sample} ms on it, so keeping "
                                  "up with {target_samples_per_s} samples/s takes num_workers={suggest} or so (now "
                                  "{num_workers}, on {cores} cores): raise num_workers to {suggest}. PyTorch will warn "
                                  "that its suggested max number of workers is {cores} (the cores); more fit here "
                                  "because each worker sleeps on I/O {io_share} of a sample's time, and a sleeping "
                                  "worker leaves its core free")},
    Sentence{"cpu_bound",
             LS_TRANSLATE_NOOP(
                 "Sentences", "the loop waits {data_stall_fraction} of its time for data, but the "
                              "workers (num_workers={num_workers}) already use "
                              "{cores_used} of the {cores} cores ({cpu_ms_per_sample} ms of CPU "
                              "per sample): more workers will not help; "
                              "make each sample cheaper (decoding, augmentation) or add cores")},
    // The workers' fetches leave cores free, but the job's other CPU takes them.
    Sentence{"cpu_bound/with_loop",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the loop waits {data_stall_fraction} of its time for data, but the job already uses "
                                  "{job_cores_used} of the {cores} cores: the fetches (num_workers={num_workers}) "
                                  "{cores_used} ({cpu_ms_per_sample} ms of CPU per sample), the rest handing batches "
                                  "on, receiving them and the training step on the CPU: more workers will not help; "
                                  "make each sample or the step cheaper, or add cores")},
    Sentence{"cpu_bound/contended",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the loop waits {data_stall_fraction} of its time for data, but the workers "
                                  "(num_workers={num_workers}) wait for a free core {cpu_wait_share} of their busy time (the {cores} cores "
                                  "are taken by other work, or oversubscribed) ({cpu_ms_per_sample} ms of CPU per "
                                  "sample): more workers will not help; make each sample cheaper (decoding, "
                                  "augmentation) or add cores")},
    Sentence{"raise_prefetch_factor",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the loop waits {data_stall_fraction} of its time for data although num_workers={num_workers} "
                                  "keeps up on average (about {needed} needed): batches arrive in bursts; raise "
                                  "prefetch_factor to {suggest} so more are ready in advance")},
    Sentence{"fewer_workers",
             LS_TRANSLATE_NOOP("Sentences",
                                  "workers are busy only {worker_busy_mean} of the time while the prefetch window stays "
                                  "full ({mean_ready_batches} of {window} batches ready on average): num_workers={suggest} "
                                  "would keep up and use less memory and CPU")},
    Sentence{"training_bound",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the loop waits only {data_stall_fraction} of its time for data: the training step is "
                                  "the bottleneck; no loader knob will make this run faster")},
    Sentence{"training_bound/after_startup",
             LS_TRANSLATE_NOOP("Sentences",
                                  "apart from starting the workers ({startup_share}), the loop waits only "
                                  "{data_stall_fraction} of its time for data: the training step is the bottleneck; no "
                                  "loader knob will make this run faster")},
    // A few samples make the wait: which ones, not a knob.
    Sentence{"slow_samples",
             LS_TRANSLATE_NOOP("Sentences",
                                  "{slow_stall_share} of the loop's wait for data came from the {slow_batches} batches "
                                  "that held its slowest samples ({slow_stall_ms} ms beyond the usual wait); the "
                                  "slowest, sample {slowest_sample}, took {slowest_ms} ms, {slowest_times_median} times "
                                  "the median: look at those samples (slowest_samples in the summary JSON, or python3 -m "
                                  "loaderscope slow on the recording): a huge or damaged file, a slow path in __getitem__")},
    Sentence{"slow_samples/no_index",
             LS_TRANSLATE_NOOP("Sentences",
                                  "{slow_stall_share} of the loop's wait for data came from the {slow_batches} batches "
                                  "that held its slowest samples ({slow_stall_ms} ms beyond the usual wait); the "
                                  "slowest, fetched by worker {slowest_worker} for batch {slowest_batch} (an iterable "
                                  "dataset's sample has no index), took {slowest_ms} ms, {slowest_times_median} times "
                                  "the median: look at what the dataset yields there")},
    // Host-to-device copies: the pin-memory thread, pinned memory, non_blocking, the copy stream.
    Sentence{"pin_thread_bound",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the pin-memory thread copies batches {pin_busy_fraction} of the time and the loop "
                                  "waits {data_stall_fraction} for data: pin_memory \"shared\" lets the workers write "
                                  "into pinned memory and removes that copy")},
    // A watched job: its torch has no pin_memory "shared".
    Sentence{
        "pin_thread_bound/watched",
        LS_TRANSLATE_NOOP(
            "Sentences",
            "the pin-memory thread copies batches {pin_busy_fraction} of the time and the loop "
            "waits "
            "{data_stall_fraction} for data: PyTorch pins every batch on that one thread; batches "
            "of fewer bytes (for "
            "example uint8 instead of float32 until they reach the device) take it less time")},
    Sentence{"pin_memory",
             LS_TRANSLATE_NOOP("Sentences",
                                  "copies from pageable memory block the host {pageable_blocked_fraction} of the loop "
                                  "while the driver stages them: set pin_memory=True")},
    Sentence{"pin_memory/blocking",
             LS_TRANSLATE_NOOP("Sentences",
                                  "copies from pageable memory block the host {pageable_blocked_fraction} of the loop "
                                  "while the driver stages them: set pin_memory=True (copies overlap the step only with "
                                  "non_blocking=True as well)")},
    Sentence{"non_blocking",
             LS_TRANSLATE_NOOP("Sentences",
                                  "synchronous copies from pinned memory block the host {sync_copy_blocked_fraction} of "
                                  "the loop: set non_blocking=True so the host is free while they run")},
    Sentence{"copy_stream", LS_TRANSLATE_NOOP(
                                "Sentences", "copies take {copy_share} of the loop and overlap the "
                                             "step kernel only {overlap_fraction}: issue them on "
                                             "a separate copy stream (train.copy_stream)")},
    // Starting the workers each epoch, and in-order delivery.
    Sentence{"persistent_workers",
             LS_TRANSLATE_NOOP("Sentences",
                                  "starting the workers took {startup_ms_per_epoch} ms in each of {startups} epochs "
                                  "({startup_share} of the loop): set persistent_workers=True")},
    Sentence{"spawn_startup",
             LS_TRANSLATE_NOOP("Sentences",
                                  "spawn starts a fresh process per worker: {startup_ms_per_epoch} ms per epoch to "
                                  "start the workers (num_workers={num_workers}, {startup_share} of the loop); use "
                                  "multiprocessing_context \"fork\", or persistent_workers=True")},
    Sentence{
        "in_order",
        LS_TRANSLATE_NOOP(
            "Sentences",
            "the loop waited {head_of_line_fraction} of its time for a late batch while later "
            "batches were already "
            "ready and the workers stood idle {worker_idle_mean} of the time (the longest wait "
            "{longest_head_of_line_ms} ms): in_order=False delivers the ready batches meanwhile "
            "(batch order then "
            "varies from run to run)")},
    Sentence{
        "upgrade_torch_in_order",
        LS_TRANSLATE_NOOP(
            "Sentences",
            "the loop waited {head_of_line_fraction} of its time for a late batch while later "
            "batches were already "
            "ready and the workers stood idle {worker_idle_mean} of the time (the longest wait "
            "{longest_head_of_line_ms} ms): upgrade to torch ≥ 2.6 for in_order=False, which "
            "delivers the ready "
            "batches meanwhile (this job's torch has no in_order)")},
    // Memory: copy-on-read in the workers, shared-memory slots, the workers' private memory.
    Sentence{"copy_on_read",
             LS_TRANSLATE_NOOP("Sentences",
                                  "each worker's private memory (USS) grew by {worker_uss_growth_mean_bytes} on average "
                                  "as it read samples ({worker_uss_growth_bytes} in all; the main process peaked at "
                                  "{main_peak_rss_bytes}): pages of the dataset's Python objects are copied into every "
                                  "worker when CPython writes their reference counts (copy-on-read after fork); keep "
                                  "the data in numpy arrays or tensors instead of lists of Python objects")},
    // The engine's own objects dataset: its layout knob.
    Sentence{"copy_on_read/layout",
             LS_TRANSLATE_NOOP("Sentences",
                                  "each worker's private memory (USS) grew by {worker_uss_growth_mean_bytes} on average "
                                  "as it read samples ({worker_uss_growth_bytes} in all; the main process peaked at "
                                  "{main_peak_rss_bytes}): pages of the dataset's Python objects are copied into every "
                                  "worker when CPython writes their reference counts (copy-on-read after fork); keep "
                                  "the data in numpy arrays or tensors instead of lists of Python objects (here: "
                                  "dataset.objects.layout \"contiguous\")")},
    Sentence{"shm_slots/dev_shm/prefetch",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} "
                                  "of them, {segment_bytes} with the event rings) take {segment_share} of /dev/shm's "
                                  "{dev_shm_size_bytes}: lower prefetch_factor to {suggest} so fewer batches wait in "
                                  "memory")},
    Sentence{"shm_slots/dev_shm/workers",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} "
                                  "of them, {segment_bytes} with the event rings) take {segment_share} of /dev/shm's "
                                  "{dev_shm_size_bytes}: lower num_workers to {suggest} so fewer batches wait in memory")},
    Sentence{"shm_slots/limit/prefetch",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} "
                                  "of them, {segment_bytes} with the event rings) take {segment_share} of the memory "
                                  "limit of {limit_bytes}: lower prefetch_factor to {suggest} so fewer batches wait in "
                                  "memory")},
    Sentence{"shm_slots/limit/workers",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the batch slots in shared memory (num_workers x prefetch_factor + {consumer_slots} "
                                  "of them, {segment_bytes} with the event rings) take {segment_share} of the memory "
                                  "limit of {limit_bytes}: lower num_workers to {suggest} so fewer batches wait in "
                                  "memory")},
    Sentence{"worker_memory",
             LS_TRANSLATE_NOOP("Sentences",
                                  "the {num_workers} workers hold {worker_uss_bytes} of private memory "
                                  "({worker_uss_mean_bytes} each), and the run uses {total_bytes} of its {limit_bytes} "
                                  "limit: lower num_workers to {suggest} (each worker holds its own copy of what it "
                                  "touched)")},
    Sentence{kIncompleteDataKey,
             LS_TRANSLATE_NOOP("Sentences",
                                  "(measured on incomplete data: {events_lost} events were lost)")},
    // The verdicts: the key is the summary's value, the text the same English.
    // An imported profiler trace's recommendations (trace_analysis.cpp's recommend, ranks.cpp's
    // straggler): keys "trace/...", their arguments the trace's figures.
    Sentence{"trace/no_loader_spans",
             LS_TRANSLATE_NOOP("Sentences", "no DataLoader __next__ spans in the trace: profile the loop that iterates the "
                                            "DataLoader to measure its wait for data")},
    Sentence{"trace/loader_on_other_thread",
             LS_TRANSLATE_NOOP("Sentences", "the DataLoader __next__ spans are on another thread than the steps (a background "
                                            "prefetcher): the loop's own wait is not in the trace; wrap it in record_function "
                                            "to measure it")},
    Sentence{"trace/data_stall",
             LS_TRANSLATE_NOOP("Sentences", "the loop waits {data_stall_fraction} of its steps in DataLoader __next__: raise "
                                            "num_workers, or make each sample cheaper")},
    Sentence{"trace/pageable_copies",
             LS_TRANSLATE_NOOP("Sentences", "{pageable_copies} of {copies} host-to-device copies are from pageable memory: set "
                                            "pin_memory=True")},
    Sentence{"trace/low_overlap",
             LS_TRANSLATE_NOOP("Sentences", "copies overlap kernels only {overlap_fraction}: use non_blocking=True and issue the "
                                            "copies on a separate stream")},
    Sentence{"trace/not_input_bound",
             LS_TRANSLATE_NOOP("Sentences", "not input-bound (the loop waits {data_stall_fraction} for data): the training step "
                                            "is the bottleneck; more workers will not help")},
    Sentence{"trace/straggler",
             LS_TRANSLATE_NOOP("Sentences", "rank {rank} waits {rank_stall_fraction} of its steps for data; the other ranks "
                                            "{other_ranks_stall_fraction} (median)")},
    // A measured proof: the measurement, then its outcome, then maybe a value that did better.
    Sentence{proof::kMeasured,
             LS_TRANSLATE_NOOP("Sentences", "Measured: {knob} = {value} gives {gain} samples/s (medians of {runs} runs: "
                                            "{values}).")},
    Sentence{proof::kConfirmed, LS_TRANSLATE_NOOP("Sentences", "Confirmed.")},
    Sentence{proof::kWithinSpread, LS_TRANSLATE_NOOP("Sentences", "Within the spread of the runs: not confirmed.")},
    Sentence{proof::kNotConfirmed, LS_TRANSLATE_NOOP("Sentences", "Not confirmed on this machine.")},
    Sentence{proof::kSameThroughput, LS_TRANSLATE_NOOP("Sentences", "The same throughput: confirmed.")},
    Sentence{proof::kSlower, LS_TRANSLATE_NOOP("Sentences", "Slower: not confirmed.")},
    Sentence{proof::kFasterStill, LS_TRANSLATE_NOOP("Sentences", "{faster_value} was faster still.")},
    Sentence{proof::kNotMeasured, LS_TRANSLATE_NOOP("Sentences", "Not measured.")},
    Sentence{verdict::kNotInputBound,
             LS_TRANSLATE_NOOP("Sentences",
                                  "not input-bound")},
    Sentence{verdict::kModeratelyInputBound,
             LS_TRANSLATE_NOOP("Sentences",
                                  "moderately input-bound")},
    Sentence{verdict::kHighlyInputBound,
             LS_TRANSLATE_NOOP("Sentences",
                                  "highly input-bound")},
    Sentence{verdict::kNoBatches,
             LS_TRANSLATE_NOOP("Sentences",
                                  "no batches delivered")},
    Sentence{verdict::kNoSteps,
             LS_TRANSLATE_NOOP("Sentences",
                                  "no steps found")},
    Sentence{verdict::kNoLoaderSpans,
             LS_TRANSLATE_NOOP("Sentences",
                                  "no loader spans found")},
    Sentence{verdict::kLoaderWaitNotMeasured,
             LS_TRANSLATE_NOOP("Sentences",
                                  "loader wait not measured")},
    Sentence{verdict::kUnreliableTrace,
             LS_TRANSLATE_NOOP("Sentences",
                                  "unreliable trace")},
};

} // namespace

const Sentence* findSentence(std::string_view key)
{
    const auto it = std::find_if(kSentences.begin(), kSentences.end(),
                                 [key](const Sentence& s) { return s.key == key; });
    return it == kSentences.end() ? nullptr : &*it;
}

std::span<const Sentence> allSentences()
{
    return kSentences;
}

const SentenceArg* findSentenceArg(std::string_view name)
{
    const auto it = std::find_if(kArgs.begin(), kArgs.end(),
                                 [name](const SentenceArg& a) { return a.name == name; });
    return it == kArgs.end() ? nullptr : &*it;
}

std::span<const SentenceArg> allSentenceArgs()
{
    return kArgs;
}

std::vector<std::string> sentenceArgNames(std::string_view text)
{
    std::vector<std::string> names;
    fillSentence(text, [&names](std::string_view name) {
        names.emplace_back(name);
        return std::string();
    });
    return names;
}

std::string fillSentence(std::string_view text,
                         const std::function<std::string(std::string_view name)>& value)
{
    std::string out;
    out.reserve(text.size() + 32);
    size_t i = 0;
    while (i < text.size()) {
        const size_t open = text.find('{', i);
        const size_t close = open == std::string_view::npos ? open : text.find('}', open);
        if (close == std::string_view::npos) {
            out.append(text.substr(i));
            break;
        }
        out.append(text.substr(i, open - i));
        out.append(value(text.substr(open + 1, close - open - 1)));
        i = close + 1;
    }
    return out;
}

} // namespace loaderscope

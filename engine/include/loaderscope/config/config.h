// SPDX-License-Identifier: MIT
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace loaderscope {

/** Per-sample latency: a constant or a lognormal distribution, in microseconds. */
struct Latency
{
    enum class Dist { Constant, Lognormal };
    Dist dist = Dist::Constant;
    double mean_us = 0.0;  ///< constant value, or mean of the lognormal
    double sigma = 0.0;    ///< lognormal shape (standard deviation of log-latency)
};

/** One deliberately slow sample, for the head-of-line blocking lesson. */
struct SlowSample
{
    int64_t index = 0;
    double latency_us = 0.0;
};

/**
 * Python objects the dataset holds (`dataset.objects`), built by the main process before the
 * workers start, to show copy-on-read after fork (PyTorch issue 13246). Sample i reads object
 * i % count. See loader/dataset_objects.h.
 */
struct ObjectsConfig
{
    enum class Layout { Refcounted, Contiguous };
    int64_t count = 0;
    int64_t bytes_each = 0;
    Layout layout = Layout::Refcounted;
};
/// The element of a refcounted object: an 8-byte reference count and 56 bytes of value.
inline constexpr uint64_t kObjectElementBytes = 64;
/// Bytes from one object to the next: whole elements when refcounted, the bytes when contiguous.
inline uint64_t objectStrideBytes(const ObjectsConfig& c)
{
    if (c.layout == ObjectsConfig::Layout::Contiguous)
        return uint64_t(c.bytes_each);
    return (uint64_t(c.bytes_each) + kObjectElementBytes - 1) / kObjectElementBytes * kObjectElementBytes;
}

struct DatasetConfig
{
    enum class Kind { Map, Iterable, Files };
    Kind kind = Kind::Map;
    int64_t length = 4096;          ///< samples (map, iterable); files: number of files found
    int64_t sample_bytes = 4096;    ///< bytes per sample written into the batch slot
    Latency io_latency{Latency::Dist::Constant, 1000.0, 0.0};
    double cpu_us = 0.0;            ///< real busy computation per sample
    bool shard = false;             ///< iterable: worker k yields k, k+N, ...
    std::string path;               ///< files: directory
    std::vector<SlowSample> slow_samples;
    std::optional<ObjectsConfig> objects; ///< absent: the dataset holds no objects
    std::vector<std::string> files; ///< files: resolved, sorted regular files (filled by validation)
};

struct DistributedConfig
{
    int64_t num_replicas = 1;
    int64_t rank = 0;
    uint64_t seed = 0;
    int64_t epoch = 0;
    bool shuffle = true; ///< DistributedSampler's own default
    bool drop_last = false;
};

enum class PinMemory { Off, On, Shared };
enum class StartMethod { Fork, Spawn };

struct LoaderConfig
{
    std::optional<int64_t> batch_size = 32; ///< nullopt: no auto-batching (batch of one sample)
    bool shuffle = false;
    bool drop_last = false;
    std::optional<DistributedConfig> sampler;
    int num_workers = 4;
    int prefetch_factor = 2;      ///< resolved: 2 when null and num_workers > 0
    bool persistent_workers = false;
    PinMemory pin_memory = PinMemory::Off;
    bool in_order = true;
    double timeout_s = 0.0;
    StartMethod start_method = StartMethod::Fork;
    /// A worker's start-up off its CPU (worker_init_fn's waits, the rest of its start): slept,
    /// after worker_init_cpu_us. Microseconds.
    double worker_init_us = 0.0;
    /// What starting a worker costs in CPU, where the job pays it (microseconds of thread CPU):
    /// the main thread per worker it starts (its queue, Process.start(), the fork of a large
    /// interpreter), the new worker until it is ready to fetch (the fork's copied pages, torch's
    /// worker loop set-up, worker_init_fn's CPU), the worker's first batch beyond a later one
    /// (code and data touched for the first time: page faults, copy-on-write), and the worker
    /// after its stop, before it has exited (the interpreter's shutdown, the address space torn
    /// down), which the loop's last next() waits for as it joins the workers. With many workers
    /// on few cores they contend for the cores, as in the job.
    double worker_start_cpu_us = 0.0;
    double worker_init_cpu_us = 0.0;
    double worker_warmup_cpu_us = 0.0;
    double worker_exit_cpu_us = 0.0;
    /// Real CPU each worker burns per batch after collating it, before it is handed on: what a
    /// PyTorch worker pays outside the dataset to put the batch into its queue (the queue's feeder
    /// thread pickling it, its tensors moved into shared memory). Microseconds of thread CPU.
    double send_cpu_us = 0.0;
    /// Real CPU the main thread burns inside next() per byte of each batch it takes from a worker:
    /// PyTorch's receive and unpickle of the batch. Nanoseconds of thread CPU per byte.
    double receive_ns_per_byte = 0.0;
    /// The main thread's descriptor hand-overs per batch it takes from a worker (handover.h):
    /// PyTorch's file_descriptor sharing asks the worker once per tensor storage. A mean: 2.5
    /// is every other batch 3.
    double handovers_per_batch = 0.0;
    /// Messages each way in one hand-over (connect, the authentication handshake, the request):
    /// the worker's answering thread needs its GIL for each answer (handover.h).
    int handover_rounds = 5;
    /// The worker's answering thread's CPU in one hand-over, burnt in shares holding the GIL;
    /// microseconds of thread CPU.
    double handover_answer_cpu_us = 0.0;
    /// How long a thread waits for a held GIL before it asks the holder to drop it: the job's
    /// sys.getswitchinterval(), microseconds.
    double gil_switch_interval_us = 5000.0;
    /// Thread CPU of a worker between release points of its GIL inside the job's CPU (C code
    /// that lets it go: PIL, torch ops): a thread waiting for the GIL takes it at the next one.
    /// 0: pure Python, which holds it for all of a sample's CPU. Microseconds.
    double gil_release_every_us = 0.0;
    /// The main thread's own CPU in one hand-over (connecting to the worker's thread, the
    /// authentication handshake, receiving the descriptor), burnt before the wait; microseconds
    /// of thread CPU. Its wait for a core is part of the hand-over, as in the job.
    double handover_cpu_us = 0.0;
};

/// Where the training step runs: a kernel on the (simulated or CUDA) device, or CPU work in the
/// main process (a model trained on the CPU): then the step contends for cores with the workers.
enum class StepOn { Device, Cpu };

struct TrainConfig
{
    int epochs = 1;
    std::optional<int64_t> max_batches;
    double step_us = 2000.0;          ///< device: the kernel's time; cpu: the step's wall time on a free core
    StepOn step_on = StepOn::Device;
    /// Real CPU the main thread burns per step (device: launching it; cpu: the step's compute,
    /// at most step_us; the rest of step_us is spent off the CPU). Microseconds of thread CPU.
    double step_cpu_us = 0.0;
    /// Real CPU the main process's other threads burn per step, beside the main thread: a CPU
    /// step's intra-op threads (torch's OpenMP pool, which also spins on after the step). Burnt on
    /// helper threads of the engine's main process in parallel with the step (step_on cpu only).
    /// Microseconds of thread CPU, summed over the helpers; 0 starts no helper.
    double threads_cpu_us = 0.0;
    bool non_blocking = true;
    bool copy_stream = true;
    /// What the training loop does when next() raises a worker exception: "stop" re-raises
    /// (exit 3), "continue" catches it, records it and keeps iterating, as a try/except would.
    bool continue_on_exception = false;
};

struct DeviceConfig
{
    enum class Backend { Auto, Cuda, Sim };
    Backend backend = Backend::Auto;
    double h2d_gbps_pinned = 25.0;
    double h2d_gbps_pageable = 10.0;
};

struct Fault
{
    enum class Kind { Crash, Hang, Exception, Exit };
    int worker = 0;        ///< worker id, or -1 for the main process (num_workers 0)
    int64_t at_batch = 0;  ///< the worker's own batch count in the epoch, from 0
    int epoch = 0;         ///< the epoch in which it fires (once)
    Kind kind = Kind::Crash;
};

struct Config
{
    uint64_t seed = 0;
    DatasetConfig dataset;
    LoaderConfig loader;
    TrainConfig train;
    DeviceConfig device;
    std::vector<Fault> faults;
    std::vector<std::string> warnings; ///< e.g. num_workers above the usable CPU count

    /// Number of samples the dataset can yield (files: number of files).
    int64_t datasetLength() const;
    int64_t batchSize() const { return loader.batch_size.value_or(1); }
    /// Bytes of one batch slot's payload.
    uint64_t slotPayloadBytes() const;
};

/** A bad configuration: the field (dotted path) and a message in DataLoader's words. */
class ConfigError : public std::runtime_error
{
public:
    ConfigError(std::string field, const std::string& message)
        : std::runtime_error(field.empty() ? message : field + ": " + message),
          m_field(std::move(field))
    {
    }
    const std::string& field() const { return m_field; }

private:
    std::string m_field;
};

/** The largest config, as a file and as the canonical text a run writes into its segment
 *  (configToJson): 1 MiB. A config with every key is a few KiB; only listed samples grow it. One
 *  limit for the engine, `validate`, the app and the probe. */
inline constexpr size_t kMaxConfigBytes = 1 << 20;

/**
 * Parses and validates JSON text (comments allowed). Throws ConfigError. No side effects. Whether
 * the run fits in this machine's free /dev/shm is the segment's rule: parseRunConfig
 * (shm_layout.h) is this plus that check, for a run about to start.
 */
Config parseConfig(const std::string& jsonText);
/** Reads the file, then parseConfig. Throws ConfigError naming the file on I/O errors. */
Config loadConfigFile(const std::string& path);
/** The text of a config file (at most kMaxConfigBytes). Throws ConfigError naming the file and the reason. */
std::string loadConfigText(const std::string& path);
/** Canonical JSON of a parsed config (every key, resolved defaults). */
std::string configToJson(const Config& config);
/** The built-in default run: synthetic map-style data, needs no files and no GPU. */
std::string defaultConfigJson();

} // namespace loaderscope

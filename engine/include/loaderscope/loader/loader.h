// SPDX-License-Identifier: MIT
// The loader iterator: DataLoader's _SingleProcessDataLoaderIter and
// _MultiProcessingDataLoaderIter (torch/utils/data/dataloader.py) over the engine's worker pool.
#pragma once

#include "loaderscope/config/config.h"
#include "loaderscope/loader/handover.h"
#include "loaderscope/loader/sampler.h"

#include <atomic>
#include <memory>
#include <optional>
#include <stdexcept>
#include <sys/types.h>
#include <string>
#include <utility>
#include <vector>

namespace loaderscope {

class Segment;
class EventWriter;
class Zygote;
class DeviceBackend;

/** A batch handed to the training loop. Its slot stays reserved until release(). */
struct Batch
{
    int64_t task_idx = -1;    ///< DataLoader's task id (send_idx)
    int worker = -1;          ///< -1: made in the main process
    uint32_t slot = 0;
    uint32_t n_samples = 0;
    int64_t first_sample = -1;
    uint64_t checksum = 0;
    const uint8_t* data = nullptr;
    uint64_t bytes = 0;
    bool pinned = false;      ///< page-locked: a pinned staging copy, or a registered slot ("shared")
    int staging = -1;         ///< pinned staging buffer holding the batch, or -1 (it is in its slot)
};

/** A fatal loader error (worker died, timed out): the run ends with exit code 3. */
class LoaderError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/** A worker process died while the loader needed it (DataLoader's "exited unexpectedly"). */
class WorkerDied : public LoaderError
{
public:
    WorkerDied(const std::string& message, int worker, pid_t pid, int signal)
        : LoaderError(message), m_worker(worker), m_pid(pid), m_signal(signal)
    {
    }
    int worker() const { return m_worker; }
    pid_t pid() const { return m_pid; }
    int signal() const { return m_signal; } ///< the signal that killed it, 0 if it exited

private:
    int m_worker;
    pid_t m_pid;
    int m_signal;
};

/** A worker's exception re-raised by next(); the iterator stays usable (the slot was refilled). */
class WorkerException : public std::runtime_error
{
public:
    WorkerException(int worker, const std::string& message)
        : std::runtime_error(message), m_worker(worker)
    {
    }
    int worker() const { return m_worker; }

private:
    int m_worker;
};

/** The run was asked to stop (SIGINT/SIGTERM). */
class Interrupted : public std::runtime_error
{
public:
    explicit Interrupted(int sig) : std::runtime_error("interrupted"), m_sig(sig) {}
    int signal() const { return m_sig; }

private:
    int m_sig;
};

/** Live counts for the queue-depth counters. */
struct QueueCounts
{
    int64_t ready = 0;        ///< finished by workers, not yet delivered
    int64_t outstanding = 0;  ///< tasks sent, not yet received
    int64_t pinned_in_use = 0;///< pinned staging buffers holding batches
};

class DataLoaderIter
{
public:
    virtual ~DataLoaderIter() = default;
    /// iter(loader): a new iterator, or the persistent one reset (resume handshake).
    virtual void beginEpoch(int epoch) = 0;
    /// next(): a batch, or nullopt at StopIteration. Throws WorkerException, LoaderError, Interrupted.
    virtual std::optional<Batch> next() = 0;
    /// The loop is done with the batch's memory: its slot may be reused.
    virtual void release(const Batch& batch) = 0;
    /// The loop left the epoch (normally or early): non-persistent iterators shut down here.
    virtual void endEpoch() = 0;
    virtual void shutdown() = 0;
    virtual QueueCounts counts() const = 0;
    virtual std::vector<pid_t> workerPids() const = 0;
    /// Workers that went kStallNs or more without finishing a task, with the longest wait seen
    /// ("worker 2 (pid N) has not finished task 17 for 12.0 s"), for the summary's warnings.
    virtual std::vector<std::string> stalls() const { return {}; }
    /// The descriptor hand-overs this thread made since the last call (handover.h): what they
    /// lasted, the CPU burnt in them, and how many; none without workers.
    virtual BatchHandOvers::Taken takeHandOvers() { return {}; }
};

/// A worker busy with one task this long is reported as stalled (live, and in the summary).
constexpr uint64_t kStallNs = 5'000'000'000ULL;

/**
 * Builds the iterator for a config. `device` allocates pinned staging memory for pin_memory;
 * `global` plays torch's global generator; `stopSignal` is set (to the signal number) by the
 * signal handler and polled while waiting.
 */
std::unique_ptr<DataLoaderIter> makeLoaderIter(const Config& config, Segment& segment, Zygote* zygote,
                                               EventWriter& mainEvents, DeviceBackend& device,
                                               Generator& global, const std::atomic<int>& stopSignal);

} // namespace loaderscope

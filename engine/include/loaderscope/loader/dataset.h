// SPDX-License-Identifier: MIT
// Datasets and the fetcher (DataLoader's _MapDatasetFetcher / _IterableDatasetFetcher + collate).
#pragma once

#include "loaderscope/base/clock.h"
#include "loaderscope/config/config.h"
#include "loaderscope/loader/handover.h"
#include "loaderscope/loader/sampler.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace loaderscope {

class EventWriter;
class DatasetObjects;

/** get_worker_info(): set in a worker process, absent in the main process. */
struct WorkerInfo
{
    int id = 0;
    int num_workers = 0;
    uint64_t seed = 0; ///< base_seed + id
};

/** An exception raised by the dataset, carried to the main process like ExceptionWrapper. */
class DatasetError : public std::runtime_error
{
public:
    DatasetError(std::string type, const std::string& message)
        : std::runtime_error(message), m_type(std::move(type))
    {
    }
    const std::string& type() const { return m_type; }

private:
    std::string m_type;
};

/** What one fetch produced. */
struct FetchResult
{
    enum Kind { Batch, StopIteration } kind = Batch;
    uint32_t n_samples = 0;
    int64_t first_sample = -1;
    uint64_t checksum = 0;
};

/**
 * Fetches samples and collates them in place into a batch slot. One per worker process (or one in
 * the main process for num_workers 0). Emits a Fetch span per sample, a Collate span per batch and
 * a BatchCost instant per batch (its CPU time and its wait for a core). Use from one thread only.
 */
class Fetcher
{
public:
    Fetcher(const Config& config, std::optional<WorkerInfo> info, EventWriter* events);

    /// iter(dataset) for iterable datasets; called when the fetcher is (re)built.
    void reset(int epoch);
    /// Map-style: `indices`; iterable: takes up to `count` items from this worker's stream.
    /// Writes the collated batch to `slot`. Throws DatasetError.
    FetchResult fetch(int64_t taskIdx, const int64_t* indices, uint32_t count, uint8_t* slot);
    int epoch() const { return m_epoch; }
    /// A worker's fetcher burns its CPU holding the modelled GIL (handover.h); its worker loop
    /// holds it over a batch boundary and lets it go while it waits for a task.
    void setGilHolder(GilHolder gil) { m_gil = gil; }
    GilHolder& gil() { return m_gil; }

private:
    uint64_t getItem(int64_t index, uint8_t* dst);
    void checkFault(int64_t taskIdx, int64_t workerBatch);

    const Config& m_config;
    std::optional<WorkerInfo> m_info;
    bool m_warm = false; ///< a worker's first sample has been fetched (loader.worker_warmup_cpu_us)
    EventWriter* m_events;
    const DatasetObjects* m_objects;  ///< the dataset's Python objects (dataset.objects), or null
    Generator m_rng;
    std::unordered_map<int64_t, double> m_slow;
    std::vector<uint8_t> m_scratch;   ///< the samples before collation, like a list of tensors
    std::vector<uint8_t> m_fileBuf;
    RunDelayClock m_runDelay;         ///< this thread's wait for a core, for BatchCost events
    GilHolder m_gil;                  ///< burns the job's CPU; answers hand-overs in a worker
    int m_epoch = 0;
    int64_t m_batchesThisEpoch = 0;
    // iterable stream state
    int64_t m_streamNext = 0;
    int64_t m_streamStep = 1;
    bool m_ended = false;
};

/** Deterministic content of synthetic sample `index` (so checksums can be verified). */
void fillSyntheticSample(int64_t index, uint8_t* dst, uint64_t bytes);
uint64_t checksumBytes(const uint8_t* p, uint64_t n);

} // namespace loaderscope

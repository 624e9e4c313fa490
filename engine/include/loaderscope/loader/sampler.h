// SPDX-License-Identifier: MIT
// Samplers as DataLoader has them (torch/utils/data/sampler.py, distributed.py). Indices are made only in the main
// process; workers receive keys.
#pragma once

#include "loaderscope/config/config.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace loaderscope {

/**
 * The engine's random generator (64-bit Mersenne Twister with its own unbiased bounded draws, so
 * orders are the same with every standard library). Plays the role of torch's global generator:
 * one draw per new iterator for base_seed, one per epoch for a shuffling RandomSampler.
 */
class Generator
{
public:
    explicit Generator(uint64_t seed);
    uint64_t next();
    uint64_t below(uint64_t n); ///< uniform in [0, n), n > 0
    double uniform();           ///< [0, 1)
    double normal();            ///< standard normal (Box-Muller)

private:
    uint64_t m_state[312];
    int m_index;
};

/** A uniformly random permutation of 0..n-1 (Fisher-Yates). */
std::vector<int64_t> randperm(int64_t n, Generator& g);

/** Produces one epoch's sample indices, lazily where DataLoader is lazy. */
class Sampler
{
public:
    virtual ~Sampler() = default;
    /// iter(sampler): called once per epoch. `global` is the loader's generator.
    virtual void begin(int epoch, Generator& global) = 0;
    virtual std::optional<int64_t> next() = 0;
    virtual int64_t length() const = 0;
};

std::unique_ptr<Sampler> makeSequentialSampler(int64_t n);
/// Draws its seed from the global generator on its first next() of each epoch, as RandomSampler.
std::unique_ptr<Sampler> makeRandomSampler(int64_t n);
/// DistributedSampler: seed + epoch, padding by repetition or dropping, rank striding.
std::unique_ptr<Sampler> makeDistributedSampler(int64_t n, const DistributedConfig& d);
/// The sampler a DataLoader would build for this config (map-style datasets).
std::unique_ptr<Sampler> makeSampler(const Config& c);

/** BatchSampler(sampler, batch_size, drop_last). */
class BatchSampler
{
public:
    BatchSampler(Sampler& sampler, int64_t batchSize, bool dropLast);
    void begin(int epoch, Generator& global) { m_sampler.begin(epoch, global); }
    /// The next list of indices, or nullopt at the end of the epoch.
    std::optional<std::vector<int64_t>> next();
    int64_t length() const;

private:
    Sampler& m_sampler;
    int64_t m_batchSize;
    bool m_dropLast;
};

/** Number of batches of one epoch for a map-style config (len(DataLoader)). */
int64_t loaderLength(const Config& c);

} // namespace loaderscope

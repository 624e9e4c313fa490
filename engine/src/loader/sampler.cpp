// SPDX-License-Identifier: MIT
#include "loaderscope/loader/sampler.h"

#include <cmath>
#include <random>

namespace loaderscope {

Generator::Generator(uint64_t seed)
{
    // MT19937-64 initialisation (Matsumoto & Nishimura), written out so that it does not depend on
    // a library's engine internals.
    m_state[0] = seed;
    for (int i = 1; i < 312; ++i)
        m_state[i] = 6364136223846793005ULL * (m_state[i - 1] ^ (m_state[i - 1] >> 62)) + uint64_t(i);
    m_index = 312;
}

uint64_t Generator::next()
{
    constexpr uint64_t upper = 0xFFFFFFFF80000000ULL, lower = 0x7FFFFFFFULL;
    if (m_index >= 312) {
        for (int i = 0; i < 312; ++i) {
            const uint64_t x = (m_state[i] & upper) | (m_state[(i + 1) % 312] & lower);
            uint64_t xa = x >> 1;
            if (x & 1)
                xa ^= 0xB5026F5AA96619E9ULL;
            m_state[i] = m_state[(i + 156) % 312] ^ xa;
        }
        m_index = 0;
    }
    uint64_t y = m_state[m_index++];
    y ^= (y >> 29) & 0x5555555555555555ULL;
    y ^= (y << 17) & 0x71D67FFFEDA60000ULL;
    y ^= (y << 37) & 0xFFF7EEE000000000ULL;
    y ^= y >> 43;
    return y;
}

uint64_t Generator::below(uint64_t n)
{
    // Rejection sampling on the top of the range: unbiased.
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do {
        x = next();
    } while (x >= limit);
    return x % n;
}

double Generator::uniform()
{
    return double(next() >> 11) * (1.0 / 9007199254740992.0);
}

double Generator::normal()
{
    double u1 = uniform();
    while (u1 <= 0.0)
        u1 = uniform();
    const double u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

std::vector<int64_t> randperm(int64_t n, Generator& g)
{
    std::vector<int64_t> p(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i)
        p[size_t(i)] = i;
    for (int64_t i = n - 1; i > 0; --i)
        std::swap(p[size_t(i)], p[size_t(g.below(uint64_t(i) + 1))]);
    return p;
}

namespace {

class SequentialSampler final : public Sampler
{
public:
    explicit SequentialSampler(int64_t n) : m_n(n) {}
    void begin(int, Generator&) override { m_i = 0; }
    std::optional<int64_t> next() override
    {
        if (m_i >= m_n)
            return std::nullopt;
        return m_i++;
    }
    int64_t length() const override { return m_n; }

private:
    int64_t m_n;
    int64_t m_i = 0;
};

class RandomSampler final : public Sampler
{
public:
    explicit RandomSampler(int64_t n) : m_n(n) {}
    void begin(int, Generator& global) override
    {
        m_global = &global;
        m_order.clear();
        m_i = 0;
        m_started = false;
    }
    std::optional<int64_t> next() override
    {
        if (!m_started) {
            // Lazy, like RandomSampler.__iter__: the seed is drawn on the first next().
            Generator private_gen(m_global->next());
            m_order = randperm(m_n, private_gen);
            m_started = true;
        }
        if (m_i >= m_n)
            return std::nullopt;
        return m_order[size_t(m_i++)];
    }
    int64_t length() const override { return m_n; }

private:
    int64_t m_n;
    Generator* m_global = nullptr;
    std::vector<int64_t> m_order;
    int64_t m_i = 0;
    bool m_started = false;
};

class DistributedSampler final : public Sampler
{
public:
    DistributedSampler(int64_t n, const DistributedConfig& d) : m_n(n), m_d(d)
    {
        const int64_t R = d.num_replicas;
        if (d.drop_last && n % R != 0)
            m_numSamples = (n - R + R - 1) / R; // ceil((len - R) / R)
        else
            m_numSamples = (n + R - 1) / R;
        m_totalSize = m_numSamples * R;
    }
    void begin(int epoch, Generator&) override
    {
        // set_epoch(config epoch + loop epoch) before iter(), as a correct training loop does.
        std::vector<int64_t> indices;
        if (m_d.shuffle) {
            Generator g(m_d.seed + uint64_t(m_d.epoch + epoch));
            indices = randperm(m_n, g);
        } else {
            indices.resize(size_t(m_n));
            for (int64_t i = 0; i < m_n; ++i)
                indices[size_t(i)] = i;
        }
        if (!m_d.drop_last) {
            const size_t base = indices.size();
            for (size_t i = 0; indices.size() < size_t(m_totalSize); ++i)
                indices.push_back(indices[i % base]);
        } else {
            indices.resize(size_t(m_totalSize));
        }
        m_mine.clear();
        for (int64_t i = m_d.rank; i < m_totalSize; i += m_d.num_replicas)
            m_mine.push_back(indices[size_t(i)]);
        m_i = 0;
    }
    std::optional<int64_t> next() override
    {
        if (m_i >= m_mine.size())
            return std::nullopt;
        return m_mine[m_i++];
    }
    int64_t length() const override { return m_numSamples; }

private:
    int64_t m_n;
    DistributedConfig m_d;
    int64_t m_numSamples = 0;
    int64_t m_totalSize = 0;
    std::vector<int64_t> m_mine;
    size_t m_i = 0;
};

} // namespace

std::unique_ptr<Sampler> makeSequentialSampler(int64_t n)
{
    return std::make_unique<SequentialSampler>(n);
}
std::unique_ptr<Sampler> makeRandomSampler(int64_t n)
{
    return std::make_unique<RandomSampler>(n);
}
std::unique_ptr<Sampler> makeDistributedSampler(int64_t n, const DistributedConfig& d)
{
    return std::make_unique<DistributedSampler>(n, d);
}

std::unique_ptr<Sampler> makeSampler(const Config& c)
{
    const int64_t n = c.datasetLength();
    if (c.loader.sampler)
        return makeDistributedSampler(n, *c.loader.sampler);
    if (c.loader.shuffle)
        return makeRandomSampler(n);
    return makeSequentialSampler(n);
}

BatchSampler::BatchSampler(Sampler& sampler, int64_t batchSize, bool dropLast)
    : m_sampler(sampler), m_batchSize(batchSize), m_dropLast(dropLast)
{
}

std::optional<std::vector<int64_t>> BatchSampler::next()
{
    std::vector<int64_t> batch;
    batch.reserve(size_t(m_batchSize));
    while (int64_t(batch.size()) < m_batchSize) {
        auto i = m_sampler.next();
        if (!i)
            break;
        batch.push_back(*i);
    }
    if (batch.empty() || (m_dropLast && int64_t(batch.size()) < m_batchSize))
        return std::nullopt;
    return batch;
}

int64_t BatchSampler::length() const
{
    const int64_t n = m_sampler.length();
    return m_dropLast ? n / m_batchSize : (n + m_batchSize - 1) / m_batchSize;
}

int64_t loaderLength(const Config& c)
{
    auto s = makeSampler(c);
    return BatchSampler(*s, c.batchSize(), c.loader.drop_last).length();
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
#include "loaderscope/loader/dataset.h"

#include "base/fnv1a.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/loader/dataset_objects.h"
#include "loaderscope/shm/segment.h"

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace loaderscope {

void fillSyntheticSample(int64_t index, uint8_t* dst, uint64_t bytes)
{
    uint64_t x = uint64_t(index) * 0x9E3779B97F4A7C15ULL + 1;
    uint64_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
        x ^= x >> 31;
        x *= 0xBF58476D1CE4E5B9ULL;
        std::memcpy(dst + i, &x, 8);
    }
    for (; i < bytes; ++i)
        dst[i] = uint8_t(x >> (8 * (i & 7)));
}

uint64_t checksumBytes(const uint8_t* p, uint64_t n)
{
    // FNV-1a over 8-byte words (then the tail bytes): one multiply per word keeps it cheap next
    // to the fetch it checks.
    uint64_t h = fnv1a::kOffset64;
    uint64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        std::memcpy(&w, p + i, 8);
        h = fnv1a::mix64(h, w);
    }
    for (; i < n; ++i)
        h = fnv1a::mix64(h, p[i]);
    return h;
}

Fetcher::Fetcher(const Config& config, std::optional<WorkerInfo> info, EventWriter* events)
    : m_config(config), m_info(info), m_events(events),
      // Inherited from the main process with fork; a spawned worker builds its own here (its
      // WorkerInit span), as it would unpickle the dataset.
      m_objects(DatasetObjects::get(config)),
      m_rng(info ? info->seed : config.seed ^ 0x5bd1e995ULL)
{
    for (const auto& s : config.dataset.slow_samples)
        m_slow[s.index] = s.latency_us;
    m_scratch.resize(size_t(config.slotPayloadBytes()));
    reset(0);
}

void Fetcher::reset(int epoch)
{
    m_epoch = epoch;
    m_batchesThisEpoch = 0;
    m_ended = false;
    const bool shard = m_config.dataset.shard && m_info;
    m_streamNext = shard ? m_info->id : 0;
    m_streamStep = shard ? m_info->num_workers : 1;
}

void Fetcher::checkFault(int64_t taskIdx, int64_t mine)
{
    const int me = m_info ? m_info->id : -1;
    for (const auto& f : m_config.faults) {
        if (f.worker != me || f.epoch != m_epoch || f.at_batch != mine)
            continue;
        switch (f.kind) {
        case Fault::Kind::Crash:
            // kill(getpid()) rather than raise(): in a clone()d worker glibc's cached thread id
            // is the zygote's, and raise() would aim at it.
            std::signal(SIGSEGV, SIG_DFL);
            kill(getpid(), SIGSEGV);
            _exit(139);
        case Fault::Kind::Hang:
            for (;;)
                pause();
        case Fault::Kind::Exit:
            _exit(1);
        case Fault::Kind::Exception:
            throw DatasetError("RuntimeError", "injected exception at batch " + std::to_string(taskIdx) +
                                                   " (this worker's batch " +
                                                   std::to_string(mine) + " of epoch " +
                                                   std::to_string(m_epoch) + ")");
        }
    }
}

uint64_t Fetcher::getItem(int64_t index, uint8_t* dst)
{
    const DatasetConfig& d = m_config.dataset;
    const uint64_t bytes = uint64_t(d.sample_bytes);
    // cpu_us is the sample's CPU from its start, what its wait costs the CPU included, as the
    // probe measures a job's sample (the job's sleep or read costs CPU too).
    const uint64_t cpu0 = d.cpu_us > 0 ? threadCpuNs() : 0;
    // I/O latency: the slow-sample override, a constant, or a lognormal draw from this worker's
    // generator (seeded base_seed + worker id, like a worker's torch RNG).
    double latencyUs = d.io_latency.mean_us;
    if (auto it = m_slow.find(index); it != m_slow.end())
        latencyUs = it->second;
    else if (d.io_latency.dist == Latency::Dist::Lognormal && d.io_latency.mean_us > 0) {
        const double s = d.io_latency.sigma;
        const double mu = std::log(d.io_latency.mean_us) - 0.5 * s * s;
        latencyUs = std::exp(mu + s * m_rng.normal());
    }
    if (latencyUs > 0) {
        m_gil.letGo(); // a read or a sleep lets the worker's GIL go
        waitOffCpuNs(uint64_t(latencyUs * 1000.0));
    }

    uint64_t sum;
    if (d.kind == DatasetConfig::Kind::Files) {
        const std::string& path = d.files.at(size_t(index));
        m_gil.letGo();
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            throw DatasetError("OSError", "[Errno " + std::to_string(errno) + "] " +
                                              std::strerror(errno) + ": '" + path + "'");
        m_fileBuf.resize(1 << 20);
        uint64_t total = 0;
        sum = fnv1a::kOffset64;
        for (;;) {
            const ssize_t n = ::read(fd, m_fileBuf.data(), m_fileBuf.size());
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                const int err = errno;
                ::close(fd);
                throw DatasetError("OSError", "[Errno " + std::to_string(err) + "] " +
                                                  std::strerror(err) + ": '" + path + "'");
            }
            if (n == 0)
                break;
            const uint64_t keep = total < bytes ? std::min<uint64_t>(uint64_t(n), bytes - total) : 0;
            std::memcpy(dst + total, m_fileBuf.data(), keep);
            sum = fnv1a::mix64(sum, checksumBytes(m_fileBuf.data(), uint64_t(n)));
            total += uint64_t(n);
        }
        ::close(fd);
        if (total < bytes)
            std::memset(dst + total, 0, bytes - total);
    } else {
        fillSyntheticSample(index, dst, bytes);
        sum = checksumBytes(dst, bytes);
    }
    if (d.cpu_us > 0)
        sum ^= m_gil.burnUntil(cpu0 + uint64_t(d.cpu_us * 1000.0), uint64_t(index) + 1);
    if (m_objects)
        sum ^= m_objects->read(index); // self.items[i % len(self.items)]: object i % count
    return sum;
}

FetchResult Fetcher::fetch(int64_t taskIdx, const int64_t* indices, uint32_t count, uint8_t* slot)
{
    FetchResult r;
    if (m_ended) {
        r.kind = FetchResult::StopIteration;
        return r;
    }
    // The batch counts as this worker's even when the fault raises, so it fires once.
    checkFault(taskIdx, m_batchesThisEpoch++);
    const uint64_t cpu0 = threadCpuNs();
    const uint64_t runq0 = m_runDelay.now();
    const uint64_t bytes = uint64_t(m_config.dataset.sample_bytes);
    const bool iterable = m_config.dataset.kind == DatasetConfig::Kind::Iterable;
    const int64_t length = m_config.datasetLength();
    const bool collating = m_config.loader.batch_size.has_value();
    uint32_t n = 0;
    for (; n < count; ++n) {
        int64_t index;
        if (iterable) {
            if (m_streamNext >= length) {
                m_ended = true;
                break;
            }
            index = m_streamNext;
            m_streamNext += m_streamStep;
        } else {
            index = indices[n];
        }
        const uint64_t t0 = nowNs();
        if (m_info && !m_warm) {
            // A new worker's first sample: the job's code and data touched for the first time
            // (page faults, copy-on-write copies), in the sample's fetch as the probe sees it.
            m_warm = true;
            if (m_config.loader.worker_warmup_cpu_us > 0)
                (void)m_gil.burnUntil(threadCpuNs() + uint64_t(m_config.loader.worker_warmup_cpu_us * 1000.0),
                                      uint64_t(index) + 1);
        }
        // Without auto-batching the sample is "converted", not stacked: write it in place.
        uint8_t* dst = collating ? m_scratch.data() + uint64_t(n) * bytes : slot + uint64_t(n) * bytes;
        r.checksum ^= getItem(index, dst) + uint64_t(n);
        if (m_events)
            m_events->span(EventKind::Fetch, t0, nowNs(), batchKey(m_epoch, taskIdx), index);
        if (n == 0)
            r.first_sample = index;
    }
    if (iterable && (n == 0 || (m_config.loader.drop_last && collating && n < count))) {
        m_ended = true;
        r.kind = FetchResult::StopIteration;
        return r;
    }
    if (collating) {
        // default_collate: stack the samples into the batch, which in a worker lives in shared
        // memory already (here: the slot the main process assigned), so delivery copies nothing.
        const uint64_t t0 = nowNs();
        std::memcpy(slot, m_scratch.data(), uint64_t(n) * bytes);
        if (m_events)
            m_events->span(EventKind::Collate, t0, nowNs(), batchKey(m_epoch, taskIdx), n);
    }
    if (m_events) {
        const uint64_t cpu = threadCpuNs() - cpu0;
        const uint64_t runq1 = m_runDelay.now();
        const uint64_t runq = runq1 >= runq0 ? runq1 - runq0 : 0;
        m_events->instant(EventKind::BatchCost, nowNs(), batchKey(m_epoch, taskIdx), int64_t(cpu), int64_t(runq));
    }
    // Handing the batch on (workers only): a PyTorch worker's queue put (pickling, tensors moved
    // into shared memory) lies outside the dataset's fetch and collate, so it comes after the
    // BatchCost, as in the probe's, and is reported as the probe reports it: a PassCost on the
    // worker's lane. The burn reads the CPU clock: it cannot be optimised away.
    if (m_info && m_config.loader.send_cpu_us > 0) {
        ThreadCostMeter meter(m_runDelay);
        (void)m_gil.burnUntil(threadCpuNs() + uint64_t(m_config.loader.send_cpu_us * 1000.0), uint64_t(taskIdx) + 1);
        if (m_events) {
            const ThreadCostMeter::Cost c = meter.take();
            m_events->instant(EventKind::PassCost, nowNs(), batchKey(m_epoch, taskIdx), c.cpu_ns, c.runq_ns);
        }
    }
    r.n_samples = n;
    return r;
}

} // namespace loaderscope

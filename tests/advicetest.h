// SPDX-License-Identifier: MIT
// The advice tests' recorded runs: figures made up for a rule, and events for the metrics.
#pragma once

#include "loaderscope/analysis/advice.h"
#include "loaderscope/results/metrics.h"

#include <QStringList>

namespace advicetest {

using namespace loaderscope;

/// A finished run: `stall` of a 10 s loop spent in next(), 100,000 samples.
inline RunSummary run(double stall, int cores = 2)
{
    RunSummary s;
    s.cores = cores;
    s.figures.seconds = 10;
    s.figures.samples = 100000;
    s.figures.batches = 3125;
    s.figures.samples_per_s = 10000;
    s.figures.data_stall_fraction = stall;
    return s;
}

/// The memory figures of a run with `workers` workers: each worker's private memory (USS)
/// `workerUss` after growing by `growth` while it read samples; the segment, /dev/shm and the
/// memory limit in bytes (the slots an eighth of the segment, the rest its event rings).
inline MemoryFigures memoryFigures(uint64_t growth, uint64_t workerUss, uint64_t segment, uint64_t shm, uint64_t limit,
                                   int workers)
{
    constexpr uint64_t kMiB = 1ULL << 20;
    MemoryFigures m;
    m.main = {300 * kMiB, 150 * kMiB, 40 * kMiB};
    for (int w = 0; w < workers; ++w) {
        WorkerMemory wm;
        wm.worker = w;
        wm.peak_rss_bytes = 300 * kMiB + workerUss;
        wm.peak_pss_bytes = workerUss + 30 * kMiB;
        wm.peak_uss_bytes = workerUss;
        wm.uss_growth_bytes = growth;
        m.workers.push_back(wm);
    }
    m.segment_bytes = segment;
    m.slots_bytes = segment / 8;
    m.dev_shm_size_bytes = shm;
    m.dev_shm_min_free_bytes = shm / 2;
    m.limit_bytes = limit;
    return m;
}

/// `n` workers, each busy `busy` of the loop, split into CPU, waiting for a core, and I/O.
inline void workers(RunSummary& s, int n, double busy, double cpu, double cpuWait, double idle = 0.02)
{
    s.num_workers = n;
    for (int w = 0; w < n; ++w) {
        WorkerFigures f;
        f.worker = w;
        f.busy_fraction = busy;
        f.cpu_fraction = cpu;
        f.cpu_wait_fraction = cpuWait;
        f.io_fraction = busy - cpu - cpuWait;
        f.idle_fraction = idle;
        s.figures.workers.push_back(f);
    }
}

inline LoaderKnobs knobs(int nw)
{
    LoaderKnobs k;
    k.num_workers = nw;
    k.batch_size = 32;
    return k;
}

inline QStringList ids(const std::vector<Advice>& advice)
{
    QStringList out;
    for (const Advice& a : advice)
        out << QString::fromStdString(a.id);
    return out;
}

inline const Advice* find(const std::vector<Advice>& advice, const char* id)
{
    for (const Advice& a : advice)
        if (a.id == id)
            return &a;
    return nullptr;
}
// find() returns a pointer into the vector: a temporary would dangle (ASan caught one).
const Advice* find(std::vector<Advice>&& advice, const char* id) = delete;

inline Event ev(EventKind kind, int lane, uint64_t t0, uint64_t t1, int64_t batch = -1, int64_t arg0 = 0, int64_t arg1 = 0)
{
    Event e;
    e.kind = kind;
    e.lane = int16_t(lane);
    e.t0 = t0;
    e.t1 = t1;
    e.batch = batch;
    e.arg0 = arg0;
    e.arg1 = arg1;
    return e;
}

} // namespace advicetest

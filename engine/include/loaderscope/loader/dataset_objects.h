// SPDX-License-Identifier: MIT
// The Python objects a dataset holds (config `dataset.objects`), for copy-on-read after fork
// (PyTorch issue 13246). A Dataset that keeps a list of Python objects (file names, labels, dicts)
// is built by the main process; fork shares its pages with every worker, but CPython writes a
// reference count into every object it reads, so each page a worker reads is copied into that
// worker: its USS (private memory) grows with the samples it touches, although nothing changes.
// The same data in one array (numpy, a tensor) has one reference count, in one header: reading it
// copies one page, and the data stay shared.
#pragma once

#include "loaderscope/config/config.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace loaderscope {

/**
 * The objects of this process. Sample i reads object i % count.
 *
 * - "refcounted": `count` objects of `bytes_each` bytes (rounded up to 64), packed one after
 *   another like CPython's small-object arenas; each object is a run of 64-byte elements, each
 *   with its own 8-byte reference count (a list of small Python objects). Reading an object takes
 *   and drops a reference to every element, as iterating it in CPython does: every page of it is
 *   written, and after fork the kernel copies each such page into the reading process.
 * - "contiguous": one header page holding the only reference count, then the data of all objects
 *   in one array (numpy, a tensor). Reading object i takes and drops the one reference and reads
 *   its data (one 8-byte word per 64 bytes, as the refcounted read does): one page is copied per
 *   process, however many samples it reads.
 *
 * The main process builds them (prepare) before the fork zygote starts, so forked workers share
 * its pages. A process that has none (a spawned worker) builds its own on first use, as a spawned
 * DataLoader worker unpickles its own copy of the dataset.
 */
class DatasetObjects
{
public:
    ~DatasetObjects();
    DatasetObjects(const DatasetObjects&) = delete;
    DatasetObjects& operator=(const DatasetObjects&) = delete;

    /// Builds this process's objects now (the main process, before the zygote forks). No-op when
    /// the config has none or they exist. Throws std::runtime_error when the memory cannot be had.
    static void prepare(const Config& config);
    /// This process's objects, built now if needed; nullptr when the config has none.
    static const DatasetObjects* get(const Config& config);

    /// Reads the object of sample `sampleIndex` as CPython would (see above); a checksum of it.
    uint64_t read(int64_t sampleIndex) const;
    /// Bytes of one object as laid out (refcounted: rounded up to whole elements).
    uint64_t objectBytes() const { return m_stride; }
    /// The whole mapping (objects, plus the header page when contiguous).
    uint64_t mappedBytes() const { return m_mapped; }
    const ObjectsConfig& config() const { return m_config; }

private:
    explicit DatasetObjects(const ObjectsConfig& config);

    ObjectsConfig m_config;
    uint8_t* m_base = nullptr;   ///< private anonymous mapping (copy-on-write after fork)
    uint64_t m_mapped = 0;
    uint64_t m_stride = 0;       ///< bytes from one object to the next
    uint64_t m_dataOffset = 0;   ///< contiguous: the data follow the header page
};

} // namespace loaderscope

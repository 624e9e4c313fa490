// SPDX-License-Identifier: MIT
#include "loaderscope/loader/dataset_objects.h"

#include "loaderscope/shm/memory.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <sys/mman.h>

namespace loaderscope {

namespace {

constexpr uint64_t kPage = 4096;

/// Process-wide: the objects belong to the dataset, and a process holds one dataset. A fork
/// inherits the pointer and the pages behind it.
std::unique_ptr<DatasetObjects>& instance()
{
    static std::unique_ptr<DatasetObjects> objects;
    return objects;
}

bool sameShape(const ObjectsConfig& a, const ObjectsConfig& b)
{
    return a.count == b.count && a.bytes_each == b.bytes_each && a.layout == b.layout;
}


/// A value word of object `i`, element `e` (deterministic, so runs can be compared).
uint64_t valueWord(uint64_t i, uint64_t e)
{
    uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ULL ^ (e + 1) * 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 31;
    return x;
}

} // namespace


DatasetObjects::DatasetObjects(const ObjectsConfig& config) : m_config(config), m_stride(objectStrideBytes(config))
{
    const bool contiguous = config.layout == ObjectsConfig::Layout::Contiguous;
    m_dataOffset = contiguous ? kPage : 0;
    const uint64_t bytes = m_dataOffset + m_stride * uint64_t(config.count);
    m_mapped = (bytes + kPage - 1) / kPage * kPage;
    // Private anonymous memory, as malloc gives CPython: after fork every page is shared
    // copy-on-write until someone writes to it.
    void* p = mmap(nullptr, m_mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        throw std::runtime_error("dataset.objects: cannot map " + formatBytes(m_mapped) + ": " + std::strerror(errno));
    m_base = static_cast<uint8_t*>(p);
    // 4 KiB pages, as CPython's arenas mostly get: with transparent huge pages a write could copy
    // 2 MiB (older kernels) and the growth would no longer follow the objects read.
    madvise(m_base, m_mapped, MADV_NOHUGEPAGE);
    // Build every object now (each page written once), so the pages exist before the fork.
    const uint64_t elements = m_stride / kObjectElementBytes;
    for (uint64_t i = 0; i < uint64_t(config.count); ++i) {
        uint8_t* obj = m_base + m_dataOffset + i * m_stride;
        if (contiguous) {
            for (uint64_t off = 0; off + 8 <= m_stride; off += 8) {
                const uint64_t v = valueWord(i, off / 8);
                std::memcpy(obj + off, &v, 8);
            }
        } else {
            for (uint64_t e = 0; e < elements; ++e) {
                uint64_t* el = reinterpret_cast<uint64_t*>(obj + e * kObjectElementBytes);
                el[0] = 1; // the reference count: the container holds one reference
                for (int k = 1; k < int(kObjectElementBytes / 8); ++k)
                    el[k] = valueWord(i, e * 8 + uint64_t(k));
            }
        }
    }
    if (contiguous)
        *reinterpret_cast<uint64_t*>(m_base) = 1; // the array's one reference count
}

DatasetObjects::~DatasetObjects()
{
    if (m_base)
        munmap(m_base, m_mapped);
}

void DatasetObjects::prepare(const Config& config)
{
    (void)get(config);
}

const DatasetObjects* DatasetObjects::get(const Config& config)
{
    const std::optional<ObjectsConfig>& c = config.dataset.objects;
    if (!c)
        return nullptr;
    std::unique_ptr<DatasetObjects>& objects = instance();
    if (!objects || !sameShape(objects->m_config, *c))
        objects.reset(new DatasetObjects(*c));
    return objects.get();
}

uint64_t DatasetObjects::read(int64_t sampleIndex) const
{
    const uint64_t i = uint64_t(sampleIndex < 0 ? -sampleIndex : sampleIndex) % uint64_t(m_config.count);
    const uint8_t* obj = m_base + m_dataOffset + i * m_stride;
    uint64_t sum = 0;
    if (m_config.layout == ObjectsConfig::Layout::Contiguous) {
        // Py_INCREF on the array: one word in the header page, however large the array.
        volatile uint64_t* refcnt = reinterpret_cast<volatile uint64_t*>(m_base);
        *refcnt = *refcnt + 1;
        for (uint64_t off = 0; off + 8 <= m_stride; off += kObjectElementBytes) {
            uint64_t w; // objects of any size are packed: a word may be unaligned
            std::memcpy(&w, obj + off, 8);
            sum += w;
        }
        *refcnt = *refcnt - 1;
        return sum;
    }
    // Iterating a container of small objects: Py_INCREF and Py_DECREF on every element. The
    // writes go through volatile so they happen (the count ends where it started).
    for (uint64_t off = 0; off + kObjectElementBytes <= m_stride; off += kObjectElementBytes) {
        volatile uint64_t* el = reinterpret_cast<volatile uint64_t*>(const_cast<uint8_t*>(obj + off));
        el[0] = el[0] + 1;
        sum += el[1];
        el[0] = el[0] - 1;
    }
    return sum;
}


} // namespace loaderscope

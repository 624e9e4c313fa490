// SPDX-License-Identifier: MIT
// The segment layout (shm_layout.h): section offsets from the counts, and the spec of a run.
#include "loaderscope/shm/segment.h"

#include "loaderscope/base/bytes.h"
#include "loaderscope/config/config.h"

#include <algorithm>
#include <cstdlib>
#include <sys/statvfs.h>

namespace loaderscope {

namespace {

uint64_t alignUp(uint64_t v, uint64_t a)
{
    return (v + a - 1) / a * a;
}

uint32_t nextPow2(uint32_t v)
{
    uint32_t p = 1;
    while (p < v)
        p <<= 1;
    return p;
}

} // namespace

ShmLayout ShmLayout::fromCounts(uint32_t workers, uint32_t slots, uint32_t ringCap, uint32_t eventCap,
                                uint32_t maxIndices, uint64_t payloadBytes, uint64_t configSectionBytes)
{
    ShmLayout l;
    l.num_workers = workers;
    l.num_slots = slots;
    l.task_ring_capacity = ringCap;
    l.event_ring_capacity = eventCap;
    l.num_event_rings = kFixedEventRings + workers;
    l.max_indices = maxIndices;
    l.slot_payload_bytes = payloadBytes;
    l.slot_stride = alignUp(std::max<uint64_t>(payloadBytes, 1), 4096);

    uint64_t off = kHeaderBytes;
    l.config_section_bytes = configSectionBytes;
    l.off_config = off;
    off += configSectionBytes;
    l.off_workers = off;
    off += alignUp(uint64_t(workers) * sizeof(WorkerCtl), 64);
    l.off_index_rings = off;
    off += alignUp(uint64_t(workers) * ringCap * sizeof(Task), 64);
    l.off_done_rings = off;
    off += alignUp(uint64_t(workers) * ringCap * sizeof(Done), 64);
    l.off_slot_hdrs = off;
    off += alignUp(uint64_t(slots) * sizeof(SlotHdr), 64);
    l.off_slot_indices = off;
    off += alignUp(uint64_t(slots) * maxIndices * sizeof(int64_t), 64);
    l.off_event_rings = off;
    off += uint64_t(l.num_event_rings) * l.eventRingBytes();
    l.off_slot_data = alignUp(off, 2u << 20);
    l.total_bytes = l.off_slot_data + uint64_t(slots) * l.slot_stride;
    return l;
}

ShmLayout ShmLayout::forConfig(const Config& c, uint64_t configTextBytes)
{
    const SegmentSpec s = SegmentSpec::forConfig(c, {});
    return fromCounts(s.num_workers, s.num_slots, s.task_ring_capacity, s.event_ring_capacity, s.max_indices,
                      s.slot_payload_bytes, configSectionBytes(configTextBytes));
}

uint64_t ShmLayout::configSectionBytes(uint64_t configTextBytes)
{
    return alignUp(configTextBytes + 1, 4096);
}

// The segment carries the largest config parseConfig accepts, and nothing larger (one limit).
static_assert(ShmLayout::kMaxConfigSectionBytes == ((kMaxConfigBytes + 1 + 4095) / 4096) * 4096);

SegmentSpec SegmentSpec::forConfig(const Config& c, const std::string& configJson)
{
    SegmentSpec s;
    s.num_workers = uint32_t(c.loader.num_workers);
    const uint32_t inflight = uint32_t(c.loader.prefetch_factor) * s.num_workers;
    s.num_slots = inflight + ShmLayout::kConsumerSlots;
    // A worker may hold every in-flight task (in_order=False with one active worker), plus a
    // resume and a stop message.
    s.task_ring_capacity = nextPow2(std::max<uint32_t>(inflight + 4, 8));
    // Test only: a small event ring makes a run lose events on purpose (tst_hostile).
    s.event_ring_capacity = ShmLayout::kEventRingCapacity;
    if (const char* test = std::getenv("LOADERSCOPE_TEST_EVENT_RING"); test && *test)
        s.event_ring_capacity = nextPow2(
            std::clamp<uint32_t>(uint32_t(std::strtoul(test, nullptr, 10)), 16, ShmLayout::kEventRingCapacity));
    s.max_indices = uint32_t(c.batchSize());
    s.slot_payload_bytes = c.slotPayloadBytes();
    s.config_json = configJson;
    s.source = SegmentSource::Engine;
    s.program = "loaderscope-engine";
    return s;
}

uint64_t shmFreeBytes()
{
    struct statvfs s {};
    if (statvfs("/dev/shm", &s) != 0)
        return 0;
    return uint64_t(s.f_bavail) * uint64_t(s.f_frsize);
}

Config parseRunConfig(const std::string& jsonText)
{
    Config c = parseConfig(jsonText);
    const ShmLayout layout = ShmLayout::forConfig(c, configToJson(c).size());
    const uint64_t freeBytes = shmFreeBytes();
    if (layout.total_bytes > freeBytes) {
        throw ConfigError("loader", "the run needs " + formatBytes(layout.total_bytes) + " of /dev/shm (" +
                                        std::to_string(layout.num_slots) + " batch slots of " +
                                        formatBytes(layout.slot_stride) + ": num_workers x prefetch_factor + " +
                                        std::to_string(ShmLayout::kConsumerSlots) + ", plus event rings) but only " +
                                        formatBytes(freeBytes) + " is free; lower num_workers, prefetch_factor, "
                                        "batch_size or sample_bytes, or enlarge /dev/shm");
    }
    return c;
}

} // namespace loaderscope

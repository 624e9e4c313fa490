// SPDX-License-Identifier: MIT
#include "objects_config.h"

#include "json_reader.h"
#include "loaderscope/base/bytes.h"

namespace loaderscope {

namespace {

constexpr int64_t kMaxObjects = int64_t(1) << 26;
constexpr int64_t kMaxObjectBytes = int64_t(1) << 30;
constexpr uint64_t kMaxTotalBytes = uint64_t(1) << 40;

} // namespace

const char* objectsLayoutName(ObjectsConfig::Layout layout)
{
    return layout == ObjectsConfig::Layout::Contiguous ? "contiguous" : "refcounted";
}

std::optional<ObjectsConfig> parseObjectsConfig(const detail::ObjectReader& dataset)
{
    const detail::json* v = dataset.find("objects");
    if (!v || v->is_null())
        return std::nullopt;
    const std::string field = dataset.field("objects");
    if (!v->is_object())
        detail::fail(field, "expected an object such as {\"count\": 100000, \"bytes_each\": 4096, "
                            "\"layout\": \"refcounted\"}, got " + detail::typeDescription(*v));
    detail::ObjectReader r(*v, field, {"count", "bytes_each", "layout"});
    if (!r.isSet("count"))
        detail::fail(r.field("count"), "missing: how many objects the dataset holds");
    if (!r.isSet("bytes_each"))
        detail::fail(r.field("bytes_each"), "missing: the bytes of one object");
    ObjectsConfig c;
    c.count = r.integer("count", 0, 1, kMaxObjects);
    c.bytes_each = r.integer("bytes_each", 0, int64_t(kObjectElementBytes), kMaxObjectBytes);
    const std::string layout = r.string("layout", "refcounted");
    if (layout == "contiguous")
        c.layout = ObjectsConfig::Layout::Contiguous;
    else if (layout != "refcounted")
        detail::fail(r.field("layout"), "unknown layout '" + layout +
                                            "'; expected 'refcounted' (Python objects, each with its own "
                                            "reference count) or 'contiguous' (one array)");
    const uint64_t total = objectStrideBytes(c) * uint64_t(c.count);
    if (total > kMaxTotalBytes)
        detail::fail(field, std::to_string(c.count) + " objects of " + std::to_string(c.bytes_each) +
                                " bytes are " + formatBytes(total) + ", more than the 1 TiB allowed");
    const uint64_t physical = physicalMemoryBytes();
    if (physical > 0 && total > physical)
        detail::fail(field, std::to_string(c.count) + " objects of " + std::to_string(c.bytes_each) + " bytes need " +
                                formatBytes(total) + " in the main process, more than this machine's " +
                                formatBytes(physical) + " of memory");
    return c;
}

} // namespace loaderscope

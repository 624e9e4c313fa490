// SPDX-License-Identifier: MIT
// `dataset.objects` read from a config (private to config/): the objects themselves are the
// loader's (loaderscope/loader/dataset_objects.h).
#pragma once

#include "loaderscope/config/config.h"

#include <optional>

namespace loaderscope {

namespace detail {
class ObjectReader;
}

/**
 * Parses `dataset.objects` (absent or null: none) of the `dataset` object: count 1..2^26,
 * bytes_each 64..1 GiB, layout "refcounted" (default) or "contiguous", all of them no larger than
 * the machine's memory. Throws ConfigError naming the field.
 */
std::optional<ObjectsConfig> parseObjectsConfig(const detail::ObjectReader& dataset);
/// "refcounted" or "contiguous".
const char* objectsLayoutName(ObjectsConfig::Layout layout);

} // namespace loaderscope

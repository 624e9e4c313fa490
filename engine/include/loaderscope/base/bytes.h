// SPDX-License-Identifier: MIT
// Sizes of memory: a byte count as text, and the machine's memory. The lowest room (base/): the
// config's limits, the memory sampler, the OOM report and the advice all say bytes the same way.
#pragma once

#include <cstdint>
#include <string>

namespace loaderscope {

/// MemTotal of /proc/meminfo, bytes (0 if unreadable).
uint64_t physicalMemoryBytes();

/// "3.1 GiB", "64.0 MiB", "512 KiB".
std::string formatBytes(uint64_t bytes);

} // namespace loaderscope

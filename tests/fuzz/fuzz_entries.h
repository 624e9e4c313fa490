// SPDX-License-Identifier: MIT
// What each fuzz target does with one input; shared by the libFuzzer mains and the ctest that
// replays the corpus and every finding.
#pragma once

#include <cstddef>
#include <cstdint>

namespace fuzz {
/// The config parser and validator, then the canonical JSON round trip. Never crashes.
void config(const uint8_t* data, size_t size);
/// The profiler-trace importer and its analysis. Never crashes.
void trace(const uint8_t* data, size_t size);
} // namespace fuzz

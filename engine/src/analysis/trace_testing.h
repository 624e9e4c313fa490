// SPDX-License-Identifier: MIT
// Switches for tests and fuzzing of the trace reader: each path it can take (byte-loop or AVX2
// scanner, simdjson's portable or CPU-specific parser, windows parsed inline or on a second
// thread) must give the same result, error messages included. Process-wide; not for production.
#pragma once

#include <cstdint>

namespace loaderscope::detail {

/// The byte-loop scanner instead of the AVX2 one.
void forceScalarScanner(bool on);
bool simdScannerAvailable();
/// simdjson's portable implementation for the windows parsed from now on.
void forceFallbackParser(bool on);
/// The implementation the next import's windows use ("icelake", "haswell", "fallback").
const char* windowParserImplementation();
/// Every window through simdjson, none through the flat event reader (trace_flat.h).
void forceFullParser(bool on);
/// The flat event reader reads every event member by member (no EventLayout, trace_flat.h).
void forceMemberByMember(bool on);
/// Events the flat event reader has read by their layout in this process.
uint64_t layoutEventsRead();
/// Windows the flat event reader has read in this process (that simdjson did not have to).
uint64_t flatWindowsRead();
/// Files at least this large are parsed on a second thread (default 8 MiB); returns the old value.
uint64_t setPipelineThreshold(uint64_t bytes);

} // namespace loaderscope::detail

// SPDX-License-Identifier: MIT
#include "fuzz_entries.h"

#include "loaderscope/config/config.h"
#include "loaderscope/analysis/profiler_import.h"
#include "analysis/trace_testing.h"

#include <string>

namespace fuzz {

void config(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const loaderscope::Config c = loaderscope::parseConfig(text);
        // What parses must round-trip to the same canonical form.
        const std::string once = loaderscope::configToJson(c);
        const std::string twice = loaderscope::configToJson(loaderscope::parseConfig(once));
        if (once != twice)
            __builtin_trap();
    } catch (const loaderscope::ConfigError&) {
    }
}

/** One import and analysis, as a line to compare: the figures, or the error and where it is. */
static std::string traceOutcome(const uint8_t* data, size_t size)
{
    try {
        const auto t = loaderscope::importProfilerTraceBuffer(reinterpret_cast<const char*>(data), size);
        const auto a = loaderscope::analyzeProfilerTrace(t);
        (void)loaderscope::compareRanks({t, t});
        uint64_t sum = 0; // a checksum: wraps
        for (const auto& s : t.spans)
            sum += uint64_t(s.t0) * 3 + uint64_t(s.t1) + s.kind + uint64_t(s.pid) % 97 + uint64_t(s.tid) % 89 + s.bytes % 1000;
        return std::to_string(t.events_seen) + " " + std::to_string(t.spans.size()) + " " + std::to_string(sum) + " " +
               std::to_string(t.threads.size()) + " " + std::to_string(t.rank) + " " + a.loop_shape + " " +
               std::to_string(a.data_stall_fraction) + " " + std::to_string(a.refused_spans);
    } catch (const loaderscope::TraceImportError& e) {
        return "error " + std::to_string(e.offset()) + " " + e.what();
    }
}

void trace(const uint8_t* data, size_t size)
{
    // Never a crash, and the same answer from every path of the reader: the AVX2 scanner and the
    // byte loop, simdjson's CPU-specific and portable parsers, the flat event reader or simdjson
    // alone (a difference is a finding).
    const std::string fast = traceOutcome(data, size);
    if (loaderscope::detail::simdScannerAvailable()) {
        loaderscope::detail::forceScalarScanner(true);
        const std::string scalar = traceOutcome(data, size);
        loaderscope::detail::forceScalarScanner(false);
        if (scalar != fast)
            __builtin_trap();
    }
    loaderscope::detail::forceFallbackParser(true);
    const std::string portable = traceOutcome(data, size);
    loaderscope::detail::forceFallbackParser(false);
    if (portable != fast)
        __builtin_trap();
    loaderscope::detail::forceMemberByMember(true); // the flat event reader without event layouts
    const std::string members = traceOutcome(data, size);
    loaderscope::detail::forceMemberByMember(false);
    if (members != fast)
        __builtin_trap();
    loaderscope::detail::forceFullParser(true); // simdjson alone, without the flat event reader
    const std::string full = traceOutcome(data, size);
    loaderscope::detail::forceFullParser(false);
    if (full != fast)
        __builtin_trap();
}

} // namespace fuzz

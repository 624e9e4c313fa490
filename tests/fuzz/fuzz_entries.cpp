// SPDX-License-Identifier: MIT
#include "fuzz_entries.h"

#include "loaderscope/config.h"
#include "loaderscope/profiler_import.h"

#include <string>

namespace fuzz {

void config(const uint8_t* data, size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const loaderscope::Config c = loaderscope::parseConfig(text, /*checkShm=*/false);
        // What parses must round-trip to the same canonical form.
        const std::string once = loaderscope::configToJson(c);
        const std::string twice = loaderscope::configToJson(loaderscope::parseConfig(once, false));
        if (once != twice)
            __builtin_trap();
    } catch (const loaderscope::ConfigError&) {
    }
}

void trace(const uint8_t* data, size_t size)
{
    try {
        const auto t = loaderscope::importProfilerTraceBuffer(reinterpret_cast<const char*>(data), size);
        (void)loaderscope::analyzeProfilerTrace(t);
        (void)loaderscope::compareRanks({t, t});
    } catch (const loaderscope::TraceImportError&) {
    }
}

} // namespace fuzz

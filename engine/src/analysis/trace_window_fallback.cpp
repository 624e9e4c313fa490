// SPDX-License-Identifier: MIT
// The window parser for any CPU: simdjson's portable implementation (see trace_window.inc).
#include "trace_window_prelude.h"

#define SIMDJSON_BUILTIN_IMPLEMENTATION fallback
#define LS_WINDOW_NS window_fallback
#include "trace_window.inc"

namespace loaderscope::detail {

size_t windowPadding()
{
    return simdjson::SIMDJSON_PADDING;
}

/** simdjson's choice for this CPU, from its runtime detection. */
const char* activeImplementation()
{
    static const std::string name = simdjson::get_active_implementation()->name();
    return name.c_str();
}

} // namespace loaderscope::detail

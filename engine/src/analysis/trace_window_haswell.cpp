// SPDX-License-Identifier: MIT
// The window parser for x86-64 CPUs with AVX2 (simdjson's "haswell" implementation; see trace_window.inc).
// Called only when simdjson's runtime detection chose "haswell".
#include "trace_window_prelude.h"

#if defined(__x86_64__)
#define SIMDJSON_BUILTIN_IMPLEMENTATION haswell
#define LS_WINDOW_NS window_haswell
#include "trace_window.inc"
#endif

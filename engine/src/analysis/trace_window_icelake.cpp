// SPDX-License-Identifier: MIT
// The window parser for x86-64 CPUs with AVX-512 (Ice Lake and later) (simdjson's "icelake" implementation; see trace_window.inc).
// Called only when simdjson's runtime detection chose "icelake".
#include "trace_window_prelude.h"

#if defined(__x86_64__)
#define SIMDJSON_BUILTIN_IMPLEMENTATION icelake
#define LS_WINDOW_NS window_icelake
#include "trace_window.inc"
#endif

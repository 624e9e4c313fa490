#!/bin/sh
# SPDX-License-Identifier: MIT
# The trace window parser's builds for AVX2 and AVX-512 (engine/src/analysis/trace_window_*.cpp, compiled
# with -mavx2 / -mavx512*) must define nothing but their own functions: an inline function or a
# template instantiation compiled there could be the copy the linker keeps for the whole program,
# and crash a CPU without those instructions. Arguments: engine_core's object files (CMake may pass
# them as one ';'-separated list).
status=0
checked=0
for obj in $(printf '%s\n' "$@" | tr ';' '\n'); do
  case "$obj" in
    *trace_window_haswell*|*trace_window_icelake*) ;;
    *) continue ;;
  esac
  checked=$((checked + 1))
  # Type information is data, the same bytes from every compiler flag (UBSan's vptr check makes
  # the compiler emit it here): no instruction the linker could pick. simdjson's own code for one
  # family (simdjson::haswell::, simdjson::icelake::; simdjson 3.12 emits two inline members of
  # its dom_parser_implementation) is only ever that family's code, whichever copy the linker
  # keeps, and runs only after simdjson's runtime detection chose that family.
  shared=$(nm -C --defined-only "$obj" | awk '$2 ~ /^[A-Z]$/ && $3 != "DW.ref.__gxx_personality_v0"' |
           grep -v 'loaderscope::detail::window_\(haswell\|icelake\)::' |
           grep -v ' simdjson::\(haswell\|icelake\)::' |
           grep -v ' V typeinfo \(name \)\?for ')
  if [ -n "$shared" ]; then
    echo "$obj defines symbols other code could link to:"
    echo "$shared"
    status=1
  fi
done
if [ "$checked" -ne 2 ]; then
  echo "expected the two window objects, found $checked"
  exit 1
fi
exit $status

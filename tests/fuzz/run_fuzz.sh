#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fuzzes the config parser and the profiler-trace importer with libFuzzer (clang, ASan, UBSan).
# Usage: [FUZZ_TARGETS="config trace"] tests/fuzz/run_fuzz.sh [seconds per target, default 600]
# Crashes are copied to tests/fuzz/regressions/<target>/, which tst_fuzz_regressions replays in ctest.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-600}"
for p in clang libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || \
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$p"; }
done
build=build-fuzz
# UBSan must stop the run: a report that only prints is not kept as a finding.
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
cmake -S . -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS="$flags" -DLOADERSCOPE_FUZZ=ON -DLOADERSCOPE_BUILD_GUI=OFF -DLOADERSCOPE_BUILD_TESTS=OFF \
  -DLOADERSCOPE_ENABLE_CUDA=OFF >/dev/null
cmake --build "$build" -j2 --target fuzz_config fuzz_trace
report="{"
targets="${FUZZ_TARGETS:-config trace}"
for target in $targets; do
  corpus="tests/fuzz/corpus/$target"
  work="$build/corpus-$target"; rm -rf "$build/crashes-$target"; mkdir -p "$work" "$build/crashes-$target"
  cp -n "$corpus"/* "$work"/ 2>/dev/null || true
  log="$build/fuzz-$target.log"
  "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/crashes-$target/" "$work" >"$log" 2>&1 || true
  crashes=$(ls "$build/crashes-$target" 2>/dev/null | wc -l)
  cp "$build"/crashes-$target/* "tests/fuzz/regressions/$target/" 2>/dev/null || true
  runs=$( (grep -o "stat::number_of_executed_units: [0-9]*" "$log" || true) | tail -1 | awk '{print $2}')
  cov=$( (grep -oE "cov: [0-9]+" "$log" || true) | tail -1 | awk '{print $2}')
  report="$report\"$target\":{\"seconds\":$seconds,\"executions\":${runs:-0},\"coverage\":${cov:-0},\"findings\":$crashes},"
done
echo "${report%,}}"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The random-kill soak, long form: 200 rounds (1 to 5 minutes on 2 cores, with load), prints the JSON report.
# Usage: tests/soak/run_soak.sh [rounds] [build-dir]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-200}"
build="${2:-build}"
out="$(mktemp)"
LOADERSCOPE_SOAK_RUNS="$rounds" LOADERSCOPE_SOAK_SEED="${LOADERSCOPE_SOAK_SEED:-$RANDOM}" LOADERSCOPE_SOAK_JSON="$out" \
  XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}" "$build/tests/tst_soak" >/dev/null 2>&1 || true
cat "$out"
rm -f "$out"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The GPU check (issue: device side). Builds nothing: runs a loaderscope-engine built beforehand
# (static cudart) and prints one JSON object:
#   - plain cudaMemcpy pinned H2D peak GB/s, measured in the same run (cuda-info);
#   - the same config with pinned, pageable and "shared" memory, and pinned with copy_stream false:
#     achieved GB/s, overlap fraction, step period, host blocked share, pin copies.
# Where no GPU is usable it runs the simulator and says so ("backend": "sim").
# Usage: tests/gpu/check.sh [path/to/loaderscope-engine]     (about a minute)
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
engine="${1:-$here/../../build/engine/loaderscope-engine}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

info="$("$engine" cuda-info 2>/dev/null)"
backend=sim
if echo "$info" | grep -q '"usable": true'; then backend=cuda; fi

# Batches of 32 x 1 MiB; a 25 ms step, longer than the copy even at pageable speed; fast data.
config() { # $1 pin_memory, $2 copy_stream
  cat <<JSON
{"dataset":{"kind":"map","length":2048,"sample_bytes":1048576,"io_latency_us":0},
 "loader":{"batch_size":32,"num_workers":6,"prefetch_factor":2,"pin_memory":$1},
 "train":{"step_us":25000,"non_blocking":true,"copy_stream":$2,"max_batches":48},
 "device":{"backend":"$backend"}}
JSON
}

runs=""
for variant in "pinned true true" "pageable false true" "shared \"shared\" true" "pinned_one_stream true false"; do
  set -- $variant
  name=$1
  config "$2" "$3" > "$work/$name.json"
  "$engine" run --config "$work/$name.json" --summary "$work/$name.summary.json" --trace "$work/$name.trace.json" \
    2> "$work/$name.err"
  rc=$?
  # pin copies and copy-before-kernel consistency, read from the trace
  extra="$(python3 - "$work/$name.trace.json" <<'PY'
import json, sys
try:
    ev = json.load(open(sys.argv[1]))["traceEvents"]
except Exception as e:
    print(json.dumps({"trace_error": str(e)})); sys.exit()
pins = sum(1 for e in ev if e.get("name", "").startswith("pin batch"))
copy_end, kstart = {}, {}
for e in ev:
    n, b = e.get("name", ""), e.get("args", {}).get("batch")
    if n.startswith("Memcpy HtoD"): copy_end[b] = e["ts"] + e["dur"]
    if n.startswith("step kernel"): kstart[b] = e["ts"]
bad = sum(1 for b, t in kstart.items() if b in copy_end and copy_end[b] > t + 1.0)
print(json.dumps({"pin_copies": pins, "kernels": len(kstart), "copies_ending_after_their_kernel_started": bad}))
PY
)"
  summary="$(python3 - "$work/$name.summary.json" "$rc" "$extra" <<'PY'
import json, sys
try:
    s = json.load(open(sys.argv[1]))
except Exception:
    s = {}
keys = ["backend", "h2d_gbps", "overlap_fraction", "step_period_s", "gpu_busy_fraction",
        "data_stall_fraction", "host_blocked_fraction", "host_waits_for_gpu_fraction", "samples_per_s"]
out = {k: s.get(k) for k in keys}
out["exit_code"] = int(sys.argv[2])
out.update(json.loads(sys.argv[3]))
print(json.dumps(out))
PY
)"
  runs="$runs${runs:+,}\"$name\": $summary"
done

python3 - "$info" "{${runs}}" "$backend" <<'PY'
import json, sys
info = json.loads(sys.argv[1]) if sys.argv[1].strip() else {}
runs = json.loads(sys.argv[2])
out = {"check": "gpu", "backend": sys.argv[3], "cuda_info": info, "runs": runs}
peak = info.get("peak_h2d_gbps_pinned_memcpy")
p = runs.get("pinned", {})
if peak and p.get("h2d_gbps"):
    out["pinned_async_vs_memcpy_peak"] = p["h2d_gbps"] / peak
    out["target_pinned_vs_peak"] = 0.9
if sys.argv[3] == "sim":
    out["note"] = "no usable CUDA device: these are the simulated GPU's figures"
print(json.dumps(out, indent=2))
PY

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The GPU check. Builds nothing: runs a loaderscope-engine built beforehand (static cudart, so the
# binary built on a machine without a GPU runs on the GPU machine) and prints one JSON object:
#   - the fat binary's images (tests/gpu/list_fatbin.py; cuobjdump --list-elf --list-ptx too where
#     the machine has it) and cuda-info (kernel image, plain-copy peak in a process of its own);
#   - the same config with pinned, pageable and "shared" memory, and pinned with copy_stream
#     false: achieved GB/s against the plain-copy peak measured in the same process as the run's
#     copies (LOADERSCOPE_PEAK_H2D_MIB), overlap fraction, step period, host blocked share, pin
#     copies, copy/kernel order, and the clock anchors' bracket width (the timing error);
#   - the error paths through the test-only LOADERSCOPE_FAULT switch: exit code, message, time
#     taken and segments left for a failing launch, copy, event query, registration and warm-up.
# Where no GPU is usable it runs the simulator and says so ("backend": "sim").
# Every run's stderr is kept in the logs folder (printed when the run fails), which outlives the
# script; its scratch folder (configs, traces, summaries) is removed.
#
# Usage: tests/gpu/check.sh [ENGINE] [--logs DIR]        (about a minute)
#   ENGINE  default: build/engine/loaderscope-engine of this checkout
#   --logs  where per-run stderr goes (default: a new folder under ${TMPDIR:-/tmp})
# Exit status: 0 every run behaved; 1 a run failed or a fault did not end as expected;
# 2 usage (no engine binary, no python3).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
engine="$here/../../build/engine/loaderscope-engine"
logs=""
while [ $# -gt 0 ]; do
  case "$1" in
    --logs) logs="${2:?--logs needs a folder}"; shift 2 ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) engine="$1"; shift ;;
  esac
done

if [ ! -e "$engine" ]; then
  echo "check.sh: no engine binary at '$engine': build it first (cmake --build build --target loaderscope-engine) or pass its path" >&2
  exit 2
fi
if [ ! -x "$engine" ]; then
  echo "check.sh: '$engine' is not executable" >&2
  exit 2
fi
py="$(command -v python3 || true)"
if [ -z "$py" ]; then
  echo "check.sh: python3 is needed to read the summaries and traces" >&2
  exit 2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -z "$logs" ]; then
  logs="$(mktemp -d "${TMPDIR:-/tmp}/loaderscope-gpu-check.XXXXXX")"
fi
mkdir -p "$logs" || { echo "check.sh: cannot create the logs folder '$logs'" >&2; exit 2; }
echo "check.sh: per-run stderr in $logs" >&2
failures=()

show_failure() { # $1 what, $2 exit code, $3 stderr file
  echo "check.sh: $1 failed (exit $2); its stderr ($3):" >&2
  sed 's/^/    /' "$3" >&2
  failures+=("$1: exit $2")
}

# --- cuda-info: the device, the kernel image, the plain-copy peak in a process of its own ---------
timeout 120 "$engine" cuda-info > "$work/info.json" 2> "$logs/cuda-info.err"
info_rc=$?
if ! "$py" -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/info.json" 2>/dev/null; then
  show_failure "cuda-info" "$info_rc" "$logs/cuda-info.err"
  echo '{}' > "$work/info.json"
fi
backend=sim
if "$py" -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1])).get("usable") else 1)' "$work/info.json"; then
  backend=cuda
  [ "$info_rc" -eq 0 ] || show_failure "cuda-info (a CUDA call failed)" "$info_rc" "$logs/cuda-info.err"
fi

# --- the fat binary -------------------------------------------------------------------------------
"$py" "$here/list_fatbin.py" "$engine" > "$work/fatbin.json" 2> "$logs/fatbin.err" || echo '{}' > "$work/fatbin.json"
if command -v cuobjdump > /dev/null; then
  cuobjdump --list-elf --list-ptx "$engine" > "$work/cuobjdump.txt" 2>&1 || true
else
  echo "(no cuobjdump on this machine)" > "$work/cuobjdump.txt"
fi

# --- the runs ---------------------------------------------------------------------------------------
# Batches of 32 x 1 MiB; a 25 ms step, longer than the copy even at pageable speed; fast data.
config() { # $1 pin_memory, $2 copy_stream
  cat <<JSON
{"dataset":{"kind":"map","length":2048,"sample_bytes":1048576,"io_latency_us":0},
 "loader":{"batch_size":32,"num_workers":6,"prefetch_factor":2,"pin_memory":$1},
 "train":{"step_us":25000,"non_blocking":true,"copy_stream":$2,"max_batches":48},
 "device":{"backend":"$backend"}}
JSON
}
peak_mib=""
[ "$backend" = cuda ] && peak_mib=256 # the plain-copy peak, measured by each run in its own process

for variant in "pinned true true" "pageable false true" "shared \"shared\" true" "pinned_one_stream true false"; do
  set -- $variant
  name=$1
  config "$2" "$3" > "$work/$name.json"
  LOADERSCOPE_PEAK_H2D_MIB="$peak_mib" timeout 300 "$engine" run --config "$work/$name.json" \
    --summary "$work/$name.summary.json" --trace "$work/$name.trace.json" 2> "$logs/$name.err"
  rc=$?
  [ "$rc" -eq 0 ] || show_failure "run '$name'" "$rc" "$logs/$name.err"
  "$py" - "$work/$name.summary.json" "$work/$name.trace.json" "$rc" > "$work/$name.result.json" <<'PY'
import json, re, statistics, sys
out = {"exit_code": int(sys.argv[3])}
try:
    s = json.load(open(sys.argv[1]))
except Exception:
    s = {}
for k in ["backend", "h2d_gbps", "overlap_fraction", "step_period_s", "gpu_busy_fraction",
          "data_stall_fraction", "host_blocked_fraction", "host_waits_for_gpu_fraction", "samples_per_s",
          "device_timing_bracket_ns", "device_peak_h2d_gbps"]:
    out[k] = s.get(k)
note = s.get("backend_note", "")
# Until the summary carries the RunReport figures, read them from the backend's description.
if out["device_peak_h2d_gbps"] is None:
    m = re.search(r"plain-copy pinned H2D peak ([0-9.]+) GB/s", note)
    out["device_peak_h2d_gbps"] = float(m.group(1)) if m else None
if out["device_timing_bracket_ns"] is None:
    m = re.search(r"clock anchor bracket ([0-9]+) ns", note)
    out["device_timing_bracket_ns"] = int(m.group(1)) if m else None
out["errors"] = s.get("errors", [])
try:
    ev = json.load(open(sys.argv[2]))["traceEvents"]
except Exception as e:
    ev = []
    out["trace_error"] = str(e)
copy_end, kstart, per_copy = {}, {}, []
pins = 0
for e in ev:
    n, a = e.get("name", ""), e.get("args", {})
    b = a.get("batch")
    if n.startswith("pin batch"):
        pins += 1
    if n.startswith("Memcpy HtoD"):
        copy_end[b] = e["ts"] + e["dur"]
        if e["dur"] > 0:
            per_copy.append(a.get("arg0", 0) / (e["dur"] * 1e3))  # bytes / ns = GB/s
    if n.startswith("step kernel"):
        kstart[b] = e["ts"]
out["pin_copies"] = pins
out["copies"] = len(copy_end)
out["kernels"] = len(kstart)
out["copies_ending_after_their_kernel_started"] = sum(1 for b, t in kstart.items() if b in copy_end and copy_end[b] > t + 1.0)
out["copy_gbps_median"] = statistics.median(per_copy) if per_copy else None
print(json.dumps(out))
PY
done

# --- the error paths (test-only LOADERSCOPE_FAULT) --------------------------------------------------
fault_config() { # $1 pin_memory, $2 backend
  cat <<JSON
{"dataset":{"length":512,"sample_bytes":65536,"io_latency_us":0},
 "loader":{"batch_size":8,"num_workers":2,"pin_memory":$1},
 "train":{"step_us":500},"device":{"backend":"$2"}}
JSON
}
: > "$logs/faults.err"
faults="{}"
# name, fault, pin_memory, backend ("run": the check's), expected exit, expected text with CUDA / on the simulator
while read -r name fault pin fbackend expect text_cuda text_sim; do
  [ -n "$name" ] || continue
  [ "$fbackend" = run ] && fbackend=$backend
  text=$text_sim
  [ "$backend" = cuda ] && text=$text_cuda
  fault_config "$pin" "$fbackend" > "$work/fault.json"
  echo "=== $name (LOADERSCOPE_FAULT=$fault)" >> "$logs/faults.err"
  before="$(ls /dev/shm 2>/dev/null | grep -c '^loaderscope-')"
  t0=$(date +%s.%N)
  LOADERSCOPE_FAULT="$fault" timeout 60 "$engine" run --config "$work/fault.json" --summary "$work/fault.summary.json" \
    2> "$work/fault.err"
  rc=$?
  t1=$(date +%s.%N)
  cat "$work/fault.err" >> "$logs/faults.err"
  after="$(ls /dev/shm 2>/dev/null | grep -c '^loaderscope-')"
  faults="$("$py" - "$faults" "$name" "$rc" "$expect" "$text" "$work/fault.err" "$work/fault.summary.json" \
                  "$t0" "$t1" "$before" "$after" <<'PY'
import json, sys
faults, name, rc, expect, text, errf, summf, t0, t1, before, after = sys.argv[1:]
err = open(errf).read()
try:
    s = json.load(open(summf))
except Exception:
    s = {}
lines = [l for l in err.splitlines() if "error" in l.lower()]
text = text.replace("_", " ")
ok = int(rc) == int(expect) and (text in err or text in s.get("backend_note", "")) and int(after) <= int(before)
r = {"exit_code": int(rc), "expected_exit": int(expect), "seconds": round(float(t1) - float(t0), 3),
     "message": lines[0] if lines else s.get("backend_note", ""), "segments_left": int(after) - int(before),
     "ok": ok}
d = json.loads(faults)
d[name] = r
print(json.dumps(d))
PY
)"
  if ! "$py" -c 'import json,sys; sys.exit(0 if json.loads(sys.argv[1])[sys.argv[2]]["ok"] else 1)' "$faults" "$name"; then
    show_failure "fault '$name'" "$rc" "$work/fault.err"
  fi
  rm -f "$work/fault.summary.json"
done <<'ROWS'
launch launch@3 true run 3 CUDA_error_in_stepKernel_launch simulated_GPU_error_in_stepKernel_launch
copy copy@3 true run 3 cudaErrorIllegalAddress cudaErrorIllegalAddress
event_query event_query@5 false run 3 cudaErrorLaunchFailure cudaErrorLaunchFailure
register register "shared" run 2 cudaErrorMemoryAllocation cudaErrorMemoryAllocation
warmup_auto_falls_back warmup true auto 0 the_CUDA_backend_failed_to_start simulated_GPU
ROWS

find "$logs" -maxdepth 1 -type f -empty -delete # keep what has something to say

# --- the report -------------------------------------------------------------------------------------
"$py" - "$work" "$backend" "$logs" "$engine" "$faults" "${#failures[@]}" "${failures[@]}" <<'PY'
import json, os, sys
work, backend, logs, engine, faults, nfail = sys.argv[1:7]
failures = sys.argv[7:]
load = lambda p, d: json.load(open(p)) if os.path.exists(p) else d
info = load(os.path.join(work, "info.json"), {})
runs = {n: load(os.path.join(work, n + ".result.json"), {}) for n in ["pinned", "pageable", "shared", "pinned_one_stream"]}
out = {"check": "gpu", "backend": backend, "engine": os.path.abspath(engine), "logs": logs,
       "fatbin": load(os.path.join(work, "fatbin.json"), {}),
       "cuobjdump": open(os.path.join(work, "cuobjdump.txt")).read().strip().splitlines(),
       "cuda_info": info, "runs": runs, "faults": json.loads(faults)}
p = runs["pinned"]
peak = p.get("device_peak_h2d_gbps")
out["peak_source"] = "the pinned run's own process" if peak else None
if not peak and info.get("peak_h2d_gbps_pinned_memcpy"):
    peak = info["peak_h2d_gbps_pinned_memcpy"]
    out["peak_source"] = "cuda-info (a separate process)"
if peak and p.get("h2d_gbps"):
    out["pinned_vs_plain_copy_peak"] = round(p["h2d_gbps"] / peak, 4)
    out["target_pinned_vs_peak"] = 0.9
out["overlap_with_copy_stream"] = p.get("overlap_fraction")
out["overlap_one_stream"] = runs["pinned_one_stream"].get("overlap_fraction")
out["target_overlap"] = 0.9
if runs["pageable"].get("h2d_gbps") and p.get("h2d_gbps"):
    out["pageable_vs_pinned_gbps"] = round(runs["pageable"]["h2d_gbps"] / p["h2d_gbps"], 4)
out["shared_pin_copies"] = runs["shared"].get("pin_copies")
out["timing_bracket_ns"] = {n: r.get("device_timing_bracket_ns") for n, r in runs.items()}
if backend == "sim":
    out["note"] = "no usable CUDA device: these are the simulated GPU's figures"
out["failures"] = failures
print(json.dumps(out, indent=2))
PY
[ "${#failures[@]}" -eq 0 ]

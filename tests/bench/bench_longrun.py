#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Long-run memory benchmark (issue 12): a fast run (batch 1, 2 workers, 100 us of I/O per sample)
in the app for N minutes (offscreen), sampling the app's and the engine's RSS every few seconds.
Prints JSON: the RSS series and the growth between minute 1 and minute 5 (targets: engine <= 64 MB,
app <= 128 MB). Usage: bench_longrun.py BUILD_DIR [minutes, default 6] [--xcb]
The app and its engine are ended (SIGTERM to the app) at the end; nothing is left behind."""
import json, os, signal, subprocess, sys, tempfile, time

build = sys.argv[1] if len(sys.argv) > 1 else "build"
minutes = float(sys.argv[2]) if len(sys.argv) > 2 else 6.0
app_bin = os.path.join(build, "gui", "loaderscope")

def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None

def children(pid):
    out = []
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            with open(f"/proc/{p}/stat") as f:
                s = f.read()
            fields = s[s.rfind(")") + 2:].split()
            if int(fields[1]) == pid:
                out.append((int(p), s[s.find("(") + 1:s.rfind(")")]))
        except OSError:
            pass
    return out

config = {"dataset": {"kind": "map", "length": 2_000_000_000, "sample_bytes": 64, "io_latency_us": 100},
          "loader": {"batch_size": 1, "num_workers": 2}, "train": {"epochs": 1, "step_us": 0},
          "device": {"backend": "sim"}}
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "fast.json")
    with open(path, "w") as f:
        json.dump(config, f)
    env = dict(os.environ)
    if "--xcb" not in sys.argv:
        env["QT_QPA_PLATFORM"] = "offscreen"
    env["XDG_DATA_HOME"] = os.path.join(tmp, "data")     # the run's history goes here
    env["XDG_CONFIG_HOME"] = os.path.join(tmp, "config")
    app = subprocess.Popen([app_bin, "--config", path, "--run"], env=env, stderr=subprocess.DEVNULL)
    samples = []
    t0 = time.time()
    engine = None
    try:
        while time.time() - t0 < minutes * 60:
            time.sleep(5)
            if engine is None:
                for pid, comm in children(app.pid):
                    if comm.startswith("loaderscope-eng"):
                        engine = pid
            samples.append({"t_s": round(time.time() - t0, 1), "app_rss_mib": round((rss_kib(app.pid) or 0) / 1024, 1),
                            "engine_rss_mib": round((rss_kib(engine) or 0) / 1024, 1) if engine else None})
            if app.poll() is not None:
                break
    finally:
        app.send_signal(signal.SIGTERM)
        try:
            app.wait(20)
        except subprocess.TimeoutExpired:
            app.kill()
            app.wait()
        recording = 0
        for root, _, files in os.walk(os.path.join(tmp, "data")):
            recording += sum(os.path.getsize(os.path.join(root, f)) for f in files if f.endswith("lsrec") or ".lsrec." in f)

def at(minute):
    best = min(samples, key=lambda s: abs(s["t_s"] - minute * 60))
    return best

m1, m5 = at(1), at(min(5, minutes - 0.1))
result = {"bench": "longrun", "minutes": minutes, "config": "batch 1, 2 workers, 100 us I/O, sim device",
          "app_growth_mib_min1_to_min5": round(m5["app_rss_mib"] - m1["app_rss_mib"], 1),
          "engine_growth_mib_min1_to_min5": round((m5["engine_rss_mib"] or 0) - (m1["engine_rss_mib"] or 0), 1),
          "target_app_mib": 128, "target_engine_mib": 64, "recording_mib": round(recording / 2**20, 1),
          "samples": samples}
print(json.dumps(result))

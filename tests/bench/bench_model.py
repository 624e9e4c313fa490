#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
""""Model this job" against the job at every knob value (issue 24): four real PyTorch jobs of
different shapes (tests/probe/fit_job.py) are each watched once at num_workers=1, fitted
(`python3 -m loaderscope model`), and the fitted config is run by the engine at num_workers in
{1, 2, 4, 8} x prefetch_factor in {2, 4}. The real job is run at each point too, in the same minutes
(the model's and the job's runs alternate). Each point runs REPEATS times: the median counts, the
spread is (max - min) / median.

A fifth job, "vision", is issue 24's CPU-bound torchvision job (tests/probe/vision_job.py: torchvision's
FakeData with PIL transforms where torchvision is installed, else the same shape in torch; no I/O;
a tiny CNN trained on the CPU), watched at num_workers=2 and fitted once. Its fit must have no I/O
latency and a step on the CPU, the model's data stall (median of REPEATS engine runs) must be within
10 points of the job's, and the model's num_workers advice must agree with the job's own.

The advised point is the model's best (the fewest workers, then the smallest prefetch_factor,
among the points within 2 % of its best prediction); it is compared with the real best.
Target: every prediction within 10 % of the real job, the advised point's real rate within 10 %
of the real best. Run it on a machine as quiet as you can get: the load average is in the JSON, and
so is the share of CPU time the VM's host stole during each watch and during the runs (one watch
fits everything: a watch on a disturbed machine fits a slower job than the runs then meet).

Usage: PYTHONPATH=build/python LOADERSCOPE_ENGINE=build/engine/loaderscope-engine \\
       /usr/bin/python3 tests/bench/bench_model.py [--quick] [--repeats N] [--jobs a,b]
Prints one JSON object on stdout; progress on stderr.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
JOB = os.path.join(HERE, "..", "probe", "fit_job.py")
VISION_JOB = os.path.join(HERE, "..", "probe", "vision_job.py")
PYTHON = sys.executable
TARGET = 0.10
POINTS = [(nw, pf) for nw in (1, 2, 4, 8) for pf in (2, 4)]
# The fitted loader keys the bench prints: the costs outside the dataset.
LOADER_KEYS = ("send_cpu_us", "receive_ns_per_byte", "handovers_per_batch", "handover_cpu_us", "handover_answer_cpu_us",
               "gil_release_every_us", "worker_init_us", "worker_start_cpu_us", "worker_init_cpu_us",
               "worker_warmup_cpu_us", "worker_exit_cpu_us")

# The four shapes (per sample: I/O wait and CPU; per step: off-CPU wait and main-process CPU), us.
# Enough samples that the fastest point runs about a second, so that one preempted batch does not
# move its rate. Starting and ending eight torch workers on two cores is still 15-25 % of such a
# run: the model charges it (loader.worker_*_cpu_us), as a short epoch pays it.
JOBS = {
    "io_bound": {"io-us": 2000, "cpu-us": 100, "step-us": 1000, "samples": 2048},
    "cpu_bound": {"cpu-us": 1500, "step-cpu-us": 1000, "samples": 1024},
    "mixed": {"io-us": 1500, "cpu-us": 400, "step-us": 2000, "samples": 2048},
    "main_step": {"io-us": 1000, "cpu-us": 200, "step-cpu-us": 8000, "samples": 1024},
}


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def cpu_times():
    """(steal, total) jiffies of the machine (/proc/stat): a VM's host lending its cores elsewhere."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    return fields[7] if len(fields) > 7 else 0, sum(fields)


def steal_since(mark):
    """The share of the machine's CPU time stolen by its host since `mark` (cpu_times())."""
    steal, total = cpu_times()
    return round((steal - mark[0]) / max(1, total - mark[1]), 4)


def job_args(shape, workers, prefetch, scale):
    args = ["--workers", str(workers), "--prefetch", str(prefetch), "--batch-size", "16"]
    for k, v in shape.items():
        args += ["--" + k, str(int(v * scale) if k == "samples" else v)]
    return args


def run_real(shape, workers, prefetch, scale):
    p = subprocess.run([PYTHON, JOB] + job_args(shape, workers, prefetch, scale),
                       capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise RuntimeError("the job failed: " + p.stderr[-2000:])
    r = json.loads(p.stdout.strip().splitlines()[-1])
    return r["samples_per_s"], r["data_stall"]


def watch_and_fit(tmp, shape, scale):
    summary = os.path.join(tmp, "summary.json")
    mark = cpu_times()
    p = subprocess.run([PYTHON, "-m", "loaderscope", "run", "--summary", summary, JOB] +
                       job_args(shape, 1, 2, scale), capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise RuntimeError("the watched job failed: " + p.stderr[-2000:])
    p = subprocess.run([PYTHON, "-m", "loaderscope", "model", summary], capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise RuntimeError("model fit failed: " + p.stderr[-2000:])
    with open(summary) as f:
        s = json.load(f)
    s["steal_fraction"] = steal_since(mark)
    return json.loads(p.stdout), s


def run_model(tmp, config, workers, prefetch):
    c = json.loads(json.dumps(config))
    c["loader"]["num_workers"] = workers
    c["loader"]["prefetch_factor"] = prefetch
    c["loader"]["multiprocessing_context"] = "fork"
    path, out = os.path.join(tmp, "point.json"), os.path.join(tmp, "engine.json")
    with open(path, "w") as f:
        json.dump(c, f)
    p = subprocess.run([os.environ["LOADERSCOPE_ENGINE"], "run", "--config", path, "--summary", out],
                       capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise RuntimeError("the engine failed: " + p.stderr[-2000:])
    with open(out) as f:
        s = json.load(f)
    return s["samples_per_s"], s["data_stall_fraction"]


def stats(xs):
    m = statistics.median(xs)
    return round(m, 1), round((max(xs) - min(xs)) / m, 3) if m > 0 else 0.0


def advised(points, key):
    best = max(p[key] for p in points)
    return min((p for p in points if p[key] >= 0.98 * best), key=lambda p: (p["num_workers"], p["prefetch_factor"]))


def bench_job(name, shape, repeats, scale):
    with tempfile.TemporaryDirectory(prefix="lsbench-model-") as tmp:
        config, watched = watch_and_fit(tmp, shape, scale)
        fitted = {k: config["dataset"][k] for k in ("io_latency_us", "cpu_us")}
        fitted.update({k: config["loader"][k] for k in LOADER_KEYS})
        fitted.update({k: config["train"].get(k) for k in ("step_on", "step_us", "step_cpu_us", "threads_cpu_us")})
        log("%s: watched %.0f samples/s (host steal %.1f %%), fitted %s" %
            (name, watched["samples_per_s"], 100 * watched["steal_fraction"], json.dumps(fitted)))
        runs_mark = cpu_times()
        runs = {pt: {"model": [], "real": [], "model_stall": [], "real_stall": []} for pt in POINTS}
        for _ in range(repeats):
            for pt in POINTS:
                rate, stall = run_model(tmp, config, *pt)
                runs[pt]["model"].append(rate)
                runs[pt]["model_stall"].append(stall)
                rate, stall = run_real(shape, pt[0], pt[1], scale)
                runs[pt]["real"].append(rate)
                runs[pt]["real_stall"].append(stall)
        runs_steal = steal_since(runs_mark)
    points = []
    for (nw, pf), r in runs.items():
        model, model_spread = stats(r["model"])
        real, real_spread = stats(r["real"])
        points.append({"num_workers": nw, "prefetch_factor": pf, "predicted": model, "predicted_spread": model_spread,
                       "real": real, "real_spread": real_spread, "error": round(model / real - 1, 3),
                       "model_stall": round(statistics.median(r["model_stall"]), 3),
                       "real_stall": round(statistics.median(r["real_stall"]), 3)})
        log("  nw=%d pf=%d  model %7.1f  real %7.1f  (%+.1f %%)" % (nw, pf, model, real, 100 * (model / real - 1)))
    adv, best = advised(points, "predicted"), max(points, key=lambda p: p["real"])
    return {"shape": shape, "fitted": fitted, "watched_samples_per_s": round(watched["samples_per_s"], 1),
            "steal_fraction": {"watch": watched["steal_fraction"], "runs": runs_steal}, "points": points,
            "advised": {"num_workers": adv["num_workers"], "prefetch_factor": adv["prefetch_factor"], "real": adv["real"]},
            "real_best": {"num_workers": best["num_workers"], "prefetch_factor": best["prefetch_factor"],
                          "real": best["real"]},
            "advised_vs_best": round(adv["real"] / best["real"] - 1, 3),
            "max_abs_error": max(abs(p["error"]) for p in points),
            "within_target": all(abs(p["error"]) <= TARGET for p in points) and adv["real"] >= (1 - TARGET) * best["real"]}


def num_workers_advice(advice):
    """What a summary's advice says of num_workers: the id of the advice that names the knob, or of
    the one saying more workers will not help (cpu_bound, training_bound); "none" without either."""
    for a in advice:
        if a.get("knob") == "loader.num_workers" or a.get("id") in ("cpu_bound", "training_bound"):
            return a["id"]
    return "none"


def advice_evidence(summary):
    """The figures the num_workers advice is made of: the workers' cores and wait for a core, and
    the whole job's cores (the fetches, the sends, the loop's receive and CPU step)."""
    return {"cores_used": round(sum(w.get("cpu_fraction", 0) for w in summary.get("workers", [])), 3),
            "cpu_wait_share": round(sum(w.get("cpu_wait_fraction", 0) for w in summary.get("workers", [])) /
                                    max(1e-9, sum(w.get("busy_fraction", 0) for w in summary.get("workers", []))), 3),
            "job_cores_used": round(summary.get("job_cpu_fraction", 0), 3)}


def has_torchvision():
    p = subprocess.run([PYTHON, "-c", "import torchvision"], capture_output=True, timeout=120)
    return p.returncode == 0


def loop_timing(events_path):
    """From a recording (the probe's or the engine's): the median time (us) from a worker's end
    of a batch (its BatchCost) to the loop's Deliver, over the batches the loop was already
    waiting for (the hand-over), and the loop's mean step (us). Where the model's stall differs
    from the job's, these two say whether the hand-over or the step is off."""
    from loaderscope import _kinds as K  # PYTHONPATH=build/python, as for the probe
    from loaderscope import _native
    _, raw = _native.read_events_file(events_path)
    made, waits, delivered, steps = {}, {}, {}, []
    for t0, t1, batch, _a0, _a1, kind, lane in raw:
        if kind == K.BATCH_COST and lane >= 0:  # an instant: the batch is made at t0
            made[batch] = t0
        elif kind == K.WAIT_DATA and lane == K.LANE_MAIN:
            waits[batch] = t0
        elif kind == K.DELIVER:
            delivered[batch] = t0
        elif kind == K.STEP and lane == K.LANE_MAIN:
            steps.append((t1 - t0) / 1e3)
    handover = [(delivered[b] - t) / 1e3 for b, t in made.items() if b in delivered and b in waits and waits[b] < t]
    return {"handover_us": round(statistics.median(handover), 1) if handover else None, "handovers": len(handover),
            "step_mean_us": round(statistics.mean(steps), 1) if steps else None}


def bench_vision(repeats, scale):
    """Issue 24's CPU-bound torchvision job: the fit's bottleneck and advice, not only its rate."""
    torchvision = has_torchvision()
    args = ["--workers", "2", "--batch-size", "16", "--read-ms", "0", "--samples", str(int(1024 * scale))]
    args += ["--torchvision"] if torchvision else []
    with tempfile.TemporaryDirectory(prefix="lsbench-model-") as tmp:
        summary, events = os.path.join(tmp, "summary.json"), os.path.join(tmp, "job.bin")
        p = subprocess.run([PYTHON, "-m", "loaderscope", "run", "--summary", summary, "--events", events, VISION_JOB] + args,
                           capture_output=True, text=True, timeout=300)
        if p.returncode != 0:
            raise RuntimeError("the watched vision job failed: " + p.stderr[-2000:])
        p = subprocess.run([PYTHON, "-m", "loaderscope", "model", summary], capture_output=True, text=True, timeout=60)
        if p.returncode != 0:
            raise RuntimeError("model fit failed: " + p.stderr[-2000:])
        config = json.loads(p.stdout)
        with open(summary) as f:
            job = json.load(f)
        path, out = os.path.join(tmp, "fitted.json"), os.path.join(tmp, "engine.json")
        with open(path, "w") as f:
            json.dump(config, f)
        job_timing = loop_timing(events)
        runs, model_timing = [], []
        for _ in range(repeats):
            model_events = os.path.join(tmp, "engine.bin")
            p = subprocess.run([os.environ["LOADERSCOPE_ENGINE"], "run", "--config", path, "--summary", out,
                                "--events", model_events], capture_output=True, text=True, timeout=300)
            if p.returncode != 0:
                raise RuntimeError("the engine failed: " + p.stderr[-2000:])
            with open(out) as f:
                runs.append(json.load(f))
            model_timing.append(loop_timing(model_events))
    io = config["dataset"]["io_latency_us"]
    io_mean = io["mean"] if isinstance(io, dict) else io
    stall = statistics.median(r["data_stall_fraction"] for r in runs)
    rate, rate_spread = stats([r["samples_per_s"] for r in runs])
    median_run = sorted(runs, key=lambda r: r["data_stall_fraction"])[len(runs) // 2]
    job_advice, model_advice = num_workers_advice(job.get("advice", [])), num_workers_advice(median_run.get("advice", []))
    result = {
        "torchvision": torchvision,
        "fitted": {"io_latency_us": io_mean, "cpu_us": config["dataset"]["cpu_us"],
                   **{k: config["loader"].get(k) for k in LOADER_KEYS},
                   **{k: config["train"].get(k) for k in ("step_on", "step_us", "step_cpu_us", "threads_cpu_us")}},
        "job": {"samples_per_s": round(job["samples_per_s"], 1), "data_stall": round(job["data_stall_fraction"], 3),
                # next() fetching the batches' tensors from the workers (modelled from the fit)
                "handover_wait": round(job.get("handover_wait_fraction", 0), 3),
                "num_workers_advice": job_advice, "advice_figures": advice_evidence(job)},
        "model": {"samples_per_s": rate, "spread": rate_spread, "data_stall": round(stall, 3),
                  "handover_wait": round(statistics.median(r.get("handover_wait_fraction", 0) for r in runs), 3),
                  "num_workers_advice": model_advice, "advice_figures": advice_evidence(median_run)},
        "stall_points": round(100 * abs(stall - job["data_stall_fraction"]), 1),
        # Where a stall gap comes from: the hand-over (batch made -> delivered to a waiting loop)
        # and the loop's step, the job's watch against each model run.
        "loop_timing": {"job": job_timing, "model_runs": model_timing},
    }
    result["within_target"] = (io_mean == 0 and config["train"]["step_on"] == "cpu" and result["stall_points"] <= 10
                               and job_advice == model_advice)
    log("vision: %s" % json.dumps(result))
    return result


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="one run per point, half the samples")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--jobs", default=",".join(list(JOBS) + ["vision"]))
    a = p.parse_args()
    repeats, scale = (1, 0.5) if a.quick else (a.repeats, 1.0)
    load0 = os.getloadavg()
    out = {"bench": "model_fit", "repeats": repeats, "target_within": TARGET, "cores": len(os.sched_getaffinity(0)),
           "load_average_start": [round(x, 2) for x in load0], "jobs": {}}
    for name in a.jobs.split(","):
        if name == "vision":
            out["vision"] = bench_vision(repeats, scale)
        else:
            out["jobs"][name] = bench_job(name, JOBS[name], repeats, scale)
    out["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    results = list(out["jobs"].values()) + ([out["vision"]] if "vision" in out else [])
    out["within_target"] = all(r["within_target"] for r in results)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

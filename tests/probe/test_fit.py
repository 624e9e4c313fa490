# SPDX-License-Identifier: MIT
"""Fitting what the job pays (issue 24): the fitted config of a real job has the job's bottleneck.

cpu_bound: a torchvision-like job (vision_job.py: CPU transforms, no reading, a tiny CNN trained on
           the CPU), 2 workers on this machine's cores. The fit has no I/O (io_latency_us under
           3 % of a sample's fetch: a worker waiting for a core is not doing I/O), the step runs on
           the CPU with its CPU time, and the workers' and the main process's costs outside the
           dataset (send, receive) are measured. The engine's run of the fit has a data stall
           near the job's (within 35 points here: the job and the model run minutes apart on a
           machine shared with builds; issue 24's wrong model was 67 points off; the 10-point
           target is measured by tests/bench/bench_model.py on a quiet machine). The job runs
           its step on two intra-op threads (OMP_NUM_THREADS=2, torch's default where it counts
           two physical cores): the CPU of the main process's other threads per step is observed
           (threads_cpu_us) and fitted (train.threads_cpu_us > 0).
io_bound:  2 ms of I/O and 0.1 ms of CPU per sample (fit_job.py): the fit keeps its I/O (within
           30 % of 2 ms: time.sleep overshoots), and a step with no CPU. Starting and ending a
           torch worker is measured and fitted as CPU where the job spends it: the main thread's
           per worker started, each worker's to ready (a forked torch worker: tens of ms), its
           first batch's extra, its exit (the loop's shutdown); each above 0, none above the
           worker's time from iter(loader) to ready (the exit: the shutdown's wall time).
handover:  the loop fetching each batch's tensor (its file descriptor) from the worker that made it
           (HandOverWait): one event per delivered batch on the main lane, one descriptor each,
           counted in the summary's handover_wait_fraction; longer where the worker's Python
           code holds its GIL (a busy loop: the worker's answering thread waits for the
           interpreter's switch interval) than where it sleeps in I/O (the GIL is free); none
           without workers (nothing is handed over). The fit carries it into the engine
           (loader.handovers_per_batch 1, the loop's measured CPU in it), whose modelled GIL
           makes the loop wait behind the busy worker as long as the job's, within a factor 3, with
           the job's GIL switch interval (3 ms here). A pure-Python worker holds the GIL for all
           of a sample's CPU: the fit has no release points (loader.gil_release_every_us 0).
handover_c: the same job with its sample's CPU in C code that lets the GIL go (hashlib over 64 KiB
           blocks): the job's busy hand-overs are much shorter than the pure-Python ones, the fit
           gives the worker's CPU release points (0 < loader.gil_release_every_us < a sample's
           CPU), and the model's hand-over wait is the job's within a factor 3, where the same
           model without release points waits longer than the model with them.

Usage: python3 test_fit.py CASE   (LOADERSCOPE_ENGINE: the loaderscope-engine to run)
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import PYTHON, check, load_summary, main, native, run_job  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
STALL_POINTS = 0.35
LANE_MAIN = native.LANE_MAIN


def watch_and_fit(tmp, job, args, env=None):
    """(the probe's summary, the fitted config, the engine's summary of the fitted config)."""
    real = run_job(os.path.join(tmp, "real"), args, probe=True, job=os.path.join(HERE, job), env=env, timeout=150)
    check(real.rc == 0, "the job failed:\n" + real.stderr[-2000:])
    fitted = os.path.join(tmp, "fitted.json")
    with open(fitted, "w") as f:
        p = subprocess.run([PYTHON, "-m", "loaderscope", "model", os.path.join(real.workdir, "summary.json")],
                           stdout=f, stderr=subprocess.PIPE, text=True, timeout=60)
    check(p.returncode == 0, "model fit failed: " + p.stderr)
    with open(fitted) as f:
        config = json.load(f)
    out = os.path.join(tmp, "engine.json")
    p = subprocess.run([os.environ["LOADERSCOPE_ENGINE"], "run", "--config", fitted, "--summary", out],
                       capture_output=True, text=True, timeout=120)
    check(p.returncode == 0, "the engine failed on the fitted config: " + p.stderr[-2000:])
    model = load_summary(out)
    print(json.dumps({"observed": real.summary["observed"], "dataset": config["dataset"], "loader": config["loader"],
                      "train": config["train"], "job_stall": real.summary["data_stall_fraction"],
                      "model_stall": model["data_stall_fraction"], "job_rate": real.summary["samples_per_s"],
                      "model_rate": model["samples_per_s"]}))
    return real.summary, config, model


def io_mean(dataset):
    io = dataset["io_latency_us"]
    return io["mean"] if isinstance(io, dict) else io


def case_cpu_bound(tmp):
    real, config, model = watch_and_fit(tmp, "vision_job.py",
                                        ["--workers", "2", "--read-ms", "0", "--samples", "512", "--epochs", "2"],
                                        env={"OMP_NUM_THREADS": "2"})
    o = real["observed"]
    check(io_mean(config["dataset"]) <= 0.03 * o["fetch_us"]["mean"],
          "a dataset that does no I/O fits io_latency_us %r (a sample's fetch: %.0f us)" %
          (config["dataset"]["io_latency_us"], o["fetch_us"]["mean"]))
    t = config["train"]
    check(t["step_on"] == "cpu" and 0 < t["step_cpu_us"] <= t["step_us"],
          "a step trained on the CPU fits %r" % {k: t[k] for k in ("step_on", "step_us", "step_cpu_us")})
    check(config["dataset"]["cpu_us"] > 0, "no CPU per sample fitted")
    threads = o.get("threads_cpu_us")
    check(isinstance(threads, dict) and threads.get("n", 0) > 0 and threads.get("mean", -1) >= 0,
          "the other threads' CPU per step is not observed: %r" % (threads,))
    check(t.get("threads_cpu_us", 0) > 0, "a step on two intra-op threads fits threads_cpu_us %r (observed %r)" %
          (t.get("threads_cpu_us"), threads))
    check(config["loader"]["send_cpu_us"] > 0 and config["loader"]["receive_ns_per_byte"] > 0,
          "the cost outside the dataset is not fitted: send %r us, receive %r ns/byte" %
          (config["loader"]["send_cpu_us"], config["loader"]["receive_ns_per_byte"]))
    check(abs(model["data_stall_fraction"] - real["data_stall_fraction"]) <= STALL_POINTS,
          "data stall: model %.2f, job %.2f" % (model["data_stall_fraction"], real["data_stall_fraction"]))


def case_io_bound(tmp):
    real, config, _ = watch_and_fit(tmp, "fit_job.py", ["--workers", "2", "--io-us", "2000", "--cpu-us", "100",
                                                        "--step-us", "500", "--samples", "384"])
    io = io_mean(config["dataset"])
    check(2000 * 0.9 <= io <= 2000 * 1.3, "2 ms of I/O per sample fits io_latency_us %r" % config["dataset"]["io_latency_us"])
    t = config["train"]
    # A sleeping step: on the CPU (no GPU here), little of it CPU: the sleep's system call and
    # wake-up, and the loop's own lines. The probe's hooks around next() are not the job's: their
    # CPU is left out (108 us of a 723 us step seen; with it in, 0.2 to 0.3 of the step).
    check(t["step_on"] == "cpu" and t["step_cpu_us"] < 0.25 * t["step_us"],
          "a sleeping step fits %r" % {k: t[k] for k in ("step_on", "step_us", "step_cpu_us")})
    o, loader = real["observed"], config["loader"]
    life = {k: loader[k] for k in ("worker_start_cpu_us", "worker_init_cpu_us", "worker_warmup_cpu_us",
                                   "worker_exit_cpu_us", "worker_init_us")}
    print(json.dumps({"worker_start_and_end": life, "worker_ready_us": o["worker_init_us"]}))
    check(o["worker_init_cpu_us"]["n"] == 2 and o["worker_start_cpu_us"]["n"] == 2 and o["worker_exit_us"]["n"] == 1,
          "the two workers' start-up costs and the one shutdown measured: %r" %
          {k: o[k] for k in ("worker_start_cpu_us", "worker_init_cpu_us", "worker_exit_us")})
    for k in ("worker_start_cpu_us", "worker_init_cpu_us", "worker_warmup_cpu_us", "worker_exit_cpu_us"):
        check(0 < life[k] < o["worker_init_us"] + 1e6, "%s fits %r (ready after %.0f us)" % (k, life[k], o["worker_init_us"]))
    check(life["worker_start_cpu_us"] + life["worker_init_cpu_us"] <= o["worker_init_us"] * 1.05 + 1000,
          "the start's CPU %r is more than the time to ready %.0f us" % (life, o["worker_init_us"]))


def handover_per_batch(tmp, name, args):
    """(the probe's run, the mean HandOverWait per delivered batch in ns) of fit_job.py."""
    run = run_job(os.path.join(tmp, name), args, probe=True, job=os.path.join(HERE, "fit_job.py"), timeout=150)
    check(run.rc == 0, "the job failed:\n" + run.stderr[-2000:])
    waits = run.of("HandOverWait")
    delivered = [e for e in run.of("Deliver", LANE_MAIN) if e.arg0 >= 0]
    check(all(e.lane == LANE_MAIN for e in waits), "a HandOverWait off the main lane")
    check(len(waits) == len(delivered) == run.summary["batches"],
          "%d HandOverWait events for %d batches delivered" % (len(waits), len(delivered)))
    check(all(e.arg1 == 1 and e.arg0 > 0 for e in waits), "a batch of one tensor passes one descriptor: %r" %
          [(e.arg0, e.arg1) for e in waits][:5])
    # Each HandOverWait is followed by its HandOverCost: the loop's CPU inside that wait, and
    # inside the next()'s PassCost.
    costs = {e.batch: e for e in run.of("HandOverCost")}
    passes = {e.batch: e for e in run.of("PassCost", LANE_MAIN)}
    check(len(costs) == len(waits) and all(costs[w.batch].arg1 == w.arg1 for w in waits),
          "%d HandOverCost events for %d HandOverWait" % (len(costs), len(waits)))
    check(all(0 < costs[w.batch].arg0 <= w.arg0 for w in waits), "a hand-over's CPU outside its time: %r" %
          [(w.arg0, costs[w.batch].arg0) for w in waits if not 0 < costs[w.batch].arg0 <= w.arg0][:5])
    check(all(w.batch in passes and costs[w.batch].arg0 <= passes[w.batch].arg0 + 50_000 for w in waits),
          "a hand-over's CPU outside its next()'s PassCost: %r" %
          [(w.batch, costs[w.batch].arg0, passes[w.batch].arg0 if w.batch in passes else None) for w in waits
           if not (w.batch in passes and costs[w.batch].arg0 <= passes[w.batch].arg0 + 50_000)][:5])
    total = sum(e.arg0 for e in waits)
    check(abs(run.summary["handover_wait_fraction"] - total / 1e9 / run.summary["seconds"]) < 1e-4,
          "the summary's handover_wait_fraction %r is not the events' %r" %
          (run.summary["handover_wait_fraction"], total / 1e9 / run.summary["seconds"]))
    return run, total / len(waits)


def case_handover(tmp):
    common = ["--workers", "1", "--samples", "256", "--step-cpu-us", "500"]
    _, busy = handover_per_batch(tmp, "busy", common + ["--cpu-us", "1500"])
    _, sleeping = handover_per_batch(tmp, "sleeping", common + ["--io-us", "1500"])
    print(json.dumps({"handover_us_per_batch": {"python_busy_loop": busy / 1e3, "sleeping_in_io": sleeping / 1e3}}))
    check(busy > sleeping, "the handover waits %.0f us behind a busy worker's GIL, %.0f us behind a sleeping one" %
          (busy / 1e3, sleeping / 1e3))
    alone = run_job(os.path.join(tmp, "alone"), ["--workers", "0", "--samples", "64", "--cpu-us", "100"], probe=True,
                    job=os.path.join(HERE, "fit_job.py"), timeout=150)
    check(alone.rc == 0 and not alone.of("HandOverWait") and alone.summary["handover_wait_fraction"] == 0,
          "num_workers=0 hands nothing over")
    # A switch interval of 3 ms, not the default 5: the fit reads the job's.
    real, config, model = watch_and_fit(tmp, "fit_job.py", common + ["--cpu-us", "1500", "--switch-interval-us", "3000"])
    loader = config["loader"]
    fitted = {k: loader[k] for k in ("handovers_per_batch", "handover_cpu_us", "handover_answer_cpu_us")}
    print(json.dumps({"fitted": fitted, "handover_wait": {"job": real["handover_wait_fraction"],
                                                          "model": model["handover_wait_fraction"]}}))
    check(abs(loader["handovers_per_batch"] - 1) < 1e-9, "one descriptor per batch fits %r" % fitted)
    check(abs(loader["gil_switch_interval_us"] - 3000) < 1e-6, "the job's switch interval: %r" % loader["gil_switch_interval_us"])
    check(loader["gil_release_every_us"] == 0, "a pure-Python worker has no release points: %r" % loader["gil_release_every_us"])
    # The busy worker's GIL: the job's loop waits several switch intervals per batch, so does the
    # model's (the old fixed-wait model, or none, would be 10x off).
    ratio = model["handover_wait_fraction"] / max(1e-9, real["handover_wait_fraction"])
    check(1 / 3 < ratio < 3, "the model's hand-over wait %.3f against the job's %.3f" %
          (model["handover_wait_fraction"], real["handover_wait_fraction"]))
    # The loop's own CPU in a hand-over (connection, handshake): measured, and burnt by the model's
    # loop; the worker's answering thread is given as much (each within what its side spent).
    cpu = real["observed"]["handover_us"]["cpu"]
    check(cpu["n"] == real["batches"] and 0 < cpu["mean"] < 20_000, "the hand-over's CPU: %r" % cpu)
    check(0 < loader["handover_cpu_us"] <= cpu["mean"] * 1.001 and 0 < loader["handover_answer_cpu_us"] <= cpu["mean"] * 1.001,
          "the fitted hand-over CPU: %r, measured %r" % (fitted, cpu))


def case_handover_c(tmp):
    common = ["--workers", "1", "--samples", "256", "--step-cpu-us", "500"]
    real, config, model = watch_and_fit(tmp, "fit_job.py", common + ["--c-cpu-us", "1500"])
    loader, observed = config["loader"], real["observed"]["handover_us"]
    release, cpu = loader["gil_release_every_us"], config["dataset"]["cpu_us"]
    # The same model with no release points: a pure-Python worker of the same costs.
    held = dict(config, loader=dict(loader, gil_release_every_us=0))
    with open(os.path.join(tmp, "held.json"), "w") as f:
        json.dump(held, f)
    p = subprocess.run([os.environ["LOADERSCOPE_ENGINE"], "run", "--config", os.path.join(tmp, "held.json"),
                        "--summary", os.path.join(tmp, "held_summary.json")], capture_output=True, text=True, timeout=120)
    check(p.returncode == 0, "the engine failed:\n" + p.stderr[-2000:])
    held_model = load_summary(os.path.join(tmp, "held_summary.json"))
    waits = {"job": real["handover_wait_fraction"], "model": model["handover_wait_fraction"],
             "model_without_release_points": held_model["handover_wait_fraction"]}
    print(json.dumps({"observed_handover_us": observed, "gil_release_every_us": release, "cpu_us": cpu,
                      "handover_wait": waits}))
    check(observed["busy"]["n"] >= 8, "the job's busy hand-overs: %r" % observed)
    # Far below the switch interval per message: the answering thread gets the GIL at a release.
    check(observed["busy"]["mean"] < 5 * 5000 / 2, "the job's busy hand-over %r" % observed["busy"])
    check(0 < release < cpu, "the fitted release points: every %r us of a %r us sample" % (release, cpu))
    ratio = waits["model"] / max(1e-9, waits["job"])
    check(1 / 3 < ratio < 3, "the model's hand-over wait %(model).3f against the job's %(job).3f" % waits)
    check(waits["model"] < waits["model_without_release_points"],
          "release points shorten the model's hand-overs: %r" % waits)


if __name__ == "__main__":
    sys.exit(main({"cpu_bound": case_cpu_bound, "io_bound": case_io_bound, "handover": case_handover,
                  "handover_c": case_handover_c}))

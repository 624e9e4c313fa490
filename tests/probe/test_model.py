# SPDX-License-Identifier: MIT
"""From a real job to the engine's model ("Model this job"): the probe's summary carries what it
observed; `python3 -m loaderscope model` fits an engine config to it; the engine runs that config;
its samples/s is compared with the real job's.

data_bound:  workers cannot keep up (2 ms of I/O per sample): the model must be in the job's regime
             (within 50 % here; the 15 % target is measured quietly by tests/bench/bench_model.py:
             two real jobs and an engine run on 2 shared cores are too noisy for a unit test).
step_bound:  the step is the bottleneck. A real job's main process pays to take each batch
             (receive, unpickle: fitted as loader.receive_ns_per_byte) and its step (a sleep here:
             train.step_on "cpu" with almost no CPU); the model charges both. Checked: the model's
             batch period agrees with the real period (within 50 %; the 10 % target in
             bench_model.py).

Usage: python3 test_model.py CASE   (LOADERSCOPE_ENGINE: the loaderscope-engine to run)
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import PYTHON, check, hostile_inputs, load_summary, main, run_job  # noqa: E402


def fit_and_run(tmp, args):
    real = run_job(os.path.join(tmp, "real"), args + ["--tensor-only", "--length", "480", "--epochs", "2"], probe=True)
    check(real.rc == 0, "the job failed:\n" + real.stderr[-2000:])
    fitted = os.path.join(tmp, "fitted.json")
    with open(fitted, "w") as f:
        p = subprocess.run([PYTHON, "-m", "loaderscope", "model", os.path.join(real.workdir, "summary.json")],
                           stdout=f, stderr=subprocess.PIPE, text=True)
    check(p.returncode == 0, "model fit failed: " + p.stderr)
    with open(fitted) as f:
        config = json.load(f)
    engine_summary = os.path.join(tmp, "engine.json")
    p = subprocess.run([os.environ["LOADERSCOPE_ENGINE"], "run", "--config", fitted, "--summary", engine_summary],
                       capture_output=True, text=True, timeout=120)
    check(p.returncode == 0, "the engine refused or failed on the fitted config: " + p.stderr[-2000:])
    model = load_summary(engine_summary)  # the engine's run of the model: its worker shares checked too
    s = real.summary
    o = s["observed"]
    # The fitted config is the job's: same knobs, the observed times.
    check(config["loader"]["num_workers"] == 2 and config["loader"]["batch_size"] == 8, "knobs not carried over")
    # The step's wall time less its wait for a core (a CPU step: the wait comes back in the model).
    check(abs(config["dataset"]["cpu_us"] - o["cpu_us_per_sample"]) < 1e-6 and
          abs(config["train"]["step_us"] - (o["step_us"] - o["step_cost_us"]["run_queue"])) < 1e-3 and
          config["train"]["step_on"] == "cpu", "observed times not carried over")
    report = {"args": args, "real_samples_per_s": s["samples_per_s"], "model_samples_per_s": model["samples_per_s"],
              "ratio": model["samples_per_s"] / s["samples_per_s"], "io_us": o["io_us"],
              "cpu_us_per_sample": o["cpu_us_per_sample"], "step_us": o["step_us"],
              "next_ready_us": o["next_ready_us"]["mean"], "worker_init_us": o["worker_init_us"],
              "real_stall": s["data_stall_fraction"], "model_stall": model["data_stall_fraction"]}
    print(json.dumps(report))
    return report, s, model


# What the unit test asks: the model is in the job's regime. The tight target is the benchmark's.
TOLERANCE = 0.5
DATA_BOUND = ["--workers", "2", "--sleep-us", "2000", "--cpu-us", "200", "--step-us", "2000"]
STEP_BOUND = ["--workers", "2", "--sleep-us", "500", "--cpu-us", "100", "--step-us", "6000"]


def step_bound_report(tmp):
    r, real, model = fit_and_run(tmp, STEP_BOUND)
    real_period = 1e6 / real["batches_per_s"]
    modelled = 1e6 / model["batches_per_s"]
    r.update({"real_batch_period_us": real_period, "model_period_us": modelled, "period_ratio": modelled / real_period})
    print(json.dumps({"real_batch_period_us": real_period, "model_period_us": modelled}))
    return r


def case_data_bound(tmp):
    r, real, _ = fit_and_run(tmp, DATA_BOUND)
    # Two workers fetching for about a second each: both sampled (RSS, and USS under 5 % of a core).
    workers = real["memory"]["workers"]
    check(len(workers) == 2 and all(w["peak_rss_bytes"] > 0 and w["pid"] > 0 for w in workers),
          "the workers' memory was not sampled: %r" % workers)
    check(abs(r["ratio"] - 1) <= TOLERANCE, "model %.1f vs real %.1f samples/s (%.0f %% off)" %
          (r["model_samples_per_s"], r["real_samples_per_s"], 100 * abs(r["ratio"] - 1)))


def case_step_bound(tmp):
    r = step_bound_report(tmp)
    check(abs(r["period_ratio"] - 1) <= TOLERANCE,
          "model period %.0f us vs real %.0f us per batch" % (r["model_period_us"], r["real_batch_period_us"]))


def case_check(tmp):
    """`model --check BEFORE AFTER` on two real runs of one job, num_workers 1 then 2: the model is
    fitted to the first, run at the second's knobs, and its prediction (with a spread) is put
    next to what the second run measured. Bad input is refused with exit status 2."""
    io_bound = ["--sleep-us", "2000", "--cpu-us", "100", "--step-us", "1000", "--tensor-only", "--length", "480"]
    before = run_job(os.path.join(tmp, "before"), ["--workers", "1"] + io_bound, probe=True)
    after = run_job(os.path.join(tmp, "after"), ["--workers", "2"] + io_bound, probe=True)
    check(before.rc == 0 and after.rc == 0, "a job failed:\n" + before.stderr[-1000:] + after.stderr[-1000:])
    b, a = os.path.join(before.workdir, "summary.json"), os.path.join(after.workdir, "summary.json")
    p = subprocess.run([PYTHON, "-m", "loaderscope", "model", "--check", b, a, "--json", "--repeats", "2",
                        "--batches", "30"], capture_output=True, text=True, timeout=150)
    check(p.returncode == 0, "model --check failed (%d): %s" % (p.returncode, p.stderr))
    r = json.loads(p.stdout)
    print(json.dumps({k: r[k] for k in ("predicted_samples_per_s", "uncertainty", "measured_samples_per_s", "within")}))
    check(r["changed"] == {"num_workers": 2}, "the changed knob was not found: %r" % r["changed"])
    check(r["measured_samples_per_s"] == after.summary["samples_per_s"], "measured is not the second run's samples/s")
    check(r["runs"] == 2 and r["predicted_min"] <= r["predicted_samples_per_s"] <= r["predicted_max"],
          "no spread of 2 runs: %r" % r)
    check(r["uncertainty"] >= abs(r["fit_error"]), "the fit's own error is not in the uncertainty")
    check(abs(r["error"]) <= TOLERANCE, "prediction %.0f vs measured %.0f samples/s" %
          (r["predicted_samples_per_s"], r["measured_samples_per_s"]))
    # The sentence a user reads.
    p = subprocess.run([PYTHON, "-m", "loaderscope", "model", "--check", b, a, "--repeats", "2", "--batches", "30"],
                       capture_output=True, text=True, timeout=150)
    check(p.returncode == 0 and "num_workers=2: predicted " in p.stdout and ", measured " in p.stdout, p.stdout + p.stderr)
    # Bad input: a file that is no summary, a missing file, one summary only: exit 2, said on stderr.
    bad = os.path.join(tmp, "bad.json")
    with open(bad, "w") as f:
        f.write("{\"samples_per_s\": 3}")
    for args in ([b, bad], [b, os.path.join(tmp, "missing.json")]):
        p = subprocess.run([PYTHON, "-m", "loaderscope", "model", "--check"] + args, capture_output=True, text=True,
                           timeout=60)
        check(p.returncode == 2 and "loaderscope: " in p.stderr and "Traceback" not in p.stderr,
              "bad input %r: exit %d, %s" % (args, p.returncode, p.stderr))
    p = subprocess.run([PYTHON, "-m", "loaderscope", "model", "--check", b], capture_output=True, text=True, timeout=60)
    check(p.returncode == 2, "--check with one file: exit %d" % p.returncode)
    p = subprocess.run([PYTHON, "-m", "loaderscope", "model", "--help"], capture_output=True, text=True, timeout=60)
    check(p.returncode == 0 and "--check" in p.stdout and "--repeats" in p.stdout, p.stdout)


def case_hostile_inputs(tmp):
    """Issue 46, items 2 and 3: `model` and `model --check` read their files through one bounded
    reader. /dev/zero (was 12 GB of RSS in 8 s), a FIFO with no writer (was blocked forever) and a
    2 GB sparse file each end within 5 s with one clear line, exit 2, under 100 MB of RSS."""
    import resource
    import time
    for path in hostile_inputs(tmp):
        for cmd in (["model", path], ["model", "--check", path, path]):
            t0 = time.monotonic()
            r = subprocess.run([PYTHON, "-m", "loaderscope"] + cmd, capture_output=True, text=True, timeout=30)
            took = time.monotonic() - t0
            check(r.returncode == 2 and r.stderr.startswith("loaderscope: ") and "Traceback" not in r.stderr,
                  "%s: exit %d %r" % (" ".join(cmd), r.returncode, r.stderr))
            check(took < 5, "%s took %.1f s" % (" ".join(cmd), took))
    check(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 100 * 1024, "a child used 100 MB or more")


if __name__ == "__main__":
    sys.exit(main({"data_bound": case_data_bound, "step_bound": case_step_bound, "check": case_check, "hostile_inputs": case_hostile_inputs}))

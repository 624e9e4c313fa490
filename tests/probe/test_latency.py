# SPDX-License-Identifier: MIT
"""Which samples are slow, and the latency distributions, against jobs whose latencies are known
(issue 49).

latency_planted: a real PyTorch job whose dataset makes 5 known indices 50 times slower (250 ms
       against 5 ms): the slowest-samples list names exactly those 5 first, in the probe's summary,
       in the recording read again later (`slow --json`, the app's and the summary's code), and in
       an engine run of the same shape; the advice names slow samples.
latency_checkpoint: a real PyTorch job whose loop spends 150 ms more in every 10th step: the
       summary names a slowdown every 10 steps, from step 9, in the step, 5 times; the job's own
       loaderscope.mark("checkpoint") before each is in the recording (its trace), where it made it.
latency_lognormal: a real PyTorch job with log-normal sleeps (median 3 ms, sigma 0.5) that times its
       own __getitem__ calls: the summary's fetch p50, p90, p99, p99.9 and max agree with the job's
       own within one histogram bucket (1/64 of the value: histogram.h).

Usage: python3 test_latency.py CASE   (exit 77: skipped, with the reason)
"""

import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import PYTHON, Skip, check, main, run_job  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
JOB = os.path.join(HERE, "latency_job.py")
PLANTED = {17, 99, 150, 233, 371}
ENGINE = os.environ.get("LOADERSCOPE_ENGINE")


def check_planted_first(samples, where):
    names = [s["sample"] for s in samples]
    check(len(samples) >= 6 and set(names[:5]) == PLANTED, "%s: the 5 slowest are %r, planted %r" % (where, names[:5], sorted(PLANTED)))
    check(names[5] not in PLANTED and samples[5]["duration_s"] < 0.125,
          "%s: the 6th slowest (%r) is not a planted one, far faster" % (where, samples[5]))
    check(all(s["duration_s"] >= 0.245 for s in samples[:5]), "%s: the planted took 250 ms: %r" % (where, samples[:5]))


def case_planted(tmp):
    probed = run_job(os.path.join(tmp, "probe"), ["planted"], True, job=JOB, timeout=120)
    check(probed.rc == 0 and probed.stdout.strip() == "400", "the job: exit %d, %r" % (probed.rc, probed.stdout))
    s = probed.summary
    check_planted_first(s["slowest_samples"], "the probe's summary")
    check(all(x["times_median"] >= 30 for x in s["slowest_samples"][:5]), "times the median: %r" % s["slowest_samples"][:5])
    ids = [a["id"] for a in s["advice"]]
    check("slow_samples" in ids, "the advice does not name slow samples: %r" % ids)
    slow = [a for a in s["advice"] if a["id"] == "slow_samples"][0]
    check(slow["evidence"]["slowest_sample"] in PLANTED, "the advice names %r" % slow["evidence"])
    # The recording read again later: the same five, by the digest the app's opened recording uses.
    r = subprocess.run([PYTHON, "-m", "loaderscope", "slow", os.path.join(probed.workdir, "events.bin"), "--json"],
                       capture_output=True, text=True, timeout=60)
    check(r.returncode == 0, "slow --json: %d %s" % (r.returncode, r.stderr))
    check_planted_first(json.loads(r.stdout)["slowest_samples"], "the recording read again")
    # The engine, the same shape: 400 samples of 5 ms, the 5 planted at 250 ms, 2 workers, batch 8.
    if not ENGINE:
        raise Skip("LOADERSCOPE_ENGINE is not set (ctest sets it)")
    config = os.path.join(tmp, "planted.json")
    with open(config, "w") as f:
        json.dump({"dataset": {"kind": "map", "length": 400, "io_latency_us": 5000, "cpu_us": 0,
                               "slow_samples": [{"index": i, "latency_us": 250000} for i in sorted(PLANTED)]},
                   "loader": {"batch_size": 8, "num_workers": 2}, "train": {"step_us": 200},
                   "device": {"backend": "sim"}}, f)
    summary = os.path.join(tmp, "engine.json")
    e = subprocess.run([ENGINE, "run", "--config", config, "--summary", summary], capture_output=True, text=True, timeout=120)
    check(e.returncode == 0, "the engine run: %d %s" % (e.returncode, e.stderr[-2000:]))
    with open(summary) as f:
        engine = json.load(f)
    check_planted_first(engine["slowest_samples"], "the engine's summary")
    print("the 5 planted samples are the 5 slowest in the probe's summary, the recording read again and the engine's;"
          " the advice names sample %d" % slow["evidence"]["slowest_sample"])


def bucket(ns):
    """histogram.h's bucket of a value in ns: exact below 64, then 64 per power of two."""
    ns = int(ns)
    if ns < 64:
        return ns
    e = ns.bit_length() - 1
    return 64 + (e - 6) * 64 + ((ns >> (e - 6)) - 64)


def exact_quantile(sorted_ns, q):
    """The ceil(q x n)-th smallest value, as the histogram's quantile counts."""
    k = max(1, math.ceil(q * len(sorted_ns)))
    return sorted_ns[k - 1]


def case_lognormal(tmp):
    out = os.path.join(tmp, "times")
    os.makedirs(out)
    probed = run_job(os.path.join(tmp, "probe"), ["lognormal", out], True, job=JOB, timeout=180)
    check(probed.rc == 0 and probed.stdout.strip() == "2000", "the job: exit %d, %r\n%s" % (probed.rc, probed.stdout, probed.stderr[-2000:]))
    own = []
    for name in os.listdir(out):
        with open(os.path.join(out, name)) as f:
            own += [int(line.split()[1]) for line in f if line.strip()]
    check(len(own) == 2000, "the job timed %d samples" % len(own))
    own.sort()
    fetch = [d for d in probed.summary["distributions"] if d["stage"] == "fetch"][0]
    check(fetch["count"] == 2000, "the summary's fetch count %d" % fetch["count"])
    rows = []
    for q, key in ((0.5, "p50_s"), (0.9, "p90_s"), (0.99, "p99_s"), (0.999, "p999_s"), (1.0, "max_s")):
        mine, theirs = exact_quantile(own, q), round(fetch[key] * 1e9)
        rows.append("%s: job %.3f ms, summary %.3f ms (buckets %d, %d)" % (key, mine / 1e6, theirs / 1e6, bucket(mine), bucket(theirs)))
        # The probe's span holds the job's own time and the call around it (a few µs): the same
        # bucket or the next, never an earlier one.
        check(0 <= bucket(theirs) - bucket(mine) <= 1, "%s is more than one bucket off:\n%s" % (key, "\n".join(rows)))
    print("\n".join(rows))


def case_checkpoint(tmp):
    probed = run_job(os.path.join(tmp, "probe"), ["checkpoint"], True, job=JOB, timeout=120)
    check(probed.rc == 0 and probed.stdout.strip() == "400", "the job: exit %d, %r" % (probed.rc, probed.stdout))
    s = probed.summary
    found = s["repeating_slowdowns"]
    check(s["repeating_steps"] == 50 and not s["repeating_partial"], "steps looked at: %r" % s["repeating_steps"])
    check(len(found) == 1, "one repeating slowdown expected: %r" % found)
    r = found[0]
    check(r["kind"] == "every_n_steps" and r["period_steps"] == 10 and r["first_step"] == 9 and r["occurrences"] == 5 and
          r["part"] == "step", "every 10 steps from step 9, 5 times, in the step: %r" % r)
    check(0.13 <= r["added_s_each"] <= 0.2, "150 ms more each: %r" % r)
    print("named: every %d steps from step %d, %.1f ms more each in the %s (%d times)"
          % (r["period_steps"], r["first_step"], r["added_s_each"] * 1e3, r["part"], r["occurrences"]))
    # The job's own marks (loaderscope.mark): in the recording, as the trace made from it shows
    # them, each where the job made it (the trace's clock is the recording's, less its base).
    with open(os.path.join(probed.workdir, "trace.json")) as f:
        trace = json.load(f)
    marks = sorted(e["ts"] for e in trace["traceEvents"] if e.get("name") == "mark: checkpoint")
    check(len(marks) == 5, "5 marks expected in the trace, found %d" % len(marks))
    check(all(e["args"]["label"] == "checkpoint" for e in trace["traceEvents"] if e.get("name") == "mark: checkpoint"),
          "a mark's label")
    made = [int(line.split()[1]) for line in probed.stderr.splitlines() if line.startswith("marked ")]
    base = trace["otherData"]["base_time_ns"]
    check(len(made) == 5, "the job says it marked %d times" % len(made))
    for ts, ns in zip(marks, made):
        # The mark is written right after the job's clock read: within 5 ms of it.
        check(0 <= ts * 1e3 + base - ns <= 5e6, "a mark at %.3f ms, the job's at %.3f ms" % (ts / 1e3, (ns - base) / 1e6))
    unnamed = [e for e in trace["traceEvents"] if e.get("name") == "mark: mark"]
    check(len(unnamed) == 1, "the mark whose label's str() raised: %d in the trace" % len(unnamed))
    print("marks: %s ms" % ", ".join("%.1f" % (t / 1e3) for t in marks))


CASES = {"latency_planted": case_planted, "latency_lognormal": case_lognormal, "latency_checkpoint": case_checkpoint}

if __name__ == "__main__":
    sys.exit(main(CASES))

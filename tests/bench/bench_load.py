# SPDX-License-Identifier: MIT
"""The probe under load (issue 45): 3 watched jobs beside 3 unwatched ones, all at once, each a
real DataLoader (2 workers, 4 KB tensors, 0.5 ms sleep per sample). Every round starts the six
together; a job's wall time runs from its start to its exit. Reported: the medians of the watched
and of the unwatched jobs' wall times per round, their ratio per round (median and spread over
the rounds), and from each watched job's summary the probe's own cost (probe_cost: CPU per sample,
share of the job's CPU), events_lost and figures_reliable.

usage: /usr/bin/python3 tests/bench/bench_load.py [--samples N] [--rounds R] [--json OUT]
  env: LOADERSCOPE_PROBE_PYTHONPATH (the probe's package folder: build/python, or a venv's
       site-packages is not needed when the probe is installed)
Prints one JSON object. Target: the watched median within 5 % of the unwatched.
"""

import argparse
import json
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time

JOB = r'''
import sys, time, torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __init__(self, n): self.n = n
    def __len__(self): return self.n
    def __getitem__(self, i):
        time.sleep(0.0005)
        return torch.zeros(1024)
n = int(sys.argv[1])
for b in DataLoader(D(n), batch_size=32, num_workers=2):
    pass
'''


def run_round(tmp, samples, rnd, env):
    job = os.path.join(tmp, "load_job.py")
    jobs = []
    for k in range(6):
        watched = k % 2 == 0  # interleaved: watched and unwatched start in turn
        summary = os.path.join(tmp, "r%d-j%d.json" % (rnd, k))
        err = open(os.path.join(tmp, "r%d-j%d.err" % (rnd, k)), "w+")
        cmd = [sys.executable] + (["-m", "loaderscope", "run", "--summary", summary] if watched else []) + [job, str(samples)]
        jobs.append({"watched": watched, "summary": summary, "err": err, "t0": time.monotonic(),
                     "p": subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=err)})
    # Each job's wall time ends when it exits (its pidfd becomes readable), not when it is waited for.
    fds = {os.pidfd_open(j["p"].pid): j for j in jobs}
    deadline = time.monotonic() + 1800
    try:
        while fds:
            ready = select.select(list(fds), [], [], max(0.0, deadline - time.monotonic()))[0]
            if not ready:
                for j in jobs:
                    j["p"].kill()
                    j["p"].wait()
                raise RuntimeError("the jobs did not end within 30 minutes")
            for fd in ready:
                j = fds.pop(fd)
                j["wall"] = time.monotonic() - j["t0"]
                os.close(fd)
                j["p"].wait()
    finally:
        for fd in fds:
            os.close(fd)
    out = {"watched": [], "unwatched": [], "probe": []}
    for j in jobs:
        j["err"].seek(0)
        err = j["err"].read()
        j["err"].close()
        if j["p"].returncode != 0:
            raise RuntimeError("a job failed (status %d): %s" % (j["p"].returncode, err[-800:]))
        out["watched" if j["watched"] else "unwatched"].append(j["wall"])
        if j["watched"]:
            with open(j["summary"]) as f:
                s = json.load(f)
            c = s.get("probe_cost", {})
            out["probe"].append({"wall_s": round(j["wall"], 2), "cpu_us_per_sample": c.get("cpu_us_per_sample"),
                                 "share_of_job_cpu": c.get("share_of_job_cpu"), "hooks_cpu_s": c.get("hooks_cpu_s"),
                                 "threads_cpu_s": c.get("threads_cpu_s"), "events_lost": s.get("events_lost"),
                                 "figures_reliable": s.get("figures_reliable")})
    return out


def spread(xs):
    return {"median": round(statistics.median(xs), 4), "min": round(min(xs), 4), "max": round(max(xs), 4)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=50000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", default="")
    a = ap.parse_args()
    env = dict(os.environ)
    if os.environ.get("LOADERSCOPE_PROBE_PYTHONPATH"):
        env["PYTHONPATH"] = os.environ["LOADERSCOPE_PROBE_PYTHONPATH"]
    with tempfile.TemporaryDirectory(prefix="lsload-") as tmp:
        with open(os.path.join(tmp, "load_job.py"), "w") as f:
            f.write(JOB)
        rounds = []
        for r in range(a.rounds):
            rounds.append(run_round(tmp, a.samples, r, env))
            sys.stderr.write("round %d: watched %s, unwatched %s\n" % (r + 1, [round(x, 1) for x in rounds[-1]["watched"]],
                                                                     [round(x, 1) for x in rounds[-1]["unwatched"]]))
    ratios = [statistics.median(x["watched"]) / statistics.median(x["unwatched"]) for x in rounds]
    probes = [p for x in rounds for p in x["probe"]]
    report = {
        "bench": "probe_under_load", "jobs": "3 watched beside 3 unwatched, 2 workers each, 4 KB tensors, 0.5 ms sleep per sample",
        "samples_per_job": a.samples, "rounds": a.rounds, "cores": os.cpu_count(),
        "watched_wall_s": spread([statistics.median(x["watched"]) for x in rounds]),
        "unwatched_wall_s": spread([statistics.median(x["unwatched"]) for x in rounds]),
        "ratio_watched_to_unwatched": spread(ratios),
        "probe_cpu_us_per_sample": spread([p["cpu_us_per_sample"] for p in probes if p["cpu_us_per_sample"] is not None]),
        "probe_share_of_job_cpu": spread([p["share_of_job_cpu"] for p in probes if p["share_of_job_cpu"] is not None]),
        "events_lost": sum(p["events_lost"] or 0 for p in probes),
        "figures_reliable_all": all(p["figures_reliable"] for p in probes),
        "target_within_5_percent": statistics.median(ratios) <= 1.05,
        "watched_jobs": probes,
    }
    text = json.dumps(report, indent=1)
    print(text)
    if a.json:
        with open(a.json, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: MIT
"""What loaderscope-watch.pth costs a job when LOADERSCOPE_WATCH is not set: the wall time of the
same `python3 job.py` (a real DataLoader job, tests/probe/job.py) with the .pth processed at
start-up and without it, in alternation. The .pth goes into a user site folder of this script's own
(PYTHONUSERBASE), as tests/probe/test_watch_env.py does; the run without it gets an empty one.

usage: PYTHONPATH=build/python /usr/bin/python3 tests/bench/bench_watch_env.py [--runs N] [--length N]
Prints one JSON object: the median and spread (max - min) of each, in seconds, and their difference.
Asserts nothing: on a shared machine the spread is the noise to compare the difference with.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import loaderscope

HERE = os.path.dirname(os.path.abspath(__file__))
JOB = os.path.join(HERE, "..", "probe", "job.py")
PTH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(loaderscope.__file__))), "loaderscope-watch.pth")


def user_site_env(base, with_pth):
    env = dict(os.environ, PYTHONUSERBASE=base)
    env.pop("LOADERSCOPE_WATCH", None)
    env.pop("PYTHONNOUSERSITE", None)  # the user site folder must be read
    site = subprocess.run([sys.executable, "-c", "import site; print(site.getusersitepackages())"], env=env,
                          capture_output=True, text=True, check=True).stdout.strip()
    os.makedirs(site, exist_ok=True)
    if with_pth:
        shutil.copy(PTH, site)
    return env


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5, help="runs each way, alternating (default 5)")
    ap.add_argument("--length", type=int, default=256, help="samples of the job (default 256)")
    a = ap.parse_args()
    if not os.path.isfile(PTH):
        sys.exit("no %s: build the loaderscope_python target first" % PTH)
    times = {"without_pth": [], "with_pth_unset": []}
    with tempfile.TemporaryDirectory(prefix="lsbench-") as tmp:
        envs = {"without_pth": user_site_env(os.path.join(tmp, "none"), False),
                "with_pth_unset": user_site_env(os.path.join(tmp, "pth"), True)}
        cmd = [sys.executable, JOB, "--workers", "2", "--length", str(a.length), "--sleep-us", "200"]
        outputs = {}
        for i in range(a.runs):
            for name in (("without_pth", "with_pth_unset") if i % 2 == 0 else ("with_pth_unset", "without_pth")):
                t0 = time.perf_counter()
                p = subprocess.run(cmd, env=envs[name], cwd=tmp, capture_output=True)
                times[name].append(time.perf_counter() - t0)
                if p.returncode != 0:
                    sys.exit("%s: the job failed: %s" % (name, p.stderr.decode()[-2000:]))
                outputs.setdefault(name, set()).add((p.stdout, p.stderr))
    out = {"runs_each": a.runs, "job": "job.py --workers 2 --length %d --sleep-us 200" % a.length}
    for name, t in times.items():
        out[name] = {"median_s": round(statistics.median(t), 4), "spread_s": round(max(t) - min(t), 4),
                     "runs_s": [round(x, 4) for x in t]}
    out["median_difference_s"] = round(out["with_pth_unset"]["median_s"] - out["without_pth"]["median_s"], 4)
    out["same_output"] = outputs["without_pth"] == outputs["with_pth_unset"]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

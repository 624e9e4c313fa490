#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Question import benchmark (issue 46, item 6): `loaderscope --check-questions` (the import's own
parser and lesson matching, without a window) on a GIFT bank of N questions without lesson= comments
(every question's lesson found by the keywords), and on the same bank at N/5 questions, the
baseline measured in the same run: the ratio of the times says whether the cost grows linearly.
Before the fix the keywords' regular expressions were compiled for every question: 100,000
questions took 138 s and 240 MB. The target is 5 s. Repeats R times each, alternately; reports the
median and the spread of the wall time and the largest peak RSS (the child's ru_maxrss).
Usage: bench_questions.py BUILD_DIR [questions, default 100000] [repeats, default 3]
Prints JSON. Its temporary folder is removed."""
import json, os, resource, shutil, statistics, subprocess, sys, tempfile, time

build = sys.argv[1] if len(sys.argv) > 1 else "build"
count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
app = os.path.join(build, "gui", "loaderscope")

# About 3.2 MB for 100,000 questions, as the bank the issue timed; each names a knob a lesson's
# keywords know.
TOPICS = ["num_workers %d?", "pin_memory %d?", "prefetch_factor %d?", "timeout %d?", "fork %d?"]


def bank(path, n):
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            f.write("%s{=a ~b ~c ~d}\n\n" % (TOPICS[i % len(TOPICS)] % i))


def one(path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.monotonic()
    p = subprocess.run([app, "--check-questions", path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), timeout=600)
    wall = time.monotonic() - t0
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB, the largest child so far
    if p.returncode != 0:
        sys.exit("bench_questions: --check-questions exit %d: %s" % (p.returncode, p.stderr.decode()[-500:]))
    return wall, max(rss, before)


def main():
    tmp = tempfile.mkdtemp(prefix="bench-questions-")
    try:
        sizes = {"baseline": count // 5, "target": count}
        paths = {}
        for name, n in sizes.items():
            paths[name] = os.path.join(tmp, "%s.gift" % name)
            bank(paths[name], n)
        walls = {name: [] for name in sizes}
        rss = {name: 0 for name in sizes}
        for _ in range(repeats):
            for name in sizes:  # alternately
                w, r = one(paths[name])
                walls[name].append(w)
                rss[name] = max(rss[name], r)
        out = {"bench": "questions_import", "repeats": repeats}
        for name, n in sizes.items():
            out[name] = {"questions": n, "bytes": os.path.getsize(paths[name]),
                         "median_s": round(statistics.median(walls[name]), 3),
                         "min_s": round(min(walls[name]), 3), "max_s": round(max(walls[name]), 3),
                         "peak_rss_mib_at_most": round(rss[name] / 1024, 1)}
        out["ratio_target_to_baseline"] = round(out["target"]["median_s"] / out["baseline"]["median_s"], 2)
        out["questions_ratio"] = round(count / sizes["baseline"], 2)
        out["target_met_5s"] = out["target"]["median_s"] <= 5.0
        print(json.dumps(out, indent=1))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


main()

# SPDX-License-Identifier: MIT
"""Advice never contradicts itself and never outruns the cores (issue 47, item 1 and 2).

Runs every preset and every lesson's contrast run with the engine (`run --summary`) and checks
the summary's verdict and advice against rules stated here, apart from the engine's code:
- "the training step is the bottleneck; no loader knob will make this run faster"
  (training_bound) never stands beside advice that aims faster;
- training_bound never stands beside a verdict other than "not input-bound";
- "more workers will not help" (cpu_bound) never stands beside raise_num_workers;
- "a few samples make the wait" (slow_samples) never stands beside training_bound;
- fewer_workers never stands beside more workers, nor beside a copy that blocks the host;
- the verdict "not input-bound" never stands beside a knob that shortens the loop's wait or
  the host's block (workers, prefetch, pinning, non_blocking, start-up);
- advised workers never outrun what the measured CPU can feed: num_workers x the CPU share of a
  sample's worker time <= the cores (plus one worker of slack for the head room).

usage: test_consistency.py [--summary FILE ...]   (ctest sets LOADERSCOPE_ENGINE and
LOADERSCOPE_SOURCE; with --summary, only those summaries are checked: the probe's tests use it)
"""

import json
import os
import subprocess
import sys
import tempfile

AIMS_FASTER = {"raise_num_workers", "raise_prefetch_factor", "pin_thread_bound", "pin_memory", "non_blocking",
               "copy_stream", "persistent_workers", "spawn_startup", "in_order", "upgrade_torch_in_order"}
LOOP_SIDE = {"raise_num_workers", "raise_prefetch_factor", "pin_thread_bound", "pin_memory", "non_blocking",
             "persistent_workers", "spawn_startup", "in_order"}


def evidence(a, key, default=None):
    ev = a.get("evidence", {})
    if isinstance(ev, dict):
        return ev.get(key, default)
    for e in ev:  # [[name, value], ...] or [{"name":..., "value":...}]
        if isinstance(e, dict) and e.get("name") == key:
            return e.get("value")
        if isinstance(e, (list, tuple)) and len(e) == 2 and e[0] == key:
            return e[1]
    return default


def problems(summary):
    """The contradictions and unbounded counts in one summary, as sentences."""
    out = []
    advice = summary.get("advice", [])
    ids = [a.get("id") for a in advice]
    faster = [i for i in ids if i in AIMS_FASTER]
    if "training_bound" in ids and faster:
        out.append("training_bound beside %s" % ",".join(faster))
    if "cpu_bound" in ids and "raise_num_workers" in ids:
        out.append("cpu_bound beside raise_num_workers")
    if "fewer_workers" in ids and ({"raise_num_workers", "pin_memory", "non_blocking"} & set(ids)):
        out.append("fewer_workers beside %s" % ",".join(i for i in ids if i != "fewer_workers"))
    if "slow_samples" in ids and "training_bound" in ids:
        out.append("slow_samples (a wait to explain) beside training_bound")
    if "training_bound" in ids and summary.get("verdict") != "not input-bound":
        out.append("training_bound beside the verdict '%s'" % summary.get("verdict"))
    if summary.get("verdict") == "not input-bound":
        loop = [i for i in ids if i in LOOP_SIDE]
        if loop:
            out.append("verdict 'not input-bound' beside %s" % ",".join(loop))
    figures = summary.get("figures", summary)
    cores = summary.get("cores") or figures.get("cores") or os.cpu_count()
    io = figures.get("io_s_per_sample", 0.0)
    cpu = figures.get("cpu_s_per_sample", 0.0)
    for a in advice:
        if a.get("knob") != "loader.num_workers" or a.get("id") not in ("raise_num_workers",):
            continue
        n = a.get("suggest")
        if isinstance(n, dict):
            n = n.get("value", n.get("number"))
        if n is None or io + cpu <= 0:
            continue
        # All n workers busy at once want n x cpu/(io+cpu) cores.
        demand = float(n) * cpu / (io + cpu)
        slack = cpu / (io + cpu)
        if demand > cores * 1.1 + slack + 1e-9:
            out.append("num_workers %s wants %.2f cores of CPU (%.2f ms CPU of %.2f ms per sample) on %d cores" %
                       (n, demand, cpu * 1e3, (io + cpu) * 1e3, cores))
    return out


def set_dotted(config, dotted, value):
    node = config
    parts = dotted.split(".")
    for p in parts[:-1]:
        node = node.setdefault(p, {})
    node[parts[-1]] = value


def runs(source):
    """(name, config dict) for every preset and every lesson's contrast run."""
    presets = os.path.join(source, "resources", "presets")
    for f in sorted(os.listdir(presets)):
        if f.endswith(".json"):
            with open(os.path.join(presets, f)) as fh:
                yield "preset " + f[:-5], json.load(fh)
    with open(os.path.join(source, "resources", "lessons", "lessons.json")) as fh:
        lessons = json.load(fh)["lessons"]
    for lesson in lessons:
        contrast = lesson.get("contrast")
        if not contrast or not contrast.get("set"):
            continue  # a contrast that is a preset as it is was run above
        with open(os.path.join(presets, contrast["preset"] + ".json")) as fh:
            config = json.load(fh)
        for k, v in contrast["set"].items():
            set_dotted(config, k, v)
        yield "lesson %s (contrast)" % lesson["id"], config


def main():
    argv = sys.argv[1:]
    if argv and argv[0] == "--summary":
        failures = 0
        for path in argv[1:]:
            with open(path) as fh:
                found = problems(json.load(fh))
            print("%-5s %s %s" % ("FAIL" if found else "ok", path, "; ".join(found)))
            failures += bool(found)
        return 1 if failures else 0
    engine = os.environ["LOADERSCOPE_ENGINE"]
    source = os.environ["LOADERSCOPE_SOURCE"]
    failures = []
    with tempfile.TemporaryDirectory(prefix="lsadvice-") as tmp:
        for i, (name, config) in enumerate(runs(source)):
            cfg = os.path.join(tmp, "c%d.json" % i)
            out = os.path.join(tmp, "s%d.json" % i)
            with open(cfg, "w") as fh:
                json.dump(config, fh)
            p = subprocess.run([engine, "run", "--config", cfg, "--summary", out], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, timeout=240)
            if not os.path.exists(out):
                # worker_dies ends non-zero by design and still writes its summary
                failures.append("%s: no summary (exit %d): %s" % (name, p.returncode, p.stderr.decode()[-300:]))
                print("FAIL  %s: no summary" % name)
                continue
            with open(out) as fh:
                summary = json.load(fh)
            found = problems(summary)
            print("%-5s %-40s %-24s %s%s" % ("FAIL" if found else "ok", name, summary.get("verdict", ""),
                                            ",".join(a.get("id", "") for a in summary.get("advice", [])),
                                            ("  <- " + "; ".join(found)) if found else ""))
            if found:
                failures.append("%s: %s" % (name, "; ".join(found)))
    if failures:
        print("FAIL:\n  " + "\n  ".join(failures))
        return 1
    print("PASS: every preset and lesson: no contradiction, no worker count beyond the cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: MIT
"""`python3 -m loaderscope model --check BEFORE.json AFTER.json`: the model's prediction for a
changed knob, put next to what the job then did.

BEFORE is the probe summary of the job as it was watched (its "observed" object is fitted, as
`model` does); AFTER the summary of the same job run again after the user changed num_workers,
prefetch_factor or batch_size. The engine runs the fitted config at BEFORE's knobs and at AFTER's,
`--repeats` times each (`loaderscope-engine sweep`), so that the prediction has a spread:

    predicted = the model's median samples/s at AFTER's knobs
    uncertainty = half the spread of those runs, as a share of the median,
                  + how far the model was from the job at BEFORE's knobs (the fit's own error)

and the job's measured samples/s (AFTER's `samples_per_s`) is within the prediction when it lies in
predicted ± uncertainty. Exit status: 0 once compared (within or not), 2 for bad input, 3 when the
engine cannot run the model.
"""

import json
import os
import shutil
import subprocess
import tempfile
from ._inputs import InputError, read_input


class CheckError(Exception):
    """Bad input: the message names the file and what is wrong with it (exit status 2)."""


def _load(path, _native):
    try:
        text = read_input(path)
    except InputError as e:
        raise CheckError(str(e))
    try:
        summary = json.loads(text)
    except RecursionError:
        raise CheckError("%s is nested too deeply to be a probe summary" % path)
    except (ValueError, UnicodeDecodeError) as e:
        raise CheckError("%s is not JSON (%s)" % (path, e))
    if not isinstance(summary, dict) or not isinstance(summary.get("observed"), dict):
        raise CheckError("%s has no \"observed\" object (not a probe summary)" % path)
    rate = summary.get("samples_per_s")
    if not isinstance(rate, (int, float)) or isinstance(rate, bool) or rate <= 0:
        raise CheckError("%s has no samples_per_s above 0 (the job delivered no batch)" % path)
    return summary


def _knobs(summary):
    """The knobs the check varies, as the job set them (prefetch_factor 2 where torch left it None)."""
    o = summary["observed"]
    k = {"num_workers": o.get("num_workers", 0), "batch_size": o.get("batch_size"),
         "prefetch_factor": o.get("prefetch_factor") or 2}
    if k["num_workers"] == 0:
        k.pop("prefetch_factor")  # DataLoader has none without workers
    return k


def find_engine(given=None):
    """--engine, else LOADERSCOPE_ENGINE, else loaderscope-engine on PATH, else the build tree's."""
    for candidate in (given, os.environ.get("LOADERSCOPE_ENGINE"), shutil.which("loaderscope-engine"),
                      os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "..", "engine",
                                   "loaderscope-engine")):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    raise CheckError("cannot find loaderscope-engine: pass --engine PATH or set LOADERSCOPE_ENGINE")


def _spread(row):
    runs = [r for r in row.get("runs") or [] if isinstance(r, (int, float))]
    median = row.get("samples_per_s") or 0.0
    return median, (min(runs) if runs else median), (max(runs) if runs else median), len(runs)


def _sweep(engine, config, varied, repeats, batches, tmp):
    """Runs the fitted config at each combination of `varied` ({knob: [values]}); its rows."""
    cfg = os.path.join(tmp, "fitted.json")
    with open(cfg, "w") as f:
        f.write(config)
    out = os.path.join(tmp, "sweep.json")
    cmd = [engine, "sweep", "--config", cfg, "--out", out, "--repeats", str(repeats), "--batches", str(batches)]
    for knob, values in varied.items():
        cmd += ["--vary", "%s=%s" % (knob, ",".join(str(v) for v in values))]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("the engine could not run the model (exit %d): %s" % (p.returncode, p.stderr.strip()[-500:]))
    with open(out) as f:
        return json.load(f)["results"]


def _row(rows, knobs):
    for r in rows:
        if all(r.get(k) == v for k, v in knobs.items() if k in r):
            return r
    return None


def check(before_path, after_path, engine=None, repeats=3, batches=100):
    """The comparison as a dict (see the module's docstring); raises CheckError on bad input and
    RuntimeError when the engine fails."""
    from . import _native
    before, after = _load(before_path, _native), _load(after_path, _native)
    try:
        config = _native.fit_config(json.dumps(before["observed"]))
    except (RecursionError, ValueError, RuntimeError) as e:
        raise CheckError("%s: cannot fit a config to its \"observed\" object: %s" % (before_path, e))
    kb, ka = _knobs(before), _knobs(after)
    changed = {k: ka[k] for k in ka if kb.get(k) != ka[k]}
    if before.get("program") and after.get("program") and \
            os.path.basename(before["program"]) != os.path.basename(after["program"]):
        raise CheckError("%s and %s are different programs (%s, %s)" % (before_path, after_path,
                                                                         before["program"], after["program"]))
    # The knobs that changed, at both values (the fitted config has BEFORE's for the rest); the
    # engine's sweep takes at most two.
    if len(changed) > 2:
        raise CheckError("%s changes %s: the check takes at most two knobs at a time" % (after_path, ", ".join(sorted(changed))))
    varied = {k: sorted({v for v in (kb.get(k), ka[k]) if v is not None}) for k in changed}
    if "prefetch_factor" in varied and 0 in varied.get("num_workers", [kb["num_workers"]]):
        del varied["prefetch_factor"]  # DataLoader refuses it without workers; the engine's default then
    if not varied:
        varied = {"num_workers": [kb["num_workers"]]}
    engine = find_engine(engine)
    with tempfile.TemporaryDirectory(prefix="loaderscope-check-") as tmp:
        rows = _sweep(engine, config, varied, repeats, batches, tmp)
    at_before, at_after = _row(rows, kb), _row(rows, ka)
    if not at_before or not at_after or not at_before.get("samples_per_s") or not at_after.get("samples_per_s"):
        raise RuntimeError("the model's runs failed: %r" % rows)
    fit_error = at_before["samples_per_s"] / before["samples_per_s"] - 1
    median, lo, hi, runs = _spread(at_after)
    uncertainty = (hi - lo) / 2 / median + abs(fit_error)
    measured = after["samples_per_s"]
    return {"before": before_path, "after": after_path, "knobs_before": kb, "knobs_after": ka, "changed": changed,
            "predicted_samples_per_s": median, "predicted_min": lo, "predicted_max": hi, "runs": runs,
            "fit_error": fit_error, "uncertainty": uncertainty, "measured_samples_per_s": measured,
            "error": measured / median - 1, "within": abs(measured / median - 1) <= uncertainty,
            "model_at_before": at_before["samples_per_s"], "job_at_before": before["samples_per_s"]}


def _pct(x, signed=False):
    v = round(x * 100)
    return ("+" if signed and v >= 0 else "−" if v < 0 else "") + "%d %%" % abs(v)


def text(r):
    knobs = ", ".join("%s=%s" % kv for kv in sorted(r["changed"].items())) or "no knob changed"
    lines = ["%s: predicted %s samples/s ± %s, measured %s (%s): %s" % (
        knobs, "{:,.0f}".format(r["predicted_samples_per_s"]), _pct(r["uncertainty"]),
        "{:,.0f}".format(r["measured_samples_per_s"]), _pct(r["error"], True),
        "within the prediction" if r["within"] else "outside the prediction")]
    lines.append("  the model at the watched knobs: %s samples/s, the job %s (%s); the model's %d runs at the new "
                 "knobs: %s to %s samples/s" % (
                     "{:,.0f}".format(r["model_at_before"]), "{:,.0f}".format(r["job_at_before"]),
                     _pct(r["fit_error"], True), r["runs"], "{:,.0f}".format(r["predicted_min"]),
                     "{:,.0f}".format(r["predicted_max"])))
    return "\n".join(lines)

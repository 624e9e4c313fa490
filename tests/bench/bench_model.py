#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
""""Model this job" against the job: the engine config fitted to a real PyTorch job (the probe's
summary), run by the engine, next to the job's own samples/s. Target: within 15 % for a data-bound
job; for a step-bound one, the model's batch period plus the job's next() cost (next_ready_us)
within 15 % of the real period. Each case runs ROUNDS times (default 3); the median counts. Run it
on a quiet machine: two real jobs and an engine run share the cores.

Usage: PYTHONPATH=build/python LOADERSCOPE_ENGINE=build/engine/loaderscope-engine \\
       /usr/bin/python3 tests/bench/bench_model.py [ROUNDS]     (prints one JSON line)
"""

import contextlib
import json
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "probe"))
import test_model  # noqa: E402

TARGET = 0.15


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    data, step = [], []
    for _ in range(rounds):
        # Each run's own report goes to stderr: stdout carries the one JSON line.
        with contextlib.redirect_stdout(sys.stderr), tempfile.TemporaryDirectory(prefix="lsbench-model-") as tmp:
            r, _, _ = test_model.fit_and_run(tmp, test_model.DATA_BOUND)
            data.append(r["ratio"])
        with contextlib.redirect_stdout(sys.stderr), tempfile.TemporaryDirectory(prefix="lsbench-model-") as tmp:
            step.append(test_model.step_bound_report(tmp)["period_ratio"])
    out = {"bench": "model_fit", "rounds": rounds, "target_within": TARGET,
           "data_bound_ratios": [round(x, 3) for x in data], "data_bound_median": round(statistics.median(data), 3),
           "step_bound_period_ratios": [round(x, 3) for x in step],
           "step_bound_median": round(statistics.median(step), 3)}
    out["within_target"] = all(abs(out[k] - 1) <= TARGET for k in ("data_bound_median", "step_bound_median"))
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

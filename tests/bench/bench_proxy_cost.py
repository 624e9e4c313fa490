# SPDX-License-Identifier: MIT
"""What the timing proxies add to a sample on a core that has just woken from the sample's sleep
(the issue-45 job's situation), measured from outside, against what the probe counts for them.

One thread fetches batches of 32 samples (0.5 ms sleep, then a trivial __getitem__) and collates
them, in turn: plainly, through the C proxies (timed.cpp) and through the Python proxies; the
thread's CPU clock around each batch (the recorder's batch begin and end outside it). Per round:
the extra CPU per sample of each kind of proxy over the plain batches, and the probe's own figure
for it (the recorder's wrap_ns: the wrapper measured on 1 sample in 64 and scaled, each collate
wrapper on 1 call in 8, each write of the batch's samples whole). Medians and spreads of the rounds.

usage: PYTHONPATH=build/python /usr/bin/python3 tests/bench/bench_proxy_cost.py [--rounds R] [--batches B]
Prints one JSON object.
"""

import argparse
import json
import time

from loaderscope import _native as N
from loaderscope import _proxies as P
from loaderscope import _recorder as R

from bench_load import spread  # the benches' one median-and-range

BATCH = 32


class Data:
    def __getitem__(self, i):
        return i


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--batches", type=int, default=150)
    a = ap.parse_args()
    session = N.Session(4, 1 << 15, "bench_proxy_cost")
    try:
        kinds = {}
        for lane, (name, proxy) in enumerate((("c", P.TimedDataset), ("python", P.PyTimedDataset)), start=1):
            if name == "c" and proxy is P.PyTimedDataset:
                continue  # no C proxies on this CPython
            rec = R.FetchRecorder(N.Writer(session.segment, lane), 1)
            kinds[name] = (rec, proxy(Data(), rec), P.timed_collate(lambda x: x, rec, True, proxy(Data(), rec)))
        plain = (None, Data(), lambda x: x)
        tt, sleep = time.thread_time_ns, time.sleep
        extra = {k: [] for k in kinds}
        counted = {k: [] for k in kinds}
        for _ in range(a.rounds):
            cpu = {k: 0 for k in list(kinds) + ["plain"]}
            for k in kinds:
                kinds[k][0].take_wrap_ns()
            for b in range(a.batches):
                for k, (rec, data, collate) in [("plain", plain)] + list(kinds.items()):
                    if rec is not None:
                        rec.begin_batch(b)
                    c0 = tt()
                    for i in range(BATCH):
                        sleep(0.0005)
                        data[i]
                    collate(list(range(BATCH)))
                    cpu[k] += tt() - c0
                    if rec is not None:
                        rec.end_batch()
            n = a.batches * BATCH
            for k, (rec, _, _) in kinds.items():
                extra[k].append((cpu[k] - cpu["plain"]) / n / 1e3)
                counted[k].append(rec.take_wrap_ns() / n / 1e3)
        out = {"bench": "proxy_cost", "samples_per_round": a.batches * BATCH, "rounds": a.rounds,
               "sleep_per_sample_ms": 0.5}
        for k in kinds:
            out[k] = {"extra_cpu_us_per_sample": spread(extra[k]), "counted_us_per_sample": spread(counted[k])}
        print(json.dumps(out, indent=1))
    finally:
        session.stop_collector()
        session.unlink()


if __name__ == "__main__":
    main()

# SPDX-License-Identifier: MIT
"""A job with a known latency per sample, for test_latency.py: a map dataset read by 2 workers,
batch 8, a tiny step.

planted    400 samples of 5 ms, and PLANTED (5 of them) of 250 ms: 50 times slower (a loaded
           machine delays a sample by tens of ms, never by 250).
lognormal  2,000 samples, each a log-normal sleep (median 3 ms, sigma 0.5) drawn from its index;
           each worker measures its own __getitem__ calls (CLOCK_MONOTONIC, as the probe does)
           and its collate_fn appends "index ns" lines to OUT/times-<pid>.txt (outside the
           fetches the probe times).

checkpoint 400 samples of 2 ms, no planted ones; every 10th step of the loop (9, 19, ...)
           "saves a checkpoint": 150 ms more in the step, after loaderscope.mark("checkpoint")
           (the step chart's mark; the job prints each mark's CLOCK_MONOTONIC ns on stderr), and at
           step 0 a mark whose label's str() raises (the probe marks it "mark"; the job goes on).

Usage: python3 latency_job.py planted | lognormal OUT | checkpoint
"""

import math
import os
import random
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset

PLANTED = (17, 99, 150, 233, 371)


class Planted(Dataset):
    def __init__(self, slow=PLANTED, base=0.005):
        self.slow, self.base = slow, base

    def __len__(self):
        return 400

    def __getitem__(self, i):
        time.sleep(0.25 if i in self.slow else self.base)
        return torch.tensor([i])


class LogNormal(Dataset):
    def __len__(self):
        return 2000

    def __getitem__(self, i):
        t0 = time.monotonic_ns()
        time.sleep(random.Random(i).lognormvariate(math.log(0.003), 0.5))
        item = torch.tensor([i])
        return i, time.monotonic_ns() - t0, item


class Unprintable:
    def __str__(self):
        raise RuntimeError("no text for this label")


class WriteTimes:
    """collate_fn: writes the batch's own times (outside the fetches the probe times), then stacks."""

    def __init__(self, out):
        self.out = out
        self.fd = None

    def __call__(self, samples):
        if self.fd is None:  # each worker its own file, written unbuffered (a worker ends in os._exit)
            self.fd = os.open(os.path.join(self.out, "times-%d.txt" % os.getpid()), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.write(self.fd, b"".join(b"%d %d\n" % (i, ns) for i, ns, _ in samples))
        return torch.stack([item for _, _, item in samples])


def main():
    mode = sys.argv[1]
    if mode == "lognormal":
        loader = DataLoader(LogNormal(), batch_size=8, num_workers=2, collate_fn=WriteTimes(sys.argv[2]))
    else:
        loader = DataLoader(Planted(PLANTED, 0.005) if mode == "planted" else Planted((), 0.002), batch_size=8, num_workers=2)
    seen = 0
    for step, batch in enumerate(loader):
        seen += len(batch)
        time.sleep(0.0002)  # the step
        if mode == "checkpoint" and step == 0:
            import loaderscope
            loaderscope.mark(Unprintable())  # its str() raises: the job never sees that
        if mode == "checkpoint" and step % 10 == 9:
            import loaderscope
            sys.stderr.write("marked %d\n" % time.monotonic_ns())
            loaderscope.mark("checkpoint")
            time.sleep(0.15)
    print(seen)


if __name__ == "__main__":
    main()

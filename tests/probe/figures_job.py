# SPDX-License-Identifier: MIT
"""A PyTorch job that records its own ground truth for test_figures: every sample carries its
dataset index, the worker that fetched it and when its __getitem__ (or the iterable's step) began
and ended (CLOCK_MONOTONIC ns), so the main process knows, per delivered batch, which worker made
it, its first sample and how long each worker spent fetching. The loop's own span (from the first
next() to the end of the last step) is measured here too. Written to --truth as JSON.
"""

import argparse
import json
import time

import torch
from torch.utils.data import DataLoader, Dataset, IterableDataset, get_worker_info


SLOW = {"worker": None, "us": 0}  # --slow-worker: that worker's samples sleep --slow-us instead


def sample(i, sleep_us):
    t0 = time.monotonic_ns()
    info = get_worker_info()
    if info is not None and info.id == SLOW["worker"]:
        sleep_us = SLOW["us"]
    if sleep_us:
        time.sleep(sleep_us * 1e-6)  # the workload: a sample's I/O, what the figures measure (no wait on anything)
    return torch.tensor([i, info.id if info is not None else -1, t0, time.monotonic_ns()], dtype=torch.int64)


class MapData(Dataset):
    def __init__(self, n, sleep_us):
        self.n, self.sleep_us = n, sleep_us

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return sample(i, self.sleep_us)


class StreamData(IterableDataset):
    """Sharded by worker id: worker k yields k, k+N, ... (N workers)."""

    def __init__(self, n, sleep_us):
        self.n, self.sleep_us = n, sleep_us

    def __iter__(self):
        info = get_worker_info()
        start, step = (info.id, info.num_workers) if info is not None else (0, 1)
        for i in range(start, self.n, step):
            yield sample(i, self.sleep_us)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dataset", default="map", choices=["map", "iterable"])
    p.add_argument("--length", type=int, default=64)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=4)
    p.add_argument("--sleep-us", type=float, default=0)
    p.add_argument("--step-us", type=float, default=0)
    p.add_argument("--shuffle", action="store_true")
    p.add_argument("--slow-worker", type=int, default=None)
    p.add_argument("--slow-us", type=float, default=0)
    p.add_argument("--truth", required=True)
    a = p.parse_args()
    SLOW.update(worker=a.slow_worker, us=a.slow_us)  # set before the workers fork
    ds = MapData(a.length, a.sleep_us) if a.dataset == "map" else StreamData(a.length, a.sleep_us)
    loader = DataLoader(ds, batch_size=a.batch_size, num_workers=a.workers, shuffle=a.shuffle,
                        generator=torch.Generator().manual_seed(3))
    batches = []
    it = iter(loader)
    t_begin = time.monotonic_ns()  # the first next(): where the probe's loop begins
    for b in it:
        rows = b.tolist()
        batches.append({"worker": rows[0][1], "indices": [r[0] for r in rows],
                        "spans_ns": [[r[2], r[3]] for r in rows]})
        if a.step_us:
            time.sleep(a.step_us * 1e-6)  # the workload: the training step's time off the CPU (no wait on anything)
    t_end = time.monotonic_ns()
    del it
    with open(a.truth, "w") as f:
        json.dump({"loop_s": (t_end - t_begin) * 1e-9, "num_workers": a.workers, "batches": batches}, f)


if __name__ == "__main__":
    main()

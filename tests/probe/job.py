# SPDX-License-Identifier: MIT
"""A real PyTorch training job for the probe's tests: run as `python3 job.py ...` and as
`python3 -m loaderscope run job.py ...`; the two must produce the same batches.

Every sample carries its dataset index and the pid of the process that fetched it, so a test can
check the probe's lanes and pids against what really happened. The batches (and any exception the
loop saw) are saved with torch.save to --out.
"""

import argparse
import os
import signal
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset, IterableDataset, get_worker_info


def busy(us):
    end = time.perf_counter() + us * 1e-6
    x = 0
    while time.perf_counter() < end:
        x += 1
    return x


class MapData(Dataset):
    def __init__(self, n, sleep_us, cpu_us, raise_at, kill_at, hang_at, tensor_only=False):
        self.n, self.sleep_us, self.cpu_us, self.tensor_only = n, sleep_us, cpu_us, tensor_only
        self.raise_at, self.kill_at, self.hang_at = raise_at, kill_at, hang_at

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i == self.raise_at:
            raise ValueError("sample %d is corrupt" % i)
        if i == self.kill_at and get_worker_info() is not None:
            os.kill(os.getpid(), signal.SIGKILL)
        if i == self.hang_at:
            time.sleep(30)
        if self.sleep_us:
            time.sleep(self.sleep_us * 1e-6)
        if self.cpu_us:
            busy(self.cpu_us)
        if self.tensor_only:  # one tensor per sample: the cheapest batch to hand to the main process
            return torch.full((64,), float(i))
        # A random draw shows that the workers' seeds are the same with and without the probe.
        return {"index": torch.tensor(i), "pid": torch.tensor(os.getpid()), "noise": torch.rand(3),
                "data": torch.full((16,), float(i))}


class BatchedData(MapData):
    """A dataset that fetches a whole batch in one call (torch calls __getitems__ when present)."""

    def __getitems__(self, indices):
        return [self[i] for i in indices]


class TrivialData(Dataset):
    """Samples that cost nothing: the probe's own cost dominates."""

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return i


class StreamData(IterableDataset):
    """Sharded by worker id: worker k yields k, k+N, ..."""

    def __init__(self, n, sleep_us):
        self.n, self.sleep_us = n, sleep_us

    def __iter__(self):
        info = get_worker_info()
        start, step = (info.id, info.num_workers) if info is not None else (0, 1)
        for i in range(start, self.n, step):
            if self.sleep_us:
                time.sleep(self.sleep_us * 1e-6)
            yield {"index": torch.tensor(i), "pid": torch.tensor(os.getpid()), "noise": torch.rand(3),
                   "data": torch.full((16,), float(i))}


def custom_collate(samples):
    # A collate_fn of the user's own: a tuple, with a tag the default collate would not make.
    return ("custom", torch.stack([s["index"] for s in samples]), torch.stack([s["pid"] for s in samples]),
            torch.stack([s["noise"] for s in samples]), torch.stack([s["data"] for s in samples]))


def init_fn(worker_id):
    # The user's worker_init_fn: must run in every worker, with its id, exactly once.
    info = get_worker_info()
    assert info is not None and info.id == worker_id
    torch.manual_seed(1000 + worker_id)  # a common pattern: it changes the worker's draws


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dataset", default="map", choices=["map", "iterable"])
    p.add_argument("--length", type=int, default=64)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--persistent", action="store_true")
    p.add_argument("--collate", default="default", choices=["default", "custom"])
    p.add_argument("--init-fn", action="store_true")
    p.add_argument("--pin-memory", action="store_true")
    p.add_argument("--shuffle", action="store_true")
    p.add_argument("--raise-at", type=int, default=-1)
    p.add_argument("--kill-at", type=int, default=-1)
    p.add_argument("--hang-at", type=int, default=-1)
    p.add_argument("--start-method", default=None)
    p.add_argument("--out-of-order", action="store_true", help="DataLoader(in_order=False) (torch 2.6 and later)")
    p.add_argument("--sleep-us", type=float, default=0)
    p.add_argument("--cpu-us", type=float, default=0)
    p.add_argument("--step-us", type=float, default=0)
    p.add_argument("--timeout", type=float, default=0)
    p.add_argument("--continue-on-error", action="store_true")
    p.add_argument("--exit-code", type=int, default=0)
    p.add_argument("--trivial", action="store_true")
    p.add_argument("--tensor-only", action="store_true")
    p.add_argument("--getitems", action="store_true")
    p.add_argument("--out", default=None)
    a = p.parse_args()

    torch.manual_seed(0)
    if a.trivial:
        ds = TrivialData(a.length)
    elif a.dataset == "map":
        ds = (BatchedData if a.getitems else MapData)(a.length, a.sleep_us, a.cpu_us, a.raise_at, a.kill_at, a.hang_at, a.tensor_only)
    else:
        ds = StreamData(a.length, a.sleep_us)
    kwargs = {}
    if a.workers > 0:
        kwargs["persistent_workers"] = a.persistent
        if a.start_method:
            kwargs["multiprocessing_context"] = a.start_method
        if a.timeout:
            kwargs["timeout"] = a.timeout
        if a.out_of_order:
            kwargs["in_order"] = False
    loader = DataLoader(ds, batch_size=a.batch_size, shuffle=a.shuffle, num_workers=a.workers,
                        collate_fn=custom_collate if a.collate == "custom" else None,
                        worker_init_fn=init_fn if a.init_fn else None, pin_memory=a.pin_memory,
                        generator=torch.Generator().manual_seed(7), **kwargs)
    batches, errors = [], []
    for epoch in range(a.epochs):
        it = iter(loader)
        while True:
            try:
                b = next(it)
            except StopIteration:
                break
            except Exception as e:
                errors.append((type(e).__name__, str(e).splitlines()[0]))
                if not a.continue_on_error:
                    if a.out:
                        torch.save({"batches": batches, "errors": errors}, a.out)
                    raise
                continue
            batches.append((epoch, b))
            if a.step_us:
                time.sleep(a.step_us * 1e-6)
        del it
    if a.out:
        torch.save({"batches": batches, "errors": errors}, a.out)
    print("batches %d" % len(batches))
    sys.exit(a.exit_code)


if __name__ == "__main__":
    main()

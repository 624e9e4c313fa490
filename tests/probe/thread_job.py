# SPDX-License-Identifier: MIT
"""DataLoaders iterated on threads: one on a threading.Thread, one on the main thread at the same
time, each with 2 workers for EPOCHS epochs (new workers every epoch, so iterators are built on
both threads at once). Prints, per loader, the sum of what it delivered (the same with and without
the probe)."""

import sys
import threading

import torch
from torch.utils.data import DataLoader, Dataset

EPOCHS = 6
LENGTH = 32


class Data(Dataset):
    def __init__(self, base):
        self.base = base

    def __len__(self):
        return LENGTH

    def __getitem__(self, i):
        return torch.tensor([self.base + i])


def iterate(name, totals):
    # Each loader draws its workers' base seed from a generator of its own: drawn from the default
    # generator, the other thread may hold that generator's lock (inside random_, the GIL let go)
    # while this one forks, and the new worker then blocks forever in torch.manual_seed on the lock
    # it inherited held (torch's own hazard with threads and fork, seen as a hang 1 run in 50 here
    # under load, with or without the probe's timing).
    loader = DataLoader(Data(1000 if name == "thread" else 0), batch_size=4, num_workers=2, generator=torch.Generator())
    total = 0
    for _ in range(EPOCHS):
        for b in loader:
            total += int(b.sum())
    totals[name] = total


if __name__ == "__main__":
    totals = {}
    t = threading.Thread(target=iterate, args=("thread", totals))
    t.start()
    iterate("main", totals)
    t.join()
    print("main %d thread %d" % (totals["main"], totals["thread"]))
    sys.stdout.flush()

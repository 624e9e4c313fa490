# SPDX-License-Identifier: MIT
"""A train and a val loader, both with persistent workers, alternating over 2 epochs: their workers
are alive at the same time, so the probe must give them distinct lanes (one writer per ring).
Saves, per loader, the pids that fetched each epoch's samples to OUT (JSON)."""

import json
import os
import sys

import torch
from torch.utils.data import DataLoader, Dataset


class Data(Dataset):
    def __init__(self, n, base):
        self.n, self.base = n, base

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return torch.tensor([self.base + i, os.getpid()])


if __name__ == "__main__":
    train = DataLoader(Data(48, 0), batch_size=4, num_workers=2, persistent_workers=True)
    val = DataLoader(Data(24, 1000), batch_size=4, num_workers=2, persistent_workers=True)
    seen = {"train": [], "val": []}
    for epoch in range(2):
        for name, loader in (("train", train), ("val", val)):
            for b in loader:
                seen[name] += [[epoch] + row for row in b.tolist()]
    with open(sys.argv[1], "w") as f:
        json.dump(seen, f)

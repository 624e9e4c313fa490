#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The same trivial configuration through the real torch DataLoader, for a baseline measured in the
same benchmark run: 64-byte samples, batch 64, no latency, 2 workers. Prints batches/s as JSON."""
import json
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Trivial(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return torch.empty(16, dtype=torch.float32)  # 64 bytes


def main():
    batches = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    loader = DataLoader(Trivial(batches * 64), batch_size=64, num_workers=2)
    it = iter(loader)
    next(it)  # start-up is not part of the rate
    t0 = time.perf_counter()
    n = 0
    for _ in it:
        n += 1
    dt = time.perf_counter() - t0
    print(json.dumps({"torch_version": torch.__version__, "batches": n, "batches_per_s": n / dt}))


if __name__ == "__main__":
    main()

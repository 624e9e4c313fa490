# SPDX-License-Identifier: MIT
"""A small, real PyTorch training loop to try Loaderscope's probe on.

    python3 examples/train_loader.py --starved      # the loop waits for its data
    python3 examples/train_loader.py --well-fed     # the workers keep up; the step is the limit

Watch it live: File ▸ Watch a Python script… in the app, or

    python3 -m loaderscope run --summary summary.json examples/train_loader.py --starved

Each sample reads "a file" (a sleep: time off the CPU, as for a disk or network) and decodes it
(a loop on the CPU); the training step is a matrix product on the CPU.
"""

import argparse
import time

import torch
from torch.utils.data import DataLoader, Dataset


def spin(seconds):
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


class Images(Dataset):
    def __init__(self, n, read_ms, decode_ms):
        self.n, self.read_ms, self.decode_ms = n, read_ms, decode_ms

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        time.sleep(self.read_ms / 1000)    # read the file
        spin(self.decode_ms / 1000)        # decode it
        return torch.full((3, 32, 32), float(i % 255) / 255), i % 10


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--starved", action="store_true", help="slow samples, 2 workers, a quick step (default)")
    mode.add_argument("--well-fed", action="store_true", help="quick samples, 4 workers, a slower step")
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--samples", type=int, default=2048)
    args = p.parse_args()
    if args.well_fed:
        data, workers, step_ms = Images(args.samples, read_ms=0.5, decode_ms=0.1), 4, 12
    else:
        data, workers, step_ms = Images(args.samples, read_ms=4.0, decode_ms=0.3), 2, 3
    loader = DataLoader(data, batch_size=32, shuffle=True, num_workers=workers, persistent_workers=False)
    weights = torch.randn(3 * 32 * 32, 10)
    for epoch in range(args.epochs):
        started = time.perf_counter()
        for images, labels in loader:
            logits = images.flatten(1) @ weights   # the training step (forward only, on the CPU)
            spin(step_ms / 1000)
        print("epoch %d: %.2f s" % (epoch, time.perf_counter() - started), flush=True)


if __name__ == "__main__":
    main()

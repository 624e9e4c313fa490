# SPDX-License-Identifier: MIT
"""A job whose workers hand large tensors through /dev/shm: 40 samples of 1.6 M floats (6.4 MB
each) by default, 2 workers, batch size 1; about 35 MB of /dev/shm in flight, so it runs in
Docker's default 64 MB /dev/shm. Prints one line per batch (the same with and without the probe).

usage: shm_job.py [--floats N]
"""

import argparse

import torch
from torch.utils.data import DataLoader, Dataset


class Big(Dataset):
    def __init__(self, floats):
        self.floats = floats

    def __len__(self):
        return 40

    def __getitem__(self, i):
        return torch.full((self.floats,), float(i))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--floats", type=int, default=1_600_000)
    args = parser.parse_args()
    for b in DataLoader(Big(args.floats), batch_size=1, num_workers=2):
        print(b.shape[0], b.shape[1], float(b[:, 0].sum()))

# SPDX-License-Identifier: MIT
"""A job for the stack tests (test_stacks.py): a map dataset read by 2 workers, batch 4.

stuck   one sample (13) sleeps 60 s inside stuck_in_here(): with DataLoader(timeout=T) the job
        fails with DataLoader's own "timed out" error and exit status 1.
live    every sample sleeps 50 ms inside read_record(): a job that runs a while, named frames in
        every thread (the loop is train_loop()).

Usage: python3 stacks_job.py stuck TIMEOUT_S | live SAMPLES
"""

import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset

STUCK = 13


def stuck_in_here(seconds):
    time.sleep(seconds)  # the frame the stack must show


def read_record(i):
    time.sleep(0.05)
    return torch.tensor([i])


class Stuck(Dataset):
    def __len__(self):
        return 64

    def __getitem__(self, i):
        if i == STUCK:
            stuck_in_here(60)
        return torch.tensor([i])


class Live(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return read_record(i)


def train_loop(dataset, timeout):
    seen = 0
    for batch in DataLoader(dataset, batch_size=4, num_workers=2, timeout=timeout):
        seen += len(batch)
    return seen


if __name__ == "__main__":
    mode, value = sys.argv[1], float(sys.argv[2])
    print(train_loop(Stuck() if mode == "stuck" else Live(int(value)), value if mode == "stuck" else 0))

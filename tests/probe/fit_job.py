# SPDX-License-Identifier: MIT
"""A real PyTorch job of a chosen shape, for fitting the model to it (test_fit.py, bench_model.py).

Each sample waits --io-us off the CPU (a read: time.sleep) and burns --cpu-us of CPU; the step
waits --step-us off the CPU (a GPU step seen from the host) and burns --step-cpu-us of CPU in the
main process (a model trained on the CPU). These sleeps and busy loops are the workload measured.
--c-cpu-us burns a sample's CPU in C code that lets the GIL go (hashlib over 64 KiB blocks, as PIL
or a torch op would), not in Python.

The job times itself, the way the probe and the engine do: from the first next() to the end of the
last step. It prints one JSON line: samples, seconds, samples_per_s, data_stall (time in next()
over the loop time).

    python3 fit_job.py --workers 2 --io-us 1500 --cpu-us 400 --step-us 2000
"""

import argparse
import hashlib
import json
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset


def busy(us):
    """Burns `us` microseconds of CPU (thread time: a preempted loop burns on when it runs again)."""
    end = time.thread_time() + us * 1e-6
    x = 0
    while time.thread_time() < end:
        x += 1
    return x


BLOCK = bytes(64 * 1024)


def busy_in_c(us):
    """Burns about `us` microseconds of CPU in hashlib, which lets the GIL go for inputs over 2 KiB:
    between blocks the Python is a few bytecodes."""
    end = time.thread_time() + us * 1e-6
    while time.thread_time() < end:
        hashlib.sha256(BLOCK).digest()


class Shaped(Dataset):
    def __init__(self, n, io_us, cpu_us, floats, c_cpu_us=0):
        self.n, self.io_us, self.cpu_us, self.floats, self.c_cpu_us = n, io_us, cpu_us, floats, c_cpu_us

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if self.io_us:
            time.sleep(self.io_us * 1e-6)  # the workload: a sample's I/O off the CPU (no wait on anything)
        if self.cpu_us:
            busy(self.cpu_us)
        if self.c_cpu_us:
            busy_in_c(self.c_cpu_us)
        return torch.full((self.floats,), float(i))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--prefetch", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--samples", type=int, default=1024)
    p.add_argument("--floats", type=int, default=256, help="floats per sample (1 KiB by default)")
    p.add_argument("--io-us", type=float, default=0)
    p.add_argument("--cpu-us", type=float, default=0)
    p.add_argument("--c-cpu-us", type=float, default=0, help="a sample's CPU in C code that lets the GIL go")
    p.add_argument("--step-us", type=float, default=0)
    p.add_argument("--step-cpu-us", type=float, default=0)
    p.add_argument("--switch-interval-us", type=float, default=0,
                   help="the interpreter's GIL switch interval (sys.setswitchinterval; the workers inherit it)")
    a = p.parse_args()
    if a.switch_interval_us:
        sys.setswitchinterval(a.switch_interval_us * 1e-6)
    kwargs = {"prefetch_factor": a.prefetch} if a.workers > 0 else {}
    loader = DataLoader(Shaped(a.samples, a.io_us, a.cpu_us, a.floats, a.c_cpu_us), batch_size=a.batch_size,
                        num_workers=a.workers, **kwargs)
    samples, waiting = 0, 0.0
    it = iter(loader)
    t0 = time.perf_counter()
    while True:
        w0 = time.perf_counter()
        try:
            batch = next(it)
        except StopIteration:
            break
        waiting += time.perf_counter() - w0
        samples += batch.shape[0]
        if a.step_cpu_us:
            busy(a.step_cpu_us)
        if a.step_us:
            time.sleep(a.step_us * 1e-6)  # the workload: the step's time off the CPU (no wait on anything)
    seconds = time.perf_counter() - t0
    del it
    print(json.dumps({"samples": samples, "seconds": seconds, "samples_per_s": samples / seconds,
                      "data_stall": waiting / seconds}), flush=True)


if __name__ == "__main__":
    main()

# SPDX-License-Identifier: MIT
"""Jobs that end or split in ways the probe must survive.

usage: lifecycle_job.py os_exit   iterates a loader, prints its total, then os._exit(3)
       lifecycle_job.py fork      a multiprocessing fork child iterates its own loader while the
                                  parent iterates another; prints both totals; the child's pid
                                  goes to child.pid in the working directory
       lifecycle_job.py slow      iterates a slow loader for a long time (to be killed)
"""

import multiprocessing
import os
import sys
import time

import torch
from torch.utils.data import DataLoader, Dataset


class Data(Dataset):
    def __init__(self, base, sleep_s=0.0, n=32):
        self.base, self.sleep_s, self.n = base, sleep_s, n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if self.sleep_s:
            time.sleep(self.sleep_s)
        return torch.tensor([self.base + i])


def iterate(base, **kw):
    return sum(int(b.sum()) for b in DataLoader(Data(base, **kw), batch_size=4, num_workers=2))


def child(q):
    q.put((os.getpid(), iterate(1000)))


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "os_exit":
        print(iterate(0))
        sys.stdout.flush()
        os._exit(3)
    elif mode == "fork":
        ctx = multiprocessing.get_context("fork")
        q = ctx.SimpleQueue()
        p = ctx.Process(target=child, args=(q,))
        p.start()
        total = iterate(0)
        pid, child_total = q.get()
        p.join()
        with open("child.pid", "w") as f:
            f.write(str(pid))
        print("parent %d child %d exit %d" % (total, child_total, p.exitcode))
    elif mode == "slow":
        print(iterate(0, sleep_s=0.05, n=100000))

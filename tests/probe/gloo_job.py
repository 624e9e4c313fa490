# SPDX-License-Identifier: MIT
"""A 2-rank torch.distributed (gloo) training job on one machine (env:// rendezvous: RANK,
WORLD_SIZE, MASTER_ADDR, MASTER_PORT, as torchrun sets them): DistributedSampler splits the dataset,
every step all-reduces a tensor. Rank 1 reads its samples from a slower "disk", so it is the
straggler the other rank waits for in the all-reduce.

usage: [python3 -m loaderscope run ...] gloo_job.py OUTDIR [SAMPLES [--wait-stdin] [--epoch-gate]]
(once per rank). SAMPLES: the dataset's length (default 64). --wait-stdin: the loop starts once a
line (or the end) comes on standard input (a test attaches first, then says go), and the job ends
only once another line (or the end) comes after the loop, so a test can still reach its segment
when the loop is done. --epoch-gate: after epoch 0, "gloo_job: epoch 0 done" on stderr, then the
job waits for a line before epoch 1 (a test acts between the two epochs).
"""

import json
import os
import sys
import time

import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, Dataset, DistributedSampler


class Samples(Dataset):
    def __init__(self, n, sleep_s):
        self.n, self.sleep_s = n, sleep_s

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        time.sleep(self.sleep_s)
        return torch.tensor(i)


def main():
    out = sys.argv[1]
    samples = int(sys.argv[2]) if len(sys.argv) > 2 else 64
    wait = "--wait-stdin" in sys.argv[3:]
    epoch_gate = "--epoch-gate" in sys.argv[3:]
    # torch 2.4 and later ask for libuv's TCPStore by default; Debian's torch (2.6 on Debian 13)
    # is built without libuv and refuses it: the classic store serves two local ranks as well.
    os.environ.setdefault("USE_LIBUV", "0")
    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    ds = Samples(samples, 0.004 if rank == 1 else 0.0005)
    if wait:
        sys.stdin.readline()  # the test's "go", once it watches the ranks (or its end: EOF)
    sampler = DistributedSampler(ds, shuffle=True, seed=5)
    loader = DataLoader(ds, batch_size=4, sampler=sampler, num_workers=1)
    seen = []
    for epoch in range(2):
        if epoch == 1 and epoch_gate:
            sys.stderr.write("gloo_job: epoch 0 done\n")
            sys.stderr.flush()
            sys.stdin.readline()
        sampler.set_epoch(epoch)
        for batch in loader:
            seen.append((epoch, batch.tolist()))
            t = torch.ones(1)
            dist.all_reduce(t)
            assert t.item() == world
    if wait:
        sys.stdin.readline()  # the test's "end" (or its end of input)
    with open(os.path.join(out, "seen_rank%d.json" % rank), "w") as f:
        json.dump(seen, f)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()

# SPDX-License-Identifier: MIT
"""loaderscope.watch() in code, with a probe fault injected by the test (mode), next to an
unwatched loader. Saves the batches of both to OUT; the test compares them.

usage: watch_job.py MODE OUT [SUMMARY]
  clean         watch one loader, leave the other alone
  main_fault    the main-process hook that records a delivery raises (a probe bug)
  worker_fault  the workers' task hook raises (a probe bug inside each worker)
  old_torch     torch says it is 1.12: the probe must refuse and change nothing
  signal_in_hook  the job's own signal handler raises while a probe hook runs (the third
                delivery): the job must get its exception, the probe must stay on
  missing_hook  torch's worker loop has a shape the probe does not know (no named parameters):
                the probe must refuse, naming it; torch itself still works
"""

import sys

import torch
from torch.utils.data import DataLoader

import loaderscope

mode, out = sys.argv[1], sys.argv[2]
summary = sys.argv[3] if len(sys.argv) > 3 else None

if mode == "main_fault":
    import loaderscope._iterctx as ic

    def broken(self, it, data):
        raise RuntimeError("injected probe fault")
    ic.IterCtx.after_next = broken
elif mode == "worker_fault":
    import loaderscope._worker as w

    def broken(self, r):
        raise RuntimeError("injected worker probe fault")
    w.WorkerSide.on_task = broken
elif mode == "signal_in_hook":
    import os
    import signal

    import loaderscope._iterctx as ic

    class JobSignal(RuntimeError):
        pass

    def on_usr1(signum, frame):
        raise JobSignal("the job's SIGUSR1 handler")
    signal.signal(signal.SIGUSR1, on_usr1)
    _after_next = ic.IterCtx.after_next
    deliveries = [0]

    def after_next(self, it, data):
        deliveries[0] += 1
        if deliveries[0] == 3:
            os.kill(os.getpid(), signal.SIGUSR1)  # the handler runs inside this hook
        return _after_next(self, it, data)
    ic.IterCtx.after_next = after_next
elif mode == "old_torch":
    torch.__version__ = "1.12.1"
elif mode == "missing_hook":
    import torch.utils.data._utils.worker as wm
    _original_loop = wm._worker_loop

    def _worker_loop(*args, **kwargs):
        return _original_loop(*args, **kwargs)
    wm._worker_loop = _worker_loop


def make():
    data = [torch.full((4,), float(i)) for i in range(96)]
    return DataLoader(data, batch_size=8, shuffle=True, num_workers=2,
                      generator=torch.Generator().manual_seed(3))


if __name__ == "__main__":
    loaderscope.start(summary=summary)
    watched = loaderscope.watch(make())
    other = make()
    assert watched is not None
    first, signalled = [], []
    it = iter(watched)
    while True:
        try:
            first.append(next(it).clone())
        except StopIteration:
            break
        except RuntimeError as e:
            signalled.append(str(e))  # this batch was lost with the exception; the loader goes on
    got = {"watched": first, "other": [b.clone() for b in other],
           "again": [b.clone() for b in watched], "segment": loaderscope.segment_name(),
           "signalled": signalled}
    torch.save(got, out)

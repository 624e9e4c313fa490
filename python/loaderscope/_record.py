# SPDX-License-Identifier: MIT
"""What the summary keeps of one watched DataLoader: its knobs and what it delivered.

The session (_session.py) owns the records; the iterator context (_iterctx.py) counts into them.
Both import this module, and it imports neither, so the two point one way: _iterctx -> _session.
"""

import sys


class LoaderRecord:
    """One watched DataLoader, for the summary: its knobs and what it delivered (kept after the
    loader itself is gone)."""

    def __init__(self, loader, hooks, index):
        self.index = index
        self.epochs = 0
        self.worker_pids = []          # per epoch
        self.batches = 0
        self.samples = 0
        self.bytes_measured = 0        # tensor bytes of the measured batches
        self.samples_measured = 0      # samples in the measured batches
        # Steps left until the one whose run-queue wait the loop's thread reads (_iterctx's
        # RUN_QUEUE_EVERY): counted over the loader's whole life, so a new iterator's first step
        # is not always the one.
        self.runq_ticks = 1
        self.knobs = read_knobs(loader, hooks)


def read_knobs(loader, hooks):
    torch = hooks.torch
    nw = int(loader.num_workers)
    pf = getattr(loader, "prefetch_factor", None)
    if pf is None and nw > 0:
        pf = 2
    sampler = getattr(loader, "sampler", None)
    shuffle = isinstance(sampler, torch.utils.data.RandomSampler)
    distributed = None
    if isinstance(sampler, torch.utils.data.distributed.DistributedSampler):
        shuffle = bool(getattr(sampler, "shuffle", True))
        distributed = {"num_replicas": int(sampler.num_replicas), "rank": int(sampler.rank),
                       "seed": int(getattr(sampler, "seed", 0)), "drop_last": bool(sampler.drop_last)}
    ctx = getattr(loader, "multiprocessing_context", None)
    if ctx is None:
        method = torch.multiprocessing.get_start_method(allow_none=True) or "fork"
    elif isinstance(ctx, str):
        method = ctx
    else:
        method = ctx.get_start_method()
    iterable = loader._dataset_kind == hooks.DatasetKind.Iterable
    try:
        length = len(loader.dataset)
    except Exception:
        length = None
    return {
        "batch_size": loader.batch_size,
        "num_workers": nw,
        "prefetch_factor": pf,
        "pin_memory": bool(loader.pin_memory),
        "persistent_workers": bool(loader.persistent_workers),
        "in_order": bool(getattr(loader, "in_order", True)),
        "drop_last": bool(loader.drop_last),
        "shuffle": shuffle,
        "distributed_sampler": distributed,
        "timeout_s": float(loader.timeout),
        "start_method": method,
        # The interpreter's GIL switch interval (a fork-started worker inherits it): how long the
        # thread that hands a batch's descriptors over waits for a worker's busy Python.
        "switch_interval_s": sys.getswitchinterval(),
        "dataset_kind": "iterable" if iterable else "map",
        "dataset_length": length,
        "dataset_type": type(loader.dataset).__name__,
        "collate_fn": getattr(loader.collate_fn, "__name__", type(loader.collate_fn).__name__),
        "worker_init_fn": None if loader.worker_init_fn is None else
        getattr(loader.worker_init_fn, "__name__", type(loader.worker_init_fn).__name__),
    }

# SPDX-License-Identifier: MIT
"""The end of a loaderscope.step() block: the Step span, and with CUDA the block's GPU time.

CUDA events time the GPU work between the block's start and end on the current stream. The GPU
clock is not the host clock: the Kernel span starts at the host time the block began (the GPU
cannot have started earlier) and lasts the measured GPU time. Events are read without blocking,
once they have completed, at the end of later steps and at the end of the run."""

import sys

from . import _kinds as K
from . import _native

_pending = []  # (start event, end event, host t0, batch key)


def end_step(session, t0, start_event):
    t1 = _native.now()
    ctx = session.last_ctx
    key = ctx.last_key if ctx is not None else -1
    session.main.span(K.STEP, t0, t1, key, -1)
    if ctx is not None:
        ctx.stepped = True
    if start_event is not None:
        torch = sys.modules["torch"]
        e1 = torch.cuda.Event(enable_timing=True)
        e1.record()
        _pending.append((start_event, e1, t0, key))
    poll(session, block=False)


def poll(session, block):
    """Writes the Kernel spans of finished steps (all of them, after a synchronize, when block)."""
    keep = []
    for e0, e1, t0, key in _pending:
        if block:
            e1.synchronize()
        if not e1.query():
            keep.append((e0, e1, t0, key))
            continue
        gpu_ns = int(e0.elapsed_time(e1) * 1e6)
        session.device.span(K.KERNEL, t0, t0 + gpu_ns, key, 0, 0, K.LANE_COMPUTE)
    _pending[:] = keep

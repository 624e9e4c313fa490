# SPDX-License-Identifier: MIT
"""The pin-memory thread of a watched iterator: each batch's copy into pinned memory, a PinCopy
span on the pin lane (arg0 = bytes), from the batch taken off the workers' queue to the pinned
one put on the loop's (owned by that thread; the iterator's context, _iterctx.IterCtx, gives the
epoch and torch's types)."""

from . import _kinds as K
from . import _native
from ._batch import tensor_bytes
from ._state import fail, safe


class PinLoop:
    """The pin-memory thread's target for an instrumented iterator (a thread: never pickled)."""

    def __init__(self, original, ctx):
        self.original = original
        self.ctx = ctx

    def __call__(self, in_queue, out_queue, *args, **kwargs):
        try:
            side = PinSide(self.ctx)
            in_queue, out_queue = PinIn(in_queue, side), PinOut(out_queue, side)
        except Exception as e:
            fail(e)
        return self.original(in_queue, out_queue, *args, **kwargs)


class PinSide:
    def __init__(self, ctx):
        self.ctx = ctx
        self.writer = ctx.session.pin
        self.pending = None

    def on_get(self, r):
        self.pending = None
        if isinstance(r, tuple) and len(r) == 2 and isinstance(r[0], int) and \
                not isinstance(r[1], self.ctx.exception_type):
            self.pending = (r[0], _native.now())

    def on_put(self, r):
        if self.pending is None or not isinstance(r, tuple) or r[0] != self.pending[0]:
            return
        idx, t0 = self.pending
        self.pending = None
        if isinstance(r[1], self.ctx.exception_type):
            return  # pinning failed: torch hands its exception on, nothing was copied
        nbytes = tensor_bytes(r[1], self.ctx.torch)
        self.writer.span(K.PIN_COPY, t0, _native.now(), _native.batch_key(self.ctx.epoch, idx), nbytes, 0)


class PinIn:
    __slots__ = ("_q", "_side")

    def __init__(self, q, side):
        self._q, self._side = q, side

    def get(self, *args, **kwargs):
        r = self._q.get(*args, **kwargs)
        safe(self._side.on_get, r)
        return r

    def __getattr__(self, name):
        return getattr(self._q, name)


class PinOut:
    __slots__ = ("_q", "_side")

    def __init__(self, q, side):
        self._q, self._side = q, side

    def put(self, r, *args, **kwargs):
        safe(self._side.on_put, r)
        return self._q.put(r, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._q, name)


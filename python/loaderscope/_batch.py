# SPDX-License-Identifier: MIT
"""What the probe reads from a batch without touching it: tensor bytes and the number of samples."""

import collections.abc

_MAX_DEPTH = 6  # nested containers deeper than this are not walked (their bytes are not counted)


def _is_tensor(x, torch):
    return torch is not None and isinstance(x, torch.Tensor)


def tensor_bytes(data, torch, depth=0):
    """Bytes of every tensor in a (nested) batch: what a copy to pinned memory or a device moves."""
    if _is_tensor(data, torch):
        return data.element_size() * data.numel()
    if depth >= _MAX_DEPTH or isinstance(data, (str, bytes)):
        return 0
    if isinstance(data, collections.abc.Mapping):
        return sum(tensor_bytes(v, torch, depth + 1) for v in data.values())
    if isinstance(data, (list, tuple)):
        return sum(tensor_bytes(v, torch, depth + 1) for v in data)
    return 0


def first_tensor(data, torch, depth=0):
    if _is_tensor(data, torch):
        return data
    if depth >= _MAX_DEPTH or isinstance(data, (str, bytes)):
        return None
    if isinstance(data, collections.abc.Mapping):
        values = data.values()
    elif isinstance(data, (list, tuple)):
        values = data
    else:
        return None
    for v in values:
        t = first_tensor(v, torch, depth + 1)
        if t is not None:
            return t
    return None


def sample_count(data, torch, auto_collation, batch_size):
    """Samples in a delivered batch: 1 without auto-collation; else the leading dimension of its
    first tensor, which default_collate and most custom collate_fns stack along. Without a tensor
    (a collate_fn returning plain objects) the loader's batch_size is the best answer."""
    if not auto_collation:
        return 1
    # default_collate's batches (a tensor, or a list or tuple that starts with one) without a call:
    # this runs on the loop's thread for every batch.
    t = data[0] if type(data) in (list, tuple) and data else data
    if torch is None or type(t) is not torch.Tensor:
        t = first_tensor(data, torch)
    if t is not None and t.dim() > 0:
        return int(t.shape[0])
    return int(batch_size) if batch_size else 1

# SPDX-License-Identifier: MIT
"""A DataLoader subclass that builds its own iterators, as torchdata's StatefulDataLoader does (its
own iterator classes and worker loop), next to a plain DataLoader. Prints each loader's sum of
samples (the same with and without the probe)."""

import torch
from torch.utils.data import DataLoader


class OwnIter:
    """Yields the loader's batches through torch's own iterator, wrapped (not torch's class)."""

    def __init__(self, inner):
        self.inner = inner

    def __iter__(self):
        return self

    def __next__(self):
        return next(self.inner)


class StatefulLike(DataLoader):
    def _get_iterator(self):
        return OwnIter(super()._get_iterator())


if __name__ == "__main__":
    data = [torch.tensor([i]) for i in range(32)]
    own = sum(int(b.sum()) for b in StatefulLike(data, batch_size=4, num_workers=2))
    plain = sum(int(b.sum()) for b in DataLoader(data, batch_size=4, num_workers=2))
    print("own %d plain %d" % (own, plain))

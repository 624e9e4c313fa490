# SPDX-License-Identifier: MIT
"""A torchvision-like training job for the app's job-view tests (tst_watch): a dataset of random
"images" with a CPU transform (random resized crop, flip, normalise), a tiny CNN trained on the
CPU. torchvision itself is not needed; --torchvision uses its FakeData and PIL transforms instead
(bench_model.py, where it is installed). Its DataLoader arguments come from the command line, so
a test can check that the app shows the job's own settings.

    python3 -m loaderscope run vision_job.py --workers 2 --batch-size 16 --until /tmp/stop
    python3 -m loaderscope run vision_job.py --fail-at 40     # a corrupt sample: ValueError

--until FILE: epochs go on until FILE exists (at most --max-s seconds), so that a test can look at
the job while it certainly still runs, then end it.
"""

import argparse
import os
import time

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class RandomImages(Dataset):
    """Like torchvision's FakeData: a random 3x48x48 image and a label per index."""

    def __init__(self, n, fail_at, read_ms):
        self.n, self.fail_at, self.read_ms = n, fail_at, read_ms

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i == self.fail_at:
            raise ValueError("sample %d is corrupt" % i)
        g = torch.Generator().manual_seed(i)
        image = torch.randint(0, 256, (3, 48, 48), dtype=torch.uint8, generator=g)
        if self.read_ms:
            time.sleep(self.read_ms / 1000)  # the workload: reading the file (no wait on anything)
        return transform(image), i % 10


def transform(image):
    """RandomResizedCrop(32) + RandomHorizontalFlip + Normalize, on the CPU."""
    top, left = torch.randint(0, 17, (2,)).tolist()
    crop = image[:, top:top + 32, left:left + 32].float() / 255
    if torch.rand(()) < 0.5:
        crop = crop.flip(-1)
    return (crop - 0.5) / 0.25


def torchvision_data(n):
    """torchvision's own FakeData with PIL transforms (issue 24's job), where torchvision is installed."""
    from torchvision import datasets, transforms as T
    return datasets.FakeData(size=n, image_size=(3, 64, 64), num_classes=10,
                             transform=T.Compose([T.RandomResizedCrop(32), T.RandomHorizontalFlip(), T.ToTensor(),
                                                  T.Normalize((0.5, 0.5, 0.5), (0.25, 0.25, 0.25))]))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--samples", type=int, default=256)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--pin-memory", action="store_true")
    p.add_argument("--read-ms", type=float, default=2.0)
    p.add_argument("--fail-at", type=int, default=-1)
    p.add_argument("--until", default="")
    p.add_argument("--max-s", type=float, default=60)
    p.add_argument("--torchvision", action="store_true", help="torchvision's FakeData and PIL transforms")
    args = p.parse_args()
    data = torchvision_data(args.samples) if args.torchvision else RandomImages(args.samples, args.fail_at, args.read_ms)
    loader = DataLoader(data, batch_size=args.batch_size, shuffle=True, num_workers=args.workers,
                        pin_memory=args.pin_memory, persistent_workers=args.workers > 0)
    model = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10))
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    started = time.monotonic()
    epoch = 0
    while True:
        for images, labels in loader:
            opt.zero_grad()
            nn.functional.cross_entropy(model(images), labels).backward()
            opt.step()
        epoch += 1
        print("epoch %d done" % epoch, flush=True)
        if args.until:
            if os.path.exists(args.until) or time.monotonic() - started > args.max_s:
                break
        elif epoch >= args.epochs:
            break


if __name__ == "__main__":
    main()

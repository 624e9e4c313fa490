# SPDX-License-Identifier: MIT
"""A script that reports how it was run: `python3 cli_job.py` and `python3 -m loaderscope run
cli_job.py` must print the same report and exit with the same status."""

import json
import os
import sys

import cli_sibling  # found through sys.path[0], the script's directory

if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "report"
    print(json.dumps({"argv": sys.argv, "name": __name__, "file": __file__, "path0": sys.path[0],
                      "sibling": cli_sibling.VALUE, "main_file": sys.modules["__main__"].__file__,
                      "main_is_globals": sys.modules["__main__"].__dict__ is globals()}))
    sys.stdout.flush()
    if mode == "exit":
        sys.exit(int(sys.argv[2]))
    if mode == "raise":
        def inner():
            raise KeyError("no such sample: %s" % sys.argv[2])
        inner()
    if mode == "wait":
        import time
        import torch
        from torch.utils.data import DataLoader
        loader = DataLoader(list(range(100000)), batch_size=1, num_workers=1)
        for _ in loader:
            time.sleep(0.01)

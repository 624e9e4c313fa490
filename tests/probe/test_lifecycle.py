# SPDX-License-Identifier: MIT
"""The probe's life in odd jobs: DataLoaders on threads; a job SIGKILLed or ended by os._exit (its
temporary files are removed by the next run); a DataLoader iterated in a multiprocessing fork child
(its own outputs, suffixed .pid<PID>).

Usage: python3 test_lifecycle.py CASE
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import (HERE, all_pids, check, check_no_leftovers, main, run_job)  # noqa: E402

THREAD_JOB = os.path.join(HERE, "thread_job.py")


def case_thread_loader(tmp):
    """A loader on a threading.Thread while another runs on the main thread: both recorded, their
    workers' lanes too, and no "probe disabled"."""
    plain = run_job(os.path.join(tmp, "plain"), [], probe=False, job=THREAD_JOB)
    probed = run_job(os.path.join(tmp, "probe"), [], probe=True, job=THREAD_JOB)
    check(plain.rc == 0 and probed.rc == 0, "exit status %d plain, %d under the probe" % (plain.rc, probed.rc))
    check(plain.stdout == probed.stdout, "output differs: %r / %r" % (plain.stdout, probed.stdout))
    disabled = [l for l in probed.stderr.splitlines() if "probe disabled" in l]
    check(not disabled, "the probe disabled itself: %r" % disabled)
    s = probed.summary
    epochs, length, batch = 6, 32, 4
    check(len(s["loaders"]) == 2 and all(l["epochs"] == epochs and l["batches"] == epochs * length // batch
                                         for l in s["loaders"]), "loaders: %r" % s["loaders"])
    check(s["batches"] == 2 * epochs * length // batch, "summary batches %d" % s["batches"])
    starts = probed.of("WorkerStart")
    check(len(starts) == 2 * epochs * 2, "%d WorkerStart events, expected %d" % (len(starts), 2 * epochs * 2))
    fetched = probed.of("Fetch")
    check(len(fetched) == 2 * epochs * length, "%d samples recorded by the workers, expected %d" %
          (len(fetched), 2 * epochs * length))
    check_no_leftovers(probed, all_pids(probed))


CASES = {
    "thread_loader": case_thread_loader,
}

if __name__ == "__main__":
    sys.exit(main(CASES))

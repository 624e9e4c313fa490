# SPDX-License-Identifier: MIT
"""Two ranks of a real gloo job under the probe: one segment, one summary and one event file per
rank, with the rank in the segment header and the summary; the slower rank shows as the more
input-bound one.

The ranks are launched as torchrun launches them (RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR,
MASTER_PORT; env:// rendezvous), each `python3 -m loaderscope run gloo_job.py`. torchrun itself
(`torchrun -m loaderscope run ...`) cannot start anything with Debian's torch 1.13 on Python 3.11:
Std.from_str() iterates an IntFlag, which no longer yields the 0 member (redirects="0" -> None).

Usage: python3 test_gloo.py two_ranks
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import (HERE, PYTHON, SEGMENT_RE, check, check_no_leftovers, finish_ranks, free_port, load_summary,  # noqa: E402
                       main, native)


def case_two_ranks(tmp):
    port = str(free_port())
    procs = []
    for rank in (0, 1):
        cmd = [PYTHON, "-m", "loaderscope", "run", "--summary", os.path.join(tmp, "summary.json"),
               "--events", os.path.join(tmp, "events.bin"), os.path.join(HERE, "gloo_job.py"), tmp]
        env = dict(os.environ, RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE="2", LOCAL_WORLD_SIZE="2",
                   MASTER_ADDR="127.0.0.1", MASTER_PORT=port, OMP_NUM_THREADS="1")
        procs.append(subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env))
    headers, lines = {}, []

    def read(_, p):  # each rank's segment header, read while the rank runs
        for line in p.stderr:
            lines.append(line)
            m = SEGMENT_RE.match(line.strip())
            if m:
                try:
                    headers[m.group(1)] = native.Reader(m.group(1)).info()
                except RuntimeError as e:
                    headers[m.group(1)] = {"error": str(e)}
    finish_ranks(procs, read)
    err = "".join(lines)
    check(all(p.returncode == 0 for p in procs), "a rank failed:\n" + err[-3000:])
    segs = SEGMENT_RE.findall(err)
    check(len(segs) == 2 and {s[2] for s in segs} == {"0", "1"} and {s[3] for s in segs} == {"2"},
          "segment lines %r" % segs)
    for name, pid, rank, world, _ in segs:
        h = headers[name]
        check(h.get("rank") == int(rank) and h.get("world_size") == 2 and h.get("source") == "probe" and
              h.get("program", "").endswith("gloo_job.py") and h.get("creator_pid") == int(pid),
              "header of %s: %r" % (name, h))

    summaries, seen = {}, {}
    for rank in (0, 1):
        summaries[rank] = load_summary(os.path.join(tmp, "summary.rank%d.json" % rank))
        with open(os.path.join(tmp, "seen_rank%d.json" % rank)) as f:
            seen[rank] = json.load(f)
        s = summaries[rank]
        check(s["rank"] == rank and s["world_size"] == 2, "summary rank %r" % s["rank"])
        slow = s["slowest_samples"]
        check(slow and all(x.get("rank") == rank for x in slow), "rank %d: its slow samples name another rank: %r" % (rank, slow[:2]))
        check(s["samples"] == 64 and s["batches"] == 16, "rank %d: %d samples" % (rank, s["samples"]))
        d = s["observed"]["sampler"]
        check(d and d["num_replicas"] == 2 and d["rank"] == rank, "rank %d sampler %r" % (rank, d))
        header, events = native.read_events_file(os.path.join(tmp, "events.rank%d.bin" % rank))
        fetched = sorted(e[3] for e in events if e[5] == native.KINDS["Fetch"] and e[6] == 0)
        real = sorted(i for _, b in seen[rank] for i in b)
        check(fetched == real, "rank %d: the worker lane's samples are not the rank's" % rank)
        check_no_leftovers(type("R", (), {"segments": [(n,) for n, *_ in segs]}),
                           [p for e in s["worker_pids"] for p in e])
    for epoch in (0, 1):
        a = {i for e, b in seen[0] if e == epoch for i in b}
        b = {i for e, b in seen[1] if e == epoch for i in b}
        check(not (a & b) and a | b == set(range(64)), "epoch %d: the ranks' samples overlap or miss" % epoch)
    stall = [summaries[r]["data_stall_fraction"] for r in (0, 1)]
    check(stall[1] > stall[0], "the slow-disk rank is not the more input-bound one: %r" % stall)
    print("data_stall_fraction per rank: %r; samples/s: %r" %
          (stall, [summaries[r]["samples_per_s"] for r in (0, 1)]))


if __name__ == "__main__":
    sys.exit(main({"two_ranks": case_two_ranks}))

# SPDX-License-Identifier: MIT
"""Hook details: the live segment read with the engine's EventReader while a job runs, two loaders
whose workers live at the same time, the pin-memory thread's hook on torch's own _pin_memory_loop,
a dataset with __getitems__, sampled per-sample recording.

Usage: python3 test_hooks.py CASE
"""

import json
import os
import queue
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import (HERE, JOB, KIND, PYTHON, SEGMENT_RE, Event, all_pids, check,  # noqa: E402
                       check_no_leftovers, check_same_batches, main, native, run_both, run_job)


def case_live_segment(tmp):
    """Every event read live from the segment (as the app reads it), none lost, header filled."""
    out = os.path.join(tmp, "out.pt")
    p = subprocess.Popen([PYTHON, "-m", "loaderscope", "run", JOB, "--workers", "2", "--length", "96",
                          "--sleep-us", "4000", "--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    m = SEGMENT_RE.match(line.strip())
    check(m is not None, "first stderr line is not the segment line: %r" % line)
    name, pid = m.group(1), int(m.group(2))
    reader = native.Reader(name)
    info = reader.info()
    listed = [i for i in native.list_segments() if i["name"] == name]
    check(len(listed) == 1 and listed[0]["source"] == "probe" and listed[0]["pid"] == pid and
          listed[0]["program"] == JOB, "the live-segment list: %r" % listed)
    events = []
    while p.poll() is None:
        events += [Event(*e) for e in reader.drain()]
        time.sleep(0.005)
    events += [Event(*e) for e in reader.drain()]
    rest = p.stderr.read()
    p.stderr.close()
    check(p.returncode == 0, "the job failed:\n" + rest[-2000:])
    check(info["source"] == "probe" and info["creator_pid"] == pid == p.pid and info["program"] == JOB and
          info["rank"] == -1 and info["layout_version"] == native.LAYOUT_VERSION and info["start_unix_ns"] > 0,
          "header %r" % info)
    check(reader.info()["lanes_used"] == 2, "lanes_used %r" % reader.info()["lanes_used"])
    check(reader.lost == 0, "events lost by a live reader: %d" % reader.lost)
    import torch
    batches = torch.load(out)["batches"]
    for lane in (0, 1):
        fetched = sorted(e.arg0 for e in events if e.kind == KIND["Fetch"] and e.lane == lane)
        pids = {e.arg0 for e in events if e.kind == KIND["WorkerStart"] and e.lane == lane}
        real = sorted(i for _, b in batches for i, q in zip(b["index"].tolist(), b["pid"].tolist()) if q in pids)
        check(fetched and fetched == real, "lane %d: live Fetch spans %r, samples %r" % (lane, fetched, real))
    check(sum(1 for e in events if e.kind == KIND["Deliver"]) == len(batches), "Deliver events read live")
    check(not os.path.exists("/dev/shm/" + name), "segment left behind")


def case_two_loaders_alive(tmp):
    out = os.path.join(tmp, "seen.json")
    r = run_job(os.path.join(tmp, "probe"), [out], probe=True, job=os.path.join(HERE, "two_loaders_job.py"))
    check(r.rc == 0, "the job failed:\n" + r.stderr[-2000:])
    with open(out) as f:
        seen = json.load(f)
    starts = r.of("WorkerStart")
    lane_of = {e.arg0: e.lane for e in starts}
    check(len(starts) == 4 and len(set(lane_of.values())) == 4, "4 persistent workers, 4 lanes: %r" % lane_of)
    for name, base in (("train", 0), ("val", 1000)):
        lanes = {lane_of[pid] for _, _, pid in seen[name]}
        check(len(lanes) == 2, "%s used lanes %r" % (name, lanes))
        for lane in lanes:
            got = sorted(e.arg0 for e in r.of("Fetch", lane))
            real = sorted(i - base for _, i, pid in seen[name] if lane_of[pid] == lane)
            check(got == real, "%s lane %d: Fetch spans %r, samples %r" % (name, lane, got, real))
    check(len(r.summary["loaders"]) == 2 and r.summary["num_workers"] == 4, "summary loaders/lanes")
    check_no_leftovers(r, all_pids(r))


def case_pin_memory_loop(tmp):
    """The pin thread's hook around torch's own _pin_memory_loop (CPU torch: device -1, and data
    without tensors pins to itself; a tensor fails to pin and passes on as torch's exception)."""
    import torch
    from torch.utils.data import DataLoader
    from torch.utils.data._utils import pin_memory as pm
    import loaderscope
    from loaderscope import _iterctx
    from loaderscope._state import STATE
    loaderscope.start()
    check(STATE.installed and STATE.session is not None, "probe not started: %r" % STATE.disabled)
    loader = DataLoader(list(range(8)), batch_size=2)
    session = STATE.session
    ctx = _iterctx.IterCtx(session, session.record_for(loader, STATE.hooks), loader, STATE.hooks, 3)
    loop = _iterctx.PinLoop(pm._pin_memory_loop, ctx)
    inq, outq, done = queue.Queue(), queue.Queue(), threading.Event()
    t = threading.Thread(target=loop, args=(inq, outq, -1, done, None))
    t.start()
    reader = native.Reader(session.name)
    inq.put((0, {"a": [1, 2], "b": "text"}))
    inq.put((1, torch.ones(3)))
    first, second = outq.get(timeout=10), outq.get(timeout=10)
    done.set()
    t.join()
    check(first == (0, {"a": [1, 2], "b": "text"}), "pinned data changed: %r" % (first,))
    pinned_ok = not isinstance(second[1], STATE.hooks.ExceptionWrapper)
    pins = [Event(*e) for e in reader.drain() if e[5] == KIND["PinCopy"]]
    expected = {0, 1} if pinned_ok else {0}
    check({native.batch_key(3, i) for i in expected} == {e.batch for e in pins} and
          all(e.lane == native.LANE_PIN for e in pins), "PinCopy events %r" % pins)
    if pinned_ok:
        check([e.arg0 for e in pins if e.batch == native.batch_key(3, 1)] == [12], "pinned bytes")
    session.finish()


def case_getitems_dataset(tmp):
    """A dataset with __getitems__ (one call per batch): batches unchanged, one span per sample."""
    plain, probed = run_both(tmp, ["--workers", "2", "--getitems"])
    out = check_same_batches(plain, probed)
    fetched = sorted(e.arg0 for e in probed.of("Fetch"))
    check(fetched == list(range(64)), "Fetch spans %r" % fetched)
    check(probed.summary["samples"] == 64 and sum(w["samples"] for w in probed.summary["workers"]) == 64,
          "samples per worker")
    check(len(out["batches"]) == 8, "batches")


def case_sampled_recording(tmp):
    """--sample-every 4: one span in 4, standing for 4; the figures still count every sample."""
    plain = run_job(os.path.join(tmp, "plain"), ["--workers", "2"], probe=False)
    probed = run_job(os.path.join(tmp, "probe"), ["--workers", "2"], probe=True, probe_opts=["--sample-every", "4"])
    check_same_batches(plain, probed)
    spans = probed.of("Fetch")
    check(len(spans) == 16 and all(e.arg1 == 4 for e in spans), "%d sampled spans" % len(spans))
    s = probed.summary
    check(s["sample_every"] == 4 and sum(w["samples"] for w in s["workers"]) == 64 and s["samples"] == 64,
          "figures %r" % [w["samples"] for w in s["workers"]])


def _fetches(events):
    return [e for e in events if e.kind == KIND["Fetch"]]


def case_pending_samples(tmp):
    """The samples' times wait and reach the ring in order, before their batch's collate: kept
    in the library by the C proxies; in Python by the Python proxies, written by one C call per
    batch reading the list itself, or as a packed list where the library was given no CPython
    functions. An index that is no int64 is -1; a batch longer than FLUSH_SAMPLES is written in
    bursts of at most that many (and a few), not at its end."""
    import loaderscope._proxies as proxies
    from loaderscope import _recorder
    check(proxies.TimedDataset is not proxies.PyTimedDataset, "no C proxies on this CPython")
    modes = (("C", proxies.TimedDataset, True), ("Python", proxies.PyTimedDataset, True),
             ("Python, packed", proxies.PyTimedDataset, False))
    session = native.Session(len(modes), 1 << 14, "test_hooks")
    try:
        reader = native.Reader(session.name)
        for lane, (mode, proxy, tuples) in enumerate(modes):
            native._TUPLES, was = tuples, native._TUPLES
            try:
                writer = native.Writer(session.segment, lane)
                rec = _recorder.FetchRecorder(writer, 1)

                class Data:
                    def __getitem__(self, i):
                        return i

                    def __len__(self):
                        return 1 << 40

                data = proxy(Data(), rec)
                collate = proxies.timed_collate(lambda xs: list(xs), rec, True, data)
                rec.begin_batch(7)
                got = [data[i] for i in (5, 1 << 70, True, "a", -(1 << 63), 9)]
                check(got == [5, 1 << 70, True, "a", -(1 << 63), 9], "the dataset's answers changed: %r" % got)
                # The first sample is written at once; the rest wait for the collate.
                waiting = rec.pending_count
                check(waiting == 5, "%d samples pending before the collate (want 5; %s)" % (waiting, mode))
                collate(got)
                rec.end_batch()
                events = [Event(*e) for e in reader.drain()]
                fetches = _fetches(events)
                check([e.arg0 for e in fetches] == [5, -1, -1, -1, -(1 << 63), 9],
                      "indices %r (%s)" % ([e.arg0 for e in fetches], mode))
                check(all(e.batch == 7 and e.t0 <= e.t1 for e in fetches), "batch or times wrong: %r" % fetches)
                check(all(a.t1 <= b.t0 for a, b in zip(fetches, fetches[1:])), "samples out of order: %r" % fetches)
                collates = [i for i, e in enumerate(events) if e.kind == KIND["Collate"]]
                check(len(collates) == 1 and collates[0] > events.index(fetches[-1]),
                      "the collate is not after its samples: %r" % [e.kind for e in events])
                check(rec.samples_seen == 6, "samples_seen %d" % rec.samples_seen)
                # A batch of trivial samples with no collate: bursts bounded by FLUSH_SAMPLES.
                rec.begin_batch(8)
                n = 3 * _recorder.FLUSH_SAMPLES
                for i in range(n):
                    data[i]
                bound = _recorder.FLUSH_SAMPLES + (0 if mode == "C" else _recorder.WRAP_EVERY)
                check(rec.pending_count <= bound,
                      "%d samples pending after %d (bound %d)" % (rec.pending_count, n, bound))
                seen = len(_fetches([Event(*e) for e in reader.drain()]))
                check(seen >= n - bound, "only %d of %d samples written" % (seen, n))
                rec.end_batch()
                seen += len(_fetches([Event(*e) for e in reader.drain()]))
                check(seen == n and reader.lost == 0, "%d of %d samples written, %d lost" % (seen, n, reader.lost))
                print("%s: 6 samples in order before their collate, %d in bursts" % (mode, n))
            finally:
                native._TUPLES = was
    finally:
        session.stop_collector()
        session.unlink()


def case_slow_samples_live(tmp):
    """A worker's slow samples (40 ms each, 16 to a batch) are read live one flush at a time
    (FLUSH_NS, 50 ms), not all when their batch ends."""
    out = os.path.join(tmp, "out.pt")
    p = subprocess.Popen([PYTHON, "-m", "loaderscope", "run", JOB, "--workers", "1", "--length", "32",
                          "--batch-size", "16", "--sleep-us", "40000", "--out", out],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        m = SEGMENT_RE.match(p.stderr.readline().strip())
        check(m is not None, "no segment line")
        reader = native.Reader(m.group(1))
        # A batch's Fetch spans read so far, after each read: a count between the first sample
        # (written at once) and the last is a batch read while its worker was still in it.
        partial = set()
        fetched, collated = {}, set()
        while p.poll() is None:
            for e in (Event(*x) for x in reader.drain()):
                if e.kind == KIND["Fetch"]:
                    fetched[e.batch] = fetched.get(e.batch, 0) + 1
                elif e.kind == KIND["Collate"]:
                    collated.add(e.batch)
            partial.update(n for b, n in fetched.items() if b not in collated and 2 <= n <= 14)
            try:
                p.wait(timeout=0.005)  # the job's end, or read again
            except subprocess.TimeoutExpired:
                pass
        rest = p.stderr.read()
        check(p.wait(timeout=120) == 0, "the job failed:\n" + rest[-2000:])
        check(len(collated) == 2, "%d collates read" % len(collated))
        check(partial, "a batch's 16 slow samples were read only all at once (%r)" % fetched)
        print("a batch's samples read live while it was fetched, %s of 16 at a time" % sorted(partial))
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        p.stderr.close()


DROPPED_JOB = r"""
import sys, torch
from torch.utils.data import DataLoader, IterableDataset
class Ten(IterableDataset):
    def __iter__(self):
        return iter(range(10))
for epoch in range(2):
    print([b.tolist() for b in DataLoader(Ten(), batch_size=4, drop_last=True, num_workers=int(sys.argv[1]))])
"""


def case_dropped_last_batch(tmp):
    """A last batch torch drops (an iterable's 2 samples past the last full batch, drop_last): its
    samples were fetched and are written, with no worker (the loop's own recorder, at the epoch's
    end) and with one (the worker's end of data)."""
    job = os.path.join(tmp, "dropped.py")
    with open(job, "w") as f:
        f.write(DROPPED_JOB)
    for workers in (0, 1):
        events_path = os.path.join(tmp, "dropped-%d.lsrec" % workers)
        p = subprocess.run([PYTHON, "-m", "loaderscope", "run", "--events", events_path, job, str(workers)],
                           capture_output=True, text=True, timeout=120)
        check(p.returncode == 0, "the job failed:\n" + p.stderr[-2000:])
        check(p.stdout.splitlines() == ["[[0, 1, 2, 3], [4, 5, 6, 7]]"] * 2, "batches: %r" % p.stdout)
        _header, events = native.read_events_file(events_path)
        fetches = _fetches([Event(*e) for e in events])
        check(len(fetches) == 20, "%d workers: %d Fetch spans for the 20 samples fetched" % (workers, len(fetches)))
        print("%d workers: 20 samples fetched, 20 written (16 delivered, 4 dropped)" % workers)


CASES = {
    "pending_samples": case_pending_samples,
    "dropped_last_batch": case_dropped_last_batch,
    "slow_samples_live": case_slow_samples_live,
    "live_segment": case_live_segment,
    "two_loaders_alive": case_two_loaders_alive,
    "pin_memory_loop": case_pin_memory_loop,
    "getitems_dataset": case_getitems_dataset,
    "sampled_recording": case_sampled_recording,
}

if __name__ == "__main__":
    sys.exit(main(CASES))

# SPDX-License-Identifier: MIT
"""The C timing proxies (python/src/timed.cpp, made through CPython's stable ABI at import): they
behave as the object they stand for (answers, errors, iteration, attributes), hold no reference
too many or too few, are collected in a cycle, show the fetch in progress to the stack watch, and
count their own cost; and a job whose trivial samples they write as fast as they can loses no
event (the writers nudge the collector every eighth of a ring).

Usage: python3 test_proxies.py CASE
"""

import gc
import os
import subprocess
import sys
import threading
import time
import weakref

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import JOB, PYTHON, Event, Skip, check, load_summary, main, native  # noqa: E402

from loaderscope import _proxies as proxies  # noqa: E402
from loaderscope import _recorder  # noqa: E402


class Data:
    """A map dataset: its answers, its errors, its attributes."""

    def __init__(self):
        self.name = "data"
        self.release = threading.Event()
        self.entered = threading.Event()

    def __getitem__(self, i):
        if i == "raise":
            raise KeyError("no such sample")
        if i == "wait":
            self.entered.set()
            self.release.wait(10)
        return ("sample", i)

    def __len__(self):
        return 7


def _fetches(events):
    return [e for e in events if e.kind == native.KINDS["Fetch"]]


def check_c_collate(rec, reader, samples_proxy):
    """The C collate proxy (beside a C sample proxy): the collate_fn's answers, errors, arguments
    and attributes unchanged, references kept exactly, a Collate span per call with its samples
    (len(data) when batched; 1 otherwise or without a len), its cost counted, bound once."""
    answer = ("collated",)

    def collate_fn(data, *rest, **kw):
        if data == "raise":
            raise ValueError("cannot collate")
        return (answer, rest, kw) if rest or kw else answer
    collate_fn.note = "mine"
    c = proxies.timed_collate(collate_fn, rec, True, samples_proxy)
    check(type(c).__mro__[-2].__name__ == "TimedCall", "not the C collate: %r" % (type(c).__mro__,))
    check(type(proxies.timed_collate(collate_fn, rec, True, proxies.PyTimedDataset(Data(), rec))) is proxies.PyTimedCollate,
          "beside a Python sample proxy (its samples wait in Python) the collate must be the Python one")
    check(c.note == "mine" and c.wrapped is collate_fn, "attributes differ")
    before = sys.getrefcount(answer)
    rec.begin_batch(9)
    for _ in range(100):
        check(c([1, 2, 3]) is answer, "the answer changed")
    check(sys.getrefcount(answer) == before, "the answer's references: %d, then %d" % (before, sys.getrefcount(answer)))
    check(c([1], 2, k=3) == (answer, (2,), {"k": 3}), "arguments not passed through")
    try:
        c("raise")
        check(False, "the collate_fn's ValueError did not pass through")
    except ValueError as e:
        check("cannot collate" in str(e), "another error: %r" % e)
    c(object())  # no len: one sample
    plain = proxies.timed_collate(collate_fn, rec, False, samples_proxy)
    plain([1, 2, 3, 4])  # no auto-collation: one sample
    rec.end_batch()
    spans = [Event(*e) for e in reader.drain()]
    spans = [e for e in spans if e.kind == native.KINDS["Collate"]]
    check([e.arg0 for e in spans] == [3] * 100 + [1, 1, 1] and all(e.batch == 9 and e.t0 <= e.t1 for e in spans),
          "Collate spans (samples, batch): %r" % [(e.arg0, e.batch) for e in spans][-6:])
    check(rec.take_wrap_ns() > 0, "no cost counted for the C collate")
    try:
        c.__init__(collate_fn, rec, True)
        check(False, "a collate proxy was bound twice")
    except RuntimeError:
        pass
    c = proxies.timed_collate(lambda data: data, rec, True, samples_proxy)
    held = weakref.ref(c.wrapped)
    del c
    check(held() is None, "the collate_fn outlived its proxy")


def case_c_proxy_objects(tmp):
    """The C proxies on this CPython: same answers and errors as the dataset and the iterator,
    references kept exactly, a cycle through them collected, the fetch in progress seen from
    another thread, their cost counted."""
    check(_recorder.TIMED_TYPES is not None, "the C proxy types were not made on this CPython (%s)" % sys.version)
    check(proxies.TimedDataset is not proxies.PyTimedDataset, "TimedDataset is the Python proxy")
    session = native.Session(2, 1 << 14, "test_proxies")
    try:
        reader = native.Reader(session.name)
        writer = native.Writer(session.segment, 0)
        rec = _recorder.FetchRecorder(writer, 1)
        data = Data()
        d = proxies.TimedDataset(data, rec)
        check(type(d).__mro__[-2].__name__ == "TimedGetItem", "not the C type: %r" % (type(d).__mro__,))
        # Answers, errors and attributes as the dataset's.
        check(d[3] == ("sample", 3) and d["x"] == ("sample", "x"), "answers changed")
        try:
            d["raise"]
            check(False, "the dataset's KeyError did not pass through")
        except KeyError as e:
            check("no such sample" in str(e), "another error: %r" % e)
        check(len(d) == 7 and d.name == "data" and d.wrapped is data and repr(d) == repr(data),
              "len, attribute, wrapped or repr differ")
        check(not hasattr(d, "__getitems__"), "a dataset without __getitems__ gains one")
        # References: each answer's count as without the proxy; the dataset freed with the proxy.
        answer = ("kept",)

        class Same:
            def __getitem__(self, i):
                return answer

        s = proxies.TimedDataset(Same(), rec)
        before = sys.getrefcount(answer)
        for i in range(1000):
            s[i]
        check(sys.getrefcount(answer) == before, "the answer's references: %d, then %d" % (before, sys.getrefcount(answer)))
        held = weakref.ref(s.wrapped)
        del s
        check(held() is None, "the dataset outlived its proxy")
        # A cycle through the proxy (the dataset holds it) is collected.
        cyc = Data()
        cyc.proxy = proxies.TimedDataset(cyc, rec)
        held = weakref.ref(cyc)
        del cyc
        gc.collect()
        check(held() is None, "a dataset -> proxy -> dataset cycle was not collected")
        # The iterator: its items, then StopIteration (and again), its errors.
        it = proxies.timed_iterator(iter([1, 2, 3]), rec)
        check(type(it).__mro__[-2].__name__ == "TimedNext", "not the C iterator: %r" % (type(it).__mro__,))
        check(list(it) == [1, 2, 3], "the iterator's items changed")
        try:
            next(it)
            check(False, "no StopIteration after the end")
        except StopIteration:
            pass

        def failing():
            yield 1
            raise ValueError("broken stream")

        it = proxies.timed_iterator(failing(), rec)
        check(next(it) == 1, "first item")
        try:
            next(it)
            check(False, "the iterator's ValueError did not pass through")
        except ValueError:
            pass
        check(type(proxies.timed_iterator([1], rec)) is proxies.PyTimedIterator,
              "a list (no __next__) is given the C iterator, which could not call it")
        # The fetch in progress, seen by another thread (the stack watch's view), then cleared.
        check(rec.fetch_now() is None, "a fetch in progress before any: %r" % (rec.fetch_now(),))
        seen = []
        t = threading.Thread(target=lambda: seen.append(d["wait"]))
        t.start()
        check(data.entered.wait(10), "the slow fetch did not start")
        now = rec.fetch_now()
        data.release.set()
        t.join(10)
        check(now is not None and now[0] > 0 and now[1] == -1, "the slow fetch (index 'wait': -1) not seen: %r" % (now,))
        d[5]
        check(rec.fetch_now() is None and seen == [("sample", "wait")], "the fetch stays in progress after its end")
        # A fetch inside a fetch on the same recorder (a dataset that reads an inner DataLoader in
        # a worker, whose fetcher the same recorder times): each span has its own start and index
        # (red-team: the outer one had t0 0 and the inner's index), the outer's around the inner's.
        inner = proxies.TimedDataset(Data(), rec)

        class Outer:
            def __getitem__(self, i):
                return inner[i + 50]

        outer = proxies.TimedDataset(Outer(), rec)
        rec.flush()  # what the fetches above left waiting
        reader.drain()
        rec.begin_batch(2)
        check(outer[3] == ("sample", 53), "the nested answer changed")
        rec.end_batch()
        spans = sorted(_fetches([Event(*e) for e in reader.drain()]), key=lambda e: e.arg0)
        check([e.arg0 for e in spans] == [3, 53] and all(e.t0 > 0 for e in spans) and
              spans[0].t0 <= spans[1].t0 <= spans[1].t1 <= spans[0].t1, "nested fetches: %r" % spans[:4])
        # Bound once: a second __init__ would pull the recorder from under another thread's fetch.
        try:
            d.__init__(Data(), rec)
            check(False, "a proxy was bound twice")
        except RuntimeError:
            pass
        check(d.wrapped is data and d[1] == ("sample", 1), "a refused bind changed the proxy")
        # No sequence slots in C: iter() and `in` ask the dataset.
        seq = proxies.TimedDataset([4, 5, 6], rec)
        check(list(iter(seq)) == [4, 5, 6] and 5 in seq and 7 not in seq, "iter() or `in` differ from the list's")
        # Every sample written, in order, with its index; the wrapper's cost counted.
        rec.begin_batch(3)
        for i in range(200):
            d[i]
        rec.end_batch()
        fetches = _fetches([Event(*e) for e in reader.drain()])
        indices = [e.arg0 for e in fetches]
        check(indices[-200:] == list(range(200)), "the last 200 samples' indices: %r" % indices[-200:])
        check(all(e.t0 <= e.t1 for e in fetches), "a span ends before it starts")
        check(rec.take_wrap_ns() > 0, "no cost counted for the C proxies")
        check_c_collate(rec, reader, d)
        print("C proxies: answers, errors, references, cycle, iterator, fetch in progress, %d samples, collate"
              % len(fetches))
    finally:
        session.stop_collector()
        session.unlink()


def case_fast_writer_no_loss(tmp):
    """Trivial samples in the loop's own process, 1,024 a batch: the C proxies write a record every
    fraction of a microsecond, faster than the collector's longest pause allows for (events were
    lost in 2 of 3 runs before the writers nudged it), and in a ring of 1 Ki records faster than
    it wakes (lost before a writer waited for it to make room); none is lost now."""
    for bits, n in ((None, 400000), (10, 100000)):
        summary, events = os.path.join(tmp, "summary.json"), os.path.join(tmp, "events.bin")
        env = dict(os.environ)
        if bits:
            env["LOADERSCOPE_RING_BITS"] = str(bits)
        p = subprocess.run([PYTHON, "-m", "loaderscope", "run", "--summary", summary, "--events", events, JOB,
                            "--workers", "0", "--trivial", "--batch-size", "1024", "--length", str(n),
                            "--out", os.path.join(tmp, "out.pt")], capture_output=True, text=True, timeout=240, env=env)
        ring = "a ring of %d records" % (1 << bits) if bits else "the default ring"
        check(p.returncode == 0, "the job failed (%s):\n%s" % (ring, p.stderr[-2000:]))
        s = load_summary(summary)
        check(s["samples"] == n, "%d samples counted of %d (%s)" % (s["samples"], n, ring))
        check(s["events_lost"] == 0 and s["figures_reliable"], "events lost: %d (%s)" % (s["events_lost"], ring))
        fetches = _fetches([Event(*e) for e in native.read_events_file(events)[1]])
        check(len(fetches) == n, "%d Fetch spans recorded of %d (%s)" % (len(fetches), n, ring))
        print("%d trivial samples, %s, none lost; the probe's cost %.2f us per sample"
              % (n, ring, s["probe_cost"]["cpu_us_per_sample"]))


def _schedstat_delay():
    with open("/proc/thread-self/schedstat") as f:
        return int(f.read().split()[1])


def case_run_delay_after_fork(tmp):
    """The library's run-queue clock keeps /proc/thread-self/schedstat open per thread; a forked
    child (a DataLoader worker) inherits that file, which names its parent's thread, and must read
    its own. The parent first waits for a core long enough to tell the two apart (busy threads
    beside it on every core), then forks: the child's reading is its own thread's."""
    if not os.path.exists("/proc/thread-self/schedstat"):
        raise Skip("no /proc/thread-self/schedstat on this kernel")
    # Processes, not threads: a thread spinning in Python holds the GIL, and one waiting for the
    # GIL sleeps rather than waits for a core.
    busy = [subprocess.Popen([PYTHON, "-c", "while True: pass"]) for _ in range(2 * (os.cpu_count() or 1))]
    try:
        deadline = time.monotonic() + 60
        while _schedstat_delay() < 20_000_000 and time.monotonic() < deadline:  # 20 ms waited for a core
            sum(range(1000))
    finally:
        for p in busy:
            p.kill()
            p.wait()
    parent = native.run_delay_ns()  # opens the file in this thread, then kept
    check(parent >= 20_000_000, "the parent waited %d ns for a core, 20 ms wanted: cannot tell the threads apart" % parent)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            mine, direct = native.run_delay_ns(), _schedstat_delay()
            os.write(w, ("%d %d" % (mine, direct)).encode())
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        mine, direct = map(int, f.read().split())
    os.waitpid(pid, 0)
    print("parent %d ns; the child read %d ns, its schedstat %d ns" % (parent, mine, direct))
    check(abs(parent - direct) > 10_000_000, "the child's thread (%d ns) and its parent's (%d ns) cannot be told apart"
          % (direct, parent))
    check(abs(mine - direct) <= 1_000_000, "the child read %d ns, its own thread %d ns, its parent's %d ns" % (mine, direct, parent))


CASES = {
    "run_delay_after_fork": case_run_delay_after_fork,
    "c_proxy_objects": case_c_proxy_objects,
    "fast_writer_no_loss": case_fast_writer_no_loss,
}

if __name__ == "__main__":
    sys.exit(main(CASES))

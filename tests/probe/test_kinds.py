# SPDX-License-Identifier: MIT
"""The probe's event kinds are the engine's registry, not a copy of it.

kinds_table: every enumerator of EventKind in engine/include/loaderscope/events.h, in order, is a
             row of the bound table (_native.KIND_TABLE) with the same number, and _kinds.py has a
             constant of that number for it; its shapes and rings are the ones the table knows;
             the batch key computed in Python is the engine's.

Usage: python3 test_kinds.py CASE
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probetest import check, main  # noqa: E402

EVENTS_H = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "include", "loaderscope", "base",
                        "events.h")


def enumerators():
    """EventKind's enumerators between None and Count, as the compiler numbers them."""
    text = open(EVENTS_H, encoding="utf-8").read()
    body = text[text.index("enum class EventKind"):]
    body = body[body.index("{") + 1:body.index("};")]
    names, number = [], -1
    for line in body.splitlines():
        m = re.match(r"\s*([A-Za-z0-9]+)\s*(?:=\s*(\d+))?\s*,", line)
        if not m:
            continue
        number = int(m.group(2)) if m.group(2) else number + 1
        if m.group(1) not in ("None", "Count"):
            names.append((m.group(1), number))
    return names


def case_kinds_table(_tmp):
    from loaderscope import _kinds, _native
    table = list(_native.KIND_TABLE)
    enum = enumerators()
    check(len(enum) > 20, "events.h was not read: %r" % enum[:3])
    check([(r["id"], r["kind"]) for r in table] == enum,
          "the bound table differs from events.h:\n%r\n%r" % ([(r["id"], r["kind"]) for r in table], enum))
    for row in table:
        const = _kinds.constant_name(row["id"])
        check(getattr(_kinds, const, None) == row["kind"], "_kinds.%s is not %d" % (const, row["kind"]))
        check(row["name"] and row["category"], "kind %s has no name or category" % row["id"])
        check(row["shape"] in ("span", "instant", "counter"), "kind %s: shape %r" % (row["id"], row["shape"]))
        check(row["ring"] in ("lane", "memory", "derived"), "kind %s: ring %r" % (row["id"], row["ring"]))
        check((row["ring"] == "derived") == (row["derived_from"] is not None),
              "kind %s: a derived kind needs a source, only a derived one has one" % row["id"])
    check(_kinds.constant_name("H2DCopy") == "H2D_COPY", _kinds.constant_name("H2DCopy"))
    check(_kinds.NAMES == {r["kind"]: r["id"] for r in table}, "_kinds.NAMES is not the table's")
    check(set(_kinds.HOST_BLOCK.values()) == {1, 2, 3}, "HostBlock reasons: %r" % _kinds.HOST_BLOCK)
    # The batch key the hooks compute in Python is events.h's batchKey.
    for epoch, task in ((0, 0), (0, -1), (3, 17), (1, (1 << 32) + 5), (-1, 4), ((1 << 31) - 1, (1 << 40) - 1)):
        check(_native.batch_key(epoch, task) == _native._batch_key_c(epoch, task),
              "batch_key(%d, %d): %d in Python, %d in C" % (epoch, task, _native.batch_key(epoch, task),
                                                             _native._batch_key_c(epoch, task)))


CASES = {"kinds_table": case_kinds_table}

if __name__ == "__main__":
    sys.exit(main(CASES))

#!/usr/bin/env python3
"""The engine's rooms point one way (docs/architecture.md, "Rooms").

Every file under engine/src/<room>/ and engine/include/loaderscope/<room>/ belongs to <room>. An
include of "loaderscope/<other>/x.h" (or a private "<other>/x.h") is an arrow from room to other.
Fails when two rooms include each other (directly or round a longer cycle), when a room includes a
room listed after it in ORDER, or when a header sits outside a room folder.
Usage: check_rooms.py [SOURCE_DIR]
"""
import os
import re
import sys

# Lowest first: a room may include only rooms before it. One list, also quoted in the docs.
ORDER = ["base", "config", "shm", "device", "results", "loader", "analysis", "outputs"]
INCLUDE = re.compile(r'^\s*#\s*include\s+["<](?:loaderscope/)?([a-z_]+)/[A-Za-z0-9_]+\.(?:h|inc)[">]', re.M)


def arrows(root):
    """{(from_room, to_room): [file, ...]} for every include that crosses rooms."""
    found, stray = {}, []
    flat = os.path.join(root, "engine/include/loaderscope")
    for name in sorted(os.listdir(flat)):
        if name.endswith(".h"):
            stray.append("engine/include/loaderscope/" + name)
    for base in ("engine/src", "engine/include/loaderscope"):
        top = os.path.join(root, base)
        for room in sorted(os.listdir(top)):
            folder = os.path.join(top, room)
            if not os.path.isdir(folder):
                continue
            for dirpath, _, files in os.walk(folder):
                for f in files:
                    if not f.endswith((".h", ".cpp", ".inc", ".cu")):
                        continue
                    path = os.path.join(dirpath, f)
                    with open(path, encoding="utf-8") as text:
                        for other in INCLUDE.findall(text.read()):
                            if other in ORDER and other != room:
                                found.setdefault((room, other), []).append(os.path.relpath(path, root))
    return found, stray


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    found, stray = arrows(root)
    problems = ["a header outside a room folder: " + s for s in stray]
    for (a, b), files in sorted(found.items()):
        if a not in ORDER:
            problems.append("%s is not a room in ORDER (%s)" % (a, files[0]))
        elif ORDER.index(b) > ORDER.index(a):
            back = found.get((b, a))
            why = "each includes the other (%s; %s)" % (files[0], back[0]) if back else \
                "%s is above %s (%s)" % (b, a, files[0])
            problems.append("%s -> %s: %s" % (a, b, why))
    for (a, b) in sorted(found):
        print("%-8s -> %s" % (a, b))
    for p in problems:
        print("FAIL:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

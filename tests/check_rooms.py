#!/usr/bin/env python3
"""The rooms point one way (docs/architecture.md, "Rooms" and "The app's rooms").

The engine: every file under engine/src/<room>/ and engine/include/loaderscope/<room>/ belongs to
<room>. An include of "loaderscope/<other>/x.h" (or a private "<other>/x.h") is an arrow from room
to other. Fails when two rooms include each other (directly or round a longer cycle), when a room
includes a room listed after it in ORDER, or when a header sits outside a room folder.
The app (gui/): the same with GUI_ORDER, and within a room its QtCore/QtGui code (model/, and the
timeline's draw/) includes no widget file of any room; no folder under gui/ holds more than
MAX_FILES files.
The probe (python/loaderscope): a module imports only modules of layers before its own
(PROBE_LAYERS).
Everywhere: no source file (C++, CUDA, Python, shell, CMake) is over MAX_LINES lines, the tables
named in LONG_TABLES aside: a longer file holds two jobs.
Usage: check_rooms.py [SOURCE_DIR]
"""
import ast
import os
import re
import sys

# Lowest first: a room may include only rooms before it. One list, also quoted in the docs.
ORDER = ["base", "config", "shm", "device", "results", "loader", "analysis", "outputs"]
# The app's rooms, lowest first (the same list is in docs/architecture.md).
GUI_ORDER = ["common", "config", "timeline", "sources", "runs", "advice", "jobs", "workshop", "app"]
# Folders of QtCore/QtGui code (gui_core): they include no widgets.
MODEL_FOLDERS = ("model", "draw")
MAX_FILES = 25
MAX_LINES = 600
# Generated or tabular files, allowed to be long (each is one table, not code).
LONG_TABLES = {"translations/tools/tr_strings.py": "the Turkish strings, one entry per source text"}
SOURCE_SUFFIXES = (".cpp", ".h", ".cu", ".inc", ".py", ".sh", ".cmake")
SKIP_DIRS = {".git", "build", "node_modules", "__pycache__"}
# The probe's modules, lowest layer first: a module imports only from layers before its own.
PROBE_LAYERS = [
    ("the C library and plain helpers", ["_native", "_state", "_batch", "_inputs", "_lanes", "_leftovers", "_record",
                                         "_shm", "_targets", "_importhook"]),
    ("a thread's fetch recorder and the C timing proxies' types", ["_recorder"]),
    ("event kinds, checks, inputs, the timing proxies", ["_kinds", "_compat", "_check", "_autowatch", "_mux",
                                                         "_proxies"]),
    ("what the commands read, the stack watch", ["_slow", "_stacks"]),
    ("the stacks command", ["_stackscli"]),
    ("what workers, devices and the pin-memory thread write", ["_gpu", "_pin", "_worker"]),
    ("the job's session", ["_session"]),
    ("the loop's hooks", ["_iterctx"]),
    ("their installation", ["_mainhooks"]),
    ("the package and its command line", ["__init__", "__main__"]),
]
GUI_INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z]+)/([a-z/]*?)([A-Za-z0-9_]+)\.h"', re.M)
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


def gui_problems(root):
    """The app's rooms: arrows against GUI_ORDER, models that include widgets, crowded folders."""
    top = os.path.join(root, "gui")
    problems, found = [], {}
    for dirpath, _, files in os.walk(top):
        rel = os.path.relpath(dirpath, top)
        sources = [f for f in files if f.endswith((".h", ".cpp"))]
        if len(files) > MAX_FILES:
            problems.append("gui/%s holds %d files (at most %d: a room is missing)" % (rel, len(files), MAX_FILES))
        if rel == ".":
            problems += ["gui/%s is in no room" % f for f in sources]
            continue
        room = rel.split(os.sep)[0]
        if room not in GUI_ORDER:
            problems.append("gui/%s is not a room in GUI_ORDER" % rel)
            continue
        is_model = rel.split(os.sep)[-1] in MODEL_FOLDERS
        for f in sources:
            with open(os.path.join(dirpath, f), encoding="utf-8") as text:
                for other, sub, name in GUI_INCLUDE.findall(text.read()):
                    if other not in GUI_ORDER:
                        continue
                    where = "gui/%s/%s" % (rel, f)
                    if is_model and sub.rstrip("/").split("/")[-1] not in MODEL_FOLDERS:
                        problems.append("%s (QtCore/QtGui code) includes a widget: %s/%s%s.h" % (where, other, sub, name))
                    if other != room:
                        found.setdefault((room, other), []).append(where)
    for (a, b), files in sorted(found.items()):
        if GUI_ORDER.index(b) > GUI_ORDER.index(a):
            problems.append("gui: %s -> %s: %s is above %s (%s)" % (a, b, b, a, files[0]))
    return found, problems


def probe_problems(root):
    """The probe's modules: each import goes to an earlier layer."""
    layer = {m: i for i, (_, mods) in enumerate(PROBE_LAYERS) for m in mods}
    pkg = os.path.join(root, "python", "loaderscope")
    problems = []
    for f in sorted(os.listdir(pkg)):
        if not f.endswith(".py"):
            continue
        mod = f[:-3]
        if mod not in layer:
            problems.append("python/loaderscope/%s is in no layer of PROBE_LAYERS" % f)
            continue
        with open(os.path.join(pkg, f), encoding="utf-8") as text:
            tree = ast.parse(text.read(), f)
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                targets = [a.name for a in node.names] if node.module is None else [node.module.split(".")[0]]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("loaderscope."):
                targets = [node.module.split(".")[1]]
            elif isinstance(node, ast.Import):
                targets = [a.name.split(".")[1] for a in node.names if a.name.startswith("loaderscope.")]
            for t in targets:
                if t in layer and t != mod and layer[t] >= layer[mod]:
                    problems.append("python/loaderscope/%s imports %s, of the layer \"%s\" (not before its own, \"%s\")"
                                    % (f, t, PROBE_LAYERS[layer[t]][0], PROBE_LAYERS[layer[mod]][0]))
    return problems


def long_files(root):
    """Source files over MAX_LINES lines (build folders and LONG_TABLES aside)."""
    problems = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("build"))
        for name in sorted(filenames):
            if not (name.endswith(SOURCE_SUFFIXES) or name == "CMakeLists.txt"):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            if rel in LONG_TABLES:
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                lines = sum(1 for _ in f)
            if lines > MAX_LINES:
                problems.append("%s has %d lines (at most %d: split it by job)" % (rel, lines, MAX_LINES))
    return problems


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    found, stray = arrows(root)
    problems = ["a header outside a room folder: " + s for s in stray]
    gui_found, gui = gui_problems(root)
    problems += gui + probe_problems(root) + long_files(root)
    for (a, b) in sorted(gui_found):
        print("gui: %-8s -> %s" % (a, b))
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

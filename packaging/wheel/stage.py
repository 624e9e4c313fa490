# SPDX-License-Identifier: MIT
"""./run.sh wheel: the probe's wheel and sdist, from a built tree, offline.

usage: stage.py SOURCE_DIR BUILD_DIR OUT_DIR

Stages SOURCE_DIR's probe into BUILD_DIR/wheel/stage: the package (python/loaderscope), the .pth,
this folder's pyproject.toml, setup.py and MANIFEST.in, and native/ for the sdist: the probe's C
sources, the engine sources its library really links (read from the link map CMake wrote beside
it: one list, the linker's), the engine's headers, and nlohmann/json's headers taken from this
machine's package (never committed). Then builds the sdist and, from it, the wheel with Debian's
`python3 -m build --no-isolation` (nothing downloaded), the wheel carrying the library CMake built
(stripped). Prints the two paths.

The wheel is also copied into the build tree's data folder (<data>/wheel, the CMake cache's
LOADERSCOPE_DATA_BUILD_DIR): the app offers it from there when *Attach* finds a host without the
probe, and the install rules (and so `./run.sh package`'s .deb) carry it to <prefix>/share/loaderscope/wheel.
"""

import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LIB = "libloaderscope_probe.so"


def die(msg):
    sys.stderr.write("stage.py: %s\n" % msg)
    sys.exit(2)


def engine_sources(build):
    """The engine_core sources (paths under engine/) whose objects went into the probe's library."""
    with open(os.path.join(build, "python", "engine_core_sources.txt")) as f:
        by_object = {os.path.basename(s.strip()) + ".o": s.strip() for s in f if s.strip()}
    with open(os.path.join(build, "python", LIB + ".map"), errors="replace") as f:
        text = f.read()
    members = set(re.findall(r"libengine_core\.a\(([^)]+\.o)\)", text))
    unknown = sorted(m for m in members if m not in by_object)
    if unknown or not members:
        die("the link map names objects not in engine_core's sources: %s" % (unknown or "none at all"))
    return sorted(by_object[m] for m in members)


def copy_tree(src, dst, suffixes):
    for root, _, files in os.walk(src):
        for name in files:
            if name.endswith(suffixes):
                rel = os.path.relpath(os.path.join(root, name), src)
                os.makedirs(os.path.dirname(os.path.join(dst, rel)), exist_ok=True)
                shutil.copy2(os.path.join(root, name), os.path.join(dst, rel))


def nlohmann_dir():
    for d in (os.environ.get("NLOHMANN_JSON_INCLUDE", ""), "/usr/include", "/usr/local/include"):
        if d and os.path.isfile(os.path.join(d, "nlohmann", "json.hpp")):
            return os.path.join(d, "nlohmann")
    die("nlohmann/json.hpp not found (Debian: nlohmann-json3-dev; or set NLOHMANN_JSON_INCLUDE)")


def stage(source, build):
    root = os.path.join(build, "wheel", "stage")
    shutil.rmtree(os.path.join(build, "wheel"), ignore_errors=True)
    os.makedirs(root)
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(os.path.join(HERE, name), root)
    shutil.copy2(os.path.join(source, "python", "loaderscope-watch.pth"), root)
    pkg = os.path.join(root, "loaderscope")
    os.makedirs(pkg)
    for name in sorted(os.listdir(os.path.join(source, "python", "loaderscope"))):
        if name.endswith(".py"):
            shutil.copy2(os.path.join(source, "python", "loaderscope", name), pkg)
    native = os.path.join(root, "native")
    probe = os.path.join(native, "probe")
    copy_tree(os.path.join(source, "python", "src"), probe, (".cpp", ".h", ".map"))
    copy_tree(os.path.join(source, "engine", "include"), os.path.join(native, "engine", "include"), (".h", ".hpp"))
    # The engine's private headers (all: a header is cheap, a missing one breaks a server build),
    # and only the sources the library links.
    copy_tree(os.path.join(source, "engine", "src"), os.path.join(native, "engine", "src"), (".h", ".inc"))
    sources = ["probe/" + n for n in sorted(os.listdir(probe)) if n.endswith(".cpp")]
    for rel in engine_sources(build):
        dst = os.path.join(native, "engine", rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(os.path.join(source, "engine", rel), dst)
        sources.append("engine/" + rel)
    shutil.copytree(nlohmann_dir(), os.path.join(native, "third_party", "nlohmann"))
    with open(os.path.join(native, "sources.txt"), "w") as f:
        f.write("# The C++ files of libloaderscope_probe.so (stage.py wrote this list from the link map)\n")
        f.write("\n".join(sources) + "\n")
    return root


def data_dir(build):
    """The build tree's data folder, as CMake computed it (None when the cache does not say)."""
    try:
        with open(os.path.join(build, "CMakeCache.txt"), errors="replace") as f:
            for line in f:
                if line.startswith("LOADERSCOPE_DATA_BUILD_DIR:"):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return None


def offer_from_app(build, wheel):
    """The app's copy of the wheel: <data>/wheel/ holds this one only."""
    data = data_dir(build)
    if not data:
        die("CMakeCache.txt does not name LOADERSCOPE_DATA_BUILD_DIR: configure the build first")
    folder = os.path.join(data, "wheel")
    os.makedirs(folder, exist_ok=True)
    for old in os.listdir(folder):
        if old.endswith(".whl"):
            os.unlink(os.path.join(folder, old))
    shutil.copy2(wheel, folder)
    return os.path.join(folder, os.path.basename(wheel))


def main():
    if len(sys.argv) != 4:
        die("usage: stage.py SOURCE_DIR BUILD_DIR OUT_DIR")
    source, build, out = (os.path.abspath(a) for a in sys.argv[1:])
    built = os.path.join(build, "python", "loaderscope", LIB)
    if not os.path.isfile(built):
        die("%s is not built yet (./run.sh build)" % built)
    root = stage(source, build)
    # The wheel's library: the built one without its debug sections (30 MB -> a few).
    lib = os.path.join(build, "wheel", LIB)
    subprocess.run(["strip", "--strip-unneeded", "-o", lib, built], check=True)
    os.makedirs(out, exist_ok=True)
    for old in os.listdir(out):
        if old.startswith("loaderscope-") and old.endswith((".whl", ".tar.gz")):
            os.unlink(os.path.join(out, old))
    env = dict(os.environ, LOADERSCOPE_PREBUILT_LIBRARY=lib)
    r = subprocess.run(["/usr/bin/python3", "-m", "build", "--no-isolation", "--outdir", out, root], env=env,
                       cwd=build, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout[-4000:])
        die("python3 -m build failed (exit %d)" % r.returncode)
    made = sorted(os.path.join(out, n) for n in os.listdir(out) if n.startswith("loaderscope-"))
    for m in made:
        print(m)
    wheels = [m for m in made if m.endswith(".whl")]
    if len(wheels) != 1:
        die("python3 -m build made %d wheels" % len(wheels))
    print(offer_from_app(build, wheels[0]))


if __name__ == "__main__":
    main()

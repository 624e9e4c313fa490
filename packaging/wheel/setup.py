# SPDX-License-Identifier: MIT
"""The probe's wheel and sdist (metadata: pyproject.toml).

The native side is a plain C shared library (libloaderscope_probe.so, loaded with ctypes), not a
Python extension: it has no Python ABI, so the wheel is tagged py3-none-manylinux_2_X_x86_64 and
serves every CPython from 3.9 on. X is the newest glibc symbol version the library really needs,
read from its ELF version references (newest_glibc), never written by hand.

Two ways to the library:
  LOADERSCOPE_PREBUILT_LIBRARY=PATH  the one CMake built (./run.sh wheel): copied in as it is;
  otherwise                          compiled here from native/ with the C++ compiler (CXX, default
                                     g++; C++20) - what `pip install loaderscope-<v>.tar.gz` does on
                                     a server: no Python headers, no other library needed (zstd is
                                     used where its headers are found, else --zstd is refused).
"""

import concurrent.futures
import os
import shutil
import struct
import subprocess
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools 70.1 and later
except ImportError:
    from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
NATIVE = os.path.join(HERE, "native")
LIB = "libloaderscope_probe.so"
PTH = "loaderscope-watch.pth"


def newest_glibc(path):
    """The newest GLIBC_x.y version the ELF file at path needs (its .gnu.version_r), as (x, y);
    None when it names none."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("%s is not a 64-bit little-endian ELF file" % path)
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    best = None
    for (_, sh_type, _, _, offset, _, link, count, _, _) in sections:
        if sh_type != 0x6FFFFFFE:  # SHT_GNU_verneed
            continue
        strtab = sections[link][4]
        at = offset
        for _ in range(count):
            _, aux_count, _, aux, nxt = struct.unpack_from("<HHIII", data, at)
            a = at + aux
            for _ in range(aux_count):
                _, _, _, name, anext = struct.unpack_from("<IHHII", data, a)
                end = data.index(b"\0", strtab + name)
                version = data[strtab + name:end].decode()
                if version.startswith("GLIBC_2."):
                    try:
                        v = tuple(int(p) for p in version[len("GLIBC_"):].split("."))[:2]
                    except ValueError:
                        v = None
                    if v and (best is None or v > best):
                        best = v
                a += anext
            at += nxt
    return best


def _run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout)
        raise RuntimeError("failed: %s" % " ".join(cmd[:3] + ["..."]))
    return r.stdout


def _links(cxx, source, flags):
    """Whether a small C++ program links with these flags (a library or option is there)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "t.cpp")
        with open(src, "w") as f:
            f.write(source)
        r = subprocess.run([cxx, src, "-o", os.path.join(tmp, "t")] + flags, capture_output=True)
        return r.returncode == 0


def compile_library(out, jobs):
    """Compiles native/ into out (see the module's docstring)."""
    cxx = os.environ.get("CXX", "g++")
    if shutil.which(cxx) is None:
        raise RuntimeError("loaderscope needs a C++20 compiler to build from source: %s was not found "
                           "(install g++, or set CXX)" % cxx)
    with open(os.path.join(NATIVE, "sources.txt")) as f:
        sources = [os.path.join(NATIVE, line.strip()) for line in f if line.strip() and not line.startswith("#")]
    version = _version()
    flags = ["-std=c++20", "-O2", "-fPIC", "-fvisibility=hidden", "-fvisibility-inlines-hidden", "-DNDEBUG",
             '-DLOADERSCOPE_VERSION="%s"' % version,
             "-I" + os.path.join(NATIVE, "engine", "include"), "-I" + os.path.join(NATIVE, "engine", "src"),
             "-I" + os.path.join(NATIVE, "third_party")]
    libs = ["-ldl", "-lpthread", "-lrt"]
    if _links(cxx, "#include <zstd.h>\nint main() { return ZSTD_versionNumber() > 0 ? 0 : 1; }\n", ["-lzstd"]):
        libs.insert(0, "-lzstd")
    else:
        flags.append("-DLOADERSCOPE_NO_ZSTD")
        sys.stderr.write("loaderscope: zstd's headers were not found: streams cannot be compressed (--zstd) by this "
                         "build; install libzstd-dev (or zstd-devel) and reinstall to have it\n")
    static_cxx = ["-static-libstdc++"] if _links(cxx, "int main() { return 0; }\n", ["-static-libstdc++"]) else []
    objdir = tempfile.mkdtemp(prefix="loaderscope-build-")
    try:
        def compile_one(i_src):
            i, src = i_src
            obj = os.path.join(objdir, "%03d.o" % i)
            _run([cxx, "-c", src, "-o", obj] + flags)
            return obj

        sys.stderr.write("loaderscope: compiling %d files with %s (%d at a time)\n" % (len(sources), cxx, jobs))
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            objects = list(pool.map(compile_one, enumerate(sources)))
        _run([cxx, "-shared", "-o", out] + objects + static_cxx +
             ["-Wl,--exclude-libs,ALL", "-Wl,--as-needed",
              "-Wl,--version-script=" + os.path.join(NATIVE, "probe", "capi.map")] + libs)
    finally:
        shutil.rmtree(objdir, ignore_errors=True)


def _version():
    with open(os.path.join(HERE, "loaderscope", "__init__.py")) as f:
        for line in f:
            if line.startswith("__version__"):
                return line.split("=", 1)[1].strip().strip("\"'")
    raise RuntimeError("no __version__ in loaderscope/__init__.py")


class BuildLibrary(build_ext):
    """Puts libloaderscope_probe.so into the package: the prebuilt one, or one compiled here."""

    def get_ext_filename(self, fullname):
        return LIB  # a plain library: no Python ABI suffix (its package folder comes from the name)

    def build_extension(self, ext):
        out = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        prebuilt = os.environ.get("LOADERSCOPE_PREBUILT_LIBRARY")
        if prebuilt:
            shutil.copyfile(prebuilt, out)
            os.chmod(out, 0o755)
        else:
            compile_library(out, max(1, min(8, os.cpu_count() or 1)) if not self.parallel else int(self.parallel))


class BuildPy(build_py):
    """Also puts loaderscope-watch.pth at the top of the package's tree: pip installs it into
    site-packages itself (LOADERSCOPE_WATCH; README), and removes it with the rest."""

    def run(self):
        super().run()
        self.copy_file(os.path.join(HERE, PTH), os.path.join(self.build_lib, PTH))

    def get_outputs(self, include_bytecode=1):
        return super().get_outputs(include_bytecode) + [os.path.join(self.build_lib, PTH)]


class BdistWheel(bdist_wheel):
    """py3-none-manylinux_2_X_<arch>: any CPython 3; X from the library's own glibc needs."""

    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        lib = self.get_finalized_command("build_ext").get_ext_fullpath("loaderscope." + LIB[:-3])
        glibc = newest_glibc(lib) or (2, 17)
        machine = os.uname().machine
        return "py3", "none", "manylinux_%d_%d_%s" % (glibc[0], glibc[1], machine)


setup(
    ext_modules=[Extension("loaderscope." + LIB[:-3], sources=[])],
    cmdclass={"build_ext": BuildLibrary, "build_py": BuildPy, "bdist_wheel": BdistWheel},
)

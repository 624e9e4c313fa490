# SPDX-License-Identifier: MIT
"""Runs a callback right after one module has been imported, without importing it ourselves."""

import importlib.abc
import importlib.machinery
import sys


class _AfterImport(importlib.abc.MetaPathFinder):
    def __init__(self, name, callback):
        self.name = name
        self.callback = callback

    def find_spec(self, fullname, path, target=None):
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)  # one shot: the real finders do the work
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        loader, callback = spec.loader, self.callback

        class _Loader(importlib.abc.Loader):
            def create_module(self, spec_):
                return loader.create_module(spec_)

            def exec_module(self, module):
                loader.exec_module(module)
                callback()

        spec.loader = _Loader()
        return spec


def arm(name, callback):
    sys.meta_path.insert(0, _AfterImport(name, callback))

# SPDX-License-Identifier: MIT
"""Event kinds and lanes, bound from the engine's registry (engine/src/base/events.cpp).

Nothing here is copied by hand: every kind of the registry becomes a constant named after its
enumerator in upper snake case (``Fetch`` -> ``FETCH``, ``H2DCopy`` -> ``H2D_COPY``), and
``TABLE`` is the registry itself (name, shape, Chrome category, ring, derivation per kind).
"""

import re

from . import _native

TABLE = tuple(dict(row) for row in _native.KIND_TABLE)
NAMES = {row["kind"]: row["id"] for row in TABLE}
HOST_BLOCK = dict(_native.HOST_BLOCK)


def constant_name(kind_id):
    """``WorkerStart`` -> ``WORKER_START``; a run of capitals stays one word (``H2DCopy`` -> ``H2D_COPY``)."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z0-9])(?=[A-Z][a-z])", "_", kind_id).upper()


globals().update({constant_name(row["id"]): row["kind"] for row in TABLE})

LANE_MAIN = _native.LANE_MAIN
LANE_PIN = _native.LANE_PIN
LANE_COPY = _native.LANE_COPY
LANE_COMPUTE = _native.LANE_COMPUTE

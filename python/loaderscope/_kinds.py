# SPDX-License-Identifier: MIT
"""Event kinds and lanes, taken from the engine's enum through the extension (one definition)."""

from . import _native

_K = _native.KINDS
WORKER_START = _K["WorkerStart"]
WORKER_EXIT = _K["WorkerExit"]
WORKER_INIT = _K["WorkerInit"]
FETCH = _K["Fetch"]
COLLATE = _K["Collate"]
WAIT_TASK = _K["WaitTask"]
WAIT_DATA = _K["WaitData"]
DELIVER = _K["Deliver"]
STEP = _K["Step"]
START_WORKERS = _K["StartWorkers"]
SHUTDOWN = _K["Shutdown"]
EPOCH_BEGIN = _K["EpochBegin"]
EPOCH_END = _K["EpochEnd"]
QUEUE_DEPTH = _K["QueueDepth"]
ERROR = _K["Error"]
PIN_COPY = _K["PinCopy"]
KERNEL = _K["Kernel"]
BATCH_COST = _K["BatchCost"]
HEAD_OF_LINE = _K["HeadOfLine"]
PASS_COST = _K["PassCost"]
STEP_COST = _K["StepCost"]

LANE_MAIN = _native.LANE_MAIN
LANE_PIN = _native.LANE_PIN
LANE_COMPUTE = _native.LANE_COMPUTE

NAMES = {v: k for k, v in _K.items()}

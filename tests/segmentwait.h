// SPDX-License-Identifier: MIT
// Waiting for what a live engine run writes into its shared-memory segment (read as the app reads
// it: a reader of its own, which takes nothing from the engine's collector), instead of sleeping
// for a time that is long enough on an idle machine only.
#pragma once

#include "loaderscope/base/events.h"

#include <QtGlobal>

#include <functional>

namespace testutil {

/// Reads the events of the segment the engine with pid `engine` made (/dev/shm/loaderscope-PID-*)
/// until `found` returns true for one of them. False when none did within timeoutMs (no segment
/// appeared, or the event never came).
bool waitForEvent(qint64 engine, const std::function<bool(const loaderscope::Event&)>& found, int timeoutMs);

/// Waits until `count` batches from `worker` were handed to the loop (Deliver events): that
/// worker is then started and busy in the epoch.
bool waitForDeliveries(qint64 engine, int worker, int count, int timeoutMs);

} // namespace testutil

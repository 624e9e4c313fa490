// SPDX-License-Identifier: MIT
// Event kinds (events.h): their names and whether each is a span or a counter.
#include "loaderscope/events.h"

namespace loaderscope {

std::string_view eventKindName(EventKind kind)
{
    switch (kind) {
    case EventKind::WorkerStart: return "worker started";
    case EventKind::WorkerExit: return "worker exited";
    case EventKind::WorkerInit: return "worker init";
    case EventKind::Fetch: return "fetch";
    case EventKind::Collate: return "collate";
    case EventKind::BatchReady: return "batch ready";
    case EventKind::WaitTask: return "idle (waiting for an index)";
    case EventKind::WaitData: return "waiting for data";
    case EventKind::Deliver: return "batch delivered";
    case EventKind::Step: return "training step";
    case EventKind::StartWorkers: return "starting workers";
    case EventKind::Shutdown: return "shutting down workers";
    case EventKind::EpochBegin: return "epoch begin";
    case EventKind::EpochEnd: return "epoch end";
    case EventKind::QueueDepth: return "queue depth";
    case EventKind::Error: return "error";
    case EventKind::PinCopy: return "pin copy";
    case EventKind::H2DCopy: return "H2D copy";
    case EventKind::Kernel: return "step kernel";
    case EventKind::HostBlocked: return "host blocked by copy";
    case EventKind::BatchCost: return "batch cost";
    case EventKind::HeadOfLine: return "head-of-line blocking";
    case EventKind::WorkerStalled: return "worker stalled";
    case EventKind::MemoryUsage: return "memory";
    case EventKind::ShmUsage: return "shared memory";
    case EventKind::PinnedMemory: return "pinned memory";
    case EventKind::PassCost: return "batch pass cost";
    case EventKind::StepCost: return "step cost";
    default: return "unknown";
    }
}

bool isSpan(EventKind kind)
{
    switch (kind) {
    case EventKind::WorkerInit:
    case EventKind::Fetch:
    case EventKind::Collate:
    case EventKind::WaitTask:
    case EventKind::WaitData:
    case EventKind::Step:
    case EventKind::StartWorkers:
    case EventKind::Shutdown:
    case EventKind::PinCopy:
    case EventKind::H2DCopy:
    case EventKind::Kernel:
    case EventKind::HostBlocked:
    case EventKind::HeadOfLine:
        return true;
    default:
        return false;
    }
}

bool isCounter(EventKind kind)
{
    return kind == EventKind::QueueDepth || kind == EventKind::MemoryUsage || kind == EventKind::ShmUsage ||
           kind == EventKind::PinnedMemory;
}

} // namespace loaderscope

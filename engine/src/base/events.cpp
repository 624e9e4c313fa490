// SPDX-License-Identifier: MIT
// The event-kind registry (events.h): one row per kind, its name, shape, Chrome category, ring and
// derivation. Everything else (trace export, the probe's bindings and _kinds.py, the GUI's
// descriptors) reads this table; docs/architecture.md has the recipe for adding a kind.
#include "loaderscope/base/events.h"

#include <array>

namespace loaderscope {

namespace {

using K = EventKind;
using S = EventShape;
using R = EventRing;

// Indexed by kind - 1 (checked below): a row's position is its number in recordings. The timeline's
// labels are marked for lupdate in the GUI's context.
constexpr EventKindInfo kEventKinds[] = {
    {K::WorkerStart, "WorkerStart", "worker started", LS_TRANSLATE_NOOP("TimelineRenderer", "worker started"), S::Instant, "loader", R::Lane},
    {K::WorkerExit, "WorkerExit", "worker exited", "", S::Instant, "loader", R::Lane},
    {K::WorkerInit, "WorkerInit", "worker init", LS_TRANSLATE_NOOP("TimelineRenderer", "worker start-up"), S::Span, "worker", R::Lane},
    {K::Fetch, "Fetch", "fetch", LS_TRANSLATE_NOOP("TimelineRenderer", "fetch sample"), S::Span, "worker", R::Lane},
    {K::Collate, "Collate", "collate", LS_TRANSLATE_NOOP("TimelineRenderer", "collate"), S::Span, "worker", R::Lane},
    {K::BatchReady, "BatchReady", "batch ready", "", S::Instant, "loader", R::Lane},
    {K::WaitTask, "WaitTask", "idle (waiting for an index)", LS_TRANSLATE_NOOP("TimelineRenderer", "idle (waiting for an index)"), S::Span, "worker", R::Lane},
    {K::WaitData, "WaitData", "waiting for data", LS_TRANSLATE_NOOP("TimelineRenderer", "waiting for data"), S::Span, "loader", R::Lane},
    {K::Deliver, "Deliver", "batch delivered", "", S::Instant, "loader", R::Lane},
    {K::Step, "Step", "training step", LS_TRANSLATE_NOOP("TimelineRenderer", "training step (issue)"), S::Span, "loader", R::Lane},
    {K::StartWorkers, "StartWorkers", "starting workers", LS_TRANSLATE_NOOP("TimelineRenderer", "starting workers"), S::Span, "loader", R::Lane},
    {K::Shutdown, "Shutdown", "shutting down workers", LS_TRANSLATE_NOOP("TimelineRenderer", "shutting down workers"), S::Span, "loader", R::Lane},
    {K::EpochBegin, "EpochBegin", "epoch begin", "", S::Instant, "loader", R::Lane},
    {K::EpochEnd, "EpochEnd", "epoch end", "", S::Instant, "loader", R::Lane},
    {K::QueueDepth, "QueueDepth", "queue depth", "", S::Counter, "loader", R::Lane},
    {K::Error, "Error", "error", LS_TRANSLATE_NOOP("TimelineRenderer", "error"), S::Instant, "loader", R::Lane},
    {K::PinCopy, "PinCopy", "pin copy", LS_TRANSLATE_NOOP("TimelineRenderer", "pin copy"), S::Span, "pin", R::Lane},
    {K::H2DCopy, "H2DCopy", "H2D copy", LS_TRANSLATE_NOOP("TimelineRenderer", "host-to-device copy"), S::Span, "gpu_memcpy", R::Lane},
    {K::Kernel, "Kernel", "step kernel", LS_TRANSLATE_NOOP("TimelineRenderer", "step kernel"), S::Span, "kernel", R::Lane},
    {K::HostBlocked, "HostBlocked", "host blocked by copy", LS_TRANSLATE_NOOP("TimelineRenderer", "host blocked"), S::Span, "host_blocked", R::Lane},
    {K::BatchCost, "BatchCost", "batch cost", "", S::Instant, "loader", R::Lane},
    {K::HeadOfLine, "HeadOfLine", "head-of-line blocking", LS_TRANSLATE_NOOP("TimelineRenderer", "waiting while later batches are ready"), S::Span, "loader", R::Lane},
    {K::WorkerStalled, "WorkerStalled", "worker stalled", LS_TRANSLATE_NOOP("TimelineRenderer", "worker stalled"), S::Instant, "loader", R::Lane},
    {K::MemoryUsage, "MemoryUsage", "memory", "", S::Counter, "loader", R::Memory},
    {K::ShmUsage, "ShmUsage", "shared memory", "", S::Counter, "loader", R::Memory},
    {K::PinnedMemory, "PinnedMemory", "pinned memory", "", S::Counter, "loader", R::Memory},
    {K::PassCost, "PassCost", "batch pass cost", "", S::Instant, "loader", R::Lane},
    {K::StepCost, "StepCost", "step cost", "", S::Instant, "loader", R::Lane},
    {K::CoreWait, "CoreWait", "waiting for a core", LS_TRANSLATE_NOOP("TimelineRenderer", "waiting for a core"), S::Span, "worker", R::Derived, K::BatchCost, 1},
    {K::ThreadsCost, "ThreadsCost", "threads cost", "", S::Instant, "loader", R::Lane},
    {K::HandOverWait, "HandOverWait", "hand-over wait", "", S::Instant, "loader", R::Lane},
    {K::HandOverCost, "HandOverCost", "hand-over cost", "", S::Instant, "loader", R::Lane},
    {K::WorkerInitCost, "WorkerInitCost", "worker start-up cost", "", S::Instant, "loader", R::Lane},
    {K::ShmOwn, "ShmOwn", "own shared memory", "", S::Counter, "loader", R::Memory},
    {K::ProbeCost, "ProbeCost", "probe cost", "", S::Instant, "loader", R::Lane},
    {K::Stack, "Stack", "Python stack", LS_TRANSLATE_NOOP("TimelineRenderer", "Python stack taken"), S::Instant, "loader", R::Lane},
    {K::StackText, "StackText", "Python stack text", "", S::Instant, "loader", R::Lane},
    {K::Mark, "Mark", "mark", LS_TRANSLATE_NOOP("TimelineRenderer", "the job's mark"), S::Instant, "loader", R::Lane},
};

constexpr bool indexedByKind()
{
    for (size_t i = 0; i < std::size(kEventKinds); ++i)
        if (size_t(kEventKinds[i].kind) != i + 1 || kEventKinds[i].id[0] == '\0' || kEventKinds[i].name[0] == '\0' ||
            kEventKinds[i].category[0] == '\0' || (kEventKinds[i].ring == R::Derived) != (kEventKinds[i].derivedFrom != K::None) ||
            (kEventKinds[i].shape == S::Span && kEventKinds[i].label[0] == '\0'))
            return false;
    return std::size(kEventKinds) == size_t(K::Count) - 1;
}
static_assert(indexedByKind(), "kEventKinds: one complete row per EventKind, in enum order (spans with a label)");

constexpr EventKindInfo kUnknown{K::None, "None", "unknown", "", S::Instant, "loader", R::Lane};

constexpr std::array<bool, size_t(K::Count)> derivedSources()
{
    std::array<bool, size_t(K::Count)> out{};
    for (const EventKindInfo& k : kEventKinds)
        if (k.derivedFrom != K::None)
            out[size_t(k.derivedFrom)] = true;
    return out;
}
constexpr std::array<bool, size_t(K::Count)> kDerivedSources = derivedSources();

} // namespace

EventKindRows eventKinds()
{
    return {std::begin(kEventKinds), std::end(kEventKinds)};
}

const EventKindInfo& eventKindInfo(EventKind kind)
{
    const size_t i = size_t(kind);
    return i >= 1 && i <= std::size(kEventKinds) ? kEventKinds[i - 1] : kUnknown;
}

std::string_view eventKindName(EventKind kind)
{
    return eventKindInfo(kind).name;
}

bool isSpan(EventKind kind)
{
    return eventKindInfo(kind).shape == EventShape::Span;
}

bool isCounter(EventKind kind)
{
    return eventKindInfo(kind).shape == EventShape::Counter;
}

bool hasDerivedKinds(EventKind kind)
{
    return size_t(kind) < kDerivedSources.size() && kDerivedSources[size_t(kind)];
}

} // namespace loaderscope

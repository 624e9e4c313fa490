// SPDX-License-Identifier: MIT
#include "lanekinds.h"

#include <QCoreApplication>

#include <algorithm>

namespace LaneKinds {

namespace {

using LK = TraceModel::LaneKind;
using K = EventKind;
constexpr auto N = EventKind::None;

// One row per lane kind, in TraceModel's lane order.
const LaneDescriptor kLanes[] = {
    {LK::Main, loaderscope::LaneMain, "main", QT_TRANSLATE_NOOP("TimelineRenderer", "main process (training loop)"), nullptr, 38.0,
     {{{K::WaitData, 0}, {K::Step, 0}, {K::HostBlocked, 0}, {K::StartWorkers, 0, K::Shutdown}}}, {3, 2, 1, 0}, 4,
     // next() and the step are outer spans; what happens inside them (fetching with num_workers 0,
     // pinning, the host blocked by a copy, head-of-line waits) is nested.
     {K::Fetch, K::Collate, K::PinCopy, K::HostBlocked, K::HeadOfLine, K::CoreWait}},
    {LK::Pin, loaderscope::LanePin, "pin", QT_TRANSLATE_NOOP("TimelineRenderer", "pin-memory thread"), nullptr, 24.0,
     {{{K::PinCopy, 0}, {N, 0}, {N, 0}, {N, 0}}}, {0, 0, 0, 0}, 1, {N, N, N, N, N, N}},
    {LK::Worker, 0, "workers", nullptr, nullptr, 24.0,
     {{{K::Fetch, 0}, {K::Collate, 0}, {K::WaitTask, 0}, {K::WorkerInit, 0}}}, {3, 1, 0, 0}, 3,
     {K::CoreWait, N, N, N, N, N}},
    {LK::Copy, loaderscope::LaneCopy, "copy", QT_TRANSLATE_NOOP("TimelineRenderer", "GPU copy stream"),
     QT_TRANSLATE_NOOP("TimelineRenderer", "GPU copy (simulated)"), 24.0,
     {{{K::H2DCopy, 1}, {K::H2DCopy, 0}, {N, 0}, {N, 0}}}, {1, 0, 0, 0}, 2, {N, N, N, N, N, N}},
    {LK::Compute, loaderscope::LaneCompute, "compute", QT_TRANSLATE_NOOP("TimelineRenderer", "GPU compute stream"),
     QT_TRANSLATE_NOOP("TimelineRenderer", "GPU compute (simulated)"), 24.0,
     {{{K::Kernel, 0}, {N, 0}, {N, 0}, {N, 0}}}, {0, 0, 0, 0}, 1, {N, N, N, N, N, N}},
};

// One row per kind drawn as a span (its name is the registry's label; the HostBlocked reasons' own
// names are in TimelineStyle::kindName).
const KindLook kLooks[] = {
    {K::Fetch, QColor(0x3b, 0x82, 0xf6), {}},
    {K::Collate, QColor(0xa8, 0x55, 0xf7), {}},
    {K::WaitTask, QColor(0x6b, 0x72, 0x80, 0x70), {}},
    {K::WorkerInit, QColor(0xf5, 0x9e, 0x0b), {}},
    {K::WaitData, QColor(0xef, 0x44, 0x44), {}},
    {K::Step, QColor(0x22, 0xc5, 0x5e), {}},
    {K::StartWorkers, QColor(0xea, 0xb3, 0x08), {}},
    {K::Shutdown, QColor(0x94, 0xa3, 0xb8), {}},
    {K::PinCopy, QColor(0x14, 0xb8, 0xa6), {}},
    {K::H2DCopy, QColor(0xf9, 0x73, 0x16), QColor(0x06, 0xb6, 0xd4)},
    {K::Kernel, QColor(0x16, 0xa3, 0x4a), {}},
    {K::HostBlocked, QColor(0xb9, 0x1c, 0x1c), QColor(0x47, 0x55, 0x69)},
    {K::HeadOfLine, QColor(0xd9, 0x46, 0xef), {}},
    {K::CoreWait, QColor(0x9a, 0x34, 0x12), {}}, // rust: apart from the reds of waiting for data
};
const KindLook kOther{N, QColor(0x9c, 0xa3, 0xaf), {}};

// The legend explains what a picture shows, in this order.
constexpr quint8 kCopyReasons = (1u << int(loaderscope::HostBlock::PageableStaging)) |
                                (1u << int(loaderscope::HostBlock::SyncCopy));
constexpr quint8 kGpuReason = 1u << int(loaderscope::HostBlock::DeviceBuffers);
const LegendRow kLegend[] = {
    {K::WaitData, 0, 0, nullptr},
    {K::Step, 0, 0, QT_TRANSLATE_NOOP("TimelineRenderer", "training step")},
    {K::HeadOfLine, 0, 0, nullptr},
    {K::HostBlocked, kCopyReasons, 0, QT_TRANSLATE_NOOP("TimelineRenderer", "host blocked by a copy")},
    {K::HostBlocked, kGpuReason, 1, QT_TRANSLATE_NOOP("TimelineRenderer", "host waits for the GPU")},
    {K::Fetch, 0, 0, nullptr},
    {K::Collate, 0, 0, nullptr},
    {K::CoreWait, 0, 0, nullptr},
    {K::WaitTask, 0, 0, QT_TRANSLATE_NOOP("TimelineRenderer", "idle")},
    {K::WorkerInit, 0, 0, QT_TRANSLATE_NOOP("TimelineRenderer", "start-up"), K::StartWorkers},
    {K::PinCopy, 0, 0, nullptr},
    {K::H2DCopy, 1u << 1, 1, QT_TRANSLATE_NOOP("TimelineRenderer", "copy from pinned memory")},
    {K::H2DCopy, 1u << 0, 0, QT_TRANSLATE_NOOP("TimelineRenderer", "copy from pageable memory")},
    {K::Kernel, 0, 0, nullptr},
    {K::WorkerStart, 0, 0, nullptr, N, true, QColor(0xfa, 0xcc, 0x15)},
    {K::Error, 0, 0, nullptr, N, true, QColor(0xff, 0x20, 0x20)},
    {K::WorkerStalled, 0, 0, nullptr, N, true, QColor(0xef, 0x44, 0x44)},
    {K::Stack, 0, 0, nullptr, N, true, QColor(0x8b, 0x5c, 0xf6)}, // violet: apart from the reds and the purples of spans
};

} // namespace

std::span<const LaneDescriptor> lanes()
{
    return kLanes;
}

const LaneDescriptor& lane(TraceModel::LaneKind kind)
{
    for (const LaneDescriptor& d : kLanes)
        if (d.kind == kind)
            return d;
    return kLanes[0];
}

const LaneDescriptor* laneForEngineLane(int engineLane)
{
    if (engineLane >= 0)
        return &lane(LK::Worker);
    for (const LaneDescriptor& d : kLanes)
        if (d.kind != LK::Worker && d.engineLane == engineLane)
            return &d;
    return nullptr;
}

std::span<const KindLook> looks()
{
    return kLooks;
}

const KindLook& look(EventKind kind)
{
    for (const KindLook& l : kLooks)
        if (l.kind == kind)
            return l;
    return kOther;
}

std::span<const LegendRow> legendRows()
{
    return kLegend;
}

bool nestedOn(const LaneDescriptor& lane, EventKind kind)
{
    return kind != N && std::find(lane.nested.begin(), lane.nested.end(), kind) != lane.nested.end();
}

const LaneDescriptor* laneForLessonKey(QStringView key)
{
    for (const LaneDescriptor& d : kLanes)
        if (key == QLatin1String(d.lessonKey))
            return &d;
    return nullptr;
}

QString label(EventKind kind)
{
    const char* text = loaderscope::eventKindInfo(kind).label;
    return *text ? translated(text) : QCoreApplication::translate("TimelineRenderer", "event");
}

QString legendText(const LegendRow& row)
{
    return row.text ? translated(row.text) : label(row.kind);
}

QColor markerColour(EventKind kind)
{
    for (const LegendRow& row : kLegend)
        if (row.marker && row.kind == kind)
            return row.markerColour;
    return kOther.colour;
}

QString translated(const char* text)
{
    return text ? QCoreApplication::translate("TimelineRenderer", text) : QString();
}

} // namespace LaneKinds

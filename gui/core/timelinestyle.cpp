// SPDX-License-Identifier: MIT
#include "timelinestyle.h"

#include <QCoreApplication>

using loaderscope::EventKind;

namespace {

/// The translation context of every label here (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct T
{
    Q_DECLARE_TR_FUNCTIONS(TimelineRenderer)
};

} // namespace

TimelineTheme TimelineTheme::dark()
{
    return TimelineTheme{};
}

TimelineTheme TimelineTheme::light()
{
    TimelineTheme t;
    t.docs = true;
    t.background = QColor(0xff, 0xff, 0xff);
    t.laneAlt = QColor(0xf4, 0xf5, 0xf7);
    t.text = QColor(0x20, 0x22, 0x28);
    t.grid = QColor(0xd8, 0xdb, 0xe0);
    return t;
}

namespace TimelineStyle {

QColor overlayAccent()
{
    return QColor(0xfa, 0xcc, 0x15);
}

QColor colorFor(quint8 kind, quint8 flags)
{
    switch (EventKind(kind)) {
    case EventKind::Fetch: return QColor(0x3b, 0x82, 0xf6);
    case EventKind::Collate: return QColor(0xa8, 0x55, 0xf7);
    case EventKind::WaitTask: return QColor(0x6b, 0x72, 0x80, 0x70);
    case EventKind::WorkerInit: return QColor(0xf5, 0x9e, 0x0b);
    case EventKind::WaitData: return QColor(0xef, 0x44, 0x44);
    case EventKind::Step: return QColor(0x22, 0xc5, 0x5e);
    case EventKind::StartWorkers: return QColor(0xea, 0xb3, 0x08);
    case EventKind::Shutdown: return QColor(0x94, 0xa3, 0xb8);
    case EventKind::PinCopy: return QColor(0x14, 0xb8, 0xa6);
    case EventKind::H2DCopy: return flags & 1 ? QColor(0x06, 0xb6, 0xd4) : QColor(0xf9, 0x73, 0x16);
    case EventKind::Kernel: return QColor(0x16, 0xa3, 0x4a);
    case EventKind::HostBlocked: return flags & 1 ? QColor(0x47, 0x55, 0x69) : QColor(0xb9, 0x1c, 0x1c);
    case EventKind::HeadOfLine: return QColor(0xd9, 0x46, 0xef);
    default: return QColor(0x9c, 0xa3, 0xaf);
    }
}

QString kindName(quint8 kind, qint32 arg)
{
    switch (EventKind(kind)) {
    case EventKind::Fetch: return T::tr("fetch sample");
    case EventKind::Collate: return T::tr("collate");
    case EventKind::WaitTask: return T::tr("idle (waiting for an index)");
    case EventKind::WorkerInit: return T::tr("worker start-up");
    case EventKind::WaitData: return T::tr("waiting for data");
    case EventKind::Step: return T::tr("training step (issue)");
    case EventKind::StartWorkers: return T::tr("starting workers");
    case EventKind::Shutdown: return T::tr("shutting down workers");
    case EventKind::PinCopy: return T::tr("pin copy");
    case EventKind::H2DCopy: return T::tr("host-to-device copy");
    case EventKind::Kernel: return T::tr("step kernel");
    case EventKind::HeadOfLine: return T::tr("waiting while later batches are ready");
    case EventKind::HostBlocked:
        switch (arg) {
        case 1: return T::tr("host waits for the GPU");
        case 2: return T::tr("host blocked: pageable copy");
        case 3: return T::tr("host blocked: synchronous copy");
        default: return T::tr("host blocked");
        }
    default: return T::tr("event");
    }
}

QString laneName(const TraceModel& m, int lane)
{
    const TraceModel::Lane& l = m.lane(lane);
    if (!l.title.isEmpty())
        return l.title;
    switch (l.kind) {
    case TraceModel::LaneKind::Main: return T::tr("main process (training loop)");
    case TraceModel::LaneKind::Pin: return T::tr("pin-memory thread");
    case TraceModel::LaneKind::Worker: {
        qint64 pid = 0;
        for (auto it = l.instants.rbegin(); it != l.instants.rend() && pid == 0; ++it)
            if (it->kind == quint8(EventKind::WorkerStart))
                pid = it->arg0;
        return pid ? T::tr("worker %1 · pid %2").arg(l.worker).arg(pid) : T::tr("worker %1").arg(l.worker);
    }
    case TraceModel::LaneKind::Copy: return m.simulatedDevice() ? T::tr("GPU copy (simulated)") : T::tr("GPU copy stream");
    case TraceModel::LaneKind::Compute:
        return m.simulatedDevice() ? T::tr("GPU compute (simulated)") : T::tr("GPU compute stream");
    }
    return {};
}

std::vector<LegendEntry> legend(const TraceModel& m)
{
    // A kind is listed when the run has it, so a picture explains exactly what it shows.
    auto has = [&m](EventKind k, int arg = -1, int flags = -1) { return m.seen(k, arg >= 0 ? arg : flags); };
    auto hasInstant = [&m](EventKind k) { return m.instantCount(k) > 0; };
    std::vector<LegendEntry> out;
    auto add = [&out](quint8 kind, quint8 flags, const QString& text, bool marker = false) {
        out.push_back({colorFor(kind, flags), text, marker});
    };
    if (has(EventKind::WaitData))
        add(quint8(EventKind::WaitData), 0, T::tr("waiting for data"));
    if (has(EventKind::Step))
        add(quint8(EventKind::Step), 0, T::tr("training step"));
    if (has(EventKind::HeadOfLine))
        add(quint8(EventKind::HeadOfLine), 0, T::tr("waiting while later batches are ready"));
    if (has(EventKind::HostBlocked, 2) || has(EventKind::HostBlocked, 3))
        add(quint8(EventKind::HostBlocked), 0, T::tr("host blocked by a copy"));
    if (has(EventKind::HostBlocked, 1))
        add(quint8(EventKind::HostBlocked), 1, T::tr("host waits for the GPU"));
    if (has(EventKind::Fetch))
        add(quint8(EventKind::Fetch), 0, T::tr("fetch sample"));
    if (has(EventKind::Collate))
        add(quint8(EventKind::Collate), 0, T::tr("collate"));
    if (has(EventKind::WaitTask))
        add(quint8(EventKind::WaitTask), 0, T::tr("idle"));
    if (has(EventKind::WorkerInit) || has(EventKind::StartWorkers))
        add(quint8(EventKind::WorkerInit), 0, T::tr("start-up"));
    if (has(EventKind::PinCopy))
        add(quint8(EventKind::PinCopy), 0, T::tr("pin copy"));
    if (has(EventKind::H2DCopy, -1, 1))
        add(quint8(EventKind::H2DCopy), 1, T::tr("copy from pinned memory"));
    if (has(EventKind::H2DCopy, -1, 0))
        add(quint8(EventKind::H2DCopy), 0, T::tr("copy from pageable memory"));
    if (has(EventKind::Kernel))
        add(quint8(EventKind::Kernel), 0, T::tr("step kernel"));
    if (hasInstant(EventKind::WorkerStart))
        out.push_back({QColor(0xfa, 0xcc, 0x15), T::tr("worker started"), true});
    if (hasInstant(EventKind::Error))
        out.push_back({QColor(0xff, 0x20, 0x20), T::tr("error"), true});
    if (hasInstant(EventKind::WorkerStalled))
        out.push_back({QColor(0xef, 0x44, 0x44), T::tr("worker stalled"), true});
    return out;
}

} // namespace TimelineStyle

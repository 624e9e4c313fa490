// SPDX-License-Identifier: MIT
#include "timelinestyle.h"

#include "timeline/model/lanekinds.h"

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
    const LaneKinds::KindLook& l = LaneKinds::look(EventKind(kind));
    return (flags & 1) && l.variantColour.isValid() ? l.variantColour : l.colour;
}

QString kindName(quint8 kind, qint32 arg)
{
    // A host-blocked span is named by its reason (events.h HostBlock).
    if (EventKind(kind) == EventKind::HostBlocked && arg >= 1 && arg <= loaderscope::kHostBlockReasons) {
        switch (loaderscope::hostBlockFrom(arg)) {
        case loaderscope::HostBlock::DeviceBuffers: return T::tr("host waits for the GPU");
        case loaderscope::HostBlock::PageableStaging: return T::tr("host blocked: pageable copy");
        case loaderscope::HostBlock::SyncCopy: return T::tr("host blocked: synchronous copy");
        }
    }
    return LaneKinds::label(EventKind(kind));
}

QString laneName(const TraceModel& m, int lane)
{
    const TraceModel::Lane& l = m.lane(lane);
    if (!l.title.isEmpty())
        return l.title;
    if (l.kind == TraceModel::LaneKind::Worker) {
        qint64 pid = 0;
        for (auto it = l.instants.rbegin(); it != l.instants.rend() && pid == 0; ++it)
            if (it->kind == quint8(EventKind::WorkerStart))
                pid = it->arg0;
        return pid ? T::tr("worker %1 · pid %2").arg(l.worker).arg(pid) : T::tr("worker %1").arg(l.worker);
    }
    const LaneKinds::LaneDescriptor& d = LaneKinds::lane(l.kind);
    return LaneKinds::translated(m.simulatedDevice() && d.simulatedTitle ? d.simulatedTitle : d.title);
}

std::vector<LegendEntry> legend(const TraceModel& m)
{
    // A kind is listed when the run has it, so a picture explains exactly what it shows.
    auto has = [&m](EventKind k, quint8 variants) {
        if (k == EventKind::None)
            return false;
        if (!loaderscope::isSpan(k))
            return m.instantCount(k) > 0;
        if (variants == 0)
            return m.seen(k);
        for (int v = 0; v < 8; ++v)
            if ((variants >> v) & 1 && m.seen(k, v))
                return true;
        return false;
    };
    std::vector<LegendEntry> out;
    for (const LaneKinds::LegendRow& r : LaneKinds::legendRows()) {
        if (!has(r.kind, r.variants) && !has(r.alsoKind, 0))
            continue;
        out.push_back({r.marker ? r.markerColour : colorFor(quint8(r.kind), r.flags), LaneKinds::legendText(r), r.marker});
    }
    return out;
}

std::vector<LegendEntry> legendOfEverything()
{
    std::vector<LegendEntry> out;
    for (const LaneKinds::LegendRow& r : LaneKinds::legendRows())
        out.push_back({r.marker ? r.markerColour : colorFor(quint8(r.kind), r.flags), LaneKinds::legendText(r), r.marker});
    return out;
}

} // namespace TimelineStyle

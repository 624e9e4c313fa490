// SPDX-License-Identifier: MIT
// The GUI's half of the lane and event-kind registry (the engine's half is events.h/events.cpp):
// one descriptor per lane kind (its title, row height, the kinds it aggregates and stacks, the
// kinds nested in its lower half) and one look per event kind (colour, legend); a kind's name on
// the timeline is the registry's label (EventKindInfo::label), translated here.
// Adding a lane kind or a lane state is a row in the engine's table plus rows here; the recipe is
// in docs/architecture.md. Read-only tables: any thread may read them.
#pragma once

#include "timeline/model/tracemodel.h"

#include "loaderscope/base/events.h"

#include <QColor>
#include <QString>

#include <array>
#include <span>

namespace LaneKinds {

using loaderscope::EventKind;

/** What the timeline, the layout and the model ask about one kind of lane. */
struct LaneDescriptor
{
    TraceModel::LaneKind kind;
    int16_t engineLane;               ///< loaderscope::Lane; workers: 0 (their id is added)
    const char* lessonKey;            ///< the name lessons use for it (lessons/*.json "lanes")
    const char* title;                ///< QT_TRANSLATE_NOOP("TimelineRenderer", ...); workers: unused
    const char* simulatedTitle;       ///< the title when the device is simulated (nullptr: title)
    double heightPx;                  ///< at font scale 1
    /// One aggregate slot (TraceModel::histogramSlot): the kind it is drawn as (with its flags
    /// variant when two slots share a kind) and a second kind counted in it.
    struct Slot
    {
        EventKind kind = EventKind::None; ///< None: an unused slot
        quint8 flags = 0;
        EventKind also = EventKind::None;
    };
    std::array<Slot, 4> aggregates;
    /// Bottom-up stacking order of the slots when zoomed out (slots left out are not drawn: a
    /// worker's idle time is the lane's background).
    std::array<int, 4> stackOrder;
    int stackCount;
    /// Kinds drawn nested (row 1, the lane's lower half) inside the outer spans.
    std::array<EventKind, 6> nested;
};

/** How one kind of span or instant looks, on whatever lane it is. */
struct KindLook
{
    EventKind kind;
    QColor colour;        ///< flags bit 0 clear
    QColor variantColour; ///< flags bit 0 set (H2D from pinned memory, host waiting for the GPU); invalid: colour
};

/** One legend entry: shown when the model holds `kind` (a span in one of the `variants`, bit v
 *  for TraceModel::seen variant v; 0: any), or `alsoKind`; instants by their count. */
struct LegendRow
{
    EventKind kind;
    quint8 variants;
    quint8 flags;         ///< which colour of the kind (KindLook::variantColour when bit 0 set)
    const char* text;     ///< QT_TRANSLATE_NOOP("TimelineRenderer", ...); nullptr: the kind's label
    EventKind alsoKind = EventKind::None;
    bool marker = false;  ///< an instant's thin mark
    QColor markerColour = {};
};

std::span<const LaneDescriptor> lanes();
const LaneDescriptor& lane(TraceModel::LaneKind kind);
/** The descriptor of an engine lane number (workers: any id >= 0); nullptr for unknown lanes. */
const LaneDescriptor* laneForEngineLane(int engineLane);
std::span<const KindLook> looks();
/** The look of a kind; kinds without one get the neutral "event" look. */
const KindLook& look(EventKind kind);
/** The translated timeline name of a kind (its registry label), or "event" for kinds without one. */
QString label(EventKind kind);
/** The translated text of a legend row. */
QString legendText(const LegendRow& row);
std::span<const LegendRow> legendRows();
/** Whether `kind` is drawn nested on lanes of this kind. */
bool nestedOn(const LaneDescriptor& lane, EventKind kind);
/** The lane kind lessons call `key` ("main", "workers", ...); nullptr for an unknown key. */
const LaneDescriptor* laneForLessonKey(QStringView key);
/** The colour of an instant's mark, as its legend row shows it (the neutral look's without one). */
QColor markerColour(EventKind kind);
/** The translated text of a table entry (context TimelineRenderer). */
QString translated(const char* text);

} // namespace LaneKinds

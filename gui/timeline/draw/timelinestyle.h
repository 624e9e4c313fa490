// SPDX-License-Identifier: MIT
// How the timeline looks and reads: the themes (dark and light, for the screen and for exports),
// one colour and one translated name per kind of span, the lanes' names, and the legend (the kinds
// a model holds, in the order they are explained).
#pragma once

#include "timeline/model/tracemodel.h"

#include <QColor>
#include <QString>

#include <vector>

struct TimelineTheme
{
    bool docs = false;            ///< the light theme (documentation pictures, light desktops)
    double fontScale = 1.0;       ///< projector / large-font mode
    /// Lines the legend strip may take (0: as many as it needs, as in exports). A narrow window
    /// keeps its lanes: the rest of the legend is in Help ▸ Keyboard shortcuts and legend.
    int legendMaxLines = 0;
    QColor background{0x1e, 0x1f, 0x24};
    QColor laneAlt{0x25, 0x27, 0x2e};
    QColor text{0xe6, 0xe6, 0xe6};
    QColor grid{0x3a, 0x3d, 0x46};
    static TimelineTheme dark();
    static TimelineTheme light();
};

/** What a lesson points out on the timeline: highlighted lanes, a caption, a slow-motion badge. */
struct TimelineOverlay
{
    std::vector<TraceModel::LaneKind> lanes; ///< lanes framed and labelled
    bool memoryChart = false;                ///< the memory chart under the lanes framed too
    QString caption;                         ///< "Look: ..." (translated by the caller)
    QString badge;                           ///< e.g. "slowed ×5"
    bool empty() const { return lanes.empty() && !memoryChart && caption.isEmpty() && badge.isEmpty(); }
};

/** One entry of the legend: a colour swatch (or a marker) and what it means. */
struct LegendEntry
{
    QColor color;
    QString text;
    bool marker = false; ///< a thin vertical mark (worker start, error), not a block
};

namespace TimelineStyle {

QColor colorFor(quint8 kind, quint8 flags);
/// The lesson overlay's frame around what it points at (lanes, the memory chart).
QColor overlayAccent();
/// Translated name of a span kind, for hover text and legends.
QString kindName(quint8 kind, qint32 arg = 0);
/// Translated lane name ("worker 2 · pid 123", "GPU copy (simulated)", ...).
QString laneName(const TraceModel& m, int lane);
/// The kinds this model holds, each once, in a fixed order (what the legend explains).
std::vector<LegendEntry> legend(const TraceModel& m);
/// Every entry the legend can have, in its order (Help's legend: a run shows a part of it).
std::vector<LegendEntry> legendOfEverything();

} // namespace TimelineStyle

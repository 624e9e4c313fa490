// SPDX-License-Identifier: MIT
// The timeline's keys and mouse gestures, in one table: TimelineView dispatches its key presses
// and drags through it, the Shortcuts dialog lists it, and tst_docs checks README.md against it,
// so what the README says a drag does is what a drag does. GUI thread.
#pragma once

#include <Qt>

#include <vector>

namespace TimelineBindings {

enum class Action {
    ZoomIn,
    ZoomOut,
    PanBack,
    PanForward,
    ClearMarks,  ///< the selection, the highlighted batch and the measured range
    ZoomBack,    ///< the previous zoom
    Measure,     ///< a drag measures the time range it covers
    Pan,         ///< a drag moves the time axis
    Select,      ///< a click selects the span under the cursor
    WheelZoom,   ///< the wheel zooms around the cursor
};

struct Binding
{
    Action action;
    const char* input;   ///< as the Shortcuts dialog shows it (English source; context ShortcutsDialog)
    const char* effect;  ///< what it does (English source; context ShortcutsDialog)
    /// How README.md says it, word for word (tst_docs looks for it); nullptr: not in the README.
    const char* readme = nullptr;
    std::vector<int> keys = {};                       ///< Qt::Key values that do it
    Qt::MouseButton button = Qt::NoButton;            ///< a drag or click with this button...
    Qt::KeyboardModifiers modifiers = Qt::NoModifier; ///< ...and at least these modifiers
};

/// Every row, in the order the Shortcuts dialog lists them.
const std::vector<Binding>& all();
/// What a key press does; false when the timeline has no binding for `key`.
bool actionForKey(int key, Action& action);
/// What a drag that starts with `button` and `modifiers` does: Measure, Pan, or false for none.
/// The row with the most modifiers that all are held wins (Shift+drag before drag).
bool actionForDrag(Qt::MouseButton button, Qt::KeyboardModifiers modifiers, Action& action);

} // namespace TimelineBindings

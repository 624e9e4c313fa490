// SPDX-License-Identifier: MIT
#include "timelinebindings.h"

#include <QtGlobal>

#include <bit>

namespace TimelineBindings {

const std::vector<Binding>& all()
{
    // The texts keep the Shortcuts dialog's translation context (translations/tools/tr_strings.py).
    static const std::vector<Binding> rows = {
        {Action::WheelZoom, QT_TRANSLATE_NOOP("ShortcutsDialog", "Wheel"), QT_TRANSLATE_NOOP("ShortcutsDialog", "zoom around the cursor"),
         "Wheel zooms around the cursor"},
        {Action::ZoomIn, QT_TRANSLATE_NOOP("ShortcutsDialog", "W, +"), QT_TRANSLATE_NOOP("ShortcutsDialog", "zoom in"),
         "W or + zooms in", {Qt::Key_W, Qt::Key_Plus, Qt::Key_Equal}},
        {Action::ZoomOut, QT_TRANSLATE_NOOP("ShortcutsDialog", "S, −"), QT_TRANSLATE_NOOP("ShortcutsDialog", "zoom out"),
         "S or − zooms out", {Qt::Key_S, Qt::Key_Minus}},
        {Action::PanBack, QT_TRANSLATE_NOOP("ShortcutsDialog", "A, ←"), QT_TRANSLATE_NOOP("ShortcutsDialog", "move back in time"),
         "A or ← moves back in time", {Qt::Key_A, Qt::Key_Left}},
        {Action::PanForward, QT_TRANSLATE_NOOP("ShortcutsDialog", "D, →"), QT_TRANSLATE_NOOP("ShortcutsDialog", "move forward in time"),
         "D or → moves forward", {Qt::Key_D, Qt::Key_Right}},
        {Action::Pan, QT_TRANSLATE_NOOP("ShortcutsDialog", "Shift+drag"), QT_TRANSLATE_NOOP("ShortcutsDialog", "pan"),
         "Shift+drag pans", {}, Qt::LeftButton, Qt::ShiftModifier},
        {Action::Pan, QT_TRANSLATE_NOOP("ShortcutsDialog", "middle-button drag"), QT_TRANSLATE_NOOP("ShortcutsDialog", "pan"),
         "so does a middle-button drag", {}, Qt::MiddleButton},
        {Action::Measure, QT_TRANSLATE_NOOP("ShortcutsDialog", "Drag"),
         QT_TRANSLATE_NOOP("ShortcutsDialog", "measure a time range: its length and what happened inside it"),
         "drag measures a time range", {}, Qt::LeftButton},
        {Action::Select, QT_TRANSLATE_NOOP("ShortcutsDialog", "Click"),
         QT_TRANSLATE_NOOP("ShortcutsDialog", "select a span: its batch is highlighted in every lane, the details pane describes it"),
         "clicking a span highlights its batch's whole path"},
        {Action::ClearMarks, QT_TRANSLATE_NOOP("ShortcutsDialog", "Esc"),
         QT_TRANSLATE_NOOP("ShortcutsDialog", "clear the selection and the measured range"), "Esc clears them", {Qt::Key_Escape}},
        {Action::ZoomBack, QT_TRANSLATE_NOOP("ShortcutsDialog", "Backspace"), QT_TRANSLATE_NOOP("ShortcutsDialog", "back to the previous zoom"),
         "Backspace goes back to the previous zoom", {Qt::Key_Backspace}},
    };
    return rows;
}

bool actionForKey(int key, Action& action)
{
    for (const Binding& b : all())
        for (int k : b.keys)
            if (k == key) {
                action = b.action;
                return true;
            }
    return false;
}

bool actionForDrag(Qt::MouseButton button, Qt::KeyboardModifiers modifiers, Action& action)
{
    int best = -1;
    for (const Binding& b : all()) {
        if (b.button != button || (b.action != Action::Measure && b.action != Action::Pan) ||
            (modifiers & b.modifiers) != b.modifiers)
            continue;
        const int held = std::popcount(uint32_t(b.modifiers.toInt()));
        if (held > best) {
            best = held;
            action = b.action;
        }
    }
    return best >= 0;
}

} // namespace TimelineBindings

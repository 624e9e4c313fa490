// SPDX-License-Identifier: MIT
// A layout checker for widget tests: finds text a user cannot read whole in a laid-out window.
// It reports a label, button, check box, combo box entry or tab whose text needs more room than its
// widget gives it (cut or elided), text widgets that overlap, a widget that sticks out of its parent
// (a layout squeezed below its minimum) or a window out of its screen, a scroll area that clips its
// content sideways, a toolbar that hides items behind its "»", and on the timeline a capped legend,
// a cut lane name or a measure badge over a tick label. GUI thread only; call it after the layout
// has settled (LayoutCheck::settle).
#pragma once

#include <QRect>
#include <QStringList>

class QWidget;

namespace LayoutCheck {

/// Delivers pending layout requests and paints, so that sizes are final.
void settle();

/// Every problem in `window`. A combo box that draws other text than its current entry names it in
/// its "shownText" property. (and its visible child windows), one line each, naming the widget
/// and its text. `screen`: the available geometry windows must fit in (global px).
QStringList problems(QWidget* window, const QRect& screen);

/// A readable name for a widget in a report: class, object name and a few words of its text.
QString describe(const QWidget* w);

} // namespace LayoutCheck

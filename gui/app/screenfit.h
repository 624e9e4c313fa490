// SPDX-License-Identifier: MIT
// Every window fits the screen it opens on (a 1280x720 projector): an application-wide event
// filter bounds each window's size and position to its screen's available geometry when it is
// shown, and makes that bound its explicit minimum size, so that a layout which later needs more
// room (a quiz answer wrapped to three lines) wraps or scrolls instead of growing the window past
// the screen. GUI thread only.
#pragma once

class QWidget;

namespace ScreenFit {

/// Installs the filter on the application (once; later calls do nothing).
void install();
/// Bounds `window` to its screen now (the filter does this on every show).
void fit(QWidget* window);

} // namespace ScreenFit

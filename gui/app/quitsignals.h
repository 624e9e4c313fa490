// SPDX-License-Identifier: MIT
// SIGTERM, SIGHUP and SIGINT end the app as its Quit does: the windows close (the main window
// saves its settings and stops its run, ending the engine and its workers), then the event loop
// returns. Without it `kill PID`, a closed terminal or a logout lost the settings of the
// session (issue 47). The handler only writes a byte to a pipe (async-signal-safe); the GUI
// thread reads it. Install once, in main(), before the window exists.
#pragma once

namespace QuitSignals {

/// Installs the handlers and the GUI thread's reader of their pipe (needs a QApplication).
void install();

} // namespace QuitSignals

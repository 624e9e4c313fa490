// SPDX-License-Identifier: MIT
// Light and dark, for every widget (a Fusion palette), the timeline, the chart and the exports;
// at first start the app follows the desktop's own choice (its palette before ours). Large fonts
// (projector) scale the application font and the timeline together.
#pragma once

#include "timeline/draw/timelinerenderer.h"

class QApplication;

namespace AppTheme {

enum class Mode { System, Light, Dark };

/// The application's text size, in points: normal, and with Large fonts (projector).
constexpr double kNormalPointSize = 9.5;
constexpr double kLargePointSize = 14;

/// Remembers the desktop's palette (call once, before apply()).
void captureSystem();
/// Whether the desktop's palette is dark.
bool systemIsDark();
/// Whether `mode` comes out dark on this desktop.
bool isDark(Mode mode);
/// Applies the palette and the font to the whole application; returns the timeline's theme.
TimelineTheme apply(Mode mode, bool largeFonts);
/// The timeline's theme from the last apply() (dark before any): windows opened later (Compare,
/// Ranks) draw like the main window. GUI thread only.
TimelineTheme current();
/// The timeline's theme for a mode (exports use it too).
TimelineTheme timelineTheme(bool dark, bool largeFonts);
QString modeName(Mode mode);            ///< "system", "light", "dark" (settings)
Mode modeFromName(const QString& name); ///< System when unknown

} // namespace AppTheme

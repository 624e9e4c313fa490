// SPDX-License-Identifier: MIT
// The presets shipped with the app (resources/presets, installed in the data folder: datadir.h):
// their names, translated titles
// and config text. One catalogue for the window's preset box, the command line and the lessons.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Presets {

/// File base names, sorted ("num_workers_4", ...).
QStringList names();
/// "num_workers=4: four worker processes" (translated); the name itself when it has no title.
QString title(const QString& name);
/// The config text, or empty for an unknown name.
QByteArray json(const QString& name);

} // namespace Presets

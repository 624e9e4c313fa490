// SPDX-License-Identifier: MIT
// Where the app's data is: the presets, the workshop lessons and the translations are files, found
// relative to the running program. Installed, the program is <prefix>/bin/loaderscope and the
// data <prefix>/share/loaderscope (LOADERSCOPE_DATA_FROM_BIN, computed by CMake from the install
// folders); the build tree has the same shape (build/gui/loaderscope, build/share/loaderscope), so
// nothing depends on where the source or the build tree is.
#pragma once

#include <QString>

namespace DataDir {

/// The data folder: the running program's folder + LOADERSCOPE_DATA_FROM_BIN, cleaned (no "..").
/// Needs a QCoreApplication. The folder may not exist (a program copied alone).
QString path();
/// <data>/presets: one <name>.json per preset.
QString presets();
/// <data>/lessons/lessons.json.
QString lessonsFile();
/// <data>/translations: loaderscope_<lang>.qm.
QString translations();

} // namespace DataDir

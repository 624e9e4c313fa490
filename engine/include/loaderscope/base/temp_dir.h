// SPDX-License-Identifier: MIT
// Private temporary folders for a run, a sweep, a proof or the app: made 0700, named so that a later
// process can tell whose they were and remove the ones whose process is gone. The lowest room
// (base/): the loader, the analysis, the CLI, the probe and the app all use them.
#pragma once

#include <string>
#include <vector>

namespace loaderscope {

/**
 * A directory only this user can enter (0700), under $XDG_RUNTIME_DIR when set (else /tmp), named
 * loaderscope-<what>-<pid>-XXXXXX so that sweepStaleTempDirs can remove it once its process is
 * gone. Throws std::runtime_error.
 */
std::string privateTempDir(const std::string& what);
/// Removes the directory and the plain files in it (it holds no subdirectories).
void removePrivateTempDir(const std::string& dir);
/// Removes loaderscope-*-<pid>-* directories of this user whose process is gone; returns them.
std::vector<std::string> sweepStaleTempDirs();

} // namespace loaderscope

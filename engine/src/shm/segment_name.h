// SPDX-License-Identifier: MIT
// The names of Loaderscope segments in /dev/shm ("loaderscope-<pid>-<nonce>", made by
// Segment::create, looked for by the stale sweep, the list of live segments and sweeps), and the
// one way every one of them opens such a name.
#pragma once

#include <string>
#include <sys/stat.h>

namespace loaderscope {

inline constexpr const char* kSegmentPrefix = "loaderscope-";

/// True for a name Segment::open may take: one plain file name (no '/', not "." or ".."), at
/// most 200 bytes.
bool isShmFileName(const std::string& name);

/**
 * Opens /dev/shm/<name> (flags: O_RDONLY or O_RDWR) the only safe way: never through a link
 * (O_NOFOLLOW), never blocking (O_NONBLOCK: a FIFO planted under our name would hang open()
 * forever), and only a regular file owned by this user. Anyone can create names in /dev/shm, so
 * every reader of a name found there goes through this. Returns the descriptor with `st` filled,
 * or -1 with `why` set (and errno: ENOENT when there is nothing of that name).
 */
int openShmFile(const std::string& name, int flags, struct stat& st, std::string& why);

} // namespace loaderscope

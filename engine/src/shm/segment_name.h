// SPDX-License-Identifier: MIT
// The name every Loaderscope segment in /dev/shm starts with ("loaderscope-<pid>-<nonce>"): made
// by Segment::create, looked for by the stale sweep, the list of live segments and sweeps.
#pragma once

namespace loaderscope {

inline constexpr const char* kSegmentPrefix = "loaderscope-";

} // namespace loaderscope

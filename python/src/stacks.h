// SPDX-License-Identifier: MIT
// The Python stacks of a watched job (issue 49): written by the probe's stack watch threads
// (loaderscope/_stacks.py) as Stack and StackText events, read back by `python3 -m loaderscope
// stacks` from a live segment (asking for them) or from a recording.
#pragma once

#include <cstdint>
#include <string>

namespace lsprobe {

class Writer;

/// One stack into the writer's ring: the Stack event, then its text in StackText pieces (at most
/// kMaxWrittenBytes; a longer text is cut, keeping its end: the innermost frames). With the GIL
/// held (PyDLL), so the thread that owns the writer and the watch thread never write at once.
void writeStack(Writer& w, uint64_t t, int64_t batch, int64_t sample, int reason, const char* text, size_t bytes);
inline constexpr size_t kMaxWrittenBytes = 8192;

/// Asks the job whose segment is `segment` for its stacks (unless `ask` is false: then only those
/// its threads take by themselves meanwhile) and waits up to `waitMs` for them: until the main
/// thread and every live worker answered. JSON: the segment's program, pid, clock origin, the
/// stacks, and the threads that did not answer. Throws std::runtime_error (no such segment).
std::string collectStacks(const std::string& segment, bool ask, int waitMs);

/// Every stack in the recording at `path`, JSON (as collectStacks). Throws on an unreadable file.
std::string recordingStacks(const std::string& path);

} // namespace lsprobe

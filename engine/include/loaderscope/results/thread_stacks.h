// SPDX-License-Identifier: MIT
// What a thread of a watched job was doing (issue 49): the probe's Stack events, each followed by
// its text in StackText pieces (events.h), put back together by every reader of events alike:
// `python3 -m loaderscope stacks`, the timeline, the Chrome trace export.
#pragma once

#include "loaderscope/base/events.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace loaderscope {

/** Why the probe took a stack (the low byte of a Stack event's arg1). */
enum class StackReason : int {
    Asked = 1,     ///< someone asked (`loaderscope stacks SEGMENT`, the app's Show stack)
    SlowFetch = 2, ///< a fetch had run past the threshold (10 s, or half the DataLoader's timeout)
};
/// "asked", "slow fetch" (for JSON and logs; the app words it itself).
const char* stackReasonName(int reason);

/// The bytes of text one StackText event carries (batch, arg0, arg1).
inline constexpr size_t kStackPieceBytes = 24;
/// The most text a Stack may announce: a reader drops a longer one (the probe writes at most 8 KiB).
inline constexpr size_t kMaxStackTextBytes = 16384;

/** One Python stack as the probe took it. */
struct ThreadStack
{
    int lane = 0;          ///< a worker's id, or LaneMain (the job's main thread)
    uint64_t t = 0;        ///< when it was taken (the events' clock, ns)
    int64_t batch = -1;    ///< the batch key of the task the thread was on (-1: none)
    int64_t sample = -1;   ///< the sample it was fetching (-1: none, or an iterable dataset's)
    int reason = 0;        ///< StackReason
    std::string text;      ///< innermost frame last, as Python prints a traceback
    bool whole = true;     ///< false: some of its text was lost (an overrun ring, a cut file)
};

/// A Stack event's arg1 for `reason` and `bytes` of text.
constexpr int64_t stackArg1(StackReason reason, size_t bytes)
{
    return int64_t(reason) | (int64_t(bytes) << 8);
}

/// The StackText payloads (batch, arg0, arg1) that carry `text`, in order.
std::vector<std::array<int64_t, 3>> stackTextPieces(std::string_view text);

/**
 * Puts stacks back together from a stream of events (any kinds: the others are ignored). A
 * writer puts a Stack and its pieces in one ring one after the other, so a reader that sees the
 * ring in order sees each stack whole; a piece whose Stack was not seen is dropped. At most
 * kMaxPending stacks wait for their pieces (the oldest is given up, not whole). One thread.
 */
class StackAssembler
{
public:
    static constexpr size_t kMaxPending = 64;

    void add(const Event& e);
    /// The stacks completed since the last call, in the order they completed.
    std::vector<ThreadStack> take();
    /// Every stack still waiting for pieces, marked not whole (the end of the events).
    std::vector<ThreadStack> flush();

private:
    struct Pending
    {
        ThreadStack stack;
        size_t bytes = 0;
        size_t pieces = 0;
        std::vector<bool> got;
    };
    std::map<std::pair<int, uint64_t>, Pending> m_pending;
    std::vector<ThreadStack> m_done;
};

/// Every stack in a recording (`path`), in the order taken; throws RecordingError when it cannot
/// be read. `truncated`, when given, says whether the file was cut short or damaged; `origin`, its
/// time zero (the header's clock origin).
std::vector<ThreadStack> readThreadStacks(const std::string& path, bool* truncated = nullptr, uint64_t* origin = nullptr);

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// The moments the step chart marks (issue 49): epoch starts, worker starts, and the marks the job
// declares itself (loaderscope.mark("checkpoint"): a Mark event, events.h), gathered from the
// events by every reader alike (the timeline's model, the Chrome trace export).
#pragma once

#include "loaderscope/base/events.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loaderscope {

/// The most bytes of UTF-8 a Mark's label carries (batch, arg0, arg1).
inline constexpr size_t kMarkLabelBytes = 24;

/** One marked moment. */
struct RunMark
{
    enum class Kind : uint8_t {
        EpochStart,  ///< value = the epoch
        WorkerStart, ///< value = the worker's generation (0: the first start; later ones are restarts)
        Declared,    ///< the job's own mark: label
    };
    uint64_t t = 0;     ///< the events' clock, ns
    Kind kind = Kind::Declared;
    int lane = 0;       ///< the worker's id (WorkerStart), else LaneMain
    int64_t value = 0;  ///< see Kind
    std::string label;  ///< Declared: the job's label (UTF-8, at most kMarkLabelBytes)
};

/// A Mark event's (batch, arg0, arg1) for `label`: its first kMarkLabelBytes bytes, cut before a
/// UTF-8 sequence that would not fit whole, padded with NULs.
std::array<int64_t, 3> markPayload(std::string_view label);
/// The label a Mark event carries (up to the first NUL).
std::string markLabel(const Event& e);
/// The mark `e` makes (an EpochBegin, a WorkerStart, a Mark), if it makes one.
std::optional<RunMark> runMark(const Event& e);

/**
 * The marks of a run in time order, bounded: past kMaxMarks (a long run with a mark every step)
 * the declared marks are kept one in two, older first, and thinned() says so. One thread.
 */
class RunMarks
{
public:
    static constexpr size_t kMaxMarks = 65536;

    void add(const Event& e);
    const std::vector<RunMark>& marks() const { return m_marks; }
    bool thinned() const { return m_thinned; }
    void clear() { *this = RunMarks(); }

private:
    std::vector<RunMark> m_marks;
    bool m_thinned = false;
};

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// What a Python stack the probe took says, in words (issue 49): the timeline's hover and the
// details pane (a click on a stack's mark, or Show stacks' answers). Translated, rich text.
#pragma once

#include "loaderscope/results/thread_stacks.h"

#include <QString>

#include <vector>

class TraceModel;

namespace StackText {

/// One stack: where (the lane, the sample, the batch), when and why it was taken, and its frames
/// (`whole`: every frame; else the innermost few, with a hint to click).
QString html(const TraceModel& model, const loaderscope::ThreadStack& stack, bool whole);
/// Several, one after the other (Show stacks' answers), under a line saying how many.
QString html(const TraceModel& model, const std::vector<const loaderscope::ThreadStack*>& stacks);

} // namespace StackText

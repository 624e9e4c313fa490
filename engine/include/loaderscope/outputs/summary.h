// SPDX-License-Identifier: MIT
// The summary of a finished run (summary.cpp): device figures, the typed summary, its JSON.
#pragma once

#include "loaderscope/config/config.h"
#include "loaderscope/device/device.h"
#include "loaderscope/results/run_summary.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace loaderscope {

struct RunReport;
struct LoaderKnobs;

/**
 * What every producer of a RunSummary does last, one way: the engine's run (makeRunSummary), the
 * probe's job (python/src/outputs.cpp) and the app's live view (RunSession::liveSummary), once
 * the figures, events and events_lost are in. Sets the usable cores, whether the figures are
 * reliable (no event lost), the verdict (runVerdict), the version, and with `knobs` the advice.
 */
void finishSummary(RunSummary& s, const LoaderKnobs* knobs);
/// What s.events_lost means for its figures (finishSummary's part, for summaries made without
/// it: an opened recording): figures_reliable, and batches_unseen from the batch numbering.
void noteLostEvents(RunSummary& s);

/** The typed summary of a finished run (figures, verdict, advice, exit state). */
RunSummary makeRunSummary(const Config& config, const RunReport& report);
/** The summary JSON of docs/config.md, pretty-printed. */
std::string summaryJson(const Config& config, const RunReport& report);

} // namespace loaderscope

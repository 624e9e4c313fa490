// SPDX-License-Identifier: MIT
// The summary of a finished run (summary.cpp): device figures, the typed summary, its JSON.
#pragma once

#include "loaderscope/config.h"
#include "loaderscope/device.h"
#include "loaderscope/run_summary.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace loaderscope {

struct RunReport;
struct LoaderKnobs;

/** Device-side figures computed from finished copies and kernels. */
struct DeviceMetrics
{
    double copy_s = 0;       ///< total H2D copy time
    double kernel_s = 0;     ///< total step-kernel time
    double overlap_s = 0;    ///< copy time that ran while a step kernel ran
    double step_period_s = 0;///< first kernel start to last kernel end, per kernel
    uint64_t bytes = 0;
    size_t copies = 0;
    size_t kernels = 0;
    size_t pageable_copies = 0;
};
/// The figures of finished copies and kernels, through MetricsAccumulator (tests, trace import).
DeviceMetrics deviceMetrics(const std::vector<DeviceSpan>& spans);

/**
 * What every producer of a RunSummary does last, one way: the engine's run (makeRunSummary), the
 * probe's job (python/src/outputs.cpp) and the app's live view (RunSession::liveSummary), once
 * the figures, events and events_lost are in. Sets the usable cores, whether the figures are
 * reliable (no event lost), the verdict (runVerdict), the version, and with `knobs` the advice.
 */
void finishSummary(RunSummary& s, const LoaderKnobs* knobs);

/** The typed summary of a finished run (figures, verdict, advice, exit state). */
RunSummary makeRunSummary(const Config& config, const RunReport& report);
/** The summary JSON of docs/config.md, pretty-printed. */
std::string summaryJson(const Config& config, const RunReport& report);

} // namespace loaderscope

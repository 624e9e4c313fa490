// SPDX-License-Identifier: MIT
// A PyTorch profiler trace shown on the timeline: the loader's waits and the steps on the main
// lane, host-to-device copies on the copy lane, kernels on the compute lane.
#pragma once

#include "loaderscope/profiler_import.h"

#include "loaderscope/run_summary.h"

class TraceModel;

/// Fills `model` from an imported trace; time 0 is the first ProfilerStep (or the first span).
void loadProfilerTrace(const loaderscope::ProfilerTrace& trace, TraceModel& model);
/// The analysis as a RunSummary (source "profiler"): the figures that apply to a trace.
loaderscope::RunSummary analysisSummary(const loaderscope::TraceAnalysis& a);

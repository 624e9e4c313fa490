// SPDX-License-Identifier: MIT
// A PyTorch profiler trace shown on the timeline: the loader's waits and the steps on the main
// lane, host-to-device copies on the copy lane, kernels on the compute lane.
#pragma once

#include "loaderscope/analysis/profiler_import.h"

#include "loaderscope/results/run_summary.h"

class TraceModel;

/// Fills `model` from an imported trace: the loop thread's steps and waits on the main lane;
/// time 0 is the start of the loop (its first step or wait), or the first span.
void loadProfilerTrace(const loaderscope::ProfilerTrace& trace, TraceModel& model);
/// The same with the trace's analysis at hand (it is not computed again: large traces).
void loadProfilerTrace(const loaderscope::ProfilerTrace& trace, const loaderscope::TraceAnalysis& a, TraceModel& model);
/// The analysis as a RunSummary (source "profiler"): the figures that apply to a trace. What
/// RunSummary cannot say yet (loop_shape, stall_applies, gpu_applies, loader_spans_found) is in
/// TraceAnalysis; refused spans mark the figures unreliable, with the warnings.
loaderscope::RunSummary analysisSummary(const loaderscope::TraceAnalysis& a);

// SPDX-License-Identifier: MIT
// A PyTorch profiler trace shown on the timeline: the loader's waits and the steps on the main
// lane, host-to-device copies on the copy lane, kernels on the compute lane.
#pragma once

#include "loaderscope/profiler_import.h"

#include <QJsonObject>

class TraceModel;

/// Fills `model` from an imported trace: the loop thread's steps and waits on the main lane;
/// time 0 is the start of the loop (its first step or wait), or the first span.
void loadProfilerTrace(const loaderscope::ProfilerTrace& trace, TraceModel& model);
/// The analysis as a summary object with the keys SummaryPanel reads; figures that do not apply
/// are absent. Also: loop_shape, loop_thread, loader_spans_found, stall_applies, gpu_applies,
/// reliable, refused_spans, warnings.
QJsonObject analysisSummary(const loaderscope::TraceAnalysis& a);

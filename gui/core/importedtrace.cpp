// SPDX-License-Identifier: MIT
#include "importedtrace.h"

#include "tracemodel.h"


using loaderscope::EventKind;
using loaderscope::ProfiledSpan;

void loadProfilerTrace(const loaderscope::ProfilerTrace& trace, TraceModel& model)
{
    int64_t origin = INT64_MAX, firstStep = INT64_MAX;
    for (const ProfiledSpan& s : trace.spans) {
        origin = std::min(origin, s.t0);
        if (s.kind == ProfiledSpan::Step)
            firstStep = std::min(firstStep, s.t0);
    }
    if (firstStep != INT64_MAX)
        origin = firstStep;
    model.reset(0, 0, /*simulatedDevice=*/false);
    const int main = model.laneIndex(TraceModel::LaneKind::Main);
    const int copy = model.laneIndex(TraceModel::LaneKind::Copy);
    const int compute = model.laneIndex(TraceModel::LaneKind::Compute);
    std::vector<std::pair<int, std::pair<int, SpanRec>>> spans;
    for (const ProfiledSpan& s : trace.spans) {
        if (s.t1 < origin)
            continue; // before the first step (profiler warm-up)
        SpanRec r;
        r.t0 = s.t0 - origin;
        r.t1 = s.t1 - origin;
        switch (s.kind) {
        case ProfiledSpan::Step:
            r.kind = quint8(EventKind::Step);
            model.appendSpan(main, 0, r);
            break;
        case ProfiledSpan::DataWait: // inside the step: the nested row
            r.kind = quint8(EventKind::WaitData);
            model.appendSpan(main, 1, r);
            break;
        case ProfiledSpan::CopyPinned:
        case ProfiledSpan::CopyPageable:
            r.kind = quint8(EventKind::H2DCopy);
            r.flags = s.kind == ProfiledSpan::CopyPinned ? 1 : 0;
            r.arg = qint32(std::min<uint64_t>(s.bytes / 1024, INT32_MAX));
            model.appendSpan(copy, 0, r);
            break;
        case ProfiledSpan::Kernel:
            r.kind = quint8(EventKind::Kernel);
            model.appendSpan(compute, 0, r);
            break;
        }
    }
    model.finishAppend();
}

loaderscope::RunSummary analysisSummary(const loaderscope::TraceAnalysis& a)
{
    loaderscope::RunSummary s;
    s.source = "profiler";
    loaderscope::RunFigures& f = s.figures;
    f.batches = a.steps;
    f.seconds = a.step_s;
    f.data_stall_fraction = a.data_stall_fraction;
    f.gpu_busy_fraction = a.gpu_busy_fraction;
    f.kernel_s = a.kernels > 0 ? a.gpu_busy_fraction * a.step_s : 0.0;
    f.copies = a.pinned_copies + a.pageable_copies;
    f.pageable_copies = a.pageable_copies;
    if (a.overlap_fraction >= 0)
        f.overlap_fraction = a.overlap_fraction;
    if (a.h2d_gbps >= 0)
        f.h2d_gbps = a.h2d_gbps;
    s.verdict = a.verdict;
    for (const std::string& r : a.recommendations) {
        loaderscope::Advice advice; // sentences of the trace analysis: no id, no knob yet
        advice.text = r;
        s.advice.push_back(advice);
    }
    return s;
}

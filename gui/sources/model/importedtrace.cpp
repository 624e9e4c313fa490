// SPDX-License-Identifier: MIT
#include "importedtrace.h"

#include "timeline/model/tracemodel.h"

#include <QCoreApplication>

using loaderscope::EventKind;
using loaderscope::ProfiledSpan;

namespace {

struct T
{
    Q_DECLARE_TR_FUNCTIONS(ImportedTrace)
};

/// The lanes say what they are from: the rank and the loop's thread; a trace has no pin-memory
/// thread of ours, and device lanes only when it holds copies or kernels.
void nameLanes(const loaderscope::ProfilerTrace& trace, const loaderscope::TraceAnalysis& a, bool haveLoop,
               bool deviceSpans, TraceModel& model)
{
    const QString rank = trace.rank >= 0 ? T::tr("rank %1 · ").arg(trace.rank) : QString();
    const QString thread = QString::fromStdString(a.loop_thread);
    const int main = model.laneIndex(TraceModel::LaneKind::Main);
    model.setLaneTitle(main, haveLoop && !thread.isEmpty() ? rank + T::tr("loop · %1").arg(thread)
                                                           : rank + T::tr("CPU threads"));
    model.setLaneHidden(model.laneIndex(TraceModel::LaneKind::Pin), true);
    const int copy = model.laneIndex(TraceModel::LaneKind::Copy);
    const int compute = model.laneIndex(TraceModel::LaneKind::Compute);
    model.setLaneTitle(copy, rank + T::tr("GPU copies"));
    model.setLaneTitle(compute, rank + T::tr("GPU kernels"));
    model.setLaneHidden(copy, !deviceSpans);
    model.setLaneHidden(compute, !deviceSpans);
}

} // namespace

void loadProfilerTrace(const loaderscope::ProfilerTrace& trace, TraceModel& model)
{
    loadProfilerTrace(trace, loaderscope::analyzeProfilerTrace(trace), model);
}

void loadProfilerTrace(const loaderscope::ProfilerTrace& trace, const loaderscope::TraceAnalysis& a, TraceModel& model)
{
    // The main lane shows the loop's own thread (its steps and loader waits); waits on other
    // threads (a prefetcher) would read as the loop's and are left out. Time 0 is the start of the
    // loop's window (the first step, or the first wait when it precedes it), else the first span.
    int64_t origin = INT64_MAX;
    for (const ProfiledSpan& s : trace.spans)
        origin = std::min(origin, s.t0);
    if (a.loop_end_ns > a.loop_begin_ns)
        origin = a.loop_begin_ns;
    const bool haveLoop = a.steps > 0 || a.stall_applies;
    model.reset(0, 0, /*simulatedDevice=*/false);
    const int main = model.laneIndex(TraceModel::LaneKind::Main);
    const int copy = model.laneIndex(TraceModel::LaneKind::Copy);
    const int compute = model.laneIndex(TraceModel::LaneKind::Compute);
    bool deviceSpans = false;
    for (const ProfiledSpan& s : trace.spans) {
        if (s.t1 < origin)
            continue; // before the loop (profiler warm-up)
        const bool loopThread = !haveLoop || (s.pid == a.loop_pid && s.tid == a.loop_tid);
        SpanRec r;
        r.t0 = std::max<int64_t>(s.t0, origin) - origin;
        r.t1 = s.t1 - origin;
        switch (s.kind) {
        case ProfiledSpan::Step:
            if (!loopThread)
                break;
            r.kind = quint8(EventKind::Step);
            model.appendSpan(main, 0, r);
            break;
        case ProfiledSpan::DataWait: // the nested row, whether inside the steps or between them
            if (!loopThread)
                break;
            r.kind = quint8(EventKind::WaitData);
            model.appendSpan(main, 1, r);
            break;
        case ProfiledSpan::CopyPinned:
        case ProfiledSpan::CopyPageable:
            r.kind = quint8(EventKind::H2DCopy);
            r.flags = s.kind == ProfiledSpan::CopyPinned ? 1 : 0;
            r.arg = qint32(std::min<uint64_t>(s.bytes / 1024, INT32_MAX));
            model.appendSpan(copy, 0, r);
            deviceSpans = true;
            break;
        case ProfiledSpan::Kernel:
            r.kind = quint8(EventKind::Kernel);
            model.appendSpan(compute, 0, r);
            deviceSpans = true;
            break;
        }
    }
    nameLanes(trace, a, haveLoop, deviceSpans, model);
    model.finishAppend();
}

loaderscope::RunSummary analysisSummary(const loaderscope::TraceAnalysis& a)
{
    // RunFigures: `seconds` is the loop's time (the steps' time when the waits are inside them,
    // first wait to last step end when they are between); a figure that does not apply stays 0
    // here (TraceAnalysis::stall_applies / gpu_applies say which; see importedtrace.h).
    loaderscope::RunSummary s;
    s.source = "profiler";
    loaderscope::RunFigures& f = s.figures;
    f.batches = a.steps;
    f.seconds = a.stall_applies ? a.loop_s : a.step_s;
    if (f.seconds > 0)
        f.batches_per_s = double(a.steps) / f.seconds;
    f.step_s = a.step_s;
    f.data_stall_fraction = a.stall_applies ? a.data_stall_fraction : 0.0;
    f.gpu_busy_fraction = a.gpu_applies ? a.gpu_busy_fraction : 0.0;
    f.kernel_s = a.gpu_applies ? a.gpu_busy_fraction * double(a.loop_end_ns - a.loop_begin_ns) * 1e-9 : 0.0;
    f.copies = a.pinned_copies + a.pageable_copies;
    f.pageable_copies = a.pageable_copies;
    s.figures_reliable = a.reliable;
    s.data_stall_measured = a.stall_applies;
    s.warnings = a.warnings;
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

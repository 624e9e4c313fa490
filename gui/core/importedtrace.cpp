// SPDX-License-Identifier: MIT
#include "importedtrace.h"

#include "tracemodel.h"

#include <QJsonArray>

using loaderscope::EventKind;
using loaderscope::ProfiledSpan;

void loadProfilerTrace(const loaderscope::ProfilerTrace& trace, TraceModel& model)
{
    // The main lane shows the loop's own thread (its steps and loader waits); waits on other
    // threads (a prefetcher) would read as the loop's and are left out. Time 0 is the start of the
    // loop's window (the first step, or the first wait when it precedes it), else the first span.
    const loaderscope::TraceAnalysis a = loaderscope::analyzeProfilerTrace(trace);
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
            break;
        case ProfiledSpan::Kernel:
            r.kind = quint8(EventKind::Kernel);
            model.appendSpan(compute, 0, r);
            break;
        }
    }
    model.finishAppend();
}

QJsonObject analysisSummary(const loaderscope::TraceAnalysis& a)
{
    // Figures that do not apply to the trace are left out (shown as "–"), never given as 0: the
    // data stall without loader spans, GPU busy without kernels, samples/s (a trace has no samples).
    QJsonArray recs, warnings;
    for (const auto& r : a.recommendations)
        recs.append(QString::fromStdString(r));
    for (const auto& w : a.warnings)
        warnings.append(QString::fromStdString(w));
    QJsonObject s{{QStringLiteral("backend"), QStringLiteral("profiler trace")},
                  {QStringLiteral("verdict"), QString::fromStdString(a.verdict)},
                  {QStringLiteral("recommendations"), recs},
                  {QStringLiteral("warnings"), warnings},
                  {QStringLiteral("batches"), a.steps},
                  {QStringLiteral("loop_shape"), QString::fromStdString(a.loop_shape)},
                  {QStringLiteral("loop_thread"), QString::fromStdString(a.loop_thread)},
                  {QStringLiteral("loader_spans_found"), a.loader_spans_found},
                  {QStringLiteral("stall_applies"), a.stall_applies},
                  {QStringLiteral("gpu_applies"), a.gpu_applies},
                  {QStringLiteral("reliable"), a.reliable},
                  {QStringLiteral("refused_spans"), double(a.refused_spans)}};
    if (a.stall_applies) {
        s.insert(QStringLiteral("data_stall_fraction"), a.data_stall_fraction);
        s.insert(QStringLiteral("data_wait_s"), a.data_wait_s);
        s.insert(QStringLiteral("loop_s"), a.loop_s);
    }
    if (a.steps > 0 && a.loop_s > 0)
        s.insert(QStringLiteral("steps_per_s"), double(a.steps) / a.loop_s);
    else if (a.steps > 0 && a.step_s > 0)
        s.insert(QStringLiteral("steps_per_s"), double(a.steps) / a.step_s);
    if (a.gpu_applies)
        s.insert(QStringLiteral("gpu_busy_fraction"), a.gpu_busy_fraction);
    if (a.overlap_fraction >= 0)
        s.insert(QStringLiteral("overlap_fraction"), a.overlap_fraction);
    if (a.h2d_gbps >= 0)
        s.insert(QStringLiteral("h2d_gbps"), a.h2d_gbps);
    return s;
}

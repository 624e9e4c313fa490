// SPDX-License-Identifier: MIT
#include "importedtrace.h"

#include "tracemodel.h"

#include <QJsonArray>

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

QJsonObject analysisSummary(const loaderscope::TraceAnalysis& a)
{
    QJsonArray recs;
    for (const auto& r : a.recommendations)
        recs.append(QString::fromStdString(r));
    QJsonObject s{{QStringLiteral("backend"), QStringLiteral("profiler trace")},
                  {QStringLiteral("data_stall_fraction"), a.data_stall_fraction},
                  {QStringLiteral("gpu_busy_fraction"), a.gpu_busy_fraction},
                  {QStringLiteral("verdict"), QString::fromStdString(a.verdict)},
                  {QStringLiteral("recommendations"), recs},
                  {QStringLiteral("batches"), a.steps},
                  {QStringLiteral("steps_per_s"), a.step_s > 0 ? double(a.steps) / a.step_s : 0.0}};
    if (a.overlap_fraction >= 0)
        s.insert(QStringLiteral("overlap_fraction"), a.overlap_fraction);
    if (a.h2d_gbps >= 0)
        s.insert(QStringLiteral("h2d_gbps"), a.h2d_gbps);
    return s;
}

// SPDX-License-Identifier: MIT
#include "livemetrics.h"

#include "loaderscope/run.h"
#include "tracemodel.h"

#include <QCoreApplication>

using loaderscope::EventKind;

QString translatedVerdict(double dataStall)
{
    return translateVerdict(QString::fromStdString(loaderscope::verdictFor(dataStall)));
}

QString translateVerdict(const QString& v)
{
    if (v == QLatin1String("not input-bound"))
        return QCoreApplication::translate("Metrics", "not input-bound");
    if (v == QLatin1String("moderately input-bound"))
        return QCoreApplication::translate("Metrics", "moderately input-bound");
    if (v == QLatin1String("highly input-bound"))
        return QCoreApplication::translate("Metrics", "highly input-bound");
    if (v == QLatin1String("no batches delivered"))
        return QCoreApplication::translate("Metrics", "no batches delivered");
    return v;
}

LiveMetrics computeLiveMetrics(const TraceModel& m)
{
    LiveMetrics r;
    const int main = m.laneIndex(TraceModel::LaneKind::Main);
    const int compute = m.laneIndex(TraceModel::LaneKind::Compute);
    r.simulatedDevice = m.simulatedDevice();
    r.seconds = double(m.endTime() - m.startTime()) * 1e-9;
    r.batches = m.instantCount(EventKind::Deliver);
    r.samples = m.deliveredSamples();
    if (r.seconds <= 0)
        return r;
    r.samplesPerS = double(r.samples) / r.seconds;
    r.dataStall = std::min(1.0, double(m.totalNs(main, EventKind::WaitData)) * 1e-9 / r.seconds);
    if (compute >= 0)
        r.gpuBusy = std::min(1.0, double(m.totalNs(compute, EventKind::Kernel)) * 1e-9 / r.seconds);
    for (int w = 0; w < m.numWorkers(); ++w) {
        const int lane = m.laneIndex(TraceModel::LaneKind::Worker, w);
        const double busy = double(m.totalNs(lane, EventKind::Fetch) + m.totalNs(lane, EventKind::Collate)) * 1e-9;
        r.workerBusy << std::min(1.0, busy / r.seconds);
    }
    r.verdict = r.batches > 0 ? translatedVerdict(r.dataStall) : QString();
    return r;
}

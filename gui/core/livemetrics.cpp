// SPDX-License-Identifier: MIT
#include "livemetrics.h"

#include "loaderscope/run.h"
#include "tracemodel.h"

#include <QCoreApplication>
#include <QRegularExpression>

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
    // Imported profiler traces (engine/src/trace_analysis.cpp)
    if (v == QLatin1String("no loader spans found"))
        return QCoreApplication::translate("Metrics", "no loader spans found");
    if (v == QLatin1String("loader wait not measured"))
        return QCoreApplication::translate("Metrics", "loader wait not measured");
    if (v == QLatin1String("unreliable trace"))
        return QCoreApplication::translate("Metrics", "unreliable trace");
    return v;
}

QString translateRecommendation(const QString& text)
{
    auto tr = [](const char* s) { return QCoreApplication::translate("Recommendations", s); };
    struct Pattern
    {
        const char* regex;
        const char* translation;
    };
    // The engine's sentences (engine/src/summary.cpp), each with its translatable form.
    static const Pattern patterns[] = {
        {R"(^GPU idle (\d+)% \(the loop waits (\d+)% of its time for data\) with num_workers 0, the main process loading every batch itself: raise num_workers$)",
         QT_TRANSLATE_NOOP("Recommendations", "GPU idle %1% (the loop waits %2% of its time for data) with num_workers 0, the main process loading every batch itself: raise num_workers")},
        {R"(^GPU idle (\d+)% \(the loop waits (\d+)% of its time for data\) with (\d+) workers on (\d+) cores: raise num_workers$)",
         QT_TRANSLATE_NOOP("Recommendations", "GPU idle %1% (the loop waits %2% of its time for data) with %3 workers on %4 cores: raise num_workers")},
        {R"(^GPU idle (\d+)% \(the loop waits (\d+)% of its time for data\) with (\d+) workers on (\d+) cores \(workers (\d+)% busy\): make each sample cheaper or add cores; more workers than cores will not help$)",
         QT_TRANSLATE_NOOP("Recommendations", "GPU idle %1% (the loop waits %2% of its time for data) with %3 workers on %4 cores (workers %5% busy): make each sample cheaper or add cores; more workers than cores will not help")},
        {R"(^copies are pageable \(host blocked (\d+)% of the loop while the driver staged them\): set pin_memory$)",
         QT_TRANSLATE_NOOP("Recommendations", "copies are pageable (host blocked %1% of the loop while the driver staged them): set pin_memory")},
        {R"(^pinned copies are synchronous: set non_blocking=True so the host is free while they run$)",
         QT_TRANSLATE_NOOP("Recommendations", "pinned copies are synchronous: set non_blocking=True so the host is free while they run")},
        {R"(^copies overlap the step only (\d+)% on the GPU: issue them on a separate copy stream \(train.copy_stream\)$)",
         QT_TRANSLATE_NOOP("Recommendations", "copies overlap the step only %1% on the GPU: issue them on a separate copy stream (train.copy_stream)")},
        {R"(^not input-bound \(the loop waits (\d+)% for data\): the training step is the bottleneck; more workers will not help$)",
         QT_TRANSLATE_NOOP("Recommendations", "not input-bound (the loop waits %1% for data): the training step is the bottleneck; more workers will not help")},
        {R"(^workers are idle (\d+)% of the time while the prefetch window stays full \((\d+) of (\d+) batches ready on average\): fewer workers \(num_workers\) or a smaller prefetch_factor would do$)",
         QT_TRANSLATE_NOOP("Recommendations", "workers are idle %1% of the time while the prefetch window stays full (%2 of %3 batches ready on average): fewer workers (num_workers) or a smaller prefetch_factor would do")},
        {R"(^starting the workers took (\d+) ms in each of (\d+) epochs \((\d+)% of the run\): set persistent_workers=True$)",
         QT_TRANSLATE_NOOP("Recommendations", "starting the workers took %1 ms in each of %2 epochs (%3% of the run): set persistent_workers=True")},
        {R"(^spawn starts a fresh process per worker: (\d+) ms per epoch to start (\d+) workers; use multiprocessing_context fork, or persistent_workers=True$)",
         QT_TRANSLATE_NOOP("Recommendations", "spawn starts a fresh process per worker: %1 ms per epoch to start %2 workers; use multiprocessing_context fork, or persistent_workers=True")},
        {R"(^one batch held the loop for (\d+) ms while (\d+) later batches were ready \(head-of-line blocking\): in_order=False delivers them meanwhile$)",
         QT_TRANSLATE_NOOP("Recommendations", "one batch held the loop for %1 ms while %2 later batches were ready (head-of-line blocking): in_order=False delivers them meanwhile")},
        {R"(^the loop waits (\d+)% of its steps in DataLoader __next__: raise num_workers, or make each sample cheaper$)",
         QT_TRANSLATE_NOOP("Recommendations", "the loop waits %1% of its steps in DataLoader __next__: raise num_workers, or make each sample cheaper")},
        {R"(^(\d+) of (\d+) host-to-device copies are from pageable memory: set pin_memory=True$)",
         QT_TRANSLATE_NOOP("Recommendations", "%1 of %2 host-to-device copies are from pageable memory: set pin_memory=True")},
        {R"(^copies overlap kernels only (\d+)%: use non_blocking=True and issue the copies on a separate stream$)",
         QT_TRANSLATE_NOOP("Recommendations", "copies overlap kernels only %1%: use non_blocking=True and issue the copies on a separate stream")},
        {R"(^no DataLoader __next__ spans in the trace: profile the loop that iterates the DataLoader to measure its wait for data$)",
         QT_TRANSLATE_NOOP("Recommendations", "no DataLoader __next__ spans in the trace: profile the loop that iterates the DataLoader to measure its wait for data")},
        {R"(^the DataLoader __next__ spans are on another thread than the steps \(a background prefetcher\): the loop's own wait is not in the trace; wrap it in record_function to measure it$)",
         QT_TRANSLATE_NOOP("Recommendations", "the DataLoader __next__ spans are on another thread than the steps (a background prefetcher): the loop's own wait is not in the trace; wrap it in record_function to measure it")},
        {R"(^rank (\d+) waits (\d+)% of its steps for data; the other ranks (\d+)% \(median\)$)",
         QT_TRANSLATE_NOOP("Recommendations", "rank %1 waits %2% of its steps for data; the other ranks %3% (median)")},
    };
    for (const Pattern& p : patterns) {
        const QRegularExpressionMatch m = QRegularExpression(QString::fromLatin1(p.regex)).match(text);
        if (!m.hasMatch())
            continue;
        QString out = tr(p.translation);
        for (int i = 1; i <= m.lastCapturedIndex(); ++i)
            out = out.arg(m.captured(i));
        return out;
    }
    return text;
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

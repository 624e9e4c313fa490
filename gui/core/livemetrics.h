// SPDX-License-Identifier: MIT
// Metrics computed from the model while a run goes (the engine's summary is final at the end).
#pragma once

#include <QString>
#include <QVector>

class TraceModel;

struct LiveMetrics
{
    double seconds = 0;          ///< first event to last
    qint64 samples = 0;          ///< delivered to the loop
    qint64 batches = 0;
    double samplesPerS = 0;
    double dataStall = 0;        ///< share of the loop waiting in next()
    double gpuBusy = 0;          ///< step kernels / time
    double overlap = -1;         ///< not computed live (-1); from the summary at the end
    QVector<double> workerBusy;  ///< fetch + collate / time, per worker
    QString verdict;             ///< translated
    bool simulatedDevice = true;
};

LiveMetrics computeLiveMetrics(const TraceModel& model);
/// The translated verdict for a data-stall share (same thresholds as the engine: 5% and 20%).
QString translatedVerdict(double dataStall);
/// Translates the engine's verdict string (summary JSON) to the current language.
QString translateVerdict(const QString& engineVerdict);
/// Translates one of the engine's recommendations (fixed sentence patterns with numbers);
/// an unknown sentence is returned as it is.
QString translateRecommendation(const QString& engineText);

// SPDX-License-Identifier: MIT
// Loading a run's recording (loaderscope-engine run --events) into a TraceModel: every event feeds
// the aggregates, detail keeps the newest within the model's budget. One of our own Chrome traces
// (run --trace, the probe's --trace; own_trace.h) loads the same way, read back into its
// recording's events. The file is untrusted input.
// Safe on any thread for a model no other thread uses (the job tracker loads into a fresh model
// and hands it to the GUI thread with TraceModel::takeContents).
#pragma once

#include "loaderscope/results/recording.h"

#include <QString>

#include <functional>

class TraceModel;

/// "F is truncated: reading stopped at byte X of Y, after N events (the header counts M)", translated.
QString shortfallWarning(const QString& path, const loaderscope::RecordingReader::Shortfall& cut);
/// "F is damaged: reading stopped at byte X, after N events": a chunk whose checksum fails (the
/// reader's `what`, which names the byte), translated; what comes before it is shown.
QString damageWarning(const QString& path, const std::string& what, qint64 eventsRead);

/// Replaces what `model` held. `progress(doneBytes, totalBytes)` now and then; returning false
/// cancels (false + error "cancelled"). False with `error` on a bad or unreadable file, or one cut
/// short (or damaged) before its first event. A recording cut short or damaged later loads what it
/// holds up to there, with `warning` (translated) saying where reading stopped.
bool loadEventsFile(const QString& path, TraceModel& model, QString* error,
                    const std::function<bool(qint64 done, qint64 total)>& progress = {}, QString* warning = nullptr);

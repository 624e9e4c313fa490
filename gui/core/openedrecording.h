// SPDX-License-Identifier: MIT
// Recordings opened from files made anywhere (the engine's or the probe's --events): each read
// once, streaming, into its figures (loaderscope::digestRecording: no events kept, so 64 ranks
// cost the memory of one), the ranks ordered by data stall and the straggler named by the rule of
// live ranks and profiler traces (loaderscope::findStraggler). A timeline is loaded on demand, by
// loadEventsFile (eventfile.h). Any thread.
#pragma once

#include "loaderscope/analysis/ranks.h"
#include "loaderscope/analysis/recording_digest.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

class TraceModel;

struct OpenedRecording
{
    QString path;
    int rank = -1;                     ///< the rank its file name gives, else its position
    loaderscope::RecordingDigest digest;
    QString error;                     ///< not a recording, unreadable (translated); no figures
    QString warning;                   ///< cut short or damaged: where reading stopped (translated)
    bool ok() const { return error.isEmpty(); }
};

/// Reads every file once, several at a time. `progress(done, total)` (files) now and then, from
/// any of the reading threads; returning false stops (the rest stay unread, with an error).
std::vector<OpenedRecording> digestRecordings(const QStringList& paths,
                                              const std::function<bool(qint64 done, qint64 total)>& progress = {});

/// The figures shown for one recording (the summary panel, a picture): its source, figures and
/// verdict, the warning among the summary's warnings. No advice: that needs the run's config.
/// A recording whose stream lost events: the model shades where its deliveries were not seen
/// (nothing for a complete one). `model` holds the recording's events (loadEventsFile).
void shadeUnseen(TraceModel& model, const OpenedRecording& r);
loaderscope::RunSummary summaryOf(const OpenedRecording& r);

struct RankOrder
{
    std::vector<int> order;          ///< indices: readable ones by data stall, most first; then the others
    int straggler = -1;              ///< index of the straggler, -1 when none stands out
    loaderscope::Straggler figures;  ///< its stall and the others' median
};
RankOrder orderRanks(const std::vector<OpenedRecording>& ranks);

// SPDX-License-Identifier: MIT
// Recordings opened from files made anywhere (the engine's or the probe's --events): each read
// once, streaming, into its figures (loaderscope::digestRecording: no events kept, so 64 ranks
// cost the memory of one), the ranks ordered by data stall and the straggler named by the rule of
// live ranks and profiler traces (loaderscope::findStraggler). A timeline is loaded on demand, by
// loadEventsFile (eventfile.h). Any thread.
#pragma once

#include "loaderscope/analysis/ranks.h"
#include "loaderscope/analysis/recording_digest.h"

#include "config/model/jobdescription.h"

#include <QJsonObject>
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

/// What an opened recording says ran (its description, format 4 on), and the figures with the
/// advice that follows from it, as a live watch has them: an engine run's configuration (for the
/// form) and the engine's advice on it; a watched job's DataLoader arguments, its model fitted
/// from them and the events' timings ("Model this job"), and the probe's advice; or nothing (a
/// recording made before, or whose job was killed before it said): figures and verdict only.
struct RecordingMeaning
{
    loaderscope::RunSummary summary; ///< summaryOf, with the advice
    QJsonObject engineConfig;        ///< an engine run's configuration; empty otherwise
    JobDescription job;              ///< a job's description (job.known()); empty otherwise
    QJsonObject jobModel;            ///< the engine config fitted to the job (empty: none)
    QString program;                 ///< the job's program, as the probe named it
    bool described() const { return !engineConfig.isEmpty() || job.known(); }
};
/// For an opened recording (ok()); reads a job's recording once more for its timings. Any thread.
RecordingMeaning interpretRecording(const OpenedRecording& r, const std::function<bool()>& cancel = {});

struct RankOrder
{
    std::vector<int> order;          ///< indices: readable ones by data stall, most first; then the others
    int straggler = -1;              ///< index of the straggler, -1 when none stands out
    loaderscope::Straggler figures;  ///< its stall and the others' median
};
RankOrder orderRanks(const std::vector<OpenedRecording>& ranks);

// SPDX-License-Identifier: MIT
// The windows that show more than one run: the ranks of one job from profiler traces (stacked, the
// straggler named) and two runs from the history (Compare). Files are read on the job tracker's
// threads with a progress dialog; the GUI thread never waits for them.
#pragma once

#include "loaderscope/analysis/profiler_import.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <vector>

class JobTracker;
class QWidget;

namespace AnalysisWindows {

/// Imports profiler traces (plain or .gz) with progress and Cancel, then hands them over.
/// `failed` gets the import error.
void importTraces(QWidget* parent, JobTracker* jobs, const QStringList& paths,
                  const std::function<void(std::vector<loaderscope::ProfilerTrace>&)>& done);
/// Several ranks of one job: one window, stacked on one time axis, the straggler named.
void showRanks(std::vector<loaderscope::ProfilerTrace>& traces);
/// Which runs Compare shows: the two the user chooses, or the history's last two with A (on top)
/// the one before the last, or the last.
enum class CompareRuns { Choose, PreviousAndLast, LastAndPrevious };
/// Compare runs: reads them in the background and shows them; `headline` (a lesson's "what to
/// look for") replaces the generic one.
void openCompare(QWidget* parent, JobTracker* jobs, CompareRuns which, const QString& headline = {});

} // namespace AnalysisWindows

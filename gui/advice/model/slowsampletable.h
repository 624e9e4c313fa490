// SPDX-License-Identifier: MIT
// The slowest samples as a table of text (issue 49): one definition for Tools ▸ Statistics and
// the exported picture's table (when asked for), the same columns in the same words.
#pragma once

#include "loaderscope/results/run_summary.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace SlowSampleTable {

/// The rank's column (shown when the samples are of several ranks) and the file's, the last, the
/// only one that is text (the others are numbers, right-aligned).
inline constexpr int kRankColumn = 10;
inline constexpr int kFileColumn = 11;

/// The columns' headers: #, sample, worker, epoch, batch, fetch, × median, batch wait,
/// head-of-line, stall added, rank, file.
QStringList headers();

struct Table
{
    std::vector<QStringList> rows; ///< one per slow sample, the slowest first, each headers().size() cells
    bool files = false;            ///< some row names a file (a files dataset): the file column is shown
    bool ranks = false;            ///< some row names its rank (the ranks of a job merged): the rank column is shown
};

/// The first `maxRows` of the run's slowest samples (all of them for -1).
Table build(const loaderscope::RunSummary& summary, int maxRows = -1);

/// The line that says the list may miss some (events lost, batches not seen), or empty.
QString partialNote(const loaderscope::RunSummary& summary);

} // namespace SlowSampleTable

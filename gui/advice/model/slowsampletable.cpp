// SPDX-License-Identifier: MIT
#include "advice/model/slowsampletable.h"

#include "common/model/summarytext.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace {

namespace ls = loaderscope;

// The window's words: the table's strings keep the context they were translated in.
struct T
{
    Q_DECLARE_TR_FUNCTIONS(StatisticsWindow)
};

QString nsText(uint64_t ns)
{
    return SummaryText::duration(double(ns) * 1e-9);
}

} // namespace

namespace SlowSampleTable {

QStringList headers()
{
    return {T::tr("#"), T::tr("Sample"), T::tr("Worker"), T::tr("Epoch"), T::tr("Batch"), T::tr("Fetch"),
            T::tr("× median"), T::tr("Batch wait"), T::tr("Head-of-line"), T::tr("Stall added"), T::tr("Rank"), T::tr("File")};
}

Table build(const ls::RunSummary& summary, int maxRows)
{
    const ls::RunFigures& f = summary.figures;
    const uint64_t fetchMedian = ls::stageQuantileNs(f.distributions, "fetch", 0.5);
    const uint64_t waitMedian = ls::stageQuantileNs(f.distributions, "wait", 0.5);
    const size_t n = maxRows < 0 ? f.slowest_samples.size() : std::min(f.slowest_samples.size(), size_t(maxRows));
    Table t;
    const QLocale loc;
    const QString unknown = QStringLiteral("–");
    for (size_t r = 0; r < n; ++r) {
        const ls::SlowFetch& s = f.slowest_samples[r];
        const bool seen = s.wait_ns >= 0;
        t.rows.push_back({loc.toString(qlonglong(r + 1)),
                          s.sample >= 0 ? loc.toString(qlonglong(s.sample)) : unknown,
                          s.worker >= 0 ? loc.toString(s.worker) : T::tr("main"),
                          loc.toString(s.epoch),
                          loc.toString(qlonglong(s.batch)),
                          nsText(s.ns),
                          fetchMedian ? SummaryText::number(ls::timesMedian(s, fetchMedian), 1) : unknown,
                          seen ? nsText(uint64_t(s.wait_ns)) : unknown,
                          seen ? nsText(uint64_t(std::max<int64_t>(0, s.hol_ns))) : unknown,
                          seen ? nsText(ls::stallAddedNs(s, waitMedian)) : unknown,
                          s.rank >= 0 ? loc.toString(s.rank) : unknown,
                          QString::fromStdString(s.file)});
        t.files = t.files || !s.file.empty();
        t.ranks = t.ranks || s.rank >= 0;
    }
    return t;
}

QString partialNote(const ls::RunSummary& summary)
{
    QStringList missing;
    if (summary.events_lost > 0 || !summary.figures_reliable)
        missing << T::tr("Partial: %1 events were lost; a slow sample among them is not listed, and the distributions miss them.")
                       .arg(QLocale().toString(qlonglong(summary.events_lost)));
    if (const QString unseen = SummaryText::unseenBatches(summary); !unseen.isEmpty())
        missing << unseen;
    return missing.join(QLatin1Char('\n'));
}

} // namespace SlowSampleTable

// SPDX-License-Identifier: MIT
#include "rangesummary.h"

#include "common/model/summarytext.h"
#include "timeline/draw/timelinerenderer.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

using loaderscope::EventKind;

namespace {

struct T
{
    Q_DECLARE_TR_FUNCTIONS(RangeSummary)
};

/// Time of `kind` spans of a row inside [t0, t1] (clipped), and how many end inside it.
std::pair<qint64, qint64> within(const std::vector<SpanRec>& row, EventKind kind, qint64 t0, qint64 t1)
{
    qint64 ns = 0, ends = 0;
    auto it = std::lower_bound(row.begin(), row.end(), t0, [](const SpanRec& s, qint64 t) { return s.t1 < t; });
    for (; it != row.end() && it->t0 <= t1; ++it) {
        if (it->kind != quint8(kind))
            continue;
        ns += std::max<qint64>(0, std::min(it->t1, t1) - std::max(it->t0, t0));
        ends += it->t1 >= t0 && it->t1 <= t1 ? 1 : 0;
    }
    return {ns, ends};
}

} // namespace

QString describeRange(const TraceModel& m, qint64 t0, qint64 t1)
{
    if (t1 <= t0)
        return {};
    const double dur = double(t1 - t0);
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(T::tr("Measured range: %1").arg(SummaryText::duration(double(t1 - t0) * 1e-9)));
    // The ends to a hundredth of the range, in the unit that suits it ("from 21.0 ms to 51.0 ms").
    const qint64 endStep = std::max<qint64>(100, (t1 - t0) / 100);
    lines << T::tr("from %1 to %2").arg(SummaryText::time(t0, endStep), SummaryText::time(t1, endStep));
    if (!m.covered(t0, t1))
        lines << T::tr("part of this range is shown from aggregates; zoom in to read its detail back");
    const int main = m.laneIndex(TraceModel::LaneKind::Main);
    if (main >= 0) {
        const auto [waitNs, delivered] = within(m.lane(main).rows[0], EventKind::WaitData, t0, t1);
        lines << T::tr("batches received by the loop: %1").arg(delivered);
        lines << T::tr("the loop waited for data: %1 of the range").arg(SummaryText::percent(double(waitNs) / dur));
    }
    for (int w = 0; w < m.numWorkers(); ++w) {
        const int li = m.laneIndex(TraceModel::LaneKind::Worker, w);
        const auto& row = m.lane(li).rows[0];
        const qint64 busy = within(row, EventKind::Fetch, t0, t1).first + within(row, EventKind::Collate, t0, t1).first;
        const qint64 samples = within(row, EventKind::Fetch, t0, t1).second;
        lines << T::tr("worker %1: busy %2, %3 samples").arg(w).arg(SummaryText::percent(double(busy) / dur)).arg(samples);
    }
    const int compute = m.laneIndex(TraceModel::LaneKind::Compute);
    if (compute >= 0 && m.totalCount(compute, EventKind::Kernel) > 0)
        lines << T::tr("GPU busy: %1").arg(SummaryText::percent(double(within(m.lane(compute).rows[0], EventKind::Kernel, t0, t1).first) / dur));
    return lines.join(QStringLiteral("<br>"));
}

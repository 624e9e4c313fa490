// SPDX-License-Identifier: MIT
#include "timeline/draw/stacktext.h"

#include "common/model/summarytext.h"
#include "timeline/draw/timelinestyle.h"
#include "timeline/model/tracemodel.h"

#include <QCoreApplication>
#include <QStringList>

namespace StackText {

namespace {

/// The translation context of every sentence here (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct T
{
    Q_DECLARE_TR_FUNCTIONS(StackText)
};

/// The model lane of an event lane (a worker's id, or the main thread's), -1 when not shown.
int laneOf(const TraceModel& model, int eventLane)
{
    return eventLane >= 0 ? model.laneIndex(TraceModel::LaneKind::Worker, eventLane) : model.laneIndex(TraceModel::LaneKind::Main);
}

constexpr int kHoverLines = 8; ///< the innermost frames' lines a hover shows

} // namespace

QString html(const TraceModel& model, const loaderscope::ThreadStack& s, bool whole)
{
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(T::tr("Python stack").toHtmlEscaped());
    const int lane = laneOf(model, s.lane);
    lines << (lane >= 0 ? TimelineStyle::laneName(model, lane) : T::tr("main thread")).toHtmlEscaped();
    if (s.sample >= 0)
        lines << T::tr("fetching sample %1").arg(s.sample).toHtmlEscaped();
    if (s.batch >= 0)
        lines << T::tr("batch %1, epoch %2").arg(loaderscope::batchKeyTask(s.batch)).arg(loaderscope::batchKeyEpoch(s.batch)).toHtmlEscaped();
    lines << T::tr("at %1 into the run").arg(SummaryText::duration(double(qint64(s.t)) * 1e-9)).toHtmlEscaped();
    lines << (s.reason == int(loaderscope::StackReason::SlowFetch)
                  ? T::tr("taken by the probe: this fetch had run past its threshold (LOADERSCOPE_STACK_AFTER, at most half the DataLoader's timeout)")
                  : T::tr("asked for (Show Python stacks)")).toHtmlEscaped();
    if (!s.whole)
        lines << QStringLiteral("<i>%1</i>").arg(T::tr("Part of its text was lost (events lost while it was recorded).").toHtmlEscaped());
    QStringList frames = QString::fromUtf8(s.text.data(), qsizetype(s.text.size())).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (frames.isEmpty())
        frames << T::tr("(no Python frames)");
    if (!whole && frames.size() > kHoverLines) {
        frames = frames.mid(frames.size() - kHoverLines);
        frames.prepend(QStringLiteral("  …"));
    }
    QString body = lines.join(QStringLiteral("<br>"));
    body += QStringLiteral("<pre>%1</pre>").arg(frames.join(QLatin1Char('\n')).toHtmlEscaped());
    if (!whole)
        body += QStringLiteral("<i>%1</i>").arg(T::tr("Click the mark to read it whole in the details pane.").toHtmlEscaped());
    return body;
}

QString html(const TraceModel& model, const std::vector<const loaderscope::ThreadStack*>& stacks)
{
    QStringList parts;
    parts << QStringLiteral("<b>%1</b>").arg(T::tr("Python stacks of the job's threads: %1").arg(stacks.size()).toHtmlEscaped());
    for (const loaderscope::ThreadStack* s : stacks)
        parts << html(model, *s, true);
    return parts.join(QStringLiteral("<hr>"));
}

} // namespace StackText

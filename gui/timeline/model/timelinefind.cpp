// SPDX-License-Identifier: MIT
#include "timelinefind.h"

#include "timeline/model/lanekinds.h"
#include "timeline/draw/timelinerenderer.h"
#include "common/model/summarytext.h"
#include "timeline/draw/timelinestyle.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>
#include <vector>

using loaderscope::EventKind;

namespace {

struct T
{
    Q_DECLARE_TR_FUNCTIONS(TimelineFind)
};

/// One match of a query: its batch, and (a sample's fetch, a worker's batch) its own span.
struct Match
{
    qint64 batch = -1;
    qint64 t0 = 0, t1 = 0;
    int lane = -1;
};

/// The row a lane keeps its fetches in (its descriptor says: the main lane nests them under next()).
int fetchRow(const TraceModel::Lane& lane)
{
    return LaneKinds::nestedOn(LaneKinds::lane(lane.kind), loaderscope::EventKind::Fetch) ? 1 : 0;
}

std::vector<Match> sampleMatches(const TraceModel& m, qint64 sample)
{
    std::vector<Match> out;
    for (int li = 0; li < m.laneCount(); ++li)
        for (const SpanRec& span : m.lane(li).rows[fetchRow(m.lane(li))])
            if (span.kind == quint8(EventKind::Fetch) && span.arg == sample)
                out.push_back({span.batch, span.t0, span.t1, li});
    std::sort(out.begin(), out.end(), [](const Match& a, const Match& b) { return a.t0 < b.t0; });
    return out;
}

/// Each batch the worker's lane worked on, in time order, spanning its spans there.
std::vector<Match> workerMatches(const TraceModel& m, int lane)
{
    std::map<qint64, Match> byBatch;
    for (const auto& row : m.lane(lane).rows)
        for (const SpanRec& span : row) {
            if (span.batch < 0)
                continue;
            auto [it, fresh] = byBatch.try_emplace(span.batch, Match{span.batch, span.t0, span.t1, lane});
            if (!fresh) {
                it->second.t0 = std::min(it->second.t0, span.t0);
                it->second.t1 = std::max(it->second.t1, span.t1);
            }
        }
    std::vector<Match> out;
    for (const auto& [key, match] : byBatch)
        out.push_back(match);
    std::sort(out.begin(), out.end(), [](const Match& a, const Match& b) { return a.t0 < b.t0; });
    return out;
}

/// Batch `task` of every epoch (of `epoch` only when one is named), in epoch order.
std::vector<Match> batchMatches(const TraceModel& m, int epoch, qint64 task)
{
    std::map<qint64, Match> byKey;
    for (int li = 0; li < m.laneCount(); ++li)
        for (const auto& row : m.lane(li).rows)
            for (const SpanRec& span : row)
                if (span.batch >= 0 && loaderscope::batchKeyTask(span.batch) == task &&
                    (epoch < 0 || loaderscope::batchKeyEpoch(span.batch) == epoch))
                    byKey.try_emplace(span.batch, Match{span.batch, 0, 0, -1});
    std::vector<Match> out;
    for (const auto& [key, match] : byKey)
        out.push_back(match);
    return out;
}

/// The time a batch's spans cover on every lane.
std::pair<qint64, qint64> batchExtent(const TraceModel& m, qint64 key)
{
    qint64 t0 = std::numeric_limits<qint64>::max(), t1 = std::numeric_limits<qint64>::min();
    for (int li = 0; li < m.laneCount(); ++li)
        for (const auto& row : m.lane(li).rows)
            for (const SpanRec& span : row)
                if (span.batch == key) {
                    t0 = std::min(t0, span.t0);
                    t1 = std::max(t1, span.t1);
                }
    return {t0, t1};
}

} // namespace

FindResult findInTimeline(const TraceModel& m, const QString& query, int occurrence)
{
    FindResult r;
    const QString q = query.trimmed().toLower();
    static const QRegularExpression batchRe(QStringLiteral("^(?:epoch\\s*(\\d+)\\s*)?(?:batch\\s*)?(\\d+)$"));
    static const QRegularExpression sampleRe(QStringLiteral("^sample\\s*(\\d+)$"));
    static const QRegularExpression workerRe(QStringLiteral("^worker\\s*(\\d+)$"));
    // Turkish users may type the Turkish words.
    QString text = q;
    text.replace(QStringLiteral("örnek"), QStringLiteral("sample"));
    std::vector<Match> matches;
    if (auto w = workerRe.match(text); w.hasMatch()) {
        const int worker = w.captured(1).toInt();
        const int lane = m.laneIndex(TraceModel::LaneKind::Worker, worker);
        if (lane < 0) {
            r.what = T::tr("there is no worker %1").arg(worker);
            return r;
        }
        matches = workerMatches(m, lane);
        if (matches.empty())
            r.what = T::tr("worker %1 made no batch in the part of the run held in detail").arg(worker);
    } else if (auto s = sampleRe.match(text); s.hasMatch()) {
        const qint64 sample = s.captured(1).toLongLong();
        matches = sampleMatches(m, sample);
        if (matches.empty())
            r.what = T::tr("sample %1 was not fetched in the part of the run held in detail").arg(sample);
    } else if (auto b = batchRe.match(text); b.hasMatch()) {
        const qint64 task = b.captured(2).toLongLong();
        matches = batchMatches(m, b.captured(1).isEmpty() ? -1 : b.captured(1).toInt(), task);
        if (matches.empty())
            r.what = T::tr("batch %1 is not in the part of the run held in detail").arg(task);
    } else {
        r.what = T::tr("type a batch (17, batch 17, epoch 1 batch 4), a sample (sample 123) or a worker (worker 2)");
        return r;
    }
    if (matches.empty())
        return r;
    const int n = int(matches.size());
    r.index = ((occurrence % n) + n) % n;
    r.matches = n;
    const Match& hit = matches[size_t(r.index)];
    r.found = true;
    r.batch = hit.batch;
    r.lane = hit.lane;
    if (hit.lane >= 0) {
        r.t0 = hit.t0;
        r.t1 = hit.t1;
    } else {
        std::tie(r.t0, r.t1) = batchExtent(m, hit.batch);
    }
    const QString batch = hit.batch >= 0 ? T::tr("batch %1 (epoch %2)").arg(loaderscope::batchKeyTask(hit.batch)).arg(loaderscope::batchKeyEpoch(hit.batch))
                                         : T::tr("no batch");
    r.what = T::tr("%1 · %2 of %3").arg(batch).arg(r.index + 1).arg(n);
    return r;
}

QString describeBatch(const TraceModel& m, qint64 key)
{
    if (key < 0)
        return {};
    const auto [t0, t1] = batchExtent(m, key);
    if (t1 < t0)
        return {};
    // Durations to two or three digits, in the unit that reads best (300 µs, 5.0 ms, 12 ms).
    auto time = [](qint64 ns) { return SummaryText::duration(double(ns) * 1e-9); };
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(T::tr("Batch %1, epoch %2").arg(loaderscope::batchKeyTask(key)).arg(loaderscope::batchKeyEpoch(key)).toHtmlEscaped());
    lines << T::tr("from %1 to %2 (%3)")
                 .arg(SummaryText::time(t0, std::max<qint64>((t1 - t0) / 10, 1000)),
                      SummaryText::time(t1, std::max<qint64>((t1 - t0) / 10, 1000)), time(t1 - t0))
                 .toHtmlEscaped();
    // Per lane, each kind of work done for the batch: how many spans, how long in all.
    for (int li = 0; li < m.laneCount(); ++li) {
        std::map<quint8, std::pair<int, qint64>> kinds;
        for (const auto& row : m.lane(li).rows)
            for (const SpanRec& span : row)
                if (span.batch == key) {
                    auto& k = kinds[span.kind];
                    ++k.first;
                    k.second += span.t1 - span.t0;
                }
        if (kinds.empty())
            continue;
        QStringList parts;
        for (const auto& [kind, countNs] : kinds)
            parts << (countNs.first > 1 ? T::tr("%1 ×%2: %3").arg(TimelineStyle::kindName(kind)).arg(countNs.first).arg(time(countNs.second))
                                        : T::tr("%1: %2").arg(TimelineStyle::kindName(kind), time(countNs.second)));
        lines << QStringLiteral("%1 — %2").arg(TimelineStyle::laneName(m, li).toHtmlEscaped(), parts.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    return lines.join(QStringLiteral("<br>"));
}

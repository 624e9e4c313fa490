// SPDX-License-Identifier: MIT
#include "timelinefind.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <limits>

using loaderscope::EventKind;

namespace {

struct T
{
    Q_DECLARE_TR_FUNCTIONS(TimelineFind)
};

} // namespace

FindResult findInTimeline(const TraceModel& m, const QString& query)
{
    FindResult r;
    const QString q = query.trimmed().toLower();
    static const QRegularExpression batchRe(QStringLiteral("^(?:epoch\\s*(\\d+)\\s*)?(?:batch\\s*)?(\\d+)$"));
    static const QRegularExpression sampleRe(QStringLiteral("^sample\\s*(\\d+)$"));
    static const QRegularExpression workerRe(QStringLiteral("^worker\\s*(\\d+)$"));
    // Turkish users may type the Turkish words.
    QString text = q;
    text.replace(QStringLiteral("örnek"), QStringLiteral("sample"));
    auto extend = [&r](qint64 a, qint64 b) {
        if (!r.found) {
            r.t0 = a;
            r.t1 = b;
        } else {
            r.t0 = std::min(r.t0, a);
            r.t1 = std::max(r.t1, b);
        }
        r.found = true;
    };
    if (auto w = workerRe.match(text); w.hasMatch()) {
        const int worker = w.captured(1).toInt();
        r.lane = m.laneIndex(TraceModel::LaneKind::Worker, worker);
        if (r.lane < 0) {
            r.what = T::tr("there is no worker %1").arg(worker);
            return r;
        }
        r.found = true;
        r.t0 = 0;
        r.t1 = m.endTime();
        r.what = T::tr("worker %1").arg(worker);
        return r;
    }
    if (auto s = sampleRe.match(text); s.hasMatch()) {
        const qint64 sample = s.captured(1).toLongLong();
        for (int li = 0; li < m.laneCount() && !r.found; ++li)
            for (const SpanRec& span : m.lane(li).rows[m.lane(li).kind == TraceModel::LaneKind::Main ? 1 : 0])
                if (span.kind == quint8(EventKind::Fetch) && span.arg == sample) {
                    extend(span.t0, span.t1);
                    r.batch = span.batch;
                    r.lane = li;
                    break;
                }
        r.what = r.found ? T::tr("sample %1 (batch %2)").arg(sample).arg(loaderscope::batchKeyTask(r.batch))
                         : T::tr("sample %1 was not fetched in the part of the run held in detail").arg(sample);
        return r;
    }
    if (auto b = batchRe.match(text); b.hasMatch()) {
        const int epoch = b.captured(1).isEmpty() ? -1 : b.captured(1).toInt();
        const qint64 task = b.captured(2).toLongLong();
        // The first epoch that has it, unless one was named.
        qint64 key = -1;
        for (int li = 0; li < m.laneCount(); ++li)
            for (const auto& row : m.lane(li).rows)
                for (const SpanRec& span : row)
                    if (span.batch >= 0 && loaderscope::batchKeyTask(span.batch) == task &&
                        (epoch < 0 ? key < 0 || span.batch < key : loaderscope::batchKeyEpoch(span.batch) == epoch)) {
                        key = span.batch;
                        if (epoch >= 0)
                            break;
                    }
        if (key < 0) {
            r.what = T::tr("batch %1 is not in the part of the run held in detail").arg(task);
            return r;
        }
        for (int li = 0; li < m.laneCount(); ++li)
            for (const auto& row : m.lane(li).rows)
                for (const SpanRec& span : row)
                    if (span.batch == key)
                        extend(span.t0, span.t1);
        r.batch = key;
        r.what = T::tr("batch %1 (epoch %2)").arg(task).arg(loaderscope::batchKeyEpoch(key));
        return r;
    }
    r.what = T::tr("type a batch (17, batch 17, epoch 1 batch 4), a sample (sample 123) or a worker (worker 2)");
    return r;
}

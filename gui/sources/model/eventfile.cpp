// SPDX-License-Identifier: MIT
#include "eventfile.h"

#include "loaderscope/outputs/own_trace.h"
#include "loaderscope/results/recording.h"
#include "timeline/model/tracemodel.h"

#include <QCoreApplication>
#include <QRegularExpression>

QString shortfallWarning(const QString& path, const loaderscope::RecordingReader::Shortfall& cut)
{
    QString why = QCoreApplication::translate("EventFile", "%1 is truncated: reading stopped at byte %2 of %3, after %4 events")
                      .arg(path)
                      .arg(cut.stoppedAt)
                      .arg(cut.fileBytes)
                      .arg(cut.eventsRead);
    if (cut.eventsExpected > 0)
        why += QLatin1Char(' ') + QCoreApplication::translate("EventFile", "(the header counts %1)").arg(cut.eventsExpected);
    return why;
}

QString damageWarning(const QString& path, const std::string& what, qint64 eventsRead)
{
    // The reader says "the recording is corrupt at byte N": the byte is what the user needs.
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("at byte (\\d+)")).match(QString::fromStdString(what));
    if (!m.hasMatch())
        return QCoreApplication::translate("EventFile", "%1 is damaged (%2), after %3 events")
            .arg(path, QString::fromStdString(what))
            .arg(eventsRead);
    return QCoreApplication::translate("EventFile", "%1 is damaged: reading stopped at byte %2, after %3 events")
        .arg(path, m.captured(1))
        .arg(eventsRead);
}

namespace {

/// Events handed to the model 65,536 at a time: one append per batch, not per event.
class ModelFeed
{
public:
    explicit ModelFeed(TraceModel& model) : m_model(model) { m_batch.reserve(kBatch); }
    void add(const loaderscope::Event& e)
    {
        m_batch.push_back(e);
        if (m_batch.size() >= kBatch)
            flush();
    }
    void flush()
    {
        m_model.append(m_batch);
        m_appended += qint64(m_batch.size());
        m_batch.clear();
    }
    qint64 appended() const { return m_appended; }                       ///< in the model so far
    qint64 read() const { return m_appended + qint64(m_batch.size()); } ///< handed in so far

private:
    static constexpr size_t kBatch = 1 << 16;
    TraceModel& m_model;
    std::vector<loaderscope::Event> m_batch;
    qint64 m_appended = 0;
};

/// One of our own Chrome traces (own_trace.h), read back into the events of its recording: the
/// lanes and detail a recording gives. Progress is in lines read, of an unknown total.
bool loadOwnTrace(const QString& path, const loaderscope::OwnTraceInfo& info, TraceModel& model,
                  const std::function<bool(qint64, qint64)>& progress)
{
    if (info.source == 1)
        model.resetGrowing(info.base_time_ns, info.num_workers);
    else
        model.reset(info.base_time_ns, info.num_workers, info.simulated_device);
    ModelFeed feed(model);
    const bool complete = loaderscope::readOwnChromeTrace(
        path.toStdString(), [&](const loaderscope::Event& e) { feed.add(e); },
        [&] { return progress && !progress(feed.appended(), 0); });
    feed.flush();
    return complete;
}

} // namespace

bool loadEventsFile(const QString& path, TraceModel& model, QString* error,
                    const std::function<bool(qint64, qint64)>& progress, QString* warning)
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    try {
        if (loaderscope::OwnTraceInfo info; loaderscope::isOwnChromeTrace(path.toStdString(), &info))
            return loadOwnTrace(path, info, model, progress) ? true
                                                             : fail(QCoreApplication::translate("EventFile", "cancelled"));
        const loaderscope::RecordingReader reader(path.toStdString());
        const loaderscope::RecordingHeader& h = reader.header();
        if (h.source == 1) // a watched PyTorch job: the lanes its workers used, its own GPU if any
            model.resetGrowing(h.clock_origin_ns, int(h.num_workers));
        else
            model.reset(h.clock_origin_ns, int(h.num_workers), h.simulated_device != 0);
        ModelFeed feed(model);
        const qint64 total = qint64(reader.indexedEvents());
        bool cancelled = false;
        QString damaged;
        try {
            reader.readAll([&](const loaderscope::Event& e) { feed.add(e); },
                           [&] {
                               cancelled = progress && !progress(feed.appended(), total);
                               return cancelled;
                           });
        } catch (const loaderscope::RecordingError& e) {
            // A chunk whose checksum fails: what came before it is shown, and where it stopped.
            damaged = damageWarning(path, e.what(), feed.read());
            if (feed.read() == 0)
                return fail(damaged);
        }
        if (cancelled)
            return fail(QCoreApplication::translate("EventFile", "cancelled"));
        feed.flush();
        if (!damaged.isEmpty()) {
            if (warning)
                *warning = damaged;
            return true;
        }
        // A recording cut short: what it holds is shown, with where reading stopped (the facts
        // `loaderscope-engine trace` prints); one cut before its first event is an error rather
        // than an empty timeline.
        if (const auto cut = reader.shortfall(); cut.truncated) {
            const QString why = shortfallWarning(path, cut);
            if (cut.eventsRead == 0)
                return fail(why);
            if (warning)
                *warning = why;
        }
        return true;
    } catch (const loaderscope::RecordingError& e) {
        return fail(QString::fromStdString(e.what()));
    } catch (const std::bad_alloc&) {
        return fail(QCoreApplication::translate("EventFile", "not enough memory to read %1").arg(path));
    }
}

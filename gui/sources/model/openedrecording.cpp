// SPDX-License-Identifier: MIT
#include "openedrecording.h"

#include "sources/model/eventfile.h"
#include "timeline/model/tracemodel.h"

#include "loaderscope/analysis/advice.h"
#include "loaderscope/config/config.h"
#include "loaderscope/results/figure_text.h"
#include "loaderscope/outputs/own_trace.h"
#include "loaderscope/outputs/summary.h"
#include "loaderscope/results/run_summary.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <algorithm>
#include <atomic>
#include <thread>

namespace {

void digestOne(OpenedRecording& r, const std::function<bool()>& cancel)
{
    try {
        // One of our own Chrome traces is read back into its recording's events (own_trace.h).
        const std::string path = r.path.toStdString();
        r.digest = loaderscope::isOwnChromeTrace(path) ? loaderscope::digestOwnChromeTrace(path, cancel)
                                                      : loaderscope::digestRecording(path, cancel);
        if (r.digest.shortfall.truncated)
            r.warning = shortfallWarning(r.path, r.digest.shortfall);
        else if (!r.digest.damage.empty())
            r.warning = damageWarning(r.path, r.digest.damage, qint64(r.digest.events));
        if (r.digest.events == 0 && !r.warning.isEmpty())
            r.error = r.warning; // cut before its first event: nothing to show
    } catch (const loaderscope::RecordingError& e) {
        r.error = QString::fromStdString(e.what());
    } catch (const std::bad_alloc&) {
        r.error = QCoreApplication::translate("EventFile", "not enough memory to read %1").arg(r.path);
    }
}

} // namespace

std::vector<OpenedRecording> digestRecordings(const QStringList& paths, const std::function<bool(qint64, qint64)>& progress)
{
    std::vector<OpenedRecording> out(size_t(paths.size()));
    for (qsizetype i = 0; i < paths.size(); ++i) {
        out[size_t(i)].path = paths[i];
        const int named = loaderscope::rankFromFileName(paths[i].toStdString());
        out[size_t(i)].rank = named >= 0 ? named : int(i);
    }
    // Each file is read by one thread from start to end (the page cache does the rest); a few
    // threads keep the disk and the decoder busy without holding more than one chunk each.
    std::atomic<size_t> next{0}, done{0};
    std::atomic<bool> stop{false};
    const std::function<bool()> cancel = [&stop] { return stop.load(); };
    auto work = [&] {
        for (size_t i = next++; i < out.size(); i = next++) {
            if (stop) {
                out[i].error = QCoreApplication::translate("EventFile", "cancelled");
                continue;
            }
            digestOne(out[i], cancel);
            const size_t d = ++done;
            if (progress && !progress(qint64(d), qint64(out.size())))
                stop = true;
        }
    };
    const size_t threads = std::min<size_t>(out.size(), std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 8));
    std::vector<std::thread> pool;
    for (size_t t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();
    return out;
}

void shadeUnseen(TraceModel& model, const OpenedRecording& r)
{
    if (r.digest.events_lost > 0)
        model.setUnseen(r.digest.figures.unseen);
}

loaderscope::RunSummary summaryOf(const OpenedRecording& r)
{
    loaderscope::RunSummary s;
    s.source = r.digest.source == 1 ? "pytorch" : "engine";
    if (r.digest.source != 1) // the engine's device, as its summary names it
        s.backend = r.digest.simulated_device ? "sim" : "cuda";
    s.figures = r.digest.figures;
    s.num_workers = r.digest.num_workers;
    s.events = int64_t(r.digest.events);
    s.verdict = loaderscope::runVerdict(s.figures); // the run's own rule (engine and probe summaries)
    s.events_lost = int64_t(r.digest.events_lost); // a saved stream's own count: partial figures say so
    loaderscope::noteLostEvents(s);
    // The figures are those of what the file holds (figures_reliable stays: it speaks of lost
    // events, which a file cut short does not have; the warning says where it stopped).
    if (!r.warning.isEmpty())
        s.warnings.push_back(r.warning.toStdString());
    return s;
}

RecordingMeaning interpretRecording(const OpenedRecording& r, const std::function<bool()>& cancel)
{
    RecordingMeaning m;
    m.summary = summaryOf(r);
    const QJsonObject d = QJsonDocument::fromJson(QByteArray::fromStdString(r.digest.description)).object();
    // The cores the run could use, as its description says them (recordings made since they do):
    // the advice is bounded by the job's cores, never by none ("on 0 cores").
    if (m.summary.cores <= 0)
        m.summary.cores = std::max(0, d.value(QStringLiteral("cores")).toInt());
    if (d.value(QStringLiteral("source")).toString() == QLatin1String("engine")) {
        // The engine's advice on its run, from the configuration it ran.
        m.engineConfig = d.value(QStringLiteral("config")).toObject();
        try {
            const loaderscope::Config config =
                loaderscope::parseConfig(QJsonDocument(m.engineConfig).toJson(QJsonDocument::Compact).toStdString());
            loaderscope::LoaderKnobs k = loaderscope::LoaderKnobs::fromConfig(config);
            k.device = m.summary.backend == "cuda";
            m.summary.advice = loaderscope::adviseRun(k, m.summary);
        } catch (const std::exception&) {
            m.engineConfig = {}; // a configuration this build cannot read: none shown, no advice
        }
        return m;
    }
    if (d.isEmpty())
        return m;
    // A watched job: its description, and the events' timings for its model (as a live watch
    // collects them), read again in slices.
    m.job.describe(d);
    m.program = d.value(QStringLiteral("program")).toString();
    if (!m.job.known())
        return m;
    try {
        const loaderscope::RecordingReader reader(r.path.toStdString());
        std::vector<loaderscope::Event> slice;
        slice.reserve(4096);
        reader.readAll(
            [&](const loaderscope::Event& e) {
                slice.push_back(e);
                if (slice.size() == 4096) {
                    m.job.add(slice);
                    slice.clear();
                }
            },
            cancel);
        m.job.add(slice);
    } catch (const loaderscope::RecordingError&) {
        // A damaged chunk: the timings before it serve (the digest said where it stopped).
    }
    m.jobModel = m.job.fitModel(m.summary);
    return m;
}

RankOrder orderRanks(const std::vector<OpenedRecording>& ranks)
{
    RankOrder o;
    std::vector<int> readable;
    std::vector<double> stalls;
    for (size_t i = 0; i < ranks.size(); ++i)
        if (ranks[i].ok()) {
            readable.push_back(int(i));
            stalls.push_back(ranks[i].digest.figures.data_stall_fraction);
        }
    o.figures = loaderscope::findStraggler(stalls);
    if (o.figures.index >= 0)
        o.straggler = readable[size_t(o.figures.index)];
    o.order = readable;
    // Most data stall first: the straggler, when there is one, is the worst and comes first.
    std::stable_sort(o.order.begin(), o.order.end(), [&](int a, int b) {
        return ranks[size_t(a)].digest.figures.data_stall_fraction > ranks[size_t(b)].digest.figures.data_stall_fraction;
    });
    for (size_t i = 0; i < ranks.size(); ++i)
        if (!ranks[i].ok())
            o.order.push_back(int(i));
    return o;
}

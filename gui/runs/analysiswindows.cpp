// SPDX-License-Identifier: MIT
#include "analysiswindows.h"

#include "config/model/configdescription.h"
#include "sources/model/importedtrace.h"
#include "runs/model/jobtracker.h"
#include "runs/model/runhistory.h"
#include "common/model/progresstext.h"
#include "common/model/summarytext.h"
#include "runs/comparechooser.h"
#include "timeline/stackedtimelines.h"

#include <QCoreApplication>
#include <QDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPointer>
#include <QProgressBar>
#include <QProgressDialog>
#include <QTimer>

#include <memory>

namespace AnalysisWindows {

namespace {

struct T
{
    Q_DECLARE_TR_FUNCTIONS(AnalysisWindows)
};

/// A progress dialog that follows a job of the tracker and cancels it.
QProgressDialog* followJob(QWidget* parent, JobTracker* jobs, const QString& kind, const QString& label)
{
    auto* progress = new QProgressDialog(label, T::tr("Cancel"), 0, 1000, parent);
    auto* bar = new QProgressBar(progress);
    bar->setFormat(SummaryText::progressBarFormat()); // "%40" in Turkish
    progress->setBar(bar);
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    auto* poll = new QTimer(progress);
    QObject::connect(poll, &QTimer::timeout, progress, [progress, jobs, kind] {
        const double p = jobs->progress(kind);
        if (p >= 0)
            progress->setValue(int(p * 1000));
    });
    poll->start(100);
    QObject::connect(progress, &QProgressDialog::canceled, jobs, [jobs, kind] { jobs->cancel(kind); });
    QObject::connect(jobs, &JobTracker::jobFinished, progress, [progress, kind](const QString& k) {
        if (k == kind)
            progress->close();
    });
    return progress;
}

} // namespace

void importTraces(QWidget* parent, JobTracker* jobs, const QStringList& paths,
                  const std::function<void(std::vector<loaderscope::ProfilerTrace>&)>& done)
{
    struct Result
    {
        std::vector<loaderscope::ProfilerTrace> traces;
        QString error;
    };
    auto result = std::make_shared<Result>();
    const QString kind = QStringLiteral("profiler import");
    QPointer<QWidget> owner(parent);
    jobs->start(
        kind,
        [paths, result](JobTracker::Progress& p) {
            try {
                for (const QString& path : paths)
                    result->traces.push_back(loaderscope::importProfilerTrace(
                        path.toStdString(), [&p](uint64_t d, uint64_t t) { return p.report(qint64(d), qint64(std::max<uint64_t>(t, 1))); }));
            } catch (const std::exception& e) {
                result->error = QString::fromStdString(e.what());
            }
        },
        [owner, result, done] {
            if (!result->error.isEmpty()) {
                QMessageBox::warning(owner, T::tr("Open PyTorch profiler traces"), result->error);
                return;
            }
            done(result->traces);
        });
    followJob(parent, jobs, kind, T::tr("Reading the profiler traces…"));
}

void showRanks(std::vector<loaderscope::ProfilerTrace>& traces)
{
    const loaderscope::RankReport report = loaderscope::compareRanks(traces);
    std::vector<StackedTimelines::Item> items;
    for (size_t i = 0; i < traces.size(); ++i) {
        StackedTimelines::Item it;
        it.model = std::make_unique<TraceModel>();
        loadProfilerTrace(traces[i], report.ranks[i], *it.model); // analysed once, in compareRanks
        it.summary = analysisSummary(report.ranks[i]);
        const int rank = traces[i].rank >= 0 ? traces[i].rank : int(i);
        it.title = T::tr("rank %1 · %2 · data stall %3")
                       .arg(rank)
                       .arg(QFileInfo(QString::fromStdString(traces[i].path)).fileName(),
                            report.ranks[i].stall_applies ? SummaryText::percent(report.ranks[i].data_stall_fraction)
                                                          : QStringLiteral("–"));
        it.emphasised = int(i) == report.straggler;
        items.push_back(std::move(it));
    }
    auto* view = new StackedTimelines;
    view->setAttribute(Qt::WA_DeleteOnClose);
    view->setWindowTitle(T::tr("Ranks of one job"));
    view->setItems(std::move(items), report.straggler >= 0
                                         ? T::tr("Straggler: %1").arg(SummaryText::traceRecommendation(QString::fromStdString(report.straggler_reason)))
                                         : T::tr("No rank's loader holds the others back."));
    view->resize(1300, 800);
    view->show();
}

namespace {

/// Compare with the history's entries read: asks which two (unless `lastTwo`), then reads both
/// recordings in the background and shows them.
void compareFrom(QWidget* parent, JobTracker* jobs, const QVector<RunHistory::Entry>& runs, CompareRuns which, const QString& headline)
{
    if (runs.size() < 2) {
        QMessageBox::information(parent, T::tr("Compare runs"), T::tr("Run at least two configurations first: finished runs are kept here."));
        return;
    }
    // The history lists the newest first: 0 is the last run.
    int chosen[2] = {1, 0};
    if (which == CompareRuns::LastAndPrevious)
        std::swap(chosen[0], chosen[1]);
    auto alignment = StackedTimelines::Alignment::Start;
    if (which == CompareRuns::Choose) {
        CompareChooser pick(runs, parent);
        if (pick.exec() != QDialog::Accepted || pick.chosen().size() != 2)
            return;
        chosen[0] = pick.chosen()[0];
        chosen[1] = pick.chosen()[1];
        alignment = pick.alignment();
    }
    // Read both recordings in the background, then show them.
    struct Loaded
    {
        std::vector<StackedTimelines::Item> items;
        QString error;
        QStringList warnings; ///< recordings cut short: shown, with where reading stopped
    };
    auto loaded = std::make_shared<Loaded>();
    const RunHistory::Entry entries[2] = {runs[chosen[0]], runs[chosen[1]]};
    for (int k = 0; k < 2; ++k) {
        StackedTimelines::Item it;
        it.model = std::make_unique<TraceModel>();
        it.model->moveToThread(nullptr); // filled on the job's thread
        it.summary = entries[k].summary;
        it.title = (k == 0 ? T::tr("A") : T::tr("B")) + QStringLiteral(" · ") + RunHistory::title(entries[k]) + QStringLiteral(" · ") +
                   describeConfig(entries[k].config, entries[k].summary);
        loaded->items.push_back(std::move(it));
    }
    const QString ids[2] = {entries[0].id, entries[1].id};
    const QString kind = QStringLiteral("compare");
    QPointer<QWidget> owner(parent);
    jobs->start(
        kind,
        [loaded, ids](JobTracker::Progress& p) {
            const RunHistory history;
            for (int k = 0; k < 2 && loaded->error.isEmpty(); ++k) {
                QString warning;
                if (!history.load(ids[k], *loaded->items[size_t(k)].model, &loaded->error,
                                  [&p, k](qint64 d, qint64 t) { return p.report(d + k * t, 2 * std::max<qint64>(t, 1)); },
                                  &warning))
                    break;
                if (!warning.isEmpty())
                    loaded->warnings << warning;
            }
        },
        [owner, loaded, headline, alignment] {
            if (!loaded->error.isEmpty()) {
                QMessageBox::warning(owner, T::tr("Compare runs"), loaded->error);
                return;
            }
            auto* view = new StackedTimelines;
            for (auto& it : loaded->items)
                it.model->moveToThread(view->thread());
            view->setAttribute(Qt::WA_DeleteOnClose);
            view->setWindowTitle(T::tr("Compare runs"));
            view->setAlignment(alignment);
            const QString what = alignment == StackedTimelines::Alignment::PerBatch
                                     ? T::tr("Two runs batch for batch (each on its own time axis), their figures side by side.")
                                     : T::tr("Two runs on one time axis (from each run's start), their figures side by side.");
            view->setItems(std::move(loaded->items), headline.isEmpty() ? what : headline);
            view->resize(1300, 800);
            view->show();
            if (!loaded->warnings.isEmpty())
                QMessageBox::warning(view, T::tr("Compare runs"), loaded->warnings.join(QLatin1Char('\n')));
        });
    followJob(parent, jobs, kind, T::tr("Reading the runs…"));
}

} // namespace

void openCompare(QWidget* parent, JobTracker* jobs, CompareRuns which, const QString& headline)
{
    // The history's summaries are read on the job tracker too: the GUI thread never waits for a file.
    auto runs = std::make_shared<QVector<RunHistory::Entry>>();
    QPointer<QWidget> owner(parent);
    jobs->start(
        QStringLiteral("history list"), [runs](JobTracker::Progress&) { *runs = RunHistory().list(); },
        [owner, jobs, runs, which, headline] {
            if (owner)
                compareFrom(owner, jobs, *runs, which, headline);
        });
}

} // namespace AnalysisWindows

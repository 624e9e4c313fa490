// SPDX-License-Identifier: MIT
#include "modelcomparison.h"

#include "common/model/summarytext.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace ModelComparison {

namespace {

/// The translation context of every sentence here (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct T
{
    Q_DECLARE_TR_FUNCTIONS(ModelComparison)
};

bool apart(double a, double b)
{
    return std::abs(a - b) > kShareTolerance;
}

} // namespace

WorkerSplit workerSplit(const loaderscope::RunFigures& f)
{
    std::vector<loaderscope::WorkerFigures> lanes = f.workers;
    if (lanes.empty() && f.main_fetch)
        lanes.push_back(*f.main_fetch);
    WorkerSplit s;
    if (lanes.empty())
        return s;
    for (const auto& w : lanes) {
        s.cpu += w.cpu_fraction;
        s.core_wait += w.cpu_wait_fraction;
        s.io += w.io_fraction;
    }
    const double n = double(lanes.size());
    return {s.cpu / n, s.core_wait / n, s.io / n};
}

QStringList disagreeing(const loaderscope::RunFigures& job, const loaderscope::RunFigures& model)
{
    QStringList out;
    if (job.samples_per_s > 0 && std::abs(model.samples_per_s / job.samples_per_s - 1) > kRateTolerance)
        out << T::tr("samples/s");
    if (apart(job.data_stall_fraction, model.data_stall_fraction))
        out << T::tr("the data stall");
    const WorkerSplit j = workerSplit(job), m = workerSplit(model);
    if (apart(j.cpu, m.cpu))
        out << T::tr("the workers' CPU");
    if (apart(j.core_wait, m.core_wait))
        out << T::tr("the workers' wait for a core");
    if (apart(j.io, m.io))
        out << T::tr("the workers' I/O");
    return out;
}

QString html(const loaderscope::RunFigures& job, const loaderscope::RunFigures& model)
{
    using SummaryText::percent;
    const double off = job.samples_per_s > 0 ? model.samples_per_s / job.samples_per_s - 1 : 0;
    const QString rates = T::tr("The model of your job: %1 samples/s; the job itself: %2 samples/s (%3).")
                              .arg(SummaryText::rate(model.samples_per_s), SummaryText::rate(job.samples_per_s),
                                   (off >= 0 ? QStringLiteral("+") : QStringLiteral("−")) +
                                       SummaryText::withPercentSign(SummaryText::number(std::abs(off) * 100, 0)));
    const WorkerSplit j = workerSplit(job), m = workerSplit(model);
    const QString shares =
        T::tr("Data stall: model %1, job %2. The workers' time on the CPU: model %3, job %4; waiting for a core: "
              "model %5, job %6; in I/O: model %7, job %8.")
            .arg(percent(model.data_stall_fraction), percent(job.data_stall_fraction), percent(m.cpu), percent(j.cpu),
                 percent(m.core_wait), percent(j.core_wait), percent(m.io), percent(j.io));
    const QStringList wrong = disagreeing(job, model);
    const QString verdict =
        wrong.isEmpty()
            ? T::tr("They agree (samples/s within 15%, the shares of time within 10 points): try knobs on the model "
                    "(Tools ▸ Parameter sweep, Prove it) and take what wins back to the script.")
            : T::tr("They disagree on %1: the model has part of the job wrong (for example a cost of the main "
                    "process, or I/O where the job waits for a core), so read its advice with care.")
                  .arg(QLocale().createSeparatedList(wrong));
    QString out = QStringLiteral("<b>%1</b><br>%2<br>%3")
                      .arg(rates.toHtmlEscaped(), shares.toHtmlEscaped(), verdict.toHtmlEscaped());
    // The loop's wait for its workers' descriptors: where the stall disagrees and the two waits
    // differ (a config fitted before it was measured has none), it is the first place to look.
    if (std::max(job.handover_wait_fraction, model.handover_wait_fraction) >= kHandOverShare &&
        std::abs(job.handover_wait_fraction - model.handover_wait_fraction) >= kHandOverShare &&
        apart(job.data_stall_fraction, model.data_stall_fraction))
        out += QStringLiteral("<br>") +
               T::tr("In the job, next() spends %1 of the loop fetching each batch's tensors from the worker that made "
                     "it (PyTorch passes their memory as file descriptors, through a thread of the worker that "
                     "needs the worker's GIL while its Python code runs); in the model, %2 (loader.handovers_per_batch, "
                     "and the worker's modelled GIL: loader.handover_rounds, loader.gil_switch_interval_us), so its "
                     "data stall differs by part of it.")
                   .arg(percent(job.handover_wait_fraction), percent(model.handover_wait_fraction))
                   .toHtmlEscaped();
    return out;
}

} // namespace ModelComparison

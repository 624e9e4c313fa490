// SPDX-License-Identifier: MIT
#include "modeladvicetext.h"

#include "common/model/spreadtext.h"
#include "common/model/summarytext.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace {
/// The translation context of the sentences here (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct T
{
    Q_DECLARE_TR_FUNCTIONS(ModelAdviceText)
};
} // namespace

namespace ModelAdviceText {

QString knobs(int workers, int prefetch)
{
    const QString w = QStringLiteral("num_workers = %1").arg(QLocale().toString(workers));
    return workers == 0 ? w : w + QStringLiteral(", prefetch_factor = %1").arg(QLocale().toString(prefetch));
}

QString signedPercent(double fraction)
{
    return (fraction >= 0 ? QStringLiteral("+") : QStringLiteral("−")) +
           SummaryText::withPercentSign(SummaryText::number(std::abs(fraction) * 100, 0));
}

QString advice(const ModelAdvice& advice)
{
    if (advice.advised < 0 || size_t(advice.advised) >= advice.points.size())
        return {};
    if (!advice.usable())
        return T::tr("At the job's own setting the model is %1 off the job: too far to advise anything; the advice "
                     "above is the closed formula's first guess.").arg(signedPercent(advice.fit_error));
    const ModelPoint& p = advice.points[size_t(advice.advised)];
    const QString predicted = SummaryText::rateWithin(p.samples_per_s.median, advice.uncertainty(size_t(advice.advised)));
    QString text = advice.advised == advice.current
                       ? T::tr("The model of your job finds nothing faster than its own setting (%1) beyond the spread of "
                               "its runs: predicted %2 samples/s.").arg(knobs(p.num_workers, p.prefetch_factor), predicted)
                       : T::tr("The model of your job advises %1: predicted %2 samples/s (the job measured %3).")
                             .arg(knobs(p.num_workers, p.prefetch_factor), predicted, SummaryText::rate(advice.job_samples_per_s));
    if (std::abs(advice.fit_error) > ModelAdvice::kFitErrorWarn)
        text += QLatin1Char(' ') +
                T::tr("At the job's own setting the model is %1 off the job: read its prediction with care.").arg(signedPercent(advice.fit_error));
    return text;
}

} // namespace ModelAdviceText

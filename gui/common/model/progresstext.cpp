// SPDX-License-Identifier: MIT
#include "progresstext.h"

#include "common/model/summarytext.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace SummaryText {

namespace {

/// The sentences' translation context: the figures' (summarytext.cpp).
struct T
{
    Q_DECLARE_TR_FUNCTIONS(SummaryText)
};

} // namespace

QString progress(const QString& text)
{
    // sweep: "KNOB=V [KNOB=V] samples_per_s=X [error: ...]"; advise: "ID SECTION.KNOB=V samples_per_s=X",
    // "running the configuration", "ran the configuration: X samples/s".
    static const QRegularExpression ran(QStringLiteral("^ran the configuration: ([0-9.eE+-]+) samples/s$"));
    static const QRegularExpression run(QStringLiteral("^((?:\\S+ )*?)samples_per_s=(\\S+)(?: error: (.*))?$"));
    static const QRegularExpression knob(QStringLiteral("^(?:[a-z]+\\.)?([a-z_]+)=(.+)$"));
    if (text == QLatin1String("running the configuration"))
        return T::tr("running the configuration…");
    if (const QRegularExpressionMatch m = ran.match(text); m.hasMatch())
        return T::tr("the configuration ran: %1 samples/s").arg(rate(m.captured(1).toDouble()));
    const QRegularExpressionMatch m = run.match(text);
    if (!m.hasMatch())
        return text;
    QStringList knobs;
    for (const QString& part : m.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts))
        if (const QRegularExpressionMatch k = knob.match(part); k.hasMatch()) // an advice id has no "="
            knobs << QStringLiteral("%1 = %2").arg(k.captured(1), k.captured(2));
    const QString what = knobs.join(QStringLiteral(", "));
    bool ok = false;
    const double perSecond = m.captured(2).toDouble(&ok);
    if (!m.captured(3).isEmpty())
        return T::tr("%1: failed (%2)").arg(what, m.captured(3));
    if (!ok)
        return T::tr("%1: no result").arg(what);
    return T::tr("%1: %2 samples/s").arg(what, rate(perSecond));
}

QString progressBarFormat()
{
    return withPercentSign(QStringLiteral("%p"));
}

} // namespace SummaryText

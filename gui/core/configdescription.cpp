// SPDX-License-Identifier: MIT
#include "configdescription.h"

#include <QCoreApplication>
#include <QStringList>

namespace {
struct T
{
    Q_DECLARE_TR_FUNCTIONS(ConfigDescription)
};
} // namespace

QString describeConfig(const QJsonObject& c, const loaderscope::RunSummary& summary)
{
    const QJsonObject loader = c.value(QStringLiteral("loader")).toObject();
    const QJsonObject dataset = c.value(QStringLiteral("dataset")).toObject();
    QStringList parts;
    parts << T::tr("%1 dataset").arg(dataset.value(QStringLiteral("kind")).toString(QStringLiteral("map")));
    parts << T::tr("num_workers=%1").arg(loader.value(QStringLiteral("num_workers")).toInt(4));
    const QJsonValue bs = loader.value(QStringLiteral("batch_size"));
    parts << T::tr("batch_size=%1").arg(bs.isNull() ? QStringLiteral("None") : QString::number(bs.toInt(32)));
    const QJsonValue pin = loader.value(QStringLiteral("pin_memory"));
    parts << T::tr("pin_memory=%1").arg(pin.isString() ? QStringLiteral("\"shared\"") : (pin.toBool() ? QStringLiteral("True") : QStringLiteral("False")));
    if (summary.backend == "sim")
        parts << T::tr("simulated GPU");
    else if (summary.backend == "cuda")
        parts << T::tr("CUDA GPU");
    return parts.join(QStringLiteral(" · "));
}

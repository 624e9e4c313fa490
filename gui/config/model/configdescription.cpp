// SPDX-License-Identifier: MIT
#include "configdescription.h"

#include "loaderscope/config/config.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QStringList>

namespace {
struct T
{
    Q_DECLARE_TR_FUNCTIONS(ConfigDescription)
};
} // namespace

QString describeConfig(const QJsonObject& c, const loaderscope::RunSummary& summary)
{
    // The engine's own parser resolves the defaults (one definition of each); a config it refuses
    // is described by what it says.
    loaderscope::Config config;
    try {
        config = loaderscope::parseConfig(QJsonDocument(c).toJson(QJsonDocument::Compact).toStdString());
    } catch (const std::exception&) {
        return T::tr("configuration not valid");
    }
    const loaderscope::LoaderConfig& l = config.loader;
    using Kind = loaderscope::DatasetConfig::Kind;
    const QString kind = config.dataset.kind == Kind::Map        ? QStringLiteral("map")
                         : config.dataset.kind == Kind::Iterable ? QStringLiteral("iterable")
                                                                 : QStringLiteral("files");
    // The knobs that decide a loader's throughput, in DataLoader's spelling; the rest only when
    // they differ from DataLoader's defaults.
    QStringList parts;
    parts << T::tr("%1 dataset").arg(kind);
    parts << T::tr("num_workers=%1").arg(l.num_workers);
    parts << T::tr("batch_size=%1").arg(l.batch_size ? QString::number(*l.batch_size) : QStringLiteral("None"));
    if (l.num_workers > 0)
        parts << QStringLiteral("prefetch_factor=%1").arg(l.prefetch_factor);
    using Pin = loaderscope::PinMemory;
    parts << QStringLiteral("pin_memory=%1").arg(l.pin_memory == Pin::Shared ? QStringLiteral("\"shared\"")
                                                 : l.pin_memory == Pin::On   ? QStringLiteral("True")
                                                                             : QStringLiteral("False"));
    if (l.num_workers > 0 && l.persistent_workers)
        parts << QStringLiteral("persistent_workers=True");
    if (l.num_workers > 0 && l.start_method == loaderscope::StartMethod::Spawn)
        parts << QStringLiteral("multiprocessing_context=\"spawn\"");
    if (l.num_workers > 0 && !l.in_order)
        parts << QStringLiteral("in_order=False");
    if (summary.backend == "sim")
        parts << T::tr("simulated GPU");
    else if (summary.backend == "cuda")
        parts << T::tr("CUDA GPU");
    return parts.join(QStringLiteral(" · "));
}

// SPDX-License-Identifier: MIT
#include "presets.h"

#include "common/model/datadir.h"
#include "common/model/userfiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QHash>

namespace Presets {

QStringList names()
{
    QStringList names;
    for (const QString& f : QDir(DataDir::presets()).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        names << f.chopped(5);
    return names;
}
QString title(const QString& name)
{
    static const QHash<QString, const char*> titles = {
        {QStringLiteral("num_workers_0"), QT_TRANSLATE_NOOP("Presets", "num_workers=0: everything in the main process")},
        {QStringLiteral("num_workers_4"), QT_TRANSLATE_NOOP("Presets", "num_workers=4: four worker processes")},
        {QStringLiteral("pinned"), QT_TRANSLATE_NOOP("Presets", "pin_memory=True: pinned, asynchronous copies")},
        {QStringLiteral("pageable"), QT_TRANSLATE_NOOP("Presets", "pin_memory=False: pageable copies block the host")},
        {QStringLiteral("iterable_unsharded"), QT_TRANSLATE_NOOP("Presets", "iterable dataset without sharding (duplicates)")},
        {QStringLiteral("iterable_sharded"), QT_TRANSLATE_NOOP("Presets", "iterable dataset sharded by worker id")},
        {QStringLiteral("fork"), QT_TRANSLATE_NOOP("Presets", "workers started with fork")},
        {QStringLiteral("spawn"), QT_TRANSLATE_NOOP("Presets", "workers started with spawn")},
        {QStringLiteral("slow_sample_in_order"), QT_TRANSLATE_NOOP("Presets", "one slow sample, in_order=True (head-of-line blocking)")},
        {QStringLiteral("slow_sample_out_of_order"), QT_TRANSLATE_NOOP("Presets", "one slow sample, in_order=False")},
        {QStringLiteral("prefetch_factor"), QT_TRANSLATE_NOOP("Presets", "prefetch_factor=4: the window of batches in flight")},
        {QStringLiteral("persistent_workers"), QT_TRANSLATE_NOOP("Presets", "persistent_workers=True over three epochs")},
        {QStringLiteral("worker_dies"), QT_TRANSLATE_NOOP("Presets", "a worker crashes in the middle of the epoch")},
        {QStringLiteral("drop_last"), QT_TRANSLATE_NOOP("Presets", "batch_size=32 with drop_last=True")},
        {QStringLiteral("distributed"), QT_TRANSLATE_NOOP("Presets", "DistributedSampler: rank 1 of 4")},
        {QStringLiteral("copy_on_read_refcounted"),
         QT_TRANSLATE_NOOP("Presets", "copy-on-read: refcounted Python objects (the workers' memory grows)")},
        {QStringLiteral("copy_on_read_contiguous"), QT_TRANSLATE_NOOP("Presets", "copy-on-read: one contiguous array (the pages stay shared)")},
    };
    const auto it = titles.find(name);
    return it == titles.end() ? name : QCoreApplication::translate("Presets", it.value());
}
QByteArray json(const QString& name)
{
    // A name is a file base name, never a path.
    if (name.isEmpty() || name.contains(QLatin1Char('/')) || name.startsWith(QLatin1Char('.')))
        return {};
    QByteArray text;
    return UserFiles::readConfig(DataDir::presets() + QStringLiteral("/%1.json").arg(name), &text, nullptr) ? text : QByteArray();
}

} // namespace Presets

// SPDX-License-Identifier: MIT
#include "runhistory.h"

#include "eventfile.h"
#include "summarytext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLocale>
#include <QStandardPaths>

namespace {

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

bool writeJson(const QString& path, const QJsonObject& o)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(QJsonDocument(o).toJson()) > 0;
}

} // namespace

RunHistory::RunHistory(const QString& dir)
    : m_dir(dir.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/history") : dir)
{
}

bool RunHistory::add(const QJsonObject& config, const loaderscope::RunSummary& summary, const QString& eventsFile, int keep)
{
    const QString id = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    QDir root(m_dir);
    if (!root.mkpath(id))
        return false;
    const QString dir = root.filePath(id);
    QFile summaryFile(dir + QStringLiteral("/summary.json"));
    bool ok = writeJson(dir + QStringLiteral("/config.json"), config) && summaryFile.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
              summaryFile.write(QByteArray::fromStdString(loaderscope::runSummaryToJson(summary))) > 0;
    summaryFile.close();
    if (ok && !eventsFile.isEmpty())
        ok = QFile::copy(eventsFile, dir + QStringLiteral("/events.bin"));
    // Keep the newest `keep` runs.
    const QStringList all = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name | QDir::Reversed);
    for (int i = keep; i < all.size(); ++i)
        QDir(root.filePath(all[i])).removeRecursively();
    return ok;
}

QVector<RunHistory::Entry> RunHistory::list() const
{
    QVector<Entry> out;
    const QDir root(m_dir);
    for (const QString& id : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name | QDir::Reversed)) {
        Entry e;
        e.id = id;
        e.when = QDateTime::fromString(id, QStringLiteral("yyyyMMdd-HHmmss-zzz"));
        e.config = readJson(root.filePath(id) + QStringLiteral("/config.json"));
        QFile summary(root.filePath(id) + QStringLiteral("/summary.json"));
        if (!summary.open(QIODevice::ReadOnly))
            continue;
        try {
            e.summary = loaderscope::parseRunSummary(summary.readAll().toStdString());
        } catch (const std::exception&) {
            continue; // not a summary: skipped, not shown
        }
        out.append(e);
    }
    return out;
}

bool RunHistory::load(const QString& id, TraceModel& model, QString* error) const
{
    return loadEventsFile(QDir(m_dir).filePath(id) + QStringLiteral("/events.bin"), model, error);
}

QString RunHistory::title(const Entry& e)
{
    const QJsonObject loader = e.config.value(QStringLiteral("loader")).toObject();
    return QCoreApplication::translate("RunHistory", "%1 · num_workers=%2 · %3 samples/s · %4")
        .arg(QLocale().toString(e.when, QLocale::ShortFormat))
        .arg(loader.value(QStringLiteral("num_workers")).toInt(4))
        .arg(SummaryText::rate(e.summary.figures.samples_per_s))
        .arg(SummaryText::verdict(e.summary));
}

// SPDX-License-Identifier: MIT
#include "runhistory.h"

#include "eventfile.h"
#include "summarytext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QStandardPaths>

namespace {

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

constexpr QFile::Permissions kPrivateFile = QFile::ReadOwner | QFile::WriteOwner;
constexpr QFile::Permissions kPrivateDir = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;

bool writePrivate(const QString& path, const QByteArray& data)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    f.setPermissions(kPrivateFile);
    return f.write(data) == data.size();
}

bool makePrivateDir(const QString& path)
{
    return QDir().mkpath(path) && QFile::setPermissions(path, kPrivateDir);
}

} // namespace

RunHistory::RunHistory(const QString& dir)
    : m_dir(dir.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/history") : dir)
{
}

QString RunHistory::prepareEntry() const
{
    const QString id = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    if (!makePrivateDir(m_dir))
        return {};
    const QString dir = QDir(m_dir).filePath(id);
    return makePrivateDir(dir) ? dir : QString();
}

bool RunHistory::add(const QJsonObject& config, const loaderscope::RunSummary& summary, const QString& eventsFile, int keep,
                     const QString& entryDir)
{
    const QString dir = entryDir.isEmpty() ? prepareEntry() : entryDir;
    if (dir.isEmpty())
        return false;
    bool ok = writePrivate(dir + QStringLiteral("/config.json"), QJsonDocument(config).toJson()) &&
              writePrivate(dir + QStringLiteral("/summary.json"), QByteArray::fromStdString(loaderscope::runSummaryToJson(summary)));
    const QString target = dir + QStringLiteral("/events.lsrec");
    if (ok && !eventsFile.isEmpty() && QFileInfo(eventsFile).absoluteFilePath() != QFileInfo(target).absoluteFilePath()) {
        QFile::remove(target);
        ok = QFile::copy(eventsFile, target);
        QFile::setPermissions(target, kPrivateFile);
    }
    // Keep the newest `keep` entries (the one being written is the newest).
    QDir root(m_dir);
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
    return loadEventsFile(QDir(m_dir).filePath(id) + QStringLiteral("/events.lsrec"), model, error);
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

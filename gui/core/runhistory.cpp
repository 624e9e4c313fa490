// SPDX-License-Identifier: MIT
#include "runhistory.h"

#include "eventfile.h"
#include "summarytext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
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

bool RunHistory::load(const QString& id, TraceModel& model, QString* error,
                      const std::function<bool(qint64, qint64)>& progress) const
{
    return loadEventsFile(QDir(m_dir).filePath(id) + QStringLiteral("/events.lsrec"), model, error, progress);
}

QString RunHistory::title(const Entry& e)
{
    return QCoreApplication::translate("RunHistory", "%1 · %2 samples/s · %3")
        .arg(QLocale().toString(e.when, QLocale::ShortFormat))
        .arg(SummaryText::rate(e.summary.figures.samples_per_s))
        .arg(SummaryText::verdict(e.summary));
}

namespace {

/// "loader.num_workers" -> "4", for every leaf of a config (arrays as one compact value).
void flatten(const QJsonObject& o, const QString& prefix, QMap<QString, QString>& out)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        if (it.value().isObject())
            flatten(it.value().toObject(), key, out);
        else if (it.value().isArray())
            out.insert(key, QString::fromUtf8(QJsonDocument(it.value().toArray()).toJson(QJsonDocument::Compact)));
        else
            out.insert(key, it.value().toVariant().toString());
    }
}

} // namespace

QStringList RunHistory::differences(const QVector<Entry>& entries, int maxKeys)
{
    std::vector<QMap<QString, QString>> flat(size_t(entries.size()));
    QSet<QString> keys;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        flatten(entries[i].config, QString(), flat[size_t(i)]);
        for (auto it = flat[size_t(i)].keyBegin(); it != flat[size_t(i)].keyEnd(); ++it)
            keys.insert(*it);
    }
    QStringList differing;
    for (const QString& k : keys) {
        const QString first = flat.empty() ? QString() : flat[0].value(k, QStringLiteral("–"));
        for (const auto& f : flat)
            if (f.value(k, QStringLiteral("–")) != first) {
                differing << k;
                break;
            }
    }
    // The DataLoader's own knobs first, then the dataset, then the rest; by name within each.
    auto rank = [](const QString& k) { return k.startsWith(QLatin1String("loader.")) ? 0 : k.startsWith(QLatin1String("dataset.")) ? 1 : 2; };
    std::sort(differing.begin(), differing.end(), [&](const QString& a, const QString& b) {
        return rank(a) != rank(b) ? rank(a) < rank(b) : a < b;
    });
    QStringList out;
    for (const auto& f : flat) {
        QStringList parts;
        for (qsizetype i = 0; i < differing.size() && i < maxKeys; ++i) {
            const QString& k = differing[i];
            const QString shortKey = k.section(QLatin1Char('.'), 1); // "loader.num_workers" -> "num_workers"
            parts << QStringLiteral("%1=%2").arg(shortKey.isEmpty() ? k : shortKey, f.value(k, QStringLiteral("–")));
        }
        if (differing.size() > maxKeys)
            parts << QStringLiteral("…");
        out << parts.join(QStringLiteral(" · "));
    }
    return out;
}

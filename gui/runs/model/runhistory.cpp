// SPDX-License-Identifier: MIT
#include "runhistory.h"

#include "sources/model/eventfile.h"
#include "common/model/summarytext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QLocale>
#include <QStandardPaths>

#include "loaderscope/analysis/recording_digest.h"
#include "loaderscope/config/config.h"
#include "loaderscope/base/output_file.h"
#include "loaderscope/results/figure_text.h"
#include "loaderscope/results/recording.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <utility>
#include <vector>

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

/// Whether the writer of a temporary recording may still be going: the pid in its header is alive
/// (a header not written yet: the file changed within the settling time).
bool writerAlive(int dirFd, const char* name, const struct stat& st)
{
    const int fd = openat(dirFd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return true; // cannot tell: keep it
    loaderscope::RecordingHeader h;
    struct stat now {};
    const bool same = fstat(fd, &now) == 0 && now.st_ino == st.st_ino && now.st_dev == st.st_dev;
    const bool header = same && pread(fd, &h, sizeof h, 0) == ssize_t(sizeof h) &&
                        std::memcmp(h.magic, loaderscope::RecordingHeader().magic, sizeof h.magic) == 0;
    ::close(fd);
    if (!same)
        return true;
    if (!header || h.engine_pid <= 0)
        return time(nullptr) - st.st_mtime <= RunHistory::kSettleSeconds;
    return kill(h.engine_pid, 0) == 0 || errno == EPERM;
}

struct EntryScan
{
    bool ok = false;
    bool summary = false;   ///< summary.json is there
    bool live = false;      ///< a recording whose writer is alive
    bool recovered = false; ///< a dead writer's recording that holds events became events.lsrec
    time_t changed = 0;     ///< the folder's last change, before anything was cleaned
    qint64 bytes = 0;       ///< regular files, after cleaning
};

/// Whether a recording holds at least one whole chunk of events (one that is not is nothing to
/// keep: a writer killed before its first chunk).
bool holdsEvents(const QString& path)
{
    try {
        return loaderscope::RecordingReader(path.toStdString()).chunks() > 0;
    } catch (const std::exception&) {
        return false;
    }
}

/// One entry's files. A recording whose writer is alive is left alone, however old. One whose
/// writer is gone (killed with the app, SIGKILLed) is recovered as the entry's events.lsrec when
/// the entry has neither summary nor recording and it holds events; otherwise (this user's
/// regular files only) it is deleted. Nothing is followed through a link.
EntryScan scanEntry(const QString& dir)
{
    EntryScan scan;
    const int fd = ::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return scan;
    struct stat ds {};
    DIR* d = fstat(fd, &ds) == 0 ? fdopendir(fd) : nullptr;
    if (!d) {
        ::close(fd);
        return scan;
    }
    scan.ok = true;
    scan.changed = ds.st_mtime;
    bool events = false;
    std::vector<std::pair<std::string, qint64>> dead; // name, bytes
    while (const dirent* e = readdir(d)) {
        struct stat st {};
        if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (loaderscope::isRunningRecordingName(e->d_name)) {
            if (st.st_uid == geteuid() && !writerAlive(fd, e->d_name, st)) {
                dead.emplace_back(e->d_name, qint64(st.st_size));
                continue;
            }
            scan.live = true;
        }
        scan.summary = scan.summary || std::strcmp(e->d_name, "summary.json") == 0;
        events = events || std::strcmp(e->d_name, "events.lsrec") == 0;
        scan.bytes += qint64(st.st_size);
    }
    for (const auto& [name, bytes] : dead) {
        const QString path = dir + QLatin1Char('/') + QFile::decodeName(name.c_str());
        if (!scan.summary && !events && !scan.live && holdsEvents(path) &&
            renameat(fd, name.c_str(), fd, "events.lsrec") == 0) {
            events = scan.recovered = true;
            scan.bytes += bytes;
            continue;
        }
        unlinkat(fd, name.c_str(), 0);
    }
    closedir(d);
    return scan;
}

/// The summary of a run whose writer died before writing one: the figures of what its recording
/// holds, marked incomplete (interrupted, with a warning that says so).
bool writeRecoveredSummary(const QString& dir)
{
    const QString events = dir + QStringLiteral("/events.lsrec");
    loaderscope::RunSummary s;
    try {
        const loaderscope::RecordingDigest d = loaderscope::digestRecording(events.toStdString());
        s.source = d.source == 1 ? "pytorch" : "engine";
        s.figures = d.figures;
        s.num_workers = d.num_workers;
        s.events = int64_t(d.events);
        s.verdict = loaderscope::runVerdict(s.figures);
        s.engine_pid = loaderscope::RecordingReader(events.toStdString()).header().engine_pid;
    } catch (const std::exception&) {
        return false;
    }
    s.interrupted = true;
    s.warnings.push_back("incomplete: the run's writer (pid " + std::to_string(s.engine_pid) +
                         ") ended without writing its summary (killed?); the figures are those of what its recording holds");
    return writePrivate(dir + QStringLiteral("/summary.json"), QByteArray::fromStdString(loaderscope::runSummaryToJson(s)));
}

/// Removes an entry folder; what it holds is removed without following links (QDir's own rule).
void removeEntry(const QString& dir)
{
    struct stat st {};
    if (lstat(QFile::encodeName(dir).constData(), &st) == 0 && S_ISDIR(st.st_mode))
        QDir(dir).removeRecursively();
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
    prune(keep);
    return ok;
}

void RunHistory::prune(int keep, qint64 maxBytes) const
{
    // Entries are named by their creation time: by name, newest first. Links are not entries.
    const QDir root(m_dir);
    const QStringList ids = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::NoSymLinks, QDir::Name | QDir::Reversed);
    const time_t now = time(nullptr);
    int kept = 0;
    qint64 bytes = 0;
    bool full = false;
    for (const QString& id : ids) {
        const QString dir = root.filePath(id);
        EntryScan scan = scanEntry(dir);
        if (!scan.ok)
            continue;
        if (!scan.summary && scan.recovered && !writeRecoveredSummary(dir))
            scan.recovered = false;
        if (!scan.summary && !scan.recovered) {
            // A run in progress (its writer alive, or its folder new) is left alone; otherwise
            // its summary will never come, and it left nothing to recover.
            if (!scan.live && now - scan.changed > kSettleSeconds)
                removeEntry(dir);
            continue;
        }
        // The newest finished entry always stays; older ones while both bounds hold, and once
        // one does not fit, every older one goes too (the oldest are removed first).
        full = full || (kept > 0 && (kept >= keep || bytes + scan.bytes > maxBytes));
        if (full) {
            removeEntry(dir);
            continue;
        }
        ++kept;
        bytes += scan.bytes;
    }
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
                      const std::function<bool(qint64, qint64)>& progress, QString* warning) const
{
    return loadEventsFile(QDir(m_dir).filePath(id) + QStringLiteral("/events.lsrec"), model, error, progress, warning);
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

/// Every key with its value, defaults resolved by the engine: a run that left
/// multiprocessing_context out ran with "fork", and says so (not "–"). A config the engine cannot
/// read (a watched job's description) stays as it is.
QJsonObject canonical(const QJsonObject& config)
{
    if (config.isEmpty())
        return config;
    try {
        const std::string text = QJsonDocument(config).toJson(QJsonDocument::Compact).toStdString();
        return QJsonDocument::fromJson(QByteArray::fromStdString(loaderscope::configToJson(loaderscope::parseConfig(text)))).object();
    } catch (const std::exception&) {
        return config;
    }
}

} // namespace

QStringList RunHistory::differences(const QVector<Entry>& entries, int maxKeys)
{
    std::vector<QMap<QString, QString>> flat(size_t(entries.size()));
    QSet<QString> keys;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        flatten(canonical(entries[i].config), QString(), flat[size_t(i)]);
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

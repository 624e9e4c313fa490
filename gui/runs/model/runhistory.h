// SPDX-License-Identifier: MIT
// Runs kept across restarts (config, summary and the recording) for the compare view. Only this
// user can read them: folders 0700, files 0600.
#pragma once

#include "loaderscope/results/run_summary.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QVector>

#include <functional>

class TraceModel;

class RunHistory
{
public:
    /// The history's bounds (docs/config.md, "Files"): the newest runs, at most this many, and
    /// at most this many bytes in all (recordings of long runs reach gigabytes). The newest
    /// finished run is kept even when it alone is larger: it is the one Compare needs next.
    static constexpr int kKeepRuns = 20;
    static constexpr qint64 kKeepBytes = 2LL << 30; // 2 GiB
    /// An entry with no summary, no live writer and nothing to recover is left alone this long
    /// after its folder last changed: a run starting now (a Python job's probe may take minutes
    /// to import torch) has not yet made its recording.
    static constexpr int kSettleSeconds = 600;

    struct Entry
    {
        QString id;          ///< folder name
        QDateTime when;
        QJsonObject config;
        loaderscope::RunSummary summary;
    };

    /// `dir` empty: the app's data folder (QStandardPaths::AppDataLocation)/history.
    explicit RunHistory(const QString& dir = {});
    /// A folder for the next run (0700), so the engine writes its recording straight into it.
    /// Empty on failure.
    QString prepareEntry() const;
    /// Stores a run that ended (finished, failed or stopped): config and summary (0600) in
    /// `entryDir` (empty: a new entry), with the recording copied in unless it is there
    /// already; then prune(keep).
    bool add(const QJsonObject& config, const loaderscope::RunSummary& summary, const QString& eventsFile,
             int keep = kKeepRuns, const QString& entryDir = {});
    /// Newest first.
    QVector<Entry> list() const;
    /// Reads an entry's recording into `model` (any thread, for a model no other thread uses);
    /// `warning` as loadEventsFile's (a recording cut short).
    bool load(const QString& id, TraceModel& model, QString* error,
              const std::function<bool(qint64 done, qint64 total)>& progress = {}, QString* warning = nullptr) const;
    /// Cleans what runs left (at start, and after each add()). A recording being written (the
    /// engine's ".events.lsrec.XXXXXX", the probe's "..loaderscope-<pid>-<hex>.recording.XXXXXX":
    /// loaderscope::isRunningRecordingName) is judged by its writer, the pid in its header, never
    /// by its age: while the writer lives (a watched job of hours), its entry stays. A dead
    /// writer's recording that holds events, in an entry without summary or recording (a run
    /// killed with the app, a job SIGKILLed), is recovered: it becomes the entry's events.lsrec
    /// with a summary of what it holds, marked incomplete (interrupted, and a warning). Otherwise
    /// it is deleted, and an entry that never got a summary and holds nothing is removed once it
    /// has settled (kSettleSeconds). Then the newest finished entries are kept, at most `keep` and
    /// `maxBytes`, the oldest removed first. Only this user's regular files are deleted; links
    /// are never followed. Any thread.
    void prune(int keep = kKeepRuns, qint64 maxBytes = kKeepBytes) const;
    QString directory() const { return m_dir; }
    /// "14:03 · 4 workers · 5,120 samples/s" (translated)
    static QString title(const Entry& e);
    /// For each entry, the config values in which the entries differ ("num_workers=4 ·
    /// io_latency_us.mean=600"), at most `maxKeys` of them: what tells the runs apart.
    static QStringList differences(const QVector<Entry>& entries, int maxKeys = 4);

private:
    QString m_dir;
};

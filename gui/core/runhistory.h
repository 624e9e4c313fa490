// SPDX-License-Identifier: MIT
// Runs kept across restarts (config, summary and the recording) for the compare view. Only this
// user can read them: folders 0700, files 0600.
#pragma once

#include "loaderscope/run_summary.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QVector>

#include <functional>

class TraceModel;

class RunHistory
{
public:
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
    /// already; keeps the newest `keep` entries.
    bool add(const QJsonObject& config, const loaderscope::RunSummary& summary, const QString& eventsFile, int keep = 20,
             const QString& entryDir = {});
    /// Newest first.
    QVector<Entry> list() const;
    /// Reads an entry's recording into `model` (any thread, for a model no other thread uses).
    bool load(const QString& id, TraceModel& model, QString* error,
              const std::function<bool(qint64 done, qint64 total)>& progress = {}) const;
    QString directory() const { return m_dir; }
    /// "14:03 · 4 workers · 5,120 samples/s" (translated)
    static QString title(const Entry& e);
    /// For each entry, the config values in which the entries differ ("num_workers=4 ·
    /// io_latency_us.mean=600"), at most `maxKeys` of them: what tells the runs apart.
    static QStringList differences(const QVector<Entry>& entries, int maxKeys = 4);

private:
    QString m_dir;
};

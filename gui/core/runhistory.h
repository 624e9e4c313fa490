// SPDX-License-Identifier: MIT
// Finished runs kept across restarts (config, summary and every event) for the compare view.
#pragma once

#include "loaderscope/run_summary.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QVector>

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
    /// Stores a finished run (copies the events file); keeps the newest `keep` runs.
    bool add(const QJsonObject& config, const loaderscope::RunSummary& summary, const QString& eventsFile, int keep = 20);
    /// Newest first.
    QVector<Entry> list() const;
    bool load(const QString& id, TraceModel& model, QString* error) const;
    QString directory() const { return m_dir; }
    /// "14:03 · 4 workers · 5,120 samples/s" (translated)
    static QString title(const Entry& e);

private:
    QString m_dir;
};

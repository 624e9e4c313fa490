// SPDX-License-Identifier: MIT
// One row per worker process: id, pid, batches made, samples fetched, busy share. Fed from the
// TraceModel's running totals; applies each refresh as one dataChanged or one reset.
#pragma once

#include <QAbstractTableModel>
#include <QPointer>
#include <QVector>

class TraceModel;

class WorkerStatsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Worker, Pid, Batches, Samples, Busy, ColumnCount };
    enum Role { BusyFractionRole = Qt::UserRole + 1 };

    explicit WorkerStatsModel(QObject* parent = nullptr);
    void setSource(const TraceModel* model);
    /// Re-reads the totals (call at the GUI's refresh rate, not per event).
    void refresh();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        qint64 pid = 0;
        qint64 batches = 0;
        qint64 samples = 0;
        double busy = 0;
    };
    QPointer<const TraceModel> m_source;
    QVector<Row> m_rows;
};

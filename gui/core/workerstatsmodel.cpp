// SPDX-License-Identifier: MIT
#include "workerstatsmodel.h"

#include "tracemodel.h"

using loaderscope::EventKind;

WorkerStatsModel::WorkerStatsModel(QObject* parent) : QAbstractTableModel(parent) {}

void WorkerStatsModel::setSource(const TraceModel* model)
{
    m_source = model;
    refresh();
}

void WorkerStatsModel::refresh()
{
    QVector<Row> rows;
    if (m_source) {
        const double seconds = double(m_source->endTime()) * 1e-9;
        for (int w = 0; w < m_source->numWorkers(); ++w) {
            const int lane = m_source->laneIndex(TraceModel::LaneKind::Worker, w);
            Row r;
            for (const InstantRec& i : m_source->lane(lane).instants)
                if (i.kind == quint8(EventKind::WorkerStart))
                    r.pid = i.arg0;
            r.batches = m_source->totalCount(lane, EventKind::Collate);
            r.samples = m_source->totalCount(lane, EventKind::Fetch);
            const qint64 busy = m_source->totalNs(lane, EventKind::Fetch) + m_source->totalNs(lane, EventKind::Collate);
            r.busy = seconds > 0 ? std::min(1.0, double(busy) * 1e-9 / seconds) : 0;
            rows << r;
        }
    }
    if (rows.size() != m_rows.size()) {
        beginResetModel();
        m_rows = rows;
        endResetModel();
    } else if (!rows.isEmpty()) {
        m_rows = rows;
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
    }
}

int WorkerStatsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int WorkerStatsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WorkerStatsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size() || index.column() >= ColumnCount)
        return {};
    const Row& r = m_rows[index.row()];
    if (role == BusyFractionRole)
        return r.busy;
    if (role == Qt::TextAlignmentRole)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Worker: return index.row();
    case Pid: return r.pid ? QVariant(r.pid) : QVariant(QStringLiteral("–"));
    case Batches: return r.batches;
    case Samples: return r.samples;
    case Busy: return QStringLiteral("%1 %").arg(r.busy * 100, 0, 'f', 1);
    }
    return {};
}

QVariant WorkerStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Worker: return tr("worker");
    case Pid: return tr("pid");
    case Batches: return tr("batches");
    case Samples: return tr("samples");
    case Busy: return tr("busy");
    }
    return {};
}

// SPDX-License-Identifier: MIT
// One row per worker process: id, pid, batches made, samples fetched, and where its time went
// (busy = CPU + waiting for a core + I/O; idle), each a share of the loop's time. Fed with a
// RunSummary (live or final), so the table shows the summary's own figures; applies each refresh
// as one dataChanged or one reset.
#pragma once

#include "loaderscope/results/run_summary.h"

#include <QAbstractTableModel>
#include <optional>
#include <vector>

class WorkerStatsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Worker, Pid, Batches, Samples, Busy, Cpu, CpuWait, Io, Idle, PeakUss, ColumnCount };
    enum Role { BusyFractionRole = Qt::UserRole + 1 };

    explicit WorkerStatsModel(QObject* parent = nullptr);
    /// Shows these workers (call at the GUI's refresh rate, not per event).
    void setSummary(const loaderscope::RunSummary& summary);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<loaderscope::WorkerFigures> m_rows;
    /// Each row's memory peaks (same order as m_rows), absent without memory samples.
    std::vector<std::optional<loaderscope::ProcessMemoryPeaks>> m_memory;
    std::vector<uint64_t> m_ussGrowth; ///< bytes, per row (WorkerMemory::uss_growth_bytes)
};

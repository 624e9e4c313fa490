// SPDX-License-Identifier: MIT
#include "workerstatsmodel.h"

#include "common/model/summarytext.h"

#include <QLocale>

WorkerStatsModel::WorkerStatsModel(QObject* parent) : QAbstractTableModel(parent) {}

void WorkerStatsModel::setSummary(const loaderscope::RunSummary& summary)
{
    std::vector<loaderscope::WorkerFigures> rows = summary.figures.workers;
    if (summary.figures.main_fetch && rows.empty())
        rows.push_back(*summary.figures.main_fetch); // num_workers 0: the main process fetches
    m_memory.assign(rows.size(), std::nullopt);
    m_ussGrowth.assign(rows.size(), 0);
    if (const auto& mem = summary.figures.memory) {
        for (size_t i = 0; i < rows.size(); ++i) {
            if (rows[i].worker < 0) {
                m_memory[i] = mem->main;
                continue;
            }
            for (const loaderscope::WorkerMemory& w : mem->workers)
                if (w.worker == rows[i].worker) {
                    m_memory[i] = static_cast<const loaderscope::ProcessMemoryPeaks&>(w);
                    m_ussGrowth[i] = w.uss_growth_bytes;
                }
        }
    }
    if (rows.size() != m_rows.size()) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    } else if (!rows.empty()) {
        m_rows = std::move(rows);
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
    if (!index.isValid() || index.row() >= int(m_rows.size()) || index.column() >= ColumnCount)
        return {};
    const loaderscope::WorkerFigures& r = m_rows[size_t(index.row())];
    if (role == BusyFractionRole)
        return r.busy_fraction;
    if (role == Qt::TextAlignmentRole)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Worker && r.worker < 0)
        return tr("num_workers 0: the main process fetches every batch itself");
    if (role == Qt::ToolTipRole && index.column() == PeakUss && m_memory[size_t(index.row())]) {
        const loaderscope::ProcessMemoryPeaks& m = *m_memory[size_t(index.row())];
        QString text = tr("peaks: RSS %1, PSS %2, USS %3")
                           .arg(SummaryText::bytes(double(m.peak_rss_bytes)), SummaryText::bytes(double(m.peak_pss_bytes)),
                                SummaryText::bytes(double(m.peak_uss_bytes)));
        if (m_ussGrowth[size_t(index.row())] > 0)
            text += QLatin1Char('\n') + tr("USS grew %1 with the samples read (copy-on-read)").arg(SummaryText::bytes(double(m_ussGrowth[size_t(index.row())])));
        return text;
    }
    if (role == Qt::ToolTipRole && index.column() == Samples)
        return tr("batches made: %1").arg(QLocale().toString(qint64(r.batches)));
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Worker: return r.worker < 0 ? tr("main") : QString::number(r.worker);
    case Pid: return r.pid ? QVariant(qint64(r.pid)) : QVariant(QStringLiteral("–"));
    case Batches: return qint64(r.batches);
    case Samples: return qint64(r.samples);
    case Busy: return SummaryText::percent(r.busy_fraction);
    case Cpu: return SummaryText::percent(r.cpu_fraction);
    case CpuWait: return SummaryText::percent(r.cpu_wait_fraction);
    case Io: return SummaryText::percent(r.io_fraction);
    case Idle: return SummaryText::percent(r.idle_fraction);
    case PeakUss: {
        // A USS of 0: sampled (RSS) but its smaps_rollup never read within the sampler's budget
        // (a short run's worker may end first): "–" as for a worker never sampled, not "0 bytes".
        const auto& m = m_memory[size_t(index.row())];
        return m && m->peak_uss_bytes > 0 ? SummaryText::bytes(double(m->peak_uss_bytes)) : QStringLiteral("–");
    }
    }
    return {};
}

QVariant WorkerStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Busy: return tr("fetching samples and collating the batch, as a share of the loop's time");
        case Cpu: return tr("of which on a CPU core (the worker's CPU time)");
        case CpuWait: return tr("of which ready to run but waiting for a core (more workers than free cores)");
        case Io: return tr("of which off the CPU inside the dataset: reading files, network, sleeps");
        case Idle: return tr("waiting for an index: the loop has not asked for more, or the prefetch window is full");
        case PeakUss: return SummaryText::memoryTermsHelp();
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Worker: return tr("worker");
    case Pid: return tr("pid");
    case Batches: return tr("batches");
    case Samples: return tr("samples");
    case Busy: return tr("busy");
    case Cpu: return tr("CPU");
    case CpuWait: return tr("core wait");
    case Io: return tr("I/O");
    case Idle: return tr("idle");
    case PeakUss: return tr("peak USS");
    }
    return {};
}

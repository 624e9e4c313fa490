// SPDX-License-Identifier: MIT
#include "comparechooser.h"

#include "common/model/summarytext.h"

#include <QDialogButtonBox>
#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <algorithm>

CompareChooser::CompareChooser(const QVector<RunHistory::Entry>& runs, QWidget* parent) : QDialog(parent), m_runs(runs)
{
    setWindowTitle(tr("Compare runs"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Tick two runs to compare (the two newest are ticked):"), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_list = new QListWidget(this);
    m_list->setWordWrap(true);
    const QStringList differs = RunHistory::differences(runs);
    for (qsizetype i = 0; i < runs.size(); ++i) {
        auto* item = new QListWidgetItem(describe(runs[i], differs.value(i)), m_list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(i < 2 ? Qt::Checked : Qt::Unchecked);
        item->setData(Qt::UserRole, int(i));
    }
    m_order = {1, 0};
    layout->addWidget(m_list, 1);
    auto* align = new QGroupBox(tr("Runs of different lengths"), this);
    auto* alignLayout = new QVBoxLayout(align);
    m_atStart = new QRadioButton(tr("Align at their start, on one time axis"), align);
    m_perBatch = new QRadioButton(tr("Per batch: each run scaled so that a batch is as wide in both"), align);
    alignLayout->addWidget(m_atStart);
    alignLayout->addWidget(m_perBatch);
    layout->addWidget(align);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Compare"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::itemChanged, this, &CompareChooser::ticked);
    m_ok->setEnabled(runs.size() >= 2);
    suggestAlignment();
    resize(820, 480);
}

QString CompareChooser::describe(const RunHistory::Entry& run, const QString& differs)
{
    const loaderscope::RunSummary& s = run.summary;
    const QString source = s.source == "engine"    ? tr("engine run")
                           : s.source == "pytorch" ? tr("watched job")
                                                   : tr("recording");
    const QString length = tr("%1, %2 batches").arg(SummaryText::duration(s.figures.seconds), QLocale().toString(qint64(s.figures.batches)));
    QStringList parts{RunHistory::title(run), source, length};
    if (!differs.isEmpty())
        parts << differs;
    return parts.join(QStringLiteral(" · "));
}

void CompareChooser::ticked(QListWidgetItem* item)
{
    const int row = m_list->row(item);
    m_order.removeAll(row);
    if (item->checkState() == Qt::Checked) {
        m_order.append(row);
        if (m_order.size() > 2) {
            const int oldest = m_order.takeFirst();
            const QSignalBlocker block(m_list);
            m_list->item(oldest)->setCheckState(Qt::Unchecked);
        }
    }
    m_ok->setEnabled(m_order.size() == 2);
    suggestAlignment();
}

void CompareChooser::suggestAlignment()
{
    const QVector<int> two = chosen();
    bool farApart = false;
    if (two.size() == 2) {
        const double a = std::max(1e-6, m_runs[two[0]].summary.figures.seconds);
        const double b = std::max(1e-6, m_runs[two[1]].summary.figures.seconds);
        farApart = std::max(a, b) / std::min(a, b) >= 10;
    }
    (farApart ? m_perBatch : m_atStart)->setChecked(true);
}

QVector<int> CompareChooser::chosen() const
{
    QVector<int> rows;
    for (int r = 0; r < m_list->count(); ++r)
        if (m_list->item(r)->checkState() == Qt::Checked)
            rows << r;
    if (rows.size() != 2)
        return {};
    // The older run first (A), the newer second (B): the list is newest first.
    return {rows[1], rows[0]};
}

StackedTimelines::Alignment CompareChooser::alignment() const
{
    return m_perBatch->isChecked() ? StackedTimelines::Alignment::PerBatch : StackedTimelines::Alignment::Start;
}

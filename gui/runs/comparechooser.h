// SPDX-License-Identifier: MIT
// Compare's chooser: the runs of the history, newest first, the two newest ticked, each told by
// what sets it apart (the config values that differ, its length, where it came from: an engine
// run, a watched job, a recording), and how runs of different lengths share the width. GUI thread.
#pragma once

#include "runs/model/runhistory.h"
#include "timeline/stackedtimelines.h"

#include <QDialog>

class QListWidget;
class QListWidgetItem;
class QRadioButton;
class QPushButton;

class CompareChooser : public QDialog
{
    Q_OBJECT
public:
    CompareChooser(const QVector<RunHistory::Entry>& runs, QWidget* parent = nullptr);
    /// The two runs ticked (indices into the runs given), the older first; empty unless two are.
    QVector<int> chosen() const;
    StackedTimelines::Alignment alignment() const;
    QListWidget* list() const { return m_list; }
    /// One run as the chooser tells it: its title, what differs, its length and its source.
    static QString describe(const RunHistory::Entry& run, const QString& differs);

private:
    /// Keeps two ticked (ticking a third unticks the one ticked longest ago), OK only with two.
    void ticked(QListWidgetItem* item);
    /// Runs whose lengths differ tenfold are shown batch for batch unless the user says otherwise.
    void suggestAlignment();

    QVector<RunHistory::Entry> m_runs;
    QListWidget* m_list;
    QRadioButton* m_atStart;
    QRadioButton* m_perBatch;
    QPushButton* m_ok;
    QVector<int> m_order; ///< ticked rows, oldest tick first
};

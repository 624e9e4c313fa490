// SPDX-License-Identifier: MIT
// Several timelines stacked on one time axis (two runs to compare, or the ranks of one job), with
// their figures side by side. Zooming or panning one moves them all.
#pragma once

#include "timeline/model/tracemodel.h"
#include "loaderscope/results/run_summary.h"

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QTableWidget;
class TimelineView;

class StackedTimelines : public QWidget
{
    Q_OBJECT
public:
    struct Item
    {
        QString title;
        std::unique_ptr<TraceModel> model;
        loaderscope::RunSummary summary; ///< the figures shown in the table
        bool emphasised = false; ///< e.g. the straggler rank
    };

    /// How runs of different lengths share the width: from each run's start on one time axis, or
    /// each on its own axis scaled so that a batch is equally wide in every view (a 22 s job
    /// beside a 0.3 s run stays readable).
    enum class Alignment { Start, PerBatch };

    explicit StackedTimelines(QWidget* parent = nullptr);
    ~StackedTimelines() override;
    /// Before setItems().
    void setAlignment(Alignment a) { m_alignment = a; }
    Alignment alignment() const { return m_alignment; }
    void setItems(std::vector<Item> items, const QString& headline);
    int count() const { return int(m_items.size()); }
    TimelineView* view(int i) const { return m_views[size_t(i)]; }
    QTableWidget* table() const { return m_table; }

protected:
    /// Esc closes the window once no view has marks left to clear.
    void keyPressEvent(QKeyEvent* e) override;

private:
    /// A title and a view for each item, all on the shared time axis up to the longest run.
    void addViews();
    /// Alignment::PerBatch: each view its own axis, zooms and pans carried over batch for batch.
    void alignPerBatch();
    /// The items' figures side by side (and the difference of two), then their verdicts.
    void fillTable();

    std::vector<Item> m_items;
    std::vector<TimelineView*> m_views;
    std::vector<QLabel*> m_titles;
    QLabel* m_headline;
    QTableWidget* m_table;
    QWidget* m_stack;
    class ViewportController* m_viewport; ///< shared by every view (Alignment::Start)
    Alignment m_alignment = Alignment::Start;
    bool m_linking = false; ///< carrying one view's range to the others (PerBatch)
};

// SPDX-License-Identifier: MIT
// The ranks of one job from their recordings (File ▸ Open recording(s)… with several files, or
// loaderscope --open-recording A B C): a table of every rank's figures sorted by data stall, the
// straggler first and named, and one timeline below it, the straggler's at first, any other
// rank's on a double click. Each recording is read once in the background into its figures only
// (digestRecordings); a timeline's events are loaded when it is shown, so 64 ranks take the memory
// of one timeline.
#pragma once

#include "runs/model/jobtracker.h"
#include "sources/model/openedrecording.h"
#include "timeline/model/tracemodel.h"

#include <QTimer>
#include <QWidget>

#include <optional>
#include <utility>

#include <vector>

class QLabel;
class QTableWidget;
class StatisticsWindow;
class QPushButton;
class TimelineView;
class ViewportController;

class RecordingRanksWindow : public QWidget
{
    Q_OBJECT
public:
    explicit RecordingRanksWindow(const QStringList& paths, QWidget* parent = nullptr);
    ~RecordingRanksWindow() override;
    const std::vector<OpenedRecording>& ranks() const { return m_ranks; }
    /// The index (into ranks()) of the rank whose timeline is shown, -1 before one is.
    int shownRank() const { return m_shown; }
    /// Shows rank `index`'s timeline (loaded in the background).
    void showRank(int index);
    /// Statistics of all the ranks together (issue 49): each stage's latency merged over the ranks,
    /// one histogram line per rank, the slowest samples of any rank with their rank; a click on
    /// one shows its rank's timeline at its fetch. Null until the recordings are read.
    StatisticsWindow* openStatistics();

signals:
    /// Every recording was read: the table is filled.
    void ranksRead();
    /// A rank's timeline is shown.
    void rankShown(int index);

protected:
    void keyPressEvent(class QKeyEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void fillTable();
    /// Table, headline and timeline title in the current language.
    void retranslate();
    /// The warnings and the timeline's title (a rank loading, shown, or failed to load).
    void updateTimelineTitle();

    QStringList m_paths;
    std::vector<OpenedRecording> m_ranks;
    RankOrder m_order;
    bool m_read = false;
    int m_shown = -1;
    int m_loading = -1;
    QString m_loadError;
    JobTracker m_jobs;
    TraceModel m_model;                ///< the one timeline shown
    QLabel* m_headline;
    QPushButton* m_statisticsButton;
    StatisticsWindow* m_statistics = nullptr;
    /// The fetch to show once its rank's timeline is loaded (a slow sample chosen), t0 and ns.
    std::optional<std::pair<quint64, quint64>> m_pendingFetch;
    QLabel* m_warning;                 ///< files cut short, damaged or not recordings
    QTableWidget* m_table;
    QLabel* m_timelineTitle;
    TimelineView* m_view;
    ViewportController* m_viewport;
    QTimer m_progress;                 ///< "Reading the recordings… 12 of 64" while they are read
};

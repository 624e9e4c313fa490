// SPDX-License-Identifier: MIT
// The ranks of one watched job, live: one timeline per rank on one time axis, their figures as the
// jobs run, and the rank whose loader holds the others back named as soon as it stands out (the
// rule of profiler traces' Ranks view, loaderscope::findStraggler). Each rank is followed by its
// own RunSession (attached: closing the window stops watching, never the job).
#pragma once

#include "sources/model/remotereader.h"

#include <QTimer>
#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class RunSession;
class TimelineView;
class ViewportController;

class LiveRanksWindow : public QWidget
{
    Q_OBJECT
public:
    /// `segments`: the live segments of the job's ranks (File ▸ Attach).
    explicit LiveRanksWindow(const QStringList& segments, QWidget* parent = nullptr);
    /// The ranks of a job on other hosts, each over its own ssh (File ▸ Attach, --attach ssh://):
    /// their events wait until every rank's clock is known, then share one time axis.
    explicit LiveRanksWindow(const std::vector<RemoteStreamOptions>& remote, QWidget* parent = nullptr);
    ~LiveRanksWindow() override;
    int count() const { return int(m_sessions.size()); }
    RunSession* session(int i) const { return m_sessions[size_t(i)]; }
    TimelineView* view(int i) const { return m_views[size_t(i)]; }
    /// The headline: the straggler named, or that none stands out (tests).
    QString headline() const;
    /// The line about the hosts' clocks ("clocks aligned within ±0.3 ms"), empty for local ranks.
    QString clockLine() const;
    /// Rank i's title line, and what it says about its connection (tests).
    QString title(int i) const;
    QString connectionMessage(int i) const { return m_lostMessage[size_t(i)]; }
    /// The shared time axis's zero (our CLOCK_MONOTONIC ns), once the remote ranks are placed.
    std::optional<quint64> axisOrigin() const { return m_axis; }
    /// Rank i's host clock minus ours (ns) and its uncertainty, as last estimated.
    qint64 clockOffset(int i) const { return m_clock[size_t(i)].mono; }
    quint64 clockUncertainty(int i) const { return m_clock[size_t(i)].uncertainty; }
    /// Starts rank i's stream again after its connection was lost.
    void reconnect(int i);
    /// Statistics of all the ranks together, live (issue 49): each stage merged over the ranks,
    /// one histogram line per rank, the slowest samples of any rank; a click on one shows its
    /// fetch on that rank's timeline. Follows the ranks once a second while it is shown.
    class StatisticsWindow* openStatistics();

protected:
    void keyPressEvent(class QKeyEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void build(int count);
    void refresh();
    void wireRemote(int i);
    void placeRemote(bool timedOut);
    /// The ranks' live figures into the Statistics window, when it is shown.
    void updateStatistics();

    struct Clock
    {
        qint64 mono = 0;
        qint64 real = 0;
        quint64 uncertainty = 0;
        int samples = 0;
    };
    std::vector<RemoteStreamOptions> m_remote;     ///< empty: local segments
    std::vector<std::optional<quint64>> m_ready;   ///< each remote rank's start on our clock
    std::vector<Clock> m_clock;
    std::vector<QString> m_host;                   ///< each rank's host as shown
    std::vector<QString> m_lostMessage;            ///< why its connection ended, if it did
    std::vector<class QPushButton*> m_reconnect;
    std::optional<quint64> m_axis;
    QLabel* m_clockLine = nullptr;
    class QVBoxLayout* m_stack = nullptr;

    QStringList m_names;           ///< the segments followed
    std::vector<int> m_rankOf;     ///< each one's torch.distributed rank, as its header last said
    std::vector<RunSession*> m_sessions;
    std::vector<TimelineView*> m_views;
    std::vector<QLabel*> m_titles;
    QLabel* m_headline;
    class QPushButton* m_statisticsButton = nullptr;
    class StatisticsWindow* m_statistics = nullptr;
    ViewportController* m_viewport;
    QTimer m_timer; ///< figures and headline once a second
};

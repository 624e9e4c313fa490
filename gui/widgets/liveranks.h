// SPDX-License-Identifier: MIT
// The ranks of one watched job, live: one timeline per rank on one time axis, their figures as the
// jobs run, and the rank whose loader holds the others back named as soon as it stands out (the
// rule of profiler traces' Ranks view, loaderscope::findStraggler). Each rank is followed by its
// own RunSession (attached: closing the window stops watching, never the job).
#pragma once

#include <QTimer>
#include <QWidget>

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
    ~LiveRanksWindow() override;
    int count() const { return int(m_sessions.size()); }
    RunSession* session(int i) const { return m_sessions[size_t(i)]; }
    /// The headline: the straggler named, or that none stands out (tests).
    QString headline() const;

protected:
    void keyPressEvent(class QKeyEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void refresh();

    QStringList m_names;           ///< the segments followed
    std::vector<int> m_rankOf;     ///< each one's torch.distributed rank, as its header last said
    std::vector<RunSession*> m_sessions;
    std::vector<TimelineView*> m_views;
    std::vector<QLabel*> m_titles;
    QLabel* m_headline;
    ViewportController* m_viewport;
    QTimer m_timer; ///< figures and headline once a second
};

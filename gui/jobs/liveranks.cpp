// SPDX-License-Identifier: MIT
#include "liveranks.h"

#include "advice/statisticswindow.h"

#include "timeline/apptheme.h"
#include "runs/model/runsession.h"
#include "common/model/summarytext.h"
#include "timeline/draw/viewportcontroller.h"
#include "loaderscope/analysis/ranks.h"
#include "loaderscope/shm/segment.h"
#include "timeline/timelineview.h"

#include <QCoreApplication>
#include <QEvent>
#include <QKeyEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSet>
#include <QScrollArea>
#include <QHBoxLayout>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>
#include <cstdlib>

void LiveRanksWindow::build(int count)
{
    auto* layout = new QVBoxLayout(this);
    m_headline = new QLabel(this);
    m_headline->setWordWrap(true);
    QFont f = m_headline->font();
    f.setBold(true);
    m_headline->setFont(f);
    m_statisticsButton = new QPushButton(this);
    m_statisticsButton->setObjectName(QStringLiteral("rankStatistics"));
    connect(m_statisticsButton, &QPushButton::clicked, this, &LiveRanksWindow::openStatistics);
    auto* top = new QHBoxLayout;
    top->addWidget(m_headline, 1);
    top->addWidget(m_statisticsButton, 0, Qt::AlignTop);
    layout->addLayout(top);
    m_clockLine = new QLabel(this);
    m_clockLine->setWordWrap(true);
    m_clockLine->setVisible(false);
    layout->addWidget(m_clockLine);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    auto* stack = new QWidget(scroll);
    m_stack = new QVBoxLayout(stack);
    scroll->setWidget(stack);
    layout->addWidget(scroll, 1);
    m_viewport = new ViewportController(this);
    m_viewport->setFollowing(true);
    m_rankOf.assign(size_t(count), -1);
    m_host.assign(size_t(count), QString());
    m_lostMessage.assign(size_t(count), QString());
    m_clock.assign(size_t(count), Clock{});
    for (int i = 0; i < count; ++i) {
        auto* session = new RunSession(this);
        // A rank's end shows at once (its final figures, partial or not), not at the next tick.
        connect(session, &RunSession::runFinished, this, [this] { refresh(); });
        auto* row = new QHBoxLayout;
        auto* title = new QLabel(stack);
        title->setWordWrap(true);
        auto* again = new QPushButton(tr("Reconnect"), stack);
        again->setVisible(false);
        connect(again, &QPushButton::clicked, this, [this, i] { reconnect(i); });
        row->addWidget(title, 1);
        row->addWidget(again);
        auto* view = new TimelineView(stack);
        view->setModel(session->model());
        view->setTheme(AppTheme::current());
        view->setController(m_viewport); // one time axis for every rank
        m_stack->addLayout(row);
        m_stack->addWidget(view);
        m_sessions.push_back(session);
        m_titles.push_back(title);
        m_reconnect.push_back(again);
        m_views.push_back(view);
    }
    m_stack->addStretch(1); // spare height goes below the ranks, not between a title and its lanes
    m_timer.setInterval(1000);
    connect(&m_timer, &QTimer::timeout, this, &LiveRanksWindow::refresh);
    m_timer.start();
}

LiveRanksWindow::LiveRanksWindow(const QStringList& segments, QWidget* parent) : QWidget(parent)
{
    m_names = segments;
    build(int(segments.size()));
    for (int i = 0; i < int(segments.size()); ++i)
        m_sessions[size_t(i)]->attach(segments[i]);
    refresh();
}

LiveRanksWindow::LiveRanksWindow(const std::vector<RemoteStreamOptions>& remote, QWidget* parent) : QWidget(parent)
{
    m_remote = remote;
    build(int(remote.size()));
    m_ready.assign(remote.size(), std::nullopt);
    for (size_t i = 0; i < remote.size(); ++i) {
        m_remote[i].hold = true;
        m_host[i] = remote[i].host.display();
        m_names << remote[i].segment;
        wireRemote(int(i));
        m_sessions[i]->attachRemote(m_remote[i]);
    }
    // A rank whose host is slow to answer does not hold the others back for long.
    QTimer::singleShot(8000, this, [this] { placeRemote(true); });
    refresh();
}

void LiveRanksWindow::wireRemote(int i)
{
    RunSession* s = m_sessions[size_t(i)];
    connect(s, &RunSession::remoteReady, this, [this, i](quint64 origin) {
        m_ready[size_t(i)] = origin;
        if (m_axis)
            m_sessions[size_t(i)]->releaseRemote(*m_axis); // late, or reconnected: the axis stands
        else
            placeRemote(false);
    });
    connect(s, &RunSession::remoteDescribed, this, [this, i](const QString& host, int rank, int, const QString&) {
        if (rank >= 0)
            m_rankOf[size_t(i)] = rank;
        if (!host.isEmpty() && host != m_remote[size_t(i)].host.name)
            m_host[size_t(i)] = m_remote[size_t(i)].host.display() + QStringLiteral(" (") + host + QLatin1Char(')');
    });
    connect(s, &RunSession::clockEstimated, this, [this, i](qint64 mono, qint64 real, quint64 uncertainty, int samples) {
        m_clock[size_t(i)] = {mono, real, uncertainty, samples};
    });
    connect(s, &RunSession::connectionLost, this, [this, i](const QString& message) {
        m_lostMessage[size_t(i)] = message;
        m_reconnect[size_t(i)]->setVisible(true);
        refresh();
    });
    connect(s, &RunSession::runFailed, this, [this, i](const QString& message) {
        if (m_lostMessage[size_t(i)].isEmpty())
            m_lostMessage[size_t(i)] = message;
        if (!m_ready[size_t(i)])
            placeRemote(false); // a rank that never came does not hold the axis back
        refresh();
    });
}

void LiveRanksWindow::placeRemote(bool timedOut)
{
    if (m_axis)
        return;
    bool all = true;
    std::optional<quint64> axis;
    for (size_t i = 0; i < m_sessions.size(); ++i) {
        if (m_ready[i])
            axis = axis ? std::min(*axis, *m_ready[i]) : *m_ready[i];
        else if (m_sessions[i]->running())
            all = false;
    }
    if (!axis || (!all && !timedOut))
        return;
    m_axis = axis;
    for (size_t i = 0; i < m_sessions.size(); ++i)
        if (m_ready[i])
            m_sessions[i]->releaseRemote(*m_axis);
}

void LiveRanksWindow::reconnect(int i)
{
    RunSession* s = m_sessions[size_t(i)];
    if (s->running())
        return;
    RemoteStreamOptions o = m_remote[size_t(i)];
    o.savePath.clear(); // a new file: the first connection's stays as it was
    // Attaching first settles the lost connection's end if its reader had not finished yet (on a
    // loaded machine): that end says runFailed with the old message, which must not outlive this.
    s->attachRemote(o);
    m_lostMessage[size_t(i)].clear();
    m_reconnect[size_t(i)]->setVisible(false);
    refresh();
}

QString LiveRanksWindow::title(int i) const
{
    return m_titles[size_t(i)]->text();
}

QString LiveRanksWindow::clockLine() const
{
    return m_clockLine->isVisible() ? m_clockLine->text() : QString();
}

LiveRanksWindow::~LiveRanksWindow()
{
    for (RunSession* s : m_sessions)
        if (s->running())
            s->stop(); // stop watching; the job runs on
}

QString LiveRanksWindow::headline() const
{
    return m_headline->text();
}

StatisticsWindow* LiveRanksWindow::openStatistics()
{
    if (!m_statistics) {
        m_statistics = new StatisticsWindow(this);
        connect(m_statistics, &StatisticsWindow::sampleChosen, this, [this](const loaderscope::SlowFetch& s) {
            for (size_t i = 0; i < m_sessions.size(); ++i)
                if ((m_rankOf[i] >= 0 ? m_rankOf[i] : int(i)) == s.rank) {
                    // One time axis for every rank: the fetch's time on rank i's model.
                    const qint64 t0 = qint64(s.t0) - qint64(m_sessions[i]->model()->origin());
                    const qint64 margin = std::max<qint64>(qint64(s.ns) / 4, 10'000);
                    m_viewport->setFollowing(false);
                    m_viewport->setViewport({std::max<qint64>(0, t0 - margin), t0 + qint64(s.ns) + margin});
                    m_views[i]->setFocus();
                    raise();
                    return;
                }
        });
    }
    m_statistics->show();
    m_statistics->raise();
    updateStatistics();
    return m_statistics;
}

void LiveRanksWindow::updateStatistics()
{
    if (!m_statistics || !m_statistics->isVisible())
        return;
    std::vector<loaderscope::RunSummary> live;
    live.reserve(m_sessions.size());
    std::vector<loaderscope::RankFigures> figures;
    int64_t lost = 0;
    bool whole = true, ended = true;
    for (size_t i = 0; i < m_sessions.size(); ++i) {
        RunSession* s = m_sessions[i];
        live.push_back(s->running() ? s->liveSummary() : s->summary());
        ended = ended && !s->running();
        lost += live.back().events_lost;
        whole = whole && live.back().figures_reliable && m_lostMessage[i].isEmpty();
    }
    for (size_t i = 0; i < live.size(); ++i)
        figures.push_back({m_rankOf[i] >= 0 ? m_rankOf[i] : int(i), &live[i].figures});
    m_statistics->showRanks(figures, lost, whole, ended);
}

void LiveRanksWindow::refresh()
{
    // Each job's rank as its probe wrote it in the segment header (known once torch.distributed
    // started); the order chosen until then. A remote rank's comes with its stream.
    if (m_remote.empty())
        for (const loaderscope::SegmentInfo& info : loaderscope::listLiveSegments()) {
            const qsizetype i = m_names.indexOf(QString::fromStdString(info.name));
            if (i >= 0 && info.rank >= 0)
                m_rankOf[size_t(i)] = info.rank;
        }
    std::vector<double> stalls;
    std::vector<size_t> member; ///< the window's index of each entry of `stalls`
    std::vector<int> ranks;
    for (size_t i = 0; i < m_sessions.size(); ++i) {
        RunSession* s = m_sessions[i];
        const loaderscope::RunSummary live = s->running() ? s->liveSummary() : s->summary();
        const int rank = m_rankOf[i] >= 0 ? m_rankOf[i] : int(i);
        const bool any = live.figures.batches > 0;
        QString text = any ? tr("rank %1 · %2 samples/s · data stall %3 · %4")
                                 .arg(rank)
                                 .arg(SummaryText::rate(live.figures.samples_per_s),
                                      SummaryText::percent(live.figures.data_stall_fraction),
                                      s->running() ? tr("live") : tr("ended"))
                           : tr("rank %1 · waiting for its first batch").arg(rank);
        if (!m_host[i].isEmpty())
            text = tr("%1 on %2").arg(text, m_host[i]);
        if (const QString partial = SummaryText::unseenBatches(live); !partial.isEmpty())
            text += QLatin1Char('\n') + partial;
        if (!m_lostMessage[i].isEmpty())
            text += QLatin1Char('\n') + m_lostMessage[i];
        m_titles[i]->setText(text);
        // Only ranks with figures take part: one still waiting (or between its end and its
        // summary) must not make another look like the straggler.
        if (any) {
            stalls.push_back(live.figures.data_stall_fraction);
            ranks.push_back(rank);
            member.push_back(i);
        }
        if (!s->running() && !s->lastError().isEmpty())
            m_titles[i]->setToolTip(s->lastError());
    }
    qint64 end = 0;
    for (RunSession* s : m_sessions)
        end = std::max(end, s->model()->endTime());
    m_viewport->setDataEnd(end);
    updateStatistics();
    const loaderscope::Straggler st = loaderscope::findStraggler(stalls);
    for (size_t i = 0; i < m_titles.size(); ++i)
        m_titles[i]->setStyleSheet(st.index >= 0 && i == member[size_t(st.index)] ? QStringLiteral("QLabel { color: #dc2626; font-weight: bold; }") : QString());
    m_headline->setText(st.index >= 0 ? tr("Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).")
                                            .arg(ranks[size_t(st.index)])
                                            .arg(SummaryText::percent(st.stall), SummaryText::percent(st.others))
                                      : tr("No rank's loader holds the others back (so far)."));
    if (!m_remote.empty()) {
        // The worst rank's uncertainty bounds the alignment of all; each host's wall clock is
        // said as it is (the alignment does not use it).
        quint64 worst = 0;
        int known = 0;
        QStringList skews;
        QSet<QString> said; // one sentence per host, however many ranks it runs
        for (size_t i = 0; i < m_clock.size(); ++i) {
            if (m_clock[i].samples == 0)
                continue;
            ++known;
            worst = std::max(worst, m_clock[i].uncertainty);
            if (std::llabs(m_clock[i].real) >= 100'000'000 && !said.contains(m_host[i]) && (said.insert(m_host[i]), true))
                skews << tr("%1's wall clock is %2 s %3").arg(m_host[i])
                             .arg(QLocale().toString(std::fabs(double(m_clock[i].real)) / 1e9, 'f', 3))
                             .arg(m_clock[i].real > 0 ? tr("ahead") : tr("behind"));
        }
        QString line = known == 0 ? tr("Measuring the hosts' clocks…")
                                   : tr("Clocks aligned within ±%1 ms (%2 of %3 ranks measured).")
                                         .arg(QLocale().toString(double(worst) / 1e6, 'f', 2))
                                         .arg(known)
                                         .arg(m_clock.size());
        if (!skews.isEmpty())
            line += QLatin1Char(' ') + tr("Corrected: %1.").arg(skews.join(QStringLiteral("; ")));
        m_clockLine->setText(line);
        m_clockLine->setVisible(true);
    }
    setWindowTitle(tr("Ranks of one job (live)"));
    m_statisticsButton->setText(QCoreApplication::translate("RecordingRanksWindow", "Statistics of all ranks…"));
    m_statisticsButton->setToolTip(QCoreApplication::translate(
        "RecordingRanksWindow", "Each stage's latency over all the ranks (one histogram line per rank) and the slowest samples of any rank"));
}

void LiveRanksWindow::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Escape) {
        close();
        return;
    }
    QWidget::keyPressEvent(e);
}

void LiveRanksWindow::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        refresh();
    QWidget::changeEvent(e);
}

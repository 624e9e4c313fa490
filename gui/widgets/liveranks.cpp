// SPDX-License-Identifier: MIT
#include "liveranks.h"

#include "apptheme.h"
#include "core/runsession.h"
#include "core/summarytext.h"
#include "core/viewportcontroller.h"
#include "loaderscope/ranks.h"
#include "loaderscope/segment.h"
#include "timelineview.h"

#include <QEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

LiveRanksWindow::LiveRanksWindow(const QStringList& segments, QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_headline = new QLabel(this);
    m_headline->setWordWrap(true);
    QFont f = m_headline->font();
    f.setBold(true);
    m_headline->setFont(f);
    layout->addWidget(m_headline);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    auto* stack = new QWidget(scroll);
    auto* v = new QVBoxLayout(stack);
    scroll->setWidget(stack);
    layout->addWidget(scroll, 1);
    m_viewport = new ViewportController(this);
    m_viewport->setFollowing(true);
    m_names = segments;
    m_rankOf.assign(size_t(segments.size()), -1);
    for (const QString& name : segments) {
        auto* session = new RunSession(this);
        auto* title = new QLabel(stack);
        auto* view = new TimelineView(stack);
        view->setModel(session->model());
        view->setTheme(AppTheme::current());
        view->setController(m_viewport); // one time axis for every rank
        v->addWidget(title);
        v->addWidget(view);
        m_sessions.push_back(session);
        m_titles.push_back(title);
        m_views.push_back(view);
        session->attach(name);
    }
    m_timer.setInterval(1000);
    connect(&m_timer, &QTimer::timeout, this, &LiveRanksWindow::refresh);
    m_timer.start();
    refresh();
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

void LiveRanksWindow::refresh()
{
    // Each job's rank as its probe wrote it in the segment header (known once torch.distributed
    // started); the order chosen until then.
    for (const loaderscope::SegmentInfo& info : loaderscope::listLiveSegments()) {
        const qsizetype i = m_names.indexOf(QString::fromStdString(info.name));
        if (i >= 0 && info.rank >= 0)
            m_rankOf[size_t(i)] = info.rank;
    }
    std::vector<double> stalls;
    std::vector<int> ranks;
    for (size_t i = 0; i < m_sessions.size(); ++i) {
        RunSession* s = m_sessions[i];
        const loaderscope::RunSummary live = s->running() ? s->liveSummary() : s->summary();
        const int rank = m_rankOf[i] >= 0 ? m_rankOf[i] : int(i);
        const bool any = live.figures.batches > 0;
        m_titles[i]->setText(any ? tr("rank %1 · %2 samples/s · data stall %3 · %4")
                                       .arg(rank)
                                       .arg(SummaryText::rate(live.figures.samples_per_s),
                                            SummaryText::percent(live.figures.data_stall_fraction),
                                            s->running() ? tr("live") : tr("ended"))
                                 : tr("rank %1 · waiting for its first batch").arg(rank));
        stalls.push_back(any ? live.figures.data_stall_fraction : 0.0);
        ranks.push_back(rank);
        if (!s->running() && !s->lastError().isEmpty())
            m_titles[i]->setToolTip(s->lastError());
    }
    qint64 end = 0;
    for (RunSession* s : m_sessions)
        end = std::max(end, s->model()->endTime());
    m_viewport->setDataEnd(end);
    const loaderscope::Straggler st = loaderscope::findStraggler(stalls);
    for (size_t i = 0; i < m_titles.size(); ++i)
        m_titles[i]->setStyleSheet(int(i) == st.index ? QStringLiteral("QLabel { color: #dc2626; font-weight: bold; }") : QString());
    m_headline->setText(st.index >= 0 ? tr("Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).")
                                            .arg(ranks[size_t(st.index)])
                                            .arg(SummaryText::percent(st.stall), SummaryText::percent(st.others))
                                      : tr("No rank's loader holds the others back (so far)."));
    setWindowTitle(tr("Ranks of one job (live)"));
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

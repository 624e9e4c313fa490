// SPDX-License-Identifier: MIT
#include "recordingranks.h"

#include "advice/statisticswindow.h"
#include "timeline/apptheme.h"
#include "sources/model/eventfile.h"
#include "common/model/summarytext.h"
#include "timeline/draw/viewportcontroller.h"
#include "timeline/timelineview.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QFileInfo>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <memory>

namespace {
const QString kDigest = QStringLiteral("rank digests");
const QString kTimeline = QStringLiteral("rank timeline");
} // namespace

RecordingRanksWindow::RecordingRanksWindow(const QStringList& paths, QWidget* parent) : QWidget(parent), m_paths(paths)
{
    setObjectName(QStringLiteral("recordingRanks"));
    auto* layout = new QVBoxLayout(this);
    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("headline"));
    m_headline->setWordWrap(true);
    QFont f = m_headline->font();
    f.setBold(true);
    m_headline->setFont(f);
    m_statisticsButton = new QPushButton(this);
    m_statisticsButton->setObjectName(QStringLiteral("rankStatistics"));
    m_statisticsButton->setEnabled(false); // once the recordings are read
    connect(m_statisticsButton, &QPushButton::clicked, this, &RecordingRanksWindow::openStatistics);
    auto* top = new QHBoxLayout;
    top->addWidget(m_headline, 1);
    top->addWidget(m_statisticsButton, 0, Qt::AlignTop);
    layout->addLayout(top);
    m_warning = new QLabel(this);
    m_warning->setObjectName(QStringLiteral("warning"));
    m_warning->setWordWrap(true);
    m_warning->setStyleSheet(QStringLiteral("QLabel { color: #b45309; }"));
    m_warning->hide();
    layout->addWidget(m_warning);
    auto* split = new QSplitter(Qt::Vertical, this);
    m_table = new QTableWidget(split);
    m_table->setObjectName(QStringLiteral("rankTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto* bottom = new QWidget(split);
    auto* v = new QVBoxLayout(bottom);
    v->setContentsMargins(0, 0, 0, 0);
    m_timelineTitle = new QLabel(bottom);
    m_timelineTitle->setObjectName(QStringLiteral("timelineTitle"));
    m_view = new TimelineView(bottom);
    m_viewport = new ViewportController(this);
    m_view->setController(m_viewport);
    m_view->setModel(&m_model);
    m_view->setTheme(AppTheme::current());
    v->addWidget(m_timelineTitle);
    v->addWidget(m_view, 1);
    split->addWidget(m_table);
    split->addWidget(bottom);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    layout->addWidget(split, 1);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        if (QTableWidgetItem* it = m_table->item(row, 0))
            showRank(it->data(Qt::UserRole + 1).toInt());
    });

    // Every recording read once, in the background, into its figures.
    auto result = std::make_shared<std::vector<OpenedRecording>>();
    const QStringList files = paths;
    m_jobs.start(
        kDigest,
        [files, result](JobTracker::Progress& p) { *result = digestRecordings(files, [&p](qint64 d, qint64 t) { return p.report(d, t); }); },
        [this, result] {
            m_ranks = std::move(*result);
            m_order = orderRanks(m_ranks);
            m_read = true;
            m_statisticsButton->setEnabled(true);
            m_progress.stop();
            retranslate();
            emit ranksRead();
            if (!m_order.order.empty() && m_ranks[size_t(m_order.order.front())].ok())
                showRank(m_order.order.front()); // the straggler (or the most stalled rank)
        });
    m_progress.setInterval(200);
    connect(&m_progress, &QTimer::timeout, this, &RecordingRanksWindow::retranslate);
    m_progress.start();
    retranslate();
    resize(1300, 850);
}

RecordingRanksWindow::~RecordingRanksWindow()
{
    m_jobs.cancel(kDigest);
    m_jobs.cancel(kTimeline);
    m_jobs.waitForAll();
}

void RecordingRanksWindow::showRank(int index)
{
    if (index < 0 || index >= int(m_ranks.size()) || !m_ranks[size_t(index)].ok())
        return;
    m_loading = index;
    m_loadError.clear();
    updateTimelineTitle();
    // Filled on the job's thread, handed to the shown model on this one.
    auto loaded = std::make_shared<std::unique_ptr<TraceModel>>(std::make_unique<TraceModel>());
    (*loaded)->moveToThread(nullptr);
    auto error = std::make_shared<QString>();
    const QString path = m_ranks[size_t(index)].path;
    m_jobs.start(
        kTimeline,
        [loaded, error, path](JobTracker::Progress& p) {
            QString warning; // already in the table, from the digest
            loadEventsFile(path, **loaded, error.get(), [&p](qint64 d, qint64 t) { return p.report(d, t); }, &warning);
        },
        [this, loaded, error, index] {
            m_loading = -1;
            if (!error->isEmpty()) {
                m_loadError = *error;
                updateTimelineTitle();
                return;
            }
            (*loaded)->moveToThread(thread());
            m_model.takeContents(**loaded);
            m_shown = index;
            const qint64 end = std::max<qint64>(m_model.endTime(), 1'000'000);
            m_viewport->setFollowing(false);
            m_viewport->setDataEnd(end);
            m_viewport->setViewport({0, end + end / 50});
            updateTimelineTitle();
            if (m_pendingFetch) { // a slow sample chosen in the ranks' Statistics: its fetch
                const qint64 t0 = qint64(m_pendingFetch->first) - qint64(m_model.origin());
                const qint64 margin = std::max<qint64>(qint64(m_pendingFetch->second) / 4, 10'000);
                m_viewport->setViewport({std::max<qint64>(0, t0 - margin), t0 + qint64(m_pendingFetch->second) + margin});
                m_pendingFetch.reset();
            }
            emit rankShown(index);
        });
}

StatisticsWindow* RecordingRanksWindow::openStatistics()
{
    if (!m_read)
        return nullptr;
    if (!m_statistics) {
        m_statistics = new StatisticsWindow(this);
        connect(m_statistics, &StatisticsWindow::sampleChosen, this, [this](const loaderscope::SlowFetch& s) {
            for (size_t i = 0; i < m_ranks.size(); ++i)
                if (m_ranks[i].ok() && m_ranks[i].rank == s.rank) {
                    m_pendingFetch = std::make_pair(quint64(s.t0), quint64(s.ns));
                    showRank(int(i));
                    raise();
                    return;
                }
        });
    }
    // The readable ranks' figures merged; what any rank lost makes the whole partial.
    std::vector<loaderscope::RankFigures> figures;
    int64_t lost = 0;
    bool whole = true;
    for (const OpenedRecording& r : m_ranks) {
        if (!r.ok())
            continue;
        figures.push_back({r.rank, &r.digest.figures});
        lost += int64_t(r.digest.events_lost);
        whole = whole && r.warning.isEmpty();
    }
    m_statistics->showRanks(figures, lost, whole, true);
    m_statistics->show();
    m_statistics->raise();
    return m_statistics;
}

void RecordingRanksWindow::fillTable()
{
    const QStringList headers = {tr("Rank"),   tr("Data stall"), tr("Samples/s"), tr("Batches"),
                                 tr("Workers"), tr("Events"),     tr("File"),      tr("Note")};
    m_table->clear();
    m_table->setColumnCount(int(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(int(m_order.order.size()));
    const QLocale locale;
    for (int row = 0; row < int(m_order.order.size()); ++row) {
        const int i = m_order.order[size_t(row)];
        const OpenedRecording& r = m_ranks[size_t(i)];
        const loaderscope::RunFigures& f = r.digest.figures;
        auto* rank = new QTableWidgetItem(QString::number(r.rank));
        rank->setData(Qt::UserRole, f.data_stall_fraction); // the sort key (tests read it)
        rank->setData(Qt::UserRole + 1, i);                 // which recording the row is
        m_table->setItem(row, 0, rank);
        const auto cell = [&](int c, const QString& text) { m_table->setItem(row, c, new QTableWidgetItem(text)); };
        const QString none = QStringLiteral("–");
        cell(1, r.ok() ? SummaryText::percent(f.data_stall_fraction) : none);
        cell(2, r.ok() ? SummaryText::rate(f.samples_per_s) : none);
        cell(3, r.ok() ? locale.toString(qint64(f.batches)) : none);
        cell(4, r.ok() ? QString::number(r.digest.num_workers) : none);
        cell(5, r.ok() ? locale.toString(qint64(r.digest.events)) : none);
        cell(6, QFileInfo(r.path).fileName());
        m_table->item(row, 6)->setToolTip(r.path);
        QString note = !r.ok() ? r.error : !r.warning.isEmpty() ? r.warning : QString();
        if (i == m_order.straggler)
            note = tr("straggler") + (note.isEmpty() ? QString() : QStringLiteral(" · ") + note);
        cell(7, note);
        m_table->item(row, 7)->setToolTip(note);
        if (i == m_order.straggler || !r.ok() || !r.warning.isEmpty()) {
            const QColor c = i == m_order.straggler ? QColor(0xdc, 0x26, 0x26) : QColor(0xb4, 0x53, 0x09);
            for (int col = 0; col < m_table->columnCount(); ++col)
                m_table->item(row, col)->setForeground(c);
        }
    }
    m_table->resizeColumnsToContents();
}

void RecordingRanksWindow::retranslate()
{
    setWindowTitle(tr("Ranks of one job (recordings)"));
    m_statisticsButton->setText(tr("Statistics of all ranks…"));
    m_statisticsButton->setToolTip(tr("Each stage's latency over all the ranks (one histogram line per rank) and the slowest "
                                      "samples of any rank"));
    if (!m_read) {
        const double p = m_jobs.progress(kDigest);
        m_headline->setText(tr("Reading the recordings (%1)…").arg(m_paths.size()) +
                            (p > 0 ? QStringLiteral(" %1").arg(SummaryText::percent(p)) : QString()));
        return;
    }
    fillTable();
    const int readable = int(std::count_if(m_ranks.begin(), m_ranks.end(), [](const OpenedRecording& r) { return r.ok(); }));
    if (m_order.straggler >= 0)
        m_headline->setText(tr("Straggler: rank %1 waits %2 of its time for data; the other ranks %3 (median).")
                                .arg(m_ranks[size_t(m_order.straggler)].rank)
                                .arg(SummaryText::percent(m_order.figures.stall), SummaryText::percent(m_order.figures.others)));
    else if (readable < 2)
        m_headline->setText(tr("Fewer than two ranks could be read: there is nothing to compare."));
    else
        m_headline->setText(tr("No rank's loader holds the others back."));
    updateTimelineTitle();
}

void RecordingRanksWindow::updateTimelineTitle()
{
    // What could not be read in full: cut short, damaged, not a recording.
    QStringList problems;
    for (const OpenedRecording& r : m_ranks)
        if (!r.ok() || !r.warning.isEmpty())
            problems << (r.ok() ? r.warning : r.error);
    if (!m_loadError.isEmpty())
        problems << m_loadError;
    m_warning->setText(problems.join(QLatin1Char('\n')));
    m_warning->setVisible(!problems.isEmpty());
    if (!m_read)
        return;
    if (m_loading >= 0)
        m_timelineTitle->setText(tr("Loading the timeline of rank %1…").arg(m_ranks[size_t(m_loading)].rank));
    else if (m_shown >= 0)
        m_timelineTitle->setText(tr("Timeline of rank %1 · %2 (double-click a row to show another rank)")
                                     .arg(m_ranks[size_t(m_shown)].rank)
                                     .arg(QFileInfo(m_ranks[size_t(m_shown)].path).fileName()));
    else
        m_timelineTitle->setText(tr("Double-click a row to show that rank's timeline."));
}

void RecordingRanksWindow::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Escape) {
        close();
        return;
    }
    QWidget::keyPressEvent(e);
}

void RecordingRanksWindow::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}

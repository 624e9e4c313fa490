// SPDX-License-Identifier: MIT
#include "statisticswindow.h"

#include "advice/histogramchart.h"
#include "advice/model/slowsampletable.h"
#include "common/model/summarytext.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QScreen>
#include <QScrollBar>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace {

namespace ls = loaderscope;

/// A stage's name as the tables say it (the summary JSON's "stage" key, translated).
QString stageName(const std::string& stage)
{
    if (stage == "fetch")
        return StatisticsWindow::tr("fetch (one sample)");
    if (stage == "collate")
        return StatisticsWindow::tr("collate");
    if (stage == "handover")
        return StatisticsWindow::tr("hand-over to the main process");
    if (stage == "wait")
        return StatisticsWindow::tr("wait in next()");
    if (stage == "pin")
        return StatisticsWindow::tr("pin-memory copy");
    if (stage == "h2d")
        return StatisticsWindow::tr("host-to-device copy");
    if (stage == "step")
        return StatisticsWindow::tr("training step");
    return QString::fromStdString(stage);
}

QString nsText(uint64_t ns)
{
    return SummaryText::duration(double(ns) * 1e-9);
}

QTableWidget* makeTable(QWidget* parent)
{
    auto* t = new QTableWidget(parent);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

QTableWidgetItem* cell(const QString& text, bool number = true)
{
    auto* item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

StatisticsWindow::StatisticsWindow(QWidget* parent) : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("statisticsWindow"));
    auto* layout = new QVBoxLayout(this);
    m_caption = new QLabel(this);
    m_caption->setWordWrap(true);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: #b45309; font-weight: bold")); // the partial-figures amber
    m_stagesTitle = new QLabel(this);
    m_slowTitle = new QLabel(this);
    QFont bold = m_stagesTitle->font();
    bold.setBold(true);
    m_stagesTitle->setFont(bold);
    m_slowTitle->setFont(bold);
    m_stages = makeTable(this);
    m_stages->horizontalHeader()->setStretchLastSection(false); // Max keeps its width beside p99.9
    m_slow = makeTable(this);
    m_histogramLabel = new QLabel(this);
    m_histogramStage = new QComboBox(this);
    m_histogramStage->setSizeAdjustPolicy(QComboBox::AdjustToContents); // "hand-over to the main process" whole
    m_histogram = new HistogramChart(this);
    m_histogramLabel->setBuddy(m_histogramStage);
    auto* histogramRow = new QHBoxLayout;
    histogramRow->addWidget(m_histogramLabel);
    histogramRow->addWidget(m_histogramStage);
    m_histogramHint = new QLabel(this);
    m_histogramHint->setWordWrap(true);
    histogramRow->addWidget(m_histogramHint, 1);
    layout->addWidget(m_caption);
    layout->addWidget(m_note);
    layout->addWidget(m_stagesTitle);
    layout->addWidget(m_stages, 2);
    layout->addLayout(histogramRow);
    layout->addWidget(m_histogram, 3);
    layout->addWidget(m_slowTitle);
    layout->addWidget(m_slow, 3);
    connect(m_slow, &QTableWidget::cellClicked, this, [this](int row, int) { chooseSample(row); });
    // A stage's row, or the box, chooses the histogram.
    connect(m_stages, &QTableWidget::cellClicked, this, [this](int row, int) {
        if (row >= 0 && size_t(row) < m_summary.figures.distributions.size())
            showHistogram(QString::fromStdString(m_summary.figures.distributions[size_t(row)].stage));
    });
    connect(m_histogramStage, &QComboBox::activated, this, [this](int i) { showHistogram(m_histogramStage->itemData(i).toString()); });
    retranslate();
    resize(860, 820);
}

void StatisticsWindow::showSummary(const ls::RunSummary& summary, bool final)
{
    m_summary = summary;
    m_final = final;
    m_any = true;
    // Live summaries come 4 times a second: a closed window draws the last one when it opens.
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    render();
}

void StatisticsWindow::showEvent(QShowEvent* e)
{
    QWidget::showEvent(e);
    if (m_stale) {
        m_stale = false;
        render();
    }
}

void StatisticsWindow::chooseSample(int row)
{
    if (row >= 0 && size_t(row) < m_summary.figures.slowest_samples.size())
        emit sampleChosen(m_summary.figures.slowest_samples[size_t(row)]);
}

void StatisticsWindow::showRanks(const std::vector<ls::RankFigures>& ranks, int64_t eventsLost, bool whole, bool final)
{
    ls::RunSummary merged;
    merged.source = "pytorch";
    merged.events_lost = eventsLost;
    merged.figures_reliable = whole && eventsLost == 0;
    merged.figures = ls::mergeRankFigures(ranks);
    m_ranks = int(ranks.size());
    m_histogram->setLinesAreRanks(true);
    showSummary(merged, final);
    retranslate();
}

void StatisticsWindow::showHistogram(const QString& stage)
{
    for (const ls::StageDistribution& d : m_summary.figures.distributions)
        if (QString::fromStdString(d.stage) == stage) {
            m_histogramStage->setCurrentIndex(m_histogramStage->findData(stage));
            m_histogram->setStage(d);
            return;
        }
    m_histogram->setStage({});
}

int StatisticsWindow::stageRows() const
{
    return m_stages->rowCount();
}

QString StatisticsWindow::stageCell(int row, int column) const
{
    const QTableWidgetItem* i = m_stages->item(row, column);
    return i ? i->text() : QString();
}

int StatisticsWindow::slowRows() const
{
    return m_slow->rowCount();
}

QString StatisticsWindow::slowCell(int row, int column) const
{
    const QTableWidgetItem* i = m_slow->item(row, column);
    return i ? i->text() : QString();
}

QString StatisticsWindow::note() const
{
    return m_note->isHidden() ? QString() : m_note->text();
}

void StatisticsWindow::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}

void StatisticsWindow::retranslate()
{
    setWindowTitle(tr("Statistics"));
    m_stagesTitle->setText(tr("Latency of each stage"));
    m_slowTitle->setText(tr("Slowest samples (click one to show it on the timeline)"));
    m_histogramLabel->setText(tr("&Histogram of:"));
    m_histogramHint->setText(m_ranks > 0 ? tr("each line: one rank's spans, in % of them, by duration")
                                         : tr("each line: one worker's spans, in % of them, by duration"));
    render(); // the headers and the cells' words
}

void StatisticsWindow::render()
{
    m_stages->setColumnCount(7);
    m_slow->setColumnCount(11);
    m_stages->setHorizontalHeaderLabels({tr("Stage"), tr("Count"), tr("p50"), tr("p90"), tr("p99"), tr("p99.9"), tr("Max")});
    m_slow->setHorizontalHeaderLabels(SlowSampleTable::headers());
    const ls::RunFigures& f = m_summary.figures;
    if (!m_any)
        m_caption->setText(tr("No run yet: run one (F5), watch a job or open a recording."));
    else
        m_caption->setText(m_ranks > 0 ? tr("The job's ranks together (%1): each stage's latency over all of them, and the "
                                            "slowest samples of any rank.").arg(m_ranks)
                           : m_final ? tr("The whole run.")
                                     : tr("Live: the run so far (updated as it goes)."));
    // What may be missing, first: a lost event may be a slow sample.
    const QString missing = SlowSampleTable::partialNote(m_summary);
    m_note->setText(missing);
    m_note->setVisible(!missing.isEmpty());

    m_stages->setRowCount(int(f.distributions.size()));
    for (int r = 0; r < int(f.distributions.size()); ++r) {
        const ls::StageDistribution& d = f.distributions[size_t(r)];
        m_stages->setItem(r, 0, cell(stageName(d.stage), false));
        m_stages->setItem(r, 1, cell(QLocale().toString(qulonglong(d.all.count()))));
        int c = 2;
        for (double q : {0.5, 0.9, 0.99, 0.999})
            m_stages->setItem(r, c++, cell(nsText(d.all.quantileNs(q))));
        m_stages->setItem(r, c, cell(nsText(d.all.maxNs())));
    }
    // The histogram's stage box: the run's stages, the one shown kept (fetch at first).
    const QString shown = m_histogramStage->currentData().toString();
    m_histogramStage->clear();
    for (const ls::StageDistribution& d : f.distributions)
        m_histogramStage->addItem(stageName(d.stage), QString::fromStdString(d.stage));
    showHistogram(shown.isEmpty() ? QStringLiteral("fetch") : shown);

    const SlowSampleTable::Table slow = SlowSampleTable::build(m_summary);
    m_slow->setRowCount(int(slow.rows.size()));
    for (int r = 0; r < int(slow.rows.size()); ++r)
        for (int c = 0; c < int(slow.rows[size_t(r)].size()); ++c)
            m_slow->setItem(r, c, cell(slow.rows[size_t(r)][c], c != SlowSampleTable::kFileColumn));
    const bool files = slow.files;
    m_slow->setColumnHidden(SlowSampleTable::kFileColumn, !files);
    m_slow->setColumnHidden(SlowSampleTable::kRankColumn, !slow.ranks);
    m_slow->horizontalHeader()->setStretchLastSection(files); // a long path takes the rest, numbers keep their width
    m_stages->resizeColumnsToContents();
    m_slow->resizeColumnsToContents();
    fitWidth();
}

void StatisticsWindow::fitWidth()
{
    // Wide enough for every column of the slow samples (Large fonts cut "Stall added" off behind a
    // scroll bar), within the screen; it only widens, never undoes the user's own size.
    int columns = 0;
    for (int c = 0; c < m_slow->columnCount(); ++c)
        if (!m_slow->isColumnHidden(c))
            columns += m_slow->columnWidth(c);
    const QMargins m = layout()->contentsMargins();
    const int need = columns + 2 * m_slow->frameWidth() + m_slow->verticalScrollBar()->sizeHint().width() + m.left() + m.right() + 4;
    const QScreen* s = screen();
    const int most = s ? s->availableGeometry().width() : need;
    if (width() < need)
        resize(std::min(need, most), height());
}

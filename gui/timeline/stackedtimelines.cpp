// SPDX-License-Identifier: MIT
#include "stackedtimelines.h"

#include "timeline/apptheme.h"
#include "common/model/summarytext.h"
#include "timeline/timelineview.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>

#include <functional>
#include <optional>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

StackedTimelines::StackedTimelines(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_viewport = new ViewportController(this);
    m_headline = new QLabel(this);
    m_headline->setWordWrap(true);
    QFont f = m_headline->font();
    f.setBold(true);
    m_headline->setFont(f);
    layout->addWidget(m_headline);
    auto* split = new QSplitter(Qt::Vertical, this);
    auto* scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    m_stack = new QWidget(scroll);
    new QVBoxLayout(m_stack);
    scroll->setWidget(m_stack);
    m_table = new QTableWidget(split);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    split->addWidget(scroll);
    split->addWidget(m_table);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    m_table->setMaximumHeight(260);
    layout->addWidget(split, 1);
}

StackedTimelines::~StackedTimelines() = default;

void StackedTimelines::setItems(std::vector<Item> items, const QString& headline)
{
    for (auto* v : m_views)
        v->deleteLater();
    for (auto* t : m_titles)
        t->deleteLater();
    m_views.clear();
    m_titles.clear();
    m_items = std::move(items);
    m_headline->setText(headline);
    addViews();
    fillTable();
}

void StackedTimelines::addViews()
{
    qint64 end = 1'000'000;
    for (const Item& it : m_items)
        end = std::max(end, it.model->endTime());
    auto* layout = static_cast<QVBoxLayout*>(m_stack->layout());
    for (Item& it : m_items) {
        auto* title = new QLabel(it.title, m_stack);
        if (it.emphasised)
            title->setStyleSheet(QStringLiteral("QLabel { color: #dc2626; font-weight: bold; }"));
        auto* view = new TimelineView(m_stack);
        view->setModel(it.model.get());
        view->setTheme(AppTheme::current());
        view->setController(m_viewport); // one time axis: a zoom or pan in any view moves every view
        layout->addWidget(title);
        layout->addWidget(view);
        m_titles.push_back(title);
        m_views.push_back(view);
    }
    m_viewport->setFollowing(false);
    m_viewport->setDataEnd(end);
    m_viewport->setViewport({0, end + end / 50});
    if (m_alignment == Alignment::PerBatch)
        alignPerBatch();
}

void StackedTimelines::alignPerBatch()
{
    // A run's time per batch (ns): its length over the batches it delivered.
    std::vector<double> period;
    qint64 batches = 1;
    for (const Item& it : m_items) {
        const qint64 n = std::max<qint64>(1, it.summary.figures.batches);
        batches = std::max(batches, n);
        period.push_back(std::max(1.0, double(std::max<qint64>(it.model->endTime(), 1)) / double(n)));
    }
    std::vector<ViewportController*> controllers;
    for (size_t i = 0; i < m_views.size(); ++i) {
        auto* c = new ViewportController(m_views[i]);
        c->setFollowing(false);
        c->setDataEnd(m_items[i].model->endTime());
        const auto width = qint64(double(batches) * period[i] * 1.02);
        c->setViewport({0, std::max<qint64>(width, ViewportController::kMinWindowNs)});
        m_views[i]->setController(c);
        controllers.push_back(c);
    }
    // A zoom or pan in one view shows the same batches in the others.
    for (size_t i = 0; i < controllers.size(); ++i)
        connect(controllers[i], &ViewportController::viewportChanged, this, [this, controllers, period, i](const Viewport& v) {
            if (m_linking)
                return;
            m_linking = true;
            for (size_t j = 0; j < controllers.size(); ++j)
                if (j != i) {
                    const double k = period[j] / period[i];
                    controllers[j]->setViewport({qint64(double(v.t0) * k), qint64(double(v.t1) * k)});
                }
            m_linking = false;
        });
}

void StackedTimelines::fillTable()
{
    // The figures side by side (and the difference of two), formatted as the summary panel does.
    using loaderscope::RunSummary;
    struct Row
    {
        QString name;
        std::function<std::optional<double>(const RunSummary&)> value;
        std::function<QString(double)> format;
        std::function<QString(double)> difference;
    };
    const auto pctDiff = [](double d) { return SummaryText::number(d * 100, 1) + tr(" points"); };
    const std::vector<Row> rows = {
        {tr("Samples/s"), [](const RunSummary& s) -> std::optional<double> {
             if (s.source == "profiler") return std::nullopt;
             return s.figures.samples_per_s; }, SummaryText::rate, SummaryText::rate},
        {tr("First batch"), [](const RunSummary& s) { return s.figures.first_batch_s; }, SummaryText::duration, SummaryText::duration},
        {tr("Data stall"), [](const RunSummary& s) -> std::optional<double> {
             if (!s.data_stall_measured) return std::nullopt;
             return s.figures.data_stall_fraction; },
         SummaryText::percent, pctDiff},
        {tr("GPU busy"), [](const RunSummary& s) -> std::optional<double> { return s.figures.gpu_busy_fraction; },
         SummaryText::percent, pctDiff},
        {tr("Copy/compute overlap"), [](const RunSummary& s) { return s.figures.overlap_fraction; }, SummaryText::percent, pctDiff},
        {tr("H2D bandwidth"), [](const RunSummary& s) { return s.figures.h2d_gbps; }, SummaryText::bandwidth, SummaryText::bandwidth},
        // What runs of different lengths compare by (Compare's per-batch alignment).
        {tr("Time per batch"), [](const RunSummary& s) -> std::optional<double> {
             if (s.figures.batches <= 0) return std::nullopt;
             return s.figures.seconds / double(s.figures.batches); }, SummaryText::duration, SummaryText::duration},
    };
    const bool two = m_items.size() == 2;
    m_table->clear();
    m_table->setRowCount(int(rows.size()) + 1);
    m_table->setColumnCount(int(m_items.size()) + (two ? 1 : 0));
    QStringList headers;
    for (const Item& it : m_items)
        headers << it.title.section(QStringLiteral(" · "), 0, 1);
    if (two)
        headers << tr("difference");
    m_table->setHorizontalHeaderLabels(headers);
    QStringList rowNames;
    for (int r = 0; r < int(rows.size()); ++r) {
        rowNames << rows[size_t(r)].name;
        std::optional<double> values[2];
        for (int c = 0; c < int(m_items.size()); ++c) {
            const std::optional<double> v = rows[size_t(r)].value(m_items[size_t(c)].summary);
            m_table->setItem(r, c, new QTableWidgetItem(v ? rows[size_t(r)].format(*v) : QStringLiteral("–")));
            if (c < 2)
                values[c] = v;
        }
        if (two && values[0] && values[1]) {
            const double d = *values[1] - *values[0];
            const QString text = (d > 0 ? QStringLiteral("+") : d < 0 ? QStringLiteral("−") : QString()) +
                                 rows[size_t(r)].difference(std::abs(d));
            m_table->setItem(r, 2, new QTableWidgetItem(text));
        }
    }
    rowNames << tr("Verdict");
    for (int c = 0; c < int(m_items.size()); ++c)
        m_table->setItem(int(rows.size()), c, new QTableWidgetItem(SummaryText::verdict(m_items[size_t(c)].summary)));
    m_table->setVerticalHeaderLabels(rowNames);
    m_table->resizeColumnsToContents();
}

void StackedTimelines::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Escape) {
        close();
        return;
    }
    QWidget::keyPressEvent(e);
}

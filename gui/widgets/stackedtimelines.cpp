// SPDX-License-Identifier: MIT
#include "stackedtimelines.h"

#include "core/livemetrics.h"
#include "timelineview.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

StackedTimelines::StackedTimelines(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
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
        view->setFollowing(false);
        view->setViewport({0, end + end / 50});
        layout->addWidget(title);
        layout->addWidget(view);
        m_titles.push_back(title);
        m_views.push_back(view);
        // One time axis: a zoom or pan in any view moves every view.
        connect(view, &TimelineView::viewportChanged, this, [this](const Viewport& v) {
            if (m_syncing)
                return;
            m_syncing = true;
            for (TimelineView* other : m_views)
                other->setViewport(v);
            m_syncing = false;
        });
    }
    // The figures side by side (and the difference of two).
    struct Row
    {
        QString name;
        const char* key;
        bool percent;
    };
    const Row rows[] = {{tr("Samples/s"), "samples_per_s", false},     {tr("First batch (s)"), "first_batch_s", false},
                        {tr("Data stall"), "data_stall_fraction", true}, {tr("GPU busy"), "gpu_busy_fraction", true},
                        {tr("Copy/compute overlap"), "overlap_fraction", true}, {tr("H2D bandwidth (GB/s)"), "h2d_gbps", false}};
    const bool two = m_items.size() == 2;
    m_table->clear();
    m_table->setRowCount(int(std::size(rows)) + 1);
    m_table->setColumnCount(int(m_items.size()) + (two ? 1 : 0));
    QStringList headers;
    for (const Item& it : m_items)
        headers << it.title.section(QStringLiteral(" · "), 0, 1);
    if (two)
        headers << tr("difference");
    m_table->setHorizontalHeaderLabels(headers);
    QStringList rowNames;
    const QLocale loc;
    for (int r = 0; r < int(std::size(rows)); ++r) {
        rowNames << rows[r].name;
        double values[2] = {0, 0};
        bool have[2] = {false, false};
        for (int c = 0; c < int(m_items.size()); ++c) {
            const QJsonValue v = m_items[size_t(c)].summary.value(QLatin1String(rows[r].key));
            QString text = QStringLiteral("–");
            if (v.isDouble()) {
                text = rows[r].percent ? loc.toString(v.toDouble() * 100, 'f', 1) + QStringLiteral(" %")
                                       : loc.toString(v.toDouble(), 'f', v.toDouble() < 10 ? 3 : 0);
                if (c < 2) {
                    values[c] = v.toDouble();
                    have[c] = true;
                }
            }
            m_table->setItem(r, c, new QTableWidgetItem(text));
        }
        if (two && have[0] && have[1]) {
            const double d = values[1] - values[0];
            const QString text = rows[r].percent ? loc.toString(d * 100, 'f', 1) + tr(" points")
                                                 : loc.toString(d, 'f', std::abs(d) < 10 ? 3 : 0);
            m_table->setItem(r, 2, new QTableWidgetItem((d > 0 ? QStringLiteral("+") : QString()) + text));
        }
    }
    rowNames << tr("Verdict");
    for (int c = 0; c < int(m_items.size()); ++c)
        m_table->setItem(int(std::size(rows)), c,
                         new QTableWidgetItem(translateVerdict(m_items[size_t(c)].summary.value(QStringLiteral("verdict")).toString())));
    m_table->setVerticalHeaderLabels(rowNames);
    m_table->resizeColumnsToContents();
}

// SPDX-License-Identifier: MIT
#include "exporter.h"

#include "core/tracemodel.h"
#include "core/userfiles.h"
#include "counterchartview.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

/// A counter chart's height (logical px at font scale 1): below it Qt Charts elides the y axis's
/// title ("MiB (U...") and its legend, so a chart that cannot have it is left out instead.
constexpr double kChartMinH = 150.0;
constexpr int kSummaryLines = 14; // figures (memory included), verdict and the first advice

/// The summary block laid out at a width: the figure lines ("Name: value") in `columns`
/// columns, the verdict and the advice across the page; every line wraps, its height measured
/// with the picture's own font and device (nothing is cut).
struct SummaryBlock
{
    struct Line
    {
        QRectF box; ///< relative to the block's top left
        int index;  ///< into ExportOptions::summaryLines
    };
    std::vector<Line> lines;
    double height = 0;
};

SummaryBlock layoutSummary(const ExportOptions& o, const QFontMetricsF& metrics, double width, int columns)
{
    SummaryBlock b;
    const double minLine = 16.0 * o.theme.fontScale;
    const int count = std::min<int>(int(o.summaryLines.size()), kSummaryLines);
    const int figures = std::clamp(o.figureLines, 0, count);
    const int rows = (figures + columns - 1) / std::max(1, columns);
    const double colW = width / double(std::max(1, columns));
    double y = 0;
    for (int r = 0; r < rows; ++r) { // column-major: the figures read down each column
        double rowH = minLine;
        for (int c = 0; c < columns; ++c)
            if (const int i = c * rows + r; i < figures)
                rowH = std::max(rowH, std::ceil(metrics.boundingRect(QRectF(0, 0, colW - 8, 1e6), Qt::TextWordWrap, o.summaryLines[i]).height()));
        for (int c = 0; c < columns; ++c)
            if (const int i = c * rows + r; i < figures)
                b.lines.push_back({QRectF(c * colW, y, colW - 8, rowH), i});
        y += rowH;
    }
    for (int i = figures; i < count; ++i) {
        const double h = std::max(minLine, std::ceil(metrics.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, o.summaryLines[i]).height()));
        b.lines.push_back({QRectF(0, y, width, h), i});
        y += h;
    }
    b.height = count > 0 ? y + 16 * o.theme.fontScale : 0;
    return b;
}

/// Draws the title, wrapped to the page's width; returns the height it took.
double paintTitle(QPainter& p, const QRectF& page, double y, const ExportOptions& o, const QFont& font)
{
    if (o.title.isEmpty())
        return 0;
    QFont tf = font;
    tf.setBold(true);
    tf.setPointSizeF(12 * o.theme.fontScale);
    const QRectF box(page.left() + 8, y, page.width() - 16, 1e6);
    const double h = std::max(24 * o.theme.fontScale,
                              std::ceil(QFontMetricsF(tf, p.device()).boundingRect(box, Qt::TextWordWrap, o.title).height()));
    p.setFont(tf);
    p.setPen(o.theme.text);
    p.drawText(QRectF(box.left(), y, box.width(), h), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, o.title);
    p.setFont(font);
    return h + 4 * o.theme.fontScale;
}

/// The counter charts under the timeline (the queue depth, then the memory when the run sampled
/// it), at `y`, `height` shared between them. Qt Charts drawn through a scene into the same
/// painter (vector in SVG and PDF).
void paintCharts(QPainter& p, const QRectF& page, double y, double height, const std::vector<CounterChartView::Counters>& charts,
                 const TraceModel& model, const Viewport& v, const ExportOptions& o)
{
    for (const CounterChartView::Counters c : charts) {
        const double chartH = height / double(charts.size());
        // Time labels on the timeline's axis only: the charts' grid lines fall on its ticks.
        QChart* chart = CounterChartView::buildChart(c, model, v, o.theme, page.width());
        QGraphicsScene scene;
        scene.addItem(chart);
        chart->setGeometry(QRectF(0, 0, page.width(), chartH));
        CounterChartView::alignToTimeline(chart, o.theme); // the plot spans the timeline's lanes
        scene.setSceneRect(QRectF(0, 0, page.width(), chartH));
        scene.render(&p, QRectF(page.left(), y, page.width(), chartH), QRectF(0, 0, page.width(), chartH));
        if (c == CounterChartView::Counters::Memory && o.overlay.memoryChart) {
            // A lesson points at it: the overlay's frame, as on the lanes.
            p.setPen(QPen(TimelineStyle::overlayAccent(), 2.0 * o.theme.fontScale));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(page.left() + 1, y + 1, page.width() - 2, chartH - 2));
        }
        y += chartH;
    }
}

} // namespace

void paintPicture(QPainter& p, const QRectF& page, const TraceModel& model, const Viewport& v, const ExportOptions& o)
{
    const TimelineTheme& theme = o.theme;
    p.fillRect(page, theme.background);
    QFont font = p.font();
    font.setPointSizeF(10 * theme.fontScale);
    p.setFont(font);
    double y = page.top() + 8;
    y += paintTitle(p, page, y, o, font);
    // What must be whole comes first: the title, the lanes (those a lesson frames among them) with
    // the lesson's hint under them, and the summary (the advice). The charts take what is left,
    // each at a readable height, or are left out (the memory chart first) on a small page.
    const QFontMetricsF metrics(font, p.device());
    const double textW = page.width() - 24;
    const double overlayH = TimelineRenderer::overlayHeight(o.overlay, theme, page.width());
    const double timelineNeed = TimelineRenderer::totalHeight(model, theme, page.width(), false) + overlayH;
    const double timelineFull = TimelineRenderer::totalHeight(model, theme, page.width(), true) + overlayH;
    SummaryBlock summary = layoutSummary(o, metrics, textW, 1);
    if (page.bottom() - y - summary.height < timelineNeed) // short of room: the figures side by side
        summary = layoutSummary(o, metrics, textW, o.figureLines > 6 && textW > 900 ? 3 : 2);
    const double remaining = page.bottom() - y - summary.height;
    std::vector<CounterChartView::Counters> charts;
    for (auto c : {CounterChartView::Counters::Queue, CounterChartView::Counters::Memory})
        if (CounterChartView::hasData(model, c))
            charts.push_back(c);
    const double chartMin = kChartMinH * theme.fontScale;
    while (!charts.empty() && remaining - timelineNeed - 8 < chartMin * double(charts.size()))
        charts.pop_back();
    // The timeline is the hero: its lanes stretch (up to TimelineLayout::kMaxStretch) into what
    // the charts leave, each chart keeping its readable height (at least half goes to the lanes).
    double timelineH = std::min(timelineFull, remaining);
    if (!charts.empty())
        timelineH = std::clamp(std::max(remaining * 0.5, remaining - chartMin * double(charts.size()) - 8), timelineNeed,
                               std::min(timelineFull, remaining - chartMin * double(charts.size()) - 8));
    TimelineRenderer::paint(p, QRectF(page.left(), y, page.width(), timelineH), model, v, theme, o.highlightBatch, o.overlay);
    y += timelineH + 4;
    if (!charts.empty()) {
        const double chartsH = remaining - timelineH - 8;
        paintCharts(p, page, y, chartsH, charts, model, v, o);
        y += chartsH;
    }
    y += 4;
    p.setPen(theme.text);
    for (const SummaryBlock::Line& l : summary.lines)
        p.drawText(l.box.translated(page.left() + 12, y), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, o.summaryLines[l.index]);
}

bool exportPicture(const QString& path, const TraceModel& model, const Viewport& viewport, const ExportOptions& o,
                   QString* error)
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QRectF page(0, 0, o.size.width(), o.size.height());
    if (o.size.width() < 200 || o.size.height() < 150)
        return fail(QCoreApplication::translate("Exporter", "the picture must be at least 200x150"));
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") && suffix != QLatin1String("pdf"))
        return fail(QCoreApplication::translate("Exporter", "unknown picture format '%1': use .png, .svg or .pdf").arg(suffix));
    // The picture is made in memory, then written whole by the output rule (core/userfiles.h):
    // Qt's writers open the path themselves, truncating a regular file in place.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (suffix == QLatin1String("png")) {
        QImage img(QSize(int(o.size.width() * o.scale), int(o.size.height() * o.scale)), QImage::Format_ARGB32_Premultiplied);
        if (img.isNull())
            return fail(QCoreApplication::translate("Exporter", "the picture is too large"));
        img.setDevicePixelRatio(o.scale);
        QPainter p(&img);
        paintPicture(p, page, model, viewport, o);
        p.end();
        if (!img.save(&buffer, "PNG"))
            return fail(QCoreApplication::translate("Exporter", "cannot write %1").arg(path));
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator gen;
        gen.setOutputDevice(&buffer);
        gen.setSize(o.size);
        gen.setViewBox(page);
        // 96 dpi as the PNG: a 10 pt label is 13.3 px in both (QSvgGenerator's default of 72
        // would write it as 10 px on the same canvas).
        gen.setResolution(96);
        gen.setTitle(o.title);
        gen.setDescription(o.summaryLines.join(QLatin1Char('\n')));
        QPainter p;
        if (!p.begin(&gen))
            return fail(QCoreApplication::translate("Exporter", "cannot write %1").arg(path));
        paintPicture(p, page, model, viewport, o);
        p.end();
    } else {
        QPdfWriter pdf(&buffer);
        // The canvas's pixels as CSS pixels (96 per inch): 1600x900 px is a 1200x675 pt page,
        // the size the picture has on a screen.
        pdf.setResolution(96);
        pdf.setPageSize(QPageSize(QSizeF(o.size) * 0.75, QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(o.title);
        QPainter p;
        if (!p.begin(&pdf))
            return fail(QCoreApplication::translate("Exporter", "cannot write %1").arg(path));
        // The PDF page is in points at 96 dpi: map the logical layout onto it.
        const double sx = double(pdf.width()) / o.size.width(), sy = double(pdf.height()) / o.size.height();
        p.scale(sx, sy);
        paintPicture(p, page, model, viewport, o);
        p.end();
    }
    buffer.close();
    if (bytes.isEmpty())
        return fail(QCoreApplication::translate("Exporter", "cannot write %1").arg(path));
    QString why;
    if (!UserFiles::write(path, bytes, &why))
        return fail(why);
    return true;
}

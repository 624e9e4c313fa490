// SPDX-License-Identifier: MIT
#include "exporter.h"

#include "timeline/model/tracemodel.h"
#include "common/model/userfiles.h"
#include "advice/model/slowsampletable.h"
#include "timeline/counterchartview.h"
#include "timeline/draw/stepmarks.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QImage>
#include <QPageSize>
#include <QPaintEngine>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QTextLayout>

#include <algorithm>
#include <cmath>
#include <vector>

namespace {

/// A counter chart's height (logical px at font scale 1): below it Qt Charts elides the y axis's
/// title ("MiB (U...") and its legend, so a chart that cannot have it is left out instead.
constexpr double kChartMinH = 150.0;

/// The summary block laid out at a width: the figure lines ("Name: value") in `columns`
/// columns, the verdict and the advice across the page; every line wraps, its height measured
/// with the picture's own font and device (nothing is cut).
struct SummaryBlock
{
    struct Line
    {
        QRectF box; ///< relative to the block's top left
        int index;  ///< into the lines laid out
    };
    std::vector<Line> lines;
    double height = 0;
};

SummaryBlock layoutSummary(const QStringList& lines, const ExportOptions& o, const QFontMetricsF& metrics, double width,
                           int columns)
{
    SummaryBlock b;
    const double minLine = 16.0 * o.theme.fontScale;
    const int count = int(lines.size());
    const int figures = std::clamp(o.figureLines, 0, count);
    const int rows = (figures + columns - 1) / std::max(1, columns);
    const double colW = width / double(std::max(1, columns));
    double y = 0;
    for (int r = 0; r < rows; ++r) { // column-major: the figures read down each column
        double rowH = minLine;
        for (int c = 0; c < columns; ++c)
            if (const int i = c * rows + r; i < figures)
                rowH = std::max(rowH, std::ceil(metrics.boundingRect(QRectF(0, 0, colW - 8, 1e6), Qt::TextWordWrap, lines[i]).height()));
        for (int c = 0; c < columns; ++c)
            if (const int i = c * rows + r; i < figures)
                b.lines.push_back({QRectF(c * colW, y, colW - 8, rowH), i});
        y += rowH;
    }
    for (int i = figures; i < count; ++i) {
        const double h = std::max(minLine, std::ceil(metrics.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, lines[i]).height()));
        b.lines.push_back({QRectF(0, y, width, h), i});
        y += h;
    }
    b.height = count > 0 ? y + 16 * o.theme.fontScale : 0;
    return b;
}

/**
 * Draws `text` wrapped to `box`'s width, one drawText per line, centred in the box's height: an
 * SVG gets one <text> per line, so a second renderer (rsvg-convert, a browser) with its own font
 * metrics wraps nothing and runs nothing off the picture (issue 47: one <text> per advice line
 * ran off it). The lines break where QPainter's own TextWordWrap would.
 */
void drawWrapped(QPainter& p, const QRectF& box, const QString& text)
{
    QTextLayout layout(text, p.font(), p.device());
    QTextOption option;
    option.setWrapMode(QTextOption::WordWrap); // as the layout measured it (QFontMetricsF, TextWordWrap)
    layout.setTextOption(option);
    layout.beginLayout();
    double h = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(box.width());
        line.setPosition(QPointF(0, h));
        h += line.height();
    }
    layout.endLayout();
    const double top = box.top() + std::max(0.0, (box.height() - h) / 2);
    for (int i = 0; i < layout.lineCount(); ++i) {
        const QTextLine line = layout.lineAt(i);
        const QString part = text.mid(line.textStart(), line.textLength()).trimmed();
        if (!part.isEmpty())
            p.drawText(QPointF(box.left(), top + line.y() + line.ascent()), part);
    }
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
    drawWrapped(p, QRectF(box.left(), y, box.width(), h), o.title);
    p.setFont(font);
    return h + 4 * o.theme.fontScale;
}

/// The last line of a picture that could not hold everything: what it left out, so that a
/// picture never drops content silently (issue 47). Empty when nothing was.
QString leftOutLine(const QStringList& parts, int summaryLines)
{
    QStringList all = parts;
    if (summaryLines > 0)
        all << QCoreApplication::translate("Exporter", "the rest of the advice (%1 of its lines)").arg(summaryLines);
    if (all.isEmpty())
        return {};
    return QCoreApplication::translate("Exporter", "Left out at this size: %1. Export a larger picture to see them.")
        .arg(all.join(QStringLiteral(", ")));
}

/// A chart's name where a picture says it left the chart out.
QString chartName(CounterChartView::Counters c)
{
    switch (c) {
    case CounterChartView::Counters::Queue: return QCoreApplication::translate("Exporter", "the queue chart");
    case CounterChartView::Counters::Memory: return QCoreApplication::translate("Exporter", "the memory chart");
    case CounterChartView::Counters::Steps: return QCoreApplication::translate("Exporter", "the step chart");
    }
    return {};
}

/// The slowest-samples table (issue 49, when asked for): a title, the headers and `rows` rows in
/// columns as wide as their widest cell; the file column takes what is left, its paths elided in
/// the middle (the table's note says so). Returns its height; draws only with `draw`.
double slowTable(QPainter& p, const QRectF& box, const ExportOptions& o, int rows, bool draw)
{
    if (rows <= 0)
        return 0;
    QFont f = p.font();
    const QFontMetricsF fm(f, p.device());
    const double lineH = std::ceil(fm.height() * 1.25);
    const SlowSampleTable::Table t = SlowSampleTable::build(o.summary, rows);
    const QString partial = SlowSampleTable::partialNote(o.summary);
    const QString title = QCoreApplication::translate("Exporter", "The slowest samples (%1)").arg(t.rows.size());
    const double partialH = partial.isEmpty() ? 0 : std::ceil(fm.boundingRect(QRectF(0, 0, box.width(), 1e6), Qt::TextWordWrap, partial).height());
    const QStringList headers = SlowSampleTable::headers();
    const int columns = t.files ? int(headers.size()) : SlowSampleTable::kFileColumn;
    QFont bold = f;
    bold.setBold(true);
    const QFontMetricsF boldMetrics(bold, p.device()); // the headers are bold
    std::vector<double> widths(size_t(columns), 0.0);
    for (int c = 0; c < columns; ++c) {
        if (c == SlowSampleTable::kRankColumn && !t.ranks)
            continue; // one process: no rank column (width 0, skipped below)
        widths[size_t(c)] = std::ceil(boldMetrics.horizontalAdvance(headers[c])) + 1;
        for (const QStringList& row : t.rows)
            widths[size_t(c)] = std::max(widths[size_t(c)], std::ceil(fm.horizontalAdvance(row[c])) + 1);
    }
    const double gap = 14 * o.theme.fontScale;
    double numbersW = 0;
    for (int c = 0; c < std::min(columns, int(SlowSampleTable::kFileColumn)); ++c)
        if (c != SlowSampleTable::kRankColumn || t.ranks)
            numbersW += widths[size_t(c)] + gap;
    if (t.files)
        widths[size_t(SlowSampleTable::kFileColumn)] = std::max(40.0, box.width() - numbersW);
    // Wider than the picture: no room for it (the layout leaves it out and names it).
    if (numbersW - gap + (t.files ? 40.0 : 0.0) > box.width())
        return 1e9;
    const double height = lineH * double(t.rows.size() + 2) + partialH + 8;
    if (!draw)
        return height;
    double y = box.top() + 4; // apart from the summary above (the height's 8 spare)
    p.setFont(bold);
    p.setPen(o.theme.text);
    p.drawText(QRectF(box.left(), y, box.width(), lineH), Qt::AlignLeft | Qt::AlignVCenter, title);
    y += lineH;
    const auto rowAt = [&](const QStringList& cells, bool header) {
        double x = box.left();
        for (int c = 0; c < columns; ++c) {
            if (c == SlowSampleTable::kRankColumn && !t.ranks)
                continue;
            const bool file = c == SlowSampleTable::kFileColumn;
            const double w = widths[size_t(c)];
            const QString text = file && !header ? fm.elidedText(cells[c], Qt::ElideMiddle, w) : cells[c];
            p.drawText(QRectF(x, y, w, lineH), (file ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter, text);
            x += w + gap;
        }
        if (header) {
            p.setPen(QPen(o.theme.grid, 1));
            p.drawLine(QPointF(box.left(), y + lineH - 1), QPointF(std::min(box.right(), x), y + lineH - 1));
            p.setPen(o.theme.text);
        }
        y += lineH;
    };
    rowAt(headers, true);
    p.setFont(f);
    for (const QStringList& row : t.rows)
        rowAt(row, false);
    if (!partial.isEmpty()) {
        p.setPen(QColor(0xb4, 0x53, 0x09)); // the partial-figures amber, as the window's note
        drawWrapped(p, QRectF(box.left(), y, box.width(), partialH), partial);
        p.setPen(o.theme.text);
    }
    return height;
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
        if (c == CounterChartView::Counters::Steps) // the marks over its plot, as the window draws them
            StepMarks::paint(p, chart->plotArea().translated(page.left(), y), model, v, o.theme);
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
    // An SVG is drawn again by another renderer (a browser, rsvg-convert) with its own font
    // metrics: its text is laid out 6 % narrower, so a line that renderer draws wider still
    // ends inside the picture (measured: rsvg-convert ran Qt's full-width lines to the edge).
    const bool svg = p.paintEngine() && p.paintEngine()->type() == QPaintEngine::SVG;
    const double textW = (page.width() - 24) * (svg ? 0.94 : 1.0);
    const double overlayH = TimelineRenderer::overlayHeight(o.overlay, theme, page.width());
    const double timelineNeed = TimelineRenderer::totalHeight(model, theme, page.width(), false) + overlayH;
    const double timelineFull = TimelineRenderer::totalHeight(model, theme, page.width(), true) + overlayH;
    // The summary whole where it fits beside the lanes; else its figures side by side; else its
    // last lines (advice beyond the first) go, and a last line names what was left out.
    std::vector<CounterChartView::Counters> charts;
    for (auto c : {CounterChartView::Counters::Queue, CounterChartView::Counters::Memory, CounterChartView::Counters::Steps})
        if (CounterChartView::hasData(model, c) && (c != CounterChartView::Counters::Steps || o.stepChart))
            charts.push_back(c);
    const int columns = o.figureLines > 6 && textW > 900 ? 3 : 2;
    // Lines that may go, last first: advice bullets and their proofs after the first bullet
    // (the figures, the verdict, the first advice, errors and warnings such as lost events stay).
    std::vector<int> droppable;
    for (int i = int(o.summaryLines.size()) - 1; i > o.figureLines + 2; --i)
        if (o.summaryLines[i].startsWith(QStringLiteral("• ")) || o.summaryLines[i].startsWith(QStringLiteral("  ")))
            droppable.push_back(i);
    size_t dropped = 0; // of droppable, in its order
    QStringList leftOut;
    auto lines = [&](bool withNote) {
        QStringList l;
        for (int i = 0; i < int(o.summaryLines.size()); ++i)
            if (std::find(droppable.begin(), droppable.begin() + qsizetype(dropped), i) == droppable.begin() + qsizetype(dropped))
                l << o.summaryLines[i];
        if (withNote)
            l << leftOutLine(leftOut, int(dropped));
        return l;
    };
    const double chartMin = kChartMinH * theme.fontScale;
    QStringList chartNames;
    for (const CounterChartView::Counters c : charts)
        chartNames << chartName(c);
    chartNames << QCoreApplication::translate("Exporter", "the slowest samples beyond the first %1").arg(o.slowSamples);
    // Room for the line that names what is left out, kept while deciding what goes (the longest
    // it can be at this width: both charts and the advice).
    const double noteH = std::ceil(metrics.boundingRect(QRectF(0, 0, textW, 1e6), Qt::TextWordWrap,
                                                        leftOutLine(chartNames, int(o.summaryLines.size()))).height());
    int used = 1; // columns of figures
    SummaryBlock summary = layoutSummary(lines(false), o, metrics, textW, used);
    if (page.bottom() - y - summary.height < timelineNeed) { // short of room: the figures side by side
        used = columns;
        summary = layoutSummary(lines(false), o, metrics, textW, used);
    }
    while (page.bottom() - y - summary.height - noteH < timelineNeed && dropped < droppable.size()) {
        ++dropped;
        summary = layoutSummary(lines(true), o, metrics, textW, used);
    }
    // The slowest samples' table (when asked for) under the summary: its first rows (up to 3)
    // before the charts, more rows as long as the lanes and the charts keep their room; the rows
    // left out are named.
    const int slowAsked = std::min(o.slowSamples, int(o.summary.figures.slowest_samples.size()));
    const auto tableH = [&](int rows) { return slowTable(p, QRectF(0, 0, textW, 0), o, rows, false); };
    int slowRows = std::min(slowAsked, 3);
    while (slowRows > 0 && page.bottom() - y - summary.height - tableH(slowRows) - noteH < timelineNeed)
        --slowRows;
    double remaining = page.bottom() - y - summary.height - tableH(slowRows);
    // Short of room, the memory chart goes first, then the queue chart; the step chart, asked for,
    // last.
    while (!charts.empty() && remaining - noteH - timelineNeed - 8 < chartMin * double(charts.size())) {
        auto drop = charts.end();
        for (const auto c : {CounterChartView::Counters::Memory, CounterChartView::Counters::Queue, CounterChartView::Counters::Steps})
            if (drop == charts.end())
                drop = std::find(charts.begin(), charts.end(), c);
        leftOut.prepend(chartName(*drop));
        charts.erase(drop);
    }
    const double chartsNeed = charts.empty() ? 0.0 : chartMin * double(charts.size()) + 8;
    while (slowRows < slowAsked && page.bottom() - y - summary.height - tableH(slowRows + 1) - noteH - chartsNeed >= timelineNeed)
        ++slowRows;
    if (slowRows < slowAsked)
        leftOut << (slowRows > 0 ? QCoreApplication::translate("Exporter", "the slowest samples beyond the first %1").arg(slowRows)
                                 : QCoreApplication::translate("Exporter", "the slowest samples' table"));
    const QStringList laidOut = lines(!leftOut.isEmpty() || dropped > 0);
    summary = layoutSummary(laidOut, o, metrics, textW, used);
    remaining = page.bottom() - y - summary.height - tableH(slowRows);
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
    // The summary, the slowest samples' table under it, and the line naming what was left out
    // (the summary block's last) under both: the picture's last line.
    const bool noted = !leftOut.isEmpty() || dropped > 0;
    for (size_t i = 0; i < summary.lines.size(); ++i)
        if (!(noted && i + 1 == summary.lines.size()))
            drawWrapped(p, summary.lines[i].box.translated(page.left() + 12, y), laidOut[summary.lines[i].index]);
    const double tableY = y + (noted && !summary.lines.empty() ? summary.lines.back().box.top() : summary.height);
    const double tableH2 = slowRows > 0 ? slowTable(p, QRectF(page.left() + 12, tableY, textW, page.bottom() - tableY), o, slowRows, true) : 0.0;
    if (noted && !summary.lines.empty()) {
        p.setPen(theme.text);
        drawWrapped(p, summary.lines.back().box.translated(page.left() + 12, y + tableH2), laidOut[summary.lines.back().index]);
    }
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
    // The picture is made in memory, then written whole by the output rule (common/model/userfiles.h):
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

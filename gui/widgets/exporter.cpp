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

#include <cmath>
#include <vector>

namespace {

void paintComposite(QPainter& p, const QRectF& page, const TraceModel& model, const Viewport& v, const ExportOptions& o)
{
    const TimelineTheme& theme = o.theme;
    p.fillRect(page, theme.background);
    QFont font = p.font();
    font.setPointSizeF(10 * theme.fontScale);
    p.setFont(font);
    double y = page.top() + 8;
    if (!o.title.isEmpty()) {
        QFont tf = font;
        tf.setBold(true);
        tf.setPointSizeF(12 * theme.fontScale);
        p.setFont(tf);
        p.setPen(theme.text);
        p.drawText(QRectF(page.left() + 8, y, page.width() - 16, 24 * theme.fontScale), Qt::AlignLeft | Qt::AlignVCenter, o.title);
        p.setFont(font);
        y += 28 * theme.fontScale;
    }
    constexpr int kSummaryLines = 14; // figures (memory included), verdict and the first advice
    // Each summary line wraps to the page's width (a long advice sentence is never cut): its
    // height is measured with the picture's own font and device, before the lanes take the rest.
    const QFontMetricsF metrics(font, p.device());
    const double textW = page.width() - 24;
    std::vector<double> lineH;
    double summaryH = 0;
    for (int i = 0; i < o.summaryLines.size() && i < kSummaryLines; ++i) {
        const QRectF r = metrics.boundingRect(QRectF(0, 0, textW, 1e6), Qt::TextWordWrap, o.summaryLines[i]);
        lineH.push_back(std::max(16.0 * theme.fontScale, std::ceil(r.height())));
        summaryH += lineH.back();
    }
    if (!lineH.empty())
        summaryH += 16 * theme.fontScale;
    const double remaining = page.bottom() - y - summaryH;
    // The counter charts under the timeline: the queue depth, and the memory when the run sampled
    // it. Qt Charts drawn through a scene into the same painter (vector in SVG and PDF).
    std::vector<CounterChartView::Counters> charts;
    for (auto c : {CounterChartView::Counters::Queue, CounterChartView::Counters::Memory})
        if (CounterChartView::hasData(model, c))
            charts.push_back(c);
    // The timeline is the hero: its lanes stretch (up to TimelineLayout::kMaxStretch) into what
    // the charts leave, each chart keeping a readable 130 px (at least half goes to the lanes).
    const double chartsMin = 130.0 * theme.fontScale * double(std::max<size_t>(1, charts.size()));
    const double timelineH = std::min(TimelineRenderer::totalHeight(model, theme, page.width(), true) +
                                          TimelineRenderer::overlayHeight(o.overlay, theme, page.width()),
                                      std::max(remaining * 0.5, remaining - chartsMin - 8));
    TimelineRenderer::paint(p, QRectF(page.left(), y, page.width(), timelineH), model, v, theme, o.highlightBatch, o.overlay);
    y += timelineH + 4;
    const double chartsH = std::max(80.0 * double(std::max<size_t>(1, charts.size())), remaining - timelineH - 8);
    for (const CounterChartView::Counters c : charts) {
        const double chartH = chartsH / double(charts.size());
        // Time labels on the timeline's axis only: the charts' grid lines fall on its ticks.
        QChart* chart = CounterChartView::buildChart(c, model, v, theme, page.width());
        QGraphicsScene scene;
        scene.addItem(chart);
        chart->setGeometry(QRectF(0, 0, page.width(), chartH));
        CounterChartView::alignToTimeline(chart, theme); // the plot spans the timeline's lanes
        scene.setSceneRect(QRectF(0, 0, page.width(), chartH));
        scene.render(&p, QRectF(page.left(), y, page.width(), chartH), QRectF(0, 0, page.width(), chartH));
        if (c == CounterChartView::Counters::Memory && o.overlay.memoryChart) {
            // A lesson points at it: the overlay's frame, as on the lanes.
            p.setPen(QPen(TimelineStyle::overlayAccent(), 2.0 * theme.fontScale));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(page.left() + 1, y + 1, page.width() - 2, chartH - 2));
        }
        y += chartH;
    }
    y += 4;
    p.setPen(theme.text);
    for (size_t i = 0; i < lineH.size(); ++i) {
        p.drawText(QRectF(page.left() + 12, y, textW, lineH[i]), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                   o.summaryLines[int(i)]);
        y += lineH[i];
    }
}

} // namespace

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
        paintComposite(p, page, model, viewport, o);
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
        paintComposite(p, page, model, viewport, o);
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
        paintComposite(p, page, model, viewport, o);
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

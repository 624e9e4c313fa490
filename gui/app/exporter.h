// SPDX-License-Identifier: MIT
// Pictures of a run for documentation: timeline + queue-depth chart + summary, as PNG (with a
// scale factor for sharp images), SVG or PDF. Works under QT_QPA_PLATFORM=offscreen.
#pragma once

#include "timeline/draw/timelinerenderer.h"

#include "loaderscope/results/run_summary.h"

#include <QJsonObject>
#include <QSize>
#include <QString>
#include <QStringList>

class QPainter;
class QRectF;
class TraceModel;

struct ExportOptions
{
    QSize size{1600, 900};      ///< logical size
    double scale = 1.0;         ///< PNG: device pixels per logical pixel
    TimelineTheme theme = TimelineTheme::light();
    QString title;              ///< a line above the timeline
    QStringList summaryLines;   ///< the summary block (translated)
    int figureLines = 0;        ///< how many of them are figures ("Name: value"), first: set side by side on a small page
    qint64 highlightBatch = -1;
    TimelineOverlay overlay;    ///< a lesson's highlighted lanes and caption
    bool stepChart = false;     ///< the step chart under the other charts (issue 49: when asked for)
    int slowSamples = 0;        ///< rows of the slowest-samples table under the summary (0: none)
    loaderscope::RunSummary summary; ///< the run's figures (the slowest samples' table)
};

/// Paints the picture onto `page` (logical pixels): what exportPicture writes, for any device
/// (tests paint it onto a recording device to check that no text is cut or elided).
void paintPicture(QPainter& p, const QRectF& page, const TraceModel& model, const Viewport& viewport, const ExportOptions& options);

/// Writes `path` (format from the suffix: png, svg, pdf). False with `error` on failure.
bool exportPicture(const QString& path, const TraceModel& model, const Viewport& viewport, const ExportOptions& options,
                   QString* error);

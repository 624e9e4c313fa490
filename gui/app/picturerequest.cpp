// SPDX-License-Identifier: MIT
#include "picturerequest.h"

#include "core/configdescription.h"
#include "core/summarytext.h"

ExportOptions PictureRequest::options(const QJsonObject& config, const loaderscope::RunSummary& summary,
                                      const TimelineOverlay& overlay, const QString& lessonTitle)
{
    ExportOptions o;
    const QString described = describeConfig(config, summary);
    o.title = lessonTitle.isEmpty() ? described : lessonTitle + QStringLiteral(" — ") + described;
    o.summaryLines = SummaryText::lines(summary);
    o.figureLines = int(SummaryText::figureLines(summary).size()); // lines() starts with them
    o.overlay = overlay;
    return o;
}

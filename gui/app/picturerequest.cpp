// SPDX-License-Identifier: MIT
#include "picturerequest.h"

#include "config/model/configdescription.h"
#include "common/model/summarytext.h"

ExportOptions PictureRequest::options(const QJsonObject& config, const loaderscope::RunSummary& summary,
                                      const TimelineOverlay& overlay, const QString& lessonTitle,
                                      const SummaryText::ModelLine& model, const QStringList& readingNotes)
{
    ExportOptions o;
    const QString described = describeConfig(config, summary);
    o.title = lessonTitle.isEmpty() ? described : lessonTitle + QStringLiteral(" — ") + described;
    o.summaryLines = SummaryText::lines(summary, model, readingNotes);
    o.figureLines = int(SummaryText::figureLines(summary).size()); // lines() starts with them
    o.overlay = overlay;
    o.summary = summary;
    return o;
}

// SPDX-License-Identifier: MIT
// What a picture of a run holds: one definition for the window's File ▸ Export picture and the
// headless `loaderscope --export`, so both carry the same title, summary lines and overlay.
#pragma once

#include "app/exporter.h"
#include "common/model/summarytext.h"

#include "loaderscope/results/run_summary.h"

#include <QJsonObject>

struct PictureRequest
{
    /// Title from the config (and the lesson's, when one is shown), the summary's lines (with a
    /// watched job's model advice and the reading notes as the summary panel shows them), the overlay.
    static ExportOptions options(const QJsonObject& config, const loaderscope::RunSummary& summary,
                                 const TimelineOverlay& overlay = {}, const QString& lessonTitle = {},
                                 const SummaryText::ModelLine& model = {}, const QStringList& readingNotes = {});
};

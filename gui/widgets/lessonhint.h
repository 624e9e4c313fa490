// SPDX-License-Identifier: MIT
// A lesson's "Look: …" hint, above the timeline: wrapped, so always whole and in view (painted
// under the lanes, a short window scrolled it away), on the accent the lesson's lanes are framed
// in. Hidden when the run has no lesson. GUI thread.
#pragma once

#include <QLabel>

class LessonHint : public QLabel
{
    Q_OBJECT
public:
    explicit LessonHint(QWidget* parent = nullptr);
    /// The hint (empty: hidden).
    void setCaption(const QString& caption);
};

// SPDX-License-Identifier: MIT
#include "lessonhint.h"

#include "core/timelinestyle.h"

LessonHint::LessonHint(QWidget* parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("lessonHint"));
    setWordWrap(true);
    setMargin(4);
    const QColor accent = TimelineStyle::overlayAccent();
    setStyleSheet(QStringLiteral("QLabel { background: rgba(%1, %2, %3, 70); }").arg(accent.red()).arg(accent.green()).arg(accent.blue()));
    hide();
}

void LessonHint::setCaption(const QString& caption)
{
    setText(caption);
    setVisible(!caption.isEmpty());
}

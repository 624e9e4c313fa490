// SPDX-License-Identifier: MIT
#include "lessonhint.h"

#include "timeline/draw/timelinestyle.h"

#include <QEvent>
#include <QLabel>
#include <QScrollBar>

#include <algorithm>

LessonHint::LessonHint(QWidget* parent) : QScrollArea(parent)
{
    setObjectName(QStringLiteral("lessonHint"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_label = new QLabel(this);
    m_label->setWordWrap(true);
    m_label->setMargin(6);
    m_label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setMinimumWidth(1); // it wraps to the column (its own hint is a long line's width)
    // The accent as the palette's background, not a style sheet: a label with a style sheet
    // keeps the font it had when the application's font changes (Large fonts left it small).
    m_label->setAutoFillBackground(true);
    QColor accent = TimelineStyle::overlayAccent();
    accent.setAlpha(70);
    QPalette pal = m_label->palette();
    pal.setColor(QPalette::Window, accent);
    m_label->setPalette(pal);
    setWidget(m_label);
    hide();
}

void LessonHint::setCaption(const QString& caption)
{
    m_label->setText(caption);
    setVisible(!caption.isEmpty());
    verticalScrollBar()->setValue(0);
    refit();
}

void LessonHint::fitBeside(QWidget* room)
{
    m_room = room;
    room->installEventFilter(this);
    refit();
}

int LessonHint::widthFor(QSize size) const
{
    // The narrowest of a quarter, ... 45 % of the room whose wrapped text fits its height; the
    // widest where none does (the hint then scrolls). Never narrower than a long word.
    const int bar = verticalScrollBar()->sizeHint().width();
    int w = 0;
    for (const double share : {0.25, 0.30, 0.35, 0.40, 0.45}) {
        w = int(size.width() * share);
        if (m_label->heightForWidth(w) <= size.height())
            break;
        w += bar; // it will scroll: room for the bar too
    }
    // The timeline keeps room for its lane names and a time axis worth reading (some 64
    // characters): on a narrow centre the hint scrolls rather than squeeze the lanes, down to
    // lines of some 22 characters (a few words each).
    const QFontMetrics fm = m_label->fontMetrics();
    w = std::max(std::min(w, size.width() - fm.averageCharWidth() * 64), fm.averageCharWidth() * 22 + bar);
    // Never narrower than its longest word (a knob's name: "persistent_workers=True").
    int longest = 0;
    for (const QString& word : m_label->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
        longest = std::max(longest, fm.horizontalAdvance(word));
    return std::max(w, longest + 2 * m_label->margin() + bar + 4);
}

void LessonHint::refit()
{
    if (m_refitQueued)
        return;
    m_refitQueued = true;
    QMetaObject::invokeMethod(this, [this] { refitNow(); }, Qt::QueuedConnection);
}

void LessonHint::refitNow()
{
    m_refitQueued = false;
    if (!m_room || m_label->text().isEmpty())
        return;
    const int w = widthFor(m_room->size());
    if (w != minimumWidth() || w != maximumWidth())
        setFixedWidth(w);
}

bool LessonHint::eventFilter(QObject* watched, QEvent* e)
{
    if (watched == m_room && e->type() == QEvent::Resize)
        refit();
    return QScrollArea::eventFilter(watched, e);
}

void LessonHint::changeEvent(QEvent* e)
{
    QScrollArea::changeEvent(e);
    if (e->type() == QEvent::FontChange)
        refit(); // larger text needs a wider column
}

// SPDX-License-Identifier: MIT
// A lesson's "Look: …" hint, in a column beside the timeline: wrapped, and never above the lanes,
// which a projector's short screen must show first (above them an eight-line hint pushed the
// framed lanes below the fold). On the accent the lesson's lanes are framed in. A hint taller
// than the column scrolls (large text on 1280x720). Hidden when the run has no lesson. GUI thread.
#pragma once

#include <QScrollArea>

class QLabel;

class LessonHint : public QScrollArea
{
    Q_OBJECT
public:
    explicit LessonHint(QWidget* parent = nullptr);
    /// The hint (empty: hidden).
    void setCaption(const QString& caption);
    /// Follows `room`'s size (the centre of the window): the column is a quarter of its width, or
    /// wider (at most 45 %) where the wrapped hint would be taller than the room.
    void fitBeside(QWidget* room);

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    /// The column's width for a room of `size` (px).
    int widthFor(QSize size) const;
    /// Soon: the labels' new font or text needs a layout pass first.
    void refit();
    void refitNow();

    QLabel* m_label;
    QWidget* m_room = nullptr;
    bool m_refitQueued = false;
};

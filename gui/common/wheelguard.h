// SPDX-License-Identifier: MIT
// Scrolling never edits: a value field (spin box, combo box) inside a scrolled form takes the
// mouse wheel only when it has the keyboard focus (clicked or tabbed into). Unfocused, the wheel
// goes on to the form, which scrolls. Issue 47: num_workers went from 4 to 0 as the form
// scrolled past it. GUI thread only.
#pragma once

#include <QObject>

class QWidget;

class WheelGuard : public QObject
{
    Q_OBJECT
public:
    /// Guards `field`: Qt::StrongFocus (the wheel no longer gives it focus) and the filter below.
    /// One guard per application; it is parented to the application object.
    static void protect(QWidget* field);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};

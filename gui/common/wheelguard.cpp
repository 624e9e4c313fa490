// SPDX-License-Identifier: MIT
#include "wheelguard.h"

#include <QCoreApplication>
#include <QEvent>
#include <QWidget>

void WheelGuard::protect(QWidget* field)
{
    static WheelGuard* guard = new WheelGuard(QCoreApplication::instance());
    field->setFocusPolicy(Qt::StrongFocus);
    field->installEventFilter(guard);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Wheel) {
        const auto* w = qobject_cast<QWidget*>(watched);
        if (w && !w->hasFocus()) {
            // Not accepted and filtered: QApplication hands the wheel to the parents in turn,
            // the scroll area among them, and the field never sees it.
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

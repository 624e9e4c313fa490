// SPDX-License-Identifier: MIT
#include "screenfit.h"

#include <QApplication>
#include <QEvent>
#include <QPointer>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace {

class ScreenFitFilter : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* e) override
    {
        const bool show = e->type() == QEvent::Show, resize = e->type() == QEvent::Resize;
        if ((show || resize) && watched->isWidgetType()) {
            auto* w = static_cast<QWidget*>(watched);
            const Qt::WindowType type = w->windowType();
            if (!w->isWindow() || type == Qt::Popup || type == Qt::ToolTip || type == Qt::SplashScreen || type == Qt::Desktop)
                return false;
            if (show)
                ScreenFit::fit(w);
            else if (resize && w->isVisible()) // grown by its layout (a wrapped status line): back inside, next turn
                QMetaObject::invokeMethod(w, [w] { ScreenFit::fit(w); }, Qt::QueuedConnection);
        }
        return QObject::eventFilter(watched, e);
    }
};

QPointer<ScreenFitFilter> g_filter; ///< owned by the application

} // namespace

namespace ScreenFit {

void install()
{
    if (g_filter || !qApp)
        return;
    g_filter = new ScreenFitFilter(qApp);
    qApp->installEventFilter(g_filter);
}

void fit(QWidget* window)
{
    if (window->isFullScreen() || window->isMaximized())
        return; // the window system sizes these to the screen
    // A dialog opens on its parent's screen.
    const QWidget* anchor = window->parentWidget() ? window->parentWidget()->window() : window;
    const QScreen* screen = anchor->screen();
    if (!screen)
        return;
    const QRect avail = screen->availableGeometry();
    // The window's frame (title bar, borders) takes room from the screen too.
    const QSize frame = window->frameGeometry().size() - window->geometry().size();
    const QSize room = (avail.size() - frame).expandedTo(QSize(1, 1));
    if (window->minimumWidth() > room.width() || window->minimumHeight() > room.height())
        window->setMinimumSize(window->minimumSize().boundedTo(room).expandedTo(QSize(1, 1)));
    if (window->width() > room.width() || window->height() > room.height())
        window->resize(window->size().boundedTo(room));
    // Then inside the screen: a window placed off its right or bottom edge moves back.
    const QSize outer = window->size() + frame;
    const int x = std::clamp(window->x(), avail.left(), avail.right() + 1 - outer.width());
    const int y = std::clamp(window->y(), avail.top(), avail.bottom() + 1 - outer.height());
    if (x != window->x() || y != window->y())
        window->move(x, y);
}

} // namespace ScreenFit

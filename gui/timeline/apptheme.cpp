// SPDX-License-Identifier: MIT
#include "apptheme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>
#include <QToolTip>

namespace AppTheme {

namespace {

QPalette& systemPalette()
{
    static QPalette palette;
    return palette;
}
bool g_captured = false;

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x33), base(0x1e, 0x1f, 0x24), text(0xe6, 0xe6, 0xe6);
    const QColor button(0x34, 0x37, 0x3e), highlight(0x3b, 0x82, 0xf6), disabled(0x80, 0x84, 0x8c);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x25, 0x27, 0x2e));
    p.setColor(QPalette::ToolTipBase, QColor(0x34, 0x37, 0x3e));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x93, 0xc5, 0xfd));
    p.setColor(QPalette::LinkVisited, QColor(0xc4, 0xb5, 0xfd));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x44, 0x47, 0x4f));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1d));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x55));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

QPalette lightPalette()
{
    QPalette p = QApplication::style()->standardPalette(); // Fusion's, set just before
    p.setColor(QPalette::Link, QColor(0x1d, 0x4e, 0xd8));
    return p;
}

} // namespace

void captureSystem()
{
    systemPalette() = QApplication::palette();
    g_captured = true;
}

bool systemIsDark()
{
    const QPalette& p = g_captured ? systemPalette() : QApplication::palette();
    return p.color(QPalette::Window).lightness() < 128;
}

bool isDark(Mode mode)
{
    return mode == Mode::Dark || (mode == Mode::System && systemIsDark());
}

TimelineTheme timelineTheme(bool dark, bool largeFonts)
{
    TimelineTheme t = dark ? TimelineTheme::dark() : TimelineTheme::light();
    t.fontScale = largeFonts ? 1.6 : 1.0;
    return t;
}

namespace {
TimelineTheme g_current = TimelineTheme::dark(); ///< GUI thread only
} // namespace

TimelineTheme current()
{
    return g_current;
}

TimelineTheme apply(Mode mode, bool largeFonts)
{
    const bool dark = isDark(mode);
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    const QPalette palette = dark ? darkPalette() : lightPalette();
    QApplication::setPalette(palette);
    QToolTip::setPalette(palette);
    QFont f = QApplication::font();
    f.setPointSizeF(largeFonts ? kLargePointSize : kNormalPointSize);
    QApplication::setFont(f);
    g_current = timelineTheme(dark, largeFonts);
    return g_current;
}

QString modeName(Mode mode)
{
    switch (mode) {
    case Mode::Light: return QStringLiteral("light");
    case Mode::Dark: return QStringLiteral("dark");
    case Mode::System: break;
    }
    return QStringLiteral("system");
}

Mode modeFromName(const QString& name)
{
    if (name == QLatin1String("light"))
        return Mode::Light;
    if (name == QLatin1String("dark"))
        return Mode::Dark;
    return Mode::System;
}

} // namespace AppTheme

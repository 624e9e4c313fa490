// SPDX-License-Identifier: MIT
// What the app keeps between starts, with its keys in one place (QSettings: on Linux
// ~/.config/Loaderscope/loaderscope.conf). QtCore only.
#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

struct AppSettings
{
    QByteArray geometry;     ///< the main window's (QWidget::saveGeometry)
    QByteArray windowState;  ///< its docks (QMainWindow::saveState)
    QByteArray centralSplit; ///< timeline above charts (QSplitter::saveState)
    QJsonObject config;      ///< the configuration form's; empty when none was saved
    QString theme;           ///< AppTheme's mode name; empty: as the desktop
    bool largeFonts = false; ///< the projector's text size
    int slowMotion = 1;      ///< the factor runs are slowed down by

    static AppSettings load();
    void save() const;
    /// The language chosen in the app ("en", "tr"); empty when none was.
    static QString language();
    static void setLanguage(const QString& language);
    /// The instructor's imported quiz questions (QuestionBank::toJson); saved as soon as they
    /// change, not with the window's state, so no other save can overwrite them.
    static QJsonArray questionBank();
    static void setQuestionBank(const QJsonArray& bank);
};

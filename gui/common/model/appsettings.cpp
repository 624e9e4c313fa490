// SPDX-License-Identifier: MIT
#include "appsettings.h"

#include <QJsonDocument>
#include <QSettings>

namespace {
const QString kGeometry = QStringLiteral("geometry");
const QString kWindowState = QStringLiteral("windowState");
const QString kCentralSplit = QStringLiteral("centralSplit");
const QString kConfig = QStringLiteral("config");
const QString kTheme = QStringLiteral("theme");
const QString kLargeFonts = QStringLiteral("largeFonts");
const QString kSlowMotion = QStringLiteral("slowMotion");
const QString kLanguage = QStringLiteral("language");
const QString kQuestionBank = QStringLiteral("questionBank");
} // namespace

AppSettings AppSettings::load()
{
    const QSettings s;
    AppSettings a;
    a.geometry = s.value(kGeometry).toByteArray();
    a.windowState = s.value(kWindowState).toByteArray();
    a.centralSplit = s.value(kCentralSplit).toByteArray();
    a.config = QJsonDocument::fromJson(s.value(kConfig).toByteArray()).object();
    a.theme = s.value(kTheme).toString();
    a.largeFonts = s.value(kLargeFonts, false).toBool();
    a.slowMotion = s.value(kSlowMotion, 1).toInt();
    return a;
}

void AppSettings::save() const
{
    QSettings s;
    s.setValue(kGeometry, geometry);
    s.setValue(kWindowState, windowState);
    s.setValue(kCentralSplit, centralSplit);
    s.setValue(kConfig, QJsonDocument(config).toJson(QJsonDocument::Compact));
    s.setValue(kTheme, theme);
    s.setValue(kLargeFonts, largeFonts);
    s.setValue(kSlowMotion, slowMotion);
}

QString AppSettings::language()
{
    return QSettings().value(kLanguage).toString();
}

void AppSettings::setLanguage(const QString& language)
{
    QSettings().setValue(kLanguage, language);
}

QJsonArray AppSettings::questionBank()
{
    return QJsonDocument::fromJson(QSettings().value(kQuestionBank).toByteArray()).array();
}

void AppSettings::setQuestionBank(const QJsonArray& bank)
{
    QSettings().setValue(kQuestionBank, QJsonDocument(bank).toJson(QJsonDocument::Compact));
}

// SPDX-License-Identifier: MIT
// The one place that installs translations: the app's catalog (in the data folder: datadir.h) and Qt's own.
#pragma once

#include <QObject>
#include <QString>
#include <QTranslator>

class Translator : public QObject
{
    Q_OBJECT
public:
    explicit Translator(QObject* parent = nullptr);
    /// "en", "tr", or "" for the system locale. Sends LanguageChange to every widget.
    bool setLanguage(const QString& language);
    QString language() const { return m_language; }
    static QStringList available() { return {QStringLiteral("en"), QStringLiteral("tr")}; }

private:
    QTranslator m_app;
    QTranslator m_qt;
    QString m_language;
};

// SPDX-License-Identifier: MIT
#include "translator.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

Translator::Translator(QObject* parent) : QObject(parent) {}

bool Translator::setLanguage(const QString& language)
{
    QString lang = language;
    if (lang.isEmpty()) {
        lang = QStringLiteral("en");
        for (const QString& ui : QLocale::system().uiLanguages()) {
            if (ui.startsWith(QLatin1String("tr"))) {
                lang = QStringLiteral("tr");
                break;
            }
            if (ui.startsWith(QLatin1String("en")))
                break;
        }
    }
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
    const QLocale locale(lang);
    QLocale::setDefault(locale);
    bool ok = true;
    if (lang != QLatin1String("en")) {
        ok = m_app.load(locale, QStringLiteral("loaderscope"), QStringLiteral("_"), QStringLiteral(":/i18n"));
        if (ok)
            QCoreApplication::installTranslator(&m_app);
        if (m_qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(&m_qt);
    } else {
        // English is the source language; removing the catalogs still sends LanguageChange.
        QCoreApplication::installTranslator(&m_app);
        QCoreApplication::removeTranslator(&m_app);
    }
    m_language = lang;
    return ok;
}

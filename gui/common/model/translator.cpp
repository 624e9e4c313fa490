// SPDX-License-Identifier: MIT
#include "translator.h"

#include "common/model/datadir.h"

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
        // Qt's catalog first, ours after it: the last installed is asked first, so the app's
        // own words win where both have one (the Home key's name).
        if (m_qt.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(&m_qt);
        ok = m_app.load(locale, QStringLiteral("loaderscope"), QStringLiteral("_"), DataDir::translations());
        if (ok)
            QCoreApplication::installTranslator(&m_app);
    } else {
        // English is the source language; removing the catalogs still sends LanguageChange.
        QCoreApplication::installTranslator(&m_app);
        QCoreApplication::removeTranslator(&m_app);
    }
    m_language = lang;
    return ok;
}

// SPDX-License-Identifier: MIT
#include "datadir.h"

#include <QCoreApplication>
#include <QDir>

namespace DataDir {

QString path()
{
    return QDir::cleanPath(QCoreApplication::applicationDirPath() + QLatin1Char('/') +
                           QStringLiteral(LOADERSCOPE_DATA_FROM_BIN));
}

QString presets()
{
    return path() + QStringLiteral("/presets");
}

QString lessonsFile()
{
    return path() + QStringLiteral("/lessons/lessons.json");
}

QString translations()
{
    return path() + QStringLiteral("/translations");
}

} // namespace DataDir

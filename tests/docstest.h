// SPDX-License-Identifier: MIT
#pragma once
// What the docs' tests share (tst_docs, tst_docs_commands): the source folder, a document's text,
// one section of it, and a name as the docs write it.

#include <QFile>
#include <QString>

namespace docstest {

inline const QString kSource = QStringLiteral(LOADERSCOPE_SOURCE_DIR);

inline QString readText(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// The text from the heading that starts with `heading` to the next heading of the same level.
inline QString section(const QString& text, const QString& heading)
{
    const qsizetype from = text.indexOf(QLatin1Char('\n') + heading);
    if (from < 0)
        return {};
    const QString level = heading.section(QLatin1Char(' '), 0, 0) + QLatin1Char(' ');
    const qsizetype to = text.indexOf(QLatin1Char('\n') + level, from + 1);
    return text.mid(from, to < 0 ? -1 : to - from);
}

inline QString backticked(const QString& s)
{
    return QLatin1Char('`') + s + QLatin1Char('`');
}

} // namespace docstest

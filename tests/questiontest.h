// SPDX-License-Identifier: MIT
#pragma once
// What the question bank's tests share (tst_questions, tst_quiz): the fixtures, the seed file,
// and two banks compared question by question.

#include "workshop/model/questionbank.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

namespace questiontest {

inline const QString kFixtures = QStringLiteral(LOADERSCOPE_SOURCE_DIR "/tests/fixtures/questions/");
/// The material the product was commissioned from (outside the repository, beside it).
inline const QString kSeed = QStringLiteral(LOADERSCOPE_SEED_DIR "/000_073c491a5944acef.txt");

inline QString writeText(const QTemporaryDir& dir, const QString& name, const QString& text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(text.toUtf8());
    return path;
}

inline bool sameBank(const QVector<BankQuestion>& a, const QVector<BankQuestion>& b, QString* why)
{
    if (a.size() != b.size()) {
        *why = QStringLiteral("%1 questions against %2").arg(a.size()).arg(b.size());
        return false;
    }
    for (int i = 0; i < a.size(); ++i)
        if (!a[i].sameAs(b[i])) {
            *why = QStringLiteral("question %1 differs:\n%2\n%3")
                       .arg(i)
                       .arg(QString::fromUtf8(QJsonDocument(QuestionBank::toJson({a[i]})).toJson()),
                            QString::fromUtf8(QJsonDocument(QuestionBank::toJson({b[i]})).toJson()));
            return false;
        }
    return true;
}

} // namespace questiontest

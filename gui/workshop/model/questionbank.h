// SPDX-License-Identifier: MIT
// The instructor's own quiz questions: read from the workshop's plain-text format (a topic line
// ending in "Zorluk N", the question, options "- a" to "- f" with ✓ after the right one,
// "Açıklama:" and the explanation), Moodle GIFT or Aiken; each attached to the lesson whose
// experiment shows it; kept with the settings and written back as GIFT. Plain QtCore, no widgets.
// The readers are strict: a malformed question is reported with its line and skipped whole.
#pragma once

#include "workshop/model/lessons.h"

#include <QJsonArray>
#include <QString>
#include <QStringList>
#include <QVector>

struct BankQuestion
{
    QString topic;         ///< the workshop format's topic line, GIFT's $CATEGORY; Aiken: empty
    QString text;          ///< the question
    QStringList options;   ///< 2 to kMaxOptions answers, in the file's order
    QStringList feedback;  ///< per option, why it is right or wrong (GIFT's #...); "" when none
    int answer = -1;       ///< index of the right option
    int difficulty = 0;    ///< 1 to kMaxDifficulty; 0 when the file does not say (Aiken, plain GIFT)
    QString explanation;   ///< the workshop format's "Açıklama:", GIFT's "####"; "" when none
    QString lesson;        ///< the lesson id it belongs to; "" when no lesson could be told
    int line = 0;          ///< where it starts in the file it came from (1-based); not part of its identity

    /// The same question (everything but `line`): what a round trip through GIFT must keep.
    bool sameAs(const BankQuestion& o) const;
};

struct QuestionProblem
{
    int line = 0;          ///< 1-based line of the file
    QString message;       ///< translated; without the line number
};

enum class QuestionFormat { Auto, Workshop, Gift, Aiken };

struct ParsedQuestions
{
    QuestionFormat format = QuestionFormat::Auto; ///< the format read (Auto: none recognised)
    QVector<BankQuestion> questions;              ///< the well-formed ones, in file order
    QVector<QuestionProblem> problems;            ///< one per malformed question, in file order
};

/// One quiz question as a lesson's quiz shows it: the lesson's own (in the UI language) or an
/// imported one (in the language it was written in).
struct QuizItem
{
    int difficulty = 0;   ///< 0: not given
    QString question;
    QStringList options;
    QStringList why;      ///< per option; "" when the file gave none
    int answer = -1;
    QString explanation;
    bool imported = false;
};

namespace QuestionBank {

constexpr int kMaxOptions = 6;     ///< a to f: what the quiz panel has room for
constexpr int kMaxDifficulty = 5;
constexpr qint64 kMaxFileBytes = qint64(8) << 20; ///< a question file larger than this is refused

/// The format of `text`: the workshop format when it has a "Zorluk N" (or "Difficulty N") topic
/// line or an "Açıklama:" line, Aiken when it has an "ANSWER: X" line, GIFT when it has a "{".
QuestionFormat detect(const QString& text);
/// "workshop", "gift", "aiken" (the JSON's and the command line's names); "" for Auto.
QString formatId(QuestionFormat format);

/**
 * Reads `text` (Auto: detected) and attaches each question to a lesson of `lessons`: the one the
 * file names (GIFT's "// loaderscope: lesson=ID" comment), else the one its keywords point at
 * (lessonFor). A question with any fault is reported in `problems` and left out whole.
 */
ParsedQuestions parse(const QString& text, QuestionFormat format, const QVector<Lesson>& lessons);
/// parse() of a file; a file that cannot be read is one problem at line 0.
ParsedQuestions parseFile(const QString& path, QuestionFormat format, const QVector<Lesson>& lessons);

/**
 * The lesson whose experiment shows `q`: each lesson's keywords (lessons.json, regular
 * expressions) are looked for in the question (weight 3), its right answer (2) and its
 * explanation (1); the highest score wins. "" when nothing matches or two lessons tie.
 */
QString lessonFor(const BankQuestion& q, const QVector<Lesson>& lessons);

/// Moodle GIFT, one question per paragraph; the difficulty and lesson ride in a comment Moodle
/// ignores ("// loaderscope: difficulty=2 lesson=pin_memory"), the topic in "$CATEGORY:".
QString toGift(const QVector<BankQuestion>& questions);

/// The bank as JSON (the settings' and --check-questions' form): per question its line, topic,
/// question, options, answer (a letter), difficulty (null when unknown), explanation, feedback
/// and lesson (null when none).
QJsonArray toJson(const QVector<BankQuestion>& questions);
QVector<BankQuestion> fromJson(const QJsonArray& array);

/// The quiz of `lesson`: its own question first, then the imported questions attached to it, in
/// the bank's order.
QVector<QuizItem> quizOf(const Lesson& lesson, const QVector<BankQuestion>& bank);

/// "line N: message" (translated), as the import dialog says it.
QString describe(const QuestionProblem& p);

/**
 * `loaderscope --check-questions FILE`: `json` gets {"file", "format", "questions" (toJson),
 * "problems": [{"line", "message"}]}, `messages` one "FILE:LINE: message" per problem. Returns
 * the exit status: 0 when every question is well-formed, 2 when any is not (or there are none),
 * 1 when the file cannot be read.
 */
int check(const QString& path, const QVector<Lesson>& lessons, QByteArray* json, QStringList* messages);

} // namespace QuestionBank

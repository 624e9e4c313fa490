// SPDX-License-Identifier: MIT
// The three readers behind QuestionBank::parse (questionbank.h): each turns a file's text into
// well-formed questions and line-numbered problems. They leave lessons to parse(), except the one a
// GIFT file names in its "// loaderscope:" comment (checked there against the lessons).
#pragma once

#include "workshop/model/questionbank.h"

namespace QuestionReaders {

/// The workshop's plain-text format (../shared/seeds, docs/config.md "Question files").
ParsedQuestions readWorkshop(const QStringList& lines);
/// Moodle GIFT: multiple-choice questions only (one "=" answer, at least one "~").
ParsedQuestions readGift(const QStringList& lines);
/// Moodle Aiken: a one-line question, "A." or "A)" options, "ANSWER: X".
ParsedQuestions readAiken(const QStringList& lines);

/// GIFT's escapes: "\~" "\=" "\#" "\{" "\}" "\:" "\\" stand for the character, "\n" for a new line.
QString giftUnescape(const QString& s);
QString giftEscape(const QString& s);

} // namespace QuestionReaders

// SPDX-License-Identifier: MIT
#include "questionreaders.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace QuestionReaders {
namespace {

constexpr QChar kTick(0x2713);      // ✓, as the workshop files mark the right answer
constexpr QChar kHeavyTick(0x2714); // ✔, accepted as the same mark

QChar letter(int i)
{
    return QChar(u'a' + i);
}

bool isBlank(const QString& line)
{
    return line.trimmed().isEmpty();
}

/// What every reader checks once its answers are known: how many there are and that one is right.
QString checkAnswers(const QStringList& options, int rightCount)
{
    if (options.size() < 2)
        return QCoreApplication::translate("QuestionBank", "a question needs at least two answers");
    if (options.size() > QuestionBank::kMaxOptions)
        return QCoreApplication::translate("QuestionBank", "%1 answers; at most %2 fit the quiz").arg(options.size()).arg(QuestionBank::kMaxOptions);
    if (rightCount == 0)
        return QCoreApplication::translate("QuestionBank", "no answer is marked right");
    if (rightCount > 1)
        return QCoreApplication::translate("QuestionBank", "%1 answers are marked right; exactly one must be").arg(rightCount);
    return {};
}

// ---- the workshop format -------------------------------------------------------------------

// "Aipy Data Pipeline DataloaderZorluk 1": the topic runs straight into "Zorluk" in the seed.
const QRegularExpression kWorkshopHeader(QStringLiteral("^(.*?)\\s*(?:Zorluk|Difficulty)\\s*(\\d*)\\s*$"));
const QRegularExpression kOptionStart(QStringLiteral("^[ \\t]*-[ \\t]?[a-f]"));
const QRegularExpression kExplanation(QStringLiteral("^\\s*(?:Açıklama|Explanation)\\s*:(.*)$"));
// An option's letter: at the start of a line ("- aText", or "- a" alone with the text on the next
// line), at the end of a line after the previous answer ("... yansıtır. - b"), or right after the
// previous answer's ✓ ("...dir.✓ - cText"). Anywhere else " - b" is part of an answer's text.
const QRegularExpression kOptionMarker(QStringLiteral("(?:^[ \\t]*-[ \\t]?([a-f]))|(?:(?<=[ \\t])-[ \\t]?([a-f])[ \\t]*$)|(?:(?<=[\\x{2713}\\x{2714}])[ \\t]*-[ \\t]?([a-f]))"),
                                       QRegularExpression::MultilineOption);

struct Region
{
    QString text;            ///< the lines joined with '\n'
    QVector<qsizetype> starts; ///< where each line starts in `text`
    int firstLine = 0;       ///< the first line's number (1-based)

    int lineAt(qsizetype pos) const
    {
        const auto it = std::upper_bound(starts.begin(), starts.end(), pos);
        return firstLine + int(it - starts.begin()) - 1;
    }
};

Region regionOf(const QStringList& lines, int from, int to)
{
    Region r;
    r.firstLine = from + 1;
    for (int i = from; i < to; ++i) {
        r.starts << r.text.size();
        r.text += lines[i];
        if (i + 1 < to)
            r.text += QLatin1Char('\n');
    }
    return r;
}

/// The answers of the option lines [from, to): the text between consecutive letters.
bool readWorkshopOptions(const QStringList& lines, int from, int to, BankQuestion& q, QuestionProblem& problem)
{
    const Region r = regionOf(lines, from, to);
    struct Mark { qsizetype begin, end; QChar letter; };
    QVector<Mark> marks;
    for (auto it = kOptionMarker.globalMatch(r.text); it.hasNext();) {
        const auto m = it.next();
        const int group = m.hasCaptured(1) ? 1 : m.hasCaptured(2) ? 2 : 3;
        marks.append({m.capturedStart(0), m.capturedEnd(0), m.captured(group).at(0)});
    }
    int rightCount = 0;
    for (int k = 0; k < marks.size(); ++k) {
        problem.line = r.lineAt(marks[k].begin);
        if (marks[k].letter != letter(k)) {
            problem.message = QCoreApplication::translate("QuestionBank", "answer \"%1\" where \"%2\" was expected").arg(marks[k].letter).arg(letter(k));
            return false;
        }
        const qsizetype end = k + 1 < marks.size() ? marks[k + 1].begin : r.text.size();
        QString text = r.text.mid(marks[k].end, end - marks[k].end).simplified();
        const bool right = text.endsWith(kTick) || text.endsWith(kHeavyTick);
        if (right)
            text = text.chopped(1).trimmed();
        if (text.contains(kTick) || text.contains(kHeavyTick)) {
            problem.message = QCoreApplication::translate("QuestionBank", "a ✓ inside answer %1: it goes at the end of the right answer").arg(letter(k));
            return false;
        }
        if (text.isEmpty()) {
            problem.message = QCoreApplication::translate("QuestionBank", "answer %1 is empty").arg(letter(k));
            return false;
        }
        if (right) {
            q.answer = k;
            ++rightCount;
        }
        q.options << text;
        q.feedback << QString();
    }
    problem.line = from + 1;
    problem.message = checkAnswers(q.options, rightCount);
    return problem.message.isEmpty();
}

/// One question: the header at `h`, its lines up to `end` (the next header or the end).
bool readWorkshopQuestion(const QStringList& lines, int h, int end, BankQuestion& q, QuestionProblem& problem)
{
    const auto header = kWorkshopHeader.match(lines[h]);
    q.line = h + 1;
    q.topic = header.captured(1).simplified();
    problem.line = h + 1;
    bool ok = false;
    q.difficulty = header.captured(2).toInt(&ok);
    if (!ok || q.difficulty < 1 || q.difficulty > QuestionBank::kMaxDifficulty) {
        problem.message = QCoreApplication::translate("QuestionBank", "the difficulty after \"Zorluk\" must be a number from 1 to %1").arg(QuestionBank::kMaxDifficulty);
        return false;
    }
    int i = h + 1;
    QStringList question;
    for (; i < end && !kOptionStart.match(lines[i]).hasMatch() && !kExplanation.match(lines[i]).hasMatch(); ++i)
        question << lines[i];
    q.text = question.join(QLatin1Char(' ')).simplified();
    if (q.text.isEmpty()) {
        problem.message = QCoreApplication::translate("QuestionBank", "no question after the topic line");
        return false;
    }
    if (i == end || !kOptionStart.match(lines[i]).hasMatch()) {
        problem.line = std::min(i, end - 1) + 1;
        problem.message = QCoreApplication::translate("QuestionBank", "no answers: each answer starts a line with \"- a\", \"- b\", ...");
        return false;
    }
    int j = i;
    while (j < end && !kExplanation.match(lines[j]).hasMatch())
        ++j;
    if (!readWorkshopOptions(lines, i, j, q, problem))
        return false;
    if (j == end) {
        problem.line = h + 1;
        problem.message = QCoreApplication::translate("QuestionBank", "no \"Açıklama:\" line with the explanation");
        return false;
    }
    QStringList explanation{kExplanation.match(lines[j]).captured(1)};
    for (int k = j + 1; k < end; ++k) {
        if (kOptionStart.match(lines[k]).hasMatch() || kExplanation.match(lines[k]).hasMatch()) {
            problem.line = k + 1;
            // Without its topic line a question runs into the one before: both are left out,
            // since where one ends and the other starts cannot be told.
            problem.message = QCoreApplication::translate("QuestionBank", "an answer or explanation after the explanation of the question at line %1: "
                                                                          "is this question's \"Zorluk N\" topic line missing? Neither is imported")
                                  .arg(h + 1);
            return false;
        }
        explanation << lines[k];
    }
    q.explanation = explanation.join(QLatin1Char(' ')).simplified();
    if (q.explanation.isEmpty()) {
        problem.line = j + 1;
        problem.message = QCoreApplication::translate("QuestionBank", "the explanation after \"Açıklama:\" is empty");
        return false;
    }
    return true;
}

} // namespace

ParsedQuestions readWorkshop(const QStringList& lines)
{
    ParsedQuestions out;
    out.format = QuestionFormat::Workshop;
    QVector<int> headers;
    for (int i = 0; i < lines.size(); ++i)
        if (kWorkshopHeader.match(lines[i]).hasMatch())
            headers << i;
    // Before the first topic line only a title may stand ("Örnek sorular"); an answer or an
    // explanation there is a question whose topic line is missing.
    const int firstHeader = headers.isEmpty() ? int(lines.size()) : headers.first();
    for (int i = 0; i < firstHeader; ++i)
        if (kOptionStart.match(lines[i]).hasMatch() || kExplanation.match(lines[i]).hasMatch()) {
            out.problems.append({i + 1, QCoreApplication::translate("QuestionBank", "a question without its topic line ending in \"Zorluk N\"")});
            break;
        }
    for (int k = 0; k < headers.size(); ++k) {
        BankQuestion q;
        QuestionProblem problem;
        if (readWorkshopQuestion(lines, headers[k], k + 1 < headers.size() ? headers[k + 1] : int(lines.size()), q, problem))
            out.questions << q;
        else
            out.problems << problem;
    }
    if (headers.isEmpty() && out.problems.isEmpty())
        out.problems.append({1, QCoreApplication::translate("QuestionBank", "no question: each starts with a topic line ending in \"Zorluk N\"")});
    return out;
}

// ---- Moodle GIFT ---------------------------------------------------------------------------

QString giftUnescape(const QString& s)
{
    QString out;
    out.reserve(s.size());
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s[i] == QLatin1Char('\\') && i + 1 < s.size()) {
            const QChar c = s[i + 1];
            if (QStringLiteral("~=#{}:\\").contains(c)) {
                out += c;
                ++i;
                continue;
            }
            if (c == QLatin1Char('n')) {
                out += QLatin1Char('\n');
                ++i;
                continue;
            }
        }
        out += s[i];
    }
    return out;
}

QString giftEscape(const QString& s)
{
    QString out;
    out.reserve(s.size() + 8);
    for (const QChar c : s) {
        if (QStringLiteral("~=#{}:\\").contains(c))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

namespace {

/// Positions in a GIFT question: the first unescaped `c` (or string) at or after `from`; -1 if none.
qsizetype findUnescaped(const QString& s, const QString& what, qsizetype from = 0)
{
    for (qsizetype i = from; i < s.size(); ++i) {
        if (s[i] == QLatin1Char('\\')) {
            ++i;
            continue;
        }
        if (QStringView(s).mid(i).startsWith(what))
            return i;
    }
    return -1;
}

QString giftText(const QString& raw)
{
    return giftUnescape(raw).simplified();
}

const QRegularExpression kGiftMeta(QStringLiteral("^\\s*//\\s*loaderscope:(.*)$"));
const QRegularExpression kGiftCategory(QStringLiteral("^\\s*\\$CATEGORY:(.*)$"));
const QRegularExpression kTrueFalse(QStringLiteral("^(?:T|F|TRUE|FALSE)\\s*(?:#.*)?$"), QRegularExpression::DotMatchesEverythingOption);

/// What a "// loaderscope: difficulty=2 lesson=pin_memory" comment sets on the next question.
struct GiftMeta
{
    int difficulty = 0;
    QString lesson;
    QuestionProblem problem; ///< a fault in the comment: the question it belongs to is skipped
};

GiftMeta readGiftMeta(const QString& body, int line)
{
    GiftMeta meta;
    for (const QString& pair : body.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString key = pair.section(QLatin1Char('='), 0, 0);
        const QString value = pair.section(QLatin1Char('='), 1);
        bool ok = false;
        if (key == QLatin1String("difficulty")) {
            meta.difficulty = value.toInt(&ok);
            if (!ok || meta.difficulty < 1 || meta.difficulty > QuestionBank::kMaxDifficulty)
                meta.problem = {line, QCoreApplication::translate("QuestionBank", "difficulty=%1: the difficulty is a number from 1 to %2").arg(value).arg(QuestionBank::kMaxDifficulty)};
        } else if (key == QLatin1String("lesson") && !value.isEmpty()) {
            meta.lesson = value;
        } else {
            meta.problem = {line, QCoreApplication::translate("QuestionBank", "\"%1\" in the loaderscope comment: it takes difficulty=N and lesson=ID").arg(pair)};
        }
    }
    return meta;
}

/// The answers inside "{...}" (the general feedback already cut off).
bool readGiftAnswers(const QString& block, BankQuestion& q, QString& why)
{
    const QString trimmed = block.trimmed();
    if (trimmed.isEmpty())
        why = QCoreApplication::translate("QuestionBank", "an essay question (empty {}): only multiple choice is read");
    else if (trimmed.startsWith(QLatin1Char('#')))
        why = QCoreApplication::translate("QuestionBank", "a numerical question ({#...}): only multiple choice is read");
    else if (kTrueFalse.match(trimmed).hasMatch())
        why = QCoreApplication::translate("QuestionBank", "a true/false question: only multiple choice is read");
    else if (findUnescaped(block, QStringLiteral("->")) >= 0)
        why = QCoreApplication::translate("QuestionBank", "a matching question (->): only multiple choice is read");
    else if (!trimmed.startsWith(QLatin1Char('=')) && !trimmed.startsWith(QLatin1Char('~')))
        why = QCoreApplication::translate("QuestionBank", "text before the first answer: each answer starts with = (right) or ~ (wrong)");
    if (!why.isEmpty())
        return false;
    QVector<qsizetype> starts;
    for (qsizetype i = 0; i < block.size(); ++i) {
        if (block[i] == QLatin1Char('\\'))
            ++i;
        else if (block[i] == QLatin1Char('=') || block[i] == QLatin1Char('~'))
            starts << i;
    }
    int rightCount = 0, wrongCount = 0;
    for (int k = 0; k < starts.size(); ++k) {
        const bool right = block[starts[k]] == QLatin1Char('=');
        QString raw = block.mid(starts[k] + 1, (k + 1 < starts.size() ? starts[k + 1] : block.size()) - starts[k] - 1);
        if (raw.trimmed().startsWith(QLatin1Char('%'))) {
            why = QCoreApplication::translate("QuestionBank", "answer weights (%50%) are not read: one answer is right (=), the others wrong (~)");
            return false;
        }
        const qsizetype hash = findUnescaped(raw, QStringLiteral("#"));
        const QString text = giftText(hash < 0 ? raw : raw.left(hash));
        if (text.isEmpty()) {
            why = QCoreApplication::translate("QuestionBank", "answer %1 is empty").arg(letter(k));
            return false;
        }
        if (right)
            q.answer = k;
        (right ? rightCount : wrongCount)++;
        q.options << text;
        q.feedback << (hash < 0 ? QString() : giftText(raw.mid(hash + 1)));
    }
    if (rightCount >= 1 && wrongCount == 0) {
        why = QCoreApplication::translate("QuestionBank", "no wrong answer (~): a short-answer question, only multiple choice is read");
        return false;
    }
    why = checkAnswers(q.options, rightCount);
    return why.isEmpty();
}

/// One GIFT question from `r` (its lines, comments dropped). False with `problem`.
bool readGiftQuestion(const Region& r, BankQuestion& q, QuestionProblem& problem)
{
    QString s = r.text;
    problem.line = r.firstLine;
    qsizetype at = 0;
    if (s.trimmed().startsWith(QLatin1String("::"))) {
        at = s.indexOf(QLatin1String("::"));
        const qsizetype close = findUnescaped(s, QStringLiteral("::"), at + 2);
        if (close < 0) {
            problem.message = QCoreApplication::translate("QuestionBank", "the title after \"::\" is not closed with \"::\"");
            return false;
        }
        at = close + 2;
    }
    static const QRegularExpression kFormatTag(QStringLiteral("^\\s*\\[(?:html|moodle|plain|markdown)\\]"));
    // matchView from Qt 6.5 (match(QStringView) is deprecated there); Qt 6.4 has only match().
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    if (const auto m = kFormatTag.matchView(QStringView(s).mid(at)); m.hasMatch())
#else
    if (const auto m = kFormatTag.match(QStringView(s).mid(at)); m.hasMatch())
#endif
        at += m.capturedEnd(0);
    const qsizetype open = findUnescaped(s, QStringLiteral("{"), at);
    if (open < 0) {
        problem.message = QCoreApplication::translate("QuestionBank", "no answers in { }: a description, not a question");
        return false;
    }
    const qsizetype close = findUnescaped(s, QStringLiteral("}"), open + 1);
    const qsizetype nested = findUnescaped(s, QStringLiteral("{"), open + 1);
    problem.line = r.lineAt(open);
    if (close < 0) {
        problem.message = QCoreApplication::translate("QuestionBank", "the answers opened with { are not closed with } before the blank line");
        return false;
    }
    if (nested >= 0) {
        problem.line = r.lineAt(nested);
        problem.message = QCoreApplication::translate("QuestionBank", "a second { : one question per paragraph, separated by a blank line");
        return false;
    }
    const QString before = giftText(s.mid(at, open - at));
    const QString after = giftText(s.mid(close + 1));
    // Moodle's "missing word" form (text {answers} text): the gap is shown as a blank.
    q.text = after.isEmpty() ? before : (before + QStringLiteral(" _____ ") + after).simplified();
    if (before.isEmpty() && after.isEmpty()) {
        problem.line = r.firstLine;
        problem.message = QCoreApplication::translate("QuestionBank", "no question before the answers");
        return false;
    }
    QString block = s.mid(open + 1, close - open - 1);
    if (const qsizetype general = findUnescaped(block, QStringLiteral("####")); general >= 0) {
        q.explanation = giftText(block.mid(general + 4));
        block = block.left(general);
    }
    return readGiftAnswers(block, q, problem.message);
}

} // namespace

ParsedQuestions readGift(const QStringList& lines)
{
    ParsedQuestions out;
    out.format = QuestionFormat::Gift;
    QString topic;
    GiftMeta meta;
    for (int i = 0; i < lines.size();) {
        const QString& line = lines[i];
        if (isBlank(line)) {
            ++i;
            continue;
        }
        if (const auto m = kGiftMeta.match(line); m.hasMatch()) {
            meta = readGiftMeta(m.captured(1), i + 1);
            ++i;
            continue;
        }
        if (line.trimmed().startsWith(QLatin1String("//"))) {
            ++i;
            continue;
        }
        if (const auto m = kGiftCategory.match(line); m.hasMatch()) {
            topic = m.captured(1).simplified();
            ++i;
            continue;
        }
        // A question: its lines up to the next blank line, comments left out.
        QStringList body;
        const int first = i;
        for (; i < lines.size() && !isBlank(lines[i]); ++i)
            body << (lines[i].trimmed().startsWith(QLatin1String("//")) ? QString() : lines[i]);
        BankQuestion q;
        q.line = first + 1;
        q.topic = topic;
        q.difficulty = meta.difficulty;
        q.lesson = meta.lesson;
        Region r = regionOf(body, 0, int(body.size()));
        r.firstLine = first + 1;
        QuestionProblem problem;
        if (!meta.problem.message.isEmpty())
            out.problems << meta.problem;
        else if (readGiftQuestion(r, q, problem))
            out.questions << q;
        else
            out.problems << problem;
        meta = {};
    }
    if (out.questions.isEmpty() && out.problems.isEmpty())
        out.problems.append({1, QCoreApplication::translate("QuestionBank", "no question in the file")});
    return out;
}

// ---- Moodle Aiken --------------------------------------------------------------------------

namespace {

const QRegularExpression kAikenOption(QStringLiteral("^\\s*([A-Z])[.)]\\s+(.*)$"));
const QRegularExpression kAikenAnswer(QStringLiteral("^\\s*ANSWER:\\s*(.*?)\\s*$"));

/// After a fault: on to the blank line that ends the question, or past its ANSWER line.
int skipAikenQuestion(const QStringList& lines, int i)
{
    for (; i < lines.size() && !isBlank(lines[i]); ++i)
        if (kAikenAnswer.match(lines[i]).hasMatch())
            return i + 1;
    return i;
}

/// The question starting at line `i`; `next` is where the next one may start.
bool readAikenQuestion(const QStringList& lines, int i, int& next, BankQuestion& q, QuestionProblem& problem)
{
    q.line = i + 1;
    q.text = lines[i].simplified();
    problem.line = i + 1;
    next = skipAikenQuestion(lines, i);
    if (kAikenOption.match(lines[i]).hasMatch() || kAikenAnswer.match(lines[i]).hasMatch()) {
        problem.message = QCoreApplication::translate("QuestionBank", "an answer where a question was expected (the question is one line before \"A.\")");
        return false;
    }
    for (int k = i + 1; k < lines.size() && !isBlank(lines[k]); ++k) {
        problem.line = k + 1;
        const QChar expected = QChar(char16_t(u'A' + q.options.size()));
        if (const auto m = kAikenOption.match(lines[k]); m.hasMatch()) {
            if (m.captured(1).at(0) != expected) {
                problem.message = QCoreApplication::translate("QuestionBank", "answer \"%1\" where \"%2\" was expected").arg(m.captured(1), expected);
                return false;
            }
            q.options << m.captured(2).simplified();
            q.feedback << QString();
            continue;
        }
        if (const auto m = kAikenAnswer.match(lines[k]); m.hasMatch()) {
            const QString a = m.captured(1);
            const int index = a.size() == 1 ? a.at(0).unicode() - u'A' : -1;
            if (index < 0 || index >= q.options.size()) {
                problem.message = QCoreApplication::translate("QuestionBank", "ANSWER: \"%1\" is not one of the answers' letters").arg(a);
                return false;
            }
            q.answer = index;
            problem.message = checkAnswers(q.options, 1);
            return problem.message.isEmpty();
        }
        if (q.options.isEmpty()) {
            problem.message = QCoreApplication::translate("QuestionBank", "a second line of question: an Aiken question is one line, then \"A.\" or \"A)\" answers");
            return false;
        }
        // Answers, then neither an answer nor ANSWER: this question has no ANSWER line. When an
        // "A." line follows, the next question starts here (files without blank lines between).
        problem.message = QCoreApplication::translate("QuestionBank", "expected answer \"%1.\" or \"ANSWER:\"").arg(expected);
        if (k + 1 < lines.size() && kAikenOption.match(lines[k + 1]).captured(1) == QLatin1String("A"))
            next = k;
        return false;
    }
    problem.line = i + 1;
    problem.message = QCoreApplication::translate("QuestionBank", "no \"ANSWER:\" line after the answers");
    return false;
}

} // namespace

ParsedQuestions readAiken(const QStringList& lines)
{
    ParsedQuestions out;
    out.format = QuestionFormat::Aiken;
    for (int i = 0; i < lines.size();) {
        if (isBlank(lines[i])) {
            ++i;
            continue;
        }
        BankQuestion q;
        QuestionProblem problem;
        int next = i + 1;
        if (readAikenQuestion(lines, i, next, q, problem))
            out.questions << q;
        else
            out.problems << problem;
        i = std::max(next, i + 1);
    }
    if (out.questions.isEmpty() && out.problems.isEmpty())
        out.problems.append({1, QCoreApplication::translate("QuestionBank", "no question in the file")});
    return out;
}

} // namespace QuestionReaders

// SPDX-License-Identifier: MIT
#include "questionbank.h"
#include "common/model/userfiles.h"

#include "workshop/model/questionreaders.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

bool BankQuestion::sameAs(const BankQuestion& o) const
{
    return topic == o.topic && text == o.text && options == o.options && feedback == o.feedback && answer == o.answer &&
           difficulty == o.difficulty && explanation == o.explanation && lesson == o.lesson;
}

namespace QuestionBank {

namespace {
const QString kWorkshop = QStringLiteral("workshop");
const QString kGift = QStringLiteral("gift");
const QString kAiken = QStringLiteral("aiken");

QStringList linesOf(QString text)
{
    if (text.startsWith(QChar(0xFEFF))) // a byte-order mark, as some editors write it
        text.remove(0, 1);
    text.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    text.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    return text.split(QLatin1Char('\n'));
}

QString letterOf(int i)
{
    return QString(QChar(u'a' + i));
}
} // namespace

QuestionFormat detect(const QString& text)
{
    static const QRegularExpression workshop(QStringLiteral("(?:(?:Zorluk|Difficulty)\\s*\\d+\\s*$)|(?:^\\s*(?:Açıklama|Explanation)\\s*:)"),
                                             QRegularExpression::MultilineOption);
    static const QRegularExpression aiken(QStringLiteral("^\\s*ANSWER:\\s*[A-Z]\\s*$"), QRegularExpression::MultilineOption);
    if (workshop.match(text).hasMatch())
        return QuestionFormat::Workshop;
    if (aiken.match(text).hasMatch())
        return QuestionFormat::Aiken;
    if (text.contains(QLatin1Char('{')))
        return QuestionFormat::Gift;
    return QuestionFormat::Auto;
}

QString formatId(QuestionFormat format)
{
    switch (format) {
    case QuestionFormat::Workshop: return kWorkshop;
    case QuestionFormat::Gift: return kGift;
    case QuestionFormat::Aiken: return kAiken;
    case QuestionFormat::Auto: break;
    }
    return {};
}

namespace {

/// Each lesson's keywords, compiled once for a whole bank (a regular expression per keyword per
/// question cost 1.4 ms a question: 100,000 GIFT questions took 138 s).
struct LessonMatchers
{
    struct One
    {
        QString id;
        std::vector<QRegularExpression> keywords;
        QRegularExpression any; ///< every keyword at once: a part it misses is not looked at one by one
    };
    std::vector<One> lessons;
    explicit LessonMatchers(const QVector<Lesson>& from)
    {
        const auto options = QRegularExpression::CaseInsensitiveOption | QRegularExpression::UseUnicodePropertiesOption;
        for (const Lesson& l : from) {
            One one{l.id, {}, {}};
            QStringList alternatives;
            for (const QString& pattern : l.keywords) {
                one.keywords.emplace_back(pattern, options);
                one.keywords.back().optimize();
                alternatives << QStringLiteral("(?:%1)").arg(pattern);
            }
            one.any = QRegularExpression(alternatives.join(QLatin1Char('|')), options);
            one.any.optimize();
            lessons.push_back(std::move(one));
        }
    }
    QString lessonFor(const BankQuestion& q) const
    {
        const QString right = q.answer >= 0 && q.answer < q.options.size() ? q.options[q.answer] : QString();
        const struct { const QString& text; int weight; } parts[] = {{q.text, 3}, {right, 2}, {q.explanation, 1}};
        QString best;
        int bestScore = 0, secondScore = 0;
        for (const One& l : lessons) {
            // Each keyword found in a part adds the part's weight; most parts name no keyword of
            // most lessons, which one match of them all says (a bank of 100,000 questions).
            int score = 0;
            for (const auto& part : parts) {
                if (part.text.isEmpty() || l.keywords.empty() || !l.any.match(part.text).hasMatch())
                    continue;
                for (const QRegularExpression& re : l.keywords)
                    if (re.match(part.text).hasMatch())
                        score += part.weight;
            }
            if (score > bestScore) {
                secondScore = bestScore;
                bestScore = score;
                best = l.id;
            } else if (score > secondScore) {
                secondScore = score;
            }
        }
        return bestScore > secondScore ? best : QString();
    }
};

} // namespace

/// The first thing in `bytes` that is not UTF-8 text: its line (1-based) and a sentence; line 0
/// when there is none. Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
std::pair<int, QString> firstNonText(const QByteArray& bytes)
{
    int line = 1;
    const auto* b = reinterpret_cast<const unsigned char*>(bytes.constData());
    const qsizetype n = bytes.size();
    for (qsizetype i = 0; i < n;) {
        const unsigned c = b[i];
        if (c == '\n') {
            ++line;
            ++i;
            continue;
        }
        if (c == 0)
            return {line, QCoreApplication::translate("QuestionBank", "a NUL byte (at byte %1): not a text file").arg(i)};
        int more = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : -1;
        unsigned cp = more == 0 ? c : more == 1 ? (c & 0x1f) : more == 2 ? (c & 0x0f) : (c & 0x07);
        bool ok = more >= 0 && i + more < n;
        for (int k = 1; ok && k <= more; ++k) {
            ok = (b[i + k] & 0xc0) == 0x80;
            cp = (cp << 6) | (b[i + k] & 0x3f);
        }
        static constexpr unsigned kMin[] = {0, 0x80, 0x800, 0x10000};
        ok = ok && cp >= kMin[more] && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
        if (!ok)
            return {line, QCoreApplication::translate("QuestionBank", "bytes that are not UTF-8 (0x%1 at byte %2): save the file as UTF-8")
                              .arg(c, 2, 16, QLatin1Char('0')).arg(i)};
        i += 1 + more;
    }
    return {0, QString()};
}

ParsedQuestions parse(const QString& text, QuestionFormat format, const QVector<Lesson>& lessons)
{
    if (format == QuestionFormat::Auto)
        format = detect(text);
    const QStringList lines = linesOf(text);
    ParsedQuestions parsed;
    switch (format) {
    case QuestionFormat::Workshop: parsed = QuestionReaders::readWorkshop(lines); break;
    case QuestionFormat::Gift: parsed = QuestionReaders::readGift(lines); break;
    case QuestionFormat::Aiken: parsed = QuestionReaders::readAiken(lines); break;
    case QuestionFormat::Auto:
        parsed.problems.append({1, QCoreApplication::translate("QuestionBank", "not a question file: neither the workshop format "
                                                                               "(\"Zorluk N\" topic lines), GIFT ({ } answers) nor Aiken (ANSWER: lines)")});
        return parsed;
    }
    // Each question's lesson: the one its file names (it must exist), else the keywords'.
    const LessonMatchers matchers(lessons);
    QVector<BankQuestion> kept;
    kept.reserve(parsed.questions.size());
    for (BankQuestion& q : parsed.questions) {
        const bool known = std::any_of(lessons.begin(), lessons.end(), [&](const Lesson& l) { return l.id == q.lesson; });
        if (!q.lesson.isEmpty() && !known) {
            parsed.problems.append({q.line, QCoreApplication::translate("QuestionBank", "unknown lesson \"%1\"").arg(q.lesson)});
            continue;
        }
        if (q.lesson.isEmpty())
            q.lesson = matchers.lessonFor(q);
        kept << std::move(q);
    }
    parsed.questions = kept;
    std::stable_sort(parsed.problems.begin(), parsed.problems.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
    return parsed;
}

ParsedQuestions parseFile(const QString& path, QuestionFormat format, const QVector<Lesson>& lessons)
{
    // A question bank is a few hundred kilobytes; a limit keeps /dev/zero from filling memory, and
    // a FIFO nobody writes is refused at once (UserFiles::readInput).
    QByteArray bytes;
    QString error;
    if (!UserFiles::readInput(path, kMaxFileBytes, &bytes, &error,
                              QCoreApplication::translate("QuestionBank", "%1 is larger than %2 MiB: not a question file")
                                  .arg(path)
                                  .arg(kMaxFileBytes >> 20))) {
        ParsedQuestions p;
        p.problems.append({0, error});
        return p;
    }
    // Text only: a NUL or bytes that are not UTF-8 are refused with their line, not read as
    // replacement characters into the bank (and the settings that keep it).
    if (const auto [line, what] = firstNonText(bytes); line > 0) {
        ParsedQuestions p;
        p.problems.append({line, what});
        return p;
    }
    const QString text = QString::fromUtf8(bytes);
    if (format == QuestionFormat::Auto && QFileInfo(path).suffix().compare(QLatin1String("gift"), Qt::CaseInsensitive) == 0)
        format = QuestionFormat::Gift;
    return parse(text, format, lessons);
}


QString lessonFor(const BankQuestion& q, const QVector<Lesson>& lessons)
{
    return LessonMatchers(lessons).lessonFor(q);
}

QString toGift(const QVector<BankQuestion>& questions)
{
    using QuestionReaders::giftEscape;
    QString out = QStringLiteral("// Quiz questions exported by Loaderscope (Moodle GIFT). The \"// loaderscope:\" comments keep\n"
                                 "// each question's difficulty and lesson; Moodle ignores them.\n");
    QString topic;
    for (const BankQuestion& q : questions) {
        out += QLatin1Char('\n');
        if (q.topic != topic) {
            out += QStringLiteral("$CATEGORY: %1\n\n").arg(q.topic);
            topic = q.topic;
        }
        QStringList meta;
        if (q.difficulty > 0)
            meta << QStringLiteral("difficulty=%1").arg(q.difficulty);
        if (!q.lesson.isEmpty())
            meta << QStringLiteral("lesson=%1").arg(q.lesson);
        if (!meta.isEmpty())
            out += QStringLiteral("// loaderscope: %1\n").arg(meta.join(QLatin1Char(' ')));
        out += giftEscape(q.text) + QStringLiteral(" {\n");
        for (int k = 0; k < q.options.size(); ++k) {
            out += (k == q.answer ? QLatin1Char('=') : QLatin1Char('~')) + giftEscape(q.options[k]);
            if (k < q.feedback.size() && !q.feedback[k].isEmpty())
                out += QStringLiteral(" #") + giftEscape(q.feedback[k]);
            out += QLatin1Char('\n');
        }
        if (!q.explanation.isEmpty())
            out += QStringLiteral("####") + giftEscape(q.explanation) + QLatin1Char('\n');
        out += QStringLiteral("}\n");
    }
    return out;
}

QJsonArray toJson(const QVector<BankQuestion>& questions)
{
    QJsonArray array;
    for (const BankQuestion& q : questions) {
        QJsonObject o{{QStringLiteral("line"), q.line},
                      {QStringLiteral("topic"), q.topic},
                      {QStringLiteral("question"), q.text},
                      {QStringLiteral("options"), QJsonArray::fromStringList(q.options)},
                      {QStringLiteral("answer"), letterOf(q.answer)},
                      {QStringLiteral("difficulty"), q.difficulty > 0 ? QJsonValue(q.difficulty) : QJsonValue()},
                      {QStringLiteral("explanation"), q.explanation},
                      {QStringLiteral("lesson"), q.lesson.isEmpty() ? QJsonValue() : QJsonValue(q.lesson)}};
        if (std::any_of(q.feedback.begin(), q.feedback.end(), [](const QString& f) { return !f.isEmpty(); }))
            o.insert(QStringLiteral("feedback"), QJsonArray::fromStringList(q.feedback));
        array.append(o);
    }
    return array;
}

QVector<BankQuestion> fromJson(const QJsonArray& array)
{
    QVector<BankQuestion> out;
    for (const QJsonValue& v : array) {
        const QJsonObject o = v.toObject();
        BankQuestion q;
        q.line = o.value(QStringLiteral("line")).toInt();
        q.topic = o.value(QStringLiteral("topic")).toString();
        q.text = o.value(QStringLiteral("question")).toString();
        for (const QJsonValue& opt : o.value(QStringLiteral("options")).toArray())
            q.options << opt.toString();
        for (const QJsonValue& f : o.value(QStringLiteral("feedback")).toArray())
            q.feedback << f.toString();
        while (q.feedback.size() < q.options.size())
            q.feedback << QString();
        const QString answer = o.value(QStringLiteral("answer")).toString();
        q.answer = answer.size() == 1 ? answer.at(0).unicode() - u'a' : -1;
        q.difficulty = o.value(QStringLiteral("difficulty")).toInt(0);
        q.explanation = o.value(QStringLiteral("explanation")).toString();
        q.lesson = o.value(QStringLiteral("lesson")).toString();
        // What the settings hold was checked on import; a hand-edited entry that no longer makes
        // a question is dropped rather than shown half.
        if (!q.text.isEmpty() && q.options.size() >= 2 && q.options.size() <= kMaxOptions && q.answer >= 0 && q.answer < q.options.size())
            out << q;
    }
    return out;
}

QVector<QuizItem> quizOf(const Lesson& lesson, const QVector<BankQuestion>& bank)
{
    QuizItem own;
    own.difficulty = lesson.difficulty;
    own.question = LessonLibrary::text(lesson.question);
    for (int k = 0; k < lesson.options.size(); ++k) {
        own.options << LessonLibrary::text(lesson.options[k].text);
        own.why << LessonLibrary::text(lesson.options[k].why);
        if (lesson.options[k].correct)
            own.answer = k;
    }
    own.explanation = LessonLibrary::text(lesson.quizExplanation);
    QVector<QuizItem> items{own};
    for (const BankQuestion& q : bank) {
        if (q.lesson != lesson.id)
            continue;
        items.append({q.difficulty, q.text, q.options, q.feedback, q.answer, q.explanation, true});
    }
    return items;
}

QString describe(const QuestionProblem& p)
{
    return p.line > 0 ? QCoreApplication::translate("QuestionBank", "line %1: %2").arg(p.line).arg(p.message) : p.message;
}

int check(const QString& path, const QVector<Lesson>& lessons, QByteArray* json, QStringList* messages)
{
    const ParsedQuestions parsed = parseFile(path, QuestionFormat::Auto, lessons);
    QJsonArray problems;
    for (const QuestionProblem& p : parsed.problems) {
        problems.append(QJsonObject{{QStringLiteral("line"), p.line}, {QStringLiteral("message"), p.message}});
        *messages << (p.line > 0 ? QStringLiteral("%1:%2: %3").arg(path).arg(p.line).arg(p.message) : p.message);
    }
    const QJsonObject root{{QStringLiteral("file"), path},
                           {QStringLiteral("format"), parsed.format == QuestionFormat::Auto ? QJsonValue() : QJsonValue(formatId(parsed.format))},
                           {QStringLiteral("questions"), toJson(parsed.questions)},
                           {QStringLiteral("problems"), problems}};
    *json = QJsonDocument(root).toJson(QJsonDocument::Indented);
    const bool unreadable = parsed.problems.size() == 1 && parsed.problems.first().line == 0;
    return unreadable ? 1 : parsed.problems.isEmpty() ? 0 : 2;
}

} // namespace QuestionBank

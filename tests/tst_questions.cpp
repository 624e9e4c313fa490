// SPDX-License-Identifier: MIT
// The instructor's question bank (gui/workshop/model/questionbank.h): the workshop's seed file read as its
// six questions, each on the lesson that teaches it; own GIFT, Aiken and workshop files round-trip
// through GIFT; broken inputs each give a line-numbered problem and leave the good questions
// around them whole; `loaderscope --check-questions`'s JSON and exit codes; the bank kept in the
// settings. The bank in the app's dialogs and quizzes: tst_quiz.
#include "common/model/appsettings.h"
#include "workshop/model/questionbank.h"
#include "common/model/translator.h"
#include "workshop/classquiz.h"
#include "workshop/lessonspanel.h"
#include "app/mainwindow.h"
#include "workshop/questionbankactions.h"
#include "workshop/questionimportdialog.h"
#include "questiontest.h"

#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QScrollArea>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QtTest>

using namespace questiontest;

namespace {

QString problemsOf(const ParsedQuestions& p)
{
    QStringList out;
    for (const QuestionProblem& pr : p.problems)
        out << QuestionBank::describe(pr);
    return out.join(QLatin1Char('\n'));
}

int linesIn(const QString& s)
{
    return int(s.count(QLatin1Char('\n')));
}

// Well-formed questions the broken ones are put between.
const QString kWorkshopBefore = QStringLiteral("Konu Zorluk 1\nnum_workers=0 ne demek?\n- aYükleme ana process içinde.✓\n- bDört worker açılır.\nAçıklama:Hiç worker yok.\n");
const QString kWorkshopAfter = QStringLiteral("Konu Zorluk 2\npin_memory=True ne yapar?\n- aGPU'ya kopyalar.\n- bSayfa-kilitli belleğe kopyalar.✓\nAçıklama:Pinned bellek asenkron kopyayı sağlar.\n");
const QString kGiftBefore = QStringLiteral("What does drop_last\\=True drop? {\n=The short last batch\n~Every odd batch\n}\n\n");
const QString kGiftAfter = QStringLiteral("\nWhich sampler splits a dataset between ranks? {\n=DistributedSampler\n~SequentialSampler\n}\n");
const QString kAikenBefore = QStringLiteral("What does prefetch_factor count?\nA. Batches in flight per worker\nB. Samples per batch\nANSWER: A\n\n");
const QString kAikenAfter = QStringLiteral("\nWhat does persistent_workers keep?\nA. The worker processes between epochs\nB. The sampler's order\nANSWER: A\n");

} // namespace

class TestQuestions : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void seedFile();
    void ownFiles_data();
    void ownFiles();
    void roundTrip_data();
    void roundTrip();
    void broken_data();
    void broken();
    void lessonKeywords();
    void notText_data();
    void notText();
    void checkCommand();
    void settingsKeepTheBank();

private:
    LessonLibrary m_library;
};

void TestQuestions::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // the settings go to a test folder, not the user's
    QSettings().clear();
    QVERIFY(m_library.load());
    QCOMPARE(m_library.lessons().size(), 13);
}

void TestQuestions::seedFile()
{
    if (!QFile::exists(kSeed))
        QSKIP("the seed file is not beside the repository (../shared/seeds)");
    const ParsedQuestions p = QuestionBank::parseFile(kSeed, QuestionFormat::Auto, m_library.lessons());
    QVERIFY2(p.problems.isEmpty(), qPrintable(problemsOf(p)));
    QCOMPARE(p.format, QuestionFormat::Workshop);
    QCOMPARE(p.questions.size(), 6);
    // Read by hand: the right answers, the lessons whose experiments show them, and where each
    // answer and explanation starts and ends (the file breaks some answers over lines, and puts
    // some letters at a line's end or right after the previous answer's ✓).
    struct Expected { int line, answer, difficulty; const char* lesson; const char* rightStarts; const char* rightEnds; const char* explanationStarts; };
    const Expected expected[] = {
        {2, 0, 1, "num_workers_0", "Veri yükleme ve örnek başına", "ana process içinde çalışır.", "num_workers=0 ile DataLoader"},
        {9, 1, 1, "num_workers_4", "Batch'leri paralel olarak", "4 ayrı worker process başlatır.", "num_workers=N (N>0)"},
        {16, 2, 1, "map_vs_iterable", "__getitem__ ve __len__", "dataset'in boyutu bilinir.", "Bir map-style dataset"},
        {24, 3, 1, "map_vs_iterable", "__iter__'i uygular", "örnekleri tek tek verir.", "IterableDataset alt sınıfları"},
        {32, 0, 2, "pin_memory", "Batch tensörlerini sayfa-kilitli", "asenkron aktarımı hızlandırır.", "Sayfa-kilitli (pinned) bellek"},
        {39, 1, 1, "fork_vs_spawn", "multiprocessing modülü tarafından", "OS process'leridir.", "DataLoader worker'ları Python'un multiprocessing'i"},
    };
    for (int i = 0; i < 6; ++i) {
        const BankQuestion& q = p.questions[i];
        const Expected& e = expected[i];
        QCOMPARE(q.line, e.line);
        QCOMPARE(q.topic, QStringLiteral("Aipy Data Pipeline Dataloader"));
        QCOMPARE(q.options.size(), 4);
        QCOMPARE(q.answer, e.answer);
        QCOMPARE(q.difficulty, e.difficulty);
        QCOMPARE(q.lesson, QString::fromUtf8(e.lesson));
        QVERIFY2(q.options[q.answer].startsWith(QString::fromUtf8(e.rightStarts)), qPrintable(q.options[q.answer]));
        QVERIFY2(q.options[q.answer].endsWith(QString::fromUtf8(e.rightEnds)), qPrintable(q.options[q.answer]));
        QVERIFY2(q.explanation.startsWith(QString::fromUtf8(e.explanationStarts)), qPrintable(q.explanation));
        for (const QString& o : q.options) {
            QVERIFY2(!o.contains(QChar(0x2713)) && !o.contains(QLatin1String(" - ")), qPrintable(o));
            QVERIFY(!o.isEmpty());
        }
    }
    // The answers the file splits oddly, whole.
    QCOMPARE(p.questions[2].options[0], QStringLiteral("__iter__ ve __next__, böylece DataLoader örnekleri tek tek stream edebilir. Bu, pipeline'ın "
                                                       "gerçekte nasıl çalıştığına dair makul görünen ama sonuçta yanlış bir zihinsel modeli yansıtır."));
    QCOMPARE(p.questions[5].options[2], QStringLiteral("Tamamen DataLoader'ın kendi event loop'u içinde yönetilen hafif green thread'lerdir."));
    QVERIFY(p.questions[4].explanation.endsWith(QStringLiteral("(b), (c) ve (d), pin_memory'nin uygulamadığı mekanizmaları anlatıyor.")));
}

void TestQuestions::ownFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("format");
    QTest::addColumn<QStringList>("lessons");
    QTest::addColumn<QString>("answers");
    QTest::newRow("workshop") << QStringLiteral("workshop_own.txt") << int(QuestionFormat::Workshop)
                              << QStringList{QStringLiteral("prefetch_factor"), QStringLiteral("persistent_workers"), QStringLiteral("in_order")} << QStringLiteral("baa");
    QTest::newRow("gift") << QStringLiteral("gift_own.gift") << int(QuestionFormat::Gift)
                          << QStringList{QStringLiteral("batch_size_drop_last"), QStringLiteral("distributed_sampler"), QStringLiteral("timeout_and_death")}
                          << QStringLiteral("bac");
    QTest::newRow("aiken") << QStringLiteral("aiken_own.txt") << int(QuestionFormat::Aiken)
                           << QStringList{QStringLiteral("copy_on_read"), QStringLiteral("pin_memory"), QStringLiteral("prefetch_factor")} << QStringLiteral("baa");
}

void TestQuestions::ownFiles()
{
    QFETCH(QString, file);
    QFETCH(int, format);
    QFETCH(QStringList, lessons);
    QFETCH(QString, answers);
    const ParsedQuestions p = QuestionBank::parseFile(kFixtures + file, QuestionFormat::Auto, m_library.lessons());
    QVERIFY2(p.problems.isEmpty(), qPrintable(problemsOf(p)));
    QCOMPARE(int(p.format), format);
    QCOMPARE(p.questions.size(), lessons.size());
    for (int i = 0; i < p.questions.size(); ++i) {
        QCOMPARE(p.questions[i].lesson, lessons[i]);
        QCOMPARE(QChar(u'a' + p.questions[i].answer), answers[i]);
    }
    if (file == QLatin1String("gift_own.gift")) {
        const BankQuestion& q = p.questions[0];
        QCOMPARE(q.text, QStringLiteral("A map-style dataset has 100 samples, batch_size=32 and drop_last=True. How many batches does an epoch have?"));
        QCOMPARE(q.feedback[1], QStringLiteral("100 // 32 = 3: the incomplete last batch is dropped."));
        QCOMPARE(q.feedback[2], QString());
        QCOMPARE(q.topic, QStringLiteral("Batches and ranks"));
        QCOMPARE(p.questions[1].difficulty, 3);
        QCOMPARE(p.questions[1].text, QStringLiteral("With 10 samples, num_replicas=4 and no shuffle, DistributedSampler gives rank 3 _____ in one epoch."));
        QCOMPARE(p.questions[2].topic, QStringLiteral("Failures"));
        QCOMPARE(p.questions[2].explanation, QStringLiteral("Only timeout>0 turns a hang into an error {\"DataLoader timed out\"}."));
    }
}

void TestQuestions::roundTrip_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("workshop") << kFixtures + QStringLiteral("workshop_own.txt");
    QTest::newRow("gift") << kFixtures + QStringLiteral("gift_own.gift");
    QTest::newRow("aiken") << kFixtures + QStringLiteral("aiken_own.txt");
    if (QFile::exists(kSeed))
        QTest::newRow("seed") << kSeed;
}

void TestQuestions::roundTrip()
{
    QFETCH(QString, path);
    const ParsedQuestions first = QuestionBank::parseFile(path, QuestionFormat::Auto, m_library.lessons());
    QVERIFY2(first.problems.isEmpty(), qPrintable(problemsOf(first)));
    QVERIFY(!first.questions.isEmpty());
    const QString gift = QuestionBank::toGift(first.questions);
    const ParsedQuestions second = QuestionBank::parse(gift, QuestionFormat::Auto, m_library.lessons());
    QVERIFY2(second.problems.isEmpty(), qPrintable(problemsOf(second) + QLatin1Char('\n') + gift));
    QCOMPARE(second.format, QuestionFormat::Gift);
    QString why;
    QVERIFY2(sameBank(first.questions, second.questions, &why), qPrintable(why));
    QCOMPARE(QuestionBank::toGift(second.questions), gift); // exporting again changes nothing
}

void TestQuestions::broken_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("broken");
    QTest::addColumn<QString>("after");
    QTest::addColumn<int>("lineInBroken"); ///< 1-based line of the fault within `broken`
    QTest::addColumn<bool>("beforeSurvives");
    const QString wb = kWorkshopBefore, wa = kWorkshopAfter, gb = kGiftBefore, ga = kGiftAfter, ab = kAikenBefore, aa = kAikenAfter;
    auto row = [](const char* name, const QString& b, const QString& x, const QString& a, int line, bool beforeSurvives = true) {
        QTest::newRow(name) << b << x << a << line << beforeSurvives;
    };
    // The workshop format
    row("w difficulty out of range", wb, QStringLiteral("Konu Zorluk 9\nSoru?\n- aA✓\n- bB\nAçıklama:E\n"), wa, 1);
    row("w difficulty missing", wb, QStringLiteral("Konu Zorluk\nSoru?\n- aA✓\n- bB\nAçıklama:E\n"), wa, 1);
    row("w no question", wb, QStringLiteral("Konu Zorluk 1\n- aA✓\n- bB\nAçıklama:E\n"), wa, 1);
    row("w no answers", wb, QStringLiteral("Konu Zorluk 1\nSoru?\nAçıklama:E\n"), wa, 3);
    row("w letters out of order", wb, QStringLiteral("Konu Zorluk 1\nSoru?\n- aA✓\n- cC\nAçıklama:E\n"), wa, 4);
    row("w one answer", wb, QStringLiteral("Konu Zorluk 1\nSoru?\n- aA✓\nAçıklama:E\n"), wa, 3);
    row("w no tick", wb, QStringLiteral("Konu Zorluk 1\nSoru?\n- aA\n- bB\nAçıklama:E\n"), wa, 3);
    row("w two ticks", wb, QStringLiteral("Konu Zorluk 1\nSoru?\n- aA✓\n- bB✓\nAçıklama:E\n"), wa, 3);
    row("w tick inside an answer", wb, QStringLiteral("Konu Zorluk 1\nSoru?\n- aA✓ ve daha\n- bB\nAçıklama:E\n"), wa, 3);
    row("w empty answer", wb, QStringLiteral("Konu Zorluk 1\nSoru?\n- aA✓\n- b\n- cC\nAçıklama:E\n"), wa, 4);
    row("w no explanation", wb, QStringLiteral("Konu Zorluk 1\nSoru?\n- aA✓\n- bB\n"), wa, 1);
    row("w empty explanation", wb, QStringLiteral("Konu Zorluk 1\nSoru?\n- aA✓\n- bB\nAçıklama:\n"), wa, 5);
    row("w topic line missing", wb, QStringLiteral("Soru?\n- aA✓\n- bB\nAçıklama:E\n"), wa, 2, false);
    row("w answer before any topic line", QString(), QStringLiteral("- aA✓\n"), wb + wa, 1);
    // Moodle GIFT
    row("g not closed", gb, QStringLiteral("Soru {\n=a\n~b\n"), ga, 1);
    row("g no right answer", gb, QStringLiteral("Soru {~a ~b}\n"), ga, 1);
    row("g two right answers", gb, QStringLiteral("Soru {=a =b ~c}\n"), ga, 1);
    row("g true/false", gb, QStringLiteral("Soru {T}\n"), ga, 1);
    row("g numerical", gb, QStringLiteral("Soru {#3:1}\n"), ga, 1);
    row("g matching", gb, QStringLiteral("Soru {\n=a -> 1\n=b -> 2\n}\n"), ga, 1);
    row("g weights", gb, QStringLiteral("Soru {~%50%a ~%50%b}\n"), ga, 1);
    row("g short answer", gb, QStringLiteral("Soru {=a}\n"), ga, 1);
    row("g essay", gb, QStringLiteral("Soru {}\n"), ga, 1);
    row("g no answers", gb, QStringLiteral("Just a sentence.\n"), ga, 1);
    row("g two answer blocks", gb, QStringLiteral("Soru {=a ~b}\nmore\n{=c ~d}\n"), ga, 3);
    row("g unknown lesson", gb, QStringLiteral("// loaderscope: lesson=no_such_lesson\nSoru {=a ~b}\n"), ga, 2);
    row("g difficulty out of range", gb, QStringLiteral("// loaderscope: difficulty=7\nSoru {=a ~b}\n"), ga, 1);
    row("g empty answer", gb, QStringLiteral("Soru {=a ~ }\n"), ga, 1);
    row("g text before the answers", gb, QStringLiteral("Soru {\nfoo\n=a\n~b\n}\n"), ga, 1);
    row("g title not closed", gb, QStringLiteral("::Başlık Soru {=a ~b}\n"), ga, 1);
    // Moodle Aiken
    row("a no ANSWER", ab, QStringLiteral("Soru?\nA. a\nB. b\n"), aa, 1);
    row("a ANSWER not an answer", ab, QStringLiteral("Soru?\nA. a\nB. b\nANSWER: C\n"), aa, 4);
    row("a ANSWER lower case", ab, QStringLiteral("Soru?\nA. a\nB. b\nANSWER: b\n"), aa, 4);
    row("a letters out of order", ab, QStringLiteral("Soru?\nA. a\nC. c\nANSWER: A\n"), aa, 3);
    row("a one answer", ab, QStringLiteral("Soru?\nA. a\nANSWER: A\n"), aa, 3);
    row("a two-line question", ab, QStringLiteral("Soru\ndevamı?\nA. a\nB. b\nANSWER: A\n"), aa, 2);
    row("a answer first", ab, QStringLiteral("A. a\nB. b\nANSWER: A\n"), aa, 1);
}

void TestQuestions::broken()
{
    QFETCH(QString, before);
    QFETCH(QString, broken);
    QFETCH(QString, after);
    QFETCH(int, lineInBroken);
    QFETCH(bool, beforeSurvives);
    const QString text = before + broken + after;
    const ParsedQuestions p = QuestionBank::parse(text, QuestionFormat::Auto, m_library.lessons());
    // One line-numbered problem, at the fault.
    QVERIFY2(p.problems.size() == 1, qPrintable(problemsOf(p)));
    QCOMPARE(p.problems[0].line, linesIn(before) + lineInBroken);
    QVERIFY(!p.problems[0].message.isEmpty());
    QVERIFY(QuestionBank::describe(p.problems[0]).contains(QString::number(p.problems[0].line)));
    // Nothing of the broken question is imported, and the good ones around it are whole.
    QVector<BankQuestion> good = QuestionBank::parse(beforeSurvives ? before + after : after, QuestionFormat::Auto, m_library.lessons()).questions;
    QString why;
    QVERIFY2(sameBank(p.questions, good, &why), qPrintable(why));
    QVERIFY(good.size() >= 1);
}

void TestQuestions::lessonKeywords()
{
    auto lessonOf = [this](const QString& text, const QString& right = {}, const QString& explanation = {}) {
        BankQuestion q;
        q.text = text;
        q.options = {right, QStringLiteral("x")};
        q.answer = 0;
        q.explanation = explanation;
        return QuestionBank::lessonFor(q, m_library.lessons());
    };
    QCOMPARE(lessonOf(QStringLiteral("What does num_workers = 0 do?")), QStringLiteral("num_workers_0"));
    QCOMPARE(lessonOf(QStringLiteral("A team sets num_workers=8.")), QStringLiteral("num_workers_4"));
    QCOMPARE(lessonOf(QStringLiteral("Why is spawn slower than fork?")), QStringLiteral("fork_vs_spawn"));
    QCOMPARE(lessonOf(QStringLiteral("What does in_order=False change?")), QStringLiteral("in_order"));
    QCOMPARE(lessonOf(QStringLiteral("What is a tensor?")), QString()); // no keyword: the instructor chooses
    // A tie (pin_memory and drop_last, once each in the question) is not guessed.
    QCOMPARE(lessonOf(QStringLiteral("pin_memory or drop_last?")), QString());
    // The question outweighs the explanation.
    QCOMPARE(lessonOf(QStringLiteral("What does prefetch_factor count?"), QStringLiteral("batches"), QStringLiteral("not pin_memory")),
             QStringLiteral("prefetch_factor"));
}

// Issue 46, item 6: a file with a NUL or bytes that are not UTF-8 is refused with the line, never
// read into the bank as replacement characters.
void TestQuestions::notText_data()
{
    QTest::addColumn<QByteArray>("bad");
    QTest::addColumn<QString>("says");
    QTest::newRow("NUL") << QByteArray("a\0b", 3) << QStringLiteral("NUL");
    QTest::newRow("Latin-1 ı") << QByteArray("p\xfdn_memory") << QStringLiteral("UTF-8");
    QTest::newRow("cut sequence") << QByteArray("\xc4") << QStringLiteral("UTF-8");
    QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << QStringLiteral("UTF-8");
    QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << QStringLiteral("UTF-8");
}

void TestQuestions::notText()
{
    QFETCH(QByteArray, bad);
    QFETCH(QString, says);
    QTemporaryDir dir;
    // A good GIFT question on lines 1-2, the bad bytes on line 4.
    const QByteArray text = "::q1:: Which knob pins memory? {=pin_memory ~num_workers ~timeout ~drop_last}\n\n"
                            "::q2:: Ba\xc5\x9fka bir soru? {=evet ~hay\xc4\xb1r}\n" // UTF-8 Turkish: fine
                            "::q3:: " + bad + " {=a ~b}\n";
    const QString path = dir.filePath(QStringLiteral("bad.gift"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
    f.close();
    const ParsedQuestions p = QuestionBank::parseFile(path, QuestionFormat::Auto, m_library.lessons());
    QVERIFY(p.questions.isEmpty());
    QCOMPARE(p.problems.size(), qsizetype(1));
    QCOMPARE(p.problems[0].line, 4);
    QVERIFY2(p.problems[0].message.contains(says), qPrintable(p.problems[0].message));
    // The same file without the bad bytes reads whole (Turkish letters are UTF-8).
    QFile g(path);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(text.left(text.indexOf("::q3::")));
    g.close();
    QCOMPARE(QuestionBank::parseFile(path, QuestionFormat::Auto, m_library.lessons()).questions.size(), qsizetype(2));
}

void TestQuestions::checkCommand()
{
    QTemporaryDir dir;
    const QString good = kFixtures + QStringLiteral("workshop_own.txt");
    const QString bad = writeText(dir, QStringLiteral("bad.gift"), kGiftBefore + QStringLiteral("Soru {~a ~b}\n") + kGiftAfter);
    auto run = [](const QStringList& args, QByteArray* out, QByteArray* err) {
        QProcess p;
        p.setProgram(QStringLiteral(LOADERSCOPE_GUI_PATH));
        p.setArguments(args);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY")); // headless: no window is needed
        env.remove(QStringLiteral("WAYLAND_DISPLAY"));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        p.setProcessEnvironment(env);
        p.start();
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished();
            return -1;
        }
        *out = p.readAllStandardOutput();
        *err = p.readAllStandardError();
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    };
    QByteArray out, err;
    QCOMPARE(run({QStringLiteral("--check-questions"), good}, &out, &err), 0);
    QVERIFY2(err.isEmpty(), err.constData());
    QJsonObject root = QJsonDocument::fromJson(out).object();
    QCOMPARE(root.value(QStringLiteral("format")).toString(), QStringLiteral("workshop"));
    const QJsonArray questions = root.value(QStringLiteral("questions")).toArray();
    QCOMPARE(questions.size(), 3);
    const QJsonObject q = questions[1].toObject();
    QCOMPARE(q.value(QStringLiteral("question")).toString(), QStringLiteral("persistent_workers=True epoch'lar arasında neyi korur?"));
    QCOMPARE(q.value(QStringLiteral("options")).toArray().size(), 4);
    QCOMPARE(q.value(QStringLiteral("answer")).toString(), QStringLiteral("a"));
    QCOMPARE(q.value(QStringLiteral("difficulty")).toInt(), 3);
    QCOMPARE(q.value(QStringLiteral("lesson")).toString(), QStringLiteral("persistent_workers"));
    QVERIFY(q.value(QStringLiteral("explanation")).toString().startsWith(QStringLiteral("persistent_workers=True ile")));
    QCOMPARE(root.value(QStringLiteral("problems")).toArray().size(), 0);

    // Malformed: exit status 2, "FILE:LINE: why" on stderr, the good questions still listed.
    QCOMPARE(run({QStringLiteral("--check-questions"), bad}, &out, &err), 2);
    const int line = linesIn(kGiftBefore) + 1;
    QVERIFY2(err.contains(QStringLiteral("%1:%2: ").arg(bad).arg(line).toUtf8()), err.constData());
    root = QJsonDocument::fromJson(out).object();
    QCOMPARE(root.value(QStringLiteral("questions")).toArray().size(), 2);
    QCOMPARE(root.value(QStringLiteral("problems")).toArray().at(0).toObject().value(QStringLiteral("line")).toInt(), line);
    // In Turkish, the message is Turkish (the same fault).
    QCOMPARE(run({QStringLiteral("--check-questions"), bad, QStringLiteral("--lang"), QStringLiteral("tr")}, &out, &err), 2);
    QVERIFY2(QString::fromUtf8(err).contains(QStringLiteral("doğru")), err.constData());
    // A file that cannot be read: status 1; one that holds no question: 2.
    QCOMPARE(run({QStringLiteral("--check-questions"), dir.filePath(QStringLiteral("missing.txt"))}, &out, &err), 1);
    QCOMPARE(run({QStringLiteral("--check-questions"), writeText(dir, QStringLiteral("empty.txt"), QStringLiteral("\n"))}, &out, &err), 2);
}

void TestQuestions::settingsKeepTheBank()
{
    const ParsedQuestions p = QuestionBank::parseFile(kFixtures + QStringLiteral("gift_own.gift"), QuestionFormat::Auto, m_library.lessons());
    QCOMPARE(p.questions.size(), 3);
    AppSettings::setQuestionBank(QuestionBank::toJson(p.questions));
    QString why;
    QVERIFY2(sameBank(QuestionBank::fromJson(AppSettings::questionBank()), p.questions, &why), qPrintable(why));
    // A hand-edited entry that is no question any more is dropped, not shown half.
    QJsonArray edited = QuestionBank::toJson(p.questions);
    QJsonObject broken = edited[0].toObject();
    broken[QStringLiteral("answer")] = QStringLiteral("z");
    edited[0] = broken;
    QCOMPARE(QuestionBank::fromJson(edited).size(), 2);
    AppSettings::setQuestionBank({});
}

QTEST_MAIN(TestQuestions)
#include "tst_questions.moc"

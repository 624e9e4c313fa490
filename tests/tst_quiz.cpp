// SPDX-License-Identifier: MIT
// The question bank in the app (issue 47 and before): the import dialog (a large bank too), the
// imported questions in their lesson's quiz, wrapped to their full height, kept across a language
// switch, and the class quiz. The bank's files and formats: tst_questions.
#include "common/model/appsettings.h"
#include "common/model/translator.h"
#include "workshop/classquiz.h"
#include "workshop/lessonspanel.h"
#include "app/mainwindow.h"
#include "workshop/questionbankactions.h"
#include "workshop/questionimportdialog.h"
#include "questiontest.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace questiontest;

class TestQuiz : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void importDialog();
    void importDialogLargeBank();
    void quizShowsImported();
    void quizWrapsToFullHeight();
    void languageSwitchKeepsBank();
    void classQuiz();

private:
    LessonLibrary m_library;
};

void TestQuiz::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // the settings go to a test folder, not the user's
    QSettings().clear();
    QVERIFY(m_library.load());
    QCOMPARE(m_library.lessons().size(), 13);
}

void TestQuiz::importDialog()
{
    QuestionImportDialog d(m_library.lessons(), kFixtures + QStringLiteral("aiken_own.txt"));
    QCOMPARE(d.parsed().questions.size(), 3);
    QCOMPARE(d.questions().size(), 3);
    d.setLesson(1, -1); // the instructor takes a question's lesson away: it is not imported
    QCOMPARE(d.questions().size(), 2);
    d.setLesson(1, 0); // or chooses another: lesson 1
    QCOMPARE(d.questions().at(1).lesson, QStringLiteral("num_workers_0"));
    // Read as the wrong format, the file gives problems and nothing to import.
    d.setFormat(QuestionFormat::Gift);
    QVERIFY(d.questions().isEmpty());
    QVERIFY(!d.parsed().problems.isEmpty());
}

void TestQuiz::importDialogLargeBank()
{
    // A bank of 20,000 GIFT questions (past kReadAsideBytes): read on a thread of its own while
    // the dialog says so, then one model row each and no widget per row (a combo box per row made
    // a 100,000-question bank unusable).
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("large.gift"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int i = 0; i < 20000; ++i)
            f.write(QStringLiteral("What does pin_memory change in run %1?{=page-locked batches ~the step ~the GPU ~nothing}\n\n").arg(i).toUtf8());
    }
    QVERIFY(QFileInfo(path).size() > QuestionImportDialog::kReadAsideBytes);
    QuestionImportDialog d(m_library.lessons(), path);
    QVERIFY(d.reading());
    QVERIFY(d.parsed().questions.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!d.reading(), 60000);
    QCOMPARE(d.parsed().questions.size(), 20000);
    QCOMPARE(d.questions().size(), 20000); // pin_memory: each found its lesson
    QVERIFY2(d.findChildren<QComboBox*>().size() <= 2, "a widget per row");
    d.setLesson(19999, -1);
    QCOMPARE(d.questions().size(), 19999);
    QPushButton* ok = d.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    QCOMPARE(ok->text(), QStringLiteral("Import (19999)"));
}

void TestQuiz::quizShowsImported()
{
    LessonsPanel panel;
    const ParsedQuestions p = QuestionBank::parseFile(kFixtures + QStringLiteral("workshop_own.txt"), QuestionFormat::Auto, m_library.lessons());
    panel.setImportedQuestions(p.questions);
    int lesson = -1;
    for (int i = 0; i < m_library.lessons().size(); ++i)
        if (m_library.lessons()[i].id == QLatin1String("persistent_workers"))
            lesson = i;
    panel.setCurrentLesson(lesson);
    QCOMPARE(panel.quiz().size(), 2);
    QVERIFY(!panel.quiz()[0].imported);
    QVERIFY(panel.quiz()[1].imported);
    panel.setCurrentQuestion(1);
    QCOMPARE(panel.questionText(), p.questions[1].text);
    QVERIFY(!panel.answer(1)); // wrong: another go
    QVERIFY(panel.resultText().contains(QStringLiteral("Try again")));
    QVERIFY(panel.answer(0));
    QVERIFY(panel.resultText().contains(p.questions[1].explanation));
    // A lesson without imported questions has its own question only.
    panel.setCurrentLesson(0);
    QCOMPARE(panel.quiz().size(), 1);
}

void TestQuiz::quizWrapsToFullHeight()
{
    // A narrow lessons pane with large type: every question, answer and result label of every
    // lesson's quiz (its own question and the seed's or our own) gets the height its wrapped text
    // needs, and the quiz never scrolls sideways.
    LessonsPanel panel;
    QFont large = panel.font();
    large.setPointSizeF(large.pointSizeF() * 1.6);
    panel.setFont(large);
    const QString file = QFile::exists(kSeed) ? kSeed : kFixtures + QStringLiteral("workshop_own.txt");
    panel.setImportedQuestions(QuestionBank::parseFile(file, QuestionFormat::Auto, m_library.lessons()).questions);
    panel.resize(380, 560);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* scroll = panel.findChild<QScrollArea*>(QStringLiteral("quizScroll"));
    QVERIFY(scroll);
    int checked = 0;
    for (int lesson = 0; lesson < m_library.lessons().size(); ++lesson) {
        panel.setCurrentLesson(lesson);
        for (int k = 0; k < panel.quiz().size(); ++k) {
            panel.setCurrentQuestion(k);
            panel.answer(panel.quiz()[k].answer); // the result, with every answer's why
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            QCoreApplication::processEvents();
            for (const QLabel* label : scroll->widget()->findChildren<QLabel*>()) {
                if (!label->isVisible() || !label->wordWrap() || label->text().isEmpty())
                    continue;
                QVERIFY2(label->height() >= label->heightForWidth(label->width()),
                         qPrintable(QStringLiteral("lesson %1 question %2: %3 px for %4 px of text: %5")
                                        .arg(lesson + 1).arg(k + 1).arg(label->height()).arg(label->heightForWidth(label->width())).arg(label->text().left(80))));
                ++checked;
            }
            QVERIFY2(scroll->widget()->width() <= scroll->viewport()->width(), qPrintable(QStringLiteral("%1 > %2").arg(scroll->widget()->width()).arg(scroll->viewport()->width())));
        }
    }
    QVERIFY(checked > 13 * 5);
}

void TestQuiz::languageSwitchKeepsBank()
{
    Translator translator;
    translator.setLanguage(QStringLiteral("en"));
    MainWindow w(&translator);
    const ParsedQuestions p = QuestionBank::parseFile(kFixtures + QStringLiteral("aiken_own.txt"), QuestionFormat::Auto, m_library.lessons());
    w.questionBank()->clear();
    QCOMPARE(w.questionBank()->add(p.questions), 3);
    QCOMPARE(w.questionBank()->add(p.questions), 0); // the same questions are not added twice
    int lesson = -1;
    for (int i = 0; i < m_library.lessons().size(); ++i)
        if (m_library.lessons()[i].id == QLatin1String("prefetch_factor"))
            lesson = i;
    w.showLesson(lesson);
    w.lessonsPanel()->setCurrentQuestion(1);
    const QString ownEnglish = w.lessonsPanel()->quiz()[0].question;
    QVERIFY(translator.setLanguage(QStringLiteral("tr")));
    QCoreApplication::processEvents();
    QCOMPARE(w.lessonsPanel()->quiz().size(), 2);
    QCOMPARE(w.lessonsPanel()->currentQuestion(), 1); // still on the imported question
    QCOMPARE(w.lessonsPanel()->questionText(), p.questions[2].text);
    QVERIFY(w.lessonsPanel()->quiz()[0].question != ownEnglish); // the lesson's own now in Turkish
    QCOMPARE(w.questionBank()->bank().size(), 3);
    // Exported and read back: the same bank.
    QTemporaryDir dir;
    QString error;
    QVERIFY2(w.questionBank()->exportTo(dir.filePath(QStringLiteral("bank.gift")), &error), qPrintable(error));
    const ParsedQuestions back = QuestionBank::parseFile(dir.filePath(QStringLiteral("bank.gift")), QuestionFormat::Auto, m_library.lessons());
    QString why;
    QVERIFY2(sameBank(back.questions, w.questionBank()->bank(), &why), qPrintable(why));
    // And a window opened later finds it in the settings.
    MainWindow later(&translator);
    QCOMPARE(later.questionBank()->bank().size(), 3);
    later.questionBank()->clear();
    translator.setLanguage(QStringLiteral("en"));
}

void TestQuiz::classQuiz()
{
    const ParsedQuestions p = QuestionBank::parseFile(kFixtures + QStringLiteral("aiken_own.txt"), QuestionFormat::Auto, m_library.lessons());
    ClassQuiz quiz(m_library.lessons(), p.questions);
    quiz.resize(1280, 720);
    quiz.show();
    QVERIFY(QTest::qWaitForWindowExposed(&quiz));
    QCOMPARE(quiz.count(), 13 + 3); // every lesson's own question and the three imported
    const Lesson& first = m_library.lessons()[0];
    int right = -1;
    for (int k = 0; k < first.options.size(); ++k)
        if (first.options[k].correct)
            right = k;
    quiz.setCurrent(0);
    QCOMPARE(quiz.questionText(), LessonLibrary::text(first.question));
    for (int k = 0; k < 4; ++k)
        QVERIFY(!quiz.markedRight(k)); // the class answers first
    QVERIFY(quiz.explanationText().isEmpty());
    QTest::keyClick(&quiz, Qt::Key_Space); // the answer
    QCOMPARE(quiz.step(), 1);
    for (int k = 0; k < 4; ++k)
        QCOMPARE(quiz.markedRight(k), k == right);
    QVERIFY(quiz.explanationText().isEmpty());
    quiz.advance(); // the explanation
    QVERIFY(quiz.explanationText().contains(LessonLibrary::text(first.quizExplanation)));
    // "Show me" runs the lesson's experiment, the quiz stepping aside.
    QSignalSpy showMe(&quiz, &ClassQuiz::showMe);
    QPushButton* button = nullptr;
    for (QPushButton* b : quiz.findChildren<QPushButton*>())
        if (b->text() == QLatin1String("Show me"))
            button = b;
    QVERIFY(button && button->isEnabled());
    button->click();
    QCOMPARE(showMe.size(), 1);
    QCOMPARE(showMe.at(0).at(0).toInt(), 0);
    QVERIFY(quiz.isHidden());
    quiz.show();
    quiz.advance(); // the next question, from its start
    QCOMPARE(quiz.current(), 1);
    QCOMPARE(quiz.step(), 0);
    // Lesson by lesson: lessons 1-6 hold 6 own questions and the imported pin_memory one, so the
    // prefetch_factor lesson's own is the 8th and its imported one the 9th.
    quiz.setCurrent(8);
    QCOMPARE(quiz.questionText(), p.questions[2].text);
    quiz.advance();
    QVERIFY(quiz.markedRight(0));
    QVERIFY(!quiz.markedRight(1));
    QTest::keyClick(&quiz, Qt::Key_Left);
    QCOMPARE(quiz.step(), 0);
    // Large type: the question reads at about twice the app's size.
    QLabel* question = nullptr;
    for (QLabel* l : quiz.findChildren<QLabel*>())
        if (l->text() == p.questions[2].text)
            question = l;
    QVERIFY(question);
    QVERIFY(question->font().pointSizeF() >= 1.9 * quiz.font().pointSizeF());
}

QTEST_MAIN(TestQuiz)
#include "tst_quiz.moc"

// SPDX-License-Identifier: MIT
// Workshop mode: a lesson's explanation, its experiment (one click), what to look for, and its quiz
// question with "Check" and "Show me". Texts follow the UI language (English or Turkish). The
// instructor's imported questions about a lesson follow its own question in its quiz.
#pragma once

#include "workshop/model/lessons.h"
#include "workshop/model/questionbank.h"

#include <QWidget>

#include <functional>

class QButtonGroup;
class QComboBox;
class QGroupBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QRadioButton;
class QScrollArea;
class QSplitter;
class QTextBrowser;
class QToolButton;

class LessonsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LessonsPanel(QWidget* parent = nullptr);
    const LessonLibrary& library() const { return m_library; }
    int currentLesson() const;
    /// Puts the window's slow-motion label and control under "Run the experiment" (the window
    /// keeps owning what they mean).
    void placeSlowMotion(QWidget* label, QWidget* control);
    void setCurrentLesson(int index);
    /// The lesson's experiment has run: from now until another lesson is chosen, its quiz comes
    /// first (whole, where the panel can hold it), the lesson's text gets the rest.
    void setQuizFirst(bool first);
    /// The instructor's questions (Lessons ▸ Import questions): each shows in its lesson's quiz.
    void setImportedQuestions(const QVector<BankQuestion>& bank);
    /// The current lesson's quiz: its own question, then the imported ones (tests).
    const QVector<QuizItem>& quiz() const { return m_quiz; }
    int currentQuestion() const { return m_quizIndex; }
    void setCurrentQuestion(int index);
    QString questionText() const;
    /// Selects option `option` and checks it; true if it is the right answer.
    bool answer(int option);
    /// The HTML shown after checking (tests).
    QString resultText() const;
    QString explanationText() const;
    /// Where "Show me" of lesson `lesson` stands (its progress or its result; `text` is called again
    /// on a language switch); `running`: the Show me button cancels it meanwhile.
    void setShowMeStatus(int lesson, std::function<QString()> text, bool running);
    /// The status shown under the lesson (tests); empty when it is about another lesson.
    QString showMeStatus() const;

signals:
    /// Run lesson `index`'s experiment (the Run button).
    void runExperiment(int index);
    /// "Show me": the experiment and the one it is contrasted with, shown stacked (or the
    /// experiment alone when the lesson names no contrast).
    void showMe(int index);
    /// The Show me button pressed while "Show me" runs.
    void cancelShowMe();

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    /// The quiz's scroll area and its content: a new width or a new layout fits the quiz again.
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void retranslate();
    /// The quiz box: its header, question, answers, buttons and result, in a vertical scroll.
    void buildQuiz(QWidget* parent);
    /// The current lesson; `keepQuestion`: stay on the quiz question shown (a language switch).
    void showLesson(bool keepQuestion = false);
    void showQuestion();
    /// The quiz as tall as it needs (no scrolling), the lesson's text the rest (it scrolls): on
    /// a projector the question and its answers are what the room reads after the experiment.
    /// Soon after a change (the labels' new heights need a layout pass first).
    void fitQuiz();
    void fitQuizNow();
    /// The quiz's height at `width` in the largest type that fits `room` px (see the .cpp).
    int fitQuizType(QWidget* content, int width, int room);
    /// The verdict below the answers (rich text; hidden when empty).
    void setResult(const QString& html);
    
    void updateShowMeStatus();
    void resetAnswer();
    void check();
    /// After a wrong answer: the choices open again, the answer stays hidden.
    void tryAgain();
    /// Every option's why and the explanation.
    void reveal();

    LessonLibrary m_library;
    QComboBox* m_list;
    QTextBrowser* m_text;
    QPushButton* m_run;
    QHBoxLayout* m_slowRow;
    QVector<BankQuestion> m_bank;
    QVector<QuizItem> m_quiz;   ///< the current lesson's
    int m_quizIndex = 0;
    QSplitter* m_split;
    QScrollArea* m_quizScroll;
    bool m_fitQueued = false;
    bool m_showResult = false; ///< the next fit scrolls the verdict into view
    bool m_fitType = true; ///< the next fit chooses the quiz's type again (fitQuizType)
    bool m_quizFirst = false; ///< setQuizFirst's; before the experiment the text has 5/9 of the panel
    QGroupBox* m_quizBox;
    QLabel* m_quizTitle;
    QLabel* m_quizCount;
    QToolButton* m_previousQuestion;
    QToolButton* m_nextQuestion;
    QLabel* m_question;
    QRadioButton* m_options[QuestionBank::kMaxOptions];
    QLabel* m_optionLabels[QuestionBank::kMaxOptions];
    QButtonGroup* m_group;
    QPushButton* m_check;
    QPushButton* m_showMe;
    QPushButton* m_tryAgain;
    QPushButton* m_reveal;
    QWidget* m_questionPart; ///< the question, its answers and Check (the type is fitted to them)
    QLabel* m_result; ///< the verdict, each answer's why and the explanation (rich text, wrapped)
    QLabel* m_showMeStatus; ///< "Show me"'s progress, or its medians, spread and verdict
    int m_showMeLesson = -1;
    std::function<QString()> m_showMeText;
    bool m_showMeRunning = false;
};

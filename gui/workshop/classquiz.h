// SPDX-License-Identifier: MIT
// Lessons ▸ Class quiz: the quiz for a projector. Full screen, large type, one question at a time
// (every lesson's own question, then the instructor's imported ones, lesson by lesson); the class
// answers aloud, then the instructor reveals the right answer, then the explanation, then "Show me"
// runs the lesson's experiment in the main window (the quiz steps aside and comes back where it
// was). GUI thread only.
#pragma once

#include "workshop/model/questionbank.h"

#include <QWidget>

class QLabel;
class QPushButton;

class ClassQuiz : public QWidget
{
    Q_OBJECT
public:
    /// The questions of every lesson of `lessons` (QuestionBank::quizOf with `bank`).
    ClassQuiz(const QVector<Lesson>& lessons, const QVector<BankQuestion>& bank, QWidget* parent = nullptr);

    int count() const { return int(m_items.size()); }
    int current() const { return m_current; }
    /// 0 the question, 1 the right answer shown, 2 the explanation shown too.
    int step() const { return m_step; }
    void setCurrent(int index);
    /// The next step: the answer, then the explanation, then the next question.
    void advance();
    void back();
    /// The texts shown (tests): the question, each answer, the explanation.
    QString questionText() const;
    QString answerText(int option) const;
    /// Whether option `option` is marked as the right one.
    bool markedRight(int option) const;
    QString explanationText() const;

signals:
    /// Run lesson `lesson`'s experiment and its contrast ("Show me").
    void showMe(int lesson);

protected:
    void changeEvent(QEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;

private:
    struct Entry
    {
        int lesson;
        QuizItem item;
    };
    void build();
    void display(int index, int step);
    void retranslate();

    QVector<Lesson> m_lessons;
    QVector<BankQuestion> m_bank;
    QVector<Entry> m_items;
    int m_current = 0;
    int m_step = 0;
    QLabel* m_lesson;
    QLabel* m_count;
    QLabel* m_question;
    QVector<QLabel*> m_answers;
    QLabel* m_explanation;
    QPushButton* m_previous;
    QPushButton* m_next;
    QPushButton* m_showMe;
    QPushButton* m_close;
};

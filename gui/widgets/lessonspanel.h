// SPDX-License-Identifier: MIT
// Workshop mode: a lesson's explanation, its experiment (one click), what to look for, and its quiz
// question with "Check" and "Show me". Texts follow the UI language (English or Turkish).
#pragma once

#include "core/lessons.h"

#include <QWidget>

class QButtonGroup;
class QComboBox;
class QLabel;
class QPushButton;
class QRadioButton;
class QTextBrowser;

class LessonsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LessonsPanel(QWidget* parent = nullptr);
    const LessonLibrary& library() const { return m_library; }
    int currentLesson() const;
    void setCurrentLesson(int index);
    /// Selects option `option` and checks it; true if it is the right answer.
    bool answer(int option);
    /// The HTML shown after checking (tests).
    QString resultText() const;
    QString explanationText() const;

signals:
    /// Run lesson `index`'s experiment (the Run button).
    void runExperiment(int index);
    /// "Show me": the experiment and the one it is contrasted with, shown stacked (or the
    /// experiment alone when the lesson names no contrast).
    void showMe(int index);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    void showLesson();
    void check();
    /// After a wrong answer: the choices open again, the answer stays hidden.
    void tryAgain();
    /// Every option's why and the explanation.
    void reveal();

    LessonLibrary m_library;
    QComboBox* m_list;
    QTextBrowser* m_text;
    QPushButton* m_run;
    QLabel* m_quizTitle;
    QLabel* m_question;
    QRadioButton* m_options[4];
    QLabel* m_optionLabels[4];
    QButtonGroup* m_group;
    QPushButton* m_check;
    QPushButton* m_showMe;
    QPushButton* m_tryAgain;
    QPushButton* m_reveal;
    QTextBrowser* m_result;
};

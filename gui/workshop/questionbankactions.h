// SPDX-License-Identifier: MIT
// The instructor's question bank in the window: Lessons ▸ Import questions… (a file, then the
// import dialog), Export questions… (GIFT) and Remove imported questions. The bank is kept in the
// settings (AppSettings::questionBank) as soon as it changes and shown in the lessons' quizzes; a
// language switch leaves it as it is. GUI thread only.
#pragma once

#include "workshop/model/questionbank.h"

#include <QObject>
#include <QPointer>

#include <functional>

class ClassQuiz;
class LessonsPanel;
class QWidget;

class QuestionBankActions : public QObject
{
    Q_OBJECT
public:
    /// `status`: shows a line in the status bar.
    QuestionBankActions(LessonsPanel* panel, QWidget* window, std::function<void(const QString&)> status);

    const QVector<BankQuestion>& bank() const { return m_bank; }

    void askImport();
    void askExport();
    void askClear();
    /// Lessons ▸ Class quiz: full screen, on the question it was left at (the first at first).
    void openClassQuiz();
    ClassQuiz* classQuiz() const;

    /// Adds `questions` to the bank (a question already in it is not added twice), saves and shows
    /// it. Returns how many were added.
    int add(const QVector<BankQuestion>& questions);
    /// Writes the bank as GIFT to `path`. False with `error`.
    bool exportTo(const QString& path, QString* error) const;
    void clear();

signals:
    /// The class quiz's "Show me": run lesson `lesson`'s experiment and its contrast.
    void showMe(int lesson);

private:
    void store();

    LessonsPanel* m_panel;
    QWidget* m_window;
    std::function<void(const QString&)> m_status;
    QVector<BankQuestion> m_bank;
    QPointer<ClassQuiz> m_classQuiz; ///< kept while hidden ("Show me"); rebuilt when the bank changes
};

// SPDX-License-Identifier: MIT
// Lessons ▸ Import questions…: what a question file holds before it joins the bank. Each question
// with its right answer, difficulty and the lesson its keywords point at (the instructor can choose
// another, or one where none was found); each malformed question with its line and fault. Reading
// is QuestionBank::parse (gui/core); this dialog only shows it and takes the lesson choices.
#pragma once

#include "core/questionbank.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QTableWidget;

class QuestionImportDialog : public QDialog
{
    Q_OBJECT
public:
    QuestionImportDialog(const QVector<Lesson>& lessons, const QString& path, QWidget* parent = nullptr);
    /// The questions to import: those with a lesson, each with the lesson chosen in its row.
    QVector<BankQuestion> questions() const;
    /// The file as read (tests).
    const ParsedQuestions& parsed() const { return m_parsed; }
    /// Row `row`'s lesson: index into the lessons, -1 for none (tests).
    void setLesson(int row, int lesson);
    /// Reads the file again in `format` (the format box).
    void setFormat(QuestionFormat format);

private:
    void read();
    void fillTable();
    void updateSummary();
    int lessonIndex(const QString& id) const;
    QComboBox* lessonBox(int row) const;

    QVector<Lesson> m_lessons;
    QString m_path;
    QuestionFormat m_format = QuestionFormat::Auto;
    ParsedQuestions m_parsed;
    QComboBox* m_formatBox;
    QLabel* m_summary;
    QTableWidget* m_table;
    QLabel* m_problemsTitle;
    QPlainTextEdit* m_problems;
    QDialogButtonBox* m_buttons;
};

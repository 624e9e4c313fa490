// SPDX-License-Identifier: MIT
// Lessons ▸ Import questions…: what a question file holds before it joins the bank. Each question
// with its right answer, difficulty and the lesson its keywords point at (the instructor can choose
// another, or one where none was found); each malformed question with its line and fault. Reading
// is QuestionBank::parse (gui/core), on a thread of its own for a large file (a bank of 100,000
// questions), with a progress dialog; this dialog only shows it and takes the lesson choices. The
// table is a model (one row per question, the lesson chosen with a combo box only while edited),
// so a large bank costs its questions, not a widget per row. GUI thread.
#pragma once

#include "workshop/model/questionbank.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QTableView;
class QuestionTableModel;

class QuestionImportDialog : public QDialog
{
    Q_OBJECT
public:
    QuestionImportDialog(const QVector<Lesson>& lessons, const QString& path, QWidget* parent = nullptr);
    ~QuestionImportDialog() override;
    /// The questions to import: those with a lesson, each with the lesson chosen in its row.
    QVector<BankQuestion> questions() const;
    /// The file as read (tests); empty while a large file is still being read (reading()).
    const ParsedQuestions& parsed() const { return m_parsed; }
    /// A large file is being read on its own thread.
    bool reading() const { return m_reading; }
    /// Row `row`'s lesson: index into the lessons, -1 for none (tests).
    void setLesson(int row, int lesson);
    /// Reads the file again in `format` (the format box).
    void setFormat(QuestionFormat format);

    /// Files larger than this are read on a thread of their own, with a progress dialog (bytes).
    static constexpr qint64 kReadAsideBytes = 256 * 1024;

private:
    void read();
    void showParsed(ParsedQuestions parsed);
    void updateSummary();

    QVector<Lesson> m_lessons;
    QString m_path;
    QuestionFormat m_format = QuestionFormat::Auto;
    ParsedQuestions m_parsed;
    bool m_reading = false;
    quint64 m_readId = 0; ///< the latest read: an older one's result is dropped
    QComboBox* m_formatBox;
    QLabel* m_summary;
    QTableView* m_table;
    QuestionTableModel* m_model;
    QLabel* m_problemsTitle;
    QPlainTextEdit* m_problems;
    QDialogButtonBox* m_buttons;
};

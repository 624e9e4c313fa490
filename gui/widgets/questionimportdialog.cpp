// SPDX-License-Identifier: MIT
#include "questionimportdialog.h"
#include "wheelguard.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {
enum Column { Line, Question, Answer, Difficulty, LessonColumn, ColumnCount };
} // namespace

QuestionImportDialog::QuestionImportDialog(const QVector<Lesson>& lessons, const QString& path, QWidget* parent)
    : QDialog(parent), m_lessons(lessons), m_path(path)
{
    setWindowTitle(tr("Import questions"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    auto* file = new QLabel(QFileInfo(path).fileName(), this);
    file->setToolTip(path);
    form->addRow(tr("File:"), file);
    m_formatBox = new QComboBox(this);
    m_formatBox->addItem(tr("Recognised from the file"), int(QuestionFormat::Auto));
    m_formatBox->addItem(tr("Workshop text (\"Zorluk N\", ✓, \"Açıklama:\")"), int(QuestionFormat::Workshop));
    m_formatBox->addItem(tr("Moodle GIFT"), int(QuestionFormat::Gift));
    m_formatBox->addItem(tr("Moodle Aiken"), int(QuestionFormat::Aiken));
    form->addRow(tr("Format:"), m_formatBox);
    layout->addLayout(form);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setHorizontalHeaderLabels({tr("Line"), tr("Question"), tr("Right answer"), tr("Difficulty"), tr("Lesson")});
    m_table->setWordWrap(true);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QHeaderView* h = m_table->horizontalHeader();
    h->setSectionResizeMode(Line, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(Question, QHeaderView::Stretch);
    h->setSectionResizeMode(Answer, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(Difficulty, QHeaderView::ResizeToContents);
    // The question and the lesson share what is left; the question wraps, its rows growing to
    // their text whenever the columns change width.
    h->setSectionResizeMode(LessonColumn, QHeaderView::Stretch);
    connect(h, &QHeaderView::sectionResized, m_table, &QTableWidget::resizeRowsToContents);
    layout->addWidget(m_table, 3);

    m_problemsTitle = new QLabel(this);
    layout->addWidget(m_problemsTitle);
    m_problems = new QPlainTextEdit(this);
    m_problems->setReadOnly(true);
    m_problems->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_problems->setMaximumHeight(fontMetrics().lineSpacing() * 6);
    layout->addWidget(m_problems, 1);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_formatBox, &QComboBox::activated, this, [this] { setFormat(QuestionFormat(m_formatBox->currentData().toInt())); });

    read();
    // A projector's screen is small: the dialog never opens larger than the screen it is on.
    const QSize want(1000, 640);
    const QScreen* screen = parent ? parent->screen() : this->screen();
    resize(screen ? want.boundedTo(screen->availableGeometry().size() * 0.9) : want);
}

void QuestionImportDialog::setFormat(QuestionFormat format)
{
    m_format = format;
    m_formatBox->setCurrentIndex(std::max(0, m_formatBox->findData(int(format))));
    read();
}

void QuestionImportDialog::read()
{
    m_parsed = QuestionBank::parseFile(m_path, m_format, m_lessons);
    fillTable();
    QStringList lines;
    for (const QuestionProblem& p : m_parsed.problems)
        lines << QuestionBank::describe(p);
    m_problems->setPlainText(lines.join(QLatin1Char('\n')));
    m_problems->setVisible(!lines.isEmpty());
    m_problemsTitle->setVisible(!lines.isEmpty());
    m_problemsTitle->setText(tr("Malformed questions, skipped (%1); correct the file and import it again:").arg(lines.size()));
    updateSummary();
}

QComboBox* QuestionImportDialog::lessonBox(int row) const
{
    const QWidget* cell = m_table->cellWidget(row, LessonColumn);
    return cell ? cell->findChild<QComboBox*>() : nullptr;
}

int QuestionImportDialog::lessonIndex(const QString& id) const
{
    for (int i = 0; i < m_lessons.size(); ++i)
        if (m_lessons[i].id == id)
            return i;
    return -1;
}

void QuestionImportDialog::fillTable()
{
    m_table->setRowCount(int(m_parsed.questions.size()));
    for (int row = 0; row < m_parsed.questions.size(); ++row) {
        const BankQuestion& q = m_parsed.questions[row];
        auto item = [](const QString& text) {
            auto* i = new QTableWidgetItem(text);
            i->setToolTip(text);
            return i;
        };
        m_table->setItem(row, Line, item(QString::number(q.line)));
        m_table->setItem(row, Question, item(q.text));
        m_table->setItem(row, Answer, item(QStringLiteral("%1)").arg(QChar(u'a' + q.answer))));
        m_table->item(row, Answer)->setToolTip(q.options.value(q.answer));
        m_table->setItem(row, Difficulty, item(q.difficulty > 0 ? QString::number(q.difficulty) : tr("not given")));
        auto* cell = new QWidget(m_table);
        auto* cellLayout = new QVBoxLayout(cell);
        cellLayout->setContentsMargins(2, 2, 2, 2);
        auto* lesson = new QComboBox(cell);
        lesson->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        lesson->setMinimumContentsLength(20);
        WheelGuard::protect(lesson); // scrolling the table never reassigns a question
        cellLayout->addStretch(1); // centred in a tall row, as wide as the column
        cellLayout->addWidget(lesson);
        cellLayout->addStretch(1);
        lesson->addItem(tr("(choose a lesson)"));
        for (int i = 0; i < m_lessons.size(); ++i)
            lesson->addItem(tr("%1. %2").arg(i + 1).arg(LessonLibrary::text(m_lessons[i].title)));
        lesson->setCurrentIndex(lessonIndex(q.lesson) + 1);
        lesson->setToolTip(lesson->currentText());
        connect(lesson, &QComboBox::currentTextChanged, lesson, &QComboBox::setToolTip);
        connect(lesson, &QComboBox::currentIndexChanged, this, &QuestionImportDialog::updateSummary);
        m_table->setCellWidget(row, LessonColumn, cell);
    }
    m_table->resizeRowsToContents();
}

void QuestionImportDialog::setLesson(int row, int lesson)
{
    if (auto* box = lessonBox(row))
        box->setCurrentIndex(lesson + 1);
}

QVector<BankQuestion> QuestionImportDialog::questions() const
{
    QVector<BankQuestion> out;
    for (int row = 0; row < m_parsed.questions.size(); ++row) {
        const QComboBox* box = lessonBox(row);
        const int lesson = box ? box->currentIndex() - 1 : -1;
        if (lesson < 0)
            continue; // no lesson: it would show in no quiz
        BankQuestion q = m_parsed.questions[row];
        q.lesson = m_lessons[lesson].id;
        out << q;
    }
    return out;
}

void QuestionImportDialog::updateSummary()
{
    const int n = int(m_parsed.questions.size());
    const int ready = int(questions().size());
    QString text = tr("Questions read: %1 (%2).").arg(n).arg(m_formatBox->itemText(std::max(0, m_formatBox->findData(int(m_parsed.format)))));
    if (m_parsed.format == QuestionFormat::Auto)
        text = tr("No questions read.");
    if (ready < n)
        text += QLatin1Char(' ') + tr("Without a lesson: %1; a question is imported only with its lesson chosen.").arg(n - ready);
    m_summary->setText(text);
    QPushButton* ok = m_buttons->button(QDialogButtonBox::Ok);
    ok->setText(tr("Import (%1)").arg(ready));
    ok->setEnabled(ready > 0);
}

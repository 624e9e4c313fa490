// SPDX-License-Identifier: MIT
#include "questionimportdialog.h"
#include "common/wheelguard.h"

#include <QAbstractTableModel>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QScreen>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

#include <QHash>

#include <algorithm>
#include <thread>

namespace {
enum Column { Line, Question, Answer, Difficulty, LessonColumn, ColumnCount };
/// Above this many rows each keeps one line's height (a long question is elided, whole in its
/// tooltip): sizing 100,000 wrapped rows would freeze the dialog.
constexpr int kWrappedRowsAtMost = 2000;
} // namespace

/// The questions as rows, and the lesson chosen for each (index into the lessons, -1: none).
class QuestionTableModel : public QAbstractTableModel
{
public:
    QuestionTableModel(const QVector<Lesson>& lessons, QObject* parent) : QAbstractTableModel(parent), m_lessons(lessons) {}

    void reset(const QVector<BankQuestion>& questions, QVector<int> lessonOf)
    {
        beginResetModel();
        m_questions = questions;
        m_lessonOf = std::move(lessonOf);
        m_withLesson = int(std::count_if(m_lessonOf.begin(), m_lessonOf.end(), [](int l) { return l >= 0; }));
        endResetModel();
    }
    int lessonOf(int row) const { return m_lessonOf.value(row, -1); }
    int withLesson() const { return m_withLesson; }
    QString lessonTitle(int lesson) const
    {
        return lesson < 0 || lesson >= m_lessons.size() ? QuestionImportDialog::tr("(choose a lesson)")
                                                        : QuestionImportDialog::tr("%1. %2").arg(lesson + 1).arg(LessonLibrary::text(m_lessons[lesson].title));
    }
    int lessonCount() const { return int(m_lessons.size()); }

    int rowCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : int(m_questions.size()); }
    int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex& index, int role) const override
    {
        if (!index.isValid() || index.row() >= m_questions.size())
            return {};
        const BankQuestion& q = m_questions[index.row()];
        if (index.column() == LessonColumn && role == Qt::EditRole)
            return m_lessonOf[index.row()];
        if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
            return {};
        switch (index.column()) {
        case Line:
            return QString::number(q.line);
        case Question:
            return q.text;
        case Answer:
            return role == Qt::ToolTipRole ? q.options.value(q.answer) : QStringLiteral("%1)").arg(QChar(u'a' + q.answer));
        case Difficulty:
            return q.difficulty > 0 ? QString::number(q.difficulty) : QuestionImportDialog::tr("not given");
        case LessonColumn:
            return lessonTitle(m_lessonOf[index.row()]);
        default:
            return {};
        }
    }
    bool setData(const QModelIndex& index, const QVariant& value, int role) override
    {
        if (!index.isValid() || index.column() != LessonColumn || role != Qt::EditRole)
            return false;
        const int lesson = std::clamp(value.toInt(), -1, int(m_lessons.size()) - 1);
        int& current = m_lessonOf[index.row()];
        if (current == lesson)
            return true;
        m_withLesson += (lesson >= 0) - (current >= 0);
        current = lesson;
        emit dataChanged(index, index);
        return true;
    }
    Qt::ItemFlags flags(const QModelIndex& index) const override
    {
        Qt::ItemFlags f = Qt::ItemIsEnabled;
        if (index.column() == LessonColumn)
            f |= Qt::ItemIsEditable;
        return f;
    }
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
            return {};
        switch (section) {
        case Line:
            return QuestionImportDialog::tr("Line");
        case Question:
            return QuestionImportDialog::tr("Question");
        case Answer:
            return QuestionImportDialog::tr("Right answer");
        case Difficulty:
            return QuestionImportDialog::tr("Difficulty");
        case LessonColumn:
            return QuestionImportDialog::tr("Lesson");
        default:
            return {};
        }
    }
    const QVector<BankQuestion>& questions() const { return m_questions; }

private:
    QVector<Lesson> m_lessons;
    QVector<BankQuestion> m_questions;
    QVector<int> m_lessonOf;
    int m_withLesson = 0;
};

namespace {

/// The lesson column's editor: a combo box while the cell is edited (a click opens it), never
/// one per row.
class LessonDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex& index) const override
    {
        const auto* model = static_cast<const QuestionTableModel*>(index.model());
        auto* box = new QComboBox(parent);
        for (int i = -1; i < model->lessonCount(); ++i)
            box->addItem(model->lessonTitle(i));
        WheelGuard::protect(box); // scrolling the table never reassigns a question
        // A choice is final at once: the row shows it and the summary counts it.
        connect(box, &QComboBox::activated, this, [this, box] {
            auto* self = const_cast<LessonDelegate*>(this);
            emit self->commitData(box);
            emit self->closeEditor(box);
        });
        return box;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        static_cast<QComboBox*>(editor)->setCurrentIndex(index.data(Qt::EditRole).toInt() + 1);
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        model->setData(index, static_cast<QComboBox*>(editor)->currentIndex() - 1, Qt::EditRole);
    }
};

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

    m_model = new QuestionTableModel(m_lessons, this);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setItemDelegateForColumn(LessonColumn, new LessonDelegate(m_table));
    m_table->setWordWrap(true);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::AllEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QHeaderView* h = m_table->horizontalHeader();
    h->setSectionResizeMode(Line, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(Question, QHeaderView::Stretch);
    h->setSectionResizeMode(Answer, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(Difficulty, QHeaderView::ResizeToContents);
    // The question and the lesson share what is left; the question wraps, its rows growing to
    // their text whenever the columns change width (a bank of a few thousand at most).
    h->setSectionResizeMode(LessonColumn, QHeaderView::Stretch);
    connect(h, &QHeaderView::sectionResized, this, [this] {
        if (m_model->rowCount() <= kWrappedRowsAtMost)
            m_table->resizeRowsToContents();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &QuestionImportDialog::updateSummary);
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

QuestionImportDialog::~QuestionImportDialog() = default;

void QuestionImportDialog::setFormat(QuestionFormat format)
{
    m_format = format;
    m_formatBox->setCurrentIndex(std::max(0, m_formatBox->findData(int(format))));
    read();
}

void QuestionImportDialog::read()
{
    const quint64 id = ++m_readId;
    if (QFileInfo(m_path).size() <= kReadAsideBytes) {
        showParsed(QuestionBank::parseFile(m_path, m_format, m_lessons));
        return;
    }
    // A large bank: read on a thread of its own while a progress dialog says so (Cancel closes
    // the import; the reading thread's result is then dropped). It holds copies only.
    m_reading = true;
    m_parsed = {};
    m_model->reset({}, {});
    updateSummary();
    auto* progress = new QProgressDialog(tr("Reading %1…").arg(QFileInfo(m_path).fileName()), tr("Cancel"), 0, 0, this);
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    connect(progress, &QProgressDialog::canceled, this, [this] {
        ++m_readId; // what the thread brings is dropped
        m_reading = false;
        reject();
    });
    QPointer<QuestionImportDialog> self(this);
    QPointer<QProgressDialog> shown(progress);
    std::thread([self, shown, id, path = m_path, format = m_format, lessons = m_lessons]() mutable {
        ParsedQuestions parsed = QuestionBank::parseFile(path, format, lessons);
        QMetaObject::invokeMethod(
            qApp,
            [self, shown, id, parsed = std::move(parsed)]() mutable {
                if (shown) {
                    shown->disconnect(); // closing it says "canceled": not a cancel here
                    shown->close();
                }
                if (self && id == self->m_readId) {
                    self->m_reading = false;
                    self->showParsed(std::move(parsed));
                }
            },
            Qt::QueuedConnection);
    }).detach();
}

void QuestionImportDialog::showParsed(ParsedQuestions parsed)
{
    m_parsed = std::move(parsed);
    QVector<int> lessonOf;
    lessonOf.reserve(m_parsed.questions.size());
    QHash<QString, int> byId;
    for (int i = 0; i < m_lessons.size(); ++i)
        byId.insert(m_lessons[i].id, i);
    for (const BankQuestion& q : m_parsed.questions)
        lessonOf << byId.value(q.lesson, -1);
    m_model->reset(m_parsed.questions, std::move(lessonOf));
    const bool wrapped = m_model->rowCount() <= kWrappedRowsAtMost;
    m_table->setWordWrap(wrapped);
    m_table->verticalHeader()->setSectionResizeMode(wrapped ? QHeaderView::Interactive : QHeaderView::Fixed);
    if (wrapped)
        m_table->resizeRowsToContents();
    QStringList lines;
    for (const QuestionProblem& p : m_parsed.problems)
        lines << QuestionBank::describe(p);
    m_problems->setPlainText(lines.join(QLatin1Char('\n')));
    m_problems->setVisible(!lines.isEmpty());
    m_problemsTitle->setVisible(!lines.isEmpty());
    m_problemsTitle->setText(tr("Malformed questions, skipped (%1); correct the file and import it again:").arg(lines.size()));
    updateSummary();
}

void QuestionImportDialog::setLesson(int row, int lesson)
{
    m_model->setData(m_model->index(row, LessonColumn), lesson, Qt::EditRole);
}

QVector<BankQuestion> QuestionImportDialog::questions() const
{
    QVector<BankQuestion> out;
    out.reserve(m_model->withLesson());
    const QVector<BankQuestion>& all = m_model->questions();
    for (int row = 0; row < all.size(); ++row) {
        const int lesson = m_model->lessonOf(row);
        if (lesson < 0)
            continue; // no lesson: it would show in no quiz
        BankQuestion q = all[row];
        q.lesson = m_lessons[lesson].id;
        out << q;
    }
    return out;
}

void QuestionImportDialog::updateSummary()
{
    const int n = int(m_parsed.questions.size());
    const int ready = m_model->withLesson();
    QString text = tr("Questions read: %1 (%2).").arg(n).arg(m_formatBox->itemText(std::max(0, m_formatBox->findData(int(m_parsed.format)))));
    if (m_reading)
        text = tr("Reading %1…").arg(QFileInfo(m_path).fileName());
    else if (m_parsed.format == QuestionFormat::Auto)
        text = tr("No questions read.");
    if (!m_reading && ready < n)
        text += QLatin1Char(' ') + tr("Without a lesson: %1; a question is imported only with its lesson chosen.").arg(n - ready);
    m_summary->setText(text);
    QPushButton* ok = m_buttons->button(QDialogButtonBox::Ok);
    ok->setText(tr("Import (%1)").arg(ready));
    ok->setEnabled(ready > 0 && !m_reading);
}

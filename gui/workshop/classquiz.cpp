// SPDX-License-Identifier: MIT
#include "classquiz.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace {
/// Type sizes relative to the app's (already large with View ▸ Large fonts): read from the back
/// of a room.
constexpr double kQuestionScale = 2.0;
constexpr double kAnswerScale = 1.6;
constexpr double kTextScale = 1.3;

QLabel* wrapped(QWidget* parent, double scale, bool bold = false)
{
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * scale);
    f.setBold(bold);
    l->setFont(f);
    return l;
}
} // namespace

ClassQuiz::ClassQuiz(const QVector<Lesson>& lessons, const QVector<BankQuestion>& bank, QWidget* parent)
    : QWidget(parent, Qt::Window), m_lessons(lessons), m_bank(bank)
{
    setObjectName(QStringLiteral("classQuiz"));
    auto* outer = new QVBoxLayout(this);
    // Long questions and explanations scroll vertically, never sideways.
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* page = new QWidget(scroll);
    auto* layout = new QVBoxLayout(page);
    layout->setSpacing(18);
    auto* top = new QHBoxLayout;
    m_lesson = wrapped(page, kTextScale, true);
    m_count = wrapped(page, kTextScale);
    m_count->setAlignment(Qt::AlignRight | Qt::AlignTop);
    top->addWidget(m_lesson, 3);
    top->addWidget(m_count, 1);
    layout->addLayout(top);
    m_question = wrapped(page, kQuestionScale, true);
    layout->addWidget(m_question);
    for (int k = 0; k < QuestionBank::kMaxOptions; ++k) {
        QLabel* a = wrapped(page, kAnswerScale);
        a->setMargin(8);
        m_answers << a;
        layout->addWidget(a);
    }
    m_explanation = wrapped(page, kTextScale);
    layout->addWidget(m_explanation);
    layout->addStretch(1);
    scroll->setWidget(page);
    outer->addWidget(scroll, 1);

    auto* buttons = new QHBoxLayout;
    m_previous = new QPushButton(this);
    m_next = new QPushButton(this);
    m_showMe = new QPushButton(this);
    m_close = new QPushButton(this);
    for (QPushButton* b : {m_previous, m_next, m_showMe, m_close}) {
        QFont f = b->font();
        f.setPointSizeF(f.pointSizeF() * kTextScale);
        b->setFont(f);
        b->setFocusPolicy(Qt::NoFocus); // the keys go to the quiz (Space, arrows, Esc)
    }
    buttons->addWidget(m_previous);
    buttons->addStretch(1);
    buttons->addWidget(m_showMe);
    buttons->addWidget(m_next);
    buttons->addStretch(1);
    buttons->addWidget(m_close);
    outer->addLayout(buttons);
    connect(m_previous, &QPushButton::clicked, this, &ClassQuiz::back);
    connect(m_next, &QPushButton::clicked, this, &ClassQuiz::advance);
    connect(m_showMe, &QPushButton::clicked, this, [this] {
        if (m_items.isEmpty())
            return;
        // The experiment runs in the main window: the quiz steps aside, and comes back (Lessons ▸
        // Class quiz) on this question.
        hide();
        emit showMe(m_items[m_current].lesson);
    });
    connect(m_close, &QPushButton::clicked, this, &QWidget::close);
    build();
    retranslate();
}

void ClassQuiz::build()
{
    m_items.clear();
    for (int i = 0; i < m_lessons.size(); ++i)
        for (const QuizItem& item : QuestionBank::quizOf(m_lessons[i], m_bank))
            m_items.append({i, item});
}

void ClassQuiz::setCurrent(int index)
{
    display(index, 0);
}

void ClassQuiz::advance()
{
    if (m_step < 2)
        display(m_current, m_step + 1);
    else if (m_current + 1 < m_items.size())
        display(m_current + 1, 0);
}

void ClassQuiz::back()
{
    if (m_step > 0)
        display(m_current, m_step - 1);
    else if (m_current > 0)
        display(m_current - 1, 0);
}

void ClassQuiz::display(int index, int step)
{
    if (m_items.isEmpty())
        return;
    m_current = std::clamp(index, 0, int(m_items.size()) - 1);
    m_step = std::clamp(step, 0, 2);
    const Entry& e = m_items[m_current];
    const QuizItem& q = e.item;
    m_lesson->setText(tr("Lesson %1: %2").arg(e.lesson + 1).arg(LessonLibrary::text(m_lessons[e.lesson].title)));
    m_count->setText(q.imported ? tr("Question %1 of %2 (imported)").arg(m_current + 1).arg(m_items.size())
                                : tr("Question %1 of %2").arg(m_current + 1).arg(m_items.size()));
    m_question->setText(q.question);
    for (int k = 0; k < m_answers.size(); ++k) {
        QLabel* a = m_answers[k];
        a->setVisible(k < q.options.size());
        if (k >= q.options.size())
            continue;
        const bool right = m_step >= 1 && k == q.answer;
        a->setProperty("right", right);
        a->setText(QStringLiteral("%1%2) %3").arg(right ? QStringLiteral("✔ ") : QString()).arg(QChar(u'a' + k)).arg(q.options[k]));
        // The right answer stands out in green on any theme; the others stay as they are.
        a->setStyleSheet(right ? QStringLiteral("QLabel { background: #16a34a; color: white; border-radius: 6px; }") : QString());
    }
    QStringList explanation;
    if (m_step >= 2) {
        if (!q.why.value(q.answer).isEmpty())
            explanation << q.why.value(q.answer);
        if (!q.explanation.isEmpty())
            explanation << q.explanation;
    }
    m_explanation->setText(explanation.join(QStringLiteral("\n\n")));
    m_explanation->setVisible(!explanation.isEmpty());
    m_previous->setEnabled(m_current > 0 || m_step > 0);
    m_next->setEnabled(m_step < 2 || m_current + 1 < m_items.size());
    m_next->setText(m_step == 0 ? tr("Reveal the answer") : m_step == 1 ? tr("Show the explanation") : tr("Next question"));
    m_showMe->setEnabled(m_step >= 1);
}

void ClassQuiz::retranslate()
{
    setWindowTitle(tr("Class quiz"));
    m_previous->setText(tr("Back"));
    m_showMe->setText(tr("Show me"));
    m_showMe->setToolTip(tr("Run this lesson's experiment and the one it is contrasted with"));
    m_close->setText(tr("Close (Esc)"));
    // The lessons' own questions follow the UI language: read again, on the same question.
    const int current = m_current, step = m_step;
    build();
    display(current, step);
}

void ClassQuiz::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}

void ClassQuiz::keyPressEvent(QKeyEvent* e)
{
    switch (e->key()) {
    case Qt::Key_Space:
    case Qt::Key_Right:
    case Qt::Key_PageDown:
        advance();
        return;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
        back();
        return;
    case Qt::Key_Escape:
        close();
        return;
    default:
        QWidget::keyPressEvent(e);
    }
}

QString ClassQuiz::questionText() const
{
    return m_question->text();
}

QString ClassQuiz::answerText(int option) const
{
    return m_answers.value(option) ? m_answers[option]->text() : QString();
}

bool ClassQuiz::markedRight(int option) const
{
    return m_answers.value(option) && m_answers[option]->property("right").toBool();
}

QString ClassQuiz::explanationText() const
{
    return m_explanation->isHidden() ? QString() : m_explanation->text();
}

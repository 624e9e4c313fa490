// SPDX-License-Identifier: MIT
#include "lessonspanel.h"

#include "timeline/apptheme.h"

#include <QButtonGroup>
#include <QAbstractItemView>
#include <QComboBox>
#include <QScrollBar>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {

/// The lesson chooser: its open list names every lesson (as wide as the longest title); the closed
/// box says which lesson of how many, since a long title cannot fit a projector's narrow panel
/// and is the heading right below it anyway (wrapped). What it draws is in "shownText" (the
/// layout test reads it).
class LessonBox : public QComboBox
{
public:
    using QComboBox::QComboBox;

protected:
    void paintEvent(QPaintEvent*) override
    {
        QStylePainter p(this);
        QStyleOptionComboBox opt;
        initStyleOption(&opt);
        opt.currentText = property("shownText").toString();
        p.drawComplexControl(QStyle::CC_ComboBox, opt);
        p.drawControl(QStyle::CE_ComboBoxLabel, opt);
    }
};

} // namespace

LessonsPanel::LessonsPanel(QWidget* parent) : QWidget(parent)
{
    m_library.load();
    auto* layout = new QVBoxLayout(this);
    m_list = new LessonBox(this);
    m_list->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_list->setMinimumContentsLength(14);
    layout->addWidget(m_list);
    // The lesson above, its quiz below, in a splitter the instructor can move (fitQuiz gives the
    // quiz its whole height whenever it changes).
    auto* split = new QSplitter(Qt::Vertical, this);
    m_split = split;
    auto* top = new QWidget(split);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    m_text = new QTextBrowser(top);
    m_text->setOpenExternalLinks(false);
    m_text->setMinimumHeight(1); // it scrolls: the quiz comes first on a short screen
    topLayout->addWidget(m_text, 1);
    // The run button and, beside it, the slow-motion control (placeSlowMotion): one row, by the
    // experiment it slows, not at the end of a toolbar that a projector's width cuts off.
    m_run = new QPushButton(top);
    m_slowRow = new QHBoxLayout;
    m_slowRow->addWidget(m_run, 1);
    topLayout->addLayout(m_slowRow);
    m_showMeStatus = new QLabel(top);
    m_showMeStatus->setObjectName(QStringLiteral("showMeStatus"));
    m_showMeStatus->setWordWrap(true);
    m_showMeStatus->setTextFormat(Qt::PlainText);
    m_showMeStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_showMeStatus->hide();
    topLayout->addWidget(m_showMeStatus);
    buildQuiz(split);
    split->addWidget(top);
    split->addWidget(m_quizBox);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);

    connect(m_list, &QComboBox::currentIndexChanged, this, [this] { showLesson(); });
    connect(m_run, &QPushButton::clicked, this, [this] { emit runExperiment(currentLesson()); });
    connect(m_showMe, &QPushButton::clicked, this, [this] {
        if (m_showMeRunning)
            emit cancelShowMe();
        else
            emit showMe(currentLesson());
    });
    connect(m_check, &QPushButton::clicked, this, &LessonsPanel::check);
    connect(m_tryAgain, &QPushButton::clicked, this, &LessonsPanel::tryAgain);
    connect(m_reveal, &QPushButton::clicked, this, &LessonsPanel::reveal);
    connect(m_previousQuestion, &QToolButton::clicked, this, [this] { setCurrentQuestion(m_quizIndex - 1); });
    connect(m_nextQuestion, &QToolButton::clicked, this, [this] { setCurrentQuestion(m_quizIndex + 1); });
    retranslate();
}

void LessonsPanel::buildQuiz(QWidget* parent)
{
    // The quiz scrolls as a whole, vertically only: the question, the answers and the result are
    // labels that wrap to their full height (a projector's large type needs several lines), never
    // squeezed to one line by a short pane.
    m_quizBox = new QGroupBox(parent);
    auto* quizOuter = new QVBoxLayout(m_quizBox);
    quizOuter->setContentsMargins(2, 2, 2, 2);
    auto* scroll = new QScrollArea(m_quizBox);
    m_quizScroll = scroll;
    scroll->setObjectName(QStringLiteral("quizScroll"));
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* quiz = new QWidget(scroll);
    auto* outer = new QVBoxLayout(quiz);
    outer->setContentsMargins(6, 4, 6, 4); // inside the group box's own frame: a projector's rows count
    // The question, its answers and Check: what must fit whole (fitQuizType measures it alone).
    m_questionPart = new QWidget(quiz);
    auto* q = new QVBoxLayout(m_questionPart);
    q->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_questionPart);
    // The difficulty, and (when the lesson has imported questions) which question of how many.
    auto* header = new QHBoxLayout;
    m_quizTitle = new QLabel(this);
    QFont bold = m_quizTitle->font();
    bold.setBold(true);
    m_quizTitle->setFont(bold);
    m_quizTitle->setWordWrap(true); // large type in a narrow pane: wrap rather than widen the quiz
    header->addWidget(m_quizTitle, 1);
    m_previousQuestion = new QToolButton(this);
    m_previousQuestion->setArrowType(Qt::LeftArrow);
    m_quizCount = new QLabel(this);
    m_quizCount->setWordWrap(true);
    m_nextQuestion = new QToolButton(this);
    m_nextQuestion->setArrowType(Qt::RightArrow);
    header->addWidget(m_previousQuestion);
    header->addWidget(m_quizCount);
    header->addWidget(m_nextQuestion);
    q->addLayout(header);
    m_question = new QLabel(this);
    m_question->setWordWrap(true);
    m_question->setMinimumWidth(200);
    q->addWidget(m_question);
    m_group = new QButtonGroup(this);
    auto* grid = new QGridLayout;
    for (int i = 0; i < QuestionBank::kMaxOptions; ++i) {
        // A short radio button and a word-wrapped label: long answers must not widen the panel.
        m_options[i] = new QRadioButton(QStringLiteral("%1)").arg(QChar(u'a' + i)), this);
        m_optionLabels[i] = new QLabel(this);
        m_optionLabels[i]->setWordWrap(true);
        m_optionLabels[i]->setBuddy(m_options[i]);
        m_group->addButton(m_options[i], i);
        grid->addWidget(m_options[i], i, 0, Qt::AlignTop);
        grid->addWidget(m_optionLabels[i], i, 1);
    }
    grid->setColumnStretch(1, 1);
    q->addLayout(grid);
    auto* buttons = new QHBoxLayout;
    m_check = new QPushButton(this);
    m_showMe = new QPushButton(this);
    buttons->addWidget(m_check);
    buttons->addWidget(m_showMe);
    q->addLayout(buttons);
    q = outer;
    // After a wrong answer only: another go, or the answer.
    auto* retry = new QHBoxLayout;
    m_tryAgain = new QPushButton(this);
    m_reveal = new QPushButton(this);
    retry->addWidget(m_tryAgain);
    retry->addWidget(m_reveal);
    q->addLayout(retry);
    m_tryAgain->hide();
    m_reveal->hide();
    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::RichText);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_result->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_result->hide(); // shown with a verdict (setResult)
    q->addWidget(m_result);
    q->addStretch(1);
    scroll->setWidget(quiz);
    // Whatever changes the quiz's height (a label's new text, a scroll bar that comes or goes and
    // narrows it) fits it again, not only the panel's own changes.
    scroll->installEventFilter(this);
    quiz->installEventFilter(this);
    quizOuter->addWidget(scroll);
}

void LessonsPanel::placeSlowMotion(QWidget* label, QWidget* control)
{
    m_slowRow->addWidget(label);
    m_slowRow->addWidget(control);
}

int LessonsPanel::currentLesson() const
{
    return m_list->currentIndex();
}

void LessonsPanel::setCurrentLesson(int index)
{
    m_list->setCurrentIndex(index);
}

void LessonsPanel::retranslate()
{
    const int current = std::max(0, m_list->currentIndex());
    m_list->blockSignals(true);
    m_list->clear();
    const auto& lessons = m_library.lessons();
    for (int i = 0; i < lessons.size(); ++i)
        m_list->addItem(tr("%1. %2").arg(i + 1).arg(LessonLibrary::text(lessons[i].title)));
    m_list->setCurrentIndex(std::min(current, int(lessons.size()) - 1));
    m_list->blockSignals(false);
    m_list->view()->setMinimumWidth(m_list->view()->sizeHintForColumn(0) + m_list->view()->verticalScrollBar()->sizeHint().width());
    m_run->setText(tr("Run the experiment"));
    m_check->setText(tr("Check the answer"));
    m_tryAgain->setText(tr("Try again"));
    m_reveal->setText(tr("Show the answer"));
    m_previousQuestion->setToolTip(tr("Previous question"));
    m_nextQuestion->setToolTip(tr("Next question"));
    showLesson(true);
    updateShowMeStatus();
}

void LessonsPanel::setImportedQuestions(const QVector<BankQuestion>& bank)
{
    m_bank = bank;
    showLesson(true);
}

void LessonsPanel::setCurrentQuestion(int index)
{
    if (index < 0 || index >= m_quiz.size())
        return;
    m_quizIndex = index;
    showQuestion();
}

QString LessonsPanel::questionText() const
{
    return m_question->text();
}

void LessonsPanel::setResult(const QString& html)
{
    m_result->setText(html);
    m_result->setVisible(!html.isEmpty());
}

void LessonsPanel::resetAnswer()
{
    setResult(QString());
    m_tryAgain->hide();
    m_reveal->hide();
    m_check->setEnabled(true);
    m_group->setExclusive(false);
    for (auto* o : m_options) {
        o->setChecked(false);
        o->setEnabled(true);
    }
    m_group->setExclusive(true);
}

void LessonsPanel::showLesson(bool keepQuestion)
{
    const int i = currentLesson();
    m_list->setProperty("shownText", tr("Lesson %1 of %2").arg(i + 1).arg(m_list->count()));
    m_list->update();
    const auto& lessons = m_library.lessons();
    if (i < 0 || i >= lessons.size()) {
        resetAnswer();
        return;
    }
    const Lesson& l = lessons[i];
    if (!keepQuestion)
        m_quizFirst = false; // another lesson: its text first
    m_showMe->setToolTip(!l.effect ? tr("Run the experiment that shows the answer")
                                   : tr("Run this experiment and the one it is contrasted with %1 times each, alternately, "
                                        "measure the lesson's effect and show the last two stacked")
                                         .arg(kEffectRepeats));
    QString measures;
    if (l.effect)
        measures = QStringLiteral("<p><b>%1</b> %2</p>")
                       .arg(tr("What Show me measures:").toHtmlEscaped(),
                            tr("%1 (the medians of %2 runs each, alternately).").arg(effectStatement(*l.effect)).arg(kEffectRepeats).toHtmlEscaped());
    m_text->setHtml(QStringLiteral("<h3>%1</h3><p>%2</p><p><b>%3</b> %4</p>%5")
                        .arg(LessonLibrary::text(l.title).toHtmlEscaped(), LessonLibrary::text(l.explanation).toHtmlEscaped(),
                             tr("What to look for:").toHtmlEscaped(), LessonLibrary::text(l.lookFor).toHtmlEscaped(), measures));
    updateShowMeStatus();
    m_quiz = QuestionBank::quizOf(l, m_bank);
    m_quizIndex = keepQuestion ? std::clamp(m_quizIndex, 0, int(m_quiz.size()) - 1) : 0;
    showQuestion();
}

void LessonsPanel::setShowMeStatus(int lesson, std::function<QString()> text, bool running)
{
    m_showMeLesson = lesson;
    m_showMeText = std::move(text);
    m_showMeRunning = running;
    updateShowMeStatus();
}

QString LessonsPanel::showMeStatus() const
{
    return m_showMeStatus->isHidden() ? QString() : m_showMeStatus->text();
}

void LessonsPanel::updateShowMeStatus()
{
    // Shown under the lesson it is about; while it runs, Show me cancels it from any lesson.
    const QString text = m_showMeText && m_showMeLesson == currentLesson() ? m_showMeText() : QString();
    m_showMeStatus->setText(text);
    m_showMeStatus->setVisible(!text.isEmpty());
    fitQuiz();
    m_showMe->setText(m_showMeRunning ? tr("Cancel Show me") : tr("Show me"));
}

void LessonsPanel::showQuestion()
{
    resetAnswer();
    const QuizItem& item = m_quiz[m_quizIndex];
    const int filled = std::clamp(item.difficulty, 0, QuestionBank::kMaxDifficulty);
    const QString stars = QString(filled, QChar(0x2605)) + QString(std::max(0, 3 - filled), QChar(0x2606));
    // "Quiz" heads the box's first line, not a title row of its own (a projector's row counts).
    m_quizTitle->setText(filled > 0 ? QStringLiteral("%1 · %2").arg(tr("Quiz"), tr("Difficulty %1 %2").arg(filled).arg(stars)) : tr("Quiz"));
    const bool several = m_quiz.size() > 1;
    m_previousQuestion->setVisible(several);
    m_nextQuestion->setVisible(several);
    m_quizCount->setVisible(several);
    m_previousQuestion->setEnabled(m_quizIndex > 0);
    m_nextQuestion->setEnabled(m_quizIndex + 1 < m_quiz.size());
    m_quizCount->setText(item.imported ? tr("Question %1 of %2 (imported)").arg(m_quizIndex + 1).arg(m_quiz.size())
                                       : tr("Question %1 of %2").arg(m_quizIndex + 1).arg(m_quiz.size()));
    m_question->setText(item.question);
    for (int k = 0; k < QuestionBank::kMaxOptions; ++k) {
        const bool has = k < item.options.size();
        m_options[k]->setVisible(has);
        m_optionLabels[k]->setVisible(has);
        m_optionLabels[k]->setText(has ? item.options[k] : QString());
    }
    m_quizScroll->verticalScrollBar()->setValue(0); // each question opens at its top
    m_fitType = true;
    fitQuiz();
}

void LessonsPanel::fitQuiz()
{
    if (m_fitQueued)
        return;
    m_fitQueued = true;
    QMetaObject::invokeMethod(this, [this] { fitQuizNow(); }, Qt::QueuedConnection);
}

void LessonsPanel::fitQuizNow()
{
    m_fitQueued = false;
    const QList<int> sizes = m_split->sizes();
    if (sizes.size() != 2)
        return;
    const int total = sizes[0] + sizes[1];
    QWidget* content = m_quizScroll->widget();
    // Its height at the width it has beside a scroll bar (QScrollArea decides whether the bar can
    // go at the width it has now: with the bar shown, the content's height there must fit), and
    // what the box adds around it.
    const int width = m_quizScroll->width() - 2 * m_quizScroll->frameWidth() - m_quizScroll->verticalScrollBar()->sizeHint().width();
    const int around = m_quizBox->height() - m_quizScroll->height() + 2 * m_quizScroll->frameWidth();
    const int topMin = m_split->widget(0)->minimumSizeHint().height();
    // Before the experiment runs the room reads the lesson: the quiz gets at most 4/9 of the panel.
    const int most = m_quizFirst ? total - topMin : std::min(total - topMin, total * 4 / 9);
    const int need = fitQuizType(content, width, most - around);
    int quiz = std::clamp(need + around, m_quizBox->minimumSizeHint().height(), std::max(0, most));
    // What is left for the lesson's text: a sliver of one cut line reads as a defect, so less than
    // two lines of it goes to the quiz too.
    if (m_quizFirst && total - quiz - topMin < 2 * m_text->fontMetrics().lineSpacing() + 2 * m_text->frameWidth())
        quiz = std::max(quiz, most);
    if (total > 0 && quiz != sizes[1])
        m_split->setSizes({total - quiz, quiz});
    if (m_showResult) {
        // The verdict just written, in view once the scroll area has laid it out (a question that
        // fills the panel leaves it below).
        m_showResult = false;
        QMetaObject::invokeMethod(
            this, [this] {
                if (m_result->text().isEmpty())
                    return;
                // Just enough to show its end, never past its start ("Right!", "Not quite.").
                const int top = m_result->mapTo(m_quizScroll->widget(), QPoint(0, 0)).y();
                const int bottom = top + m_result->height();
                QScrollBar* bar = m_quizScroll->verticalScrollBar();
                if (bottom > bar->value() + m_quizScroll->viewport()->height())
                    bar->setValue(std::min(top, bottom - m_quizScroll->viewport()->height()));
            },
            Qt::QueuedConnection);
    }
}

int LessonsPanel::fitQuizType(QWidget* content, int width, int room)
{
    // As QScrollArea sizes it: its wrapped height at that width, never under its minimum size.
    const auto needed = [content, width] {
        content->layout()->activate(); // the nested layouts drop what they measured in the old type
        return std::max(content->hasHeightForWidth() ? content->heightForWidth(width) : content->sizeHint().height(),
                        content->minimumSizeHint().height());
    };
    // The question, its answers and Check alone, with the margins around them.
    const auto questionNeeded = [this, content, width] {
        const QMargins m = content->layout()->contentsMargins();
        return m_questionPart->heightForWidth(width - m.left() - m.right()) + m.top() + m.bottom();
    };
    // The application's type first. Once the experiment has run the quiz is what the room reads:
    // when the question and its answers do not fit even in all of the panel (a projector's Large
    // fonts on a 1280x720 screen, a long imported question), their type shrinks in half-point
    // steps until they do, as slides shrink text that overflows, but never below the normal text
    // size; only then does the quiz scroll. The type is chosen again for a new question, size or
    // font (m_fitType) and kept while the question is answered: the verdict and its why come
    // below and scroll into view rather than shrink the question the class is reading.
    if (!m_fitType)
        return needed();
    m_fitType = false;
    if (content->font().resolveMask() != 0)
        content->setFont(QFont());
    int need = needed();
    if (!m_quizFirst || questionNeeded() <= room)
        return need;
    for (double points = content->font().pointSizeF() - 0.5; points >= AppTheme::kNormalPointSize; points -= 0.5) {
        QFont smaller;
        smaller.setPointSizeF(points);
        content->setFont(smaller);
        need = needed();
        if (questionNeeded() <= room)
            break;
    }
    return need;
}

void LessonsPanel::setQuizFirst(bool first)
{
    m_quizFirst = first;
    m_fitType = true;
    fitQuiz();
}

void LessonsPanel::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    m_fitType = true;
    fitQuiz();
}

void LessonsPanel::check()
{
    const int chosen = m_group->checkedId();
    if (m_quiz.isEmpty())
        return;
    if (chosen < 0) {
        setResult(tr("Choose an answer first."));
        m_showResult = true;
        fitQuiz();
        return;
    }
    const QuizItem& item = m_quiz[m_quizIndex];
    if (chosen == item.answer) {
        reveal();
        return;
    }
    // A wrong answer: why this one is wrong (when the question says), and a second go; the right
    // one stays hidden.
    const QString why = item.why.value(chosen);
    setResult(QStringLiteral("<p style='color:#dc2626'><b>%1</b></p>%2<p><i>%3</i></p>")
                          .arg(tr("Not quite.").toHtmlEscaped(), why.isEmpty() ? QString() : QStringLiteral("<p>%1</p>").arg(why.toHtmlEscaped()),
                               tr("Try again, or show the answer.").toHtmlEscaped()));
    for (auto* o : m_options)
        o->setEnabled(false);
    m_options[chosen]->setEnabled(true); // the chosen one stays readable as chosen
    m_check->setEnabled(false);
    m_tryAgain->show();
    m_reveal->show();
    m_showResult = true;
    fitQuiz();
}

void LessonsPanel::tryAgain()
{
    resetAnswer();
    fitQuiz();
}

void LessonsPanel::reveal()
{
    const int i = currentLesson();
    if (i < 0 || i >= m_library.lessons().size() || m_quiz.isEmpty())
        return;
    const Lesson& l = m_library.lessons()[i];
    const QuizItem& item = m_quiz[m_quizIndex];
    const int chosen = m_group->checkedId();
    const bool right = chosen >= 0 && chosen == item.answer;
    QString html = right ? QStringLiteral("<p style='color:#16a34a'><b>%1</b></p>").arg(tr("Right!").toHtmlEscaped())
                         : QStringLiteral("<p><b>%1</b></p>").arg(tr("The answer:").toHtmlEscaped());
    html += QStringLiteral("<ul>");
    for (int k = 0; k < item.options.size(); ++k) {
        const QString mark = k == item.answer ? QStringLiteral("✔") : QStringLiteral("✘");
        // The lesson's own question says why for each answer; an imported one may say nothing,
        // and then the answer itself is named.
        const QString why = item.why.value(k);
        const QString text = item.imported ? (why.isEmpty() ? item.options[k] : tr("%1 (%2)").arg(item.options[k], why)) : why;
        html += QStringLiteral("<li>%1 <b>%2)</b> %3</li>").arg(mark).arg(QChar(u'a' + k)).arg(text.toHtmlEscaped());
    }
    const QString showMe = l.contrastPreset.isEmpty()
                               ? tr("Press \"Show me\" to run the experiment that proves it.")
                               : tr("Press \"Show me\" to run this experiment and the one it is contrasted with, stacked on one time axis.");
    html += QStringLiteral("</ul><p>%1</p><p><i>%2</i></p>").arg(item.explanation.toHtmlEscaped(), showMe.toHtmlEscaped());
    setResult(html);
    m_showResult = true;
    m_tryAgain->hide();
    m_reveal->hide();
    m_check->setEnabled(true);
    for (auto* o : m_options)
        o->setEnabled(true);
    fitQuiz();
}

bool LessonsPanel::answer(int option)
{
    m_options[option]->setChecked(true);
    check();
    return option == m_quiz[m_quizIndex].answer;
}

QString LessonsPanel::resultText() const
{
    return QTextDocumentFragment::fromHtml(m_result->text()).toPlainText();
}

QString LessonsPanel::explanationText() const
{
    return m_text->toPlainText();
}

bool LessonsPanel::eventFilter(QObject* watched, QEvent* e)
{
    if (watched == m_quizScroll && e->type() == QEvent::Resize &&
        static_cast<QResizeEvent*>(e)->size().width() != static_cast<QResizeEvent*>(e)->oldSize().width()) {
        m_fitType = true; // the type that fits depends on the width
        fitQuiz();
    } else if (watched == m_quizScroll->widget() && e->type() == QEvent::LayoutRequest) {
        fitQuiz();
    }
    return QWidget::eventFilter(watched, e);
}

void LessonsPanel::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    if (e->type() == QEvent::FontChange) {
        m_fitType = true;
        fitQuiz(); // Large fonts: the quiz is taller
    }
    QWidget::changeEvent(e);
}

// SPDX-License-Identifier: MIT
#include "questionbankactions.h"

#include "workshop/classquiz.h"
#include "common/model/appsettings.h"
#include "common/model/userfiles.h"
#include "workshop/lessonspanel.h"
#include "workshop/questionimportdialog.h"

#include <QFileDialog>
#include <QMessageBox>

QuestionBankActions::QuestionBankActions(LessonsPanel* panel, QWidget* window, std::function<void(const QString&)> status)
    : QObject(window), m_panel(panel), m_window(window), m_status(std::move(status))
{
    m_bank = QuestionBank::fromJson(AppSettings::questionBank());
    m_panel->setImportedQuestions(m_bank);
}

void QuestionBankActions::askImport()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Import questions"), QString(),
                                                      tr("Question files (*.txt *.gift);;All files (*)"));
    if (path.isEmpty())
        return;
    QuestionImportDialog dialog(m_panel->library().lessons(), path, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const int added = add(dialog.questions());
    m_status(tr("Questions imported: %1 new; the bank holds %2.").arg(added).arg(m_bank.size()));
}

void QuestionBankActions::askExport()
{
    if (m_bank.isEmpty()) {
        QMessageBox::information(m_window, tr("Export questions"), tr("There are no imported questions to export."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export questions"), QStringLiteral("loaderscope-questions.gift"),
                                                      tr("Moodle GIFT (*.gift *.txt)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTo(path, &error))
        QMessageBox::warning(m_window, tr("Export questions"), error);
    else
        m_status(tr("Questions written to %1: %2").arg(path).arg(m_bank.size()));
}

void QuestionBankActions::askClear()
{
    if (m_bank.isEmpty())
        return;
    if (QMessageBox::question(m_window, tr("Remove imported questions"),
                              tr("Remove the imported questions (%1)? The lessons' own questions stay.").arg(m_bank.size()))
        == QMessageBox::Yes)
        clear();
}

int QuestionBankActions::add(const QVector<BankQuestion>& questions)
{
    int added = 0;
    for (const BankQuestion& q : questions) {
        const bool known = std::any_of(m_bank.begin(), m_bank.end(), [&](const BankQuestion& b) { return b.sameAs(q); });
        if (!known) {
            m_bank << q;
            ++added;
        }
    }
    store();
    return added;
}

bool QuestionBankActions::exportTo(const QString& path, QString* error) const
{
    return UserFiles::write(path, QuestionBank::toGift(m_bank).toUtf8(), error);
}

void QuestionBankActions::clear()
{
    m_bank.clear();
    store();
}

ClassQuiz* QuestionBankActions::classQuiz() const
{
    return m_classQuiz;
}

void QuestionBankActions::openClassQuiz()
{
    if (!m_classQuiz) {
        m_classQuiz = new ClassQuiz(m_panel->library().lessons(), m_bank, m_window);
        m_classQuiz->setAttribute(Qt::WA_DeleteOnClose);
        m_classQuiz->setCurrent(0);
        connect(m_classQuiz, &ClassQuiz::showMe, this, &QuestionBankActions::showMe);
    }
    m_classQuiz->showFullScreen();
    m_classQuiz->raise();
    m_classQuiz->activateWindow();
}

void QuestionBankActions::store()
{
    delete m_classQuiz; // its questions are the bank's: the next one is built from the new bank
    AppSettings::setQuestionBank(QuestionBank::toJson(m_bank));
    m_panel->setImportedQuestions(m_bank);
}

// SPDX-License-Identifier: MIT
#include "findbar.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

FindBar::FindBar(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    m_edit = new QLineEdit(this);
    m_edit->setClearButtonEnabled(true);
    m_edit->setObjectName(QStringLiteral("findEdit"));
    m_edit->setMinimumWidth(m_edit->fontMetrics().horizontalAdvance(QLatin1Char('m')) * 24);
    m_previous = new QToolButton(this);
    m_next = new QToolButton(this);
    m_close = new QToolButton(this);
    m_close->setAutoRaise(true);
    m_result = new QLabel(this);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_edit, 0);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    layout->addWidget(m_result, 1);
    layout->addWidget(m_close);
    connect(m_previous, &QToolButton::clicked, this, [this] { step(-1); });
    connect(m_next, &QToolButton::clicked, this, [this] { step(+1); });
    connect(m_close, &QToolButton::clicked, this, &QWidget::hide);
    // F3 / Shift+F3 wherever the focus is in the window.
    auto* next = new QAction(this);
    next->setShortcut(QKeySequence(Qt::Key_F3));
    next->setShortcutContext(Qt::WindowShortcut);
    connect(next, &QAction::triggered, this, [this] { step(+1); });
    auto* previous = new QAction(this);
    previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F3));
    previous->setShortcutContext(Qt::WindowShortcut);
    connect(previous, &QAction::triggered, this, [this] { step(-1); });
    // On the window, not on the bar: F3 finds again after the bar was closed.
    (parent ? parent : this)->addActions({next, previous});
    retranslate();
}

void FindBar::open()
{
    show();
    m_edit->setFocus();
    m_edit->selectAll();
}

QString FindBar::query() const
{
    return m_edit->text();
}

void FindBar::setQuery(const QString& text)
{
    m_edit->setText(text);
}

void FindBar::setResult(const QString& text, bool found)
{
    m_result->setText(text);
    // Not found: the field says so too, as browsers' find bars do.
    m_edit->setStyleSheet(found || text.isEmpty() ? QString() : QStringLiteral("QLineEdit { background: #f8d7da; color: #5c0b12; }"));
}

QString FindBar::result() const
{
    return m_result->text();
}

void FindBar::step(int step)
{
    const QString q = m_edit->text().trimmed();
    if (q.isEmpty())
        return;
    if (!isVisible())
        show();
    // A new query starts at its first match (or its last, going back).
    m_occurrence = q == m_lastQuery ? m_occurrence + step : (step < 0 ? -1 : 0);
    m_lastQuery = q;
    emit findRequested(q, m_occurrence);
}

void FindBar::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Return || e->key() == Qt::Key_Enter) {
        step(e->modifiers() & Qt::ShiftModifier ? -1 : +1);
        return;
    }
    if (e->key() == Qt::Key_Escape) {
        hide();
        if (parentWidget())
            parentWidget()->setFocus();
        return;
    }
    QWidget::keyPressEvent(e);
}

void FindBar::retranslate()
{
    m_edit->setPlaceholderText(tr("batch 17, sample 123, worker 2"));
    m_edit->setToolTip(tr("Find a batch, a sample or a worker on the timeline"));
    m_previous->setText(tr("Previous"));
    m_previous->setToolTip(tr("The previous match (Shift+F3, Shift+Enter)"));
    m_next->setText(tr("Next"));
    m_next->setToolTip(tr("The next match (F3, Enter)"));
    m_close->setText(QStringLiteral("✕"));
    m_close->setToolTip(tr("Close the find bar (Esc)"));
}

void FindBar::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}

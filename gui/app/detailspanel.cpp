// SPDX-License-Identifier: MIT
#include "detailspanel.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

DetailsPanel::DetailsPanel(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_label = new QLabel(scroll);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    scroll->setWidget(m_label);
    layout->addWidget(scroll);
    showDetails({});
}

void DetailsPanel::showDetails(const QString& html)
{
    m_html = html;
    m_label->setText(html.isEmpty() ? tr("Click a span on the timeline to see it here (its batch is highlighted in every lane); "
                                         "drag across the timeline to measure a time range; Esc clears.")
                                    : html);
}

QString DetailsPanel::text() const
{
    return m_label->text();
}

void DetailsPanel::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange && m_html.isEmpty())
        showDetails({});
    QWidget::changeEvent(e);
}

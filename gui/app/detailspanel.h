// SPDX-License-Identifier: MIT
// The details of what is selected on the timeline: a span or a folded mark (a click), or a
// measured time range (a drag) with what happened inside it.
#pragma once

#include <QWidget>

class QLabel;

class DetailsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit DetailsPanel(QWidget* parent = nullptr);
    /// Rich text; empty shows how to select something.
    void showDetails(const QString& html);
    QString text() const;

protected:
    void changeEvent(QEvent* e) override;

private:
    QLabel* m_label;
    QString m_html;
};

// SPDX-License-Identifier: MIT
// Help ▸ Keyboard shortcuts and legend: every key and mouse gesture of the timeline, and what each
// colour means.
#pragma once

#include <QDialog>

class TraceModel;

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(QWidget* parent = nullptr);
    /// The table's text (tests).
    QString text() const { return m_html; }

private:
    QString m_html;
};

// SPDX-License-Identifier: MIT
// The find bar above the timeline (Ctrl+F): a query, Previous and Next (F3 / Shift+F3 anywhere in
// the window, Enter / Shift+Enter in the field), how many matches and which, Esc to close. It
// only asks; the main window finds (timelinefind.h) and shows. GUI thread only.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

class FindBar : public QWidget
{
    Q_OBJECT
public:
    explicit FindBar(QWidget* parent = nullptr);
    /// Shows the bar with the query selected, ready to type.
    void open();
    QString query() const;
    void setQuery(const QString& text);
    /// The result of the last find: "batch 17 (epoch 0) · 1 of 3", or why nothing was found.
    void setResult(const QString& text, bool found);
    QString result() const;
    /// The next match (`step` +1), the previous one (-1); a changed query starts at its first.
    void step(int step);

signals:
    /// Find match `occurrence` of `query` (wrapping: -1 is the last).
    void findRequested(const QString& query, int occurrence);

protected:
    void keyPressEvent(QKeyEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    void retranslate();

    QLineEdit* m_edit;
    QToolButton* m_previous;
    QToolButton* m_next;
    QToolButton* m_close;
    QLabel* m_result;
    QString m_lastQuery;
    int m_occurrence = 0;
};

// SPDX-License-Identifier: MIT
#include "shortcutsdialog.h"

#include "timeline/draw/timelinebindings.h"
#include "timeline/draw/timelinestyle.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

ShortcutsDialog::ShortcutsDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Keyboard shortcuts and legend"));
    // The timeline's own keys and gestures from the table it dispatches through, then the window's.
    QList<QPair<QString, QString>> keys;
    for (const TimelineBindings::Binding& b : TimelineBindings::all())
        keys.append({tr(b.input), tr(b.effect)});
    keys += {
        {tr("Home"), tr("the whole run")},
        {tr("F"), tr("follow the run live")},
        {tr("Ctrl+F"), tr("find a batch, a sample or a worker")},
        {tr("F3 / Shift+F3, Enter / Shift+Enter"), tr("the next / previous match of the find bar")},
        {tr("F5 / Shift+F5"), tr("run / stop")},
        {tr("Ctrl+E"), tr("export a picture")},
    };
    QString html = QStringLiteral("<h3>%1</h3><table cellspacing=6>").arg(tr("Keyboard and mouse"));
    for (const auto& [k, what] : keys)
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k.toHtmlEscaped(), what.toHtmlEscaped());
    html += QStringLiteral("</table><h3>%1</h3><table cellspacing=6>").arg(tr("Legend"));
    // The legend of everything the timeline can show (a run has a part of it).
    for (const LegendEntry& e : TimelineStyle::legendOfEverything()) {
        QColor c = e.color;
        c.setAlpha(255);
        html += QStringLiteral("<tr><td><span style=\"background-color:%1\">%2</span></td><td>%3</td></tr>")
                    .arg(c.name(), e.marker ? QStringLiteral("&nbsp;|&nbsp;") : QStringLiteral("&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;"),
                         e.text.toHtmlEscaped());
    }
    html += QStringLiteral("</table><p>%1</p>").arg(tr("Narrow spans fold into one mark with a count (×N); a batch keeps its own "
                                                       "mark. Over a long run, time whose detail is not held is drawn as stacked "
                                                       "bars of each lane's busy share; zooming in reads the detail back.")
                                                        .toHtmlEscaped());
    m_html = html;
    auto* layout = new QVBoxLayout(this);
    auto* scroll = new QScrollArea(this);
    auto* label = new QLabel(html, scroll);
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    scroll->setWidget(label);
    scroll->setWidgetResizable(true);
    layout->addWidget(scroll);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(640, 640);
}

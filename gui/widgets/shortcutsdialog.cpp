// SPDX-License-Identifier: MIT
#include "shortcutsdialog.h"

#include "core/timelinebindings.h"
#include "core/timelinestyle.h"

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
    TraceModel all;
    all.reset(0, 1, true);
    std::vector<loaderscope::Event> every;
    auto span = [&every](loaderscope::EventKind k, int16_t lane, int64_t arg0 = 0, int64_t arg1 = 0) {
        loaderscope::Event e;
        e.kind = k;
        e.lane = lane;
        e.t0 = 1;
        e.t1 = 2;
        e.arg0 = arg0;
        e.arg1 = arg1;
        every.push_back(e);
    };
    using loaderscope::EventKind;
    for (EventKind k : {EventKind::WaitData, EventKind::Step, EventKind::HeadOfLine})
        span(k, loaderscope::LaneMain);
    span(EventKind::HostBlocked, loaderscope::LaneMain, 2);
    span(EventKind::HostBlocked, loaderscope::LaneMain, 1);
    for (EventKind k : {EventKind::Fetch, EventKind::Collate, EventKind::WaitTask, EventKind::WorkerInit, EventKind::WorkerStart,
                        EventKind::Error, EventKind::WorkerStalled})
        span(k, 0);
    span(EventKind::PinCopy, loaderscope::LanePin);
    span(EventKind::H2DCopy, loaderscope::LaneCopy, 1024, 1);
    span(EventKind::H2DCopy, loaderscope::LaneCopy, 1024, 0);
    span(EventKind::Kernel, loaderscope::LaneCompute);
    all.append(every);
    for (const LegendEntry& e : TimelineStyle::legend(all)) {
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

// SPDX-License-Identifier: MIT
#include "layoutcheck.h"

#include "timeline/draw/timelinedrawlist.h"
#include "timeline/timelineview.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QChart>
#include <QAbstractAxis>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyleOption>
#include <QTabBar>
#include <QTableView>
#include <QTextEdit>
#include <QToolBar>
#include <QToolButton>

namespace LayoutCheck {

namespace {

constexpr int kSlack = 1; ///< px of rounding tolerated everywhere

/// The text a button or tab shows: without the mnemonic's '&'.
QString shownText(QString s)
{
    s.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    s.remove(QLatin1Char('&'));
    s.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return s;
}

int textWidth(const QWidget* w, const QString& text)
{
    return w->fontMetrics().horizontalAdvance(shownText(text));
}

void checkLabel(const QLabel* l, QStringList& out)
{
    if (l->text().isEmpty())
        return;
    if (l->wordWrap()) {
        // Not a pixel short: QPainter clips wrapped text that does not fit its rect, and the first
        // to go are the accents above capitals ("Örnek" drawn as "Ornek").
        const int need = l->heightForWidth(l->width());
        if (need > l->height())
            out << QStringLiteral("cut: %1 needs %2 px of height, has %3").arg(describe(l)).arg(need).arg(l->height());
        if (l->minimumSizeHint().width() > l->width() + kSlack)
            out << QStringLiteral("cut: %1 has a word wider than its %2 px").arg(describe(l)).arg(l->width());
        return;
    }
    const QSize need = l->sizeHint();
    if (need.width() > l->width() + kSlack || need.height() > l->height() + kSlack)
        out << QStringLiteral("cut: %1 needs %2x%3, has %4x%5")
                   .arg(describe(l))
                   .arg(need.width())
                   .arg(need.height())
                   .arg(l->width())
                   .arg(l->height());
}

/// The room a push button, check box or radio button draws its text in, against what it needs.
void checkButton(const QAbstractButton* b, QStringList& out)
{
    if (b->text().isEmpty())
        return;
    QStyleOptionButton opt;
    opt.initFrom(b);
    opt.text = b->text();
    opt.icon = b->icon();
    opt.iconSize = b->iconSize();
    QStyle::SubElement element = QStyle::SE_PushButtonContents;
    int need = textWidth(b, b->text());
    if (const auto* p = qobject_cast<const QPushButton*>(b)) {
        if (p->autoDefault() || p->isDefault())
            opt.features |= QStyleOptionButton::AutoDefaultButton;
        if (!b->icon().isNull())
            need += b->iconSize().width() + 4;
    } else if (qobject_cast<const QCheckBox*>(b)) {
        element = QStyle::SE_CheckBoxContents;
    } else if (qobject_cast<const QRadioButton*>(b)) {
        element = QStyle::SE_RadioButtonContents;
    } else if (const auto* t = qobject_cast<const QToolButton*>(b)) {
        const bool textShown = t->toolButtonStyle() != Qt::ToolButtonIconOnly || t->icon().isNull();
        if (textShown && t->arrowType() == Qt::NoArrow && t->width() + 4 < t->sizeHint().width())
            out << QStringLiteral("cut: %1 needs %2 px, has %3").arg(describe(t)).arg(t->sizeHint().width()).arg(t->width());
        return;
    } else {
        return;
    }
    const QRect room = b->style()->subElementRect(element, &opt, b);
    if (need > room.width() + kSlack || b->fontMetrics().height() > room.height() + 2)
        out << QStringLiteral("cut: %1 needs %2 px, has %3x%4").arg(describe(b)).arg(need).arg(room.width()).arg(room.height());
}

void checkCombo(const QComboBox* c, QStringList& out)
{
    QStyleOptionComboBox opt;
    opt.initFrom(c);
    opt.editable = c->isEditable();
    opt.frame = c->hasFrame();
    // A box that draws something else than its entry (LessonsPanel's) says so in "shownText".
    const QVariant drawn = c->property("shownText");
    opt.currentText = drawn.isValid() ? drawn.toString() : c->currentText();
    opt.subControls = QStyle::SC_All;
    const QRect field = c->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, c);
    const int iconW = c->itemIcon(c->currentIndex()).isNull() ? 0 : c->iconSize().width() + 4;
    // The closed box shows the current entry; one that promises to fit its contents, every entry.
    QStringList shown{opt.currentText};
    if (c->sizeAdjustPolicy() == QComboBox::AdjustToContents)
        for (int i = 0; i < c->count(); ++i)
            shown << c->itemText(i);
    for (const QString& text : shown)
        if (textWidth(c, text) + iconW > field.width() - 2 + kSlack)
            out << QStringLiteral("cut: %1 shows \"%2\" in %3 px").arg(describe(c), text).arg(field.width());
    // The open list: as wide as its longest entry.
    const int popup = std::max(c->width(), c->view()->minimumWidth());
    if (c->count() > 0 && c->view()->sizeHintForColumn(0) > popup + kSlack)
        out << QStringLiteral("cut: %1's list needs %2 px, opens %3 px wide").arg(describe(c)).arg(c->view()->sizeHintForColumn(0)).arg(popup);
}

void checkTabs(const QTabBar* t, QStringList& out)
{
    const int pad = t->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, t);
    for (int i = 0; i < t->count(); ++i) {
        if (!t->isTabVisible(i))
            continue;
        const int need = textWidth(t, t->tabText(i)) + pad - 4;
        if (t->tabRect(i).width() + kSlack < need)
            out << QStringLiteral("elided: tab \"%1\" of %2 needs %3 px, has %4")
                       .arg(t->tabText(i), describe(t))
                       .arg(need)
                       .arg(t->tabRect(i).width());
    }
    for (const QToolButton* scroll : t->findChildren<QToolButton*>(Qt::FindDirectChildrenOnly))
        if (scroll->isVisible())
            out << QStringLiteral("cut: %1's tabs do not fit (scroll arrows shown)").arg(describe(t));
}

void checkScrollArea(const QAbstractScrollArea* a, QStringList& out)
{
    if (const auto* s = qobject_cast<const QScrollArea*>(a); s && s->widget() && s->widget()->isVisible()) {
        if (s->widget()->width() > s->viewport()->width() + kSlack && !s->horizontalScrollBar()->isVisible())
            out << QStringLiteral("cut: %1 clips its %2 px wide content to %3 px").arg(describe(a)).arg(s->widget()->width()).arg(s->viewport()->width());
    }
    const bool quiz = a->objectName() == QLatin1String("quizScroll");
    if ((quiz || qobject_cast<const QTextEdit*>(a)) && a->horizontalScrollBar()->isVisible())
        out << QStringLiteral("scrolls sideways: %1").arg(describe(a));
    if (const auto* table = qobject_cast<const QTableView*>(a)) {
        const QHeaderView* h = table->horizontalHeader();
        if (h->isVisible() && h->length() > table->viewport()->width() + kSlack)
            out << QStringLiteral("cut: %1's columns need %2 px, it shows %3").arg(describe(a)).arg(h->length()).arg(table->viewport()->width());
        for (int c = 0; c < h->count(); ++c)
            if (!h->isSectionHidden(c) && h->sectionSize(c) + kSlack < h->sectionSizeHint(c))
                out << QStringLiteral("cut: column %1 of %2").arg(table->model()->headerData(c, Qt::Horizontal).toString(), describe(a));
    }
}

/// Qt Charts elides the names of a legend that has no room for them (or shows bare swatches), and
/// an axis title longer than its side of the plot.
void checkChart(const QChartView* v, QStringList& out)
{
    for (const QAbstractAxis* axis : v->chart()->axes()) {
        if (!axis->isVisible() || !axis->isTitleVisible() || axis->titleText().isEmpty())
            continue;
        const QRectF plot = v->chart()->plotArea();
        const double side = axis->orientation() == Qt::Vertical ? plot.height() : plot.width();
        if (QFontMetrics(axis->titleFont()).horizontalAdvance(axis->titleText()) > side)
            out << QStringLiteral("elided: the axis title \"%1\" of %2").arg(axis->titleText(), describe(v));
    }
    const QLegend* legend = v->chart()->legend();
    if (!legend->isVisible())
        return;
    const QFontMetrics fm(legend->font());
    int need = 0;
    for (const QLegendMarker* m : legend->markers())
        need += fm.horizontalAdvance(m->label()) + 2 * fm.height(); // the swatch and the gaps
    if (need > legend->geometry().width())
        out << QStringLiteral("elided: the legend of %1 needs %2 px, has %3").arg(describe(v)).arg(need).arg(int(legend->geometry().width()));
}

/// The painted timeline: its whole legend (or, where the view is too short for it and the lanes,
/// a one-line strip ending "+N more (F1)"), every entry inside the view, its lanes' names, the
/// measure badge clear of the ticks.
void checkTimeline(const TimelineView* t, QStringList& out)
{
    if (!t->model())
        return;
    const TimelineDrawList& d = t->drawList();
    for (const TimelineLayout::LegendItem& item : d.layout.legendItems()) {
        if (item.entry < 0 && t->theme().legendMaxLines != 1)
            out << QStringLiteral("elided: the timeline's legend ends in \"%1\"").arg(TimelineLayout::legendMore(0));
        if (item.box.right() > t->width() + kSlack)
            out << QStringLiteral("cut: a timeline legend entry ends at %1 px in a view %2 px wide").arg(int(item.box.right())).arg(t->width());
    }
    for (int lane = 0; lane < t->model()->laneCount(); ++lane)
        if (d.layout.laneRect(lane).height() > 0 && !TimelineLayout::laneLabelFits(TimelineStyle::laneName(*t->model(), lane), t->theme(), d.layout.laneRect(lane).height()))
            out << QStringLiteral("elided: lane name \"%1\"").arg(TimelineStyle::laneName(*t->model(), lane));
    if (const auto range = t->measuredRange()) {
        const QRectF badge = TimelineRenderer::measureBadge(d, *range, t->theme());
        for (const auto& [box, text] : TimelineRenderer::tickLabels(d, t->theme(), badge))
            if (box.intersects(badge))
                out << QStringLiteral("overlap: the measure badge covers the tick \"%1\"").arg(text);
    }
}

bool isText(const QWidget* w)
{
    if (const auto* l = qobject_cast<const QLabel*>(w))
        return !l->text().isEmpty();
    if (const auto* b = qobject_cast<const QAbstractButton*>(w))
        return !b->text().isEmpty();
    return qobject_cast<const QComboBox*>(w);
}

/// Inside a scroll area's viewport a widget may extend past it: that part scrolls.
bool scrolls(const QWidget* w)
{
    const QWidget* p = w->parentWidget();
    const auto* area = p ? qobject_cast<const QAbstractScrollArea*>(p->parentWidget()) : nullptr;
    return area && area->viewport() == p;
}

void checkWidget(const QWidget* w, QStringList& out)
{
    if (const QWidget* p = w->parentWidget(); p && !w->isWindow() && !scrolls(w) &&
                                               !QRect(QPoint(), p->size()).adjusted(-kSlack, -kSlack, kSlack, kSlack).contains(w->geometry()))
        out << QStringLiteral("outside its parent: %1 at %2,%3 %4x%5 in %6x%7")
                   .arg(describe(w))
                   .arg(w->x())
                   .arg(w->y())
                   .arg(w->width())
                   .arg(w->height())
                   .arg(p->width())
                   .arg(p->height());
    if (const auto* l = qobject_cast<const QLabel*>(w))
        checkLabel(l, out);
    else if (const auto* b = qobject_cast<const QAbstractButton*>(w))
        checkButton(b, out);
    else if (const auto* c = qobject_cast<const QComboBox*>(w))
        checkCombo(c, out);
    else if (const auto* t = qobject_cast<const QTabBar*>(w))
        checkTabs(t, out);
    else if (const auto* tl = qobject_cast<const TimelineView*>(w))
        checkTimeline(tl, out);
    else if (const auto* tb = qobject_cast<const QToolBar*>(w)) {
        if (const auto* more = tb->findChild<QToolButton*>(QStringLiteral("qt_toolbar_ext_button")); more && more->isVisible())
            out << QStringLiteral("hidden: %1 keeps items behind its \"»\"").arg(describe(tb));
    }
    if (const auto* v = qobject_cast<const QChartView*>(w))
        checkChart(v, out);
    else if (const auto* a = qobject_cast<const QAbstractScrollArea*>(w))
        checkScrollArea(a, out);
}

bool isAncestor(const QWidget* a, const QWidget* b)
{
    for (const QWidget* p = b->parentWidget(); p; p = p->parentWidget())
        if (p == a)
            return true;
    return false;
}

/// Text widgets drawn over each other: their visible parts (clipped by their ancestors) meet.
void checkOverlaps(const QWidget* window, const QList<const QWidget*>& texts, QStringList& out)
{
    QList<QRect> rects;
    for (const QWidget* w : texts)
        rects << w->visibleRegion().boundingRect().translated(w->mapTo(window, QPoint()));
    for (qsizetype i = 0; i < texts.size(); ++i)
        for (qsizetype j = i + 1; j < texts.size(); ++j)
            if (!rects[i].isEmpty() && rects[i].intersects(rects[j]) && !isAncestor(texts[i], texts[j]) && !isAncestor(texts[j], texts[i]))
                out << QStringLiteral("overlap: %1 and %2").arg(describe(texts[i]), describe(texts[j]));
}

/// A tabbed dock behind its tab (or a page) is kept "visible" by Qt but parked outside its parent:
/// nothing under it can be seen.
bool parked(const QWidget* w, const QWidget* window)
{
    for (; w && w != window; w = w->parentWidget())
        if (const QWidget* p = w->parentWidget(); p && !QRect(QPoint(), p->size()).intersects(w->geometry()))
            return true;
    return false;
}

void checkWindow(QWidget* window, const QRect& screen, QStringList& out)
{
    if (!screen.contains(window->frameGeometry()))
        out << QStringLiteral("outside the screen: %1 at %2,%3 %4x%5 (screen %6x%7)")
                   .arg(describe(window))
                   .arg(window->frameGeometry().x())
                   .arg(window->frameGeometry().y())
                   .arg(window->frameGeometry().width())
                   .arg(window->frameGeometry().height())
                   .arg(screen.width())
                   .arg(screen.height());
    QList<const QWidget*> texts;
    for (const QWidget* w : window->findChildren<QWidget*>()) {
        if (!w->isVisible() || w->isWindow() || w->width() <= 0 || w->height() <= 0 || parked(w, window))
            continue;
        checkWidget(w, out);
        if (isText(w) && !w->visibleRegion().isEmpty())
            texts << w;
    }
    checkOverlaps(window, texts, out);
}

} // namespace

void settle()
{
    // A wrapped label's new height, then its parent's minimum, then the dock's: a few rounds.
    for (int i = 0; i < 8; ++i) {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::processEvents();
    }
}

QStringList problems(QWidget* window, const QRect& screen)
{
    QStringList out;
    checkWindow(window, screen, out);
    for (QWidget* w : QApplication::topLevelWidgets())
        if (w != window && w->isVisible() && !(w->windowType() == Qt::Popup || w->windowType() == Qt::ToolTip) && isAncestor(window, w))
            checkWindow(w, screen, out);
    out.removeDuplicates();
    return out;
}

QString describe(const QWidget* w)
{
    QString text;
    if (const auto* l = qobject_cast<const QLabel*>(w))
        text = l->text();
    else if (const auto* b = qobject_cast<const QAbstractButton*>(w))
        text = b->text();
    else if (const auto* c = qobject_cast<const QComboBox*>(w))
        text = c->currentText();
    else
        text = w->windowTitle();
    text = text.simplified();
    if (text.size() > 40)
        text = text.left(40) + QStringLiteral("…");
    QString name = QString::fromLatin1(w->metaObject()->className());
    if (!w->objectName().isEmpty())
        name += QLatin1Char('#') + w->objectName();
    return text.isEmpty() ? name : QStringLiteral("%1 \"%2\"").arg(name, text);
}

} // namespace LayoutCheck

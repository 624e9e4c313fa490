// SPDX-License-Identifier: MIT
#include "timelineview.h"

#include "timeline/draw/timelinebindings.h"
#include "common/model/summarytext.h"
#include "timeline/draw/stacktext.h"
#include "timeline/draw/stepmarks.h"
#include "timeline/draw/timelinestyle.h"

#include "timeline/model/tracemodel.h"

#include <QHelpEvent>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

using loaderscope::EventKind;

namespace {
constexpr double kKeyZoom = 1.5;   ///< W/S, +/-
constexpr double kKeyPan = 0.2;    ///< A/D: a fifth of the view
} // namespace

TimelineView::TimelineView(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::StrongFocus);
    m_timer.setInterval(33); // at most 30 repaints a second
    connect(&m_timer, &QTimer::timeout, this, &TimelineView::tick);
    m_timer.start();
    setController(new ViewportController(this));
}

void TimelineView::setController(ViewportController* controller)
{
    if (m_controller)
        m_controller->disconnect(this);
    m_controller = controller;
    connect(controller, &ViewportController::viewportChanged, this, [this](const Viewport& v) {
        m_dirty = true;
        update();
        emit viewportChanged(v);
    });
    connect(controller, &ViewportController::followingChanged, this, &TimelineView::followingChanged);
    m_dirty = true;
    update();
}

void TimelineView::setModel(TraceModel* model)
{
    m_model = model;
    m_dirty = true;
    m_drawList.reset();
    updateGeometry();
    update();
    refitLegend();
}

QSize TimelineView::sizeHint() const
{
    const double w = std::max(400, width());
    return QSize(900, m_model ? int(TimelineRenderer::totalHeight(*m_model, m_theme, w) +
                                    TimelineRenderer::overlayHeight(painted(), m_theme, w)) + 4
                              : 300);
}

QSize TimelineView::minimumSizeHint() const
{
    return QSize(400, sizeHint().height());
}

double TimelineView::laneCenterY(int lane) const
{
    if (!m_model || lane < 0 || lane >= m_model->laneCount())
        return 0;
    return drawList().layout.laneRect(lane).center().y();
}

void TimelineView::setOverlay(const TimelineOverlay& overlay)
{
    m_overlay = overlay;
    m_dirty = true;
    m_drawList.reset(); // the caption's room changes the lanes' heights
    updateGeometry();
    update();
    refitLegend();
}

void TimelineView::setCaptionShownOutside(bool outside)
{
    m_captionOutside = outside;
    setOverlay(m_overlay);
}

TimelineOverlay TimelineView::painted() const
{
    TimelineOverlay o = m_overlay;
    if (m_captionOutside)
        o.caption.clear();
    return o;
}

void TimelineView::setTheme(const TimelineTheme& theme)
{
    m_theme = theme;
    m_theme.legendMaxLines = 0; // the whole legend (a capped one reads "+2 more (F1)")
    m_dirty = true;
    m_drawList.reset();
    updateGeometry();
    update();
    refitLegend();
}

void TimelineView::fitLegendTo(QWidget* viewport)
{
    m_legendViewport = viewport;
    viewport->installEventFilter(this);
    refitLegend();
}

void TimelineView::refitLegend()
{
    if (!m_model || !m_legendViewport)
        return;
    // What the view would need with the whole legend, against what the viewport shows.
    TimelineTheme whole = m_theme;
    whole.legendMaxLines = 0;
    const double w = std::max(400, width());
    const double need = TimelineRenderer::totalHeight(*m_model, whole, w) + TimelineRenderer::overlayHeight(painted(), whole, w) + 4;
    const int lines = need > m_legendViewport->height() ? 1 : 0;
    emit roomChanged();
    if (lines == m_theme.legendMaxLines)
        return;
    m_theme.legendMaxLines = lines;
    m_dirty = true;
    m_drawList.reset();
    updateGeometry();
    update();
}

bool TimelineView::eventFilter(QObject* watched, QEvent* e)
{
    if (watched == m_legendViewport && e->type() == QEvent::Resize)
        refitLegend();
    return QWidget::eventFilter(watched, e);
}

void TimelineView::setHighlightedBatch(qint64 key)
{
    if (m_marks.highlightBatch == key)
        return;
    m_marks.highlightBatch = key;
    m_dirty = true;
    update();
    emit batchSelected(key);
}

void TimelineView::setMeasuredRange(std::optional<std::pair<qint64, qint64>> range)
{
    m_marks.range = range;
    m_dirty = true;
    update();
    emit rangeMeasured(range);
}

void TimelineView::clearMarks()
{
    m_selection.reset();
    setHighlightedBatch(-1);
    if (m_marks.range)
        setMeasuredRange(std::nullopt);
    emit selectionChanged(std::nullopt);
}

void TimelineView::zoomToFit()
{
    if (m_model)
        m_controller->setDataEnd(m_model->endTime());
    m_controller->zoomToFit();
}

void TimelineView::zoomBy(double factor, double anchorX)
{
    const TimeMapper map = TimelineRenderer::mapper(viewport(), QRectF(rect()), m_theme);
    m_controller->zoomBy(factor, map.t(std::clamp(anchorX, map.x0(), map.x0() + map.width())));
}

void TimelineView::zoomAtCursor(double factor)
{
    const QPoint cursor = mapFromGlobal(QCursor::pos());
    const TimeMapper map = TimelineRenderer::mapper(viewport(), QRectF(rect()), m_theme);
    const bool inside = rect().contains(cursor) && cursor.x() >= map.x0();
    zoomBy(factor, inside ? double(cursor.x()) : map.x0() + map.width() / 2);
}

void TimelineView::tick()
{
    if (!m_model)
        return;
    const bool grew = m_model->generation() != m_drawnGeneration;
    if (grew) {
        m_controller->setDataEnd(m_model->endTime()); // follow-live moves the view
        refitLegend(); // lanes and legend entries come as kinds appear
        if (sizeHint().height() != height())
            updateGeometry(); // the legend gains entries as kinds appear
    }
    if (grew || m_dirty)
        update();
}

const TimelineDrawList& TimelineView::drawList() const
{
    const Viewport v = viewport();
    if (!m_drawList || m_listGeneration != m_model->generation() || m_listViewport.t0 != v.t0 || m_listViewport.t1 != v.t1 ||
        m_listSize != size()) {
        m_drawList = TimelineDrawList::prepare(*m_model, QRectF(rect()), v, m_theme,
                                               TimelineRenderer::overlayHeight(painted(), m_theme, width()));
        m_listGeneration = m_model->generation();
        m_listViewport = v;
        m_listSize = size();
    }
    return *m_drawList;
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    if (!m_model) {
        p.fillRect(rect(), m_theme.background);
        return;
    }
    TimelineRenderer::paint(p, drawList(), *m_model, m_theme, m_marks, painted());
    m_drawnGeneration = m_model->generation();
    m_dirty = false;
}

void TimelineView::wheelEvent(QWheelEvent* e)
{
    const double steps = e->angleDelta().y() / 120.0;
    if (steps != 0)
        zoomBy(std::pow(1.25, steps), e->position().x());
    e->accept();
}

void TimelineView::keyPressEvent(QKeyEvent* e)
{
    // The keys are those of the bindings table (timeline/draw/timelinebindings.h): the README and the
    // Shortcuts dialog read the same table.
    using TimelineBindings::Action;
    Action action;
    if (!TimelineBindings::actionForKey(e->key(), action)) {
        QWidget::keyPressEvent(e);
        return;
    }
    switch (action) {
    case Action::ZoomIn: zoomAtCursor(kKeyZoom); break;
    case Action::ZoomOut: zoomAtCursor(1.0 / kKeyZoom); break;
    case Action::PanBack: m_controller->panBy(-kKeyPan); break;
    case Action::PanForward: m_controller->panBy(kKeyPan); break;
    case Action::ClearMarks:
        if (!m_selection && m_marks.highlightBatch < 0 && !m_marks.range) {
            e->ignore(); // nothing to clear: the window may close on Esc (Compare, Ranks)
            return;
        }
        clearMarks();
        break;
    case Action::ZoomBack: m_controller->zoomBack(); break;
    default:
        QWidget::keyPressEvent(e);
        return;
    }
    e->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* e)
{
    setFocus(Qt::MouseFocusReason);
    m_pressPos = e->position();
    m_pressViewport = viewport();
    m_moved = false;
    // A drag measures a time range; with Shift, or the middle button, it pans (the bindings table).
    TimelineBindings::Action action;
    if (!TimelineBindings::actionForDrag(e->button(), e->modifiers(), action))
        m_drag = Drag::None;
    else
        m_drag = action == TimelineBindings::Action::Pan ? Drag::Pan : Drag::Measure;
}

void TimelineView::mouseMoveEvent(QMouseEvent* e)
{
    if (m_drag == Drag::None)
        return;
    const double dx = e->position().x() - m_pressPos.x();
    if (std::abs(dx) <= 3 && !m_moved)
        return;
    const TimeMapper map = TimelineRenderer::mapper(m_pressViewport, QRectF(rect()), m_theme);
    if (m_drag == Drag::Pan) {
        if (!m_moved)
            m_controller->setUserViewport(m_pressViewport); // one step in the zoom history
        const qint64 dt = qint64(dx * double(m_pressViewport.duration()) / map.width());
        m_controller->setViewport({m_pressViewport.t0 - dt, m_pressViewport.t1 - dt});
    } else {
        const auto clampX = [&map](double x) { return std::clamp(x, map.x0(), map.x0() + map.width()); };
        const qint64 a = map.t(clampX(m_pressPos.x())), b = map.t(clampX(e->position().x()));
        setMeasuredRange(std::pair<qint64, qint64>(std::min(a, b), std::max(a, b)));
    }
    m_moved = true;
}

void TimelineView::mouseReleaseEvent(QMouseEvent* e)
{
    const Drag drag = m_drag;
    m_drag = Drag::None;
    if (m_moved || drag != Drag::Measure || !m_model || e->button() != Qt::LeftButton)
        return;
    // A Python stack's mark: its text in the details pane.
    if (const loaderscope::ThreadStack* stack = stackAt(e->position())) {
        emit stackSelected(*stack);
        return;
    }
    // A click selects what is under the cursor and highlights its batch's whole path (a folded
    // mark of one batch selects that batch).
    m_selection = drawList().hitTest(e->position());
    if (m_marks.range)
        setMeasuredRange(std::nullopt);
    setHighlightedBatch(m_selection && m_selection->item.batch >= 0 ? m_selection->item.batch : -1);
    emit selectionChanged(m_selection);
}

const loaderscope::ThreadStack* TimelineView::stackAt(const QPointF& pos) const
{
    if (!m_model || m_model->stacks().empty())
        return nullptr;
    const TimelineDrawList& d = drawList();
    const int li = d.layout.laneAt(pos.y());
    if (li < 0 || li >= m_model->laneCount() || pos.x() < d.map.x0() - 4 || pos.x() > d.map.x0() + d.map.width() + 4)
        return nullptr;
    const TraceModel::Lane& lane = m_model->lane(li);
    if (lane.kind != TraceModel::LaneKind::Worker && lane.kind != TraceModel::LaneKind::Main)
        return nullptr;
    const qint64 t = d.map.t(pos.x());
    const qint64 tolerance = std::abs(d.map.t(pos.x() + 5.0) - t); // the mark's tab is 8 px wide
    return m_model->stackNear(lane.kind == TraceModel::LaneKind::Worker ? lane.worker : loaderscope::LaneMain, t, tolerance);
}

QString TimelineView::markAt(const QPointF& pos) const
{
    if (!m_model || m_model->marks().marks().empty())
        return {};
    const TimelineDrawList& d = drawList();
    const int li = d.layout.laneAt(pos.y());
    if (li < 0 || li >= m_model->laneCount() || m_model->lane(li).kind != TraceModel::LaneKind::Main)
        return {};
    const qint64 t = d.map.t(pos.x());
    const qint64 tolerance = std::abs(d.map.t(pos.x() + 5.0) - t); // the flag is 7 px wide
    const qint64 origin = qint64(m_model->origin());
    QStringList lines;
    for (const loaderscope::RunMark* m : StepMarks::between(*m_model, t - tolerance, t + tolerance))
        if (m->kind == loaderscope::RunMark::Kind::Declared)
            lines << QStringLiteral("<b>%1</b><br>%2")
                         .arg(StepMarks::describe(*m).toHtmlEscaped(),
                              tr("at %1").arg(SummaryText::duration(double(qint64(m->t) - origin) * 1e-9)));
    return lines.join(QStringLiteral("<br>"));
}

void TimelineView::contextMenuEvent(QContextMenuEvent* e)
{
    QMenu menu(this);
    QAction* show = menu.addAction(tr("Show Python stacks of the job's threads"));
    show->setEnabled(m_stacksAvailable);
    if (!m_stacksAvailable)
        show->setToolTip(tr("Only a live watched PyTorch job has Python stacks to take"));
    if (const loaderscope::ThreadStack* stack = stackAt(e->pos())) {
        const loaderscope::ThreadStack copy = *stack;
        QAction* read = menu.addAction(tr("Read this stack"));
        connect(read, &QAction::triggered, this, [this, copy] { emit stackSelected(copy); });
    }
    if (menu.exec(e->globalPos()) == show)
        emit stacksRequested();
}

QString TimelineView::detailsAt(const QPointF& pos) const
{
    if (!m_model)
        return {};
    if (const loaderscope::ThreadStack* stack = stackAt(pos))
        return StackText::html(*m_model, *stack, false);
    if (const QString mark = markAt(pos); !mark.isEmpty())
        return mark;
    const auto hit = drawList().hitTest(pos);
    return hit ? describe(*hit) : QString();
}

QString TimelineView::describe(const TimelineHit& hit) const
{
    const SpanRec& s = hit.item.span;
    QStringList lines;
    if (hit.item.folded()) {
        const qint64 dur = hit.item.t1 - hit.item.t0;
        lines << QStringLiteral("<b>%1</b>").arg(tr("%1 spans folded here").arg(hit.item.count));
        lines << TimelineStyle::laneName(*m_model, hit.lane).toHtmlEscaped();
        if (hit.item.batch >= 0)
            lines << tr("batch %1, epoch %2").arg(loaderscope::batchKeyTask(hit.item.batch)).arg(loaderscope::batchKeyEpoch(hit.item.batch));
        lines << tr("over %1: zoom in (W, or the wheel) to see them").arg(SummaryText::duration(double(dur) * 1e-9));
        return lines.join(QStringLiteral("<br>"));
    }
    const qint64 dur = s.t1 - s.t0;
    lines << QStringLiteral("<b>%1</b>").arg(TimelineStyle::kindName(s.kind, s.arg).toHtmlEscaped());
    lines << TimelineStyle::laneName(*m_model, hit.lane).toHtmlEscaped();
    if (s.batch >= 0)
        lines << tr("batch %1, epoch %2").arg(loaderscope::batchKeyTask(s.batch)).arg(loaderscope::batchKeyEpoch(s.batch));
    switch (EventKind(s.kind)) {
    case EventKind::Fetch: lines << tr("sample %1").arg(s.arg); break;
    case EventKind::Collate: lines << tr("%1 samples").arg(s.arg); break;
    case EventKind::WaitData:
        if (s.batch >= 0)
            lines << (s.arg >= 0 ? tr("made by worker %1").arg(s.arg) : tr("made in the main process"));
        break;
    case EventKind::H2DCopy:
        lines << tr("%1 KiB from %2 memory").arg(s.arg).arg(s.flags & 1 ? tr("pinned") : tr("pageable"));
        break;
    case EventKind::PinCopy: lines << tr("%1 KiB").arg(s.arg); break;
    case EventKind::HeadOfLine: lines << tr("%1 later batches ready").arg(s.arg); break;
    default: break;
    }
    lines << tr("duration %1").arg(SummaryText::duration(double(dur) * 1e-9));
    return lines.join(QStringLiteral("<br>"));
}

bool TimelineView::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const QString text = detailsAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

void TimelineView::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange) {
        m_dirty = true; // painted labels are translated at paint time
        m_drawList.reset(); // the legend's texts too
        update();
    }
    QWidget::changeEvent(e);
}

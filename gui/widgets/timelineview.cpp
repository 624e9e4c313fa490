// SPDX-License-Identifier: MIT
#include "timelineview.h"

#include "core/tracemodel.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

using loaderscope::EventKind;

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
    updateGeometry();
    update();
}

QSize TimelineView::sizeHint() const
{
    return QSize(900, m_model ? int(TimelineRenderer::totalHeight(*m_model, m_theme) +
                                    TimelineRenderer::overlayHeight(m_overlay, m_theme, std::max(400, width()))) + 4
                              : 300);
}

void TimelineView::setOverlay(const TimelineOverlay& overlay)
{
    m_overlay = overlay;
    m_dirty = true;
    updateGeometry();
    update();
}

QSize TimelineView::minimumSizeHint() const
{
    return QSize(400, sizeHint().height());
}

void TimelineView::setTheme(const TimelineTheme& theme)
{
    m_theme = theme;
    m_dirty = true;
    updateGeometry();
    update();
}

void TimelineView::setHighlightedBatch(qint64 key)
{
    if (m_highlight == key)
        return;
    m_highlight = key;
    m_dirty = true;
    update();
    emit batchSelected(key);
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

void TimelineView::tick()
{
    if (!m_model)
        return;
    const bool grew = m_model->generation() != m_drawnGeneration;
    if (grew)
        m_controller->setDataEnd(m_model->endTime()); // follow-live moves the view
    if (grew || m_dirty)
        update();
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    if (!m_model) {
        p.fillRect(rect(), m_theme.background);
        return;
    }
    m_stats = TimelineRenderer::paint(p, QRectF(rect()), *m_model, viewport(), m_theme, m_highlight, m_overlay);
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

void TimelineView::mousePressEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton) {
        m_pressPos = e->position();
        m_pressViewport = viewport();
        m_dragging = false;
    }
}

void TimelineView::mouseMoveEvent(QMouseEvent* e)
{
    if (e->buttons() & Qt::LeftButton) {
        const double dx = e->position().x() - m_pressPos.x();
        if (std::abs(dx) > 3 && !m_dragging) {
            m_dragging = true;
            m_controller->setUserViewport(m_pressViewport); // one step in the zoom history
        }
        if (m_dragging) {
            const TimeMapper map = TimelineRenderer::mapper(m_pressViewport, QRectF(rect()), m_theme);
            const qint64 dt = qint64(dx * double(m_pressViewport.duration()) / map.width());
            m_controller->setViewport({m_pressViewport.t0 - dt, m_pressViewport.t1 - dt});
        }
    }
}

void TimelineView::mouseReleaseEvent(QMouseEvent* e)
{
    if (e->button() != Qt::LeftButton || m_dragging || !m_model)
        return;
    // A click selects the batch under the cursor and highlights its whole path.
    const auto hit = TimelineRenderer::hitTest(*m_model, QRectF(rect()), viewport(), m_theme, e->position());
    setHighlightedBatch(hit && hit->foldedCount == 1 && hit->span.batch >= 0 ? hit->span.batch : -1);
}

QString TimelineView::detailsAt(const QPointF& pos) const
{
    if (!m_model)
        return {};
    const auto hit = TimelineRenderer::hitTest(*m_model, QRectF(rect()), viewport(), m_theme, pos);
    if (!hit)
        return {};
    const SpanRec& s = hit->span;
    const qint64 dur = s.t1 - s.t0;
    const QString duration = TimelineRenderer::formatTime(dur, dur < 100'000 ? 1 : dur);
    if (hit->foldedCount > 1)
        return tr("%1 spans folded here: zoom in to see them").arg(hit->foldedCount);
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(TimelineRenderer::kindName(s.kind, s.arg).toHtmlEscaped());
    lines << TimelineRenderer::laneName(*m_model, hit->lane).toHtmlEscaped();
    if (s.batch >= 0) {
        const int epoch = loaderscope::batchKeyEpoch(s.batch);
        lines << tr("batch %1, epoch %2").arg(loaderscope::batchKeyTask(s.batch)).arg(epoch);
    }
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
    default: break;
    }
    lines << tr("duration %1").arg(duration);
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
        update();
    }
    QWidget::changeEvent(e);
}

// SPDX-License-Identifier: MIT
#include "timelineview.h"

#include "core/tracemodel.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

using loaderscope::EventKind;

namespace {
constexpr qint64 kFollowWindowNs = 10'000'000'000LL; ///< follow mode shows the last 10 s at most
constexpr qint64 kMinWindowNs = 1000;                ///< 1 µs: the deepest zoom
}

TimelineView::TimelineView(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::StrongFocus);
    m_timer.setInterval(33); // at most 30 repaints a second
    connect(&m_timer, &QTimer::timeout, this, &TimelineView::tick);
    m_timer.start();
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

void TimelineView::setFollowing(bool follow)
{
    if (m_follow == follow)
        return;
    m_follow = follow;
    emit followingChanged(follow);
    m_dirty = true;
}

void TimelineView::setViewport(const Viewport& v)
{
    applyViewport(v, false);
}

void TimelineView::applyViewport(const Viewport& v, bool userAction)
{
    Viewport n = v;
    if (n.t1 - n.t0 < kMinWindowNs)
        n.t1 = n.t0 + kMinWindowNs;
    if (userAction)
        setFollowing(false); // the user takes over from follow-live
    if (n.t0 == m_viewport.t0 && n.t1 == m_viewport.t1)
        return;
    m_viewport = n;
    m_dirty = true;
    update();
    emit viewportChanged(m_viewport);
}

void TimelineView::zoomToFit()
{
    if (!m_model)
        return;
    const qint64 end = std::max<qint64>(m_model->endTime(), 1'000'000);
    applyViewport({0, end + end / 50}, false);
}

void TimelineView::zoomBy(double factor, double anchorX)
{
    const TimeMapper map = TimelineRenderer::mapper(m_viewport, QRectF(rect()), m_theme);
    const qint64 anchor = map.t(std::clamp(anchorX, map.x0(), map.x0() + map.width()));
    const double d = double(m_viewport.duration()) / factor;
    const double frac = double(anchor - m_viewport.t0) / double(m_viewport.duration());
    const qint64 t0 = anchor - qint64(d * frac);
    applyViewport({t0, t0 + std::max<qint64>(kMinWindowNs, qint64(d))}, true);
}

void TimelineView::tick()
{
    if (!m_model)
        return;
    const bool grew = m_model->generation() != m_drawnGeneration;
    if (m_follow && grew) {
        const qint64 end = std::max<qint64>(m_model->endTime(), 1'000'000);
        const qint64 window = std::min(end + end / 50, kFollowWindowNs);
        applyViewport({std::max<qint64>(0, end + end / 50 - window), end + end / 50}, false);
    }
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
    m_stats = TimelineRenderer::paint(p, QRectF(rect()), *m_model, m_viewport, m_theme, m_highlight, m_overlay);
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
        m_pressViewport = m_viewport;
        m_dragging = false;
    }
}

void TimelineView::mouseMoveEvent(QMouseEvent* e)
{
    if (e->buttons() & Qt::LeftButton) {
        const double dx = e->position().x() - m_pressPos.x();
        if (std::abs(dx) > 3)
            m_dragging = true;
        if (m_dragging) {
            const TimeMapper map = TimelineRenderer::mapper(m_pressViewport, QRectF(rect()), m_theme);
            const qint64 dt = qint64(dx * double(m_pressViewport.duration()) / map.width());
            applyViewport({m_pressViewport.t0 - dt, m_pressViewport.t1 - dt}, true);
        }
    }
}

void TimelineView::mouseReleaseEvent(QMouseEvent* e)
{
    if (e->button() != Qt::LeftButton || m_dragging || !m_model)
        return;
    // A click selects the batch under the cursor and highlights its whole path.
    const auto hit = TimelineRenderer::hitTest(*m_model, QRectF(rect()), m_viewport, m_theme, e->position());
    setHighlightedBatch(hit && hit->foldedCount == 1 && hit->span.batch >= 0 ? hit->span.batch : -1);
}

QString TimelineView::detailsAt(const QPointF& pos) const
{
    if (!m_model)
        return {};
    const auto hit = TimelineRenderer::hitTest(*m_model, QRectF(rect()), m_viewport, m_theme, pos);
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

// SPDX-License-Identifier: MIT
// The live timeline widget: paints through TimelineRenderer, zooms with the wheel around the
// cursor, pans by drag, shows details on hover, highlights a batch's path on click, and follows
// the present until the user zooms or pans. Redraws at most 30 times a second, and only when the
// model or the view changed.
#pragma once

#include "core/timelinerenderer.h"
#include "core/viewportcontroller.h"

#include <QPointer>
#include <QTimer>
#include <QWidget>

class TraceModel;

class TimelineView : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);
    void setModel(TraceModel* model);
    TraceModel* model() const { return m_model; }

    /// The view's time range comes from `controller` (shared by every view that must move with
    /// this one); by default the view has its own.
    void setController(ViewportController* controller);
    ViewportController* controller() const { return m_controller; }
    Viewport viewport() const { return m_controller->viewport(); }
    void setViewport(const Viewport& v) { m_controller->setViewport(v); }
    bool following() const { return m_controller->following(); }
    qint64 highlightedBatch() const { return m_highlight; }
    void setHighlightedBatch(qint64 key);
    const TimelineTheme& theme() const { return m_theme; }
    void setTheme(const TimelineTheme& theme);
    const RenderStats& lastStats() const { return m_stats; }
    const TimelineOverlay& overlay() const { return m_overlay; }
    void setOverlay(const TimelineOverlay& overlay);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    /// Detail text for the span under `pos` (hover), empty if none. Translated.
    QString detailsAt(const QPointF& pos) const;

public slots:
    void setFollowing(bool follow) { m_controller->setFollowing(follow); }
    void zoomToFit();
    /// Zooms by `factor` around the time under the x coordinate `anchorX` (a user zoom).
    void zoomBy(double factor, double anchorX);

signals:
    void viewportChanged(const Viewport& v);
    void followingChanged(bool follow);
    void batchSelected(qint64 key);

protected:
    void paintEvent(QPaintEvent*) override;
    void wheelEvent(QWheelEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void changeEvent(QEvent* e) override;
    bool event(QEvent* e) override;

private:
    void tick();

    QPointer<TraceModel> m_model;
    ViewportController* m_controller = nullptr;
    TimelineTheme m_theme = TimelineTheme::dark();
    RenderStats m_stats;
    TimelineOverlay m_overlay;
    QTimer m_timer;
    quint64 m_drawnGeneration = ~0ULL;
    bool m_dirty = true;
    qint64 m_highlight = -1;
    QPointF m_pressPos;
    Viewport m_pressViewport;
    bool m_dragging = false;
};

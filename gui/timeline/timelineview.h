// SPDX-License-Identifier: MIT
// The live timeline widget, with the interactions users of Perfetto, Nsight Systems and Tracy
// expect: wheel, W/S and +/- zoom around the cursor; A/D and the arrow keys pan (so does a drag
// with Shift or the middle button); a drag measures a time range; a click selects a span and its
// batch's whole path; Esc clears; Home shows the whole run. It paints a prepared draw list (kept
// for hit-testing) at most 30 times a second, and only when the model or the view changed.
#pragma once

#include "timeline/draw/timelinerenderer.h"
#include "timeline/draw/viewportcontroller.h"

#include "loaderscope/results/thread_stacks.h"

#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <optional>

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
    qint64 highlightedBatch() const { return m_marks.highlightBatch; }
    void setHighlightedBatch(qint64 key);
    /// The selected span or fold (a click), if any.
    const std::optional<TimelineHit>& selection() const { return m_selection; }
    /// The measured time range (a drag), if any.
    std::optional<std::pair<qint64, qint64>> measuredRange() const { return m_marks.range; }
    void setMeasuredRange(std::optional<std::pair<qint64, qint64>> range);
    const TimelineTheme& theme() const { return m_theme; }
    void setTheme(const TimelineTheme& theme);
    const RenderStats& lastStats() const { return m_drawList ? m_drawList->stats : m_noStats; }
    /// Where a lane's middle is drawn now (widget y), for scrolling it into view.
    double laneCenterY(int lane) const;
    const TimelineOverlay& overlay() const { return m_overlay; }
    void setOverlay(const TimelineOverlay& overlay);
    /// The overlay's caption is shown by the window above the view (always whole and in view),
    /// not painted under the lanes, where a short window scrolls it away. overlay() keeps it.
    void setCaptionShownOutside(bool outside);
    /// Follows `viewport`'s height (the scroll area the view is in): where the whole legend and
    /// the lanes do not fit in it, the legend is one line ending "+N more (F1)", so it never
    /// takes the lanes' place on a short screen.
    void fitLegendTo(QWidget* viewport);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    /// Detail text for the span under `pos` (hover), empty if none. Translated.
    QString detailsAt(const QPointF& pos) const;
    /// Detail text of a hit (the details pane and the hover tooltip). Translated, rich text.
    QString describe(const TimelineHit& hit) const;
    /// The Python stack whose mark is under `pos` (a few pixels either side), or null.
    const loaderscope::ThreadStack* stackAt(const QPointF& pos) const;
    /// The job's own mark (loaderscope.mark) under `pos` on the main lane, in words, or empty.
    QString markAt(const QPointF& pos) const;
    /// Whether the right-click menu offers Show stacks (a watched job is live: MainWindow says).
    void setStacksAvailable(bool available) { m_stacksAvailable = available; }
    /// The draw list for the current model, viewport, size and theme (prepared when one changed;
    /// layout tests read the legend, lanes and ticks from it). Needs a model.
    const TimelineDrawList& drawList() const;

public slots:
    void setFollowing(bool follow) { m_controller->setFollowing(follow); }
    void zoomToFit();
    /// Zooms by `factor` around the time under the x coordinate `anchorX` (a user zoom).
    void zoomBy(double factor, double anchorX);
    /// Zooms around the cursor if it is over the lanes, else around the middle.
    void zoomAtCursor(double factor);
    /// Clears the selection and the measured range (Esc).
    void clearMarks();

signals:
    void viewportChanged(const Viewport& v);
    void followingChanged(bool follow);
    void batchSelected(qint64 key);
    /// A span or fold was clicked (or the selection cleared: nullopt).
    void selectionChanged(const std::optional<TimelineHit>& hit);
    /// A Python stack's mark was clicked: the stack (valid until the model changes).
    void stackSelected(const loaderscope::ThreadStack& stack);
    /// Show stacks was chosen in the right-click menu.
    void stacksRequested();
    /// A time range was measured by dragging (or cleared: nullopt).
    void rangeMeasured(std::optional<std::pair<qint64, qint64>> range);
    /// The view's height need or the viewport it is shown in changed (lanes came, the legend
    /// refitted, the viewport was resized): what a short screen shows may have to be re-split.
    void roomChanged();

protected:
    void paintEvent(QPaintEvent*) override;
    void wheelEvent(QWheelEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void changeEvent(QEvent* e) override;
    void contextMenuEvent(QContextMenuEvent* e) override;
    bool event(QEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void tick();
    /// One legend line or all of them, for the followed viewport's height (fitLegendTo).
    void refitLegend();
    /// The overlay as painted: without the caption when the window shows it.
    TimelineOverlay painted() const;

    QPointer<TraceModel> m_model;
    ViewportController* m_controller = nullptr;
    /// The whole legend, wrapped: the view scrolls vertically, so no entry is left out.
    TimelineTheme m_theme = TimelineTheme::dark();
    TimelineOverlay m_overlay;
    bool m_captionOutside = false;
    QPointer<QWidget> m_legendViewport; ///< fitLegendTo's; null: the whole legend
    TimelineMarks m_marks;
    std::optional<TimelineHit> m_selection;
    QTimer m_timer;
    quint64 m_drawnGeneration = ~0ULL;
    bool m_dirty = true;
    mutable std::optional<TimelineDrawList> m_drawList;
    mutable quint64 m_listGeneration = ~0ULL;
    mutable Viewport m_listViewport;
    mutable QSize m_listSize;
    RenderStats m_noStats;
    enum class Drag { None, Pan, Measure } m_drag = Drag::None;
    QPointF m_pressPos;
    Viewport m_pressViewport;
    bool m_moved = false;
    bool m_stacksAvailable = false;
};

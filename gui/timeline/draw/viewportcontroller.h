// SPDX-License-Identifier: MIT
// The one owner of what part of a run's time is on screen (hotspot's FilterAndZoomStack is the
// model): the visible range, follow-live, zoom and pan, and a stack to zoom back out. Every view
// that shows time (timelines, the queue chart, stacked timelines) subscribes to one controller, so
// they move together and nothing is pushed to them by hand. GUI thread.
#pragma once

#include "timeline/draw/timelinerenderer.h"

#include <QObject>
#include <vector>

class ViewportController : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 kFollowWindowNs = 10'000'000'000LL; ///< follow-live shows the last 10 s at most
    static constexpr qint64 kMinWindowNs = 1000;                ///< 1 µs: the deepest zoom

    explicit ViewportController(QObject* parent = nullptr);
    Viewport viewport() const { return m_viewport; }
    bool following() const { return m_follow; }
    /// The end of the data (model time), for zoom-to-fit and follow-live.
    qint64 dataEnd() const { return m_end; }

public slots:
    /// A range chosen by the program (no zoom history, follow-live unchanged).
    void setViewport(const Viewport& v);
    /// A range chosen by the user: leaves follow-live, and can be undone with zoomBack().
    void setUserViewport(const Viewport& v);
    void setFollowing(bool follow);
    /// New data up to `end`: in follow-live the view moves to show it.
    void setDataEnd(qint64 end);
    /// The whole run.
    void zoomToFit();
    /// Zooms by `factor` (> 1 in) around the time `anchor`.
    void zoomBy(double factor, qint64 anchor);
    /// Moves the view by a share of its width (negative: back in time).
    void panBy(double fraction);
    /// The previous user zoom, if any.
    void zoomBack();

signals:
    void viewportChanged(const Viewport& v);
    void followingChanged(bool follow);

private:
    void apply(Viewport v);

    Viewport m_viewport;
    qint64 m_end = 0;
    bool m_follow = true;
    std::vector<Viewport> m_history; ///< ranges before user zooms, newest last
};

// SPDX-License-Identifier: MIT
#include "viewportcontroller.h"

#include <algorithm>

ViewportController::ViewportController(QObject* parent) : QObject(parent) {}

void ViewportController::apply(Viewport v)
{
    if (v.t1 - v.t0 < kMinWindowNs)
        v.t1 = v.t0 + kMinWindowNs;
    // Nothing happens before a run's start: a zoom out or pan near it keeps its width and starts
    // at 0 s (issue 47: Compare zoomed out to negative times).
    if (v.t0 < 0) {
        v.t1 -= v.t0;
        v.t0 = 0;
    }
    if (v.t0 == m_viewport.t0 && v.t1 == m_viewport.t1)
        return;
    m_viewport = v;
    emit viewportChanged(m_viewport);
}

void ViewportController::setViewport(const Viewport& v)
{
    apply(v);
}

void ViewportController::setUserViewport(const Viewport& v)
{
    if (m_history.empty() || m_history.back().t0 != m_viewport.t0 || m_history.back().t1 != m_viewport.t1)
        m_history.push_back(m_viewport);
    if (m_history.size() > 64)
        m_history.erase(m_history.begin());
    setFollowing(false); // the user takes over from follow-live
    apply(v);
}

void ViewportController::setFollowing(bool follow)
{
    if (m_follow == follow)
        return;
    m_follow = follow;
    emit followingChanged(follow);
    if (follow)
        setDataEnd(m_end);
}

void ViewportController::setDataEnd(qint64 end)
{
    m_end = std::max<qint64>(end, 0);
    if (!m_follow)
        return;
    // The last kFollowWindowNs of data (all of it while the run is shorter) and a margin of 2 % of
    // the window after it. A margin of 2 % of the run put the data out of a 10 s window after
    // eight minutes (37 s of margin at half an hour: empty lanes while the run went on).
    const qint64 e = std::max<qint64>(m_end, 1'000'000);
    const qint64 window = std::min(e, kFollowWindowNs);
    apply({e - window, e + window / 50});
}

void ViewportController::zoomToFit()
{
    const qint64 e = std::max<qint64>(m_end, 1'000'000);
    apply({0, e + e / 50});
}

void ViewportController::zoomBy(double factor, qint64 anchor)
{
    const double d = double(m_viewport.duration()) / factor;
    const double frac = double(anchor - m_viewport.t0) / double(m_viewport.duration());
    const qint64 t0 = anchor - qint64(d * frac);
    setUserViewport({t0, t0 + std::max<qint64>(kMinWindowNs, qint64(d))});
}

void ViewportController::panBy(double fraction)
{
    const qint64 dt = qint64(double(m_viewport.duration()) * fraction);
    setUserViewport({m_viewport.t0 + dt, m_viewport.t1 + dt});
}

void ViewportController::zoomBack()
{
    if (m_history.empty())
        return;
    const Viewport v = m_history.back();
    m_history.pop_back();
    setFollowing(false);
    apply(v);
}

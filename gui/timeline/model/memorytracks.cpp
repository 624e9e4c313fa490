// SPDX-License-Identifier: MIT
#include "memorytracks.h"

#include <algorithm>

using loaderscope::EventKind;

const MemoryTracks::Series* MemoryTracks::find(Source source, int worker) const
{
    for (const Series& s : m_series)
        if (s.source == source && (source != Source::Process || s.worker == worker))
            return &s;
    return nullptr;
}

bool MemoryTracks::has(EventKind kind, qint64 t, int worker) const
{
    const Source source = kind == EventKind::MemoryUsage ? Source::Process
                          : kind == EventKind::ShmUsage  ? Source::Shm
                          : kind == EventKind::ShmOwn    ? Source::ShmOwn
                                                         : Source::Pinned;
    const Series* s = find(source, worker);
    if (!s)
        return false;
    const auto it = std::lower_bound(s->points.begin(), s->points.end(), t, [](const Point& p, qint64 x) { return p.t < x; });
    return it != s->points.end() && it->t == t;
}

MemoryTracks::Series& MemoryTracks::seriesFor(Source source, int worker)
{
    for (Series& s : m_series)
        if (s.source == source && (source != Source::Process || s.worker == worker))
            return s;
    Series s;
    s.source = source;
    s.worker = source == Source::Process ? worker : -1;
    // Keep the order a reader expects: the main process, the workers by number, then the rest.
    auto rank = [](const Series& x) { return x.source == Source::Process ? x.worker : 1'000'000 + int(x.source); };
    const auto at = std::upper_bound(m_series.begin(), m_series.end(), s, [&](const Series& a, const Series& b) { return rank(a) < rank(b); });
    return *m_series.insert(at, std::move(s));
}

void MemoryTracks::append(Series& s, const Point& p)
{
    for (size_t k = 0; k < 3; ++k)
        s.peak[k] = std::max(s.peak[k], p.v[k]);
    // Samples of several rings can arrive slightly out of order: insert in place.
    auto at = s.points.end();
    while (at != s.points.begin() && (at - 1)->t > p.t)
        --at;
    s.points.insert(at, p);
    if (s.points.size() < kMaxPoints)
        return;
    // Full: merge each pair into one point at the first's time holding the pair's peaks (a
    // figure that was not read, -1, never hides one that was).
    std::vector<Point> merged;
    merged.reserve(s.points.size() / 2 + 1);
    for (size_t i = 0; i + 1 < s.points.size(); i += 2) {
        Point m = s.points[i];
        for (size_t k = 0; k < 3; ++k)
            m.v[k] = std::max(m.v[k], s.points[i + 1].v[k]);
        merged.push_back(m);
    }
    if (s.points.size() % 2)
        merged.push_back(s.points.back());
    s.points = std::move(merged);
}

void MemoryTracks::add(const loaderscope::Event& e, qint64 t, int worker)
{
    Point p;
    p.t = t;
    switch (e.kind) {
    case EventKind::MemoryUsage:
        p.v = {e.arg0, e.arg1, e.batch};
        append(seriesFor(Source::Process, worker), p);
        break;
    case EventKind::ShmUsage:
        p.v = {e.arg0, e.arg1, e.batch};
        append(seriesFor(Source::Shm, -1), p);
        break;
    case EventKind::PinnedMemory:
        p.v = {e.arg0, e.arg1, -1};
        append(seriesFor(Source::Pinned, -1), p);
        break;
    case EventKind::ShmOwn:
        p.v = {e.arg0, e.arg1, -1};
        append(seriesFor(Source::ShmOwn, -1), p);
        break;
    default:
        break;
    }
}

size_t MemoryTracks::bytes() const
{
    size_t n = m_series.capacity() * sizeof(Series);
    for (const Series& s : m_series)
        n += s.points.capacity() * sizeof(Point);
    return n;
}

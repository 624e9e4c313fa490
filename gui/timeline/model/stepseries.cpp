// SPDX-License-Identifier: MIT
// The step chart's series (counterseries.h: stepSeries).
#include "timeline/model/counterseries.h"

#include "timeline/model/lanekinds.h"
#include "timeline/model/tracemodel.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>

namespace {

struct T
{
    Q_DECLARE_TR_FUNCTIONS(CounterSeries)
};

/// A step's four stacked tops, in ms: the wait less the hand-over, + the hand-over, + the host
/// blocked, + the rest of the step.
std::array<double, 4> tops(const loaderscope::LoopStep& s)
{
    const double handover = double(std::min(s.handoverNs, s.waitNs)) * 1e-6;
    const double wait = double(s.waitNs) * 1e-6 - handover;
    const double blocked = double(std::min(s.blockedNs, s.stepNs)) * 1e-6;
    const double rest = double(s.stepNs) * 1e-6 - blocked;
    return {wait, wait + handover, wait + handover + blocked, wait + handover + blocked + rest};
}

} // namespace

CounterSeries stepSeries(const TraceModel& model, const Viewport& v, int columns)
{
    CounterSeries out;
    columns = std::max(2, columns);
    setTimeUnit(out, v, columns);
    out.yTitle = T::tr("ms per step");
    out.wholeY = false;
    using K = loaderscope::EventKind;
    const QString names[4] = {T::tr("waiting for data"), T::tr("+ hand-over of the batch"), T::tr("+ host blocked by a copy"),
                              T::tr("+ the step: the whole iteration")};
    const QColor colors[4] = {LaneKinds::look(K::WaitData).colour, QColor(0xf5, 0x9e, 0x0b), LaneKinds::look(K::HostBlocked).colour,
                              LaneKinds::look(K::Step).colour};
    out.lines.resize(4);
    for (int k = 0; k < 4; ++k) {
        out.lines[size_t(k)].name = names[k];
        out.lines[size_t(k)].color = colors[k];
    }
    const auto& steps = model.steps();
    const qint64 origin = qint64(model.origin());
    const auto start = [origin](const loaderscope::LoopStep& s) { return qint64(s.t0) - origin; }; // model time
    const auto end = [origin](const loaderscope::LoopStep& s) { return qint64(s.end()) - origin; };
    const double unit = out.unitPerNs();
    const double colNs = double(v.duration()) / columns;
    // The first step that ends inside the view (steps are in time order, and do not overlap).
    auto it = std::lower_bound(steps.begin(), steps.end(), v.t0,
                               [&](const loaderscope::LoopStep& s, qint64 t) { return end(s) < t; });
    int column = -1;
    const loaderscope::LoopStep* chosen = nullptr;
    const auto plot = [&](const loaderscope::LoopStep& s) {
        const std::array<double, 4> y = tops(s);
        const double x0 = double(std::max(start(s), v.t0)) * unit, x1 = double(std::min(end(s), v.t1)) * unit;
        for (int k = 0; k < 4; ++k) {
            out.lines[size_t(k)].points.append(QPointF(x0, y[size_t(k)]));
            out.lines[size_t(k)].points.append(QPointF(x1, y[size_t(k)]));
        }
        out.maxY = std::max(out.maxY, y[3]);
    };
    for (; it != steps.end() && start(*it) <= v.t1; ++it) {
        const int c = std::clamp(int(double(start(*it) - v.t0) / colNs), 0, columns - 1);
        if (c != column) {
            if (chosen)
                plot(*chosen);
            column = c;
            chosen = &*it;
        } else if (it->waitNs + it->stepNs > chosen->waitNs + chosen->stepNs) {
            chosen = &*it;
        }
    }
    if (chosen)
        plot(*chosen);
    return out;
}

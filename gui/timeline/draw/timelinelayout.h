// SPDX-License-Identifier: MIT
// The timeline's geometry, computed once per paint: the time axis, the legend strip under it, each
// lane's rectangle (found by index in O(1) and by y in O(log lanes)), and time <-> x.
#pragma once

#include "timeline/model/lanekinds.h"
#include "timeline/draw/timelinestyle.h"

#include <QRectF>

#include <vector>

/** The visible time range, ns from the run origin. */
struct Viewport
{
    qint64 t0 = 0;
    qint64 t1 = 1'000'000'000;
    qint64 duration() const { return t1 > t0 ? t1 - t0 : 1; }
};

/** time <-> x for one paint (built once per paint, as hotspot's TimeLineData). */
class TimeMapper
{
public:
    TimeMapper(const Viewport& v, double x0, double width) : m_v(v), m_x0(x0), m_w(width > 1 ? width : 1) {}
    double x(qint64 t) const { return m_x0 + double(t - m_v.t0) * m_w / double(m_v.duration()); }
    qint64 t(double x) const { return m_v.t0 + qint64((x - m_x0) * double(m_v.duration()) / m_w); }
    qint64 nsPerPixel() const { return std::max<qint64>(1, m_v.duration() / qint64(m_w)); }
    double x0() const { return m_x0; }
    double width() const { return m_w; }
    const Viewport& viewport() const { return m_v; }

private:
    Viewport m_v;
    double m_x0;
    double m_w;
};

class TimelineLayout
{
public:
    static double axisHeight(const TimelineTheme& theme) { return 26 * theme.fontScale; }
    static double labelWidth(const TimelineTheme& theme) { return 170 * theme.fontScale; }
    /// Space right of the lanes (the chart's last tick label fits there).
    static double rightPad(const TimelineTheme& theme) { return 28 * theme.fontScale; }
    static double laneHeight(TraceModel::LaneKind kind, const TimelineTheme& theme)
    {
        return LaneKinds::lane(kind).heightPx * theme.fontScale;
    }
    /// Where each legend entry goes: the entries wrap into lines right of the lane labels, at most
    /// theme.legendMaxLines of them; `entry` -1 is the "more" note that ends a capped legend.
    struct LegendItem
    {
        int entry;
        QRectF box;
    };
    static QFont legendFont(const TimelineTheme& theme);
    static double legendLineHeight(const TimelineTheme& theme);
    static double legendSwatch(const TimelineTheme& theme) { return 10 * theme.fontScale; }
    /// A lane's name wrapped into the label column fits a lane this tall (else it is elided).
    static bool laneLabelFits(const QString& name, const TimelineTheme& theme, double laneHeight);
    /// The "+N more (F1)" note of a capped legend (translated): F1 shows the whole legend.
    static QString legendMore(int hidden);

    /// Lanes taller than their natural height by at most this factor when the target has room:
    /// the timeline is the hero, its lanes fill the height they are given.
    static constexpr double kMaxStretch = 1.8;

    /// `reserveBelow`: px kept free under the lanes (a lesson's caption). `stretch` false: natural
    /// heights whatever the target (what a widget asks for).
    TimelineLayout(const TraceModel& m, const QRectF& target, const TimelineTheme& theme, double reserveBelow = 0,
                   bool stretch = true);

    QRectF target() const { return m_target; }
    QRectF axisRect() const;
    QRectF legendRect() const;
    const std::vector<LegendEntry>& legend() const { return m_legend; }
    const std::vector<LegendItem>& legendItems() const { return m_legendItems; }
    int laneCount() const { return int(m_tops.size()); }
    QRectF laneRect(int lane) const
    {
        return QRectF(m_target.left(), m_tops[size_t(lane)], m_target.width(), m_heights[size_t(lane)]);
    }
    /// The lane at height y, or -1.
    int laneAt(double y) const;
    double lanesBottom() const { return m_lanesBottom; }
    /// Axis + legend + lanes (what the widget needs, without an overlay's caption).
    double totalHeight() const { return m_lanesBottom - m_target.top(); }
    TimeMapper mapper(const Viewport& v) const;

private:
    QRectF m_target;
    TimelineTheme m_theme;
    void layoutLegend();

    std::vector<LegendEntry> m_legend;
    std::vector<LegendItem> m_legendItems;
    double m_legendH = 0;
    std::vector<double> m_tops;
    std::vector<double> m_heights;
    double m_lanesBottom = 0;
};

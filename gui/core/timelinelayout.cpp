// SPDX-License-Identifier: MIT
#include "timelinelayout.h"

#include <QFont>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace {

QFont legendFont(const TimelineTheme& theme)
{
    QFont f;
    f.setPointSizeF(8.5 * theme.fontScale);
    return f;
}

constexpr double kSwatch = 10; ///< legend swatch width (px at font scale 1)

} // namespace

double TimelineLayout::legendHeight(const std::vector<LegendEntry>& legend, const TimelineTheme& theme, double width)
{
    if (legend.empty())
        return 0;
    const QFontMetricsF fm(legendFont(theme));
    const double line = fm.height() + 6 * theme.fontScale;
    double x = labelWidth(theme), lines = 1;
    for (const LegendEntry& e : legend) {
        const double w = (kSwatch + 6) * theme.fontScale + fm.horizontalAdvance(e.text) + 14 * theme.fontScale;
        if (x + w > width && x > labelWidth(theme)) {
            ++lines;
            x = labelWidth(theme);
        }
        x += w;
    }
    return lines * line + 2;
}

TimelineLayout::TimelineLayout(const TraceModel& m, const QRectF& target, const TimelineTheme& theme, double reserveBelow,
                               bool stretch)
    : m_target(target), m_theme(theme), m_legend(TimelineStyle::legend(m))
{
    m_legendH = legendHeight(m_legend, theme, target.width());
    double y = target.top() + axisHeight(theme) + m_legendH;
    double natural = 0;
    for (int i = 0; i < m.laneCount(); ++i)
        natural += laneHeight(m.lane(i).kind, theme);
    double scale = 1.0;
    if (stretch && natural > 0)
        scale = std::clamp((target.bottom() - reserveBelow - y) / natural, 1.0, kMaxStretch);
    for (int i = 0; i < m.laneCount(); ++i) {
        const double h = std::floor(laneHeight(m.lane(i).kind, theme) * scale);
        m_tops.push_back(y);
        m_heights.push_back(h);
        y += h;
    }
    m_lanesBottom = y;
}

QRectF TimelineLayout::axisRect() const
{
    return QRectF(m_target.left(), m_target.top(), m_target.width(), axisHeight(m_theme));
}

QRectF TimelineLayout::legendRect() const
{
    return QRectF(m_target.left(), m_target.top() + axisHeight(m_theme), m_target.width(), m_legendH);
}

int TimelineLayout::laneAt(double y) const
{
    if (m_tops.empty() || y < m_tops.front() || y >= m_lanesBottom)
        return -1;
    const auto it = std::upper_bound(m_tops.begin(), m_tops.end(), y);
    return int(it - m_tops.begin()) - 1;
}

TimeMapper TimelineLayout::mapper(const Viewport& v) const
{
    const double lw = labelWidth(m_theme);
    return TimeMapper(v, m_target.left() + lw, m_target.width() - lw - rightPad(m_theme));
}

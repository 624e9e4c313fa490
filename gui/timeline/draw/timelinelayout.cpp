// SPDX-License-Identifier: MIT
#include "timelinelayout.h"

#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace {
struct T
{
    Q_DECLARE_TR_FUNCTIONS(TimelineLayout)
};
} // namespace

QFont TimelineLayout::legendFont(const TimelineTheme& theme)
{
    QFont f;
    f.setPointSizeF(8.5 * theme.fontScale);
    return f;
}

double TimelineLayout::legendLineHeight(const TimelineTheme& theme)
{
    return QFontMetricsF(legendFont(theme)).height() + 6 * theme.fontScale;
}

bool TimelineLayout::laneLabelFits(const QString& name, const TimelineTheme& theme, double laneHeight)
{
    // The lanes' names are drawn in the legend's font, 6 px in, 4 px short of the label column.
    const double width = labelWidth(theme) - 10;
    const QRectF r = QFontMetricsF(legendFont(theme)).boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, name);
    return r.width() <= width + 0.5 && r.height() <= laneHeight;
}

QString TimelineLayout::legendMore(int hidden)
{
    return T::tr("+%1 more (F1)").arg(hidden);
}

void TimelineLayout::layoutLegend()
{
    m_legendItems.clear();
    m_legendH = 0;
    if (m_legend.empty())
        return;
    const QFontMetricsF fm(legendFont(m_theme));
    const double line = legendLineHeight(m_theme);
    // A one-line strip (a short view) starts right after its title, not after the lanes' label
    // column: the room on that line is for entries.
    const double titleEnd = m_target.left() + 6 + fm.horizontalAdvance(QCoreApplication::translate("TimelineRenderer", "Legend")) + 16 * m_theme.fontScale;
    const double left = m_theme.legendMaxLines == 1 ? std::min(titleEnd, m_target.left() + labelWidth(m_theme)) : m_target.left() + labelWidth(m_theme);
    const double right = m_target.right();
    const double top = m_target.top() + axisHeight(m_theme) + 2;
    auto width = [&](const QString& text) { return legendSwatch(m_theme) + 20 * m_theme.fontScale + fm.horizontalAdvance(text); };
    double x = left;
    int lineNo = 0;
    for (size_t i = 0; i < m_legend.size(); ++i) {
        const double w = width(m_legend[i].text);
        if (x + w > right && x > left) {
            ++lineNo;
            x = left;
        }
        const bool capped = m_theme.legendMaxLines > 0;
        if (capped && (lineNo >= m_theme.legendMaxLines ||
                       (lineNo == m_theme.legendMaxLines - 1 && i + 1 < m_legend.size() &&
                        x + w + width(legendMore(int(m_legend.size() - i - 1))) > right))) {
            // No room for this entry and the note after it: the note takes its place.
            if (lineNo >= m_theme.legendMaxLines) {
                lineNo = m_theme.legendMaxLines - 1;
                x = m_legendItems.empty() ? left : m_legendItems.back().box.right();
            }
            const QString more = legendMore(int(m_legend.size() - i));
            m_legendItems.push_back({-1, QRectF(x, top + lineNo * line, width(more), line)});
            break;
        }
        m_legendItems.push_back({int(i), QRectF(x, top + lineNo * line, w, line)});
        x += w;
    }
    m_legendH = (lineNo + 1) * line + 2;
}

TimelineLayout::TimelineLayout(const TraceModel& m, const QRectF& target, const TimelineTheme& theme, double reserveBelow,
                               bool stretch)
    : m_target(target), m_theme(theme), m_legend(TimelineStyle::legend(m))
{
    layoutLegend();
    double y = target.top() + axisHeight(theme) + m_legendH;
    double natural = 0;
    for (int i = 0; i < m.laneCount(); ++i)
        natural += m.lane(i).hidden ? 0.0 : laneHeight(m.lane(i).kind, theme);
    double scale = 1.0;
    if (stretch && natural > 0)
        scale = std::clamp((target.bottom() - reserveBelow - y) / natural, 1.0, kMaxStretch);
    for (int i = 0; i < m.laneCount(); ++i) {
        const double h = m.lane(i).hidden ? 0.0 : std::floor(laneHeight(m.lane(i).kind, theme) * scale);
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

// SPDX-License-Identifier: MIT
// One stage's latency histogram in Statistics (issue 49): duration on a log axis, the share of
// each worker's spans in each quarter-octave of time, one line per worker (the stage in all where
// it has no workers), so a worker whose fetches sit further right stands out. The bins are the
// summary's own (LatencyHistogram), summed four at a time per octave: no smoothing, nothing
// estimated. GUI thread only.
#pragma once

#include "loaderscope/results/distributions.h"

#include <QChartView>

class HistogramChart : public QChartView
{
    Q_OBJECT
public:
    explicit HistogramChart(QWidget* parent = nullptr);
    /// Draws `stage` (its workers' lines, or its all); an empty stage clears the chart.
    void setStage(const loaderscope::StageDistribution& stage);
    /// The stage's lines are ranks (the ranks of a job merged, rank_statistics.h), not workers.
    void setLinesAreRanks(bool ranks)
    {
        m_ranks = ranks;
    }
    /// The drawn lines (tests): each one's name and its points (x in ms, y in % of its spans).
    int lineCount() const;
    QString lineName(int line) const;
    QList<QPointF> linePoints(int line) const;

    /// The quarter-octave groups of `h`'s bins: (geometric middle in ms, share 0..1 of its count),
    /// lowest first, every group between the lowest and the highest (empty ones at 0). Exposed
    /// for tests: the shares sum to 1.
    static QList<QPointF> quarterOctaves(const loaderscope::LatencyHistogram& h);

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void draw();
    void retranslate();

    loaderscope::StageDistribution m_stage;
    bool m_ranks = false;
};

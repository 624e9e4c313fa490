// SPDX-License-Identifier: MIT
// Tools ▸ Statistics (issue 49): the shown run's latency distributions, stage by stage (fetch per
// sample, collate, the hand-over, the wait in next(), pin, H2D, the step: count, p50, p90, p99,
// p99.9, max), and its slowest samples with what each cost the loop. Live while a run goes (the
// summary panel's figures, as they come); a click on a slow sample shows it on the timeline.
// What may be missing (events lost) is said above the tables. GUI thread only.
#pragma once

#include "loaderscope/results/rank_statistics.h"
#include "loaderscope/results/run_summary.h"

#include <QWidget>

class HistogramChart;
class QComboBox;
class QLabel;
class QTableWidget;

class StatisticsWindow : public QWidget
{
    Q_OBJECT
public:
    explicit StatisticsWindow(QWidget* parent = nullptr);
    /// `final`: the run has ended (otherwise its live figures so far).
    void showSummary(const loaderscope::RunSummary& summary, bool final);
    /// The ranks of one job together (rank_statistics.h): each stage merged over them, one
    /// histogram line per rank, a rank column in the slow samples, a caption naming how many.
    /// `eventsLost`/`whole`: what the ranks lost between them (the figures then say partial).
    void showRanks(const std::vector<loaderscope::RankFigures>& ranks, int64_t eventsLost, bool whole, bool final);

    /// What the tables show (tests): the stages' rows and a cell's text, the slow samples' rows.
    int stageRows() const;
    QString stageCell(int row, int column) const;
    int slowRows() const;
    QString slowCell(int row, int column) const;
    QString note() const;
    /// As a click on row `row` of the slow samples does.
    void chooseSample(int row);
    /// The histogram below the stages: of stage `stage` ("fetch", "wait", ...) when the run has it.
    void showHistogram(const QString& stage);
    HistogramChart* histogram() const { return m_histogram; }

signals:
    /// Show this sample's fetch on the timeline.
    void sampleChosen(const loaderscope::SlowFetch& sample);

protected:
    void changeEvent(QEvent* e) override;
    void showEvent(QShowEvent* e) override;

private:
    void retranslate();
    void render();
    void fitWidth();

    QLabel* m_caption;
    QLabel* m_note;
    QLabel* m_stagesTitle;
    QLabel* m_slowTitle;
    QTableWidget* m_stages;
    QTableWidget* m_slow;
    QLabel* m_histogramLabel;
    QLabel* m_histogramHint;
    QComboBox* m_histogramStage; ///< the stages the run has; its data: the stage's key
    HistogramChart* m_histogram;
    loaderscope::RunSummary m_summary;
    bool m_final = false;
    int m_ranks = 0;      ///< > 0: the figures are of that many ranks merged
    bool m_any = false;   ///< a summary has been shown
    bool m_stale = false; ///< a summary came while the window was hidden: drawn when shown
};

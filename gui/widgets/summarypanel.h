// SPDX-License-Identifier: MIT
// The run's figures: live while it goes (computed from the model), final from the engine's
// summary at the end, with the verdict and the knobs to turn.
#pragma once

#include "core/livemetrics.h"

#include <QJsonObject>
#include <QWidget>

class QFormLayout;
class QLabel;
class QTableView;
class TraceModel;
class WorkerStatsModel;

class SummaryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SummaryPanel(QWidget* parent = nullptr);
    void showLive(const LiveMetrics& m);
    void showFinal(const QJsonObject& summary);
    void showError(const QString& message);
    void clear();
    /// The per-worker table follows this model (refreshed with showLive / showFinal).
    void setTraceModel(const TraceModel* model);
    WorkerStatsModel* workerModel() const { return m_workerModel; }
    /// The panel's content as plain lines (for exported pictures).
    QStringList lines() const;
    static QStringList summaryLines(const QJsonObject& summary);

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    void setRow(int row, const QString& value);

    QFormLayout* m_form;
    QList<QLabel*> m_names;
    QList<QLabel*> m_values;
    QLabel* m_title;
    QLabel* m_verdict;
    QLabel* m_recommendations;
    QLabel* m_errors;
    QTableView* m_workerTable;
    WorkerStatsModel* m_workerModel;
    QJsonObject m_final;
    LiveMetrics m_live;
    bool m_hasFinal = false;
};

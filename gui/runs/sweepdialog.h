// SPDX-License-Identifier: MIT
// Parameter sweep: one or two knobs and their values, run through `loaderscope-engine sweep`
// (EngineCommand; the GUI never waits) several times each, with progress, cancel, a chart of the
// median samples/s (and the spread of the runs) and data stall per combination, the best marked
// (and whether it sits at the edge of the range), CSV/JSON export, and the best combination
// applied to the configuration, offered only when it is confirmed beyond the spread.
#pragma once

#include "loaderscope/results/run_summary.h"
#include "runs/model/enginecommand.h"


#include <QDialog>
#include <QJsonObject>

#include <string>
#include <utility>
#include <vector>

class QChartView;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

class SweepDialog : public QDialog
{
    Q_OBJECT
public:
    SweepDialog(const QByteArray& configJson, const QString& enginePath, QWidget* parent = nullptr);
    ~SweepDialog() override;
    QJsonObject result() const { return m_result; }
    /// Knob values as the user typed them (tests drive the dialog through these).
    void setKnob(int which, const QString& knob, const QString& values);
    void setBatches(int n);
    void setRepeats(int n);
    bool running() const;
    QTableWidget* table() const { return m_table; }
    bool exportTo(const QString& path, QString* error) const;

public slots:
    void start();
    void cancel();

signals:
    void finished();
    /// "Apply best to the configuration": the best combination's knobs (config paths) and values.
    void applyBest(const std::vector<std::pair<std::string, loaderscope::KnobValue>>& knobs);

private:
    /// The knobs to vary (the second behind its check box) and the batches per run; the
    /// constructor puts the form into the dialog's layout.
    QFormLayout* makeKnobForm();
    /// Run, Cancel, the exports and "Apply best", in that order; only Run enabled.
    QHBoxLayout* makeButtons();
    /// What each button does (the widgets exist by then).
    void connectButtons();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void showResult();
    /// The status line's verdict on the best row: confirmed beyond the spread, or not and why.
    QString bestVerdict() const;

    QByteArray m_config;
    QString m_engine;
    EngineCommand m_command{QStringLiteral("sweepdialog")};
    QJsonObject m_result;
    QComboBox* m_knob[2];
    QLineEdit* m_values[2];
    QCheckBox* m_second;
    QSpinBox* m_batches;
    QSpinBox* m_repeats;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QPushButton* m_exportCsv;
    QPushButton* m_exportJson;
    QPushButton* m_apply;
    QProgressBar* m_progress;
    QLabel* m_status;
    QTableWidget* m_table;
    QChartView* m_chart;
};

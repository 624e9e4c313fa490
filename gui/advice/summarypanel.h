// SPDX-License-Identifier: MIT
// The run's figures: live while it goes, final from the engine's summary at the end, with the
// verdict and the advice (each with Apply, and "Prove it" to measure it first). Reads everything
// from a RunSummary through SummaryText; computes nothing itself.
#pragma once

#include "common/model/summarytext.h"

#include <QJsonObject>
#include <QWidget>

#include <functional>

class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QVBoxLayout;
class WorkerStatsModel;

class SummaryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SummaryPanel(QWidget* parent = nullptr);
    /// `final`: the engine's summary at the end (with advice); otherwise live figures.
    /// `slowMotion`: the factor the run was slowed down by; above 1 the title says so, since the
    /// figures are the slowed run's.
    void showSummary(const loaderscope::RunSummary& summary, bool final, double slowMotion = 1);
    void showError(const QString& message);
    /// The job failed (one line: "ValueError: sample 3 is corrupt"): the panel heads with it, and
    /// its figures are those of the part that ran. Empty: no failure.
    void setFailure(const QString& line);
    /// "The job failed: %1", as the summary and the status bar say it.
    static QString failureHeading(const QString& line);
    void clear();
    /// The configuration the shown engine run used (after showSummary; empty: not an engine run).
    /// Once the form's configuration differs from it (configEdited), the panel says its figures
    /// are of the previous run (issue 47: the old summary stood unmarked after a preset change).
    void setRunConfig(const QJsonObject& config);
    void configEdited(const QJsonObject& config);
    bool stale() const { return m_stale; }
    /// "Prove it" is running: a progress line (done of total), or finished (total 0).
    void setProofProgress(int done, int total, const QString& text);
    const loaderscope::RunSummary& summary() const { return m_summary; }
    /// Whether the shown summary is a finished run's (showSummary's `final`).
    bool shownFinal() const { return m_final; }
    /// Whether a summary is shown (not cleared since).
    bool hasSummary() const { return !m_empty; }
    double slowMotion() const { return m_slowMotion; }
    WorkerStatsModel* workerModel() const { return m_workerModel; }
    /// The panel's content as plain lines (title, figures, verdict, advice, errors).
    QStringList lines() const;
    /// A watched job whose summary holds the fitted engine config: offer "Model this job".
    void setModelAvailable(bool available);
    /// Beside the timeline: the worker table as wide as its columns (the dock follows). False
    /// (tabbed on a narrow window): it scrolls sideways on its own.
    void setTableWhole(bool whole);
    /// The model's samples/s next to the job's (empty: none yet). Rich text.
    void setModelComparison(const QString& text);
    QString modelComparison() const;
    /// Where the model's sweep of a watched job stands: checking (the closed formula's
    /// num_workers and prefetch_factor advice is marked as the first guess), done (its advice
    /// replaces the formula's), or stopped (cancelled or failed: the formula's stands).
    enum class ModelAdviceState { Checking, Done, Stopped };
    /// A watched job's advice from the model's own sweep (rich text, rebuilt in the new language
    /// on a switch; empty function: none). A link "cancel-model" in it asks to cancel the sweep.
    void setModelAdvice(std::function<QString()> html, ModelAdviceState state);
    QString modelAdvice() const;
    /// The same as a picture and lines() carry it (plain text): none while checking; done, in
    /// place of the formula's worker-count advice; stopped, why, after the advice.
    SummaryText::ModelLine modelAdviceLine() const;
    /// What the shown figures cannot say of themselves: an opened recording cut short or damaged
    /// (where reading stopped; its figures are of what it holds). Shown with the errors, in
    /// lines() and in the window's pictures; cleared by clear(). Empty: none.
    void setReadingNote(const QString& note);
    QStringList readingNotes() const { return m_readingNote.isEmpty() ? QStringList() : QStringList{m_readingNote}; }

signals:
    /// A summary was shown (showSummary's arguments): Statistics follows it.
    void summaryShown(const loaderscope::RunSummary& summary, bool final);
    /// Measure the advice before changing anything (loaderscope-engine advise).
    void proveRequested();
    /// Set the advised value in the configuration.
    void applyAdvice(const loaderscope::Advice& advice);
    /// Fit the engine to the watched job and run the model.
    void modelRequested();
    /// The failure heading's *Details* (the traceback).
    void failureDetailsRequested();
    /// The model advice's Cancel link.
    void modelAdviceCancelRequested();

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    // The constructor's parts: the advice area (advice, the model's advice, Prove it, Model this
    // job, the proof's progress) and the worker table at the bottom.
    void makeAdviceArea(QVBoxLayout* layout);
    void makeWorkerTable(QVBoxLayout* layout);
    void fitTable();
    /// The panel sits in a scroll area, which sizes it by its size hint, not by the height its
    /// wrapped rows need at its width: without this a narrow dock squeezes a three-line row under
    /// the next one (Turkish at 1280x720). With it the scroll area scrolls instead.
    void fitHeightToWidth();
    void retranslate();
    void render();

    QFormLayout* m_form;
    QList<QLabel*> m_names;
    QList<QLabel*> m_values;
    QLabel* m_failure;
    QLabel* m_title;
    QLabel* m_staleLine; ///< "of the previous run", under the title while stale
    QLabel* m_verdict;
    QLabel* m_advice;
    QPushButton* m_prove;
    QPushButton* m_model;
    QLabel* m_modelLine;
    QLabel* m_modelAdvice;
    std::function<QString()> m_modelAdviceText;
    QString m_readingNote;
    ModelAdviceState m_modelAdviceState = ModelAdviceState::Stopped;
    bool m_modelAvailable = false;
    QProgressBar* m_proofProgress;
    QLabel* m_errors;
    QTableView* m_workerTable;
    bool m_tableWhole = true;
    WorkerStatsModel* m_workerModel;
    loaderscope::RunSummary m_summary;
    QString m_error;
    QString m_failureLine;
    bool m_final = false;
    bool m_empty = true;
    QJsonObject m_runConfig; ///< setRunConfig's; kept while the same run is re-shown
    bool m_stale = false;
    double m_slowMotion = 1;
};

// SPDX-License-Identifier: MIT
// The configuration dock while a real PyTorch job is watched or attached to: the job's own
// DataLoader arguments as the probe read them (read-only: they live in the job's script), with
// "Model this job" beside them and a way back to the editable configuration. GUI thread only.
#pragma once

#include <QJsonArray>
#include <QWidget>

class QLabel;
class QPushButton;
class QVBoxLayout;
class JobDescription;

class JobConfigView : public QWidget
{
    Q_OBJECT
public:
    explicit JobConfigView(QWidget* parent = nullptr);
    /// Shows the job's loaders (none yet: says it waits for them). `program`: the script's name.
    void setJob(const JobDescription& job, const QString& program);
    /// "Model this job" is offered once the job ended with a fitted model.
    void setModelAvailable(bool available);
    /// What is shown is a recording opened from a file, not a job running: its note says so (and
    /// that the recording does not say what ran, when it has no description).
    void setOpenedRecording(bool opened);
    /// The arguments shown, as "name=value" per loader (tests, exports).
    QStringList shownArguments() const { return m_shown; }

signals:
    void modelRequested();
    /// Back to the editable configuration (the engine's).
    void editRequested();

protected:
    void changeEvent(QEvent* e) override;

private:
    void retranslate();
    void rebuild();

    QLabel* m_title;
    QLabel* m_note;
    QWidget* m_loaders;        ///< one group per DataLoader, rebuilt when the job describes itself
    QVBoxLayout* m_loadersLayout;
    QPushButton* m_model;
    QPushButton* m_edit;
    QJsonArray m_loaderData;
    QString m_torch;
    QString m_program;
    bool m_openedRecording = false;
    QStringList m_shown;
};

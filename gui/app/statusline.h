// SPDX-License-Identifier: MIT
// The main window's status bar: what the session is doing (running, watching a script, following a
// job), a lasting message that follows the language, live notes while a run goes on (a stuck worker
// named, events the view missed), and on the right what the GPU is: a CUDA device, the simulated GPU
// (a model, named as such) or the user's job's own. GUI thread only.
#pragma once

#include "loaderscope/results/run_summary.h"

#include <QObject>
#include <QString>

#include <functional>

class QLabel;
class QMessageBox;
class QStatusBar;
class QWidget;
class RunSession;

class StatusLine : public QObject
{
    Q_OBJECT
public:
    /// Adds its labels to `bar`: the message (with Details when it has them), the device note.
    explicit StatusLine(QStatusBar* bar);

    /// A lasting message, rebuilt (in the new language) by update() while nothing runs. `details`:
    /// the whole story behind a one-line message (a traceback), a click on *Details* away.
    void setMessage(std::function<QString()> message, const QString& details = {});
    /// The details of the lasting message (empty: none), and the dialog that shows them.
    QString details() const { return m_detailsText; }
    void showDetails();
    /// A passing line (progress, a find's result), until the next update.
    void show(const QString& text);
    QString text() const;
    /// The line for the session's state. `watchedScript`: the script's file name when watching one;
    /// `shown`: the summary on screen (for the device note).
    void update(const RunSession& session, bool configValid, const QString& watchedScript, const loaderscope::RunSummary& shown);
    /// While a run goes on: the live summary's device, a stuck worker, events the view missed.
    void live(const RunSession& session, const loaderscope::RunSummary& live);

private:
    QString deviceText(const loaderscope::RunSummary& s, bool watchingJob) const;

    QLabel* m_status;
    QLabel* m_detailsLink; ///< "Details…" after a one-line failure
    QLabel* m_device;
    QString m_detailsText;
    std::function<QString()> m_message;
};

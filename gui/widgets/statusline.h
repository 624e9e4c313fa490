// SPDX-License-Identifier: MIT
// The main window's status bar: what the session is doing (running, watching a script, following a
// job), a lasting message that follows the language, live notes while a run goes on (a stuck worker
// named, events the view missed), and on the right what the GPU is: a CUDA device, the simulated GPU
// (a model, named as such) or the user's job's own. GUI thread only.
#pragma once

#include "loaderscope/run_summary.h"

#include <QObject>
#include <QString>

#include <functional>

class QLabel;
class QStatusBar;
class QWidget;
class RunSession;

class StatusLine : public QObject
{
    Q_OBJECT
public:
    /// Adds its labels to `bar`; `findEdit` sits between the message and the device note.
    StatusLine(QStatusBar* bar, QWidget* findEdit);

    /// A lasting message, rebuilt (in the new language) by update() while nothing runs.
    void setMessage(std::function<QString()> message) { m_message = std::move(message); }
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
    QLabel* m_device;
    std::function<QString()> m_message;
};

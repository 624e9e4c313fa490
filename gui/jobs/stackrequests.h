// SPDX-License-Identifier: MIT
// Show stacks (issue 49): asks the watched job that is running (here, or over SSH) for the Python
// stacks of its main thread and DataLoader workers, without stopping it, and hands the answers to
// the details pane as they arrive (each thread's within its probe's tick, 0.25 s). A stack the
// probe takes by itself (a fetch past its threshold) needs no asking: it is a mark on the timeline.
// Owned by MainWindow; GUI thread.
#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

class RunSession;

class StackRequests : public QObject
{
    Q_OBJECT
public:
    /// How long the answers are awaited before saying that none came (ms).
    static constexpr int kWaitMs = 5000;

    StackRequests(RunSession* session, QObject* parent = nullptr);
    /// Whether a job can be asked now (a live watched PyTorch job).
    bool available() const;

public slots:
    void ask();

signals:
    /// The stacks that answered so far (rich text), again as more come.
    void answered(const QString& html);
    /// A line for the status bar: asked, or why not, or that no thread answered.
    void message(const QString& text);

private:
    void collect();

    RunSession* m_session;
    QTimer m_timeout;
    size_t m_before = 0;   ///< the model's stacks when asked: the answers come after them
    size_t m_answers = 0;  ///< answers shown so far
    bool m_waiting = false;
};

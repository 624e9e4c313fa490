// SPDX-License-Identifier: MIT
#include "jobs/stackrequests.h"

#include "runs/model/runsession.h"
#include "timeline/draw/stacktext.h"
#include "timeline/model/tracemodel.h"

#include <vector>

StackRequests::StackRequests(RunSession* session, QObject* parent) : QObject(parent), m_session(session)
{
    m_timeout.setSingleShot(true);
    m_timeout.setInterval(kWaitMs);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        if (!m_waiting)
            return;
        m_waiting = false;
        if (m_answers > 0)
            return;
        emit message(tr("No thread of the job answered within %1 s: a thread that holds Python's lock in C code answers "
                        "when it lets go, and a probe older than this app does not answer.").arg(kWaitMs / 1000));
    });
    connect(m_session, &RunSession::liveUpdate, this, &StackRequests::collect);
}

bool StackRequests::available() const
{
    return m_session->canAskStacks();
}

void StackRequests::ask()
{
    const QString why = m_session->askStacks();
    if (!why.isEmpty()) {
        emit message(why);
        return;
    }
    m_before = m_session->model()->stacks().size();
    m_answers = 0;
    m_waiting = true;
    m_timeout.start();
    emit message(tr("Asked the job for its threads' Python stacks; they show in the details pane as they come."));
}

void StackRequests::collect()
{
    if (!m_waiting)
        return;
    const TraceModel& model = *m_session->model();
    const auto& all = model.stacks();
    std::vector<const loaderscope::ThreadStack*> answers;
    for (size_t i = m_before; i < all.size(); ++i)
        if (all[i].reason == int(loaderscope::StackReason::Asked))
            answers.push_back(&all[i]);
    if (answers.size() == m_answers)
        return;
    m_answers = answers.size();
    emit answered(StackText::html(model, answers));
    // The other threads answer within their next ticks: keep collecting a little while.
    m_timeout.start(1000);
}

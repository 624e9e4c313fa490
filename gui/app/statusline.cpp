// SPDX-License-Identifier: MIT
#include "statusline.h"

#include "runs/model/runsession.h"

#include "loaderscope/base/events.h"

#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QStatusBar>

StatusLine::StatusLine(QStatusBar* bar) : QObject(bar)
{
    m_status = new QLabel(bar);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true); // a long message (a worker's death) takes a second line, never cut
    m_device = new QLabel(bar);
    m_detailsLink = new QLabel(bar);
    m_detailsLink->setTextFormat(Qt::RichText);
    m_detailsLink->setVisible(false);
    connect(m_detailsLink, &QLabel::linkActivated, this, &StatusLine::showDetails);
    // The message takes the bar's width (a wrapped label given only its size hint was squeezed
    // to a few words a line), its Details link after it; the device note on the right.
    bar->addWidget(m_status, 1);
    bar->addWidget(m_detailsLink);
    bar->addPermanentWidget(m_device);
}

void StatusLine::setMessage(std::function<QString()> message, const QString& details)
{
    m_message = std::move(message);
    m_detailsText = details;
    m_detailsLink->setVisible(false);
}

void StatusLine::showDetails()
{
    if (m_detailsText.isEmpty())
        return;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("What went wrong"), m_status->text(), QMessageBox::Close,
                                m_status->window());
    box->setDetailedText(m_detailsText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("failureDetails"));
    box->open();
}

void StatusLine::show(const QString& text)
{
    m_status->setText(text);
}

QString StatusLine::text() const
{
    return m_status->text();
}

void StatusLine::update(const RunSession& session, bool configValid, const QString& watchedScript, const loaderscope::RunSummary& shown)
{
    const bool running = session.running();
    if (running && session.source() == RunSession::Source::Script)
        m_status->setText(tr("Watching %1 (pid %2)… Stop ends the job.").arg(watchedScript).arg(session.launcher()->enginePid()));
    else if (running && session.source() == RunSession::Source::Attached)
        m_status->setText(tr("Following a running job… Stop only stops watching it."));
    else if (running && m_message)
        m_status->setText(m_message()); // set for a run only by "Show me": its progress
    else if (running)
        m_status->setText(tr("Running… engine pid %1").arg(session.launcher()->enginePid()));
    else if (!configValid)
        m_status->setText(tr("The configuration is not runnable: see the message above the form."));
    else
        m_status->setText(m_message ? m_message() : tr("Ready: press Run (F5)."));
    m_detailsLink->setText(QStringLiteral("<a href=\"details\">%1</a>").arg(tr("Details…").toHtmlEscaped()));
    m_detailsLink->setVisible(!running && !m_detailsText.isEmpty());
    m_device->setText(deviceText(shown, running && session.source() != RunSession::Source::Engine));
}

void StatusLine::live(const RunSession& session, const loaderscope::RunSummary& live)
{
    if (live.figures.seconds > 0)
        m_device->setText(deviceText(live, session.source() != RunSession::Source::Engine));
    const TraceModel* model = session.model();
    if (const auto stall = model->latestStall(); stall && model->endTime() - stall->at < 6'000'000'000LL) {
        // A stuck worker, named as it happens (the engine reports it every 5 s while it lasts).
        m_status->setText(tr("Worker %1 (pid %2) has not finished task %3 for %4 s")
                              .arg(stall->worker)
                              .arg(stall->pid)
                              .arg(loaderscope::batchKeyTask(stall->batch))
                              .arg(QLocale().toString(double(stall->at - stall->since) * 1e-9, 'f', 0)));
    } else if (session.eventsLost() > 0) {
        m_status->setText(tr("Running… (the view missed %1 events; the complete record loads at the end)").arg(session.eventsLost()));
    }
}

QString StatusLine::deviceText(const loaderscope::RunSummary& s, bool watchingJob) const
{
    if (s.source == "profiler")
        return tr("A PyTorch profiler trace");
    if (s.source == "pytorch" || watchingJob)
        return s.backend == "cuda" ? tr("Your PyTorch job: its own CUDA device") : tr("Your PyTorch job: no GPU work recorded");
    if (s.backend == "cuda")
        return tr("GPU: CUDA device");
    if (s.backend == "sim")
        return tr("GPU: simulated (a model, not a device)");
    return tr("GPU: chosen at run time (simulated when none is usable)");
}

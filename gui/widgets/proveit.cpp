// SPDX-License-Identifier: MIT
#include "proveit.h"

#include "core/enginelauncher.h"
#include "summarypanel.h"

ProveIt::ProveIt(SummaryPanel* summary, Hooks hooks, QObject* parent)
    : QObject(parent), m_summary(summary), m_hooks(std::move(hooks))
{
    connect(&m_prover, &AdviceProver::progress, this, [this](int done, int total, const QString& what) {
        m_summary->setProofProgress(done, total, tr("Measuring %1 of %2…").arg(done).arg(total));
        m_hooks.showStatus(tr("Proving the advice: %1").arg(what));
    });
    connect(&m_prover, &AdviceProver::finished, this, [this](const loaderscope::RunSummary& proved) {
        // The run's own figures stay; the advice is the measured one.
        loaderscope::RunSummary s = m_summary->summary();
        s.advice = proved.advice;
        m_summary->setProofProgress(0, 0, {});
        m_summary->showSummary(s, true);
        m_hooks.setMessage([] { return tr("The advice was measured: see the summary."); });
    });
    connect(&m_prover, &AdviceProver::failed, this, [this](const QString& message) {
        m_summary->setProofProgress(0, 0, {});
        m_hooks.setMessage([message] { return message; });
    });
}

void ProveIt::start(const QByteArray& configJson, bool busy)
{
    if (m_prover.running() || busy)
        return;
    m_summary->setProofProgress(0, 1, tr("Starting…"));
    m_prover.start(configJson, EngineLauncher::defaultEnginePath());
}

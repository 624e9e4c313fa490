// SPDX-License-Identifier: MIT
#include "proveit.h"

#include "runs/model/enginelauncher.h"
#include "common/model/progresstext.h"
#include "advice/summarypanel.h"

ProveIt::ProveIt(SummaryPanel* summary, Hooks hooks, QObject* parent)
    : QObject(parent), m_summary(summary), m_hooks(std::move(hooks))
{
    connect(&m_prover, &AdviceProver::progress, this, [this](int done, int total, const QString& what) {
        m_summary->setProofProgress(done, total, tr("Measuring %1 of %2…").arg(done).arg(total));
        m_hooks.showStatus(tr("Proving the advice: %1").arg(SummaryText::progress(what)));
    });
    connect(&m_prover, &AdviceProver::finished, this, [this](const loaderscope::RunSummary& proved) {
        // The run's own figures and advice stay (the engine measured this run's advice, given to
        // it with --summary): the advice comes back with its proof.
        loaderscope::RunSummary s = m_summary->summary();
        s.advice = proved.advice;
        m_summary->setProofProgress(0, 0, {});
        m_summary->showSummary(s, true, m_summary->slowMotion());
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
    // The shown run's advice is what is measured, so its sentence keeps the figures (the data
    // stall) the summary shows above it, and the advised value is the one proven.
    m_prover.start(configJson, EngineLauncher::defaultEnginePath(), 200,
                   QByteArray::fromStdString(loaderscope::runSummaryToJson(m_summary->summary())));
}

// SPDX-License-Identifier: MIT
// "Prove it": the summary's advice measured by a short sweep around its knob (AdviceProver runs
// `loaderscope-engine advise` as a child process), with its progress and its measured advice shown
// in the summary panel. GUI thread only.
#pragma once

#include "advice/model/adviceprover.h"

#include <QObject>

#include <functional>

class SummaryPanel;

class ProveIt : public QObject
{
    Q_OBJECT
public:
    struct Hooks
    {
        /// A lasting status message, rebuilt in the new language on a switch.
        std::function<void(std::function<QString()> message)> setMessage;
        /// A passing status line (progress).
        std::function<void(const QString& text)> showStatus;
    };

    ProveIt(SummaryPanel* summary, Hooks hooks, QObject* parent = nullptr);

    /// Measures the advice for `configJson` (nothing while a proof or, `busy`, a run goes on).
    void start(const QByteArray& configJson, bool busy);

private:
    AdviceProver m_prover;
    SummaryPanel* m_summary;
    Hooks m_hooks;
};

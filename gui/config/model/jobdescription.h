// SPDX-License-Identifier: MIT
// A watched PyTorch job as the probe describes it: its DataLoaders' arguments (read from the job's
// segment while it runs, or from its summary at the end) and what the job's events showed of its
// timings. From both, the engine's model of the job ("Model this job") and the advice the probe
// would have given, for a job attached to, whose own summary file the app never sees.
// GUI thread (owned by RunSession); plain data, no widgets.
#pragma once

#include "loaderscope/base/events.h"
#include "loaderscope/analysis/probe_model.h"
#include "loaderscope/results/run_summary.h"

#include <QJsonArray>
#include <QJsonObject>

#include <vector>

class JobDescription
{
public:
    /// Forgets the last job (a new run begins).
    void clear();
    /// The probe's description of the job (its segment's JSON); ignored when not an object.
    void describe(const QByteArray& json);
    /// The job's summary at its end (a watched script's summary file): its "loaders" carry the
    /// counts as well as the arguments.
    void describe(const QJsonObject& summary);
    /// The job's events as they arrive (timings for the model).
    void add(const std::vector<loaderscope::Event>& events);

    bool known() const { return !m_loaders.isEmpty(); }
    /// Every DataLoader the job made: {"index", "knobs": {...}} (and counts at the end).
    const QJsonArray& loaders() const { return m_loaders; }
    /// The loader the job's figures are about: the one that delivered the most samples (the
    /// first while counts are unknown). Empty when none is known.
    QJsonObject primaryLoader() const;
    /// Whether any of the job's loaders pins memory (its pin-memory lane belongs on screen).
    bool pinsMemory() const;
    QString torchVersion() const { return m_torch; }
    /// Where the job's recording ends up (the probe's --events), empty when it keeps none.
    QString eventsPath() const { return m_events; }

    /// The engine config fitted to the job (as the probe's own summary has it in "model_config"),
    /// and `summary`'s advice from the job's knobs. Empty when no loader is known.
    QJsonObject fitModel(loaderscope::RunSummary& summary) const;

private:
    QJsonArray m_loaders;
    QString m_torch;
    QString m_events;
    loaderscope::ObservationAccumulator m_observed;
    int m_epochs = 0; ///< epochs delivered from, counted from the batch keys
};

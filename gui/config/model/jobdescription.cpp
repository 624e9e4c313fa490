// SPDX-License-Identifier: MIT
#include "jobdescription.h"

#include "loaderscope/analysis/advice.h"
#include "loaderscope/config/config.h"

#include <QJsonDocument>

#include <algorithm>

void JobDescription::clear()
{
    *this = JobDescription();
}

void JobDescription::describe(const QByteArray& json)
{
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    if (doc.isObject())
        describe(doc.object());
}

void JobDescription::describe(const QJsonObject& o)
{
    if (const QString torch = o.value(QStringLiteral("torch_version")).toString(); !torch.isEmpty())
        m_torch = torch;
    if (const QString events = o.value(QStringLiteral("events")).toString(); !events.isEmpty())
        m_events = events;
    // An early description (no loader yet), or a summary of a job that made none, keeps what
    // was known.
    if (const QJsonArray loaders = o.value(QStringLiteral("loaders")).toArray(); !loaders.isEmpty())
        m_loaders = loaders;
}

void JobDescription::add(const std::vector<loaderscope::Event>& events)
{
    for (const loaderscope::Event& e : events) {
        m_observed.add(e);
        if (e.kind == loaderscope::EventKind::Deliver)
            m_epochs = std::max(m_epochs, loaderscope::batchKeyEpoch(e.batch) + 1);
    }
}

QJsonObject JobDescription::primaryLoader() const
{
    QJsonObject best;
    for (const QJsonValue& v : m_loaders) {
        const QJsonObject l = v.toObject();
        if (best.isEmpty() || l.value(QStringLiteral("samples")).toInteger() > best.value(QStringLiteral("samples")).toInteger())
            best = l;
    }
    return best;
}

bool JobDescription::pinsMemory() const
{
    return std::any_of(m_loaders.begin(), m_loaders.end(), [](const QJsonValue& v) {
        return v.toObject().value(QStringLiteral("knobs")).toObject().value(QStringLiteral("pin_memory")).toBool();
    });
}

QJsonObject JobDescription::fitModel(loaderscope::RunSummary& summary) const
{
    QJsonObject loader = primaryLoader();
    if (loader.isEmpty())
        return {};
    // A live description has no counts: the figures say what was delivered, in how many epochs.
    if (!loader.contains(QStringLiteral("samples"))) {
        loader.insert(QStringLiteral("epochs"), std::max(1, m_epochs));
        loader.insert(QStringLiteral("samples"), qint64(summary.figures.samples));
    }
    try {
        loaderscope::LoaderObservation obs =
            loaderscope::observationFromLoaderJson(QJsonDocument(loader).toJson(QJsonDocument::Compact).toStdString());
        m_observed.finish(obs);
        const loaderscope::Config model = loaderscope::fitConfig(obs);
        // As the probe advises at its end (python/src/outputs.cpp): the knobs as the model has
        // them, whether the job used a device, never a knob its torch lacks.
        loaderscope::LoaderKnobs k = loaderscope::LoaderKnobs::fromConfig(model);
        k.device = summary.backend == "cuda";
        k.torch_version = m_torch.toStdString();
        summary.torch_version = k.torch_version;
        summary.advice = loaderscope::adviseRun(k, summary);
        return QJsonDocument::fromJson(QByteArray::fromStdString(loaderscope::configToJson(model))).object();
    } catch (const std::exception&) {
        return {}; // a description this build cannot read: no model, no advice
    }
}

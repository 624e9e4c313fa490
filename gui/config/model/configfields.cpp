// SPDX-License-Identifier: MIT
#include "configfields.h"

#include "loaderscope/config/config.h"
#include "loaderscope/config/config_schema.h"
#include "loaderscope/analysis/sweep.h"

#include <QJsonDocument>

#include <QCoreApplication>
#include <QJsonArray>

namespace {

using G = ConfigField::Group;
using T = ConfigField::Type;
using loaderscope::ConfigKey;

QJsonValue orDefault(const QJsonValue& v, const QJsonValue& d)
{
    return v.isUndefined() || v.isNull() ? d : v;
}

/// The schema's default of a key as the form shows it (config_schema.h: the one definition).
QJsonValue schemaDefault(const ConfigKey& k)
{
    switch (k.type) {
    case ConfigKey::Type::Int: return QJsonValue(qint64(k.number));
    case ConfigKey::Type::Number: return k.number;
    case ConfigKey::Type::Bool: return k.flag();
    case ConfigKey::Type::Text:
    case ConfigKey::Type::Choice: return QString::fromStdString(k.text);
    }
    return {};
}

QStringList schemaChoices(const ConfigKey& k)
{
    QStringList out;
    for (const std::string& c : k.choices)
        out << QString::fromStdString(c);
    return out;
}

/**
 * The form field `id` for the schema key at `path` (they differ where the form shows one member of
 * a list, e.g. the first fault): type, range, default and choices from the schema; label, tooltip
 * and choice labels are the form's own. get/set read and write the key at `id`.
 */
ConfigField keyed(const char* id, const char* path, G g, const char* label, const char* tip,
                  std::vector<const char*> choiceLabels = {})
{
    const ConfigKey& key = loaderscope::configKey(path);
    ConfigField f;
    f.id = QString::fromLatin1(id);
    f.group = g;
    switch (key.type) {
    case ConfigKey::Type::Int: f.type = T::Int; break;
    case ConfigKey::Type::Number: f.type = T::Double; break;
    case ConfigKey::Type::Bool: f.type = T::Bool; break;
    case ConfigKey::Type::Text: f.type = T::Text; break;
    case ConfigKey::Type::Choice: f.type = T::Choice; break;
    }
    f.label = label;
    f.tooltip = tip;
    f.min = key.min;
    f.max = key.max;
    f.choices = schemaChoices(key);
    f.choiceLabels = std::move(choiceLabels);
    const QString at = f.id;
    const QJsonValue def = schemaDefault(key);
    f.get = [at, def](const QJsonObject& c) { return orDefault(jsonAt(c, at), def); };
    f.set = [at](QJsonObject& c, const QJsonValue& v) { setJsonAt(c, at, v); };
    f.enabled = [](const QJsonObject&) { return true; };
    return f;
}

ConfigField plain(const char* id, G g, const char* label, const char* tip, std::vector<const char*> choiceLabels = {})
{
    return keyed(id, id, g, label, tip, std::move(choiceLabels));
}

QJsonValue defaultOf(const char* path)
{
    return schemaDefault(loaderscope::configKey(path));
}

int numWorkers(const QJsonObject& c)
{
    return orDefault(jsonAt(c, QStringLiteral("loader.num_workers")), defaultOf("loader.num_workers")).toInt();
}

bool withWorkers(const QJsonObject& c)
{
    return numWorkers(c) > 0;
}

bool hasSampler(const QJsonObject& c)
{
    return jsonAt(c, QStringLiteral("loader.sampler")).isObject();
}

bool isKind(const QJsonObject& c, const char* kind)
{
    return orDefault(jsonAt(c, QStringLiteral("dataset.kind")), defaultOf("dataset.kind")).toString() == QLatin1String(kind);
}

// dataset.io_latency_us is a number (constant latency) or {"dist", "mean", "sigma"}.
QJsonValue latency(const QJsonObject& c)
{
    return jsonAt(c, QStringLiteral("dataset.io_latency_us"));
}

/** Sets one member of the object form (the caller checked that the object form is in use). */
void setLatencyMember(QJsonObject& c, const QString& member, const QJsonValue& v)
{
    QJsonObject o = latency(c).toObject();
    o[member] = v;
    setJsonAt(c, QStringLiteral("dataset.io_latency_us"), o);
}

/// A field whose value is null in the JSON when the spin box shows its special text (at 0);
/// `whenAbsent`: what the form shows when the key is not in the config.
void nullAtMinimum(ConfigField& k, const char* specialText, qint64 whenAbsent)
{
    k.min = 0;
    k.specialValueText = specialText;
    const QString at = k.id;
    const QJsonValue def(whenAbsent);
    k.get = [at, def](const QJsonObject& c) {
        const QJsonValue v = jsonAt(c, at);
        return QJsonValue(v.isNull() ? 0 : orDefault(v, def).toInteger());
    };
    k.set = [at](QJsonObject& c, const QJsonValue& v) {
        setJsonAt(c, at, v.toInteger() <= 0 ? QJsonValue(QJsonValue::Null) : v);
    };
}

void addLatency(std::vector<ConfigField>& f)
{
    {
        auto k = plain("dataset.io_latency_us", G::Dataset, QT_TRANSLATE_NOOP("ConfigField", "I/O latency per sample (µs)"),
                       QT_TRANSLATE_NOOP("ConfigField", "time each sample waits for storage or network, like reading a file"));
        k.get = [](const QJsonObject& c) {
            // A files dataset has no synthetic latency unless the config sets one (the engine's rule).
            const QJsonValue def(loaderscope::defaultIoLatencyUs(isKind(c, "files") ? loaderscope::DatasetConfig::Kind::Files
                                                                                    : loaderscope::DatasetConfig::Kind::Map));
            const QJsonValue v = latency(c);
            return v.isObject() ? v.toObject().value(QStringLiteral("mean")) : orDefault(v, def);
        };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            if (latency(c).isObject())
                setLatencyMember(c, QStringLiteral("mean"), v);
            else
                setJsonAt(c, QStringLiteral("dataset.io_latency_us"), v);
        };
        f.push_back(k);
    }
    const double sigmaDefault = defaultOf("dataset.io_latency_us.sigma").toDouble();
    {
        ConfigField k = plain("dataset.io_latency_us.dist", G::Dataset, QT_TRANSLATE_NOOP("ConfigField", "Latency distribution"),
                              QT_TRANSLATE_NOOP("ConfigField", "constant: every sample waits the same; lognormal: most are quick, a few are slow"),
                              {QT_TRANSLATE_NOOP("ConfigField", "constant"), QT_TRANSLATE_NOOP("ConfigField", "lognormal")});
        const QString constant = k.choices.first(), lognormal = k.choices.last();
        const QJsonValue meanDefault = defaultOf("dataset.io_latency_us");
        k.get = [constant](const QJsonObject& c) {
            const QJsonValue v = latency(c);
            return QJsonValue(v.isObject() ? v.toObject().value(QStringLiteral("dist")).toString(constant) : constant);
        };
        k.set = [lognormal, meanDefault, sigmaDefault](QJsonObject& c, const QJsonValue& v) {
            const QJsonValue old = latency(c);
            const double mean = old.isObject() ? old.toObject().value(QStringLiteral("mean")).toDouble() : orDefault(old, meanDefault).toDouble();
            if (v.toString() == lognormal) {
                const double sigma = old.isObject() ? old.toObject().value(QStringLiteral("sigma")).toDouble(sigmaDefault) : sigmaDefault;
                setJsonAt(c, QStringLiteral("dataset.io_latency_us"),
                          QJsonObject{{QStringLiteral("dist"), lognormal}, {QStringLiteral("mean"), mean},
                                      {QStringLiteral("sigma"), sigma}});
            } else {
                setJsonAt(c, QStringLiteral("dataset.io_latency_us"), mean);
            }
        };
        f.push_back(k);
    }
    {
        ConfigField k = plain("dataset.io_latency_us.sigma", G::Dataset, QT_TRANSLATE_NOOP("ConfigField", "Lognormal sigma"),
                              QT_TRANSLATE_NOOP("ConfigField", "spread of the lognormal latency: 0.5 gives a long tail of slow samples"));
        k.get = [sigmaDefault](const QJsonObject& c) {
            const QJsonValue v = latency(c);
            return QJsonValue(v.isObject() ? v.toObject().value(QStringLiteral("sigma")).toDouble(sigmaDefault) : sigmaDefault);
        };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            if (latency(c).isObject())
                setLatencyMember(c, QStringLiteral("sigma"), v);
        };
        k.enabled = [](const QJsonObject& c) { return latency(c).isObject(); };
        f.push_back(k);
    }
}

/// The first slow sample's index; the form's "one slow sample" takes 250 ms unless the config says.
void addSlowSample(std::vector<ConfigField>& f)
{
    ConfigField k = keyed("dataset.slow_samples", "dataset.slow_samples.index", G::Dataset,
                          QT_TRANSLATE_NOOP("ConfigField", "Slow sample index"),
                          QT_TRANSLATE_NOOP("ConfigField", "one sample that takes 250 ms: shows head-of-line blocking with in-order delivery"));
    k.min = -1;
    k.specialValueText = QT_TRANSLATE_NOOP("ConfigField", "none");
    k.get = [](const QJsonObject& c) {
        const QJsonArray a = jsonAt(c, QStringLiteral("dataset.slow_samples")).toArray();
        return QJsonValue(a.isEmpty() ? -1 : a.first().toObject().value(QStringLiteral("index")).toInteger());
    };
    k.set = [](QJsonObject& c, const QJsonValue& v) {
        if (v.toInteger() < 0) {
            removeJsonAt(c, QStringLiteral("dataset.slow_samples"));
            return;
        }
        constexpr double kSlowUs = 250000.0;
        const QJsonArray a = jsonAt(c, QStringLiteral("dataset.slow_samples")).toArray();
        const double latency = a.isEmpty() ? kSlowUs : a.first().toObject().value(QStringLiteral("latency_us")).toDouble(kSlowUs);
        setJsonAt(c, QStringLiteral("dataset.slow_samples"),
                  QJsonArray{QJsonObject{{QStringLiteral("index"), v.toInteger()}, {QStringLiteral("latency_us"), latency}}});
    };
    f.push_back(k);
}

void addDataset(std::vector<ConfigField>& f)
{
    f.push_back(plain("dataset.kind", G::Dataset, QT_TRANSLATE_NOOP("ConfigField", "Dataset style"),
                      QT_TRANSLATE_NOOP("ConfigField", "map: __getitem__ + __len__, indexed by the sampler; iterable: __iter__, "
                                                       "each worker iterates its own copy; files: a folder of real files, "
                                                       "read and checksummed per sample"),
                      {QT_TRANSLATE_NOOP("ConfigField", "map-style (synthetic)"),
                       QT_TRANSLATE_NOOP("ConfigField", "iterable-style (synthetic)"),
                       QT_TRANSLATE_NOOP("ConfigField", "files in a folder")}));
    {
        auto k = plain("dataset.length", G::Dataset, QT_TRANSLATE_NOOP("ConfigField", "Samples"),
                       QT_TRANSLATE_NOOP("ConfigField", "len(dataset): how many samples an epoch has"));
        k.enabled = [](const QJsonObject& c) { return !isKind(c, "files"); };
        f.push_back(k);
    }
    f.push_back(plain("dataset.sample_bytes", G::Dataset, QT_TRANSLATE_NOOP("ConfigField", "Bytes per sample"),
                      QT_TRANSLATE_NOOP("ConfigField", "size of one sample in the batch: what the workers write and the GPU copies")));
    addLatency(f);
    f.push_back(plain("dataset.cpu_us", G::Dataset, QT_TRANSLATE_NOOP("ConfigField", "CPU work per sample (µs)"),
                      QT_TRANSLATE_NOOP("ConfigField", "real computation per sample (decoding, augmentation): it uses a core, unlike I/O latency")));
    {
        auto k = plain("dataset.shard", G::Dataset, QT_TRANSLATE_NOOP("ConfigField", "Shard by worker id"),
                       QT_TRANSLATE_NOOP("ConfigField", "iterable only: worker k yields samples k, k+N, ... Without it every worker yields the whole stream and each sample arrives N times"));
        k.enabled = [](const QJsonObject& c) { return isKind(c, "iterable"); };
        f.push_back(k);
    }
    {
        auto k = plain("dataset.path", G::Dataset, QT_TRANSLATE_NOOP("ConfigField", "Folder of samples"),
                       QT_TRANSLATE_NOOP("ConfigField", "files dataset: every regular file in this folder is one sample"));
        k.enabled = [](const QJsonObject& c) { return isKind(c, "files"); };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            if (v.toString().isEmpty())
                removeJsonAt(c, QStringLiteral("dataset.path"));
            else
                setJsonAt(c, QStringLiteral("dataset.path"), v);
        };
        f.push_back(k);
    }
    addSlowSample(f);
}

void addSampler(std::vector<ConfigField>& f)
{
    {
        // Not a key of the schema: "distributed" writes a sampler object, "none" removes it.
        ConfigField k;
        k.id = QStringLiteral("loader.sampler");
        k.group = G::Loader;
        k.type = T::Choice;
        k.label = QT_TRANSLATE_NOOP("ConfigField", "sampler");
        k.tooltip = QT_TRANSLATE_NOOP("ConfigField", "DistributedSampler: this rank's share of the dataset, padded so every rank gets the same count");
        k.choices = {QStringLiteral("none"), QStringLiteral("distributed")};
        k.choiceLabels = {QT_TRANSLATE_NOOP("ConfigField", "default (sequential or random)"),
                          QT_TRANSLATE_NOOP("ConfigField", "DistributedSampler")};
        k.enabled = [](const QJsonObject&) { return true; };
        k.get = [](const QJsonObject& c) { return QJsonValue(hasSampler(c) ? QStringLiteral("distributed") : QStringLiteral("none")); };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            if (v.toString() == QLatin1String("distributed")) {
                if (!hasSampler(c))
                    setJsonAt(c, QStringLiteral("loader.sampler"),
                              QJsonObject{{QStringLiteral("kind"), QStringLiteral("distributed")},
                                          {QStringLiteral("num_replicas"), 2}, {QStringLiteral("rank"), 0}});
            } else {
                removeJsonAt(c, QStringLiteral("loader.sampler"));
            }
        };
        f.push_back(k);
    }
    for (auto [id, label, tip] :
         {std::tuple{"loader.sampler.num_replicas", QT_TRANSLATE_NOOP("ConfigField", "num_replicas"),
                     QT_TRANSLATE_NOOP("ConfigField", "number of ranks (processes) sharing the dataset")},
          std::tuple{"loader.sampler.rank", QT_TRANSLATE_NOOP("ConfigField", "rank"),
                     QT_TRANSLATE_NOOP("ConfigField", "which rank this loader is, from 0")},
          std::tuple{"loader.sampler.seed", QT_TRANSLATE_NOOP("ConfigField", "sampler seed"),
                     QT_TRANSLATE_NOOP("ConfigField", "every rank shuffles with seed + epoch, so ranks agree")},
          std::tuple{"loader.sampler.epoch", QT_TRANSLATE_NOOP("ConfigField", "sampler epoch"),
                     QT_TRANSLATE_NOOP("ConfigField", "set_epoch() value of the first epoch")},
          std::tuple{"loader.sampler.shuffle", QT_TRANSLATE_NOOP("ConfigField", "sampler shuffle"),
                     QT_TRANSLATE_NOOP("ConfigField", "DistributedSampler shuffles by default")},
          std::tuple{"loader.sampler.drop_last", QT_TRANSLATE_NOOP("ConfigField", "sampler drop_last"),
                     QT_TRANSLATE_NOOP("ConfigField", "cut the dataset to a multiple of num_replicas instead of padding it")}}) {
        auto k = plain(id, G::Loader, label, tip);
        k.enabled = hasSampler;
        f.push_back(k);
    }
}

/// The keys that apply with workers only (DataLoader refuses them with num_workers 0).
void addWorkerKeys(std::vector<ConfigField>& f)
{
    f.push_back(plain("loader.num_workers", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "num_workers"),
                      QT_TRANSLATE_NOOP("ConfigField", "worker processes that load batches in parallel; 0 loads in the main process")));
    const auto withWorkersOnly = [&f](ConfigField k) {
        k.enabled = withWorkers;
        f.push_back(std::move(k));
    };
    withWorkersOnly(plain("loader.prefetch_factor", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "prefetch_factor"),
                          QT_TRANSLATE_NOOP("ConfigField", "batches loaded in advance by each worker: prefetch_factor x num_workers are in flight")));
    withWorkersOnly(plain("loader.persistent_workers", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "persistent_workers"),
                          QT_TRANSLATE_NOOP("ConfigField", "keep the worker processes between epochs instead of starting new ones")));
    {
        auto k = plain("loader.pin_memory", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "pin_memory"),
                       QT_TRANSLATE_NOOP("ConfigField", "True: a pin-memory thread copies each batch into page-locked memory, so the copy to the GPU can be asynchronous. "
                                                        "\"shared\" (beyond PyTorch): the workers' batch slots themselves are page-locked, no pin copy"),
                       {QT_TRANSLATE_NOOP("ConfigField", "False (pageable)"), QT_TRANSLATE_NOOP("ConfigField", "True (pin thread)"),
                        QT_TRANSLATE_NOOP("ConfigField", "\"shared\" (pinned slots)")});
        // The JSON holds a boolean or "shared"; the choices are their names.
        k.get = [](const QJsonObject& c) {
            const QJsonValue v = jsonAt(c, QStringLiteral("loader.pin_memory"));
            return QJsonValue(v.isString() ? v.toString() : (v.toBool() ? QStringLiteral("true") : QStringLiteral("false")));
        };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            const QString s = v.toString();
            setJsonAt(c, QStringLiteral("loader.pin_memory"),
                      s == QLatin1String("shared") ? QJsonValue(s) : QJsonValue(s == QLatin1String("true")));
        };
        f.push_back(k);
    }
    withWorkersOnly(plain("loader.in_order", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "in_order"),
                          QT_TRANSLATE_NOOP("ConfigField", "deliver batches in sampler order (one slow batch holds back the others); False delivers whatever is ready")));
    withWorkersOnly(plain("loader.timeout", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "timeout (s)"),
                          QT_TRANSLATE_NOOP("ConfigField", "seconds to wait for a batch from the workers before raising; 0 waits forever")));
    withWorkersOnly(plain("loader.multiprocessing_context", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "multiprocessing_context"),
                          QT_TRANSLATE_NOOP("ConfigField", "fork: workers are copies of the main process (fast start); spawn: each worker starts a fresh process and re-reads the dataset"),
                          {QT_TRANSLATE_NOOP("ConfigField", "fork"), QT_TRANSLATE_NOOP("ConfigField", "spawn")}));
    withWorkersOnly(plain("loader.worker_init_us", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "worker start-up cost (µs)"),
                          QT_TRANSLATE_NOOP("ConfigField", "work each worker does before its first batch (worker_init_fn, opening files)")));
}

void addLoader(std::vector<ConfigField>& f)
{
    {
        auto k = plain("loader.batch_size", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "batch_size"),
                       QT_TRANSLATE_NOOP("ConfigField", "samples per batch; None turns automatic batching off (one sample per item)"));
        nullAtMinimum(k, QT_TRANSLATE_NOOP("ConfigField", "None"), defaultOf("loader.batch_size").toInteger());
        f.push_back(k);
    }
    f.push_back(plain("loader.shuffle", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "shuffle"),
                      QT_TRANSLATE_NOOP("ConfigField", "a new random order every epoch (RandomSampler); map-style only")));
    f.push_back(plain("loader.drop_last", G::Loader, QT_TRANSLATE_NOOP("ConfigField", "drop_last"),
                      QT_TRANSLATE_NOOP("ConfigField", "drop the last incomplete batch (with an iterable dataset: each worker's)")));
    addSampler(f);
    addWorkerKeys(f);
}

void addTrainAndDevice(std::vector<ConfigField>& f)
{
    f.push_back(plain("train.epochs", G::Train, QT_TRANSLATE_NOOP("ConfigField", "Epochs"),
                      QT_TRANSLATE_NOOP("ConfigField", "passes over the dataset")));
    {
        auto k = plain("train.max_batches", G::Train, QT_TRANSLATE_NOOP("ConfigField", "Batches per epoch (limit)"),
                       QT_TRANSLATE_NOOP("ConfigField", "stop each epoch early after this many batches"));
        nullAtMinimum(k, QT_TRANSLATE_NOOP("ConfigField", "all"), 0); // absent: every batch ("all")
        f.push_back(k);
    }
    f.push_back(plain("train.step_us", G::Train, QT_TRANSLATE_NOOP("ConfigField", "Training step (µs)"),
                      QT_TRANSLATE_NOOP("ConfigField", "GPU time of one training step (the step kernel) per batch")));
    f.push_back(plain("train.non_blocking", G::Train, QT_TRANSLATE_NOOP("ConfigField", "non_blocking copies"),
                      QT_TRANSLATE_NOOP("ConfigField", ".to(device, non_blocking=True): from pinned memory the host does not wait for the copy")));
    f.push_back(plain("train.copy_stream", G::Train, QT_TRANSLATE_NOOP("ConfigField", "Separate copy stream"),
                      QT_TRANSLATE_NOOP("ConfigField", "copies on their own CUDA stream (a prefetcher), so they can overlap the previous step on the GPU; off: one stream, as in a plain loop")));
    f.push_back(plain("train.on_exception", G::Train, QT_TRANSLATE_NOOP("ConfigField", "On a worker exception"),
                      QT_TRANSLATE_NOOP("ConfigField", "stop: the exception ends the run; continue: the loop catches it and keeps calling next()"),
                      {QT_TRANSLATE_NOOP("ConfigField", "stop"), QT_TRANSLATE_NOOP("ConfigField", "continue")}));
    f.push_back(plain("seed", G::Train, QT_TRANSLATE_NOOP("ConfigField", "Seed"),
                      QT_TRANSLATE_NOOP("ConfigField", "torch.manual_seed: the same seed gives the same shuffle and worker seeds")));
    f.push_back(plain("device.backend", G::Device, QT_TRANSLATE_NOOP("ConfigField", "GPU"),
                      QT_TRANSLATE_NOOP("ConfigField", "auto: a real CUDA device when one is usable, otherwise the simulated GPU (a model, labelled as such)"),
                      {QT_TRANSLATE_NOOP("ConfigField", "auto"), QT_TRANSLATE_NOOP("ConfigField", "CUDA device"),
                       QT_TRANSLATE_NOOP("ConfigField", "simulated GPU")}));
    f.push_back(plain("device.h2d_gbps_pinned", G::Device, QT_TRANSLATE_NOOP("ConfigField", "Pinned copy bandwidth (GB/s)"),
                      QT_TRANSLATE_NOOP("ConfigField", "simulated GPU: host-to-device bandwidth from page-locked memory")));
    f.push_back(plain("device.h2d_gbps_pageable", G::Device, QT_TRANSLATE_NOOP("ConfigField", "Pageable copy bandwidth (GB/s)"),
                      QT_TRANSLATE_NOOP("ConfigField", "simulated GPU: bandwidth when the driver must stage pageable memory")));
}

/// The first fault of the list: its kind ("none" removes the list), worker and batch.
void addFaults(std::vector<ConfigField>& f)
{
    {
        ConfigField k = keyed("faults", "faults.kind", G::Faults, QT_TRANSLATE_NOOP("ConfigField", "Inject a fault"),
                              QT_TRANSLATE_NOOP("ConfigField", "make one worker crash, hang, raise an exception or exit at a given batch"),
                              {QT_TRANSLATE_NOOP("ConfigField", "none"), QT_TRANSLATE_NOOP("ConfigField", "crash (segfault)"),
                               QT_TRANSLATE_NOOP("ConfigField", "hang"), QT_TRANSLATE_NOOP("ConfigField", "raise an exception"),
                               QT_TRANSLATE_NOOP("ConfigField", "exit")});
        k.choices.prepend(QStringLiteral("none"));
        k.get = [](const QJsonObject& c) {
            const QJsonArray a = c.value(QStringLiteral("faults")).toArray();
            return QJsonValue(a.isEmpty() ? QStringLiteral("none") : a.first().toObject().value(QStringLiteral("kind")).toString());
        };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            if (v.toString() == QLatin1String("none")) {
                c.remove(QStringLiteral("faults"));
                return;
            }
            QJsonArray a = c.value(QStringLiteral("faults")).toArray();
            // A new fault fires at batch 2, so that the run has started when it does.
            QJsonObject first = a.isEmpty() ? QJsonObject{{QStringLiteral("worker"), numWorkers(c) > 0 ? 0 : -1},
                                                          {QStringLiteral("at_batch"), 2}}
                                            : a.first().toObject();
            first[QStringLiteral("kind")] = v.toString();
            if (a.isEmpty())
                a.append(first);
            else
                a[0] = first;
            c[QStringLiteral("faults")] = a;
        };
        f.push_back(k);
    }
    for (auto [id, path, label, tip] :
         {std::tuple{"faults[0].worker", "faults.worker", QT_TRANSLATE_NOOP("ConfigField", "Fault: worker"),
                     QT_TRANSLATE_NOOP("ConfigField", "the worker that fails (-1: the main process, with num_workers 0)")},
          std::tuple{"faults[0].at_batch", "faults.at_batch", QT_TRANSLATE_NOOP("ConfigField", "Fault: at its batch"),
                     QT_TRANSLATE_NOOP("ConfigField", "the failing worker's own batch number in the epoch, from 0")}}) {
        ConfigField k = keyed(id, path, G::Faults, label, tip);
        const QString member = QString::fromStdString(loaderscope::configKey(path).name());
        const QJsonValue def = defaultOf(path);
        k.get = [member, def](const QJsonObject& c) {
            const QJsonArray a = c.value(QStringLiteral("faults")).toArray();
            return a.isEmpty() ? def : orDefault(a.first().toObject().value(member), def);
        };
        k.set = [member](QJsonObject& c, const QJsonValue& v) {
            QJsonArray a = c.value(QStringLiteral("faults")).toArray();
            if (a.isEmpty())
                return;
            QJsonObject first = a.first().toObject();
            first[member] = v;
            a[0] = first;
            c[QStringLiteral("faults")] = a;
        };
        k.enabled = [](const QJsonObject& c) { return !c.value(QStringLiteral("faults")).toArray().isEmpty(); };
        f.push_back(k);
    }
}

std::vector<ConfigField> build()
{
    std::vector<ConfigField> f;
    addDataset(f);
    addLoader(f);
    addTrainAndDevice(f);
    addFaults(f);
    return f;
}

} // namespace

QString ConfigField::translatedLabel() const
{
    return QCoreApplication::translate("ConfigField", label);
}

QString ConfigField::translatedTooltip() const
{
    return QCoreApplication::translate("ConfigField", tooltip);
}

const std::vector<ConfigField>& configFields()
{
    static const std::vector<ConfigField> fields = build();
    return fields;
}

QString groupTitle(ConfigField::Group g)
{
    switch (g) {
    case ConfigField::Group::Dataset: return QCoreApplication::translate("ConfigField", "Dataset");
    case ConfigField::Group::Loader: return QCoreApplication::translate("ConfigField", "DataLoader");
    case ConfigField::Group::Train: return QCoreApplication::translate("ConfigField", "Training loop");
    case ConfigField::Group::Device: return QCoreApplication::translate("ConfigField", "Device");
    case ConfigField::Group::Faults: return QCoreApplication::translate("ConfigField", "Fault injection");
    }
    return {};
}

QJsonValue jsonAt(const QJsonObject& root, const QString& path)
{
    const QStringList parts = path.split(QLatin1Char('.'));
    QJsonValue v = root;
    for (const QString& p : parts) {
        if (!v.isObject())
            return QJsonValue(QJsonValue::Undefined);
        v = v.toObject().value(p);
    }
    return v;
}

namespace {

void setPath(QJsonObject& obj, QStringList parts, const QJsonValue& value, bool remove)
{
    const QString head = parts.takeFirst();
    if (parts.isEmpty()) {
        if (remove)
            obj.remove(head);
        else
            obj[head] = value;
        return;
    }
    QJsonObject child = obj.value(head).toObject();
    setPath(child, parts, value, remove);
    obj[head] = child;
}

} // namespace

void setJsonAt(QJsonObject& root, const QString& path, const QJsonValue& value)
{
    setPath(root, path.split(QLatin1Char('.')), value, false);
}

void removeJsonAt(QJsonObject& root, const QString& path)
{
    if (jsonAt(root, path).isUndefined())
        return;
    setPath(root, path.split(QLatin1Char('.')), {}, true);
}

int fieldForError(const QString& errorField)
{
    int best = -1;
    qsizetype bestLen = -1;
    const auto& fields = configFields();
    for (size_t i = 0; i < fields.size(); ++i) {
        const QString& id = fields[i].id;
        const bool match = errorField == id || errorField.startsWith(id + QLatin1Char('.')) ||
                           errorField.startsWith(id + QLatin1Char('['));
        if (match && id.size() > bestLen) {
            best = int(i);
            bestLen = id.size();
        }
    }
    if (best < 0 && errorField == QLatin1String("loader"))
        return fieldForError(QStringLiteral("loader.num_workers")); // /dev/shm: the knob to turn
    return best;
}

QJsonObject normalisedConfig(const QJsonObject& config)
{
    // What does not apply without workers is left out, as DataLoader refuses it there (the
    // engine's one definition of that rule).
    try {
        const std::string text = loaderscope::dropWorkerOnlyKeys(QJsonDocument(config).toJson(QJsonDocument::Compact).toStdString());
        return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    } catch (const std::exception&) {
        return config;
    }
}

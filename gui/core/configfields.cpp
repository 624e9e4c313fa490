// SPDX-License-Identifier: MIT
#include "configfields.h"

#include "loaderscope/sweep.h"

#include <QJsonDocument>

#include <QCoreApplication>
#include <QJsonArray>

namespace {

using G = ConfigField::Group;
using T = ConfigField::Type;

QJsonValue orDefault(const QJsonValue& v, const QJsonValue& d)
{
    return v.isUndefined() || v.isNull() ? d : v;
}

ConfigField plain(const char* id, G g, T t, const char* label, const char* tip, QJsonValue def, double min = 0,
                  double max = 0)
{
    ConfigField f;
    f.id = QString::fromLatin1(id);
    f.group = g;
    f.type = t;
    f.label = label;
    f.tooltip = tip;
    f.min = min;
    f.max = max;
    const QString path = f.id;
    f.get = [path, def](const QJsonObject& c) { return orDefault(jsonAt(c, path), def); };
    f.set = [path](QJsonObject& c, const QJsonValue& v) { setJsonAt(c, path, v); };
    f.enabled = [](const QJsonObject&) { return true; };
    return f;
}

int numWorkers(const QJsonObject& c)
{
    return orDefault(jsonAt(c, QStringLiteral("loader.num_workers")), 4).toInt();
}

bool hasSampler(const QJsonObject& c)
{
    return jsonAt(c, QStringLiteral("loader.sampler")).isObject();
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

std::vector<ConfigField> build()
{
    std::vector<ConfigField> f;
    // --- dataset ---
    {
        auto k = plain("dataset.kind", G::Dataset, T::Choice, QT_TRANSLATE_NOOP("ConfigField", "Dataset style"),
                       QT_TRANSLATE_NOOP("ConfigField", "map: __getitem__ + __len__, indexed by the sampler; iterable: __iter__, "
                                                        "each worker iterates its own copy; files: a folder of real files, "
                                                        "read and checksummed per sample"),
                       QStringLiteral("map"));
        k.choices = {QStringLiteral("map"), QStringLiteral("iterable"), QStringLiteral("files")};
        k.choiceLabels = {QT_TRANSLATE_NOOP("ConfigField", "map-style (synthetic)"),
                          QT_TRANSLATE_NOOP("ConfigField", "iterable-style (synthetic)"),
                          QT_TRANSLATE_NOOP("ConfigField", "files in a folder")};
        f.push_back(k);
    }
    {
        auto k = plain("dataset.length", G::Dataset, T::Int, QT_TRANSLATE_NOOP("ConfigField", "Samples"),
                       QT_TRANSLATE_NOOP("ConfigField", "len(dataset): how many samples an epoch has"), 4096, 1, 1e9);
        k.enabled = [](const QJsonObject& c) { return jsonAt(c, QStringLiteral("dataset.kind")).toString() != QLatin1String("files"); };
        f.push_back(k);
    }
    f.push_back(plain("dataset.sample_bytes", G::Dataset, T::Int, QT_TRANSLATE_NOOP("ConfigField", "Bytes per sample"),
                      QT_TRANSLATE_NOOP("ConfigField", "size of one sample in the batch: what the workers write and the GPU copies"),
                      4096, 1, 1 << 30));
    {
        auto k = plain("dataset.io_latency_us", G::Dataset, T::Double, QT_TRANSLATE_NOOP("ConfigField", "I/O latency per sample (µs)"),
                       QT_TRANSLATE_NOOP("ConfigField", "time each sample waits for storage or network, like reading a file"),
                       1000.0, 0, 60e6);
        k.get = [](const QJsonObject& c) {
            const QJsonValue v = latency(c);
            return v.isObject() ? v.toObject().value(QStringLiteral("mean")) : orDefault(v, 1000.0);
        };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            if (latency(c).isObject())
                setLatencyMember(c, QStringLiteral("mean"), v);
            else
                setJsonAt(c, QStringLiteral("dataset.io_latency_us"), v);
        };
        f.push_back(k);
    }
    {
        ConfigField k = plain("dataset.io_latency_us.dist", G::Dataset, T::Choice,
                              QT_TRANSLATE_NOOP("ConfigField", "Latency distribution"),
                              QT_TRANSLATE_NOOP("ConfigField", "constant: every sample waits the same; lognormal: most are quick, a few are slow"),
                              QStringLiteral("constant"));
        k.choices = {QStringLiteral("constant"), QStringLiteral("lognormal")};
        k.choiceLabels = {QT_TRANSLATE_NOOP("ConfigField", "constant"), QT_TRANSLATE_NOOP("ConfigField", "lognormal")};
        k.get = [](const QJsonObject& c) {
            const QJsonValue v = latency(c);
            return QJsonValue(v.isObject() ? v.toObject().value(QStringLiteral("dist")).toString(QStringLiteral("constant"))
                                           : QStringLiteral("constant"));
        };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            const QJsonValue old = latency(c);
            const double mean = old.isObject() ? old.toObject().value(QStringLiteral("mean")).toDouble() : orDefault(old, 1000.0).toDouble();
            if (v.toString() == QLatin1String("lognormal")) {
                const double sigma = old.isObject() ? old.toObject().value(QStringLiteral("sigma")).toDouble(0.5) : 0.5;
                setJsonAt(c, QStringLiteral("dataset.io_latency_us"),
                          QJsonObject{{QStringLiteral("dist"), QStringLiteral("lognormal")}, {QStringLiteral("mean"), mean},
                                      {QStringLiteral("sigma"), sigma}});
            } else {
                setJsonAt(c, QStringLiteral("dataset.io_latency_us"), mean);
            }
        };
        f.push_back(k);
    }
    {
        ConfigField k = plain("dataset.io_latency_us.sigma", G::Dataset, T::Double,
                              QT_TRANSLATE_NOOP("ConfigField", "Lognormal sigma"),
                              QT_TRANSLATE_NOOP("ConfigField", "spread of the lognormal latency: 0.5 gives a long tail of slow samples"),
                              0.5, 0, 5);
        k.get = [](const QJsonObject& c) {
            const QJsonValue v = latency(c);
            return QJsonValue(v.isObject() ? v.toObject().value(QStringLiteral("sigma")).toDouble(0.5) : 0.5);
        };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            if (latency(c).isObject())
                setLatencyMember(c, QStringLiteral("sigma"), v);
        };
        k.enabled = [](const QJsonObject& c) { return latency(c).isObject(); };
        f.push_back(k);
    }
    f.push_back(plain("dataset.cpu_us", G::Dataset, T::Double, QT_TRANSLATE_NOOP("ConfigField", "CPU work per sample (µs)"),
                      QT_TRANSLATE_NOOP("ConfigField", "real computation per sample (decoding, augmentation): it uses a core, unlike I/O latency"),
                      0.0, 0, 60e6));
    {
        auto k = plain("dataset.shard", G::Dataset, T::Bool, QT_TRANSLATE_NOOP("ConfigField", "Shard by worker id"),
                       QT_TRANSLATE_NOOP("ConfigField", "iterable only: worker k yields samples k, k+N, ... Without it every worker yields the whole stream and each sample arrives N times"),
                       false);
        k.enabled = [](const QJsonObject& c) { return jsonAt(c, QStringLiteral("dataset.kind")).toString() == QLatin1String("iterable"); };
        f.push_back(k);
    }
    {
        auto k = plain("dataset.path", G::Dataset, T::Text, QT_TRANSLATE_NOOP("ConfigField", "Folder of samples"),
                       QT_TRANSLATE_NOOP("ConfigField", "files dataset: every regular file in this folder is one sample"), QString());
        k.enabled = [](const QJsonObject& c) { return jsonAt(c, QStringLiteral("dataset.kind")).toString() == QLatin1String("files"); };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            if (v.toString().isEmpty())
                removeJsonAt(c, QStringLiteral("dataset.path"));
            else
                setJsonAt(c, QStringLiteral("dataset.path"), v);
        };
        f.push_back(k);
    }
    {
        ConfigField k = plain("dataset.slow_samples", G::Dataset, T::Int, QT_TRANSLATE_NOOP("ConfigField", "Slow sample index"),
                              QT_TRANSLATE_NOOP("ConfigField", "one sample that takes 250 ms: shows head-of-line blocking with in-order delivery"),
                              -1, -1, 1e9);
        k.specialValueText = QT_TRANSLATE_NOOP("ConfigField", "none");
        k.get = [](const QJsonObject& c) {
            const QJsonArray a = jsonAt(c, QStringLiteral("dataset.slow_samples")).toArray();
            return QJsonValue(a.isEmpty() ? -1 : a.first().toObject().value(QStringLiteral("index")).toInt());
        };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            if (v.toInt() < 0) {
                removeJsonAt(c, QStringLiteral("dataset.slow_samples"));
                return;
            }
            const QJsonArray a = jsonAt(c, QStringLiteral("dataset.slow_samples")).toArray();
            const double latency = a.isEmpty() ? 250000.0 : a.first().toObject().value(QStringLiteral("latency_us")).toDouble(250000.0);
            setJsonAt(c, QStringLiteral("dataset.slow_samples"),
                      QJsonArray{QJsonObject{{QStringLiteral("index"), v.toInt()}, {QStringLiteral("latency_us"), latency}}});
        };
        f.push_back(k);
    }
    // --- loader (DataLoader's own arguments) ---
    {
        auto k = plain("loader.batch_size", G::Loader, T::Int, QT_TRANSLATE_NOOP("ConfigField", "batch_size"),
                       QT_TRANSLATE_NOOP("ConfigField", "samples per batch; None turns automatic batching off (one sample per item)"),
                       32, 0, 1 << 20);
        k.specialValueText = QT_TRANSLATE_NOOP("ConfigField", "None");
        k.get = [](const QJsonObject& c) {
            const QJsonValue v = jsonAt(c, QStringLiteral("loader.batch_size"));
            return QJsonValue(v.isNull() ? 0 : orDefault(v, 32).toInt());
        };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            setJsonAt(c, QStringLiteral("loader.batch_size"), v.toInt() <= 0 ? QJsonValue(QJsonValue::Null) : v);
        };
        f.push_back(k);
    }
    {
        auto k = plain("loader.shuffle", G::Loader, T::Bool, QT_TRANSLATE_NOOP("ConfigField", "shuffle"),
                       QT_TRANSLATE_NOOP("ConfigField", "a new random order every epoch (RandomSampler); map-style only"), false);
        f.push_back(k);
    }
    f.push_back(plain("loader.drop_last", G::Loader, T::Bool, QT_TRANSLATE_NOOP("ConfigField", "drop_last"),
                      QT_TRANSLATE_NOOP("ConfigField", "drop the last incomplete batch (with an iterable dataset: each worker's)"), false));
    {
        ConfigField k = plain("loader.sampler", G::Loader, T::Choice, QT_TRANSLATE_NOOP("ConfigField", "sampler"),
                              QT_TRANSLATE_NOOP("ConfigField", "DistributedSampler: this rank's share of the dataset, padded so every rank gets the same count"),
                              QStringLiteral("none"));
        k.choices = {QStringLiteral("none"), QStringLiteral("distributed")};
        k.choiceLabels = {QT_TRANSLATE_NOOP("ConfigField", "default (sequential or random)"),
                          QT_TRANSLATE_NOOP("ConfigField", "DistributedSampler")};
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
    for (auto [id, label, tip, def, max] :
         {std::tuple{"loader.sampler.num_replicas", QT_TRANSLATE_NOOP("ConfigField", "num_replicas"),
                     QT_TRANSLATE_NOOP("ConfigField", "number of ranks (processes) sharing the dataset"), 2, 1 << 20},
          std::tuple{"loader.sampler.rank", QT_TRANSLATE_NOOP("ConfigField", "rank"),
                     QT_TRANSLATE_NOOP("ConfigField", "which rank this loader is, from 0"), 0, 1 << 20},
          std::tuple{"loader.sampler.seed", QT_TRANSLATE_NOOP("ConfigField", "sampler seed"),
                     QT_TRANSLATE_NOOP("ConfigField", "every rank shuffles with seed + epoch, so ranks agree"), 0, 1 << 30},
          std::tuple{"loader.sampler.epoch", QT_TRANSLATE_NOOP("ConfigField", "sampler epoch"),
                     QT_TRANSLATE_NOOP("ConfigField", "set_epoch() value of the first epoch"), 0, 1 << 30}}) {
        auto k = plain(id, G::Loader, T::Int, label, tip, def, 0, max);
        k.enabled = hasSampler;
        f.push_back(k);
    }
    {
        auto k = plain("loader.sampler.shuffle", G::Loader, T::Bool, QT_TRANSLATE_NOOP("ConfigField", "sampler shuffle"),
                       QT_TRANSLATE_NOOP("ConfigField", "DistributedSampler shuffles by default"), true);
        k.enabled = hasSampler;
        f.push_back(k);
    }
    {
        auto k = plain("loader.sampler.drop_last", G::Loader, T::Bool, QT_TRANSLATE_NOOP("ConfigField", "sampler drop_last"),
                       QT_TRANSLATE_NOOP("ConfigField", "cut the dataset to a multiple of num_replicas instead of padding it"), false);
        k.enabled = hasSampler;
        f.push_back(k);
    }
    f.push_back(plain("loader.num_workers", G::Loader, T::Int, QT_TRANSLATE_NOOP("ConfigField", "num_workers"),
                      QT_TRANSLATE_NOOP("ConfigField", "worker processes that load batches in parallel; 0 loads in the main process"),
                      4, 0, 64));
    {
        auto k = plain("loader.prefetch_factor", G::Loader, T::Int, QT_TRANSLATE_NOOP("ConfigField", "prefetch_factor"),
                       QT_TRANSLATE_NOOP("ConfigField", "batches loaded in advance by each worker: prefetch_factor x num_workers are in flight"),
                       2, 1, 1024);
        k.enabled = [](const QJsonObject& c) { return numWorkers(c) > 0; };
        f.push_back(k);
    }
    {
        auto k = plain("loader.persistent_workers", G::Loader, T::Bool, QT_TRANSLATE_NOOP("ConfigField", "persistent_workers"),
                       QT_TRANSLATE_NOOP("ConfigField", "keep the worker processes between epochs instead of starting new ones"), false);
        k.enabled = [](const QJsonObject& c) { return numWorkers(c) > 0; };
        f.push_back(k);
    }
    {
        auto k = plain("loader.pin_memory", G::Loader, T::Choice, QT_TRANSLATE_NOOP("ConfigField", "pin_memory"),
                       QT_TRANSLATE_NOOP("ConfigField", "True: a pin-memory thread copies each batch into page-locked memory, so the copy to the GPU can be asynchronous. "
                                                        "\"shared\" (beyond PyTorch): the workers' batch slots themselves are page-locked, no pin copy"),
                       false);
        k.choices = {QStringLiteral("false"), QStringLiteral("true"), QStringLiteral("shared")};
        k.choiceLabels = {QT_TRANSLATE_NOOP("ConfigField", "False (pageable)"), QT_TRANSLATE_NOOP("ConfigField", "True (pin thread)"),
                          QT_TRANSLATE_NOOP("ConfigField", "\"shared\" (pinned slots)")};
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
    {
        auto k = plain("loader.in_order", G::Loader, T::Bool, QT_TRANSLATE_NOOP("ConfigField", "in_order"),
                       QT_TRANSLATE_NOOP("ConfigField", "deliver batches in sampler order (one slow batch holds back the others); False delivers whatever is ready"),
                       true);
        k.enabled = [](const QJsonObject& c) { return numWorkers(c) > 0; };
        f.push_back(k);
    }
    {
        auto k = plain("loader.timeout", G::Loader, T::Double, QT_TRANSLATE_NOOP("ConfigField", "timeout (s)"),
                       QT_TRANSLATE_NOOP("ConfigField", "seconds to wait for a batch from the workers before raising; 0 waits forever"),
                       0.0, 0, 86400);
        k.enabled = [](const QJsonObject& c) { return numWorkers(c) > 0; };
        f.push_back(k);
    }
    {
        auto k = plain("loader.multiprocessing_context", G::Loader, T::Choice,
                       QT_TRANSLATE_NOOP("ConfigField", "multiprocessing_context"),
                       QT_TRANSLATE_NOOP("ConfigField", "fork: workers are copies of the main process (fast start); spawn: each worker starts a fresh process and re-reads the dataset"),
                       QStringLiteral("fork"));
        k.choices = {QStringLiteral("fork"), QStringLiteral("spawn")};
        k.choiceLabels = {QT_TRANSLATE_NOOP("ConfigField", "fork"), QT_TRANSLATE_NOOP("ConfigField", "spawn")};
        k.enabled = [](const QJsonObject& c) { return numWorkers(c) > 0; };
        f.push_back(k);
    }
    {
        auto k = plain("loader.worker_init_us", G::Loader, T::Double, QT_TRANSLATE_NOOP("ConfigField", "worker start-up cost (µs)"),
                       QT_TRANSLATE_NOOP("ConfigField", "work each worker does before its first batch (worker_init_fn, opening files)"),
                       0.0, 0, 60e6);
        k.enabled = [](const QJsonObject& c) { return numWorkers(c) > 0; };
        f.push_back(k);
    }
    // --- training loop ---
    f.push_back(plain("train.epochs", G::Train, T::Int, QT_TRANSLATE_NOOP("ConfigField", "Epochs"),
                      QT_TRANSLATE_NOOP("ConfigField", "passes over the dataset"), 1, 1, 10000));
    {
        auto k = plain("train.max_batches", G::Train, T::Int, QT_TRANSLATE_NOOP("ConfigField", "Batches per epoch (limit)"),
                       QT_TRANSLATE_NOOP("ConfigField", "stop each epoch early after this many batches"), 0, 0, 1e9);
        k.specialValueText = QT_TRANSLATE_NOOP("ConfigField", "all");
        k.get = [](const QJsonObject& c) { return QJsonValue(orDefault(jsonAt(c, QStringLiteral("train.max_batches")), 0).toInt()); };
        k.set = [](QJsonObject& c, const QJsonValue& v) {
            setJsonAt(c, QStringLiteral("train.max_batches"), v.toInt() <= 0 ? QJsonValue(QJsonValue::Null) : v);
        };
        f.push_back(k);
    }
    f.push_back(plain("train.step_us", G::Train, T::Double, QT_TRANSLATE_NOOP("ConfigField", "Training step (µs)"),
                      QT_TRANSLATE_NOOP("ConfigField", "GPU time of one training step (the step kernel) per batch"), 2000.0, 0, 60e6));
    f.push_back(plain("train.non_blocking", G::Train, T::Bool, QT_TRANSLATE_NOOP("ConfigField", "non_blocking copies"),
                      QT_TRANSLATE_NOOP("ConfigField", ".to(device, non_blocking=True): from pinned memory the host does not wait for the copy"), true));
    f.push_back(plain("train.copy_stream", G::Train, T::Bool, QT_TRANSLATE_NOOP("ConfigField", "Separate copy stream"),
                      QT_TRANSLATE_NOOP("ConfigField", "copies on their own CUDA stream (a prefetcher), so they can overlap the previous step on the GPU; off: one stream, as in a plain loop"),
                      true));
    {
        auto k = plain("train.on_exception", G::Train, T::Choice, QT_TRANSLATE_NOOP("ConfigField", "On a worker exception"),
                       QT_TRANSLATE_NOOP("ConfigField", "stop: the exception ends the run; continue: the loop catches it and keeps calling next()"),
                       QStringLiteral("stop"));
        k.choices = {QStringLiteral("stop"), QStringLiteral("continue")};
        k.choiceLabels = {QT_TRANSLATE_NOOP("ConfigField", "stop"), QT_TRANSLATE_NOOP("ConfigField", "continue")};
        f.push_back(k);
    }
    f.push_back(plain("seed", G::Train, T::Int, QT_TRANSLATE_NOOP("ConfigField", "Seed"),
                      QT_TRANSLATE_NOOP("ConfigField", "torch.manual_seed: the same seed gives the same shuffle and worker seeds"), 0, 0, 2147483647));
    // --- device ---
    {
        auto k = plain("device.backend", G::Device, T::Choice, QT_TRANSLATE_NOOP("ConfigField", "GPU"),
                       QT_TRANSLATE_NOOP("ConfigField", "auto: a real CUDA device when one is usable, otherwise the simulated GPU (a model, labelled as such)"),
                       QStringLiteral("auto"));
        k.choices = {QStringLiteral("auto"), QStringLiteral("cuda"), QStringLiteral("sim")};
        k.choiceLabels = {QT_TRANSLATE_NOOP("ConfigField", "auto"), QT_TRANSLATE_NOOP("ConfigField", "CUDA device"),
                          QT_TRANSLATE_NOOP("ConfigField", "simulated GPU")};
        f.push_back(k);
    }
    f.push_back(plain("device.h2d_gbps_pinned", G::Device, T::Double, QT_TRANSLATE_NOOP("ConfigField", "Pinned copy bandwidth (GB/s)"),
                      QT_TRANSLATE_NOOP("ConfigField", "simulated GPU: host-to-device bandwidth from page-locked memory"), 25.0, 0.001, 10000));
    f.push_back(plain("device.h2d_gbps_pageable", G::Device, T::Double, QT_TRANSLATE_NOOP("ConfigField", "Pageable copy bandwidth (GB/s)"),
                      QT_TRANSLATE_NOOP("ConfigField", "simulated GPU: bandwidth when the driver must stage pageable memory"), 10.0, 0.001, 10000));
    // --- fault injection (the first fault of the list) ---
    {
        ConfigField k = plain("faults", G::Faults, T::Choice, QT_TRANSLATE_NOOP("ConfigField", "Inject a fault"),
                              QT_TRANSLATE_NOOP("ConfigField", "make one worker crash, hang, raise an exception or exit at a given batch"),
                              QStringLiteral("none"));
        k.choices = {QStringLiteral("none"), QStringLiteral("crash"), QStringLiteral("hang"), QStringLiteral("exception"), QStringLiteral("exit")};
        k.choiceLabels = {QT_TRANSLATE_NOOP("ConfigField", "none"), QT_TRANSLATE_NOOP("ConfigField", "crash (segfault)"),
                          QT_TRANSLATE_NOOP("ConfigField", "hang"), QT_TRANSLATE_NOOP("ConfigField", "raise an exception"),
                          QT_TRANSLATE_NOOP("ConfigField", "exit")};
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
    for (auto [id, key, label, tip, def, min] :
         {std::tuple{"faults[0].worker", "worker", QT_TRANSLATE_NOOP("ConfigField", "Fault: worker"),
                     QT_TRANSLATE_NOOP("ConfigField", "the worker that fails (-1: the main process, with num_workers 0)"), 0, -1},
          std::tuple{"faults[0].at_batch", "at_batch", QT_TRANSLATE_NOOP("ConfigField", "Fault: at its batch"),
                     QT_TRANSLATE_NOOP("ConfigField", "the failing worker's own batch number in the epoch, from 0"), 2, 0}}) {
        ConfigField k = plain(id, G::Faults, T::Int, label, tip, def, min, 1e9);
        const QString field = QString::fromLatin1(key);
        k.get = [field, def](const QJsonObject& c) {
            const QJsonArray a = c.value(QStringLiteral("faults")).toArray();
            return QJsonValue(a.isEmpty() ? def : a.first().toObject().value(field).toInt(def));
        };
        k.set = [field](QJsonObject& c, const QJsonValue& v) {
            QJsonArray a = c.value(QStringLiteral("faults")).toArray();
            if (a.isEmpty())
                return;
            QJsonObject first = a.first().toObject();
            first[field] = v;
            a[0] = first;
            c[QStringLiteral("faults")] = a;
        };
        k.enabled = [](const QJsonObject& c) { return !c.value(QStringLiteral("faults")).toArray().isEmpty(); };
        f.push_back(k);
    }
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

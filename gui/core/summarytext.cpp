// SPDX-License-Identifier: MIT
#include "summarytext.h"

#include "spreadtext.h"

#include "loaderscope/advice.h"
#include "loaderscope/shm_layout.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <optional>

using loaderscope::Advice;
using loaderscope::KnobValue;
using loaderscope::RunSummary;

namespace SummaryText {

namespace {

/// The translation context of every sentence here (lupdate reads Q_DECLARE_TR_FUNCTIONS).
struct T
{
    Q_DECLARE_TR_FUNCTIONS(SummaryText)
};

QString ms(double seconds)
{
    const double v = seconds * 1e3;
    return QLocale().toString(v, 'f', v < 10 ? 2 : 0);
}

QString pct0(double fraction)
{
    return SummaryText::withPercentSign(QLocale().toString(std::lround(fraction * 100)));
}

QString count(double v)
{
    return QLocale().toString(qint64(std::llround(v)));
}

bool fromTrace(const RunSummary& s)
{
    return s.source == "profiler";
}

} // namespace

QString bytes(double b)
{
    return QLocale().formattedDataSize(qint64(std::llround(std::max(0.0, b))), 1);
}

QString number(double v, int decimals)
{
    return QLocale().toString(v, 'f', decimals);
}

QString rate(double perSecond)
{
    return QLocale().toString(perSecond, 'f', 0);
}

QString withPercentSign(const QString& number)
{
    // Turkish writes the sign first ("%51,2"), English after with no space ("51.2%"): never a
    // space a line could break at, so a value never wraps as "51,2⏎%".
    const QLocale loc;
    if (loc.language() == QLocale::Turkish)
        return loc.percent() + number;
    return number + loc.percent();
}

QString percent(double fraction)
{
    return withPercentSign(QLocale().toString(fraction * 100.0, 'f', 1));
}

QString duration(double seconds)
{
    if (seconds < 10)
        return T::tr("%1 ms").arg(QLocale().toString(seconds * 1e3, 'f', 1));
    return T::tr("%1 s").arg(QLocale().toString(seconds, 'f', 1));
}

QString bandwidth(double gbps)
{
    return T::tr("%1 GB/s").arg(QLocale().toString(gbps, 'f', 1));
}

QString source(const RunSummary& s)
{
    if (fromTrace(s))
        return T::tr("PyTorch profiler trace");
    if (s.source == "pytorch")
        return s.torch_version.empty() ? T::tr("your PyTorch job")
                                       : T::tr("your PyTorch job (torch %1)").arg(QString::fromStdString(s.torch_version));
    if (s.backend == "sim")
        return T::tr("simulated GPU (a model, not a device)");
    if (s.backend == "cuda")
        return T::tr("CUDA device");
    return QString::fromStdString(s.backend);
}

QString verdict(const QString& v)
{
    if (v == QLatin1String("not input-bound"))
        return QCoreApplication::translate("Metrics", "not input-bound");
    if (v == QLatin1String("moderately input-bound"))
        return QCoreApplication::translate("Metrics", "moderately input-bound");
    if (v == QLatin1String("highly input-bound"))
        return QCoreApplication::translate("Metrics", "highly input-bound");
    if (v == QLatin1String("no batches delivered"))
        return QCoreApplication::translate("Metrics", "no batches delivered");
    if (v == QLatin1String("no steps found"))
        return QCoreApplication::translate("Metrics", "no steps found");
    // Imported profiler traces (engine/src/analysis/trace_analysis.cpp)
    if (v == QLatin1String("no loader spans found"))
        return QCoreApplication::translate("Metrics", "no loader spans found");
    if (v == QLatin1String("loader wait not measured"))
        return QCoreApplication::translate("Metrics", "loader wait not measured");
    if (v == QLatin1String("unreliable trace"))
        return QCoreApplication::translate("Metrics", "unreliable trace");
    return v;
}

QString verdict(const RunSummary& s)
{
    const QString v = verdict(QString::fromStdString(s.verdict));
    if (!s.figures_reliable && !v.isEmpty())
        return T::tr("%1 (from incomplete data: %2 events were lost)").arg(v, count(double(s.events_lost)));
    return v;
}

QString verdictForStall(double stall)
{
    return verdict(QString::fromStdString(loaderscope::verdictFor(stall)));
}

QString workersBusy(const RunSummary& s)
{
    QStringList parts;
    for (const auto& w : s.figures.workers)
        parts << QStringLiteral("%1: %2").arg(w.worker).arg(percent(w.busy_fraction));
    return parts.join(QStringLiteral(", "));
}

QString workerTime(const RunSummary& s)
{
    const auto& ws = s.figures.workers;
    if (ws.empty())
        return {};
    double cpu = 0, wait = 0, io = 0, idle = 0;
    for (const auto& w : ws) {
        cpu += w.cpu_fraction;
        wait += w.cpu_wait_fraction;
        io += w.io_fraction;
        idle += w.idle_fraction;
    }
    const double n = double(ws.size());
    return T::tr("CPU %1, waiting for a core %2, I/O %3, idle %4")
        .arg(percent(cpu / n), percent(wait / n), percent(io / n), percent(idle / n));
}

QString knobValue(const KnobValue& v)
{
    switch (v.type) {
    case KnobValue::Type::Bool: return v.boolean ? QStringLiteral("True") : QStringLiteral("False");
    case KnobValue::Type::Number: return QLocale().toString(v.number, 'g', 6);
    case KnobValue::Type::String: return QLatin1Char('"') + QString::fromStdString(v.text) + QLatin1Char('"');
    case KnobValue::Type::None: break;
    }
    return QStringLiteral("None");
}

namespace {

// The sentences of advice(), by theme. Each returns nothing for an id it does not speak of; the
// ids are distinct, so which one answers does not depend on the order they are asked in.

/// How many workers, prefetch, and whether the loader is the bottleneck at all.
std::optional<QString> workerCountAdvice(const Advice& a)
{
    namespace id = loaderscope::advice_id;
    auto e = [&a](const char* key) { return a.evidenceValue(key); };
    if (a.id == id::kRaiseNumWorkers) {
        QString text = T::tr("the loop waits %1 of its time for data; each sample spends %2 ms off the CPU (I/O) and %3 ms on "
                             "it, so keeping up with %4 samples/s takes about %5 workers (now %6, on %7 cores): raise "
                             "num_workers to %5")
                           .arg(pct0(e("data_stall_fraction")), ms(e("io_ms_per_sample") / 1e3), ms(e("cpu_ms_per_sample") / 1e3),
                                count(e("target_samples_per_s")), count(e("suggest")), count(e("num_workers")), count(e("cores")));
        // More workers than cores: why PyTorch's warning and the advice both hold (advice.cpp).
        if (e("suggest") > e("cores") && e("cores") > 0)
            text += T::tr(". PyTorch will warn that its suggested max number of workers is %1 (the cores); more fit here "
                          "because each worker sleeps on I/O %2 of a sample's time, and a sleeping worker leaves its core free")
                        .arg(count(e("cores")), pct0(e("io_share")));
        return text;
    }
    if (a.id == id::kCpuBound && e("contended") > 0)
        return T::tr("the loop waits %1 of its time for data, but the %2 workers wait for a free core %3 of their busy time (the "
                     "%4 cores are taken by other work, or oversubscribed) (%5 ms of CPU per sample): more workers will not help; "
                     "make each sample cheaper (decoding, augmentation) or add cores")
                   .arg(pct0(e("data_stall_fraction")), count(e("num_workers")), pct0(e("cpu_wait_share")), count(e("cores")),
                        ms(e("cpu_ms_per_sample") / 1e3));
    if (a.id == id::kCpuBound)
        return T::tr("the loop waits %1 of its time for data, but the %2 workers already use %3 of the %4 cores (%5 ms of CPU per "
                     "sample): more workers will not help; make each sample cheaper (decoding, augmentation) or add cores")
                   .arg(pct0(e("data_stall_fraction")), count(e("num_workers")), number(e("cores_used"), 1), count(e("cores")),
                        ms(e("cpu_ms_per_sample") / 1e3));
    if (a.id == id::kRaisePrefetch)
        return T::tr("the loop waits %1 of its time for data although %2 workers keep up on average (about %3 needed): batches "
                  "arrive in bursts; raise prefetch_factor to %4 so more are ready in advance")
                   .arg(pct0(e("data_stall_fraction")), count(e("num_workers")), count(e("needed")), count(e("suggest")));
    if (a.id == id::kFewerWorkers)
        return T::tr("workers are busy only %1 of the time while the prefetch window stays full (%2 of %3 batches ready on "
                  "average): %4 workers would keep up and use less memory and CPU")
                   .arg(pct0(e("worker_busy_mean")), number(e("mean_ready_batches"), 1), count(e("window")), count(e("suggest")));
    if (a.id == id::kTrainingBound && e("startup_share") >= 0.01)
        return T::tr("apart from starting the workers (%1), the loop waits only %2 of its time for data: the training step is "
                     "the bottleneck; no loader knob will make this run faster")
                   .arg(pct0(e("startup_share")), pct0(e("data_stall_fraction")));
    if (a.id == id::kTrainingBound)
        return T::tr("the loop waits only %1 of its time for data: the training step is the bottleneck; no loader knob will make "
                  "this run faster")
                   .arg(pct0(e("data_stall_fraction")));
    return std::nullopt;
}

/// Host-to-device copies: the pin-memory thread, pinned memory, non_blocking, the copy stream.
std::optional<QString> copyAdvice(const Advice& a)
{
    namespace id = loaderscope::advice_id;
    auto e = [&a](const char* key) { return a.evidenceValue(key); };
    if (a.id == id::kPinThreadBound && a.knob.empty()) // a watched job: its torch has no pin_memory "shared"
        return T::tr("the pin-memory thread copies batches %1 of the time and the loop waits %2 for data: PyTorch pins every "
                     "batch on that one thread; batches of fewer bytes (for example uint8 instead of float32 until they reach "
                     "the device) take it less time")
                   .arg(pct0(e("pin_busy_fraction")), pct0(e("data_stall_fraction")));
    if (a.id == id::kPinThreadBound)
        return T::tr("the pin-memory thread copies batches %1 of the time and the loop waits %2 for data: pin_memory \"shared\" "
                  "lets the workers write into pinned memory and removes that copy")
                   .arg(pct0(e("pin_busy_fraction")), pct0(e("data_stall_fraction")));
    if (a.id == id::kPinMemory)
        return (e("non_blocking") > 0
                    ? T::tr("copies from pageable memory block the host %1 of the loop while the driver stages them: set pin_memory=True")
                    : T::tr("copies from pageable memory block the host %1 of the loop while the driver stages them: set pin_memory=True "
                         "(copies overlap the step only with non_blocking=True as well)"))
                   .arg(pct0(e("pageable_blocked_fraction")));
    if (a.id == id::kNonBlocking)
        return T::tr("synchronous copies from pinned memory block the host %1 of the loop: set non_blocking=True so the host is "
                  "free while they run")
                   .arg(pct0(e("sync_copy_blocked_fraction")));
    if (a.id == id::kCopyStream)
        return T::tr("copies take %1 of the loop and overlap the step kernel only %2: issue them on a separate copy stream "
                  "(train.copy_stream)")
                   .arg(pct0(e("copy_share")), pct0(e("overlap_fraction")));
    return std::nullopt;
}

/// Starting the workers each epoch, and in-order delivery.
std::optional<QString> startupAndOrderAdvice(const Advice& a)
{
    namespace id = loaderscope::advice_id;
    auto e = [&a](const char* key) { return a.evidenceValue(key); };
    if (a.id == id::kPersistentWorkers)
        return T::tr("starting the workers took %1 ms in each of %2 epochs (%3 of the loop): set persistent_workers=True")
                   .arg(ms(e("startup_ms_per_epoch") / 1e3), count(e("startups")), pct0(e("startup_share")));
    if (a.id == id::kSpawnStartup)
        return T::tr("spawn starts a fresh process per worker: %1 ms per epoch to start %2 workers (%3 of the loop); use "
                  "multiprocessing_context \"fork\", or persistent_workers=True")
                   .arg(ms(e("startup_ms_per_epoch") / 1e3), count(e("num_workers")), pct0(e("startup_share")));
    if (a.id == id::kInOrder)
        return T::tr("the loop waited %1 of its time for a late batch while later batches were already ready and the workers stood "
                  "idle %2 of the time (the longest wait %3 ms): in_order=False delivers the ready batches meanwhile (batch "
                  "order then varies from run to run)")
                   .arg(pct0(e("head_of_line_fraction")), pct0(e("worker_idle_mean")), ms(e("longest_head_of_line_ms") / 1e3));
    if (a.id == id::kUpgradeTorchInOrder)
        return T::tr("the loop waited %1 of its time for a late batch while later batches were already ready and the workers stood "
                     "idle %2 of the time (the longest wait %3 ms): upgrade to torch ≥ 2.6 for in_order=False, which delivers "
                     "the ready batches meanwhile (this job's torch has no in_order)")
                   .arg(pct0(e("head_of_line_fraction")), pct0(e("worker_idle_mean")), ms(e("longest_head_of_line_ms") / 1e3));
    return std::nullopt;
}

/// Batch slots taking too much of /dev/shm or of the memory limit (kShmSlots).
QString shmSlotsAdvice(const Advice& a)
{
    auto e = [&a](const char* key) { return a.evidenceValue(key); };
    QString text;
    const bool shm = e("against_dev_shm") > 0, prefetch = a.knob == "loader.prefetch_factor";
    const double of = shm ? e("dev_shm_size_bytes") : e("limit_bytes");
    const QString share = pct0(of > 0 ? e("segment_bytes") / of : 0);
    if (shm)
        text = (prefetch ? T::tr("the batch slots in shared memory (num_workers x prefetch_factor + %5 of them, %1 with the event "
                                 "rings) take %2 of /dev/shm's %3: lower prefetch_factor to %4 so fewer batches wait in memory")
                         : T::tr("the batch slots in shared memory (num_workers x prefetch_factor + %5 of them, %1 with the event "
                                 "rings) take %2 of /dev/shm's %3: lower num_workers to %4 so fewer batches wait in memory"));
    else
        text = (prefetch ? T::tr("the batch slots in shared memory (num_workers x prefetch_factor + %5 of them, %1 with the event "
                                 "rings) take %2 of the memory limit of %3: lower prefetch_factor to %4 so fewer batches wait "
                                 "in memory")
                         : T::tr("the batch slots in shared memory (num_workers x prefetch_factor + %5 of them, %1 with the event "
                                 "rings) take %2 of the memory limit of %3: lower num_workers to %4 so fewer batches wait in "
                                 "memory"));
    return text.arg(bytes(e("segment_bytes")), share, bytes(of), count(e("suggest")),
                    count(loaderscope::ShmLayout::kConsumerSlots));
}

/// Memory: copy-on-read in the workers, shared-memory slots, the workers' private memory.
std::optional<QString> memoryAdvice(const Advice& a)
{
    namespace id = loaderscope::advice_id;
    auto e = [&a](const char* key) { return a.evidenceValue(key); };
    if (a.id == id::kCopyOnRead)
        return (a.knob.empty()
                    ? T::tr("each worker's private memory (USS) grew by %1 on average as it read samples (%2 in all; the main "
                            "process peaked at %3): pages of the dataset's Python objects are copied into every worker when "
                            "CPython writes their reference counts (copy-on-read after fork); keep the data in numpy arrays or "
                            "tensors instead of lists of Python objects")
                    : T::tr("each worker's private memory (USS) grew by %1 on average as it read samples (%2 in all; the main "
                            "process peaked at %3): pages of the dataset's Python objects are copied into every worker when "
                            "CPython writes their reference counts (copy-on-read after fork); keep the data in numpy arrays or "
                            "tensors instead of lists of Python objects (here: dataset.objects.layout \"contiguous\")"))
                   .arg(bytes(e("worker_uss_growth_mean_bytes")), bytes(e("worker_uss_growth_bytes")),
                        bytes(e("main_peak_rss_bytes")));
    if (a.id == id::kShmSlots)
        return shmSlotsAdvice(a);
    if (a.id == id::kWorkerMemory)
        return T::tr("the %1 workers hold %2 of private memory (%3 each), and the run uses %4 of its %5 limit: lower num_workers "
                     "to %6 (each worker holds its own copy of what it touched)")
                   .arg(count(e("num_workers")), bytes(e("worker_uss_bytes")), bytes(e("worker_uss_mean_bytes")),
                        bytes(e("total_bytes")), bytes(e("limit_bytes")), count(e("suggest")));
    return std::nullopt;
}

} // namespace

QString advice(const Advice& a)
{
    std::optional<QString> text = workerCountAdvice(a);
    if (!text)
        text = copyAdvice(a);
    if (!text)
        text = startupAndOrderAdvice(a);
    if (!text)
        text = memoryAdvice(a);
    if (!text)
        return a.id.empty() ? traceRecommendation(QString::fromStdString(a.text)) : QString::fromStdString(a.text);
    for (const auto& [key, value] : a.evidence)
        if (key == "events_lost")
            *text += QLatin1Char(' ') + T::tr("(measured on incomplete data: %1 events were lost)").arg(count(value));
    return *text;
}

QString proof(const Advice& a)
{
    if (!a.proof || a.proof->measured.size() < 2)
        return {};
    const auto& m = a.proof->measured;
    QStringList values;
    for (size_t i = 0; i < m.size(); ++i)
        values << QStringLiteral("%1: %2").arg(knobValue(m[i].first), rateSpread(a.proof->spread(i)));
    const int gain = int(std::lround(a.proof->gain * 100));
    const QString signedGain = (gain >= 0 ? QStringLiteral("+") : QStringLiteral("−")) + withPercentSign(QLocale().toString(std::abs(gain)));
    const QString knob = QString::fromStdString(a.knob.substr(a.knob.find('.') + 1));
    const QString head = T::tr("Measured: %1 = %2 gives %3 samples/s (%4).")
                             .arg(knob, knobValue(a.suggest), signedGain, values.join(QStringLiteral(", ")));
    if (!loaderscope::adviceAimsFaster(a.id))
        return head + QLatin1Char(' ') + (a.proof->confirmed ? T::tr("The same throughput: confirmed.") : T::tr("Slower: not confirmed."));
    const bool withinSpread = !a.proof->confirmed && a.proof->gain >= loaderscope::AdviceThresholds::kConfirmGain;
    QString tail = a.proof->confirmed ? T::tr("Confirmed.")
                   : withinSpread     ? T::tr("Within the spread of the runs: not confirmed.")
                                      : T::tr("Not confirmed on this machine.");
    // One beyond the advice measured faster still, beyond the spread: say so (the peak may lie further).
    if (a.proof->confirmed && m.size() > 2 && loaderscope::clearlyAbove(a.proof->spread(2), a.proof->spread(1)) &&
        m.back().second > m[1].second * (1 + loaderscope::AdviceThresholds::kConfirmGain))
        tail += QLatin1Char(' ') + T::tr("%1 was faster still.").arg(knobValue(m.back().first));
    return head + QLatin1Char(' ') + tail;
}

QString memoryPeaks(const RunSummary& s)
{
    if (!s.figures.memory)
        return {};
    const loaderscope::MemoryFigures& m = *s.figures.memory;
    QString text = T::tr("main %1 RSS, %2 USS").arg(bytes(double(m.main.peak_rss_bytes)), bytes(double(m.main.peak_uss_bytes)));
    uint64_t workerUss = 0;
    for (const loaderscope::WorkerMemory& w : m.workers)
        workerUss = std::max(workerUss, w.peak_uss_bytes);
    if (!m.workers.empty())
        text += T::tr("; workers up to %1 USS").arg(bytes(double(workerUss)));
    return text;
}

QString sharedMemory(const RunSummary& s)
{
    if (!s.figures.memory)
        return {};
    const loaderscope::MemoryFigures& m = *s.figures.memory;
    QStringList parts;
    // A watched job moves its batches through PyTorch's own queues: no slots of ours.
    const QString inUse = bytes(double(m.peak_slots_in_use_bytes));
    if (s.source != "pytorch")
        parts << (m.segment_bytes > 0 ? T::tr("slots up to %1 in use (segment %2)").arg(inUse, bytes(double(m.segment_bytes)))
                                      : T::tr("slots up to %1 in use").arg(inUse));
    if (m.dev_shm_size_bytes > 0)
        parts << T::tr("/dev/shm %1, %2 free at least").arg(bytes(double(m.dev_shm_size_bytes)), bytes(double(m.dev_shm_min_free_bytes)));
    if (m.pinned_bytes > 0)
        parts << T::tr("pinned %1").arg(bytes(double(m.pinned_bytes)));
    return parts.join(QStringLiteral("; "));
}

QString memoryTermsHelp()
{
    return T::tr("RSS: the process's pages in memory, shared ones counted in full.\n"
                 "PSS: each shared page divided among the processes that map it (the PSS of all processes add up).\n"
                 "USS: memory only this process holds, freed when it ends: what a worker really costs.");
}

QStringList figureLines(const RunSummary& s)
{
    const auto& f = s.figures;
    QStringList out;
    const bool trace = fromTrace(s);
    out << T::tr("Source: %1").arg(source(s));
    if (!trace)
        out << T::tr("Samples/s: %1").arg(partialRun(s) ? partialFigure(rate(f.samples_per_s)) : rate(f.samples_per_s));
    if (f.first_batch_s)
        out << T::tr("First batch: %1").arg(duration(*f.first_batch_s));
    if (s.data_stall_measured)
        out << T::tr("Data stall: %1").arg(percent(f.data_stall_fraction));
    if (f.kernel_s > 0 || !trace)
        out << T::tr("GPU busy: %1").arg(percent(f.gpu_busy_fraction));
    if (f.overlap_fraction)
        out << T::tr("Copy/compute overlap: %1").arg(percent(*f.overlap_fraction));
    if (f.h2d_gbps)
        out << T::tr("H2D bandwidth: %1").arg(bandwidth(*f.h2d_gbps));
    if (!f.workers.empty()) {
        out << T::tr("Workers busy: %1").arg(workersBusy(s));
        out << T::tr("Worker time: %1").arg(workerTime(s));
    }
    if (s.figures.memory) {
        out << T::tr("Memory peak: %1").arg(memoryPeaks(s));
        out << T::tr("Shared memory: %1").arg(sharedMemory(s));
    }
    return out;
}

bool partialRun(const RunSummary& s)
{
    return s.exit_code != 0 || s.interrupted;
}

QString partialFigure(const QString& figure)
{
    return T::tr("%1 (over the part that ran)").arg(figure);
}

QString partialVerdict(const QString& verdict)
{
    return T::tr("Verdict over the part that ran: %1").arg(verdict);
}

QStringList lines(const RunSummary& s)
{
    QStringList out = figureLines(s);
    if (!s.verdict.empty())
        out << (partialRun(s) ? partialVerdict(verdict(s)) : T::tr("Verdict: %1").arg(verdict(s)));
    if (!s.advice.empty()) {
        out << T::tr("What to change:");
        for (const Advice& a : s.advice) {
            out << QStringLiteral("• ") + advice(a);
            const QString p = proof(a);
            if (!p.isEmpty())
                out << QStringLiteral("  ") + p;
        }
    }
    for (const std::string& e : s.errors)
        out << QString::fromStdString(e);
    for (const std::string& w : s.warnings)
        if (w.find("events were lost") != std::string::npos || fromTrace(s)) // a trace's refused spans too
            out << T::tr("Warning: %1").arg(QString::fromStdString(w));
    return out;
}

QString traceRecommendation(const QString& text)
{
    struct Pattern
    {
        const char* regex;
        const char* translation;
    };
    // The trace analysis's sentences (engine profiler import), each with its translatable form.
    static const Pattern patterns[] = {
        {R"(^the loop waits (\d+)% of its steps in DataLoader __next__: raise num_workers, or make each sample cheaper$)",
         QT_TRANSLATE_NOOP("Recommendations", "the loop waits %1% of its steps in DataLoader __next__: raise num_workers, or make each sample cheaper")},
        {R"(^(\d+) of (\d+) host-to-device copies are from pageable memory: set pin_memory=True$)",
         QT_TRANSLATE_NOOP("Recommendations", "%1 of %2 host-to-device copies are from pageable memory: set pin_memory=True")},
        {R"(^copies overlap kernels only (\d+)%: use non_blocking=True and issue the copies on a separate stream$)",
         QT_TRANSLATE_NOOP("Recommendations", "copies overlap kernels only %1%: use non_blocking=True and issue the copies on a separate stream")},
        {R"(^not input-bound \(the loop waits (\d+)% for data\): the training step is the bottleneck; more workers will not help$)",
         QT_TRANSLATE_NOOP("Recommendations", "not input-bound (the loop waits %1% for data): the training step is the bottleneck; more workers will not help")},
        {R"(^no DataLoader __next__ spans in the trace: profile the loop that iterates the DataLoader to measure its wait for data$)",
         QT_TRANSLATE_NOOP("Recommendations", "no DataLoader __next__ spans in the trace: profile the loop that iterates the DataLoader to measure its wait for data")},
        {R"(^the DataLoader __next__ spans are on another thread than the steps \(a background prefetcher\): the loop's own wait is not in the trace; wrap it in record_function to measure it$)",
         QT_TRANSLATE_NOOP("Recommendations", "the DataLoader __next__ spans are on another thread than the steps (a background prefetcher): the loop's own wait is not in the trace; wrap it in record_function to measure it")},
        {R"(^rank (\d+) waits (\d+)% of its steps for data; the other ranks (\d+)% \(median\)$)",
         QT_TRANSLATE_NOOP("Recommendations", "rank %1 waits %2% of its steps for data; the other ranks %3% (median)")},
    };
    for (const Pattern& p : patterns) {
        const QRegularExpressionMatch m = QRegularExpression(QString::fromLatin1(p.regex)).match(text);
        if (!m.hasMatch())
            continue;
        QString out = QCoreApplication::translate("Recommendations", p.translation);
        for (int i = 1; i <= m.lastCapturedIndex(); ++i)
            out = out.arg(m.captured(i));
        return out;
    }
    return text;
}

} // namespace SummaryText

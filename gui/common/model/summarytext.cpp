// SPDX-License-Identifier: MIT
#include "summarytext.h"

#include "loaderscope/analysis/advice.h"
#include "loaderscope/shm/shm_layout.h"
#include "loaderscope/base/sentences.h"
#include "loaderscope/results/figure_text.h"
#include "common/model/spreadtext.h"


#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <string_view>

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
    // A tenth of the length as the resolution: two or three digits (at least whole µs).
    const qint64 ns = qint64(std::llround(seconds * 1e9));
    return time(ns, std::max<qint64>(std::llabs(ns) / 10, 1000));
}

QString time(qint64 ns, qint64 resolutionNs)
{
    auto fmt = [ns, resolutionNs](double unit, const QString& pattern) {
        // As many decimals as the resolution needs, so that neighbouring ticks differ.
        const double perStep = double(std::max<qint64>(resolutionNs, 1)) / unit;
        const int decimals = std::clamp(int(std::ceil(-std::log10(perStep) - 1e-9)), 0, 9);
        return pattern.arg(QLocale().toString(double(ns) / unit, 'f', decimals)); // the user's decimal separator
    };
    if (resolutionNs >= 100'000'000 || std::llabs(ns) >= 10'000'000'000LL)
        return fmt(1e9, T::tr("%1 s"));
    if (resolutionNs >= 100'000)
        return fmt(1e6, T::tr("%1 ms"));
    if (resolutionNs >= 100)
        return fmt(1e3, T::tr("%1 µs"));
    return T::tr("%1 ns").arg(QLocale().toString(ns));
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
    // The summary's verdict is its catalogue key: unknown values (a newer engine's) stay as they are.
    const loaderscope::Sentence* sentence = loaderscope::findSentence(v.toStdString());
    return sentence ? catalogueText(sentence->text) : v;
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

/// An argument of a catalogue sentence as the app writes it in the current locale (the engine's
/// English: advice.cpp's argText).
QString argText(loaderscope::ArgKind kind, double v)
{
    switch (kind) {
    case loaderscope::ArgKind::Share: return pct0(v);
    case loaderscope::ArgKind::Millis: return ms(v / 1e3);
    case loaderscope::ArgKind::Count: return count(v);
    case loaderscope::ArgKind::Decimal1: return number(v, 1);
    case loaderscope::ArgKind::Bytes: return bytes(v);
    case loaderscope::ArgKind::SignedShare: {
        const int whole = int(std::lround(v * 100));
        return (whole >= 0 ? QStringLiteral("+") : QStringLiteral("−")) + withPercentSign(QLocale().toString(std::abs(whole)));
    }
    case loaderscope::ArgKind::Flag:
    case loaderscope::ArgKind::Text: break;
    }
    return {};
}

bool hasEvidence(const Advice& a, std::string_view key)
{
    return std::any_of(a.evidence.begin(), a.evidence.end(), [key](const auto& e) { return e.first == key; });
}

} // namespace

QString catalogueText(const char* english)
{
    return QCoreApplication::translate(loaderscope::kSentenceContext, english);
}

QString advice(const Advice& a)
{
    if (a.id.empty())
        return traceRecommendation(QString::fromStdString(a.text));
    QStringList parts;
    for (const std::string& key : loaderscope::adviceSentenceKeys(a)) {
        const loaderscope::Sentence* sentence = loaderscope::findSentence(key);
        // An id this app does not know (a newer engine's), or a summary written before an argument
        // was added to the evidence: the engine's own English as it wrote it.
        if (!sentence)
            return QString::fromStdString(a.text);
        for (const std::string& name : loaderscope::sentenceArgNames(sentence->text))
            if (!hasEvidence(a, name))
                return QString::fromStdString(a.text);
        const std::string text = loaderscope::fillSentence(catalogueText(sentence->text).toStdString(), [&a](std::string_view name) {
            const loaderscope::SentenceArg* arg = loaderscope::findSentenceArg(name);
            return arg ? argText(arg->kind, a.evidenceValue(std::string(name))).toStdString() : std::string(name);
        });
        parts << QString::fromStdString(text);
    }
    return parts.join(QLatin1Char(' '));
}

QString proof(const Advice& a)
{
    if (!a.proof || a.proof->measured.size() < 2)
        return {};
    const loaderscope::AdviceProof& p = *a.proof;
    // A summary written before proofs recorded their outcome: its English as it was written.
    if (!loaderscope::findSentence(p.outcome))
        return QString::fromStdString(p.text);
    // The catalogue's proof sentences (advice.h proofSentenceKeys), each argument in this locale.
    const auto value = [&](std::string_view name) -> std::string {
        QString v;
        if (name == "knob") {
            v = QString::fromStdString(a.knob.substr(a.knob.find('.') + 1));
        } else if (name == "value") {
            v = knobValue(a.suggest);
        } else if (name == "values") {
            QStringList values;
            for (size_t i = 0; i < p.measured.size(); ++i)
                values << QStringLiteral("%1: %2").arg(knobValue(p.measured[i].first), rateSpread(p.spread(i)));
            v = values.join(QStringLiteral(", "));
        } else if (name == "faster_value") {
            v = p.measured.size() > 2 ? knobValue(p.measured[2].first) : QString();
        } else if (name == "runs") {
            v = count(p.spread(0).runs);
        } else { // "gain"
            v = argText(loaderscope::ArgKind::SignedShare, p.gain);
        }
        return v.toStdString();
    };
    QStringList parts;
    for (const char* key : loaderscope::proofSentenceKeys(p))
        parts << QString::fromStdString(
            loaderscope::fillSentence(catalogueText(loaderscope::findSentence(key)->text).toStdString(), value));
    return parts.join(QLatin1Char(' '));
}

QString memoryPeaks(const RunSummary& s)
{
    if (!s.figures.memory)
        return {};
    const loaderscope::MemoryFigures& m = *s.figures.memory;
    QString text = T::tr("main %1 RSS, %2 USS").arg(bytes(double(m.main.peak_rss_bytes)), bytes(double(m.main.peak_uss_bytes)));
    // A USS of 0 is a worker whose USS was never read (smaps_rollup within the sampler's CPU
    // budget: a short run's workers may end first), as the worker table's "–": never "0 bytes".
    uint64_t workerUss = 0, workerRss = 0;
    int read = 0;
    for (const loaderscope::WorkerMemory& w : m.workers) {
        workerUss = std::max(workerUss, w.peak_uss_bytes);
        workerRss = std::max(workerRss, w.peak_rss_bytes);
        read += w.peak_uss_bytes > 0 ? 1 : 0;
    }
    const int workers = int(m.workers.size());
    if (workers > 0 && read == 0)
        text += T::tr("; workers up to %1 RSS (their USS was not read)").arg(bytes(double(workerRss)));
    else if (read < workers)
        text += T::tr("; workers up to %1 USS (%2 of %3 read)").arg(bytes(double(workerUss))).arg(read).arg(workers);
    else if (workers > 0)
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
    if (m.dev_shm_own_peak_bytes > 0)
        parts << T::tr("this run's /dev/shm up to %1").arg(bytes(double(m.dev_shm_own_peak_bytes)));
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

QString probeCostValue(const RunSummary& s)
{
    // A watched job's figures include what watching cost it: said, and flagged past the threshold.
    if (s.source != "pytorch" || s.probeCpuS() <= 0)
        return {};
    const double share = s.probeCpuShare();
    const double perSample = s.figures.samples > 0 ? s.probeCpuS() * 1e6 / double(s.figures.samples) : 0.0;
    // A share just past the threshold would read as the threshold at one decimal ("5.0 %: more
    // than 5.0 %"): as many decimals as tell them apart (at most four).
    const bool past = share > RunSummary::kProbeCpuWarnShare;
    const int decimals = past ? loaderscope::decimalsApart(share * 100.0, RunSummary::kProbeCpuWarnShare * 100.0) : 1;
    const QString shown = withPercentSign(QLocale().toString(share * 100.0, 'f', decimals));
    const QString value = T::tr("%1 of the job's (%2 µs per sample)").arg(shown, number(perSample, 1));
    return past
               ? T::tr("%1: more than %2, the figures show a job slowed by the watching").arg(value, percent(RunSummary::kProbeCpuWarnShare))
               : value;
}

QString probeCost(const RunSummary& s)
{
    const QString value = probeCostValue(s);
    return value.isEmpty() ? value : T::tr("The probe's own CPU: %1").arg(value);
}

QString repeatingSlowdowns(const RunSummary& s)
{
    QStringList parts;
    for (const loaderscope::RepeatingSlowdown& r : s.figures.repeating_slowdowns) {
        const QString part = r.part == "step" ? T::tr("in the step") : T::tr("in the wait for data");
        if (r.kind == "epoch_start")
            parts << T::tr("at each epoch's start, %1 more %2 (%3 times, %4 in all)")
                         .arg(duration(r.added_s_each), part, count(double(r.occurrences)), duration(r.added_s));
        else
            parts << T::tr("every %1 steps from step %2, %3 more %4 (%5 times, %6 in all)")
                         .arg(count(double(r.period_steps)), count(double(r.first_step)), duration(r.added_s_each), part,
                              count(double(r.occurrences)), duration(r.added_s));
    }
    return parts.join(QStringLiteral("; "));
}

QStringList figureLines(const RunSummary& s)
{
    const auto& f = s.figures;
    QStringList out;
    const bool trace = fromTrace(s);
    out << T::tr("Source: %1").arg(source(s));
    if (const QString partial = unseenBatches(s); !partial.isEmpty())
        out << partial;
    if (const QString cost = probeCost(s); !cost.isEmpty())
        out << cost;
    if (!trace)
        out << T::tr("Samples/s: %1").arg(partialRun(s) ? partialFigure(rate(f.samples_per_s)) : rate(f.samples_per_s));
    if (f.first_batch_s)
        out << T::tr("First batch: %1").arg(duration(*f.first_batch_s));
    if (s.data_stall_measured)
        out << T::tr("Data stall: %1").arg(percent(f.data_stall_fraction));
    if (const QString repeating = repeatingSlowdowns(s); !repeating.isEmpty())
        out << T::tr("Repeating slowdowns: %1").arg(repeating);
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

QString unseenBatches(const RunSummary& s)
{
    if (s.batches_unseen <= 0)
        return {};
    return T::tr("Partial: %1 of at least %2 batches seen (%3 events lost); the figures cover what was seen")
        .arg(count(double(s.figures.batches)), count(double(s.figures.batches + s.batches_unseen)), count(double(s.events_lost)));
}

QString partialFigure(const QString& figure)
{
    return T::tr("%1 (over the part that ran)").arg(figure);
}

QString partialVerdict(const QString& verdict)
{
    return T::tr("Verdict over the part that ran: %1").arg(verdict);
}

bool isWorkerFormula(const Advice& a)
{
    return a.id == loaderscope::advice_id::kRaiseNumWorkers || a.id == loaderscope::advice_id::kRaisePrefetch || a.id == loaderscope::advice_id::kFewerWorkers;
}

QStringList lines(const RunSummary& s, const ModelLine& model, const QStringList& readingNotes)
{
    const bool replaced = model.replacesFormula && !model.text.isEmpty();
    QStringList out = figureLines(s);
    if (!s.verdict.empty())
        out << (partialRun(s) ? partialVerdict(verdict(s)) : T::tr("Verdict: %1").arg(verdict(s)));
    QStringList items;
    if (replaced)
        items << QStringLiteral("• ") + model.text;
    for (const Advice& a : s.advice) {
        if (replaced && isWorkerFormula(a))
            continue;
        items << QStringLiteral("• ") + advice(a);
        const QString p = proof(a);
        if (!p.isEmpty())
            items << QStringLiteral("  ") + p;
    }
    if (!items.isEmpty())
        out << T::tr("What to change:") << items;
    if (!replaced && !model.text.isEmpty())
        out << model.text;
    for (const std::string& e : s.errors)
        out << QString::fromStdString(e);
    for (const std::string& w : s.warnings)
        if (w.find("events were lost") != std::string::npos || fromTrace(s)) // a trace's refused spans too
            out << T::tr("Warning: %1").arg(QString::fromStdString(w));
    for (const QString& note : readingNotes)
        out << T::tr("Warning: %1").arg(note);
    return out;
}

QString traceRecommendation(const QString& text)
{
    // A profiler trace's recommendations are catalogue entries "trace/..." filled in English by
    // the engine (catalogueSentence). Each entry's English, its "{name}"s as groups, finds the
    // entry and its figures; the figures are written again in the current locale and put into the
    // entry's translation. A text no entry matches (a newer engine's) stays as it is.
    static const QRegularExpression placeholder(QStringLiteral("\\\\\\{([a-z_]+)\\\\\\}"));
    for (const loaderscope::Sentence& s : loaderscope::allSentences()) {
        if (s.key.substr(0, 6) != "trace/")
            continue;
        const std::vector<std::string> names = loaderscope::sentenceArgNames(s.text);
        QString pattern = QRegularExpression::escape(QString::fromUtf8(s.text));
        pattern.replace(placeholder, QStringLiteral("([0-9.,]+)%?"));
        const QRegularExpressionMatch m = QRegularExpression(QLatin1Char('^') + pattern + QLatin1Char('$')).match(text);
        if (!m.hasMatch())
            continue;
        const std::string filled = loaderscope::fillSentence(catalogueText(s.text).toStdString(), [&](std::string_view name) {
            const auto at = std::find(names.begin(), names.end(), name);
            const loaderscope::SentenceArg* arg = loaderscope::findSentenceArg(name);
            if (at == names.end() || !arg)
                return std::string(name);
            const double v = m.captured(int(at - names.begin()) + 1).toDouble();
            return argText(arg->kind, arg->kind == loaderscope::ArgKind::Share ? v / 100 : v).toStdString();
        });
        return QString::fromStdString(filled);
    }
    return text;
}

} // namespace SummaryText

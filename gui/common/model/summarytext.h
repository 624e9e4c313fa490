// SPDX-License-Identifier: MIT
// How a RunSummary reads, in the current language: one formatting per figure (through QLocale, in
// one unit each), the verdict, and the advice translated by its id with the evidence as arguments.
// The summary panel, the worker table, Compare, the exports and the run history all read from here,
// so one run shows the same figure everywhere.
#pragma once

#include "loaderscope/results/run_summary.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

Q_DECLARE_METATYPE(loaderscope::RunSummary)

namespace SummaryText {

QString rate(double perSecond);                 ///< "5,227" (no decimals)
QString percent(double fraction);               ///< "83.7%" (English), "%83,7" (Turkish)
QString withPercentSign(const QString& number); ///< the locale's percent sign on its side, no space
/// A length of time, to two or three digits in the unit that reads best: "300 µs", "5.0 ms",
/// "28 ms", "2.5 s", "125 s". The one rule for every duration the app shows.
QString duration(double seconds);
/// A time (or a duration) at a resolution, in the resolution's unit with the decimals it needs:
/// the axis ticks (5 ms steps 125 s into a run read "125.675 s") and a range's ends.
QString time(qint64 ns, qint64 resolutionNs);
QString bandwidth(double gbps);                 ///< "21.7 GB/s"
QString bytes(double bytes);                    ///< "48.0 MiB" (IEC units, the locale's digits)
QString number(double v, int decimals);         ///< locale digits

/// "simulated GPU (a model, not a device)", "CUDA device", "profiler trace", "PyTorch (torch 1.13)".
QString source(const loaderscope::RunSummary& s);
/// A catalogue entry (loaderscope/sentences.h: advice and verdicts) in the current language.
QString catalogueText(const char* english);
/// The verdict in the current language (an unknown engine verdict is returned as it is).
QString verdict(const QString& engineVerdict);
QString verdict(const loaderscope::RunSummary& s);
/// The verdict for a data-stall share (same thresholds as the engine).
QString verdictForStall(double stall);
/// "0: 95.8 %, 1: 65.8 %"
QString workersBusy(const loaderscope::RunSummary& s);
/// Mean over the workers: "CPU 16.0 %, waiting for a core 1.2 %, I/O 78.8 %, idle 3.0 %".
QString workerTime(const loaderscope::RunSummary& s);
/// Peak memory: "main 293.0 MiB RSS, 35.2 MiB USS; workers up to 64.1 MiB USS" (a worker whose
/// USS was never read is said so, never counted as 0 bytes); empty when the
/// run has no memory samples.
QString memoryPeaks(const loaderscope::RunSummary& s);
/// "slots up to 1.0 MiB in use (segment 2.3 MiB); /dev/shm 31.4 GiB, 31.3 GiB free at least;
/// pinned 8.0 MiB"; empty when the run has no memory samples.
QString sharedMemory(const loaderscope::RunSummary& s);
/// What RSS, PSS and USS mean (tooltips).
QString memoryTermsHelp();

/// A watched job's "The probe's own CPU: …" line (its share of the job's CPU, per sample), with
/// a warning past RunSummary::kProbeCpuWarnShare; empty for the engine's runs.
QString probeCost(const loaderscope::RunSummary& s);
/// The loop's slowdowns that repeat (every N steps, at each epoch's start), one after the other;
/// empty when none does.
QString repeatingSlowdowns(const loaderscope::RunSummary& s);
/// The same without its name: the summary panel's row.
QString probeCostValue(const loaderscope::RunSummary& s);
/// One piece of advice in the current language (by id, with its evidence); unknown ids keep the
/// engine's English text.
QString advice(const loaderscope::Advice& a);
/// What "Prove it" measured for it, or empty.
QString proof(const loaderscope::Advice& a);
/// A config value as the user would type it in Python ("True", "4", "\"fork\"").
QString knobValue(const loaderscope::KnobValue& v);

/// The figures as "Name: value" lines (no verdict or advice): panel, exports, tests.
QStringList figureLines(const loaderscope::RunSummary& s);
/// The closed formula's worker-count advice (raise num_workers or prefetch_factor, fewer
/// workers): for a watched job, the sweep of its fitted model replaces it once it has run.
bool isWorkerFormula(const loaderscope::Advice& a);
/// A watched job's model advice as a summary's lines carry it (ModelAdviceText, plain text):
/// once the sweep of the job's fitted model has run, it replaces the closed formula's
/// worker-count advice (`replacesFormula`); where the sweep could not run, `text` says why.
struct ModelLine
{
    QString text;
    bool replacesFormula = false;
};
/// Everything a picture of the run needs: figures, verdict, advice, errors, the warnings that
/// qualify the figures. `model`: first in the advice when it replaces the formula's, else after
/// the advice. `readingNotes`: what the figures cannot say of themselves, as warnings (an opened
/// recording cut short or damaged: where reading stopped, so its figures are of what it holds).
QStringList lines(const loaderscope::RunSummary& s, const ModelLine& model = {}, const QStringList& readingNotes = {});
/// A run that did not finish (a failed job, a stopped run): its figures cover only what ran, and
/// say so (partialFigure, partialVerdict).
bool partialRun(const loaderscope::RunSummary& s);
/// "365 samples/s (over the part that ran)".
QString partialFigure(const QString& figure);
/// "Verdict over the part that ran: highly input-bound".
QString partialVerdict(const QString& verdict);
/// Figures from a record with holes (events lost: a reconnect after the job's rings moved on, a
/// slow stream): "Partial: 237 of at least 256 batches seen (1,234 events lost)". Empty when
/// every batch the loop delivered was seen.
QString unseenBatches(const loaderscope::RunSummary& s);

/// Profiler-trace recommendations (plain sentences from the trace analysis) in the current
/// language; kept until the trace analysis speaks in advice ids.
QString traceRecommendation(const QString& engineText);

} // namespace SummaryText

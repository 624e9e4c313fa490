// SPDX-License-Identifier: MIT
// The loader figures of an imported profiler trace. The loop's thread is found (the one with the
// steps, or with the loader waits when there are no steps), and its loader waits are measured
// against its steps in whichever shape the trace has:
//   waits inside steps   profile.step() schedules: each ProfilerStep spans a whole iteration,
//                        __next__ included; the loop's time is the steps' time.
//   waits between steps  `for x in loader: with record_function("ProfilerStep#i"): ...`: the wait
//                        precedes each step; the loop's time runs from the first wait (or step) to
//                        the last step's end (the final __next__, which ends the epoch, is outside).
//   no step annotations  the loop's time runs from the first wait to the thread's last event.
// Loader spans on other threads (a background prefetcher) are reported, not counted as the loop's.
#include "loaderscope/analysis/profiler_import.h"
#include "loaderscope/results/figure_text.h"
#include "loaderscope/analysis/advice.h"
#include "loaderscope/analysis/ranks.h"
#include "loaderscope/base/sentences.h"

#include "loaderscope/results/metrics.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace loaderscope {

namespace {

using Interval = std::pair<int64_t, int64_t>;

/** Sorted, disjoint; intervals that only touch stay apart (adjacent steps are counted apart). */
std::vector<Interval> unionOf(std::vector<Interval> v)
{
    std::sort(v.begin(), v.end());
    std::vector<Interval> out;
    for (const Interval& i : v) {
        if (!out.empty() && i.first < out.back().second)
            out.back().second = std::max(out.back().second, i.second);
        else
            out.push_back(i);
    }
    return out;
}

int64_t total(const std::vector<Interval>& v)
{
    int64_t t = 0;
    for (const Interval& i : v)
        t += i.second - i.first;
    return t;
}

/** Overlap of two sorted disjoint lists. */
int64_t overlap(const std::vector<Interval>& a, const std::vector<Interval>& b)
{
    int64_t t = 0;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const int64_t lo = std::max(a[i].first, b[j].first), hi = std::min(a[i].second, b[j].second);
        if (hi > lo)
            t += hi - lo;
        (a[i].second < b[j].second) ? ++i : ++j;
    }
    return t;
}

int64_t within(const std::vector<Interval>& v, int64_t lo, int64_t hi)
{
    return overlap(v, {{lo, hi}});
}

struct ThreadSpans
{
    std::vector<Interval> steps, waits;
};

using ThreadKey = std::pair<int64_t, int64_t>;

std::string threadName(const ProfilerTrace& trace, ThreadKey key)
{
    for (const TraceThread& t : trace.threads)
        if (t.pid == key.first && t.tid == key.second)
            return (t.process.empty() ? std::string() : t.process + " / ") + t.name;
    return std::to_string(key.first) + " / " + std::to_string(key.second);
}

/** The thread the loop runs on: the one with the steps (preferring one that also waits), else the one that waits most. */
ThreadKey loopThread(const std::map<ThreadKey, ThreadSpans>& threads)
{
    ThreadKey best{0, 0};
    int64_t bestScore = -1;
    for (int pass = 0; pass < 3 && bestScore < 0; ++pass) {
        for (const auto& [key, s] : threads) {
            const bool fits = pass == 0 ? !s.steps.empty() && !s.waits.empty() : pass == 1 ? !s.steps.empty() : !s.waits.empty();
            if (!fits)
                continue;
            const int64_t score = pass < 2 ? total(unionOf(s.steps)) : total(unionOf(s.waits));
            if (score > bestScore) {
                bestScore = score;
                best = key;
            }
        }
    }
    return best;
}

void gpuFigures(const ProfilerTrace& trace, int64_t w0, int64_t w1, TraceAnalysis& a)
{
    std::vector<Interval> kernels;
    std::vector<DeviceSpan> device;
    for (const ProfiledSpan& s : trace.spans) {
        if (s.kind == ProfiledSpan::Kernel) {
            ++a.kernels;
            if (s.t1 > w0 && s.t0 < w1) {
                kernels.emplace_back(std::max(s.t0, w0), std::min(s.t1, w1));
                device.push_back({EventKind::Kernel, uint64_t(s.t0), uint64_t(s.t1), -1, -1, 0, false});
            }
        } else if (s.kind == ProfiledSpan::CopyPinned || s.kind == ProfiledSpan::CopyPageable) {
            (s.kind == ProfiledSpan::CopyPinned ? a.pinned_copies : a.pageable_copies)++;
            if (s.t1 > w0 && s.t0 < w1)
                device.push_back({EventKind::H2DCopy, uint64_t(s.t0), uint64_t(s.t1), -1, -1, s.bytes,
                                  s.kind == ProfiledSpan::CopyPinned});
        }
    }
    // Busy: kernels of all streams as one union, so concurrent streams are not counted twice.
    const int64_t busy = total(unionOf(std::move(kernels)));
    a.gpu_applies = busy > 0 && w1 > w0;
    a.gpu_busy_fraction = a.gpu_applies ? std::min(1.0, double(busy) / double(w1 - w0)) : 0;
    const DeviceMetrics dm = deviceMetrics(device);
    if (dm.copy_s > 0) {
        a.overlap_fraction = dm.overlap_s / dm.copy_s;
        a.h2d_gbps = double(dm.bytes) / dm.copy_s * 1e-9;
    }
}

/** Every thread's steps and loader waits, and the span of the whole trace (ns). */
struct SpansByThread
{
    std::map<ThreadKey, ThreadSpans> threads;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
};

SpansByThread spansByThread(const ProfilerTrace& trace)
{
    SpansByThread r;
    for (const ProfiledSpan& s : trace.spans) {
        r.lo = std::min(r.lo, s.t0);
        r.hi = std::max(r.hi, s.t1);
        if (s.kind == ProfiledSpan::Step)
            r.threads[{s.pid, s.tid}].steps.emplace_back(s.t0, s.t1);
        else if (s.kind == ProfiledSpan::DataWait)
            r.threads[{s.pid, s.tid}].waits.emplace_back(s.t0, s.t1);
    }
    return r;
}

/** The loop's time and wait (ns), and the window of the GPU figures. */
struct LoopWindow
{
    int64_t w0, w1;
    int64_t wait, loopNs;
};

/** Sets a.loop_shape from how the loop thread's waits sit against its steps (see the top of this file). */
LoopWindow measureLoop(const ProfilerTrace& trace, ThreadKey loop, const std::vector<Interval>& steps,
                       const std::vector<Interval>& waits, int64_t lo, int64_t hi, TraceAnalysis& a)
{
    int64_t w0 = lo, w1 = hi; // the window of the GPU figures: the loop's, else the whole trace
    int64_t wait = 0, loopNs = 0;
    if (!steps.empty() && !waits.empty()) {
        const int64_t start = std::min(steps.front().first, waits.front().first), end = steps.back().second;
        const int64_t inside = overlap(waits, steps);
        const int64_t inLoop = within(waits, start, end);
        if (inside >= inLoop - inside) {
            a.loop_shape = loop_shape::kWaitsInsideSteps;
            loopNs = total(steps);
            wait = inside;
            w0 = steps.front().first;
            w1 = end;
        } else {
            a.loop_shape = loop_shape::kWaitsBetweenSteps;
            loopNs = end - start;
            wait = inLoop;
            w0 = start;
            w1 = end;
        }
    } else if (!waits.empty()) {
        a.loop_shape = loop_shape::kNoStepAnnotations;
        int64_t end = waits.back().second;
        for (const TraceThread& t : trace.threads)
            if (t.pid == loop.first && t.tid == loop.second && t.events > 0)
                end = std::max(end, t.t1);
        w0 = waits.front().first;
        w1 = end;
        loopNs = end - w0;
        wait = total(waits);
    } else if (!steps.empty()) {
        a.loop_shape = a.loader_spans_found ? loop_shape::kLoaderOnOtherThread : loop_shape::kNoLoaderSpans;
        loopNs = total(steps);
        w0 = steps.front().first;
        w1 = steps.back().second;
    } else {
        a.loop_shape = loop_shape::kNoLoaderSpans;
    }
    return {w0, w1, wait, loopNs};
}

/** a.refused_spans, a.reliable and a.verdict. */
void judge(const ProfilerTrace& trace, const std::map<ThreadKey, ThreadSpans>& threads, TraceAnalysis& a)
{
    // Refused steps or waits change the loop's figures: say so, and give no plain verdict.
    const uint64_t refusedLoop = trace.refused[ProfiledSpan::Step] + trace.refused[ProfiledSpan::DataWait];
    for (uint64_t r : trace.refused)
        a.refused_spans += r;
    uint64_t keptLoop = 0;
    for (const auto& [key, s] : threads)
        keptLoop += s.steps.size() + s.waits.size();
    if (refusedLoop > 0 && double(refusedLoop) > 0.01 * double(keptLoop + refusedLoop))
        a.reliable = false;
    if (!a.reliable)
        a.verdict = verdict::kUnreliableTrace;
    else if (a.stall_applies)
        a.verdict = verdictFor(a.data_stall_fraction);
    else if (a.loop_shape == loop_shape::kLoaderOnOtherThread)
        a.verdict = verdict::kLoaderWaitNotMeasured;
    else
        a.verdict = verdict::kNoLoaderSpans;
}

void recommend(TraceAnalysis& a)
{
    // The knob, the direction, the evidence: entries "trace/..." of the catalogue of sentences,
    // which the app translates (SummaryText::traceRecommendation).
    if (!a.loader_spans_found)
        a.recommendations.push_back(catalogueSentence("trace/no_loader_spans", {}));
    else if (a.loop_shape == loop_shape::kLoaderOnOtherThread)
        a.recommendations.push_back(catalogueSentence("trace/loader_on_other_thread", {}));
    if (a.stall_applies && a.data_stall_fraction > 0.05)
        a.recommendations.push_back(catalogueSentence("trace/data_stall", {{"data_stall_fraction", a.data_stall_fraction}}));
    if (a.pageable_copies > 0)
        a.recommendations.push_back(catalogueSentence(
            "trace/pageable_copies",
            {{"pageable_copies", double(a.pageable_copies)}, {"copies", double(a.pageable_copies + a.pinned_copies)}}));
    if (a.pinned_copies > 0 && a.pageable_copies == 0 && a.kernels > 0 && a.overlap_fraction >= 0 &&
        a.overlap_fraction < 0.2)
        a.recommendations.push_back(catalogueSentence("trace/low_overlap", {{"overlap_fraction", a.overlap_fraction}}));
    if (a.stall_applies && a.reliable && a.data_stall_fraction < 0.05)
        a.recommendations.push_back(catalogueSentence("trace/not_input_bound", {{"data_stall_fraction", a.data_stall_fraction}}));
}

} // namespace

TraceAnalysis analyzeProfilerTrace(const ProfilerTrace& trace)
{
    TraceAnalysis a;
    a.gpu_events = trace.gpu_events;
    a.warnings = trace.warnings;
    SpansByThread spans = spansByThread(trace);
    std::map<ThreadKey, ThreadSpans>& threads = spans.threads;
    for (const auto& [key, s] : threads)
        a.loader_spans_found |= !s.waits.empty();

    const ThreadKey loop = loopThread(threads);
    const std::vector<Interval> steps = unionOf(threads.count(loop) ? threads[loop].steps : std::vector<Interval>{});
    const std::vector<Interval> waits = unionOf(threads.count(loop) ? threads[loop].waits : std::vector<Interval>{});
    std::vector<Interval> others;
    for (const auto& [key, s] : threads)
        if (key != loop)
            others.insert(others.end(), s.waits.begin(), s.waits.end());
    a.other_thread_wait_s = double(total(unionOf(std::move(others)))) * 1e-9;
    if (!steps.empty() || !waits.empty()) {
        a.loop_pid = loop.first;
        a.loop_tid = loop.second;
        a.loop_thread = threadName(trace, loop);
    }
    a.steps = int(steps.size());
    a.step_s = double(total(steps)) * 1e-9;

    const LoopWindow l = measureLoop(trace, loop, steps, waits, spans.lo, spans.hi, a);
    a.loop_s = double(l.loopNs) * 1e-9;
    a.loop_begin_ns = l.w0 < l.w1 ? l.w0 : 0;
    a.loop_end_ns = l.w0 < l.w1 ? l.w1 : 0;
    a.data_wait_s = double(l.wait) * 1e-9;
    a.stall_applies = a.loader_spans_found && a.loop_shape != loop_shape::kLoaderOnOtherThread && l.loopNs > 0;
    a.data_stall_fraction = a.stall_applies ? std::min(1.0, double(l.wait) / double(l.loopNs)) : 0;
    if (l.w0 < l.w1)
        gpuFigures(trace, l.w0, l.w1, a);
    judge(trace, threads, a);
    recommend(a);
    return a;
}

RankReport compareRanks(const std::vector<ProfilerTrace>& traces)
{
    RankReport r;
    for (const ProfilerTrace& t : traces)
        r.ranks.push_back(analyzeProfilerTrace(t));
    // Only ranks whose loader wait was measured can be compared.
    std::vector<size_t> measured;
    for (size_t i = 0; i < r.ranks.size(); ++i)
        if (r.ranks[i].stall_applies && r.ranks[i].reliable)
            measured.push_back(i);
    if (measured.size() < 2)
        return r;
    std::vector<double> stalls;
    for (size_t i : measured)
        stalls.push_back(r.ranks[i].data_stall_fraction);
    if (const Straggler s = findStraggler(stalls); s.index >= 0) {
        const size_t worst = measured[size_t(s.index)];
        r.straggler = int(worst);
        const int rank = traces[worst].rank >= 0 ? traces[worst].rank : int(worst);
        r.straggler_reason = stragglerReason(rank, s);
    }
    return r;
}

} // namespace loaderscope

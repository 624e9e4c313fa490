// SPDX-License-Identifier: MIT
// Slowdowns that repeat (issue 49's stall over the run), on synthetic loops: a checkpoint every 20
// steps is named with its period and its part (the step), a slow first step of each epoch as the
// epoch start (the wait), noise of the same size with no beat as nothing; the summary JSON keeps
// them; a run long enough to be thinned keeps its spikes and looks only for epoch starts. The step
// chart's marks: epoch starts, worker starts and the job's own marks, with their labels whole or cut
// at a character's start, in time order whatever lane came first, bounded.
#include "loaderscope/results/metrics.h"
#include "loaderscope/results/periodic.h"
#include "loaderscope/results/run_marks.h"
#include "loaderscope/results/run_summary.h"

#include <QtTest>

#include <random>

using namespace loaderscope;

namespace {

/// A loop of `epochs` x `perEpoch` steps: each a next() of `wait(i)` ns and a step of `step(i)` ns
/// (i counts steps over the run), as the engine writes them.
template <class Wait, class Step>
std::vector<Event> loop(int epochs, int perEpoch, Wait wait, Step step)
{
    std::vector<Event> out;
    uint64_t t = 1'000'000;
    int i = 0;
    for (int e = 0; e < epochs; ++e)
        for (int k = 0; k < perEpoch; ++k, ++i) {
            const uint64_t w = wait(i, k), s = step(i, k);
            Event next{t, t + w, batchKey(e, k), 0, 8, EventKind::WaitData, LaneMain};
            Event st{t + w, t + w + s, batchKey(e, k), 0, 0, EventKind::Step, LaneMain};
            out.push_back(next);
            out.push_back(st);
            t += w + s;
        }
    return out;
}

std::vector<RepeatingSlowdown> slowdowns(const std::vector<Event>& events)
{
    LoopSteps steps;
    for (const Event& e : events)
        steps.add(e);
    return findRepeatingSlowdowns(steps.steps(), !steps.decimated());
}

} // namespace

class TestRepeating : public QObject
{
    Q_OBJECT
private slots:
    void checkpointEveryNSteps()
    {
        // 100 steps of 2 ms waits and 10 ms steps; every 20th step (19, 39, ...) saves a
        // checkpoint: 100 ms.
        const auto found = slowdowns(loop(1, 100, [](int, int) { return 2'000'000; },
                                          [](int i, int) { return (i + 1) % 20 == 0 ? 100'000'000 : 10'000'000; }));
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found[0].kind, std::string("every_n_steps"));
        QCOMPARE(found[0].period_steps, int64_t(20));
        QCOMPARE(found[0].occurrences, int64_t(5));
        QCOMPARE(found[0].first_step, int64_t(19));
        QCOMPARE(found[0].part, std::string("step"));
        QVERIFY(std::abs(found[0].added_s_each - 0.090) < 1e-9);
        QVERIFY(std::abs(found[0].added_s - 0.450) < 1e-9);
    }
    void slowFirstStepOfEachEpoch()
    {
        // 3 epochs of 30 steps; each epoch's first next() waits 200 ms for its workers to start.
        const auto found = slowdowns(loop(3, 30, [](int, int k) { return k == 0 ? 200'000'000 : 2'000'000; },
                                          [](int, int) { return 10'000'000; }));
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found[0].kind, std::string("epoch_start"));
        QCOMPARE(found[0].occurrences, int64_t(3));
        QCOMPARE(found[0].part, std::string("wait"));
        QVERIFY(std::abs(found[0].added_s_each - 0.198) < 1e-9);
    }
    void noBeatNoPattern()
    {
        // The same number of 100 ms steps, at random places: no period is named.
        std::mt19937 rng(7);
        std::vector<int> at(100, 0);
        for (int k = 0; k < 5; ++k)
            at[size_t(std::uniform_int_distribution<int>(0, 99)(rng))] = 1;
        const auto found = slowdowns(loop(1, 100, [](int, int) { return 2'000'000; },
                                          [&](int i, int) { return at[size_t(i)] ? 100'000'000 : 10'000'000; }));
        QVERIFY(found.empty());
        // And a short run has no pattern to find.
        QVERIFY(slowdowns(loop(1, 10, [](int, int) { return 2'000'000; }, [](int i, int) { return i % 2 ? 90'000'000 : 1'000'000; })).empty());
    }
    void inTheSummary()
    {
        MetricsAccumulator acc(2);
        acc.add(loop(1, 100, [](int, int) { return 2'000'000; }, [](int i, int) { return (i + 1) % 20 == 0 ? 100'000'000 : 10'000'000; }));
        RunSummary s;
        s.figures = acc.figures();
        QCOMPARE(s.figures.repeating_steps, int64_t(100));
        QVERIFY(!s.figures.repeating_partial);
        const RunSummary back = parseRunSummary(runSummaryToJson(s));
        QCOMPARE(back.figures.repeating_slowdowns.size(), size_t(1));
        QCOMPARE(back.figures.repeating_slowdowns[0].period_steps, int64_t(20));
        QCOMPARE(back.figures.repeating_slowdowns[0].part, std::string("step"));
        QCOMPARE(back.figures.repeating_steps, int64_t(100));
    }
    void thinnedLongRun()
    {
        // Past LoopSteps::kMaxSteps the older steps are halved, each pair kept as its slower one:
        // the spikes stay, the list says it is thinned, and no period is claimed from it.
        LoopSteps steps;
        const size_t n = LoopSteps::kMaxSteps + 100;
        uint64_t t = 0;
        for (size_t i = 0; i < n; ++i) {
            const uint64_t step = i % 1000 == 999 ? 50'000'000 : 1'000'000;
            steps.add(Event{t, t + 100'000, batchKey(0, int64_t(i)), 0, 8, EventKind::WaitData, LaneMain});
            steps.add(Event{t + 100'000, t + 100'000 + step, batchKey(0, int64_t(i)), 0, 0, EventKind::Step, LaneMain});
            t += 100'000 + step;
        }
        QVERIFY(steps.decimated());
        QCOMPARE(steps.total(), uint64_t(n));
        QVERIFY(steps.steps().size() <= LoopSteps::kMaxSteps);
        size_t spikes = 0;
        for (const LoopStep& s : steps.steps())
            spikes += s.stepNs == 50'000'000;
        QCOMPARE(spikes, n / 1000); // every one of them kept
        QVERIFY(findRepeatingSlowdowns(steps.steps(), false).empty());
    }
    void markLabels()
    {
        const auto back = [](std::string_view label) {
            const std::array<int64_t, 3> w = markPayload(label);
            Event e{5, 5, w[0], w[1], w[2], EventKind::Mark, LaneMain};
            return markLabel(e);
        };
        QCOMPARE(back("checkpoint"), std::string("checkpoint"));
        QCOMPARE(back(""), std::string());
        QCOMPARE(back("exactly-twenty-four-byte"), std::string("exactly-twenty-four-byte"));
        QCOMPARE(back("a label longer than twenty-four bytes"), std::string("a label longer than twen"));
        // "ğ" is 2 bytes: 23 ASCII bytes and then it would end in half of it, so it goes whole.
        QCOMPARE(back("abcdefghijklmnopqrstuvwğx"), std::string("abcdefghijklmnopqrstuvw"));
        QCOMPARE(back("ağırlık kaydı"), std::string("ağırlık kaydı")); // Turkish, 17 bytes: whole
    }
    void marksOfARun()
    {
        RunMarks marks;
        const std::array<int64_t, 3> w = markPayload("checkpoint");
        // Read lane by lane: worker 1's start (t 30) comes after the main lane's later events.
        marks.add(Event{10, 10, -1, 0, 0, EventKind::EpochBegin, LaneMain});
        marks.add(Event{50, 50, w[0], w[1], w[2], EventKind::Mark, LaneMain});
        marks.add(Event{60, 70, batchKey(0, 1), 0, 8, EventKind::WaitData, LaneMain}); // no mark
        marks.add(Event{30, 30, -1, 4242, 0, EventKind::WorkerStart, 1});
        marks.add(Event{80, 80, -1, 4343, 1, EventKind::WorkerStart, 1}); // generation 1: a restart
        const auto& m = marks.marks();
        QCOMPARE(m.size(), size_t(4));
        QCOMPARE(m[0].kind, RunMark::Kind::EpochStart);
        QCOMPARE(m[1].kind, RunMark::Kind::WorkerStart);
        QCOMPARE(m[1].t, uint64_t(30));
        QCOMPARE(m[1].lane, 1);
        QCOMPARE(m[1].value, int64_t(0));
        QCOMPARE(m[2].kind, RunMark::Kind::Declared);
        QCOMPARE(m[2].label, std::string("checkpoint"));
        QCOMPARE(m[3].value, int64_t(1));
        QVERIFY(!marks.thinned());
    }
    void marksBounded()
    {
        // A mark every step of a long run: bounded, the epoch starts all kept, in order.
        RunMarks marks;
        const std::array<int64_t, 3> w = markPayload("step");
        const size_t n = RunMarks::kMaxMarks * 3;
        for (size_t i = 0; i < n; ++i) {
            if (i % 10000 == 0)
                marks.add(Event{i * 10, i * 10, -1, int64_t(i / 10000), 0, EventKind::EpochBegin, LaneMain});
            marks.add(Event{i * 10 + 1, i * 10 + 1, w[0], w[1], w[2], EventKind::Mark, LaneMain});
        }
        QVERIFY(marks.thinned());
        QVERIFY(marks.marks().size() <= RunMarks::kMaxMarks);
        size_t epochs = 0;
        for (size_t i = 0; i < marks.marks().size(); ++i) {
            epochs += marks.marks()[i].kind == RunMark::Kind::EpochStart;
            if (i > 0)
                QVERIFY(marks.marks()[i - 1].t <= marks.marks()[i].t);
        }
        QCOMPARE(epochs, (n + 9999) / 10000);
        QCOMPARE(marks.marks().back().t, uint64_t((n - 1) * 10 + 1)); // the newest is kept
    }
};

QTEST_GUILESS_MAIN(TestRepeating)
#include "tst_repeating.moc"

// SPDX-License-Identifier: MIT
// DataLoader's _worker_loop run in-process, on a thread, against a real segment: tasks in on the
// index queue, batches collated into the slots and reported on the result queue, a resume
// acknowledged, a corrupt task refused, a stop obeyed. The worker process around it (signals,
// parent watch, spawn) is tested through the engine (tst_engine, tst_faults).
#include "loaderscope/config/config.h"
#include "loaderscope/loader/dataset.h"
#include "loaderscope/shm/segment.h"
#include "loaderscope/loader/worker.h"

#include <QtTest>

#include <chrono>
#include <future>
#include <vector>

using namespace loaderscope;

namespace {

Done awaitResult(Segment& seg)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < deadline) {
        if (auto d = popDone(seg, 0))
            return *d;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    throw std::runtime_error("no result from the worker loop within 20 s");
}

Task batchTask(Segment& seg, uint32_t slot, int64_t taskIdx, uint32_t epoch, const std::vector<int64_t>& indices)
{
    std::copy(indices.begin(), indices.end(), seg.slotIndices(slot));
    Task t;
    t.kind = Task::Batch;
    t.slot = slot;
    t.task_idx = taskIdx;
    t.n_indices = uint32_t(indices.size());
    t.epoch = epoch;
    return t;
}

} // namespace

class TestWorkerLoop : public QObject
{
    Q_OBJECT
private slots:
    void loopCollatesReportsAndStops();
    void corruptTaskEndsTheLoop();
};

void TestWorkerLoop::loopCollatesReportsAndStops()
{
    const Config c = parseConfig(R"({"dataset":{"length":64,"sample_bytes":32,"io_latency_us":0},
                                     "loader":{"batch_size":4,"num_workers":1}})");
    auto seg = Segment::create(c, configToJson(c));
    EventWriter events(*seg, 0);
    Fetcher fetcher(c, WorkerInfo{0, 1, 7}, &events);
    auto loop = std::async(std::launch::async, [&] { return workerLoop({*seg, 0, c, fetcher, events, 0}); });

    // The same samples fetched in this thread, as num_workers 0 would: the checksums must agree.
    Fetcher reference(c, std::nullopt, nullptr);
    std::vector<uint8_t> buffer(4 * 32);
    for (int64_t i = 0; i < 3; ++i) {
        const std::vector<int64_t> indices = {4 * i + 3, 4 * i + 2, 4 * i + 1, 4 * i};
        const uint32_t slot = uint32_t(i) % seg->layout().num_slots;
        QVERIFY(pushTask(*seg, 0, batchTask(*seg, slot, i, 0, indices)));
        const Done d = awaitResult(*seg);
        QCOMPARE(d.kind, uint32_t(Done::Batch));
        QCOMPARE(d.task_idx, i);
        QCOMPARE(d.slot, slot);
        QCOMPARE(d.n_samples, 4u);
        QCOMPARE(d.first_sample, 4 * i + 3);
        QCOMPARE(seg->slot(slot)->state.load(), uint32_t(SlotState::Ready));
        const FetchResult r = reference.fetch(i, indices.data(), 4, buffer.data());
        QCOMPARE(d.checksum, r.checksum);
        QCOMPARE(std::memcmp(seg->slotData(slot), buffer.data(), buffer.size()), 0);
    }

    // _ResumeIteration: acknowledged with its epoch.
    Task resume;
    resume.kind = Task::Resume;
    resume.epoch = 1;
    QVERIFY(pushTask(*seg, 0, resume));
    const Done ack = awaitResult(*seg);
    QCOMPARE(ack.kind, uint32_t(Done::ResumeAck));
    QCOMPARE(ack.epoch, 1u);

    Task stop;
    stop.kind = Task::Stop;
    QVERIFY(pushTask(*seg, 0, stop));
    QVERIFY(loop.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
    QCOMPARE(loop.get(), WorkerLoopEnd::Stopped);
    QCOMPARE(seg->worker(0)->state.load(), uint32_t(WorkerState::Exited));
}

void TestWorkerLoop::corruptTaskEndsTheLoop()
{
    const Config c = parseConfig(R"({"dataset":{"length":16,"sample_bytes":8,"io_latency_us":0},
                                     "loader":{"batch_size":2,"num_workers":1}})");
    auto seg = Segment::create(c, configToJson(c));
    EventWriter events(*seg, 0);
    Fetcher fetcher(c, WorkerInfo{0, 1, 1}, &events);
    auto loop = std::async(std::launch::async, [&] { return workerLoop({*seg, 0, c, fetcher, events, 0}); });
    Task bad;
    bad.kind = Task::Batch;
    bad.slot = seg->layout().num_slots; // one past the last slot: never written
    bad.task_idx = 0;
    bad.n_indices = 2;
    QVERIFY(pushTask(*seg, 0, bad));
    QVERIFY(loop.wait_for(std::chrono::seconds(20)) == std::future_status::ready);
    QCOMPARE(loop.get(), WorkerLoopEnd::CorruptTask);
    QVERIFY(!popDone(*seg, 0)); // nothing reported for it
}

QTEST_GUILESS_MAIN(TestWorkerLoop)
#include "tst_worker_loop.moc"

// SPDX-License-Identifier: MIT
// The device side: the simulated GPU model driven with an injected clock (deterministic), backend
// selection and its messages, and engine runs checked through their traces.
#include "loaderscope/device/device.h"
#include "loaderscope/loader/run.h"
#include "loaderscope/outputs/summary.h"
#include "loaderscope/results/metrics.h"
#include "testutil.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace loaderscope;
using namespace testutil;

namespace {

constexpr uint64_t kMs = 1'000'000;

struct Loop
{
    std::vector<SubmitResult> results;
    std::vector<uint64_t> submitTimes;
    std::vector<DeviceSpan> spans;
    uint64_t end = 0;
};

/// A host loop whose data is always ready: issue, wait where the device says so, repeat.
Loop runLoop(SimBackend& sim, int batches, uint64_t bytes, bool pinned, uint64_t hostWorkNs = 0)
{
    Loop l;
    uint64_t now = 1000 * kMs; // the injected clock
    for (int i = 0; i < batches; ++i) {
        l.submitTimes.push_back(now);
        const SubmitResult r = sim.submit({i, i, nullptr, bytes, pinned}, now);
        l.results.push_back(r);
        now = std::max({now, r.buffer_wait_until, r.copy_block_until}) + hostWorkNs;
        for (const auto& s : sim.poll(now))
            l.spans.push_back(s);
    }
    l.end = sim.drainTime();
    for (const auto& s : sim.poll(l.end))
        l.spans.push_back(s);
    return l;
}

DeviceParams params(double stepUs, bool copyStream, bool nonBlocking = true)
{
    DeviceParams p;
    p.step_us = stepUs;
    p.copy_stream = copyStream;
    p.non_blocking = nonBlocking;
    p.h2d_gbps_pinned = 25.0;
    p.h2d_gbps_pageable = 10.0;
    return p;
}

QJsonArray traceEvents(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("traceEvents")).toArray();
}

} // namespace

class TestDevice : public QObject
{
    Q_OBJECT
private slots:
    void pinnedCopyStreamOverlaps_data();
    void pinnedCopyStreamOverlaps();
    void pageableBlocksHost();
    void oneStreamSerialises();
    void synchronousCopyBlocksHost();
    void blockingCopyWaitsForItsStreamFirst_data();
    void blockingCopyWaitsForItsStreamFirst();
    void everyCopyEndsBeforeItsKernel();
    void chooseBackendMessages_data();
    void chooseBackendMessages();
    void probeWithoutDevice();
    void forcedCudaWithoutDeviceIsExit2();
    void engineSimPinnedVsPageable();
    void pageableOneStreamBooksKernelWaitForTheGpu();
    void sharedRemovesPinLane();
    void slotReuseNeverOverwritesACopy();
    void numWorkers0PinsInMainThread();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }
};

void TestDevice::pinnedCopyStreamOverlaps_data()
{
    QTest::addColumn<double>("stepUs");
    QTest::addColumn<qulonglong>("bytes");
    // copy 1 ms (25 MB at 25 GB/s) under a 2 ms kernel, and a 3 ms copy over a 2 ms kernel
    QTest::newRow("copy < kernel") << 2000.0 << qulonglong(25'000'000);
    QTest::newRow("copy > kernel") << 2000.0 << qulonglong(75'000'000);
}

void TestDevice::pinnedCopyStreamOverlaps()
{
    QFETCH(double, stepUs);
    QFETCH(qulonglong, bytes);
    SimBackend sim(params(stepUs, true));
    const Loop l = runLoop(sim, 50, bytes, true);
    for (const auto& r : l.results)
        QCOMPARE(r.copy_block_until, uint64_t(0)); // the host is free at once after each copy
    const DeviceMetrics m = deviceMetrics(l.spans);
    const double copyS = double(bytes) / 25e9, kernelS = stepUs * 1e-6;
    QCOMPARE(m.kernels, size_t(50));
    // step period = max(copy, kernel), to within the one copy that cannot overlap
    QVERIFY2(std::abs(m.step_period_s - std::max(copyS, kernelS)) < 0.03 * std::max(copyS, kernelS) + copyS / 50,
             qPrintable(QString::number(m.step_period_s)));
    if (copyS < kernelS)
        QVERIFY2(m.overlap_s / m.copy_s >= 0.95, qPrintable(QString::number(m.overlap_s / m.copy_s)));
    QCOMPARE(double(m.bytes) / m.copy_s, 25e9);
}

void TestDevice::pageableBlocksHost()
{
    SimBackend sim(params(2000, true));
    const uint64_t bytes = 20'000'000; // 2 ms at 10 GB/s
    const Loop l = runLoop(sim, 10, bytes, false);
    for (size_t i = 0; i < l.results.size(); ++i) {
        const SubmitResult& r = l.results[i];
        QCOMPARE(r.copy_block, HostBlock::PageableStaging);
        // blocked for the whole staged copy at the pageable bandwidth (from when it could start)
        const uint64_t from = std::max(l.submitTimes[i], r.buffer_wait_until);
        QVERIFY(r.copy_block_until >= from + 2 * kMs);
    }
    const DeviceMetrics m = deviceMetrics(l.spans);
    QCOMPARE(m.pageable_copies, size_t(10));
    QCOMPARE(double(m.bytes) / m.copy_s, 10e9);
}

void TestDevice::oneStreamSerialises()
{
    // copy_stream false: even pinned, the GPU runs copy and kernel one after the other.
    SimBackend sim(params(2000, false));
    const uint64_t bytes = 25'000'000; // 1 ms
    const Loop l = runLoop(sim, 20, bytes, true);
    const DeviceMetrics m = deviceMetrics(l.spans);
    QCOMPARE(m.overlap_s, 0.0);
    QVERIFY(std::abs(m.step_period_s - 0.003) < 0.0001); // copy + kernel
    for (const auto& r : l.results)
        QCOMPARE(r.copy_block_until, uint64_t(0)); // the host itself still overlaps
}

void TestDevice::synchronousCopyBlocksHost()
{
    SimBackend sim(params(2000, true, /*nonBlocking=*/false));
    const Loop l = runLoop(sim, 5, 25'000'000, true);
    for (const auto& r : l.results) {
        QCOMPARE(r.copy_block, HostBlock::SyncCopy);
        QVERIFY(r.copy_block_until > 0);
    }
}

void TestDevice::blockingCopyWaitsForItsStreamFirst_data()
{
    QTest::addColumn<bool>("pinned");
    QTest::addColumn<bool>("copyStream");
    QTest::addColumn<bool>("nonBlocking");
    QTest::newRow("pageable, one stream") << false << false << true;
    QTest::newRow("pageable, copy stream") << false << true << true;
    QTest::newRow("pinned synchronous, one stream") << true << false << false;
}

void TestDevice::blockingCopyWaitsForItsStreamFirst()
{
    // A copy call that blocks the host first waits for the work on its stream (with one stream,
    // the previous kernel): that wait is booked as waiting for the GPU, and the host is blocked by
    // the copy for exactly the copy's time.
    QFETCH(bool, pinned);
    QFETCH(bool, copyStream);
    QFETCH(bool, nonBlocking);
    SimBackend sim(params(3000, copyStream, nonBlocking));
    const uint64_t bytes = 10'000'000; // 1 ms pageable (10 GB/s), 0.4 ms pinned (25 GB/s)
    const uint64_t copyNs = pinned ? 400'000 : 1'000'000;
    const Loop l = runLoop(sim, 12, bytes, pinned);
    std::map<int64_t, uint64_t> kernelEnd;
    for (const auto& s : l.spans)
        if (s.kind == EventKind::Kernel)
            kernelEnd[s.batch_id] = s.t1;
    for (size_t i = 0; i < l.results.size(); ++i) {
        const SubmitResult& r = l.results[i];
        QCOMPARE(r.copy_block, pinned ? HostBlock::SyncCopy : HostBlock::PageableStaging);
        QCOMPARE(r.copy_block_until - r.copy_block_from, copyNs);
        QVERIFY(r.copy_block_from >= std::max(l.submitTimes[i], r.buffer_wait_until));
        if (i > 0 && !copyStream) // one stream: the GPU wait covers the previous kernel
            QVERIFY2(r.buffer_wait_until >= kernelEnd.at(int64_t(i) - 1), qPrintable(QString::number(i)));
    }
}

void TestDevice::everyCopyEndsBeforeItsKernel()
{
    for (bool copyStream : {true, false}) {
        SimBackend sim(params(1500, copyStream));
        const Loop l = runLoop(sim, 30, 30'000'000, true, 200'000);
        std::map<int64_t, DeviceSpan> copies;
        for (const auto& s : l.spans)
            if (s.kind == EventKind::H2DCopy)
                copies[s.batch_id] = s;
        for (const auto& s : l.spans)
            if (s.kind == EventKind::Kernel)
                QVERIFY(copies.at(s.batch_id).t1 <= s.t0);
        // copies never overlap each other (one copy engine)
        uint64_t last = 0;
        for (const auto& [id, c] : copies) {
            QVERIFY(c.t0 >= last);
            last = c.t1;
        }
    }
}

void TestDevice::chooseBackendMessages_data()
{
    QTest::addColumn<int>("requested");
    QTest::addColumn<bool>("compiled");
    QTest::addColumn<bool>("usable");
    QTest::addColumn<bool>("forceSim");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("reason");
    using B = DeviceConfig::Backend;
    QTest::newRow("auto, no nvcc at build") << int(B::Auto) << false << false << false << int(BackendChoice::Sim) << "built without CUDA";
    QTest::newRow("auto, no driver") << int(B::Auto) << true << false << false << int(BackendChoice::Sim) << "simulated GPU: no CUDA driver";
    QTest::newRow("auto, device") << int(B::Auto) << true << true << false << int(BackendChoice::Cuda) << "CUDA device";
    QTest::newRow("auto, forced sim") << int(B::Auto) << true << true << true << int(BackendChoice::Sim) << "LOADERSCOPE_FORCE_SIM";
    QTest::newRow("cuda, no driver") << int(B::Cuda) << true << false << false << int(BackendChoice::Error) << "needs a usable CUDA device: no CUDA driver";
    QTest::newRow("cuda, no nvcc at build") << int(B::Cuda) << false << false << false << int(BackendChoice::Error) << "built without CUDA";
    QTest::newRow("sim") << int(B::Sim) << true << true << false << int(BackendChoice::Sim) << "simulated GPU requested";
}

void TestDevice::chooseBackendMessages()
{
    QFETCH(int, requested);
    QFETCH(bool, compiled);
    QFETCH(bool, usable);
    QFETCH(bool, forceSim);
    QFETCH(int, kind);
    QFETCH(QString, reason);
    CudaProbe p;
    p.compiled = compiled;
    p.usable = usable;
    p.error = usable ? 0 : 35;
    p.message = !compiled ? "built without CUDA support (no nvcc at build time)"
                          : usable ? "NVIDIA H200 (compute capability 9.0)" : "no CUDA driver, or a driver too old for CUDA 13 (error 35)";
    const BackendChoice c = chooseBackend(DeviceConfig::Backend(requested), p, forceSim);
    QCOMPARE(int(c.kind), kind);
    QVERIFY2(QString::fromStdString(c.reason).contains(reason), c.reason.c_str());
}

void TestDevice::probeWithoutDevice()
{
    const CudaProbe p = probeCuda();
#ifdef LOADERSCOPE_HAVE_CUDA
    QVERIFY(p.compiled);
#else
    QVERIFY(!p.compiled);
#endif
    if (p.usable)
        QSKIP("a CUDA device is present: the no-device messages cannot be checked here");
    QVERIFY(!p.message.empty());
    if (p.compiled)
        QVERIFY2(p.error == 35 || p.error == 100 || p.error == 3 || p.error == 46 || p.error == 803 || p.error == 804,
                 p.message.c_str());
}

void TestDevice::forcedCudaWithoutDeviceIsExit2()
{
    if (probeCuda().usable)
        QSKIP("a CUDA device is present");
    const EngineResult r = runEngine(R"({"dataset":{"length":16,"sample_bytes":64,"io_latency_us":0},
        "loader":{"batch_size":4,"num_workers":1},"device":{"backend":"cuda"}})");
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("needs a usable CUDA device"), r.err.constData());
    // auto falls back to the simulator and says why
    const EngineResult a = runEngine(R"({"dataset":{"length":16,"sample_bytes":64,"io_latency_us":0},
        "loader":{"batch_size":4,"num_workers":1},"device":{"backend":"auto"}})");
    QCOMPARE(a.exitCode, 0);
    QCOMPARE(a.summary.value(QStringLiteral("backend")).toString(), QStringLiteral("sim"));
    QVERIFY(a.summary.value(QStringLiteral("backend_note")).toString().startsWith(QStringLiteral("simulated GPU: ")));
}

void TestDevice::engineSimPinnedVsPageable()
{
    // Big batches (8 MiB), a step longer than making a batch (GPU-bound): pinned copies overlap
    // the step and leave the host free;
    // pageable copies block the host at the lower bandwidth.
#if defined(__SANITIZE_THREAD__)
    // Under TSan every byte a worker writes is instrumented: an 8 MiB batch takes ~110 ms to make
    // (2 ms plain), so the step grows with it to keep the run GPU-bound.
    constexpr int stepUs = 150000;
#else
    // 40 ms: a batch is made in ~2 ms, but on a loaded machine a worker can wait tens of ms for a
    // core; the run must stay GPU-bound for the copies to overlap the step.
    constexpr int stepUs = 40000;
#endif
    auto run = [](const char* pin, QString* trace, QTemporaryDir& dir) {
        *trace = dir.filePath(QStringLiteral("%1.json").arg(QLatin1String(pin)));
        return runEngine(QByteArray(R"({"dataset":{"length":320,"sample_bytes":262144,"io_latency_us":0},
            "loader":{"batch_size":32,"num_workers":2,"pin_memory":)") + pin + R"(},
            "train":{"step_us":)" + QByteArray::number(stepUs) + R"(},"device":{"backend":"sim","h2d_gbps_pinned":8,"h2d_gbps_pageable":1}})",
                         {QStringLiteral("--trace"), *trace});
    };
    QTemporaryDir dir;
    QString pinnedTrace, pageableTrace;
    const EngineResult pinned = run("true", &pinnedTrace, dir);
    const EngineResult pageable = run("false", &pageableTrace, dir);
    QVERIFY2(pinned.exitCode == 0, pinned.err.constData());
    QVERIFY2(pageable.exitCode == 0, pageable.err.constData());
    QCOMPARE(pinned.summary.value(QStringLiteral("backend")).toString(), QStringLiteral("sim"));
    QCOMPARE(pinned.summary.value(QStringLiteral("h2d_gbps")).toDouble(), 8.0);
    QCOMPARE(pageable.summary.value(QStringLiteral("h2d_gbps")).toDouble(), 1.0);

    int pageableBlocks = 0, pinnedBlocks = 0;
    bool simulatedTrack = false;
    for (const auto& v : traceEvents(pageableTrace)) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("name")).toString().contains(QStringLiteral("pageable copy staged"))) {
            ++pageableBlocks;
            // 8 MiB at 1 GB/s: 8.4 ms of each 40 ms step, a cost that matters (pin_memory advice)
            QVERIFY(e.value(QStringLiteral("dur")).toDouble() >= 8000.0);
        }
    }
    for (const auto& v : traceEvents(pinnedTrace)) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("name")).toString().contains(QStringLiteral("pageable copy staged")))
            ++pinnedBlocks;
        if (e.value(QStringLiteral("ph")).toString() == QLatin1String("M") &&
            e.value(QStringLiteral("args")).toObject().value(QStringLiteral("name")).toString() == QLatin1String("GPU (simulated)"))
            simulatedTrack = true;
    }
    QCOMPARE(pageableBlocks, 10); // every pageable batch blocked the host for its whole copy
    QCOMPARE(pinnedBlocks, 0);    // pinned + non_blocking: the host is free at once
    QVERIFY(simulatedTrack);      // "simulated" in the trace's track names
    QVERIFY(pageable.summary.value(QStringLiteral("host_blocked_fraction")).toDouble() >
            pinned.summary.value(QStringLiteral("host_blocked_fraction")).toDouble());
    QVERIFY(pinned.summary.value(QStringLiteral("overlap_fraction")).toDouble() > 0.5);
    bool pinAdvice = false;
    for (const auto& rec : pageable.summary.value(QStringLiteral("recommendations")).toArray())
        pinAdvice = pinAdvice || rec.toString().contains(QStringLiteral("set pin_memory"));
    QVERIFY(pinAdvice);
}

void TestDevice::pageableOneStreamBooksKernelWaitForTheGpu()
{
    // One stream, pageable batches, a step far longer than the copy: before each copy the host
    // waits for the previous kernel (the GPU's time), then is blocked by the staged copy alone.
    // 40 ms steps keep it GPU-bound even when a loaded machine delays the workers.
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("t.json"));
    const EngineResult r = runEngine(R"({"dataset":{"length":160,"sample_bytes":262144,"io_latency_us":0},
        "loader":{"batch_size":32,"num_workers":2,"pin_memory":false},
        "train":{"step_us":40000,"copy_stream":false},"device":{"backend":"sim","h2d_gbps_pageable":4}})",
                                     {QStringLiteral("--trace"), trace});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    int staged = 0, gpuWaits = 0;
    for (const auto& v : traceEvents(trace)) {
        const QJsonObject e = v.toObject();
        const QString name = e.value(QStringLiteral("name")).toString();
        const double dur = e.value(QStringLiteral("dur")).toDouble();
        if (name.contains(QStringLiteral("pageable copy staged"))) {
            ++staged;
            // 8 MiB at 4 GB/s: 2.1 ms; never the kernel's 40 ms (a loaded machine may add some)
            QVERIFY2(dur >= 2000.0 && dur < 15000.0, qPrintable(QString::number(dur)));
        } else if (name.startsWith(QStringLiteral("host waits for the GPU")) && dur > 5000.0) {
            ++gpuWaits; // the previous kernel
        }
    }
    QCOMPARE(staged, 5);
    QVERIFY(gpuWaits >= 3);
    QVERIFY(r.summary.value(QStringLiteral("host_waits_for_gpu_fraction")).toDouble() >
            r.summary.value(QStringLiteral("host_blocked_fraction")).toDouble());
}

void TestDevice::sharedRemovesPinLane()
{
    auto pinCopies = [](const char* pin) {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("t.json"));
        const EngineResult r = runEngine(QByteArray(R"({"dataset":{"length":64,"sample_bytes":65536,"io_latency_us":0},
            "loader":{"batch_size":8,"num_workers":2,"pin_memory":)") + pin + R"(},
            "train":{"step_us":500},"device":{"backend":"sim"}})",
                                         {QStringLiteral("--trace"), trace});
        int n = r.exitCode == 0 ? 0 : -1;
        bool pinnedCopies = true;
        for (const auto& v : traceEvents(trace)) {
            const QJsonObject e = v.toObject();
            const QString name = e.value(QStringLiteral("name")).toString();
            if (name.startsWith(QStringLiteral("pin batch")))
                ++n;
            if (name.startsWith(QStringLiteral("Memcpy HtoD (Pageable")))
                pinnedCopies = false;
        }
        return std::make_pair(n, pinnedCopies);
    };
    const auto pinned = pinCopies("true");
    const auto shared = pinCopies("\"shared\"");
    QCOMPARE(pinned.first, 8);   // a pin copy per batch on the pin-memory thread
    QCOMPARE(shared.first, 0);   // workers collated into pinned pages: no pin copy at all
    QVERIFY(pinned.second && shared.second); // and both copies are pinned
}

void TestDevice::slotReuseNeverOverwritesACopy()
{
    // "shared": the device copies straight from the slots. The next batch put in a slot must not
    // start filling it before the previous batch's copy from it ended.
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("t.json"));
    const EngineResult r = runEngine(R"({"dataset":{"length":2048,"sample_bytes":131072,"io_latency_us":0},
        "loader":{"batch_size":8,"num_workers":2,"pin_memory":"shared"},
        "train":{"step_us":500},"device":{"backend":"sim","h2d_gbps_pinned":2}})",
                                     {QStringLiteral("--trace"), trace});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    std::map<int, int> slotOfTask;
    std::map<int, double> fillStart, copyEnd;
    for (const auto& v : traceEvents(trace)) {
        const QJsonObject e = v.toObject();
        const QString name = e.value(QStringLiteral("name")).toString();
        const QJsonObject args = e.value(QStringLiteral("args")).toObject();
        const int task = args.value(QStringLiteral("batch")).toInt();
        const double ts = e.value(QStringLiteral("ts")).toDouble();
        if (name == QLatin1String("batch ready"))
            slotOfTask[task] = args.value(QStringLiteral("arg0")).toInt();
        else if (name.startsWith(QStringLiteral("fetch sample")))
            fillStart[task] = fillStart.count(task) ? std::min(fillStart[task], ts) : ts;
        else if (name.startsWith(QStringLiteral("Memcpy HtoD")))
            copyEnd[task] = ts + e.value(QStringLiteral("dur")).toDouble();
    }
    QCOMPARE(int(copyEnd.size()), 256);
    std::map<int, int> lastTaskInSlot;
    int checked = 0;
    for (const auto& [task, slot] : slotOfTask) { // tasks in order
        if (auto prev = lastTaskInSlot.find(slot); prev != lastTaskInSlot.end()) {
            QVERIFY2(fillStart.at(task) >= copyEnd.at(prev->second),
                     qPrintable(QStringLiteral("task %1 refilled slot %2 before task %3's copy ended").arg(task).arg(slot).arg(prev->second)));
            ++checked;
        }
        lastTaskInSlot[slot] = task;
    }
    QVERIFY(checked > 200);
}

void TestDevice::numWorkers0PinsInMainThread()
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("t.json"));
    const EngineResult r = runEngine(R"({"dataset":{"length":32,"sample_bytes":4096,"io_latency_us":0},
        "loader":{"batch_size":8,"num_workers":0,"pin_memory":true},"train":{"step_us":100},
        "device":{"backend":"sim"}})",
                                     {QStringLiteral("--trace"), trace});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    int mainPins = 0;
    for (const auto& v : traceEvents(trace)) {
        const QJsonObject e = v.toObject();
        if (e.value(QStringLiteral("name")).toString().startsWith(QStringLiteral("pin batch"))) {
            QCOMPARE(e.value(QStringLiteral("pid")).toInt(), 1); // the main process
            QCOMPARE(e.value(QStringLiteral("tid")).toInt(), 1); // its main thread
            ++mainPins;
        }
    }
    QCOMPARE(mainPins, 4);
}

QTEST_GUILESS_MAIN(TestDevice)
#include "tst_device.moc"

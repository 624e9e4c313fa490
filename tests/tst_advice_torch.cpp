// SPDX-License-Identifier: MIT
// Advice that knows what the job can change: the knobs of the watched job's torch (faked versions;
// probe_figures_torch_knobs runs Debian's real 1.13), and more workers than cores explained.
#include "advicetest.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace loaderscope;
using namespace advicetest;

class TestAdviceTorch : public QObject
{
    Q_OBJECT
private slots:
    void torchKnobsByVersion();
    void adviceKnowsTheJobsTorch();
    void moreWorkersThanCoresSaysWhy();
};

void TestAdviceTorch::torchKnobsByVersion()
{
    QVERIFY(!torchKnobs("1.13.0a0").in_order);
    QVERIFY(torchKnobs("1.13.1").pin_memory_device);
    QVERIFY(!torchKnobs("1.13.1").prefetch_factor_default_none);
    QVERIFY(!torchKnobs("1.11.0").pin_memory_device);
    QVERIFY(!torchKnobs("1.6.0").persistent_workers);
    QVERIFY(torchKnobs("2.0.1").prefetch_factor_default_none);
    QVERIFY(!torchKnobs("2.5.1+cu121").in_order);
    QVERIFY(torchKnobs("2.6.0").in_order);
    QVERIFY(torchKnobs("2.6.0a0+gitabc").in_order);
    QVERIFY(torchKnobs("2.14.0.dev20260101").in_order);
    QVERIFY(torchKnobs("10.0").in_order);
    QVERIFY(torchKnobs("").in_order);       // the engine's own runs
    QVERIFY(torchKnobs("nightly").in_order); // unreadable: not taken away
    // The probe's summary says which knobs the job's torch has.
    RunSummary s = run(0.5);
    s.source = "pytorch";
    s.torch_version = "1.13.1";
    const QByteArray json = QByteArray::fromStdString(runSummaryToJson(s));
    const QJsonObject k = QJsonDocument::fromJson(json).object().value(QStringLiteral("torch_knobs")).toObject();
    QCOMPARE(k.value(QStringLiteral("in_order")).toBool(true), false);
    QCOMPARE(k.value(QStringLiteral("pin_memory_device")).toBool(false), true);
    QCOMPARE(k.value(QStringLiteral("prefetch_factor_default_none")).toBool(true), false);
    s.torch_version.clear();
    QVERIFY(!QJsonDocument::fromJson(QByteArray::fromStdString(runSummaryToJson(s))).object().contains(QStringLiteral("torch_knobs")));
}

void TestAdviceTorch::adviceKnowsTheJobsTorch()
{
    // Head-of-line blocking (one very slow sample, workers idle): in_order=False is the fix.
    RunSummary s = run(0.9);
    workers(s, 4, 0.2, 0.01, 0.0, 0.78);
    s.figures.head_of_line_fraction = 0.85;
    s.figures.longest_head_of_line_s = 0.25;
    LoaderKnobs k = knobs(4);
    const std::vector<Advice> engine = adviseRun(k, s);
    QVERIFY(find(engine, advice_id::kInOrder)); // the engine: every knob
    for (const char* version : {"2.6.0", "2.14.1+cu130"}) {
        k.torch_version = version;
        const std::vector<Advice> advice = adviseRun(k, s);
        QVERIFY2(find(advice, advice_id::kInOrder), version);
        QVERIFY(!find(advice, advice_id::kUpgradeTorchInOrder));
    }
    for (const char* version : {"1.13.0a0", "2.5.1"}) {
        k.torch_version = version;
        const std::vector<Advice> advice = adviseRun(k, s);
        QVERIFY2(!find(advice, advice_id::kInOrder), version);
        const Advice* up = find(advice, advice_id::kUpgradeTorchInOrder);
        QVERIFY2(up, qPrintable(ids(advice).join(u',')));
        QVERIFY(up->knob.empty() && up->suggest.isNone()); // nothing to Apply
        QVERIFY2(up->text.find("upgrade to torch ≥ 2.6 for in_order=False") != std::string::npos, up->text.c_str());
        QCOMPARE(up->evidenceValue("head_of_line_fraction"), 0.85);
        for (const Advice& a : advice)
            QVERIFY2(a.knob != "loader.in_order", a.id.c_str());
    }
    // The pin-memory thread is the bottleneck: pin_memory "shared" is the engine's; a torch job is
    // told what it can change instead, with no knob.
    LoaderKnobs pinned = knobs(8);
    pinned.pin_memory = "true";
    RunSummary pinBound = run(0.4);
    workers(pinBound, 8, 0.3, 0.05, 0.0, 0.6);
    pinBound.figures.io_s_per_sample = 0.0001;
    pinBound.figures.cpu_s_per_sample = 0.00001;
    pinBound.figures.pin_busy_fraction = 0.9;
    pinned.torch_version = "2.6.0";
    const std::vector<Advice> torchPin = adviseRun(pinned, pinBound);
    const Advice* p = find(torchPin, advice_id::kPinThreadBound);
    QVERIFY(p && p->knob.empty() && p->suggest.isNone());
    QVERIFY2(p->text.find("PyTorch pins every batch on that one thread") != std::string::npos, p->text.c_str());
    QVERIFY(p->text.find("shared") == std::string::npos);
    // Before 1.7 there is no prefetch_factor: bursts get no prefetch advice.
    RunSummary bursts = run(0.3);
    workers(bursts, 4, 0.3, 0.05, 0.0, 0.6);
    bursts.figures.io_s_per_sample = 0.00002;
    bursts.figures.cpu_s_per_sample = 0.00001;
    LoaderKnobs old = knobs(4);
    const std::vector<Advice> current = adviseRun(old, bursts);
    QVERIFY(find(current, advice_id::kRaisePrefetch));
    old.torch_version = "1.6.0";
    const std::vector<Advice> before17 = adviseRun(old, bursts);
    QVERIFY(!find(before17, advice_id::kRaisePrefetch));
}

void TestAdviceTorch::moreWorkersThanCoresSaysWhy()
{
    // 1 ms of I/O and 0.1 ms CPU per sample on 2 cores: 10 workers. PyTorch warns above 2; the
    // sentence says why both hold: the workers sleep on I/O 91 % of a sample's time.
    RunSummary s = run(0.5);
    s.figures.samples = 40000;
    workers(s, 2, 0.99, 0.09, 0.0);
    s.figures.io_s_per_sample = 0.001;
    s.figures.cpu_s_per_sample = 0.0001;
    const std::vector<Advice> advice = adviseRun(knobs(2), s);
    const Advice* a = find(advice, advice_id::kRaiseNumWorkers);
    QVERIFY(a);
    QCOMPARE(a->suggest.number, 10.0);
    QVERIFY(std::abs(a->evidenceValue("io_share") - 1.0 / 1.1) < 1e-9);
    QVERIFY2(a->text.find("suggested max number of workers is 2 (the cores)") != std::string::npos, a->text.c_str());
    QVERIFY2(a->text.find("sleeps on I/O 91%") != std::string::npos, a->text.c_str());
    // Within the cores nothing to explain: 16 cores.
    s.cores = 16;
    const std::vector<Advice> many = adviseRun(knobs(2), s);
    const Advice* b = find(many, advice_id::kRaiseNumWorkers);
    QVERIFY(b);
    QVERIFY(b->suggest.number <= 16);
    QVERIFY2(b->text.find("suggested max") == std::string::npos, b->text.c_str());
}

QTEST_GUILESS_MAIN(TestAdviceTorch)
#include "tst_advice_torch.moc"

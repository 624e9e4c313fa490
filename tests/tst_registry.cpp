// SPDX-License-Identifier: MIT
// The registry of event kinds and lanes is the one source: the engine's table (events.cpp) is
// complete, the ring<->lane mapping goes both ways, every span kind and lane kind has its GUI
// descriptor (lanekinds.cpp) with a Turkish name, derived states are made on the timeline and in
// the Chrome trace of a real run whose workers wait for a core, and reading that trace back
// makes them again instead of keeping two copies.
#include "timeline/model/lanekinds.h"
#include "timeline/draw/timelinestyle.h"
#include "timeline/model/tracemodel.h"
#include "common/model/translator.h"
#include "loaderscope/base/events.h"
#include "loaderscope/outputs/own_trace.h"
#include "loaderscope/shm/shm_layout.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <cmath>

#include <map>
#include <set>
#include <string>

using loaderscope::Event;
using loaderscope::EventKind;
using loaderscope::EventRing;
using loaderscope::EventShape;

namespace {

std::vector<const loaderscope::EventKindInfo*> derivedKinds()
{
    std::vector<const loaderscope::EventKindInfo*> out;
    for (const auto& k : loaderscope::eventKinds())
        if (k.ring == EventRing::Derived)
            out.push_back(&k);
    return out;
}

} // namespace

class TestRegistry : public QObject
{
    Q_OBJECT
private slots:
    void engineTableIsComplete();
    void ringsAndLanesBothWays();
    void everyKindHasItsDescriptor();
    void turkishForEveryDescriptorText();
    void derivedStatesOnTheTimeline();
    void derivedStatesInARunWaitingForCores();
    void cleanupTestCase() { QCOMPARE(testutil::loaderscopeSegments(), QStringList()); }
};

void TestRegistry::engineTableIsComplete()
{
    std::set<std::string> ids, names;
    QCOMPARE(loaderscope::eventKinds().size(), size_t(EventKind::Count) - 1);
    for (int k = 1; k < int(EventKind::Count); ++k) {
        const auto& info = loaderscope::eventKindInfo(EventKind(k));
        QCOMPARE(int(info.kind), k);
        QVERIFY2(*info.id && *info.name && *info.category, info.id);
        QVERIFY2(ids.insert(info.id).second, info.id);
        QVERIFY2(names.insert(info.name).second, info.name);
        QVERIFY(loaderscope::eventKindName(info.kind) == std::string_view(info.name));
        if (info.ring == EventRing::Derived) {
            // Made from a written kind, as a span, from an argument that exists.
            QVERIFY2(info.shape == EventShape::Span && info.derivedArg <= 1, info.id);
            QVERIFY2(loaderscope::eventKindInfo(info.derivedFrom).ring != EventRing::Derived, info.id);
            QVERIFY(loaderscope::hasDerivedKinds(info.derivedFrom));
        }
    }
    QVERIFY(loaderscope::eventKindInfo(EventKind::Count).kind == EventKind::None);
    QVERIFY(loaderscope::eventKindName(EventKind(200)) == std::string_view("unknown"));
    QCOMPARE(int(loaderscope::hostBlockFrom(0)), 1);
    QVERIFY(loaderscope::hostBlockFrom(3) == loaderscope::HostBlock::SyncCopy);
    QCOMPARE(int(loaderscope::hostBlockFrom(99)), loaderscope::kHostBlockReasons);
}

void TestRegistry::ringsAndLanesBothWays()
{
    using L = loaderscope::ShmLayout;
    for (int lane : {int(loaderscope::LaneMain), int(loaderscope::LanePin), int(loaderscope::LaneCopy), 0, 1, 7})
        QCOMPARE(L::laneForEventRing(L::eventRingIndexForLane(lane)), lane);
    // The device collector writes both device lanes into one ring; the memory sampler stands for main.
    QVERIFY(L::eventRingIndexForLane(loaderscope::LaneCompute) == L::eventRingIndexForLane(loaderscope::LaneCopy));
    QCOMPARE(L::laneForEventRing(L::kMemoryRing), int(loaderscope::LaneMain));
    QVERIFY(L::eventRingIndexForLane(0) == L::kFixedEventRings);
}

void TestRegistry::everyKindHasItsDescriptor()
{
    for (const auto& k : loaderscope::eventKinds()) {
        if (k.shape != EventShape::Span)
            continue;
        QVERIFY2(LaneKinds::look(k.kind).kind == k.kind, k.id); // a span kind is drawn in its own colour
        QVERIFY2(*k.label && LaneKinds::label(k.kind) == QString::fromUtf8(k.label), k.id); // its name
    }
    for (auto kind : {TraceModel::LaneKind::Main, TraceModel::LaneKind::Pin, TraceModel::LaneKind::Worker,
                      TraceModel::LaneKind::Copy, TraceModel::LaneKind::Compute}) {
        const LaneKinds::LaneDescriptor& d = LaneKinds::lane(kind);
        QVERIFY(d.kind == kind);
        QVERIFY(d.heightPx > 0 && d.stackCount >= 1 && d.stackCount <= 4);
        QVERIFY(LaneKinds::laneForLessonKey(QString::fromLatin1(d.lessonKey)) == &d);
        QVERIFY(LaneKinds::laneForEngineLane(kind == TraceModel::LaneKind::Worker ? 3 : d.engineLane) == &d);
        for (const auto& slot : d.aggregates)
            QVERIFY(slot.kind == EventKind::None || loaderscope::isSpan(slot.kind));
        for (EventKind n : d.nested)
            QVERIFY(n == EventKind::None || loaderscope::isSpan(n));
    }
    // A derived state is visible: nested on a lane, or in a slot, and explained by the legend.
    for (const auto* k : derivedKinds()) {
        bool drawn = false, explained = false;
        for (const auto& d : LaneKinds::lanes())
            drawn = drawn || LaneKinds::nestedOn(d, k->kind);
        for (const auto& r : LaneKinds::legendRows())
            explained = explained || r.kind == k->kind;
        QVERIFY2(drawn && explained, k->id);
    }
}

void TestRegistry::turkishForEveryDescriptorText()
{
    Translator translator;
    QVERIFY(translator.setLanguage(QStringLiteral("tr")));
    auto turkish = [](const char* text) {
        const QString tr = LaneKinds::translated(text);
        QVERIFY2(!tr.isEmpty() && tr != QString::fromUtf8(text), text);
    };
    for (const auto& k : loaderscope::eventKinds())
        if (*k.label)
            turkish(k.label);
    for (const auto& r : LaneKinds::legendRows())
        if (r.text)
            turkish(r.text);
    for (const auto& d : LaneKinds::lanes()) {
        if (d.title)
            turkish(d.title);
        if (d.simulatedTitle)
            turkish(d.simulatedTitle);
    }
    QVERIFY(translator.setLanguage(QStringLiteral("en")));
}

void TestRegistry::derivedStatesOnTheTimeline()
{
    for (const auto* k : derivedKinds()) {
        TraceModel m;
        m.reset(0, 2, true);
        Event source;
        source.kind = k->derivedFrom;
        source.lane = 1;
        source.t0 = source.t1 = 50'000'000;
        source.batch = loaderscope::batchKey(0, 3);
        (k->derivedArg == 0 ? source.arg0 : source.arg1) = 4'000'000; // 4 ms
        Event none = source; // nothing measured: no span
        none.t0 = none.t1 = 60'000'000;
        (k->derivedArg == 0 ? none.arg0 : none.arg1) = 0;
        m.append({source, none});
        const int li = m.laneIndex(TraceModel::LaneKind::Worker, 1);
        const int row = LaneKinds::nestedOn(LaneKinds::lane(TraceModel::LaneKind::Worker), k->kind) ? 1 : 0;
        const auto& spans = m.lane(li).rows[row];
        QCOMPARE(spans.size(), size_t(1));
        QVERIFY(EventKind(spans[0].kind) == k->kind);
        QCOMPARE(spans[0].t0, qint64(46'000'000));
        QCOMPARE(spans[0].t1, qint64(50'000'000));
        QVERIFY(spans[0].batch == source.batch);
        QCOMPARE(m.totalNs(li, k->kind), qint64(4'000'000));
        bool inLegend = false;
        for (const LegendEntry& e : TimelineStyle::legend(m))
            inLegend = inLegend || e.text == TimelineStyle::kindName(quint8(k->kind));
        QVERIFY2(inLegend, k->id);
        // Detail evicted and read back from the recording: each is made again, once.
        TraceModel back;
        back.reset(0, 1, true);
        back.setDetailBudget(1000);
        std::vector<Event> all;
        for (int i = 0; i < 3000; ++i) {
            Event e = source;
            e.lane = 0;
            e.t0 = e.t1 = 10'000'000 + quint64(i) * 5'000'000;
            e.batch = loaderscope::batchKey(0, i);
            all.push_back(e);
        }
        for (size_t i = 0; i < all.size(); i += 500)
            back.append(std::vector<Event>(all.begin() + std::ptrdiff_t(i), all.begin() + std::ptrdiff_t(i + 500)));
        QVERIFY(!back.uncovered(0, back.endTime()).empty()); // the budget trimmed the older detail
        back.insertDetail(0, back.endTime(), all);
        QCOMPARE(back.lane(back.laneIndex(TraceModel::LaneKind::Worker, 0)).rows[row].size(), all.size());
    }
}

void TestRegistry::derivedStatesInARunWaitingForCores()
{
    if (derivedKinds().empty())
        QSKIP("the registry has no derived state");
    // Eight workers of CPU-heavy samples on this machine's cores (two on the build machine), while
    // the main loop steps: workers are runnable more often than a core is free.
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("trace.json"));
    const int cores = std::max(1, QThread::idealThreadCount());
    const QByteArray config = QStringLiteral(R"({"dataset":{"length":96,"sample_bytes":64,"cpu_us":3000},
        "loader":{"batch_size":4,"num_workers":%1},"train":{"step_us":200}})").arg(4 * cores).toUtf8();
    const testutil::EngineResult r = testutil::runEngine(config, {QStringLiteral("--trace"), trace}, 120000);
    QCOMPARE(r.exitCode, 0);
    QFile f(trace);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonArray events = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("traceEvents")).toArray();
    // Each derived span ends where its source instant is, on its track, as long as its argument says.
    std::map<std::pair<int, qint64>, double> sourceArg; // (pid, ts in ns) -> the argument, µs
    std::map<int, int> derived;
    for (const auto& v : events) {
        const QJsonObject e = v.toObject();
        const QJsonObject a = e.value(QStringLiteral("args")).toObject();
        const auto& info = loaderscope::eventKindInfo(EventKind(a.value(QStringLiteral("kind")).toInt()));
        if (loaderscope::hasDerivedKinds(info.kind))
            sourceArg[{e.value(QStringLiteral("pid")).toInt(), qint64(e.value(QStringLiteral("ts")).toDouble() * 1000 + 0.5)}] =
                a.value(QStringLiteral("arg1")).toDouble() / 1000;
        if (info.ring != EventRing::Derived || e.value(QStringLiteral("ph")).toString() != QLatin1String("X"))
            continue;
        ++derived[int(info.kind)];
        QCOMPARE(e.value(QStringLiteral("name")).toString(), QString::fromUtf8(info.name));
        QCOMPARE(e.value(QStringLiteral("cat")).toString(), QString::fromUtf8(info.category));
        const double end = e.value(QStringLiteral("ts")).toDouble() + e.value(QStringLiteral("dur")).toDouble();
        QVERIFY2(e.value(QStringLiteral("pid")).toInt() >= 10, "a worker's track");
        const auto it = sourceArg.find({e.value(QStringLiteral("pid")).toInt(), qint64(end * 1000 + 0.5)});
        QVERIFY2(it != sourceArg.end(), "a derived span follows its source event");
        QVERIFY(std::abs(it->second - e.value(QStringLiteral("dur")).toDouble()) < 0.01);
    }
    for (const auto* k : derivedKinds())
        QVERIFY2(derived[int(k->kind)] > 0, k->id);
    // Read back: the sources come through, the derived spans are made again by readers, not kept.
    int sources = 0, kept = 0;
    QVERIFY(loaderscope::readOwnChromeTrace(trace.toStdString(), [&](const Event& e) {
        sources += loaderscope::hasDerivedKinds(e.kind) ? 1 : 0;
        kept += loaderscope::eventKindInfo(e.kind).ring == EventRing::Derived ? 1 : 0;
    }));
    QVERIFY(sources > 0);
    QCOMPARE(kept, 0);
}

QTEST_MAIN(TestRegistry)
#include "tst_registry.moc"

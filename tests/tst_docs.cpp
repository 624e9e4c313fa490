// SPDX-License-Identifier: MIT
// docs/ against the programs. What must be documented is asked of the programs themselves, never
// listed here: the config keys from the engine's parser (its own "known keys" message, probed
// object by object), the summary fields from real runs' summaries (the commands and options from
// the programs' --help: tst_docs_commands), the trace categories and counters from a real Chrome trace, the analyze
// and sweep outputs from real runs of them, the advice ids from their one definition (advice.h).
// And the documents link nothing outside the repository, and every relative link resolves.
#include "docstest.h"
#include "testutil.h"

#include "loaderscope/config/config.h"
#include "loaderscope/base/events.h"
#ifdef LOADERSCOPE_GUI_PATH
#include "timeline/draw/timelinebindings.h"
#endif

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using namespace testutil;
using namespace docstest;

namespace {

/// A key no section knows and nothing is close to (no "did you mean"): the parser then lists the
/// keys it knows at that place.
const QString kProbe = QStringLiteral("zq_not_a_loaderscope_key");

/// A config path: object keys, "[]" for the first element of an array.
using Path = QStringList;

QString display(const Path& p)
{
    QString s;
    for (const QString& k : p)
        s += k == QLatin1String("[]") ? k : (s.isEmpty() ? k : QLatin1Char('.') + k);
    return s;
}

/// The dotted name the parser gives a field at `p` (arrays as [0]).
QString fieldName(const Path& p)
{
    return display(p).replace(QLatin1String("[]"), QLatin1String("[0]"));
}

QJsonValue nest(const Path& p, qsizetype i, const QJsonValue& leaf)
{
    if (i == p.size())
        return leaf;
    if (p[i] == QLatin1String("[]"))
        return QJsonArray{nest(p, i + 1, leaf)};
    return QJsonObject{{p[i], nest(p, i + 1, leaf)}};
}

/**
 * The keys the parser accepts in the object at `p`, from its own message about an unknown key
 * there; empty when `p` is not an object the parser reads.
 */
QStringList knownKeysAt(const Path& p)
{
    const QJsonObject probe{{kProbe, 1}};
    const QJsonValue config = nest(p, 0, probe);
    try {
        loaderscope::parseConfig(QJsonDocument(config.toObject()).toJson().toStdString());
    } catch (const loaderscope::ConfigError& e) {
        const QString field = QString::fromStdString(e.field());
        const QString message = QString::fromStdString(e.what());
        const QString expected = fieldName(p + Path{kProbe});
        const qsizetype at = message.indexOf(QLatin1String("(known keys:"));
        if (field != expected || at < 0)
            return {};
        const qsizetype end = message.indexOf(QLatin1Char(')'), at);
        return message.mid(at + 12, end - at - 12).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    }
    return {};
}

/// Every key path the parser accepts, found by walking from the top: a key whose value may be an
/// object (or an array of objects) is walked into.
void collectConfigKeys(const Path& at, QStringList& out, int depth = 0)
{
    if (depth > 6)
        return;
    for (const QString& key : knownKeysAt(at)) {
        const Path p = at + Path{key};
        out << display(p);
        if (!knownKeysAt(p).isEmpty())
            collectConfigKeys(p, out, depth + 1);
        else if (!knownKeysAt(p + Path{QStringLiteral("[]")}).isEmpty())
            collectConfigKeys(p + Path{QStringLiteral("[]")}, out, depth + 1);
    }
}

/// Key paths of a JSON value ("workers[].busy_fraction"), arrays of objects walked into.
void collectJsonPaths(const QJsonValue& v, const QString& at, QSet<QString>& out)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString p = at.isEmpty() ? it.key() : at + QLatin1Char('.') + it.key();
            out.insert(p);
            collectJsonPaths(it.value(), p, out);
        }
    } else if (v.isArray()) {
        for (const QJsonValue& e : v.toArray())
            if (e.isObject())
                collectJsonPaths(e, at + QStringLiteral("[]"), out);
    }
}

} // namespace

class TestDocs : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void configKeys();
    void summaryFields();
    void traceFormat();
    void registryInTraces();
    void analyzeOutput();
    void analyzeRecordingOutput();
    void sweepOutput();
    void adviceIds();
    void readmeTimelineBindings();
    void links_data();
    void links();
    void cleanup() { QCOMPARE(loaderscopeSegments(), QStringList()); }

private:
    QString m_config;
    QString m_traces;
};

void TestDocs::initTestCase()
{
    m_config = readText(kSource + QStringLiteral("/docs/config.md"));
    m_traces = readText(kSource + QStringLiteral("/docs/traces.md"));
    QVERIFY2(!m_config.isEmpty(), "docs/config.md is missing");
    QVERIFY2(!m_traces.isEmpty(), "docs/traces.md is missing");
}

void TestDocs::configKeys()
{
    QStringList keys;
    collectConfigKeys({}, keys);
    // The probe itself must work: these are keys any version has, found the same way as the rest.
    for (const char* k : {"seed", "loader.num_workers", "loader.sampler.num_replicas", "dataset.io_latency_us.sigma",
                          "dataset.slow_samples[].index", "faults[].kind"})
        QVERIFY2(keys.contains(QLatin1String(k)), qPrintable(QStringLiteral("the parser probe did not find %1; found: %2")
                                                                 .arg(QLatin1String(k), keys.join(QStringLiteral(", ")))));
    const QString doc = section(m_config, QStringLiteral("## 1."));
    QVERIFY(!doc.isEmpty());
    QStringList missing;
    for (const QString& k : keys)
        if (!doc.contains(backticked(k)))
            missing << k;
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("config keys the engine accepts but docs/config.md section 1 "
                                                          "does not document: ") + missing.join(QStringLiteral(", "))));
}

void TestDocs::summaryFields()
{
    // Two short real runs: with workers (workers[], a pin thread, copies) and without (main_fetch).
    const QByteArray withWorkers = R"({"dataset": {"length": 256, "io_latency_us": 200},
        "loader": {"batch_size": 16, "num_workers": 2, "pin_memory": true},
        "train": {"step_us": 300}, "device": {"backend": "sim"}})";
    const QByteArray noWorkers = R"({"dataset": {"length": 128, "io_latency_us": 200},
        "loader": {"batch_size": 16, "num_workers": 0}, "train": {"step_us": 300}, "device": {"backend": "sim"}})";
    QSet<QString> paths;
    for (const QByteArray& config : {withWorkers, noWorkers}) {
        const EngineResult r = runEngine(config);
        QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
        QVERIFY(r.summary.value(QStringLiteral("batches")).toInt() > 0);
        QVERIFY2(!r.summary.value(QStringLiteral("advice")).toArray().isEmpty(), "a finished run always gets advice");
        collectJsonPaths(r.summary, {}, paths);
    }
    for (const char* p : {"workers[].busy_fraction", "main_fetch.busy_fraction", "batch_log[].first_sample", "advice[].id"})
        QVERIFY2(paths.contains(QLatin1String(p)), p);
    const QString doc = section(m_config, QStringLiteral("## 5."));
    QVERIFY(!doc.isEmpty());
    QStringList missing;
    const QString evidence = QStringLiteral("advice[].evidence.");
    for (const QString& p : paths) {
        // Evidence is a map per advice id: its names are documented in the table of ids.
        const QString want = p.startsWith(evidence) ? p.mid(evidence.size()) : p;
        if (!doc.contains(backticked(want)))
            missing << p;
    }
    missing.sort();
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("summary fields the engine writes but docs/config.md section 5 "
                                                          "does not document: ") + missing.join(QStringLiteral(", "))));
}

void TestDocs::traceFormat()
{
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("trace.json"));
    const EngineResult r = runEngine(R"({"dataset": {"length": 128, "io_latency_us": 200},
        "loader": {"batch_size": 16, "num_workers": 2, "pin_memory": true}, "train": {"step_us": 300},
        "device": {"backend": "sim"}})",
                                     {QStringLiteral("--trace"), trace});
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    QFile f(trace);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    QSet<QString> names;
    for (const QString& k : root.keys())
        names.insert(k);
    for (const QString& k : root.value(QStringLiteral("otherData")).toObject().keys())
        names.insert(QStringLiteral("otherData.") + k);
    for (const QJsonValue& v : root.value(QStringLiteral("traceEvents")).toArray()) {
        const QJsonObject e = v.toObject();
        if (e.contains(QStringLiteral("cat")))
            names.insert(e.value(QStringLiteral("cat")).toString());
        if (e.value(QStringLiteral("ph")).toString() == QLatin1String("C"))
            for (const QString& series : e.value(QStringLiteral("args")).toObject().keys())
                names.insert(series);
        if (e.value(QStringLiteral("ph")).toString() == QLatin1String("X"))
            for (const QString& arg : e.value(QStringLiteral("args")).toObject().keys())
                names.insert(arg);
    }
    QVERIFY2(names.size() > 10, "the trace has too little in it");
    QStringList missing;
    for (const QString& n : names)
        if (!m_traces.contains(backticked(n)))
            missing << n;
    missing.sort();
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("written to Chrome traces but not in docs/traces.md: ") + missing.join(QStringLiteral(", "))));
}

void TestDocs::analyzeRecordingOutput()
{
    // Two ranks, one starved (a straggler, so its fields are not null), the other cut short (so
    // `stopped_at` and `warning` are written).
    QTemporaryDir dir;
    QStringList args = {QStringLiteral("analyze")};
    for (int r = 0; r < 2; ++r) {
        const QString path = dir.filePath(QStringLiteral("events-rank%1.lsrec").arg(r));
        const EngineResult run = runEngine(QStringLiteral(R"({"dataset": {"length": 64, "io_latency_us": %1},
            "loader": {"batch_size": 8, "num_workers": 2}, "train": {"step_us": 2000}, "device": {"backend": "sim"}})")
                                               .arg(r == 0 ? 4000 : 10)
                                               .toUtf8(),
                                           {QStringLiteral("--events"), path});
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        args << QStringLiteral("--recording") << path;
    }
    QFile cut(dir.filePath(QStringLiteral("events-rank1.lsrec")));
    QVERIFY(cut.resize(cut.size() - 10));
    const EngineResult r = runEngineArgs(args, 60000);
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    const QJsonObject out = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(out.value(QStringLiteral("straggler")).toInt(-1), 0);
    QSet<QString> paths;
    collectJsonPaths(out, {}, paths);
    QVERIFY(paths.contains(QStringLiteral("ranks[].warning")));
    const QString doc = section(m_config, QStringLiteral("## 6."));
    QStringList missing;
    for (const QString& p : paths) {
        const QString name = p.startsWith(QLatin1String("ranks[].")) ? p.mid(8) : p;
        if (!doc.contains(backticked(name)) && !doc.contains(QLatin1Char('"') + name + QLatin1Char('"')))
            missing << p;
    }
    missing.sort();
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("analyze --recording output not in docs/config.md section 6: ") +
                                           missing.join(QStringLiteral(", "))));
}

void TestDocs::registryInTraces()
{
    // Every Chrome category of the registry (events.cpp) is documented; a derived state, which no
    // recording holds, is documented by its name; architecture.md names the registry's tables.
    QStringList missing;
    for (const auto& k : loaderscope::eventKinds()) {
        if (!m_traces.contains(backticked(QString::fromUtf8(k.category))))
            missing << QString::fromUtf8(k.category);
        if (k.ring == loaderscope::EventRing::Derived && !m_traces.contains(backticked(QString::fromUtf8(k.name))))
            missing << QString::fromUtf8(k.name);
    }
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("in the registry but not in docs/traces.md: ") + missing.join(QStringLiteral(", "))));
    const QString arch = readText(kSource + QStringLiteral("/docs/architecture.md"));
    for (const char* table : {"kEventKinds", "kFixedRingLanes", "LaneDescriptor", "KindLook", "LegendRow", "HostBlock"})
        QVERIFY2(arch.contains(backticked(QString::fromLatin1(table))), table);
}

void TestDocs::analyzeOutput()
{
    // Traces of several shapes (two ranks of one job, a GPU trace, a legacy array), so every field
    // is written, nulls included.
    QStringList args = {QStringLiteral("analyze")};
    for (const char* f : {"rank0.json", "rank1.json", "gpu_pageable.json", "legacy_no_steps.json"})
        args << QStringLiteral("--trace") << kSource + QStringLiteral("/tests/fixtures/traces/") + QLatin1String(f);
    const EngineResult r = runEngineArgs(args, 60000);
    QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    const QJsonObject out = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(out.value(QStringLiteral("ranks")).toArray().size(), 4);
    QSet<QString> paths;
    collectJsonPaths(out, {}, paths);
    QVERIFY(paths.contains(QStringLiteral("ranks[].loop_shape")));
    const QString doc = section(m_config, QStringLiteral("## 6."));
    QVERIFY(!doc.isEmpty());
    QStringList missing;
    for (const QString& p : paths) {
        // The rank fields are documented by their own name in the table of rank fields.
        const QString name = p.startsWith(QLatin1String("ranks[].")) ? p.mid(8) : p;
        if (!doc.contains(backticked(name)) && !doc.contains(QLatin1Char('"') + name + QLatin1Char('"')))
            missing << p;
    }
    missing.sort();
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("analyze output not in docs/config.md section 6: ") + missing.join(QStringLiteral(", "))));
    // The loop shapes the engine names are the ones documented.
    for (const QJsonValue& rank : out.value(QStringLiteral("ranks")).toArray()) {
        const QString shape = rank.toObject().value(QStringLiteral("loop_shape")).toString();
        QVERIFY2(doc.contains(QLatin1Char('"') + shape + QLatin1Char('"')), qPrintable(shape));
        QVERIFY2(m_traces.contains(backticked(shape)), qPrintable(shape));
    }
}

void TestDocs::sweepOutput()
{
    const QByteArray config = R"({"dataset": {"length": 64, "io_latency_us": 100}, "loader": {"batch_size": 16},
        "train": {"step_us": 100}, "device": {"backend": "sim"}})";
    QTemporaryDir dir;
    QFile c(dir.filePath(QStringLiteral("config.json")));
    QVERIFY(c.open(QIODevice::WriteOnly) && c.write(config) == config.size());
    c.close();
    const QString json = dir.filePath(QStringLiteral("sweep.json"));
    const QString csv = dir.filePath(QStringLiteral("sweep.csv"));
    for (const QString& out : {json, csv}) {
        const EngineResult r = runEngineArgs({QStringLiteral("sweep"), QStringLiteral("--config"), c.fileName(), QStringLiteral("--vary"),
                                              QStringLiteral("num_workers=0,1"), QStringLiteral("--batches"), QStringLiteral("4"),
                                              QStringLiteral("--out"), out},
                                             120000);
        QVERIFY2(r.finished && r.exitCode == 0, r.err.constData());
    }
    const QString doc = section(m_config, QStringLiteral("## 6."));
    QStringList missing;
    QFile j(json);
    QVERIFY(j.open(QIODevice::ReadOnly));
    QSet<QString> paths;
    collectJsonPaths(QJsonDocument::fromJson(j.readAll()).object(), {}, paths);
    QVERIFY(paths.contains(QStringLiteral("results[].samples_per_s")));
    for (const QString& p : paths) {
        const QString name = p.startsWith(QLatin1String("results[].")) ? p.mid(10) : p;
        if (name == QLatin1String("num_workers")) // the knob's own column
            continue;
        if (!doc.contains(backticked(name)) && !doc.contains(QLatin1Char('"') + name + QLatin1Char('"')))
            missing << QStringLiteral("JSON ") + p;
    }
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','));
    QCOMPARE(header.value(0), QStringLiteral("num_workers"));
    for (const QString& column : header.mid(1))
        if (!doc.contains(backticked(column)))
            missing << QStringLiteral("CSV ") + column;
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("sweep output not in docs/config.md section 6: ") + missing.join(QStringLiteral(", "))));
}

void TestDocs::adviceIds()
{
    // The ids are defined once, in advice.h's advice_id namespace ("never rename one"); each must
    // have its row in the table of advice (knob, when, evidence).
    const QString header = readText(kSource + QStringLiteral("/engine/include/loaderscope/analysis/advice.h"));
    const qsizetype begin = header.indexOf(QLatin1String("namespace advice_id {"));
    const qsizetype end = header.indexOf(QLatin1String("} // namespace advice_id"), begin);
    QVERIFY(begin >= 0 && end > begin);
    static const QRegularExpression def(QStringLiteral("constexpr const char\\* k\\w+ = \"([a-z_]+)\";"));
    QStringList ids, missing;
    for (auto it = def.globalMatch(header.mid(begin, end - begin)); it.hasNext();)
        ids << it.next().captured(1);
    QVERIFY2(ids.size() >= 12, qPrintable(ids.join(QStringLiteral(", "))));
    const QString doc = section(m_config, QStringLiteral("## 5."));
    for (const QString& id : ids)
        if (!doc.contains(QStringLiteral("\n| %1 |").arg(backticked(id))))
            missing << id;
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("advice ids without a row in docs/config.md section 5: ") + missing.join(QStringLiteral(", "))));
}

void TestDocs::readmeTimelineBindings()
{
#ifndef LOADERSCOPE_GUI_PATH
    QSKIP("the app is not built (LOADERSCOPE_BUILD_GUI off)");
#else
    // The timeline dispatches its keys and drags through TimelineBindings (the code's bindings):
    // the README must say each one as the table does, and say no gesture does something else.
    QString readme = readText(kSource + QStringLiteral("/README.md"));
    QVERIFY(!readme.isEmpty());
    readme.replace(QRegularExpression(QStringLiteral("\\s+")), QStringLiteral(" ")); // lines wrap anywhere
    QStringList missing;
    for (const TimelineBindings::Binding& b : TimelineBindings::all())
        if (b.readme && !readme.contains(QString::fromUtf8(b.readme)))
            missing << QString::fromUtf8(b.readme);
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("README.md does not say: ") + missing.join(QStringLiteral("; "))));
    // Every "... drag <verb>" in the README: the verb of the table's row for that gesture.
    QMap<QString, QString> verbOf; // "drag" -> "measures", "shift+drag" -> "pans"
    static const QRegularExpression said(QStringLiteral("(\\S*)drag (\\w+)"));
    for (const TimelineBindings::Binding& b : TimelineBindings::all())
        if (b.readme && b.button != Qt::NoButton)
            if (const auto m = said.match(QString::fromUtf8(b.readme)); m.hasMatch())
                verbOf[(m.captured(1) + QStringLiteral("drag")).toLower()] = m.captured(2);
    QVERIFY(verbOf.contains(QStringLiteral("drag")) && verbOf.contains(QStringLiteral("shift+drag")));
    QStringList wrong;
    for (auto it = said.globalMatch(readme); it.hasNext();) {
        const auto m = it.next();
        const QString gesture = (m.captured(1).endsWith(QLatin1Char('+')) ? m.captured(1) : QString()) + QStringLiteral("drag");
        if (verbOf.contains(gesture.toLower()) && verbOf.value(gesture.toLower()) != m.captured(2))
            wrong << m.captured(0);
    }
    QVERIFY2(wrong.isEmpty(), qPrintable(QStringLiteral("README.md says a gesture does what the timeline does not: ") +
                                         wrong.join(QStringLiteral("; "))));
    // And the table is what a drag does (TimelineView::mousePressEvent asks it).
    TimelineBindings::Action a;
    QVERIFY(TimelineBindings::actionForDrag(Qt::LeftButton, Qt::NoModifier, a) && a == TimelineBindings::Action::Measure);
    QVERIFY(TimelineBindings::actionForDrag(Qt::LeftButton, Qt::ShiftModifier, a) && a == TimelineBindings::Action::Pan);
    QVERIFY(TimelineBindings::actionForDrag(Qt::MiddleButton, Qt::NoModifier, a) && a == TimelineBindings::Action::Pan);
    QVERIFY(!TimelineBindings::actionForDrag(Qt::RightButton, Qt::NoModifier, a));
#endif
}

void TestDocs::links_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("README.md") << QStringLiteral("README.md");
    for (const QString& f : QDir(kSource + QStringLiteral("/docs")).entryList({QStringLiteral("*.md")}, QDir::Files))
        QTest::newRow(qPrintable(f)) << QStringLiteral("docs/") + f;
}

void TestDocs::links()
{
    QFETCH(QString, file);
    const QString path = kSource + QLatin1Char('/') + file;
    const QString text = readText(path);
    QVERIFY(!text.isEmpty());
    // Team notes live outside the repository: a user who clones it has none of them.
    QVERIFY2(!text.contains(QLatin1String("../shared")) && !text.contains(QLatin1String("shared/docs")),
             "links to the team's notes outside the repository");
    const QString root = QDir(kSource).canonicalPath();
    static const QRegularExpression link(QStringLiteral("\\]\\(([^)\\s#]+)(#[^)]*)?\\)"));
    QStringList broken;
    for (auto it = link.globalMatch(text); it.hasNext();) {
        const QString target = it.next().captured(1);
        if (target.contains(QLatin1String("://")) || target.startsWith(QLatin1String("mailto:")))
            continue;
        const QString resolved = QFileInfo(QFileInfo(path).dir(), target).canonicalFilePath();
        if (resolved.isEmpty() || !(resolved + QLatin1Char('/')).startsWith(root + QLatin1Char('/')))
            broken << target;
    }
    QVERIFY2(broken.isEmpty(), qPrintable(QStringLiteral("links that do not resolve inside the repository: ") +
                                          broken.join(QStringLiteral(", "))));
}

QTEST_GUILESS_MAIN(TestDocs)
#include "tst_docs.moc"

// SPDX-License-Identifier: MIT
// The catalogue of sentences (loaderscope/base/sentences.h): every advice id of advice.h has its
// sentence in English and Turkish, every variant the rules choose is reached by a run that fires
// it, and each sentence's named arguments are all in that advice's evidence.
#include "advicetest.h"
#include "common/model/summarytext.h"
#include "common/model/translator.h"
#include "loaderscope/shm/memory.h"
#include "loaderscope/analysis/advice.h"
#include "loaderscope/base/sentences.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

using namespace advicetest;

class TestSentences : public QObject
{
    Q_OBJECT
private slots:
    void everyAdviceIdHasItsSentences();
    void everyVariantIsReachedWithItsArguments();
    void turkishForEveryEntry();
    void engineAndAppWriteTheSameEnglish();
    void traceRecommendationsTranslatedByEntry();
    void proofsWrittenFromTheCatalogue();
    void probeCostLine();
};

namespace {

constexpr uint64_t kMiB = 1ULL << 20;

/// The ids, read from advice.h's advice_id namespace (its one definition), not copied here.
QStringList adviceIds()
{
    QFile f(QStringLiteral(LOADERSCOPE_SOURCE_DIR "/engine/include/loaderscope/analysis/advice.h"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString header = QString::fromUtf8(f.readAll());
    const qsizetype begin = header.indexOf(QLatin1String("namespace advice_id {"));
    const qsizetype end = header.indexOf(QLatin1String("} // namespace advice_id"), begin);
    static const QRegularExpression def(QStringLiteral("constexpr const char\\* k\\w+ = \"(\\w+)\";"));
    QStringList ids;
    for (const auto& m : def.globalMatch(header.mid(begin, end - begin)))
        ids << m.captured(1);
    return ids;
}

/// The catalogue keys of an advice id: the id itself and its variants ("id/...").
QStringList keysOf(const QString& id)
{
    QStringList keys;
    for (const loaderscope::Sentence& s : loaderscope::allSentences()) {
        const QString key = QString::fromUtf8(s.key.data(), qsizetype(s.key.size()));
        if (key == id || key.startsWith(id + QLatin1Char('/')))
            keys << key;
    }
    return keys;
}

QStringList placeholders(const QString& text)
{
    QStringList names;
    for (const std::string& n : loaderscope::sentenceArgNames(text.toStdString()))
        names << QString::fromStdString(n);
    names.sort();
    return names;
}

RunSummary memoryRun(uint64_t growth, uint64_t workerUss, uint64_t segment, uint64_t shm, uint64_t limit, int workers)
{
    RunSummary s = run(0.01, 8);
    s.figures.memory = advicetest::memoryFigures(growth, workerUss, segment, shm, limit, workers);
    return s;
}

/// Throughput runs, one (at least) per variant of a throughput rule (figures as in tst_advice).
std::vector<std::pair<LoaderKnobs, RunSummary>> throughputRuns()
{
    std::vector<std::pair<LoaderKnobs, RunSummary>> out;
    auto ioBound = [](int cores) {
        RunSummary s = run(0.6, cores);
        workers(s, 2, 0.95, 0.05, 0.0);
        s.figures.io_s_per_sample = 0.001;
        s.figures.cpu_s_per_sample = 0.00005;
        return s;
    };
    out.emplace_back(knobs(2), ioBound(2));  // raise_num_workers beyond the cores
    out.emplace_back(knobs(2), ioBound(64)); // raise_num_workers within them
    for (double cpu : {0.15, 0.475}) {       // cpu_bound: queued for other work, then own use
        RunSummary s = run(0.5);
        workers(s, 4, 0.98, cpu, cpu < 0.2 ? 0.8 : 0.5);
        s.figures.cpu_s_per_sample = 0.0015;
        out.emplace_back(knobs(4), s);
    }
    {   // cpu_bound: the fetches leave a core's share free, the loop's CPU step takes it
        RunSummary s = run(0.55);
        workers(s, 2, 0.85, 0.6, 0.2);
        s.figures.workers[0].send_cpu_fraction = s.figures.workers[1].send_cpu_fraction = 0.06;
        s.figures.main_cpu_fraction = 0.45;
        s.figures.job_cpu_fraction = 1.2 + 0.12 + 0.45; // the fetches (over the loop), the sends, the loop
        s.figures.cpu_s_per_sample = 0.00082;
        out.emplace_back(knobs(2), s);
    }
    {   // raise_prefetch_factor: enough workers on average
        RunSummary s = run(0.3, 8);
        workers(s, 4, 0.5, 0.1, 0.0, 0.3);
        s.figures.io_s_per_sample = 0.0001;
        s.figures.cpu_s_per_sample = 0.00002;
        out.emplace_back(knobs(4), s);
    }
    {   // fewer_workers and training_bound
        RunSummary s = run(0.01);
        workers(s, 4, 0.1, 0.01, 0.0, 0.9);
        s.figures.io_s_per_sample = 0.00002;
        s.figures.cpu_s_per_sample = 0.00001;
        s.figures.mean_ready_batches = 7.5;
        out.emplace_back(knobs(4), s);
        s.figures.data_stall_fraction = 0.04; // training_bound after the workers' start-up
        s.figures.startups = 1;
        s.figures.startup_s = 0.3;
        out.emplace_back(knobs(4), s);
    }
    for (const char* torch : {"", "2.4"}) { // pin_thread_bound: the engine's run, a watched job
        LoaderKnobs k = knobs(8);
        k.pin_memory = "true";
        k.torch_version = torch;
        RunSummary s = run(0.4);
        workers(s, 8, 0.3, 0.05, 0.0, 0.6);
        s.figures.io_s_per_sample = 0.0001;
        s.figures.cpu_s_per_sample = 0.00001;
        s.figures.pin_busy_fraction = 0.9;
        out.emplace_back(k, s);
    }
    return out;
}

/// Copies, start-up, order and memory: one run per variant of the other rules.
std::vector<std::pair<LoaderKnobs, RunSummary>> otherRuns()
{
    std::vector<std::pair<LoaderKnobs, RunSummary>> out;
    for (bool nonBlocking : {true, false}) { // pin_memory, with and without non_blocking
        LoaderKnobs k = knobs(2);
        k.non_blocking = nonBlocking;
        RunSummary s = run(0.02);
        workers(s, 2, 0.3, 0.1, 0.0, 0.6);
        s.figures.copies = 3125;
        s.figures.pageable_blocked_fraction = 0.3;
        out.emplace_back(k, s);
    }
    {   // non_blocking and copy_stream
        LoaderKnobs k = knobs(2);
        k.pin_memory = "true";
        k.non_blocking = false;
        k.copy_stream = false;
        RunSummary s = run(0.02);
        s.figures.copies = 100;
        s.figures.sync_copy_blocked_fraction = 0.25;
        s.figures.copy_s = 3.0;
        s.figures.overlap_fraction = 0.0;
        out.emplace_back(k, s);
    }
    {   // persistent_workers and spawn_startup
        LoaderKnobs k = knobs(2);
        k.multiprocessing_context = "spawn";
        RunSummary s = run(0.3);
        workers(s, 2, 0.5, 0.1, 0.0, 0.1);
        s.figures.startups = 3;
        s.figures.startup_s = 1.5;
        out.emplace_back(k, s);
    }
    for (const char* torch : {"", "2.0"}) { // in_order, and the upgrade for a torch without it
        LoaderKnobs k = knobs(4);
        k.torch_version = torch;
        RunSummary s = run(0.9);
        workers(s, 4, 0.2, 0.01, 0.0, 0.78);
        s.figures.head_of_line_fraction = 0.85;
        s.figures.longest_head_of_line_s = 0.25;
        out.emplace_back(k, s);
    }
    {   // slow_samples: one sample of 400 ms held its batch up, fetches of 1 ms otherwise
        RunSummary s = run(0.20);
        workers(s, 4, 0.6, 0.05, 0.0, 0.3);
        DistributionAccumulator d;
        for (int i = 0; i < 100; ++i) {
            Event f;
            f.kind = EventKind::Fetch;
            f.lane = 0;
            f.t0 = uint64_t(i) * 2'000'000;
            f.t1 = f.t0 + 1'000'000;
            d.add(f);
        }
        s.figures.distributions = d.figures();
        SlowFetch x;
        x.sample = 333;
        x.batch = 41;
        x.epoch = 0;
        x.ns = 400'000'000;
        x.wait_ns = 600'000'000;
        s.figures.slowest_samples = {x};
        out.emplace_back(knobs(4), s);
        x.sample = -1; // an iterable dataset's: named by its worker and batch
        s.figures.slowest_samples = {x};
        out.emplace_back(knobs(4), s);
    }
    const uint64_t big = 24ULL << 30;
    for (const char* layout : {"", "refcounted"}) { // copy_on_read, and with the objects' layout knob
        LoaderKnobs k = knobs(4);
        k.objects_layout = layout;
        out.emplace_back(k, memoryRun(64 * kMiB, 70 * kMiB, 40 * kMiB, big, big, 4));
    }
    for (int prefetch : {2, 1}) { // shm_slots against /dev/shm, then against the limit
        LoaderKnobs k = knobs(4);
        k.prefetch_factor = prefetch;
        out.emplace_back(k, memoryRun(0, 20 * kMiB, 40 * kMiB, 64 * kMiB, big, 4));
        out.emplace_back(k, memoryRun(0, 20 * kMiB, 1024 * kMiB, big, 2048 * kMiB, 4));
    }
    out.emplace_back(knobs(8), memoryRun(0, 900 * kMiB, 40 * kMiB, big, 8192 * kMiB, 8)); // worker_memory
    {   // lost events: every advice says so
        RunSummary s = run(0.01);
        workers(s, 4, 0.9, 0.2, 0.0, 0.05);
        s.figures_reliable = false;
        s.events_lost = 12;
        out.emplace_back(knobs(4), s);
    }
    return out;
}

std::vector<Advice> allAdvice()
{
    std::vector<Advice> all;
    auto runs = throughputRuns();
    for (auto& r : otherRuns())
        runs.push_back(std::move(r));
    for (const auto& [k, s] : runs)
        for (const Advice& a : adviseRun(k, s))
            all.push_back(a);
    return all;
}

} // namespace

void TestSentences::everyAdviceIdHasItsSentences()
{
    const QStringList ids = adviceIds();
    QVERIFY2(ids.size() >= 16, qPrintable(ids.join(QLatin1Char(','))));
    QVERIFY(ids.contains(QStringLiteral("upgrade_torch_in_order")) && ids.contains(QStringLiteral("shm_slots")));
    for (const QString& id : ids) {
        const QStringList keys = keysOf(id);
        QVERIFY2(!keys.isEmpty(), qPrintable(QStringLiteral("no sentence for ") + id));
        for (const QString& key : keys) {
            const loaderscope::Sentence* s = loaderscope::findSentence(key.toStdString());
            QVERIFY(s && *s->text);
            // Every named argument is an evidence key the catalogue knows how to write.
            for (const QString& name : placeholders(QString::fromUtf8(s->text))) {
                const loaderscope::SentenceArg* arg = loaderscope::findSentenceArg(name.toStdString());
                QVERIFY2(arg && arg->kind != loaderscope::ArgKind::Flag, qPrintable(key + QLatin1String(": ") + name));
            }
        }
    }
}

void TestSentences::everyVariantIsReachedWithItsArguments()
{
    QSet<QString> reached;
    for (const Advice& a : allAdvice()) {
        for (const std::string& key : loaderscope::adviceSentenceKeys(a)) {
            const loaderscope::Sentence* s = loaderscope::findSentence(key);
            QVERIFY2(s, key.c_str());
            reached << QString::fromStdString(key);
            for (const std::string& name : loaderscope::sentenceArgNames(s->text)) {
                const bool supplied = std::any_of(a.evidence.begin(), a.evidence.end(), [&](const auto& e) { return e.first == name; });
                QVERIFY2(supplied, qPrintable(QString::fromStdString(key + ": " + name + " is not in the evidence")));
            }
        }
        QVERIFY2(a.text.find('{') == std::string::npos, a.text.c_str());
    }
    QStringList missed;
    for (const QString& id : adviceIds())
        for (const QString& key : keysOf(id))
            if (!reached.contains(key))
                missed << key;
    if (!reached.contains(QLatin1String(loaderscope::kIncompleteDataKey)))
        missed << QLatin1String(loaderscope::kIncompleteDataKey);
    QVERIFY2(missed.isEmpty(), qPrintable(QStringLiteral("no run reaches ") + missed.join(QStringLiteral(", "))));
}

void TestSentences::turkishForEveryEntry()
{
    Translator translator;
    QVERIFY(translator.setLanguage(QStringLiteral("tr")));
    QStringList untranslated;
    for (const loaderscope::Sentence& s : loaderscope::allSentences()) {
        const QString en = QString::fromUtf8(s.text);
        const QString tr = SummaryText::catalogueText(s.text);
        if (tr == en)
            untranslated << en;
        else
            QCOMPARE(placeholders(tr), placeholders(en)); // the same named arguments, in any order
    }
    // And what the app shows of real advice: Turkish throughout, every argument filled in.
    for (const Advice& a : allAdvice()) {
        const QString shown = SummaryText::advice(a);
        QVERIFY2(shown != QString::fromStdString(a.text) && !shown.contains(QLatin1Char('{')), qPrintable(shown));
    }
    translator.setLanguage(QStringLiteral("en"));
    QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("no Turkish for: ") + untranslated.join(QLatin1Char('\n'))));
}

void TestSentences::engineAndAppWriteTheSameEnglish()
{
    // The same entries in English: the app's text is the engine's, except that the app groups
    // thousands and writes sizes its own way (QLocale). Compare advice whose figures are small.
    Translator translator;
    QVERIFY(translator.setLanguage(QStringLiteral("en")));
    int same = 0;
    for (const Advice& a : allAdvice()) {
        if (a.id == loaderscope::advice_id::kCopyOnRead || a.id == loaderscope::advice_id::kShmSlots ||
            a.id == loaderscope::advice_id::kWorkerMemory || a.id == loaderscope::advice_id::kRaiseNumWorkers)
            continue;
        QCOMPARE(SummaryText::advice(a), QString::fromStdString(a.text));
        ++same;
    }
    QVERIFY(same >= 10);
}

void TestSentences::traceRecommendationsTranslatedByEntry()
{
    // A profiler trace's recommendations are entries "trace/..." that the engine fills in English;
    // the app finds each entry again from that text and writes it in Turkish, its figures in the
    // locale ("%22"), and in English exactly as the engine wrote it.
    Translator translator;
    QVERIFY(translator.setLanguage(QStringLiteral("tr")));
    int entries = 0;
    for (const loaderscope::Sentence& s : loaderscope::allSentences()) {
        if (s.key.substr(0, 6) != "trace/")
            continue;
        ++entries;
        std::vector<std::pair<std::string, double>> args;
        for (const std::string& name : loaderscope::sentenceArgNames(s.text))
            args.emplace_back(name, loaderscope::findSentenceArg(name)->kind == loaderscope::ArgKind::Share ? 0.22 : 3);
        const QString english = QString::fromStdString(loaderscope::catalogueSentence(s.key, args));
        const QString turkish = SummaryText::traceRecommendation(english);
        QVERIFY2(turkish != english && !turkish.contains(QLatin1Char('{')), qPrintable(turkish));
        if (!args.empty())
            QVERIFY2(turkish.contains(QStringLiteral("%22")) || turkish.contains(QStringLiteral("3")), qPrintable(turkish));
        translator.setLanguage(QStringLiteral("en"));
        QCOMPARE(SummaryText::traceRecommendation(english), english);
        translator.setLanguage(QStringLiteral("tr"));
    }
    QCOMPARE(entries, 7);
    translator.setLanguage(QStringLiteral("en"));
}

void TestSentences::probeCostLine()
{
    // A watched job's summary says what the probe cost it (issue 45), flagged past the threshold,
    // in both languages; an engine run says nothing of it, and a summary read back keeps it.
    Translator translator;
    QVERIFY(translator.setLanguage(QStringLiteral("en")));
    RunSummary s;
    s.source = "pytorch";
    s.figures.samples = 10000;
    s.figures.seconds = 10;
    s.figures.job_cpu_fraction = 1.5;       // 15 CPU s of the job
    s.figures.probe_hooks_cpu_s = 0.2;
    s.figures.probe_threads_cpu_s = 0.1;            // 0.3 s: 0.3 / 15.3 = 1.96 %, 30 us per sample
    QCOMPARE(SummaryText::probeCost(s), QStringLiteral("The probe's own CPU: 2.0% of the job's (30.0 µs per sample)"));
    QVERIFY(SummaryText::figureLines(s).contains(SummaryText::probeCost(s)));
    s.figures.probe_threads_cpu_s = 0.8;            // 1.0 / 16 = 6.25 %
    QVERIFY2(SummaryText::probeCost(s).endsWith(QStringLiteral("more than 5.0%, the figures show a job slowed by the watching")),
             qPrintable(SummaryText::probeCost(s)));
    {
        // Just past the threshold: two decimals, never "5.0%: more than 5.0%".
        RunSummary justPast = s;
        justPast.figures.probe_threads_cpu_s = 0.59613; // 0.79613 / 15.79613 = 5.04 %
        QVERIFY2(SummaryText::probeCost(justPast).startsWith(QStringLiteral("The probe's own CPU: 5.04% of the job's")),
                 qPrintable(SummaryText::probeCost(justPast)));
        justPast.figures.probe_threads_cpu_s = 0.5896; // 0.7896 / 15.7896 = 5.00076 %: three decimals tell it apart
        QVERIFY2(SummaryText::probeCost(justPast).startsWith(QStringLiteral("The probe's own CPU: 5.001% of the job's")),
                 qPrintable(SummaryText::probeCost(justPast)));
    }
    const RunSummary back = loaderscope::parseRunSummary(loaderscope::runSummaryToJson(s));
    QCOMPARE(SummaryText::probeCost(back), SummaryText::probeCost(s));
    QVERIFY(translator.setLanguage(QStringLiteral("tr")));
    const QString turkish = SummaryText::probeCost(s);
    QVERIFY2(turkish.contains(QStringLiteral("%6,3")) && !turkish.contains(QLatin1String("probe's")), qPrintable(turkish));
    translator.setLanguage(QStringLiteral("en"));
    s.source = "engine";
    QVERIFY(SummaryText::probeCost(s).isEmpty());
}

void TestSentences::proofsWrittenFromTheCatalogue()
{
    // "Prove it": the engine decides the outcome once (applyProof); its English and the app's
    // text in both languages come from the same catalogue entries (advice.h proofSentenceKeys).
    Advice a;
    a.id = loaderscope::advice_id::kRaiseNumWorkers;
    a.knob = "loader.num_workers";
    a.suggest = loaderscope::KnobValue::of(4.0);
    Advice fewer = a;
    fewer.id = loaderscope::advice_id::kFewerWorkers;
    const auto two = loaderscope::KnobValue::of(2.0), four = loaderscope::KnobValue::of(4.0),
               six = loaderscope::KnobValue::of(6.0);
    // Rates under 1,000: the app groups thousands, the engine does not.
    const std::vector<std::pair<Advice, std::vector<std::pair<loaderscope::KnobValue, std::vector<double>>>>> cases = {
        {a, {{two, {500, 490, 510}}, {four, {700, 690, 710}}, {six, {900, 890, 910}}}}, // confirmed, faster still
        {a, {{two, {500, 400, 600}}, {four, {600, 550, 650}}}},                        // within the spread
        {a, {{two, {500, 490, 510}}, {four, {505, 495, 515}}}},                        // not confirmed
        {fewer, {{four, {500, 450, 550}}, {two, {490, 440, 540}}}},                    // the same throughput
        {fewer, {{four, {500, 495, 505}}, {two, {300, 295, 305}}}},                    // slower
    };
    Translator translator;
    QSet<QString> outcomes;
    for (auto [advice, runs] : cases) {
        loaderscope::applyProof(advice, runs);
        outcomes.insert(QString::fromStdString(advice.proof->outcome));
        QVERIFY(translator.setLanguage(QStringLiteral("en")));
        QCOMPARE(SummaryText::proof(advice), QString::fromStdString(advice.proof->text));
        QVERIFY(translator.setLanguage(QStringLiteral("tr")));
        const QString turkish = SummaryText::proof(advice);
        QVERIFY2(turkish != QString::fromStdString(advice.proof->text) && !turkish.contains(QLatin1Char('{')),
                 qPrintable(turkish));
        QVERIFY2(turkish.contains(QStringLiteral("num_workers = 4")), qPrintable(turkish));
    }
    translator.setLanguage(QStringLiteral("en"));
    QCOMPARE(outcomes.size(), 5);
}

QTEST_GUILESS_MAIN(TestSentences)
#include "tst_sentences.moc"

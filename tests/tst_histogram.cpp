// SPDX-License-Identifier: MIT
// The latency histogram (issue 49): its quantiles within a bucket of the exact ones, two merged
// equal to one of all their values, and the ranks of a job merged (rank_statistics.h): each stage
// exactly, one line per rank, the slowest samples of every rank in one list with their rank.
#include "loaderscope/outputs/summary.h"
#include "loaderscope/results/histogram.h"
#include "loaderscope/results/rank_statistics.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>

using namespace loaderscope;

class TestHistogram : public QObject
{
    Q_OBJECT
private slots:
    void histogramQuantiles();
    void histogramMergesExactly();
    void ranksMergeExactly();
};

// Issue 49: the latency histogram's quantiles are within a bucket (1/64) of the exact ones, its
// largest value exact, on 100,000 lognormal durations from 1 us to seconds.
void TestHistogram::histogramQuantiles()
{
    std::mt19937_64 rng(7);
    std::lognormal_distribution<double> dist(std::log(200'000.0), 1.5);
    std::vector<uint64_t> values;
    LatencyHistogram h;
    for (int i = 0; i < 100'000; ++i) {
        const uint64_t v = uint64_t(std::max(1.0, dist(rng)));
        values.push_back(v);
        h.add(v);
    }
    std::sort(values.begin(), values.end());
    QCOMPARE(h.count(), uint64_t(values.size()));
    QCOMPARE(h.maxNs(), values.back());
    for (double q : {0.5, 0.9, 0.99, 0.999, 1.0}) {
        const uint64_t exact = values[size_t(std::ceil(q * double(values.size()))) - 1];
        const uint64_t got = h.quantileNs(q);
        QVERIFY2(got >= exact && double(got - exact) <= double(exact) / 64 + 1,
                 qPrintable(QStringLiteral("q %1: %2 ns against %3 ns").arg(q).arg(got).arg(exact)));
    }
    // Exact below 64 ns, and every bucket's ends agree with bucketOf.
    for (uint64_t v : {0ULL, 1ULL, 63ULL, 64ULL, 65ULL, 127ULL, 128ULL, 1'000'000ULL, (1ULL << 40) + 12345})
        QVERIFY(LatencyHistogram::bucketLow(LatencyHistogram::bucketOf(v)) <= v &&
                v <= LatencyHistogram::bucketHigh(LatencyHistogram::bucketOf(v)));
    QCOMPARE(LatencyHistogram().quantileNs(0.5), uint64_t(0));
}

// Two ranks' (or epochs') histograms merged are the histogram of all their values: the same bins
// and quantiles, not a mean of quantiles. And read back from its bins, a histogram is whole.
void TestHistogram::histogramMergesExactly()
{
    std::mt19937_64 rng(11);
    std::exponential_distribution<double> fast(1.0 / 50'000), slow(1.0 / 5'000'000);
    LatencyHistogram a, b, all;
    for (int i = 0; i < 20'000; ++i) {
        const uint64_t x = uint64_t(fast(rng)), y = uint64_t(slow(rng));
        a.add(x);
        b.add(y, 3);
        all.add(x);
        all.add(y, 3);
    }
    LatencyHistogram merged = a;
    merged.merge(b);
    QCOMPARE(merged.bins(), all.bins());
    QCOMPARE(merged.count(), all.count());
    QCOMPARE(merged.maxNs(), all.maxNs());
    for (double q : {0.5, 0.9, 0.99, 0.999})
        QCOMPARE(merged.quantileNs(q), all.quantileNs(q));
    const LatencyHistogram back = LatencyHistogram::fromBins(all.bins(), all.maxNs());
    QCOMPARE(back.bins(), all.bins());
    QCOMPARE(back.quantileNs(0.99), all.quantileNs(0.99));
}

// The ranks of one job together (issue 49): each stage's histogram merged exactly over the ranks,
// one line per rank in place of the workers, and the slowest samples of every rank in one list,
// the slowest first, each with its rank; the summary JSON keeps the rank.
void TestHistogram::ranksMergeExactly()
{
    std::mt19937_64 rng(5);
    std::exponential_distribution<double> d0(1.0 / 1'000'000), d1(1.0 / 3'000'000);
    RunFigures r0, r1;
    LatencyHistogram all;
    for (auto [figures, dist, rank] : {std::tuple{&r0, &d0, 0}, std::tuple{&r1, &d1, 3}}) {
        StageDistribution fetch;
        fetch.stage = "fetch";
        for (int i = 0; i < 5000; ++i) {
            const uint64_t x = uint64_t((*dist)(rng));
            fetch.all.add(x);
            fetch.workers[i % 2].add(x);
            all.add(x);
        }
        figures->distributions.push_back(fetch);
        for (int k = 0; k < 20; ++k) {
            SlowFetch s;
            s.sample = rank * 1000 + k;
            s.ns = uint64_t(50'000'000 - k * 1'000'000 + (rank > 0 ? 500'000 : 0)); // rank 3's a little slower
            figures->slowest_samples.push_back(s);
        }
    }
    const RunFigures merged = mergeRankFigures({{0, &r0}, {3, &r1}});
    QCOMPARE(merged.distributions.size(), size_t(1));
    const StageDistribution& f = merged.distributions[0];
    QCOMPARE(f.all.bins(), all.bins());
    for (double q : {0.5, 0.9, 0.99, 0.999})
        QCOMPARE(f.all.quantileNs(q), all.quantileNs(q));
    QCOMPARE(f.workers.size(), size_t(2)); // by rank: 0 and 3
    QCOMPARE(f.workers.at(3).bins(), r1.distributions[0].all.bins());
    QCOMPARE(merged.slowest_samples.size(), size_t(20));
    for (size_t i = 0; i < merged.slowest_samples.size(); ++i) {
        const SlowFetch& s = merged.slowest_samples[i];
        QCOMPARE(s.rank, i % 2 == 0 ? 3 : 0); // 50.5, 50, 49.5, 49 ms, ...: the ranks alternate
        QCOMPARE(s.sample, int64_t(s.rank * 1000 + int(i / 2)));
        if (i > 0)
            QVERIFY(merged.slowest_samples[i - 1].ns >= s.ns);
    }
    RunSummary summary;
    summary.figures = merged;
    const RunSummary back = parseRunSummary(runSummaryToJson(summary));
    QCOMPARE(back.figures.slowest_samples.size(), size_t(20));
    QCOMPARE(back.figures.slowest_samples[0].rank, 3);
    QCOMPARE(back.figures.slowest_samples[1].rank, 0);
    // A one-process summary writes no rank: it reads back as -1.
    RunSummary one;
    one.figures.slowest_samples = r0.slowest_samples;
    QCOMPARE(parseRunSummary(runSummaryToJson(one)).figures.slowest_samples[0].rank, -1);
}

QTEST_GUILESS_MAIN(TestHistogram)
#include "tst_histogram.moc"

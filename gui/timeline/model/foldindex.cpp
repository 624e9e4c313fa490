// SPDX-License-Identifier: MIT
#include "foldindex.h"

#include "timeline/model/tracemodel.h"

#include <algorithm>
#include <cstdint>

using loaderscope::EventKind;

void FoldIndex::add(const std::vector<SpanRec>& row, size_t i)
{
    const SpanRec& s = row[i];
    Block& b = m_blocks.back();
    const auto saturated = [](qint64 ns) { return quint32(std::clamp<qint64>(ns, 0, UINT32_MAX)); };
    const qint64 end = s.t1 - m_t0.back();
    b.timesFit = b.timesFit && end >= 0 && end <= qint64(UINT32_MAX);
    b.longestNs = std::max(b.longestNs, saturated(s.t1 - s.t0));
    if (i % kBlock != 0)
        b.widestGapNs = std::max(b.widestGapNs, saturated(s.t0 - row[i - 1].t1));
    b.lastEnd = saturated(end);
    if (s.batch >= 0) {
        if (b.firstBatch < 0)
            b.firstBatch = s.batch;
        b.oneBatch = b.oneBatch && s.batch == b.firstBatch;
        b.lastBatch = s.batch;
    }
    if (s.kind == quint8(EventKind::WaitTask))
        return; // idle: the background, neither busy nor a colour
    const quint8 key = quint8(s.kind * 2 + (s.flags & 1));
    int k = 0;
    while (k < m_keyCount && m_keys[size_t(k)] != key)
        ++k;
    if (k == m_keyCount) {
        if (m_keyCount == kKeys) {
            m_overflow = true;
            return;
        }
        m_keys[size_t(m_keyCount++)] = key;
    }
    const double ns = double(s.t1 - s.t0);
    b.busyNs += float(ns);
    b.weight[k] += float(std::max(ns, 1.0)); // a zero-length span still counts
}

void FoldIndex::startBlock(qint64 t0)
{
    m_t0.push_back(t0);
    m_blocks.emplace_back();
}

void FoldIndex::append(const std::vector<SpanRec>& row)
{
    const size_t i = row.size() - 1;
    if (i % kBlock == 0)
        startBlock(row[i].t0);
    add(row, i);
}

void FoldIndex::rebuild(const std::vector<SpanRec>& row, size_t from)
{
    size_t block = std::min(from / kBlock, m_blocks.size());
    if (block == 0) {
        m_keyCount = 0;
        m_overflow = false;
    }
    m_t0.resize(block);
    m_blocks.resize(block);
    for (size_t i = block * kBlock; i < row.size(); ++i) {
        if (i % kBlock == 0)
            startBlock(row[i].t0);
        add(row, i);
    }
    if (row.empty()) {
        m_t0.shrink_to_fit();
        m_blocks.shrink_to_fit();
    }
}

size_t FoldIndex::blockFor(size_t from, qint64 t) const
{
    // Galloping over the blocks' starts from the block after `from`'s: the answer is a few
    // blocks on, and this array is a sixteenth of the spans' size (it stays in cache).
    const size_t first = from / kBlock + 1, blocks = m_t0.size();
    size_t lo = first, hi = first, step = 1;
    while (hi < blocks && m_t0[hi] < t) {
        lo = hi + 1;
        hi = first + step;
        step *= 2;
    }
    hi = std::min(hi, blocks);
    // Block b starts at or after t (or there is none): the answer is in block b - 1, or b's first.
    return size_t(std::lower_bound(m_t0.begin() + std::ptrdiff_t(lo), m_t0.begin() + std::ptrdiff_t(hi), t) -
                  m_t0.begin()) - 1;
}

size_t FoldIndex::firstStartingAt(const std::vector<SpanRec>& row, size_t from, size_t limit, qint64 t) const
{
    // Zoomed in, the answer is the next span or so: those first, in cache lines already read.
    const size_t near = std::min(from + 4, limit);
    for (; from < near; ++from)
        if (row[from].t0 >= t)
            return from;
    if (from >= limit)
        return limit;
    const size_t b = blockFor(from, t) + 1;
    const size_t spanLo = std::max(from, (b - 1) * kBlock);
    const size_t spanHi = std::min({b * kBlock, row.size(), limit});
    if (spanLo >= spanHi)
        return std::min(spanLo, limit);
    // Zoomed out these spans are far from the last ones read: ask for all their cache lines (and
    // the next block's, where a fold goes on to its batch's end) at once, so that the search
    // below and the walk after it wait for one miss, not for one after another.
    const char* line = reinterpret_cast<const char*>(row.data() + spanLo);
    const char* last = reinterpret_cast<const char*>(row.data() + std::min(row.size(), spanLo + 2 * kBlock));
    for (; line < last; line += 64)
        __builtin_prefetch(line);
    return size_t(std::lower_bound(row.begin() + std::ptrdiff_t(spanLo), row.begin() + std::ptrdiff_t(spanHi), t,
                                   [](const SpanRec& s, qint64 v) { return s.t0 < v; }) -
                  row.begin());
}

bool FoldIndex::compose(size_t first, size_t end, size_t rowSize, int& bestKey, double& busyNs) const
{
    if (m_overflow || end <= first || (end - 1) / kBlock >= m_blocks.size())
        return false;
    double weights[kKeys] = {};
    busyNs = 0;
    const auto addBlock = [&](size_t b, size_t spansInside) {
        const double share = double(spansInside) / double(std::min(kBlock, rowSize - b * kBlock));
        busyNs += double(m_blocks[b].busyNs) * share;
        for (int k = 0; k < m_keyCount; ++k)
            weights[k] += double(m_blocks[b].weight[k]) * share;
    };
    const size_t bf = first / kBlock, bl = (end - 1) / kBlock;
    if (bf == bl)
        addBlock(bf, end - first);
    else {
        addBlock(bf, (bf + 1) * kBlock - first);
        for (size_t b = bf + 1; b < bl; ++b)
            addBlock(b, kBlock);
        addBlock(bl, end - bl * kBlock);
    }
    int best = -1;
    for (int k = 0; k < m_keyCount; ++k)
        if (weights[k] > 0 && (best < 0 || weights[k] > weights[best] ||
                               (weights[k] == weights[best] && m_keys[size_t(k)] < m_keys[size_t(best)])))
            best = k;
    bestKey = best < 0 ? -1 : int(m_keys[size_t(best)]);
    return true;
}

bool FoldIndex::through(size_t first, size_t rowSize, qint64 minVisNs, Through& out) const
{
    const size_t b = first / kBlock;
    if (first % kBlock != 0 || b >= m_blocks.size() || first + kBlock > rowSize)
        return false;
    const Block& k = m_blocks[b];
    // Saturated figures (UINT32_MAX) may stand for more: such a block is not taken whole.
    if (!k.timesFit || k.longestNs == UINT32_MAX || k.widestGapNs == UINT32_MAX || qint64(k.longestNs) >= minVisNs ||
        qint64(k.widestGapNs) >= minVisNs)
        return false;
    out = {m_t0[b], m_t0[b] + qint64(k.lastEnd), k.firstBatch, k.lastBatch, k.oneBatch};
    return true;
}

// SPDX-License-Identifier: MIT
// A level of detail over one row of spans, for folding (TimelineDrawList): for every kBlock
// spans, the first one's start (a compact index to search, instead of the spans themselves), what
// the block holds (its busy time, and the time of each span kind) and what would end a fold
// inside it (its longest span, its widest gap, its batches). It is kept up to date as spans are
// added, so that a paint reads the few blocks of a fold, not its hundreds of spans: a zoomed-out
// picture of a million spans touches a few hundred KiB instead of 32 MiB. Owned by TraceModel,
// with the row it describes (GUI thread).
#pragma once

#include "loaderscope/base/events.h"

#include <QtGlobal>

#include <array>
#include <cstddef>
#include <vector>

struct SpanRec;

class FoldIndex
{
public:
    static constexpr size_t kBlock = 16; ///< spans per block
    static constexpr int kKeys = 4;      ///< span kinds (with their flag) a row's blocks can tell apart
    /// Index of a span's colour: kind * 2 + flag bit 0 (idle spans are the background: none).
    static constexpr size_t kColorKeys = size_t(loaderscope::EventKind::Count) * 2;

    /// The last span of `row` was just appended.
    void append(const std::vector<SpanRec>& row);
    /// The spans of `row` from index `from` on changed (inserted, merged, evicted).
    void rebuild(const std::vector<SpanRec>& row, size_t from);

    /// First span in [from, limit) of `row` starting at or after t, or `limit` (from < limit).
    size_t firstStartingAt(const std::vector<SpanRec>& row, size_t from, size_t limit, qint64 t) const;
    /**
     * What spans [first, end) of a row of `rowSize` spans hold, from the blocks (the two at the
     * ends counted for the share of their spans inside): the colour key that takes most of their
     * time (a span of no length counts 1 ns; on a tie the lower key; -1: only idle spans), and
     * their busy time. False when the row has more kinds than the blocks tell apart (the caller
     * reads the spans).
     */
    bool compose(size_t first, size_t end, size_t rowSize, int& bestKey, double& busyNs) const;
    /// What a fold can take of a block at once (TimelineDrawList's nextRun).
    struct Through
    {
        qint64 start = 0, end = 0;        ///< its first span's start, its last span's end (ends are sorted)
        qint64 firstBatch = -1, lastBatch = -1; ///< the first and last batch its spans have (-1: none)
        bool oneBatch = true;             ///< its spans have one batch or none
    };
    /**
     * The block starting at span `first` of a row of `rowSize` spans, when a fold that reaches it
     * would take it whole: `first` a multiple of kBlock, the block full, none of its spans
     * `minVisNs` long and none starting `minVisNs` after the end of the one before (its first
     * span's gap is the caller's to check, against `start`). False otherwise.
     */
    bool through(size_t first, size_t rowSize, qint64 minVisNs, Through& out) const;
    size_t bytes() const
    {
        return m_t0.capacity() * sizeof(qint64) + m_blocks.capacity() * sizeof(Block);
    }

private:
    /// The block whose spans hold the first one starting at or after t (searching from `from`).
    size_t blockFor(size_t from, qint64 t) const;
    /// 56 bytes for 16 spans (3.5 a span, of the 64 a span may take in all): times inside a
    /// block as 32-bit ns, saturated (a block whose figures do not fit is never taken whole).
    struct Block
    {
        float busyNs = 0;         ///< time of the spans that are not idle
        float weight[kKeys] = {}; ///< time per key of m_keys
        quint32 longestNs = 0;    ///< the longest span's duration
        quint32 widestGapNs = 0;  ///< the widest start after the end of the span before, inside the block
        quint32 lastEnd = 0;      ///< the last span's end after the block's first start
        bool oneBatch = true;     ///< its spans have one batch or none
        bool timesFit = true;     ///< the last end is within 2^32 ns of the block's first start
        qint64 firstBatch = -1, lastBatch = -1; ///< the first and last batch of its spans (-1: none has one)
    };
    void startBlock(qint64 t0);
    void add(const std::vector<SpanRec>& row, size_t i);

    std::vector<qint64> m_t0;   ///< start of each block's first span
    std::vector<Block> m_blocks;
    std::array<quint8, kKeys> m_keys{}; ///< colour keys in the order first seen
    int m_keyCount = 0;
    bool m_overflow = false;    ///< a kKeys + 1st key was seen: compose() says no
};

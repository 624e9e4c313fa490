// SPDX-License-Identifier: MIT
#include "loaderscope/results/thread_stacks.h"

#include "loaderscope/results/recording.h"

#include <algorithm>
#include <cstring>

namespace loaderscope {

const char* stackReasonName(int reason)
{
    switch (StackReason(reason)) {
    case StackReason::Asked: return "asked";
    case StackReason::SlowFetch: return "slow fetch";
    }
    return "unknown";
}

std::vector<std::array<int64_t, 3>> stackTextPieces(std::string_view text)
{
    std::vector<std::array<int64_t, 3>> out;
    out.reserve((text.size() + kStackPieceBytes - 1) / kStackPieceBytes);
    for (size_t at = 0; at < text.size(); at += kStackPieceBytes) {
        char bytes[kStackPieceBytes] = {};
        std::memcpy(bytes, text.data() + at, std::min(kStackPieceBytes, text.size() - at));
        std::array<int64_t, 3> piece{};
        std::memcpy(piece.data(), bytes, sizeof bytes); // little-endian hosts only, as the rings
        out.push_back(piece);
    }
    return out;
}

void StackAssembler::add(const Event& e)
{
    if (e.kind == EventKind::Stack) {
        const size_t bytes = size_t(uint64_t(e.arg1) >> 8);
        if (bytes > kMaxStackTextBytes || e.arg1 < 0)
            return; // not a stack this reader could hold: a damaged or hostile record
        if (m_pending.size() >= kMaxPending) { // the oldest never got its pieces
            auto oldest = std::min_element(m_pending.begin(), m_pending.end(),
                                           [](const auto& a, const auto& b) { return a.second.stack.t < b.second.stack.t; });
            oldest->second.stack.whole = false;
            m_done.push_back(std::move(oldest->second.stack));
            m_pending.erase(oldest);
        }
        Pending p;
        p.stack.lane = e.lane;
        p.stack.t = e.t0;
        p.stack.batch = e.batch;
        p.stack.sample = e.arg0;
        p.stack.reason = int(e.arg1 & 0xff);
        p.bytes = bytes;
        p.pieces = (bytes + kStackPieceBytes - 1) / kStackPieceBytes;
        p.got.assign(p.pieces, false);
        p.stack.text.assign(p.pieces * kStackPieceBytes, '\0');
        if (p.pieces == 0) {
            m_done.push_back(std::move(p.stack));
            return;
        }
        m_pending[{e.lane, e.t0}] = std::move(p);
        return;
    }
    if (e.kind != EventKind::StackText || e.t1 < e.t0)
        return;
    const auto it = m_pending.find({e.lane, e.t0});
    if (it == m_pending.end())
        return;
    Pending& p = it->second;
    const uint64_t n = e.t1 - e.t0;
    if (n >= p.pieces || p.got[size_t(n)])
        return;
    const int64_t words[3] = {e.batch, e.arg0, e.arg1};
    std::memcpy(p.stack.text.data() + n * kStackPieceBytes, words, kStackPieceBytes);
    p.got[size_t(n)] = true;
    if (std::find(p.got.begin(), p.got.end(), false) != p.got.end())
        return;
    p.stack.text.resize(p.bytes);
    m_done.push_back(std::move(p.stack));
    m_pending.erase(it);
}

std::vector<ThreadStack> StackAssembler::take()
{
    std::vector<ThreadStack> out;
    out.swap(m_done);
    return out;
}

std::vector<ThreadStack> StackAssembler::flush()
{
    std::vector<ThreadStack> out = take();
    for (auto& [key, p] : m_pending) {
        // What came of its text, up to the first missing piece.
        size_t have = 0;
        while (have < p.pieces && p.got[have])
            ++have;
        p.stack.text.resize(std::min(p.bytes, have * kStackPieceBytes));
        p.stack.whole = false;
        out.push_back(std::move(p.stack));
    }
    m_pending.clear();
    std::stable_sort(out.begin(), out.end(), [](const ThreadStack& a, const ThreadStack& b) { return a.t < b.t; });
    return out;
}

std::vector<ThreadStack> readThreadStacks(const std::string& path, bool* truncated, uint64_t* origin)
{
    RecordingReader r(path);
    r.refresh();
    StackAssembler parts;
    std::vector<ThreadStack> out;
    r.readAll([&](const Event& e) {
        if (e.kind != EventKind::Stack && e.kind != EventKind::StackText)
            return;
        parts.add(e);
        for (ThreadStack& s : parts.take())
            out.push_back(std::move(s));
    });
    for (ThreadStack& s : parts.flush())
        out.push_back(std::move(s));
    std::stable_sort(out.begin(), out.end(), [](const ThreadStack& a, const ThreadStack& b) { return a.t < b.t; });
    if (truncated)
        *truncated = r.shortfall().truncated;
    if (origin)
        *origin = r.header().clock_origin_ns;
    return out;
}

} // namespace loaderscope

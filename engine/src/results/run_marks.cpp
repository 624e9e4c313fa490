// SPDX-License-Identifier: MIT
#include "loaderscope/results/run_marks.h"

#include <algorithm>
#include <cstring>

namespace loaderscope {

std::array<int64_t, 3> markPayload(std::string_view label)
{
    size_t n = std::min(label.size(), kMarkLabelBytes);
    // Back to the start of a UTF-8 sequence when the cut falls inside one (continuation bytes
    // are 10xxxxxx): a label never ends in half a character.
    if (n < label.size())
        while (n > 0 && (static_cast<unsigned char>(label[n]) & 0xC0) == 0x80)
            --n;
    char bytes[kMarkLabelBytes] = {};
    std::memcpy(bytes, label.data(), n);
    std::array<int64_t, 3> out{};
    std::memcpy(out.data(), bytes, sizeof bytes); // little-endian hosts only, as the rings
    return out;
}

std::string markLabel(const Event& e)
{
    const int64_t words[3] = {e.batch, e.arg0, e.arg1};
    char bytes[kMarkLabelBytes];
    std::memcpy(bytes, words, sizeof bytes);
    return std::string(bytes, strnlen(bytes, sizeof bytes));
}

std::optional<RunMark> runMark(const Event& e)
{
    switch (e.kind) {
    case EventKind::EpochBegin: return RunMark{e.t0, RunMark::Kind::EpochStart, LaneMain, e.arg0, {}};
    case EventKind::WorkerStart: return RunMark{e.t0, RunMark::Kind::WorkerStart, e.lane, e.arg1, {}};
    case EventKind::Mark: return RunMark{e.t0, RunMark::Kind::Declared, LaneMain, 0, markLabel(e)};
    default: return std::nullopt;
    }
}

void RunMarks::add(const Event& e)
{
    std::optional<RunMark> m = runMark(e);
    if (!m)
        return;
    if (m_marks.size() >= kMaxMarks) {
        // Every other declared mark goes, oldest half first; epoch and worker starts stay.
        std::vector<RunMark> kept;
        kept.reserve(m_marks.size());
        size_t declared = 0;
        for (size_t i = 0; i < m_marks.size(); ++i) {
            const bool older = i < m_marks.size() / 2;
            if (older && m_marks[i].kind == RunMark::Kind::Declared && declared++ % 2 == 1)
                continue;
            kept.push_back(std::move(m_marks[i]));
        }
        if (kept.size() >= kMaxMarks) // marks of other kinds only: the oldest half goes
            kept.erase(kept.begin(), kept.begin() + ptrdiff_t(kept.size() / 2));
        m_marks = std::move(kept);
        m_thinned = true;
    }
    // Rings are read lane by lane: a mark may come after later ones of another lane.
    auto at = std::upper_bound(m_marks.begin(), m_marks.end(), m->t, [](uint64_t t, const RunMark& r) { return t < r.t; });
    m_marks.insert(at, std::move(*m));
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
#include "stacks.h"

#include "recorder.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/results/recording.h"
#include "loaderscope/results/thread_stacks.h"
#include "loaderscope/shm/segment.h"
#include "loaderscope/shm/shm_layout.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <fstream>
#include <set>
#include <stdexcept>
#include <thread>

namespace lsprobe {

using nlohmann::json;

namespace {

json stackJson(const ls::ThreadStack& s, uint64_t origin)
{
    json x;
    x["lane"] = s.lane;
    x["thread"] = s.lane >= 0 ? "worker " + std::to_string(s.lane) : std::string("main");
    x["worker"] = s.lane >= 0 ? json(s.lane) : json(nullptr);
    x["t_s"] = s.t >= origin ? double(s.t - origin) * 1e-9 : 0.0;
    x["t_ns"] = s.t;
    x["epoch"] = ls::batchKeyEpoch(s.batch);
    x["batch"] = ls::batchKeyTask(s.batch);
    x["sample"] = s.sample;
    x["reason"] = ls::stackReasonName(s.reason);
    x["whole"] = s.whole;
    x["text"] = s.text;
    return x;
}

/// A process that is there and not a zombie (a worker that exited but was not reaped yet answers
/// nothing).
bool running(int32_t pid)
{
    if (pid <= 0 || (::kill(pid, 0) != 0 && errno != EPERM))
        return false;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line))
        return false;
    const size_t close = line.rfind(')');
    return close == std::string::npos || close + 2 >= line.size() || (line[close + 2] != 'Z' && line[close + 2] != 'X');
}

std::string dump(const json& j)
{
    return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

} // namespace

void writeStack(Writer& w, uint64_t t, int64_t batch, int64_t sample, int reason, const char* text, size_t bytes)
{
    std::string_view body(text ? text : "", text ? bytes : 0);
    if (body.size() > kMaxWrittenBytes)
        body = body.substr(body.size() - kMaxWrittenBytes);
    w.span(int(ls::EventKind::Stack), t, t, batch, sample, ls::stackArg1(ls::StackReason(reason), body.size()), 0x7fff);
    uint64_t n = 0;
    for (const auto& piece : ls::stackTextPieces(body))
        w.span(int(ls::EventKind::StackText), t, t + n++, piece[0], piece[1], piece[2], 0x7fff);
}

std::string collectStacks(const std::string& segment, bool ask, int waitMs)
{
    std::unique_ptr<ls::Segment> seg = ls::Segment::open(segment, /*writable=*/false);
    const ls::SegmentHeader* h = seg->header();
    if (h->source != uint32_t(ls::SegmentSource::Probe))
        throw std::runtime_error(segment + " is an engine run's: its workers are not Python, they have no Python stack");
    ls::EventReader reader(*seg);
    std::vector<ls::Event> events;
    reader.drain(events); // what the rings held before the question: not an answer to it
    events.clear();
    const uint64_t askedAt = ls::nowNs();
    if (std::string why; ask && !ls::askForStacks(segment, &why))
        throw std::runtime_error(why);
    // Who should answer: the job's main thread, and each lane's worker that is still running.
    std::set<int> expected;
    if (running(h->creator_pid))
        expected.insert(ls::LaneMain);
    for (uint32_t lane = 0; lane < seg->layout().num_workers; ++lane)
        if (running(seg->worker(lane)->pid.load(std::memory_order_acquire)))
            expected.insert(int(lane));
    ls::StackAssembler assembler;
    std::vector<ls::ThreadStack> got;
    std::set<int> answered;
    const uint64_t deadline = askedAt + uint64_t(std::max(0, waitMs)) * 1'000'000ull;
    for (;;) {
        reader.drain(events);
        for (const ls::Event& e : events)
            if (e.kind == ls::EventKind::Stack || e.kind == ls::EventKind::StackText)
                assembler.add(e);
        events.clear();
        for (ls::ThreadStack& s : assembler.take()) {
            if (s.t < askedAt)
                continue;
            if (!ask || s.reason == int(ls::StackReason::Asked))
                answered.insert(s.lane);
            got.push_back(std::move(s));
        }
        const bool all = ask && std::includes(answered.begin(), answered.end(), expected.begin(), expected.end());
        if (all || ls::nowNs() >= deadline)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    for (ls::ThreadStack& s : assembler.flush())
        if (s.t >= askedAt)
            got.push_back(std::move(s));
    std::stable_sort(got.begin(), got.end(), [](const ls::ThreadStack& a, const ls::ThreadStack& b) {
        return a.lane == b.lane ? a.t < b.t : (a.lane < 0) != (b.lane < 0) ? a.lane < 0 : a.lane < b.lane;
    });
    json out;
    out["segment"] = segment;
    out["program"] = std::string(h->program, strnlen(h->program, sizeof h->program));
    out["pid"] = h->creator_pid;
    out["run_state"] = h->run_state.load();
    out["clock_origin_ns"] = h->clock_origin_ns;
    out["asked"] = ask;
    out["stacks"] = json::array();
    for (const ls::ThreadStack& s : got)
        out["stacks"].push_back(stackJson(s, h->clock_origin_ns));
    json silent = json::array();
    for (int lane : expected)
        if (!answered.count(lane))
            silent.push_back(lane >= 0 ? "worker " + std::to_string(lane) : std::string("main"));
    out["not_answered"] = ask ? silent : json::array();
    return dump(out);
}

std::string recordingStacks(const std::string& path)
{
    bool truncated = false;
    uint64_t origin = 0;
    const std::vector<ls::ThreadStack> stacks = ls::readThreadStacks(path, &truncated, &origin);
    json out;
    out["path"] = path;
    out["truncated"] = truncated;
    out["clock_origin_ns"] = origin;
    out["stacks"] = json::array();
    for (const ls::ThreadStack& s : stacks)
        out["stacks"].push_back(stackJson(s, origin));
    return dump(out);
}

} // namespace lsprobe

// SPDX-License-Identifier: MIT
// The event stage of the trace reader: a window of complete events (cut by TraceScanner) is parsed
// with simdjson's On-Demand API, and each event's few fields the analysis needs are handed to an
// EventSink, which classifies it (step, loader wait, copy, kernel), keeps only those, and tracks
// each thread's extent. Nothing else of an event is materialised. Used by one thread.
#pragma once

#include "loaderscope/analysis/profiler_import.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace loaderscope::detail {

/** The fields of one event as found in the JSON; strings are raw (still escaped), into the window. */
struct RawEvent
{
    std::string_view name, cat, ph;
    std::string_view pidText, tidText; ///< pid/tid as written (numbers or strings)
    std::string_view argName;          ///< args.name of metadata events
    int64_t tsNs = 0, durNs = 0;       ///< ts and dur (microseconds in the file) in ns
    double bytes = -1;
    int64_t pid = 0, tid = 0;
    bool hasTs = false, hasDur = false, badId = false;
    int cls = -100;                    ///< EventSink::classify(name, cat) when already known
};

/** Event classes decided from name and cat; >= 0 are ProfiledSpan kinds (kept). */
enum EventClass : int { kOther = -1, kGpuOther = -2, kUnclassified = -100 };

class EventSink
{
public:
    EventSink(ProfilerTrace& out, const TraceImportLimits& limits);
    /** ProfiledSpan::Kind for a kept event, kGpuOther for other GPU activity, else kOther. */
    static int classify(std::string_view name, std::string_view cat);
    /** Takes one event. False when a limit is reached (the caller throws at the event's offset). */
    bool add(const RawEvent& e);
    /** Fills out.threads and the warnings; call once after the last window. */
    void finish();
    const std::string& limitMessage() const { return m_limitMessage; }
    /// Whether `kept` more kept spans stay within the limit (else the window goes the way that
    /// reports the limit at its event).
    bool hasRoom(uint64_t kept) const { return m_out.spans.size() + kept <= m_limits.max_kept_spans; }

private:
    struct ThreadKey
    {
        int64_t pid, tid;
        bool operator==(const ThreadKey& o) const { return pid == o.pid && tid == o.tid; }
    };
    struct ThreadKeyHash
    {
        size_t operator()(const ThreadKey& k) const { return size_t(k.pid * 0x9E3779B97F4A7C15ULL ^ uint64_t(k.tid)); }
    };
    TraceThread* thread(const RawEvent& e);
    void metadata(const RawEvent& e);

    ProfilerTrace& m_out;
    TraceImportLimits m_limits;
    std::unordered_map<ThreadKey, size_t, ThreadKeyHash> m_threadIndex;
    std::unordered_map<int64_t, std::string> m_processNames;
    /// Recently used threads, by a hash of the key: CPU and GPU events interleave.
    struct CacheEntry
    {
        ThreadKey key{0, 0};
        size_t index = SIZE_MAX;
    };
    CacheEntry m_cache[16];
    bool m_threadsFull = false;
    uint64_t m_badIds = 0;
    std::string m_limitMessage;
};

/**
 * Parses windows of events with the best simdjson implementation this CPU runs (chosen once at
 * construction). A window is the text "[" event ("," event)* "]" at data[0, len), with at least
 * simdjson's padding (64 bytes) readable after it, unchanged until parse() returns. index() runs
 * simdjson's stage 1 over it, parse() walks the events into the sink: one window at a time, the
 * two calls may come from two threads (in that order). Errors throw TraceImportError at the
 * absolute byte offset (`base` is the offset of data[0]).
 */
class WindowParser
{
public:
    WindowParser();
    ~WindowParser();
    WindowParser(const WindowParser&) = delete;
    WindowParser& operator=(const WindowParser&) = delete;
    void index(const char* data, size_t len, uint64_t base);
    void parse(EventSink& sink);
    /** The implementation in use ("icelake", "haswell", "westmere", "fallback"). */
    const char* implementation() const;

    struct Impl;

private:
    std::unique_ptr<Impl> m_impl;
};

/**
 * Throws the TraceImportError of a malformed window (or of a limit reached in it). Out of line, in a file built for any CPU, so
 * that the window parser's builds for wider CPUs compile no std::string code (trace_window.inc).
 */
[[noreturn]] void windowError(uint64_t offset, const char* what, const char* detail, bool limit = false);
/// simdjson's padding: bytes that must be readable after a window.
size_t windowPadding();

} // namespace loaderscope::detail

// SPDX-License-Identifier: MIT
// The structural scanner of the trace reader: it walks the decompressed JSON once, 64 bytes at a
// time (AVX2 where the CPU has it, a byte loop otherwise), and finds where each event object of
// traceEvents begins and ends, so that runs of complete events can be handed to simdjson as one
// window. It checks what no later stage sees: brackets match, nesting depth, strings closed, no
// control characters in strings, only JSON characters outside them, the grammar of the top-level
// object (its keys are read here: traceEvents, distributedInfo, schemaVersion). Used by one thread.
#pragma once

#include "loaderscope/analysis/profiler_import.h"

#include <cstdint>
#include <string>
#include <vector>

namespace loaderscope::detail {

/// "malformed trace at byte N: what" (TraceImportError).
[[noreturn]] void traceError(uint64_t offset, const std::string& what);
/// "trace refused at byte N: what" (TraceImportError): a limit of TraceImportLimits reached.
[[noreturn]] void traceLimit(uint64_t offset, const std::string& what);

class TraceScanner
{
public:
    explicit TraceScanner(const TraceImportLimits& limits);

    /**
     * Scans the bytes at absolute offsets [from, to) of the stream (any length: the state carries
     * over to the next call); `data` holds the byte at absolute offset `base`. Throws
     * TraceImportError at the first malformed byte.
     */
    void scan(const char* data, uint64_t base, uint64_t from, uint64_t to);
    /** At the end of input: a truncated document is an error. */
    void finish(uint64_t end) const;

    // Complete events not yet handed out: the '{' of the first and the '}' of the last.
    bool hasWindow() const { return m_windowFirst >= 0; }
    uint64_t windowFirst() const { return uint64_t(m_windowFirst); }
    uint64_t windowLast() const { return uint64_t(m_windowLast); }
    uint64_t windowEvents() const { return m_windowEvents; }
    void takeWindow() { m_windowFirst = m_windowLast = -1; m_windowEvents = 0; m_eventEnds.clear(); }
    /**
     * The window's event ends (each '}'), as offsets from `origin`, into `ends`; empty when the
     * window has more than `cap` events or a byte that is not ASCII from its first event on
     * (the flat event reader then leaves it to simdjson, which checks UTF-8).
     */
    void windowEventEnds(uint64_t origin, size_t cap, std::vector<uint32_t>& ends) const;

    int64_t openEvent() const { return m_openEvent; }        ///< '{' of the event in progress, or -1
    int64_t eventsOpened() const { return m_eventsOpen; }    ///< '[' of traceEvents, or -1
    int64_t eventsClosed() const { return m_eventsClose; }   ///< its ']', or -1
    bool sawEvents() const { return m_eventsOpen >= 0; }
    bool bareArray() const { return m_stack0 == '['; }
    int schemaVersion() const { return m_schemaVersion; }
    /** The distributedInfo object's text once complete (empty otherwise or when too large). */
    const std::string& distributedInfo() const { return m_infoComplete ? m_info : m_empty; }
    const std::vector<std::string>& notes() const { return m_notes; }

    /// Tests: scan with the byte loop only (to compare it with the AVX2 path).
    static void forceScalar(bool on);
    static bool simdAvailable();

private:
    enum class Top : uint8_t { KeyOrEnd, Key, Colon, Value, InScalar, CommaOrEnd };
    enum class Container : uint8_t { Other, Events, Info };

    void scanScalar(const char* p, uint64_t at, size_t n);
#if defined(__x86_64__)
    void scanAvx2(const char* p, uint64_t at, size_t n);
#endif
    bool topMode() const { return m_depth == 0 || (m_depth == 1 && m_stack0 == '{'); }
    void open(char c, uint64_t pos);
    /// The '}' at pos closes the event opened at m_openEvent (depth and size checked by the caller).
    void endEvent(uint64_t pos);
    void close(char c, uint64_t pos);
    void topByte(char c, uint64_t pos);
    void stringStart(uint64_t pos);
    void stringEnd(uint64_t pos);
    void scalarEnd(uint64_t pos);
    void captureInfo(const char* data, uint64_t base, uint64_t from, uint64_t to);

    TraceImportLimits m_limits;
    // String state at the scan position.
    bool m_inString = false;
    bool m_escape = false;
    // Open containers: depth and their kinds (only the first one's is needed beyond matching).
    uint32_t m_depth = 0;
    std::vector<char> m_stack;
    char m_stack0 = 0;
    bool m_topDone = false;
    // The top-level object's grammar and keys (depth 1).
    Top m_top = Top::KeyOrEnd;
    bool m_inKey = false;
    std::string m_key;          ///< the last top-level key, raw, at most 40 bytes
    std::string m_scalar;       ///< the top-level scalar being read, at most 40 bytes
    Container m_container = Container::Other; ///< the depth-2 value now open
    int m_schemaVersion = -1;
    // traceEvents: events are the objects at m_eventDepth.
    uint32_t m_eventDepth = 0;
    int64_t m_eventsOpen = -1, m_eventsClose = -1;
    int64_t m_openEvent = -1;
    int64_t m_windowFirst = -1, m_windowLast = -1;
    uint64_t m_windowEvents = 0;
    std::vector<uint64_t> m_eventEnds; ///< the window's event ends, while it has at most kMaxEnds
    int64_t m_lastNonAscii = -1;        ///< the last byte >= 0x80 seen
    // distributedInfo, copied as it is scanned (bounded).
    int64_t m_infoStart = -1, m_infoEnd = -1;
    bool m_infoComplete = false, m_infoTooBig = false;
    std::string m_info;
    const std::string m_empty;
    std::vector<std::string> m_notes;
};

} // namespace loaderscope::detail

// SPDX-License-Identifier: MIT
// The flat event reader: the window parser's fast path for events as profilers write them (a
// flat object of short members, args small or skipped). It walks each event's bytes once, in
// the order they come, with the event ends the scanner found, and fills the same RawEvent the
// simdjson path would. Whatever it is not sure of (an escape where a value is checked, a number
// in another form, a metadata event, a kept event's args it cannot check, a byte that is not
// ASCII, any syntax error) sends the whole window to simdjson instead, which then reports what
// is wrong at the same byte as always: the two paths give the same result (tst_import_hostile
// compares them). Used by one thread at a time.
#pragma once

#include "trace_events.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace loaderscope::detail {

/**
 * ts or dur in the form Kineto and the legacy profiler write them (microseconds, at most 16
 * integer digits, at most 3 decimals) to ns exactly; false for any other text (the caller
 * parses it as a double). Shared by both paths. The byte after `token` is read: the token
 * must lie in a buffer that goes on (a window has its padding).
 */
bool microsToNs(std::string_view token, int64_t& ns);
/** pid or tid of plain digits (no leading zero, at most 18 digits, optional '-'); false otherwise. */
bool plainInteger(std::string_view token, int64_t& id);
/** A string pid or tid as an id (FNV-1a of its raw text, 63 bits). */
int64_t hashId(std::string_view text);

namespace flat {
enum class Key : uint8_t; // the members read (trace_flat.cpp)
struct IdCache;
} // namespace flat

/**
 * The layout of an event the member-by-member reader read: the bytes around the values of its
 * ph, name, cat, pid, tid, ts and dur (keys, whitespace and members read the same whether
 * checked or skipped). An event with those same bytes is read by position: each literal compared
 * at once, each value read where it stands, with the same result as member by member (the other
 * members are what the learnt event had, so they read the same). Writers repeat one layout per
 * kind of event (torch 1.13's legacy array has one), so lookups by key go. Where an event
 * differs after the first value, the rest is read member by member. Used by one thread at a time.
 */
class EventLayout
{
public:
    enum class Result : uint8_t { Read, Fail, Unlike }; ///< Unlike: differs from the start (learn it)

    void start(const char* event);
    void member(flat::Key key, const char* v, const char* after, const char* end);
    /// `whole`: the event was read to its end (`end`, its '}'), else the rest was skipped.
    void finish(const char* end, bool whole);
    bool valid() const { return m_valid; }
    Result read(const char* p, const char* end, RawEvent& e, flat::IdCache& ids) const;

private:
    static constexpr int kMaxSteps = 8;
    static constexpr size_t kMaxText = 240;
    struct LayoutStep
    {
        uint16_t off = 0, len = 0; ///< the literal before the value, in m_text
        flat::Key key{};
    };
    bool literal(const char* from, const char* to, uint16_t& off, uint16_t& len);

    LayoutStep m_steps[kMaxSteps];
    int m_count = 0;
    int m_allSeenAt = -1; ///< the step after which all seven members are read (-1: never)
    unsigned m_seen = 0;  ///< while learning: the members read so far (EventState::seen)
    uint16_t m_tailOff = 0, m_tailLen = 0; ///< after the last value, through '}' (when m_whole)
    bool m_whole = false, m_valid = false, m_learning = false;
    size_t m_used = 0;
    const char* m_pos = nullptr; ///< while learning: the end of the last value
    char m_text[kMaxText + 16] = {};
};

class FlatWindow
{
public:
    /// Windows of more events than this go to simdjson: a 1 MiB window of real events holds
    /// about 9,000 (legacy, 110 bytes each), and the events read are held (144 bytes each).
    static constexpr size_t kMaxEvents = 1u << 14;

    /**
     * Reads the window "[" event ("," event)* "]" at data[0, len); `ends` holds the offset of each
     * event's closing '}' from data, in order. True when every event was read; false leaves
     * events() unspecified.
     */
    bool read(const char* data, size_t len, const std::vector<uint32_t>& ends);
    const std::vector<RawEvent>& events() const { return m_events; }
    /// Events of the last window that are kept (steps, waits, copies, kernels): for the limit.
    uint64_t kept() const { return m_kept; }

private:
    std::vector<RawEvent> m_events; ///< reused from window to window: no allocation per event
    uint64_t m_kept = 0;
    EventLayout m_layout, m_learnt; ///< the layout in use, and one being learnt
};

/// Tests: false sends every window to simdjson (to compare the two paths).
bool flatReaderEnabled();

} // namespace loaderscope::detail

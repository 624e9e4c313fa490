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
};

/// Tests: false sends every window to simdjson (to compare the two paths).
bool flatReaderEnabled();

} // namespace loaderscope::detail

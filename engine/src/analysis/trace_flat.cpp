// SPDX-License-Identifier: MIT
// The flat event reader (see trace_flat.h). Every function here mirrors a step of the simdjson
// path in trace_window.inc, member by member; where that path would read, check or skip a value
// in a way this one does not copy exactly, this one gives up (returns nullptr or false) and the
// window is read by simdjson. The scanner has already checked strings, brackets and the
// characters outside strings; the reader checks that the window is ASCII (simdjson checks UTF-8).
#include "trace_flat.h"

#include "trace_flat_values.h"
#include "trace_testing.h"

#include <atomic>
#include <new>
#include <charconv>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace loaderscope::detail {

using namespace flat;

namespace {

std::atomic<bool> s_flatDisabled{false};
std::atomic<uint64_t> s_flatWindows{0}; // for tests: one relaxed add per window
std::atomic<bool> s_layoutDisabled{false};
std::atomic<uint64_t> s_layoutEvents{0}; // for tests: events read by an EventLayout, one add per window

/**
 * The member name at k (after its opening quote), compared raw with its closing quote as the
 * simdjson path does; `after` is the byte after the closing quote, or nullptr (an escaped
 * name that is none of these: simdjson is left to read it).
 */
inline Key keyAt(const char* k, const char* end, const char*& after)
{
    const auto is = [&](const char* name, size_t n) { return std::memcmp(k, name, n) == 0 ? (after = k + n, true) : false; };
    switch (k[0]) {
    case 'p':
        if (is("ph\"", 3))
            return Key::Ph;
        if (is("pid\"", 4))
            return Key::Pid;
        break;
    case 't':
        if (is("ts\"", 3))
            return Key::Ts;
        if (is("tid\"", 4))
            return Key::Tid;
        break;
    case 'd':
        if (is("dur\"", 4))
            return Key::Dur;
        break;
    case 'n':
        if (is("name\"", 5))
            return Key::Name;
        break;
    case 'c':
        if (is("cat\"", 4))
            return Key::Cat;
        break;
    case 'a':
        if (is("args\"", 5))
            return Key::Args;
        break;
    default:
        break;
    }
    after = plainStringEnd(k - 1, end);
    if (after)
        ++after;
    return Key::Other;
}

/**
 * Where simdjson stops reading an event (a flow, an instant, an event not kept once its fields
 * are read), it skips the rest by counting brackets from the value it stopped at; the scanner has
 * matched those brackets, so the skip ends at the event's '}' (its end here) without a look at
 * what is between. Except after a string followed by ':', which simdjson's skip takes for a key
 * (and then miscounts): so the value it stopped at must be followed by ',' or the end, else the
 * event is left to simdjson. `p` is the end of that value.
 */
inline bool restSkippable(const char* p, const char* end)
{
    p = skipWs(p);
    return p == end || *p == ',';
}

/// The bit of `seen` (EventState) a member sets: ph 1, name 2, cat 4, pid 8, tid 16, ts 32, dur 64.
constexpr unsigned seenBit(Key key)
{
    switch (key) {
    case Key::Ph: return 1;
    case Key::Name: return 2;
    case Key::Cat: return 4;
    case Key::Pid: return 8;
    case Key::Tid: return 16;
    case Key::Ts: return 32;
    case Key::Dur: return 64;
    default: return 0;
    }
}

/// What the member-by-member reader knows of an event so far.
struct EventState
{
    int cls = kUnclassified; ///< EventSink::classify(name, cat) once asked, until name or cat changes
    unsigned seen = 0;       ///< bits of ph, name, cat, pid, tid, ts, dur
    int classOf(const RawEvent& e) { return cls != kUnclassified ? cls : (cls = EventSink::classify(e.name, e.cat)); }
};

/// After one member: go on, the event is read (the rest skipped as simdjson skips it), or fail.
enum class Step : uint8_t { Next, Done, Fail };

/**
 * The value at v of the member `key`, as the simdjson path reads it (trace_window.inc, parse());
 * `after` is the byte after it. Done where that path stops reading the event.
 */
[[gnu::always_inline]] inline Step readMember(Key key, const char* v, const char* end, RawEvent& e, IdCache& ids, EventState& s,
                                              const char*& after, bool mayEnd = true)
{
    switch (key) {
    case Key::Ph:
        after = stringValue(v, end, e.ph);
        s.seen |= 1;
        if (e.ph == "M")
            return Step::Fail; // metadata: args.name is read by simdjson
        if (after && e.ph.size() == 1 && e.ph[0] != 'X') // flows, instants, counters: nothing more is read
            return restSkippable(after, end) ? Step::Done : Step::Fail;
        break;
    case Key::Pid:
        after = idValue(v, end, e.pid, e.pidText, ids);
        s.seen |= 8;
        break;
    case Key::Tid:
        after = idValue(v, end, e.tid, e.tidText, ids);
        s.seen |= 16;
        break;
    case Key::Ts:
        after = timeValue(v, e.tsNs, e.hasTs);
        s.seen |= 32;
        break;
    case Key::Dur:
        after = timeValue(v, e.durNs, e.hasDur);
        s.seen |= 64;
        break;
    case Key::Name:
        after = stringValue(v, end, e.name);
        s.cls = kUnclassified;
        s.seen |= 2;
        break;
    case Key::Cat:
        after = stringValue(v, end, e.cat);
        s.cls = kUnclassified;
        s.seen |= 4;
        break;
    case Key::Args: {
        const bool known = !e.name.empty();
        const int c = known ? s.classOf(e) : kOther;
        const bool wantBytes = !known || c == ProfiledSpan::CopyPinned || c == ProfiledSpan::CopyPageable;
        after = wantBytes || c >= 0 ? argsValue(v, end, e, wantBytes, c >= 0 || !known) : skipValue(v, end);
        break;
    }
    case Key::Other:
        after = s.classOf(e) >= 0 ? checkValue(v, end) : skipValue(v, end);
        break;
    }
    if (!after)
        return Step::Fail;
    if (mayEnd && s.seen == 127 && e.ph == "X" && s.classOf(e) < 0) {
        e.cls = s.cls;
        return restSkippable(after, end) ? Step::Done : Step::Fail; // the rest is skipped unread, as simdjson skips it
    }
    return Step::Next;
}

/**
 * The members from p (at a member's opening quote, or at `end` after the last one), one by one;
 * each is shown to `learn` when given. False: read the event with simdjson.
 */
bool readMembers(const char* p, const char* end, RawEvent& e, IdCache& ids, EventState& s, EventLayout* learn)
{
    while (p != end) {
        if (*p != '"')
            return false;
        const Key key = keyAt(p + 1, end, p);
        if (!p)
            return false;
        p = skipWs(p);
        if (*p != ':')
            return false;
        const char* v = skipWs(p + 1);
        const char* after = nullptr;
        const Step step = readMember(key, v, end, e, ids, s, after);
        if (step == Step::Fail)
            return false;
        if (learn)
            learn->member(key, v, after, end);
        if (step == Step::Done) {
            if (learn)
                learn->finish(end, false);
            return true;
        }
        p = skipWs(after);
        if (p == end)
            break;
        if (*p != ',')
            return false;
        p = skipWs(p + 1);
    }
    e.cls = s.cls;
    if (learn)
        learn->finish(end, true);
    return true;
}

/** The members after a value that ends at `after` (the rest of an event the layout began). */
bool readMembersAfter(const char* after, const char* end, RawEvent& e, IdCache& ids, EventState& s)
{
    const char* p = skipWs(after);
    if (p != end) {
        if (*p != ',')
            return false;
        p = skipWs(p + 1);
    }
    return readMembers(p, end, e, ids, s, nullptr);
}

/**
 * One event, p at its '{' and end at its '}', member by member as the simdjson path reads it.
 * With `learn`, its layout is learnt on the way. False: read it with simdjson.
 */
bool readEvent(const char* p, const char* end, RawEvent& e, IdCache& ids, EventLayout* learn)
{
    EventState s;
    if (learn)
        learn->start(p);
    return readMembers(skipWs(p + 1), end, e, ids, s, learn);
}

/** bytes [a, a + n) equal lit[0, n); 15 bytes past each may be read (window padding, literal padding). */
inline bool sameBytes(const char* a, const char* lit, size_t n)
{
#if defined(__SSE2__)
    for (; n >= 16; n -= 16, a += 16, lit += 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a));
        const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(lit));
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) != 0xFFFF)
            return false;
    }
    if (n == 0)
        return true;
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(lit));
    const unsigned differ = ~unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y))) & ((1u << n) - 1);
    return differ == 0;
#else
    return std::memcmp(a, lit, n) == 0;
#endif
}

} // namespace

void EventLayout::start(const char* event)
{
    m_valid = false;
    m_learning = true;
    m_count = 0;
    m_seen = 0;
    m_allSeenAt = -1;
    m_used = 0;
    m_pos = event;
}

bool EventLayout::literal(const char* from, const char* to, uint16_t& off, uint16_t& len)
{
    const size_t n = size_t(to - from);
    if (m_used + n > kMaxText)
        return false;
    std::memcpy(m_text + m_used, from, n);
    off = uint16_t(m_used);
    len = uint16_t(n);
    m_used += n;
    return true;
}

void EventLayout::member(Key key, const char* v, const char* after, const char* end)
{
    if (!m_learning)
        return;
    if (key == Key::Args || key == Key::Other) {
        // Kept in the literal: it must read the same whether the member reader would check it
        // (a kept event) or skip it (any other), and hold no "bytes" the args reader would take.
        const std::string_view text(v, size_t(after - v));
        if (checkValue(v, end) != after || text.find("bytes") != std::string_view::npos)
            m_learning = false;
        return;
    }
    if (m_count == kMaxSteps || !literal(m_pos, v, m_steps[m_count].off, m_steps[m_count].len)) {
        m_learning = false;
        return;
    }
    m_seen |= seenBit(key);
    if (m_seen == 127 && m_allSeenAt < 0)
        m_allSeenAt = m_count;
    m_steps[m_count++].key = key;
    m_pos = after;
}

void EventLayout::finish(const char* end, bool whole)
{
    if (!m_learning)
        return;
    m_learning = false;
    m_whole = whole;
    // A whole event's bytes after its last value, through its '}'.
    if (whole && !literal(m_pos, end + 1, m_tailOff, m_tailLen))
        return;
    std::memset(m_text + m_used, 0, 16); // what sameBytes may read past the last literal
    m_valid = m_count > 0;
}

EventLayout::Result EventLayout::read(const char* p, const char* end, RawEvent& e, IdCache& ids) const
{
    EventState s;
    const char* at = p; // where the next literal begins: the '{', then the end of each value
    for (int k = 0; k < m_count; ++k) {
        const LayoutStep& step = m_steps[k];
        if (at + step.len > end || !sameBytes(at, m_text + step.off, step.len)) {
            if (k == 0)
                return Result::Unlike;
            // Another layout from here on (an event with other members): read member by member.
            return readMembersAfter(at, end, e, ids, s) ? Result::Read : Result::Fail;
        }
        const char* after = nullptr;
        // Only once all of ph, name, cat, pid, tid, ts and dur are read can the event end early.
        const Step next = readMember(step.key, at + step.len, end, e, ids, s, after, m_allSeenAt >= 0 && k >= m_allSeenAt);
        if (next != Step::Next)
            return next == Step::Done ? Result::Read : Result::Fail;
        at = after;
    }
    if (m_whole && at + m_tailLen == end + 1 && sameBytes(at, m_text + m_tailOff, m_tailLen)) {
        e.cls = s.cls;
        return Result::Read;
    }
    return readMembersAfter(at, end, e, ids, s) ? Result::Read : Result::Fail;
}


bool microsToNs(std::string_view tok, int64_t& ns)
{
    int64_t value = 0;
    if (tok.empty() || readMicros(tok.data(), value) != tok.data() + tok.size())
        return false;
    ns = value;
    return true;
}

bool plainInteger(std::string_view tok, int64_t& id)
{
    const size_t i = !tok.empty() && tok[0] == '-' ? 1 : 0;
    if (tok.size() <= i || tok.size() - i > 18 || tok[i] == '0') // 18 digits: no int64 overflow possible
        return false;
    int64_t x = 0;
    for (size_t k = i; k < tok.size(); ++k) {
        if (!isDigit(tok[k]))
            return false;
        x = x * 10 + int64_t(tok[k] - '0');
    }
    id = i ? -x : x;
    return true;
}

int64_t hashId(std::string_view s)
{
    uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : s)
        h = (h ^ c) * 1099511628211ULL;
    return int64_t(h >> 1);
}

bool FlatWindow::read(const char* data, size_t len, const std::vector<uint32_t>& ends)
{
    if (ends.empty() || ends.size() > kMaxEvents || len < 3 || data[0] != '[' || data[len - 1] != ']')
        return false;
    m_events.resize(ends.size());
    m_kept = 0;
    const char* p = data + 1;
    const char* close = data + len - 1;
    IdCache ids{std::string_view(), hashId(std::string_view())};
    const bool useLayout = !s_layoutDisabled.load(std::memory_order_relaxed);
    uint64_t byLayout = 0;
    for (size_t i = 0; i < ends.size(); ++i) {
        const char* end = data + ends[i];
        if (*p != '{' || end >= close)
            return false;
        RawEvent& e = m_events[i];
        new (&e) RawEvent(); // in place: no temporary copied in
        const EventLayout::Result r = useLayout && m_layout.valid() ? m_layout.read(p, end, e, ids) : EventLayout::Result::Unlike;
        if (r == EventLayout::Result::Fail)
            return false;
        if (r == EventLayout::Result::Unlike) {
            new (&e) RawEvent();
            if (!readEvent(p, end, e, ids, useLayout ? &m_learnt : nullptr))
                return false;
            if (m_learnt.valid())
                m_layout = m_learnt;
        } else {
            ++byLayout;
        }
        // Classified here, where the event's bytes are still in cache: the sink takes the class.
        if (e.ph == "X") {
            if (e.cls == kUnclassified)
                e.cls = EventSink::classify(e.name, e.cat);
            m_kept += e.cls >= 0 || e.pidText == "CUDA functions" ? 1 : 0; // the sink keeps those as kernels
        }
        // Between two events: one comma and whitespace (simdjson's array); after the last: ']'.
        p = skipWs(end + 1);
        if (i + 1 < ends.size()) {
            if (*p != ',')
                return false;
            p = skipWs(p + 1);
        }
    }
    if (p != close)
        return false;
    s_flatWindows.fetch_add(1, std::memory_order_relaxed);
    s_layoutEvents.fetch_add(byLayout, std::memory_order_relaxed);
    return true;
}

void forceFullParser(bool on)
{
    s_flatDisabled = on;
}

uint64_t flatWindowsRead()
{
    return s_flatWindows.load(std::memory_order_relaxed);
}

void forceMemberByMember(bool on)
{
    s_layoutDisabled = on;
}

uint64_t layoutEventsRead()
{
    return s_layoutEvents.load(std::memory_order_relaxed);
}

bool flatReaderEnabled()
{
    return !s_flatDisabled.load(std::memory_order_relaxed);
}

} // namespace loaderscope::detail

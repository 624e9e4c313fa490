// SPDX-License-Identifier: MIT
// The flat event reader (see trace_flat.h). Every function here mirrors a step of the simdjson
// path in trace_window.inc, member by member; where that path would read, check or skip a value
// in a way this one does not copy exactly, this one gives up (returns nullptr or false) and the
// window is read by simdjson. The scanner has already checked strings, brackets and the
// characters outside strings; the reader checks that the window is ASCII (simdjson checks UTF-8).
#include "trace_flat.h"

#include "trace_testing.h"

#include <atomic>
#include <charconv>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace loaderscope::detail {

namespace {

std::atomic<bool> s_flatDisabled{false};
std::atomic<uint64_t> s_flatWindows{0}; // for tests: one relaxed add per window

inline bool isWs(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

inline const char* skipWs(const char* p)
{
    while (isWs(*p))
        ++p;
    return p;
}

inline bool isDigit(char c)
{
    return unsigned(c) - '0' <= 9;
}

/**
 * The first '"' or '\\' from q. The scanner saw every string of the window closed, and the
 * buffer has simdjson's padding after the window: reading 16 bytes at a time stays inside it.
 */
inline const char* quoteOrBackslash(const char* q)
{
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    for (;; q += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        const unsigned m = unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash))));
        if (m)
            return q + __builtin_ctz(m);
    }
#else
    while (*q != '"' && *q != '\\')
        ++q;
    return q;
#endif
}

/** The closing quote of the string whose opening quote is at p (escapes honoured); `escaped`: it has some. */
inline const char* stringEnd(const char* p, const char* end, bool& escaped)
{
    const char* q = p + 1;
    escaped = false;
    for (;;) {
        q = quoteOrBackslash(q);
        if (q >= end)
            return nullptr;
        if (*q == '"')
            return q;
        escaped = true;
        q += 2; // the backslash and the byte it escapes
    }
}

inline const char* stringEnd(const char* p, const char* end)
{
    bool escaped = false;
    return stringEnd(p, end, escaped);
}

/** A string without escapes (what is checked or compared here): its closing quote, or nullptr. */
inline const char* plainStringEnd(const char* p, const char* end)
{
    bool escaped = false;
    const char* q = stringEnd(p, end, escaped);
    return escaped ? nullptr : q;
}

/**
 * A JSON number without exponent and of at most 18 digits (what simdjson reads the same way for
 * sure) from p: its end, or nullptr.
 */
const char* numberEnd(const char* p)
{
    const char* start = p;
    if (*p == '-')
        ++p;
    if (*p == '0')
        ++p;
    else if (*p >= '1' && *p <= '9')
        while (isDigit(*p))
            ++p;
    else
        return nullptr;
    if (*p == '.') {
        const char* d = ++p;
        while (isDigit(*p))
            ++p;
        if (p == d)
            return nullptr;
    }
    if (*p == 'e' || *p == 'E' || p - start > 19)
        return nullptr;
    return p;
}

/** A scalar that is not a string: a number as above, true, false or null; its end or nullptr. */
const char* scalarEnd(const char* p)
{
    if (std::memcmp(p, "true", 4) == 0 || std::memcmp(p, "null", 4) == 0)
        p += 4;
    else if (std::memcmp(p, "false", 5) == 0)
        p += 5;
    else
        return numberEnd(p);
    return isWs(*p) || *p == ',' || *p == '}' || *p == ']' ? p : nullptr;
}

/**
 * Skips the value at p without checking what simdjson does not check when it skips (inside a
 * container: only the brackets, which the scanner matched). Its end, or nullptr.
 */
const char* skipValue(const char* p, const char* end)
{
    if (*p == '"') {
        const char* q = stringEnd(p, end);
        return q ? q + 1 : nullptr;
    }
    if (*p != '{' && *p != '[')
        return scalarEnd(p);
    int depth = 0;
    for (; p < end; ++p) {
        const char c = *p;
        if (c == '"') {
            p = stringEnd(p, end);
            if (!p)
                return nullptr;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            return p + 1;
        }
    }
    return nullptr;
}

/** The value at p checked as JSON, as simdjson's validate() in trace_window.inc does. */
const char* checkValue(const char* p, const char* end)
{
    if (*p == '"') {
        const char* q = plainStringEnd(p, end);
        return q ? q + 1 : nullptr;
    }
    if (*p != '{' && *p != '[')
        return scalarEnd(p);
    const bool object = *p == '{';
    const char close = object ? '}' : ']';
    p = skipWs(p + 1);
    if (*p == close)
        return p + 1;
    for (;;) {
        if (object) {
            if (*p != '"' || !(p = plainStringEnd(p, end)))
                return nullptr;
            p = skipWs(p + 1);
            if (*p != ':')
                return nullptr;
            p = skipWs(p + 1);
        }
        if (!(p = checkValue(p, end)))
            return nullptr;
        p = skipWs(p);
        if (*p == close)
            return p + 1;
        if (*p != ',')
            return nullptr;
        p = skipWs(p + 1);
    }
}

/** A string value's text (raw, as simdjson's raw token gives it) and its end, or nullptr. */
inline const char* stringValue(const char* p, const char* end, std::string_view& text)
{
    if (*p != '"')
        return nullptr;
    const char* q = stringEnd(p, end);
    if (!q)
        return nullptr;
    text = std::string_view(p + 1, size_t(q - p - 1));
    return q + 1;
}

/** The end of the token of digits, '-' and '.' at p; nullptr when an exponent follows. */
inline const char* plainNumberEnd(const char* p)
{
    while (isDigit(*p) || *p == '.' || *p == '-')
        ++p;
    return *p == 'e' || *p == 'E' || *p == '+' ? nullptr : p;
}

/** The last string id hashed: an event's pid ("CPU functions") is most often the previous one's. */
struct IdCache
{
    std::string_view text;
    int64_t id = 0;
};

/** pid or tid, as readId() reads the cases handled here: a string, plain digits, or 0. */
const char* idValue(const char* p, const char* end, int64_t& id, std::string_view& text, IdCache& cache)
{
    if (*p == '"') {
        const char* after = stringValue(p, end, text);
        if (after && text != cache.text)
            cache = {text, hashId(text)};
        id = cache.id;
        return after;
    }
    const char* e = plainNumberEnd(p);
    if (!e)
        return nullptr;
    text = std::string_view(p, size_t(e - p));
    if (text == "0") {
        id = 0;
        return e;
    }
    return plainInteger(text, id) ? e : nullptr;
}

/**
 * Microseconds at p: '-'? up to 16 integer digits (no leading zero) and up to 3 decimals, then a
 * byte that cannot continue a number; in ns, and the end. nullptr for anything else.
 */
inline const char* readMicros(const char* p, int64_t& ns)
{
    const bool negative = *p == '-';
    p += negative ? 1 : 0;
    const char* digits = p;
    int64_t whole = 0;
    while (p - digits < 16 && isDigit(*p))
        whole = whole * 10 + (*p++ - '0');
    const ptrdiff_t wholeDigits = p - digits;
    if (wholeDigits == 0 || (wholeDigits > 1 && *digits == '0') || whole > 4000000000000000LL)
        return nullptr;
    int64_t frac = 0;
    int fracDigits = 0;
    if (*p == '.') {
        ++p;
        while (fracDigits < 3 && isDigit(*p)) {
            frac = frac * 10 + (*p++ - '0');
            ++fracDigits;
        }
        if (fracDigits == 0)
            return nullptr;
    }
    if (isDigit(*p) || *p == '.' || *p == '-' || *p == 'e' || *p == 'E' || *p == '+')
        return nullptr; // more number than this form has: read as a double by simdjson
    for (int k = fracDigits; k < 3; ++k)
        frac *= 10;
    ns = negative ? -(whole * 1000 + frac) : whole * 1000 + frac;
    return p;
}

inline const char* timeValue(const char* p, int64_t& ns, bool& has)
{
    const char* e = readMicros(p, ns);
    has |= e != nullptr;
    return e;
}

/** args, as readArgs() reads it (its bytes for copies; every member checked when `strict`). */
const char* argsValue(const char* p, const char* end, RawEvent& e, bool wantBytes, bool strict)
{
    if (*p != '{')
        return strict ? checkValue(p, end) : skipValue(p, end);
    p = skipWs(p + 1);
    if (*p == '}')
        return p + 1;
    for (;;) {
        const char* key = p + 1;
        if (*p != '"' || !(p = plainStringEnd(p, end)))
            return nullptr;
        const bool isBytes = wantBytes && p - key == 5 && std::memcmp(key, "bytes", 5) == 0;
        p = skipWs(p + 1);
        if (*p != ':')
            return nullptr;
        p = skipWs(p + 1);
        const char* after = nullptr;
        if (isBytes) {
            double b = 0;
            after = numberEnd(p);
            if (!after || std::from_chars(p, after, b).ptr != after)
                return nullptr;
            e.bytes = b;
        } else {
            after = strict ? checkValue(p, end) : skipValue(p, end);
        }
        if (!after)
            return nullptr;
        p = skipWs(after);
        if (*p == '}')
            return p + 1;
        if (*p != ',')
            return nullptr;
        p = skipWs(p + 1);
    }
}

enum class Key : uint8_t { Ph, Pid, Tid, Ts, Dur, Name, Cat, Args, Other };

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

/**
 * One event, p at its '{' and end at its '}', member by member as the simdjson path reads it
 * (trace_window.inc, parse()). False: read it with simdjson.
 */
bool readEvent(const char* p, const char* end, RawEvent& e, IdCache& ids)
{
    int cls = kUnclassified;
    const auto classOf = [&] { return cls != kUnclassified ? cls : (cls = EventSink::classify(e.name, e.cat)); };
    unsigned seen = 0;
    p = skipWs(p + 1);
    if (p == end)
        return true;
    for (;;) {
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
        switch (key) {
        case Key::Ph:
            after = stringValue(v, end, e.ph);
            seen |= 1;
            if (e.ph == "M")
                return false; // metadata: args.name is read by simdjson
            if (after && e.ph.size() == 1 && e.ph[0] != 'X')
                return restSkippable(after, end); // flows, instants, counters: nothing more is read
            break;
        case Key::Pid:
            after = idValue(v, end, e.pid, e.pidText, ids);
            seen |= 8;
            break;
        case Key::Tid:
            after = idValue(v, end, e.tid, e.tidText, ids);
            seen |= 16;
            break;
        case Key::Ts:
            after = timeValue(v, e.tsNs, e.hasTs);
            seen |= 32;
            break;
        case Key::Dur:
            after = timeValue(v, e.durNs, e.hasDur);
            seen |= 64;
            break;
        case Key::Name:
            after = stringValue(v, end, e.name);
            cls = kUnclassified;
            seen |= 2;
            break;
        case Key::Cat:
            after = stringValue(v, end, e.cat);
            cls = kUnclassified;
            seen |= 4;
            break;
        case Key::Args: {
            const bool known = !e.name.empty();
            const int c = known ? classOf() : kOther;
            const bool wantBytes = !known || c == ProfiledSpan::CopyPinned || c == ProfiledSpan::CopyPageable;
            after = wantBytes || c >= 0 ? argsValue(v, end, e, wantBytes, c >= 0 || !known) : skipValue(v, end);
            break;
        }
        case Key::Other:
            after = classOf() >= 0 ? checkValue(v, end) : skipValue(v, end);
            break;
        }
        if (!after)
            return false;
        if (seen == 127 && e.ph == "X" && classOf() < 0) {
            e.cls = cls;
            return restSkippable(after, end); // the rest is skipped unread, as simdjson skips it
        }
        p = skipWs(after);
        if (p == end)
            break;
        if (*p != ',')
            return false;
        p = skipWs(p + 1);
    }
    e.cls = cls;
    return true;
}

} // namespace

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
    for (size_t i = 0; i < ends.size(); ++i) {
        const char* end = data + ends[i];
        if (*p != '{' || end >= close)
            return false;
        RawEvent& e = m_events[i];
        e = RawEvent();
        if (!readEvent(p, end, e, ids))
            return false;
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

bool flatReaderEnabled()
{
    return !s_flatDisabled.load(std::memory_order_relaxed);
}

} // namespace loaderscope::detail

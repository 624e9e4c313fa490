// SPDX-License-Identifier: MIT
// The trace reader's structural scanner (see trace_scan.h). Two paths with one meaning: a byte loop
// (any CPU; also every 64-byte block that holds the top level or an error, so that errors are
// reported at their first byte) and an AVX2 path that classifies 64 bytes at once: which bytes are
// inside strings (quotes not escaped by an odd run of backslashes, then a prefix XOR), which are
// brackets outside strings, and whether any byte is a control character inside a string or not a
// JSON character outside one. Only the brackets are then visited one by one: a few per event.
#include "trace_scan.h"

#include "trace_testing.h"

#include <atomic>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace loaderscope::detail {

namespace {

std::atomic<bool> s_forceScalar{false};

constexpr uint64_t kMaxInfoBytes = 1u << 20; // distributedInfo: a few hundred bytes in real traces
constexpr size_t kMaxToken = 40;             // top-level keys and scalars kept for reading
constexpr size_t kMaxEnds = 1u << 14;        // event ends recorded per window (FlatWindow::kMaxEvents)

bool isWhitespace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/** Bytes of numbers and of true/false/null: what may stand outside strings besides punctuation. */
bool isScalarChar(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' || c == 't' || c == 'r' ||
           c == 'u' || c == 'f' || c == 'a' || c == 'l' || c == 's' || c == 'n';
}

bool isJsonNumber(const std::string& s)
{
    size_t i = 0;
    const size_t n = s.size();
    if (i < n && s[i] == '-')
        ++i;
    if (i >= n)
        return false;
    if (s[i] == '0')
        ++i;
    else if (s[i] >= '1' && s[i] <= '9')
        while (i < n && s[i] >= '0' && s[i] <= '9')
            ++i;
    else
        return false;
    if (i < n && s[i] == '.') {
        const size_t d = ++i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            ++i;
        if (i == d)
            return false;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            ++i;
        const size_t d = i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            ++i;
        if (i == d)
            return false;
    }
    return i == n;
}

std::string describe(char c)
{
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "0x%02x", u);
        return std::string("byte ") + buf;
    }
    return std::string("'") + c + "'";
}

} // namespace

void traceError(uint64_t offset, const std::string& what)
{
    throw TraceImportError("malformed trace at byte " + std::to_string(offset) + ": " + what, offset);
}

void traceLimit(uint64_t offset, const std::string& what)
{
    throw TraceImportError("trace refused at byte " + std::to_string(offset) + ": " + what, offset);
}

TraceScanner::TraceScanner(const TraceImportLimits& limits) : m_limits(limits)
{
    m_stack.reserve(m_limits.max_depth + 1);
}

void TraceScanner::forceScalar(bool on)
{
    s_forceScalar = on;
}

void forceScalarScanner(bool on)
{
    TraceScanner::forceScalar(on);
}

bool simdScannerAvailable()
{
    return TraceScanner::simdAvailable();
}

bool TraceScanner::simdAvailable()
{
#if defined(__x86_64__)
    static const bool ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul");
    return ok;
#else
    return false;
#endif
}

void TraceScanner::scan(const char* data, uint64_t base, uint64_t from, uint64_t to)
{
    const char* p = data + (from - base);
#if defined(__x86_64__)
    if (simdAvailable() && !s_forceScalar.load(std::memory_order_relaxed))
        scanAvx2(p, from, size_t(to - from));
    else
#endif
        scanScalar(p, from, size_t(to - from));
    if (m_infoStart >= 0 && !m_infoComplete && !m_infoTooBig)
        captureInfo(data, base, from, to);
}

void TraceScanner::captureInfo(const char* data, uint64_t base, uint64_t from, uint64_t to)
{
    const uint64_t a = std::max<uint64_t>(uint64_t(m_infoStart), from);
    const uint64_t b = m_infoEnd >= 0 ? uint64_t(m_infoEnd) + 1 : to;
    if (b <= a)
        return;
    if (m_info.size() + (b - a) > kMaxInfoBytes) {
        m_infoTooBig = true;
        m_info.clear();
        m_info.shrink_to_fit();
        m_notes.push_back("distributedInfo is larger than 1 MiB: ignored (no rank read)");
        return;
    }
    m_info.append(data + (a - base), size_t(b - a));
    if (m_infoEnd >= 0)
        m_infoComplete = true;
}

void TraceScanner::windowEventEnds(uint64_t origin, size_t cap, std::vector<uint32_t>& ends) const
{
    ends.clear();
    if (m_windowFirst < 0 || m_windowEvents > std::min(cap, kMaxEnds) || m_lastNonAscii >= m_windowFirst ||
        uint64_t(m_windowLast) - origin > UINT32_MAX)
        return;
    ends.reserve(m_eventEnds.size());
    for (uint64_t e : m_eventEnds)
        ends.push_back(uint32_t(e - origin));
}

void TraceScanner::finish(uint64_t end) const
{
    if (m_inString)
        traceError(end, "unexpected end of input inside a string (the trace is truncated)");
    if (m_depth > 0)
        traceError(end, "unexpected end of input with " + std::to_string(m_depth) +
                            " open brackets (the trace is truncated)");
    if (!m_topDone)
        traceError(end, "an empty file");
}

void TraceScanner::open(char c, uint64_t pos)
{
    if (m_depth >= m_limits.max_depth)
        traceLimit(pos, "nesting deeper than " + std::to_string(m_limits.max_depth) + " levels");
    if (m_depth == 0) {
        m_stack0 = c;
        if (c == '[') { // the legacy profiler's bare array: its elements are the events
            m_eventDepth = 2;
            m_eventsOpen = int64_t(pos);
        } else {
            m_top = Top::KeyOrEnd;
        }
    } else if (m_depth == 1 && m_stack0 == '{') {
        // A member's value: which one is named by the key just read.
        m_container = Container::Other;
        if (m_key == "traceEvents") {
            if (c != '[')
                traceError(pos, "traceEvents is not an array");
            if (m_eventsOpen >= 0)
                traceError(pos, "a second traceEvents array");
            m_eventDepth = 3;
            m_eventsOpen = int64_t(pos);
            m_container = Container::Events;
        } else if (m_key == "distributedInfo" && c == '{' && m_infoStart < 0) {
            m_container = Container::Info;
            m_infoStart = int64_t(pos);
        }
    } else if (m_eventDepth != 0 && m_depth + 1 == m_eventDepth) {
        if (c != '{')
            traceError(pos, "traceEvents holds an array where an event object was expected");
        m_openEvent = int64_t(pos);
    }
    m_stack.push_back(c);
    ++m_depth;
}

void TraceScanner::close(char c, uint64_t pos)
{
    if (m_depth == 0)
        traceError(pos, describe(c) + " closes nothing that is open");
    const char opened = m_stack.back();
    if ((c == '}') != (opened == '{'))
        traceError(pos, describe(c) + " closes a " + describe(opened));
    if (m_eventDepth != 0 && m_depth == m_eventDepth) { // an event object ends
        if (pos - uint64_t(m_openEvent) + 1 > m_limits.max_event_bytes)
            traceLimit(uint64_t(m_openEvent), "an event larger than " +
                                                  std::to_string(m_limits.max_event_bytes >> 20) + " MiB");
        endEvent(pos);
    } else if (m_eventDepth != 0 && m_depth + 1 == m_eventDepth) { // traceEvents ends
        m_eventsClose = int64_t(pos);
        m_eventDepth = 0;
    }
    m_stack.pop_back();
    --m_depth;
    if (m_depth == 1 && m_stack0 == '{') {
        if (m_container == Container::Info)
            m_infoEnd = int64_t(pos);
        m_container = Container::Other;
        m_top = Top::CommaOrEnd;
    }
    if (m_depth == 0)
        m_topDone = true;
}

void TraceScanner::endEvent(uint64_t pos)
{
    if (m_windowFirst < 0)
        m_windowFirst = m_openEvent;
    m_windowLast = int64_t(pos);
    if (m_windowEvents++ < kMaxEnds)
        m_eventEnds.push_back(pos);
    m_openEvent = -1;
}

void TraceScanner::stringStart(uint64_t)
{
    m_inString = true;
}

void TraceScanner::stringEnd(uint64_t)
{
    m_inString = false;
    if (m_depth == 1 && m_stack0 == '{') {
        m_top = m_inKey ? Top::Colon : Top::CommaOrEnd;
        m_inKey = false;
    }
}

void TraceScanner::scalarEnd(uint64_t pos)
{
    // Top-level scalars only (schemaVersion and the like): checked, and one of them read.
    if (m_scalar.size() < kMaxToken && m_scalar != "true" && m_scalar != "false" && m_scalar != "null" &&
        !isJsonNumber(m_scalar))
        traceError(pos - m_scalar.size(), "'" + m_scalar + "' is not a JSON value");
    if (m_key == "schemaVersion" && m_scalar.size() < 10 && isJsonNumber(m_scalar) &&
        m_scalar.find_first_of(".eE-") == std::string::npos)
        m_schemaVersion = std::stoi(m_scalar);
    m_top = Top::CommaOrEnd;
}

/** A byte outside strings at depth 0, or at depth 1 of the top-level object: the full grammar. */
void TraceScanner::topByte(char c, uint64_t pos)
{
    if (m_depth == 0) {
        if (isWhitespace(c))
            return;
        if (m_topDone)
            traceError(pos, describe(c) + " after the end of the trace");
        if (c == '{' || c == '[')
            return open(c, pos);
        traceError(pos, describe(c) + ": a trace is a JSON object or array");
    }
    switch (m_top) {
    case Top::KeyOrEnd:
    case Top::Key:
        if (isWhitespace(c))
            return;
        if (c == '"') {
            m_inKey = true;
            m_key.clear();
            return stringStart(pos);
        }
        if (c == '}' && m_top == Top::KeyOrEnd)
            return close(c, pos);
        traceError(pos, describe(c) + " where a key was expected");
    case Top::Colon:
        if (isWhitespace(c))
            return;
        if (c == ':') {
            m_top = Top::Value;
            return;
        }
        traceError(pos, describe(c) + " where ':' was expected");
    case Top::Value:
        if (isWhitespace(c))
            return;
        if (c == '"')
            return stringStart(pos);
        if (c == '{' || c == '[')
            return open(c, pos);
        if (isScalarChar(c)) {
            m_top = Top::InScalar;
            m_scalar.assign(1, c);
            return;
        }
        traceError(pos, describe(c) + " where a value was expected");
    case Top::InScalar:
        if (isScalarChar(c)) {
            if (m_scalar.size() < kMaxToken)
                m_scalar.push_back(c);
            return;
        }
        scalarEnd(pos);
        [[fallthrough]];
    case Top::CommaOrEnd:
        if (isWhitespace(c))
            return;
        if (c == ',') {
            m_top = Top::Key;
            return;
        }
        if (c == '}')
            return close(c, pos);
        traceError(pos, describe(c) + " where ',' or '}' was expected");
    }
}

void TraceScanner::scanScalar(const char* p, uint64_t at, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        const char c = p[i];
        const uint64_t pos = at + i;
        if (static_cast<unsigned char>(c) >= 0x80)
            m_lastNonAscii = int64_t(pos);
        if (m_inString) {
            if (m_escape)
                m_escape = false;
            else if (c == '\\')
                m_escape = true;
            else if (c == '"') {
                stringEnd(pos);
                continue;
            } else if (static_cast<unsigned char>(c) < 0x20)
                traceError(pos, "a control character (" + describe(c) + ") inside a string");
            if (m_inKey && m_key.size() < kMaxToken)
                m_key.push_back(c);
            continue;
        }
        if (topMode()) {
            topByte(c, pos);
            continue;
        }
        switch (c) {
        case '"': stringStart(pos); break;
        case '{':
        case '[': open(c, pos); break;
        case '}':
        case ']': close(c, pos); break;
        case ',':
        case ':':
            break;
        default:
            if (!isWhitespace(c) && !isScalarChar(c))
                traceError(pos, describe(c) + " outside a string");
        }
    }
}

#if defined(__x86_64__)

namespace {

struct BlockMasks
{
    uint64_t quote, backslash, brackets, control, allowed;
};

__attribute__((target("avx2"))) inline uint64_t eqMask(__m256i lo, __m256i hi, char c)
{
    const __m256i v = _mm256_set1_epi8(c);
    return uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, v))) |
           (uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, v)))) << 32);
}

/**
 * Which bytes may stand outside strings: whitespace, punctuation, and the bytes of numbers and
 * literals. Looked up by nibbles: each high nibble that has such bytes gets a bit, and the table of
 * low nibbles says under which high nibbles that low nibble is allowed.
 *   0x0_: \t \n \r   0x2_: space + , - .   0x3_: 0-9 :   0x4_: E   0x5_: [ ]
 *   0x6_: a e f l n   0x7_: r s t u { }
 */
__attribute__((target("avx2"))) inline uint32_t allowedHalf(__m256i x)
{
    const __m256i hiTable = _mm256_setr_epi8(1, 0, 2, 4, 8, 16, 32, 64, 0, 0, 0, 0, 0, 0, 0, 0, //
                                             1, 0, 2, 4, 8, 16, 32, 64, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i loTable = _mm256_setr_epi8(6, 36, 68, 68, 68, 108, 36, 4, 4, 5, 5, 82, 34, 83, 34, 0, //
                                             6, 36, 68, 68, 68, 108, 36, 4, 4, 5, 5, 82, 34, 83, 34, 0);
    const __m256i nibble = _mm256_set1_epi8(0x0f);
    const __m256i hi = _mm256_shuffle_epi8(hiTable, _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
    const __m256i lo = _mm256_shuffle_epi8(loTable, _mm256_and_si256(x, nibble));
    const __m256i none = _mm256_cmpeq_epi8(_mm256_and_si256(hi, lo), _mm256_setzero_si256());
    return ~uint32_t(_mm256_movemask_epi8(none));
}

__attribute__((target("avx2"))) inline BlockMasks classify(const char* p)
{
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
    BlockMasks m;
    m.quote = eqMask(lo, hi, '"');
    m.backslash = eqMask(lo, hi, '\\');
    m.brackets = eqMask(lo, hi, '{') | eqMask(lo, hi, '}') | eqMask(lo, hi, '[') | eqMask(lo, hi, ']');
    const __m256i c1f = _mm256_set1_epi8(0x1f);
    const uint32_t ctlLo = uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(lo, c1f), lo)));
    const uint32_t ctlHi = uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(hi, c1f), hi)));
    m.control = ctlLo | (uint64_t(ctlHi) << 32);
    m.allowed = allowedHalf(lo) | (uint64_t(allowedHalf(hi)) << 32);
    return m;
}

/**
 * The bytes escaped by a backslash: those after an odd-length run of backslashes. Adding each
 * run's first bit to the backslash mask carries past the run's end; whether that end lands on an
 * odd or an even bit, against the run's start, gives the run's parity. `carry` is true when the
 * previous block ended with an unfinished escape (its first byte is escaped).
 */
inline uint64_t escapedBytes(uint64_t backslash, bool& carry)
{
    const uint64_t in = carry ? 1 : 0;
    backslash &= ~in; // an escaped backslash escapes nothing
    const uint64_t followsBackslash = (backslash << 1) | in;
    constexpr uint64_t even = 0x5555555555555555ULL;
    const uint64_t oddStarts = backslash & ~even & ~followsBackslash;
    uint64_t evenRunEnds = 0;
    carry = __builtin_add_overflow(oddStarts, backslash, &evenRunEnds);
    const uint64_t flip = evenRunEnds << 1;
    return (even ^ flip) & followsBackslash;
}

/** Bit i: byte i of the block is >= 0x80 (not ASCII). */
__attribute__((target("avx2"))) inline uint64_t highBits(const char* p)
{
    const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
    return uint32_t(_mm256_movemask_epi8(lo)) | (uint64_t(uint32_t(_mm256_movemask_epi8(hi))) << 32);
}

__attribute__((target("pclmul,sse2"))) inline uint64_t prefixXor(uint64_t x)
{
    const __m128i all = _mm_set1_epi8(char(0xff));
    return uint64_t(_mm_cvtsi128_si64(_mm_clmulepi64_si128(_mm_set_epi64x(0, int64_t(x)), all, 0)));
}

} // namespace

__attribute__((target("avx2,pclmul"))) void TraceScanner::scanAvx2(const char* p, uint64_t at, size_t n)
{
    size_t i = 0;
    for (; i + 64 <= n; i += 64) {
        const char* block = p + i;
        const uint64_t pos = at + i;
        if (const uint64_t high = highBits(block))
            m_lastNonAscii = int64_t(pos) + 63 - __builtin_clzll(high);
        if (topMode()) {
            scanScalar(block, pos, 64);
            continue;
        }
        const BlockMasks m = classify(block);
        bool escapeCarry = m_escape;
        const uint64_t escaped = (m.backslash | uint64_t(m_escape)) ? escapedBytes(m.backslash, escapeCarry) : 0;
        const uint64_t quotes = m.quote & ~escaped;
        const uint64_t inString = prefixXor(quotes) ^ (m_inString ? ~0ULL : 0ULL);
        const uint64_t outside = ~inString & ~quotes;
        const uint64_t bad = (m.control & inString & ~quotes) | (~m.allowed & outside);
        if (bad) { // the byte loop finds the first problem in order, and says what it is
            scanScalar(block, pos, 64);
            continue;
        }
        uint64_t brackets = m.brackets & outside;
        bool switched = false;
        while (brackets) {
            const int b = __builtin_ctzll(brackets);
            brackets &= brackets - 1;
            const char c = block[b];
            // Inside an event (deeper than its own '{'): only the nesting to keep. Else the full rules.
            if (c == '{' || c == '[') {
                if (m_eventDepth != 0 && m_depth >= m_eventDepth && m_depth < m_limits.max_depth) {
                    m_stack.push_back(c);
                    ++m_depth;
                    continue;
                }
                if (c == '{' && m_eventDepth != 0 && m_depth + 1 == m_eventDepth && m_depth < m_limits.max_depth) {
                    m_openEvent = int64_t(pos + uint64_t(b)); // an event begins: what open() does for it
                    m_stack.push_back(c);
                    ++m_depth;
                    continue;
                }
                open(c, pos + uint64_t(b));
            } else {
                if (m_eventDepth != 0 && m_depth > m_eventDepth && (c == '}') == (m_stack.back() == '{')) {
                    m_stack.pop_back();
                    --m_depth;
                    continue;
                }
                if (c == '}' && m_eventDepth != 0 && m_depth == m_eventDepth && m_stack.back() == '{' &&
                    pos + uint64_t(b) - uint64_t(m_openEvent) + 1 <= m_limits.max_event_bytes) {
                    endEvent(pos + uint64_t(b)); // an event ends within its limit: what close() does for it
                    m_stack.pop_back();
                    --m_depth;
                    continue;
                }
                close(c, pos + uint64_t(b));
            }
            if (topMode()) { // the rest of this block belongs to the top level: byte by byte
                m_inString = false;
                m_escape = false;
                scanScalar(block + b + 1, pos + uint64_t(b) + 1, size_t(63 - b));
                switched = true;
                break;
            }
        }
        if (!switched) {
            m_inString = (inString >> 63) != 0;
            m_escape = escapeCarry;
        }
    }
    if (i < n)
        scanScalar(p + i, at + i, n - i);
}

#endif

} // namespace loaderscope::detail

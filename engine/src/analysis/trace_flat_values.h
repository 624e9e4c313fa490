// SPDX-License-Identifier: MIT
// The flat event reader's value readers (see trace_flat.h): each reads one JSON value at p the
// way the simdjson path in trace_window.inc reads that member, and returns the byte after it, or
// nullptr where it is not sure to agree (the window then goes to simdjson). They rely on what the
// scanner has checked (strings closed, brackets matched) and on the window's padding (16 bytes
// may be read past any byte of the window). Shared by the member-by-member reader and the event
// layout (trace_flat.cpp); no state.
#pragma once

#include "trace_flat.h"

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace loaderscope::detail::flat {

enum class Key : uint8_t { Ph, Pid, Tid, Ts, Dur, Name, Cat, Args, Other };

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
inline const char* numberEnd(const char* p)
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
inline const char* scalarEnd(const char* p)
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
inline const char* skipValue(const char* p, const char* end)
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
inline const char* checkValue(const char* p, const char* end)
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

/// 10^k for k in [0, 8].
inline constexpr int64_t kPow10[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

/** How many ASCII digits p starts with, at most 16 (16 bytes are read: the window's padding). */
inline int digitRun(const char* p)
{
#if defined(__SSE2__)
    // b - '0' as unsigned is <= 9 for a digit; shifted by 128 it compares as signed.
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i shifted = _mm_sub_epi8(v, _mm_set1_epi8(char('0' + 128)));
    const unsigned digit = unsigned(_mm_movemask_epi8(_mm_cmplt_epi8(shifted, _mm_set1_epi8(char(-128 + 10)))));
    return __builtin_ctz(~digit | 0x10000u);
#else
    int n = 0;
    while (n < 16 && isDigit(p[n]))
        ++n;
    return n;
#endif
}

/**
 * The n (1 to 8) ASCII digits at p as a number, eight bytes at a time (8 bytes are read). The
 * digits go to the high bytes and '0' fills the rest, then pairs, quads and the whole are
 * combined with three multiplications.
 */
inline uint64_t eightDigits(const char* p, int n)
{
    uint64_t v;
    std::memcpy(&v, p, 8); // little-endian: the first digit in the lowest byte
    if (n < 8)
        v = (v << (8 * (8 - n))) | (0x3030303030303030ULL >> (8 * n));
    v -= 0x3030303030303030ULL;
    v = v * 10 + (v >> 8); // each byte pair: ten times the first digit plus the second
    v = (((v & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32))) +
         (((v >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32)))) >> 32;
    return v;
}

/** a == b, for texts inside the window (16 bytes past each may be read). */
inline bool sameText(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    if (a.empty())
        return true; // an empty view may have no data to read
#if defined(__SSE2__)
    if (a.size() <= 16) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a.data()));
        const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.data()));
        const unsigned mask = a.size() == 16 ? 0xFFFFu : (1u << a.size()) - 1;
        return (~unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y))) & mask) == 0;
    }
#endif
    return a == b;
}

/** The last string id hashed: an event's pid ("CPU functions") is most often the previous one's. */
struct IdCache
{
    std::string_view text;
    int64_t id = 0;
};

/** pid or tid, as readId() reads the cases handled here: a string, plain digits, or 0. */
inline const char* idValue(const char* p, const char* end, int64_t& id, std::string_view& text, IdCache& cache)
{
    if (*p == '"') {
        const char* after = stringValue(p, end, text);
        if (after && !sameText(text, cache.text))
            cache = {text, hashId(text)};
        id = cache.id;
        return after;
    }
    if (*p >= '1' && *p <= '9') { // the common form: up to 15 digits and a byte that ends the token
        const int n = digitRun(p);
        const char c = p[n];
        if (n < 16 && c != '.' && c != '-' && c != 'e' && c != 'E' && c != '+') {
            text = std::string_view(p, size_t(n));
            id = n > 8 ? int64_t(eightDigits(p, 8)) * kPow10[n - 8] + int64_t(eightDigits(p + 8, n - 8))
                       : int64_t(eightDigits(p, n));
            return p + n;
        }
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
    const int wholeDigits = digitRun(p);
    int64_t whole = 0;
    if (wholeDigits > 8)
        whole = int64_t(eightDigits(p, 8)) * kPow10[wholeDigits - 8] + int64_t(eightDigits(p + 8, wholeDigits - 8));
    else if (wholeDigits > 0)
        whole = int64_t(eightDigits(p, wholeDigits));
    p += wholeDigits;
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
inline const char* argsValue(const char* p, const char* end, RawEvent& e, bool wantBytes, bool strict)
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

} // namespace loaderscope::detail::flat

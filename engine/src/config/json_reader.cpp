// SPDX-License-Identifier: MIT
#include "json_reader.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <sstream>

namespace loaderscope::detail {

std::string clip(const std::string& text, size_t max)
{
    // Messages echo what the user wrote: a 50 MB key must not become a 50 MB message.
    if (text.size() <= max)
        return text;
    return text.substr(0, max) + "… (" + std::to_string(text.size()) + " bytes)";
}

void fail(const std::string& field, const std::string& message)
{
    throw ConfigError(clip(field, 120), clip(message, 600));
}

int editDistance(const std::string& a, const std::string& b)
{
    std::vector<int> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        prev[j] = int(j);
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = int(i);
        for (size_t j = 1; j <= b.size(); ++j) {
            const int subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
        }
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string closestMatch(const std::string& word, const std::vector<std::string>& candidates)
{
    if (word.size() > 64)
        return {}; // no key is that long: not a typo
    std::string best;
    int bestDistance = std::max(2, int(word.size()) / 3) + 1;
    for (const auto& c : candidates) {
        const int d = editDistance(word, c);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    return best;
}

std::string pythonRepr(const json& value)
{
    if (value.is_boolean())
        return value.get<bool>() ? "True" : "False";
    if (value.is_null())
        return "None";
    if (value.is_string())
        return "'" + value.get<std::string>() + "'";
    return value.dump();
}

std::string typeDescription(const json& value)
{
    switch (value.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    case json::value_t::number_float: return "a floating-point number";
    default: return "an integer";
    }
}

ObjectReader::ObjectReader(const json& value, std::string path, std::vector<std::string> known,
                           const std::vector<std::pair<std::string, std::string>>& elsewhere)
    : m_value(value), m_path(std::move(path))
{
    if (!value.is_object())
        fail(m_path, "expected an object, got " + typeDescription(value));
    for (const auto& item : value.items()) {
        if (std::find(known.begin(), known.end(), item.key()) != known.end())
            continue;
        std::string message = "unknown key '" + item.key() + "'";
        for (const auto& [key, section] : elsewhere) {
            if (key == item.key()) {
                fail(field(item.key()), message + "; it belongs in '" + section + "'");
            }
        }
        const std::string suggestion = closestMatch(item.key(), known);
        if (!suggestion.empty())
            message += "; did you mean '" + suggestion + "'?";
        else {
            message += " (known keys:";
            for (const auto& k : known)
                message += " " + k;
            message += ")";
        }
        fail(field(item.key()), message);
    }
}

const json* ObjectReader::find(const std::string& key) const
{
    auto it = m_value.find(key);
    return it == m_value.end() ? nullptr : &*it;
}

bool ObjectReader::isSet(const std::string& key) const
{
    const json* v = find(key);
    return v && !v->is_null();
}

int64_t ObjectReader::integer(const std::string& key, int64_t fallback, int64_t min,
                              int64_t max) const
{
    const json* v = find(key);
    if (!v || v->is_null())
        return fallback;
    if (!v->is_number_integer() && !v->is_number_unsigned())
        fail(field(key), "expected an integer, got " + typeDescription(*v) + " (" + v->dump() + ")");
    if (v->is_number_unsigned() && v->get<uint64_t>() > uint64_t(INT64_MAX))
        fail(field(key), "value " + v->dump() + " is out of range [" + std::to_string(min) + ", " +
                             std::to_string(max) + "]");
    const int64_t x = v->get<int64_t>();
    if (x < min || x > max)
        fail(field(key), "value " + std::to_string(x) + " is out of range [" + std::to_string(min) +
                             ", " + std::to_string(max) + "]");
    return x;
}

double ObjectReader::number(const std::string& key, double fallback, double min, double max) const
{
    const json* v = find(key);
    if (!v || v->is_null())
        return fallback;
    if (!v->is_number())
        fail(field(key), "expected a number, got " + typeDescription(*v) + " (" + v->dump() + ")");
    const double x = v->get<double>();
    if (!std::isfinite(x) || x < min || x > max) {
        std::ostringstream os;
        os << "value " << v->dump() << " is out of range [" << min << ", " << max << "]";
        fail(field(key), os.str());
    }
    return x;
}

bool ObjectReader::boolean(const std::string& key, bool fallback) const
{
    const json* v = find(key);
    if (!v || v->is_null())
        return fallback;
    if (!v->is_boolean())
        fail(field(key), "expected true or false, got " + typeDescription(*v) + " (" + v->dump() + ")");
    return v->get<bool>();
}

std::string ObjectReader::string(const std::string& key, const std::string& fallback) const
{
    const json* v = find(key);
    if (!v || v->is_null())
        return fallback;
    if (!v->is_string())
        fail(field(key), "expected a string, got " + typeDescription(*v) + " (" + v->dump() + ")");
    return v->get<std::string>();
}

namespace {

/// The config text as the parser reads it, one character at a time, counting how far it has read
/// (bytes): the depth limit is checked in the parser's callback, which is told the depth but not
/// the place, and the message names the byte.
class CountingIterator
{
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    CountingIterator(const char* at, const char* begin, size_t* read) : m_at(at), m_begin(begin), m_read(read) {}
    reference operator*() const { return *m_at; }
    CountingIterator& operator++()
    {
        *m_read = size_t(++m_at - m_begin);
        return *this;
    }
    bool operator==(const CountingIterator& o) const { return m_at == o.m_at; }
    bool operator!=(const CountingIterator& o) const { return m_at != o.m_at; }

private:
    const char* m_at;
    const char* m_begin;
    size_t* m_read;
};

} // namespace

json parseStrictJson(const std::string& jsonText, size_t maxBytes, int maxDepth)
{
    if (jsonText.size() > maxBytes)
        fail("", "the config is " + std::to_string(jsonText.size()) + " bytes; a config is at most " +
                     std::to_string(maxBytes) + " bytes");
    // Duplicate keys: JSON parsers keep the last one silently (64 workers started where the user
    // saw 4). A stack of the keys seen in each open object, and the path for the message.
    struct Level
    {
        std::vector<std::string> keys;
        std::string name;
    };
    std::vector<Level> levels;
    std::string lastKey;
    size_t read = 0; // bytes the parser has read: at an object's or array's start, just past its '{' or '['
    // nlohmann's parser is iterative, and its callback is told the depth of each object and array
    // as it starts (0 at the top): past maxDepth levels the parse stops there, before the value
    // grows any deeper (10^5 nested '[' would otherwise cost the memory and time of 10^5 levels).
    auto tooDeep = [&](int depth) {
        if (depth >= maxDepth)
            fail("", "the config nests objects and arrays deeper than " + std::to_string(maxDepth) + " levels (at byte " +
                         std::to_string(read - 1) + ")");
    };
    auto callback = [&](int depth, json::parse_event_t event, json& parsed) {
        switch (event) {
        case json::parse_event_t::object_start:
            tooDeep(depth);
            levels.push_back({{}, lastKey});
            lastKey.clear();
            break;
        case json::parse_event_t::object_end:
            if (!levels.empty())
                levels.pop_back();
            break;
        case json::parse_event_t::array_start:
            tooDeep(depth);
            levels.push_back({{}, lastKey + "[]"});
            lastKey.clear();
            break;
        case json::parse_event_t::array_end:
            if (!levels.empty())
                levels.pop_back();
            break;
        case json::parse_event_t::key: {
            const std::string key = parsed.is_string() ? parsed.get<std::string>() : std::string();
            if (!levels.empty()) {
                auto& keys = levels.back().keys;
                if (std::find(keys.begin(), keys.end(), key) != keys.end()) {
                    std::string path;
                    for (const Level& l : levels)
                        if (!l.name.empty())
                            path += (path.empty() ? "" : ".") + l.name;
                    path += (path.empty() ? "" : ".") + key;
                    fail(path, "this key appears twice; JSON keeps only the last one, so which value is meant is "
                               "ambiguous: remove one");
                }
                keys.push_back(key);
            }
            lastKey = key;
            break;
        }
        case json::parse_event_t::value:
            lastKey.clear();
            break;
        }
        return true;
    };
    const char* text = jsonText.data();
    return json::parse(CountingIterator(text, text, &read), CountingIterator(text + jsonText.size(), text, &read), callback,
                       true, /*ignore_comments=*/true);
}


} // namespace loaderscope::detail

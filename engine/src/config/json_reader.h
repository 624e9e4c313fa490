// SPDX-License-Identifier: MIT
// Strict, message-friendly reading of JSON objects for the config parser: unknown keys with a
// "did you mean" suggestion, exact type checks, ranges. Every error names the dotted field.
#pragma once

#include "loaderscope/config/config.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <string>
#include <vector>

namespace loaderscope::detail {

using nlohmann::json;

/** Levenshtein distance, for suggestions. */
int editDistance(const std::string& a, const std::string& b);
/** The closest candidate within a small distance, or empty. */
std::string closestMatch(const std::string& word, const std::vector<std::string>& candidates);
/** JSON value rendered the way a Python user would read it in a message (True, None, 'x'). */
std::string pythonRepr(const json& value);
/** "a number", "a string", ... */
std::string typeDescription(const json& value);

class ObjectReader
{
public:
    /// Checks that `value` is an object with no keys outside `known`.
    ObjectReader(const json& value, std::string path, std::vector<std::string> known,
                 const std::vector<std::pair<std::string, std::string>>& elsewhere = {});

    std::string field(const std::string& key) const { return m_path.empty() ? key : m_path + "." + key; }
    /// nullptr when absent; a JSON null is returned as a null value.
    const json* find(const std::string& key) const;
    bool isSet(const std::string& key) const;  ///< present and not null

    int64_t integer(const std::string& key, int64_t fallback, int64_t min, int64_t max) const;
    double number(const std::string& key, double fallback, double min, double max) const;
    bool boolean(const std::string& key, bool fallback) const;
    std::string string(const std::string& key, const std::string& fallback) const;

private:
    const json& m_value;
    std::string m_path;
};

/// `text`, cut to `max` bytes with a note of its real size.
std::string clip(const std::string& text, size_t max);
[[noreturn]] void fail(const std::string& field, const std::string& message);

/**
 * Parses a config's JSON text (comments allowed) with the limits a hostile file needs: at most
 * `maxBytes`, nesting at most `maxDepth` deep (checked as the parser goes), and no key twice in one
 * object (ConfigError naming the key). json::parse_error for text that is not JSON.
 */
json parseStrictJson(const std::string& jsonText, size_t maxBytes, int maxDepth);

} // namespace loaderscope::detail

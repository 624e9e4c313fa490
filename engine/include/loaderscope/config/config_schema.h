// SPDX-License-Identifier: MIT
// The config keys as data: for every scalar key, its type, the value used when it is absent and the
// values it accepts. The engine's parser (config.cpp) and the app's form (gui/config/model/configfields.cpp)
// both read this table, so a default, a range or a choice list is defined once. docs/config.md
// documents the keys; the defaults come from the structs of config.h.
#pragma once

#include "loaderscope/config/config.h"

#include <string>
#include <string_view>
#include <vector>

namespace loaderscope {

struct ConfigKey
{
    enum class Type { Int, Number, Bool, Text, Choice };

    std::string path;                 ///< dotted: "loader.num_workers", "faults.kind" (each fault)
    Type type = Type::Int;
    double min = 0;                   ///< Int, Number: smallest accepted value
    double max = 0;                   ///< Int, Number: largest accepted value
    double number = 0;                ///< Int, Number: the value when absent; Bool: 0 or 1
    std::string text;                 ///< Text, Choice: the value when absent
    std::vector<std::string> choices; ///< Choice: accepted values, in the order of the enum they map to

    std::string name() const;         ///< the last part of the path: "num_workers"
    int choiceIndex(const std::string& value) const; ///< index in `choices`, -1 when not one of them
    std::string choiceList() const;   ///< "'map', 'iterable' or 'files'" for messages
    bool flag() const { return number != 0; } ///< Bool's default
};

/// dataset.io_latency_us when the config does not set it (µs): the synthetic datasets' default
/// (the schema's), but none for a files dataset, whose latency is its real reads (a default would
/// slow it twice).
double defaultIoLatencyUs(DatasetConfig::Kind kind);

/// Every scalar key, in the order of docs/config.md.
const std::vector<ConfigKey>& configKeys();
/// The key at `path`. Throws std::logic_error for a path the table does not hold (a programming
/// error: the parser and the form only ask for keys they know).
const ConfigKey& configKey(std::string_view path);

} // namespace loaderscope

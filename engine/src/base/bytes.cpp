// SPDX-License-Identifier: MIT
#include "loaderscope/base/bytes.h"

#include <charconv>
#include <cstdio>
#include <fstream>

namespace loaderscope {

uint64_t physicalMemoryBytes()
{
    // "MemTotal:       24599112 kB"
    std::ifstream in("/proc/meminfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("MemTotal:", 0) != 0)
            continue;
        size_t i = sizeof "MemTotal:" - 1;
        while (i < line.size() && line[i] == ' ')
            ++i;
        uint64_t kb = 0;
        if (std::from_chars(line.data() + i, line.data() + line.size(), kb).ec != std::errc())
            return 0;
        return kb * 1024;
    }
    return 0;
}

std::string formatBytes(uint64_t b)
{
    char buf[64];
    if (b >= (1ULL << 30))
        std::snprintf(buf, sizeof buf, "%.1f GiB", double(b) / double(1ULL << 30));
    else if (b >= (1ULL << 20))
        std::snprintf(buf, sizeof buf, "%.1f MiB", double(b) / double(1ULL << 20));
    else
        std::snprintf(buf, sizeof buf, "%llu KiB", (unsigned long long)((b + 512) / 1024));
    return buf;
}

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// FNV-1a, the one hash of the engine: the config digest in the segment header (64-bit, bytes),
// the batch checksum (64-bit, mixing 8-byte words), and the recording's chunk checksum (32-bit).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace loaderscope::fnv1a {

inline constexpr uint64_t kOffset64 = 1469598103934665603ULL;
inline constexpr uint64_t kPrime64 = 1099511628211ULL;
inline constexpr uint32_t kOffset32 = 2166136261u;
inline constexpr uint32_t kPrime32 = 16777619u;

/// One FNV-1a step: `value` (a byte, or a whole word where the caller hashes words) into `h`.
constexpr uint64_t mix64(uint64_t h, uint64_t value)
{
    return (h ^ value) * kPrime64;
}

/// 64-bit FNV-1a of the bytes of `text`.
constexpr uint64_t hash64(std::string_view text)
{
    uint64_t h = kOffset64;
    for (unsigned char c : text)
        h = mix64(h, c);
    return h;
}

/// 32-bit FNV-1a of `n` bytes.
inline uint32_t hash32(const uint8_t* p, size_t n)
{
    uint32_t h = kOffset32;
    for (size_t i = 0; i < n; ++i)
        h = (h ^ p[i]) * kPrime32;
    return h;
}

} // namespace loaderscope::fnv1a

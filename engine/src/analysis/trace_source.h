// SPDX-License-Identifier: MIT
#pragma once
// Where an imported profiler trace's bytes come from: a file, a gzip stream, or memory
// (trace_reader.cpp reads them through one bounded buffer).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

namespace loaderscope::detail {

/** Where the decompressed bytes come from. read() returns 0 at the end; errors throw. */
class TraceSource
{
public:
    virtual ~TraceSource() = default;
    virtual size_t read(char* dst, size_t n) = 0;
    virtual uint64_t diskDone() const = 0; ///< bytes of the file on disk consumed so far
    /// A compressed stream (gzip): its bytes expand about tenfold as read.
    virtual bool compressed() const { return false; }
    uint64_t diskTotal = 0;
};

class MemoryTraceSource : public TraceSource
{
public:
    MemoryTraceSource(const char* data, size_t size) : m_data(data), m_size(size) { diskTotal = size; }
    size_t read(char* dst, size_t n) override
    {
        n = std::min(n, m_size - m_at);
        std::memcpy(dst, m_data + m_at, n);
        m_at += n;
        return n;
    }
    uint64_t diskDone() const override { return m_at; }

private:
    const char* m_data;
    size_t m_size;
    size_t m_at = 0;
};

/// The file at `path`, gzip-compressed or not (told by its first two bytes). Throws
/// TraceImportError when it cannot be opened or is not a file.
std::unique_ptr<TraceSource> openTraceSource(const std::string& path);

} // namespace loaderscope::detail

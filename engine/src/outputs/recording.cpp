// SPDX-License-Identifier: MIT
#include "loaderscope/recording.h"

#include "base/fnv1a.h"

#include "loaderscope/output_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace loaderscope {

namespace {

/// A chunk never holds more than this (bounds what a reader allocates for a hostile file).
constexpr uint32_t kMaxChunkBytes = 64u << 20;

uint64_t zigzag(int64_t v)
{
    return (uint64_t(v) << 1) ^ uint64_t(v >> 63);
}

int64_t unzigzag(uint64_t v)
{
    return int64_t(v >> 1) ^ -int64_t(v & 1);
}

void putVarint(std::vector<uint8_t>& out, uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(uint8_t(v) | 0x80);
        v >>= 7;
    }
    out.push_back(uint8_t(v));
}

bool getVarint(const uint8_t*& p, const uint8_t* end, uint64_t& v)
{
    v = 0;
    for (int shift = 0; shift < 64 && p < end; shift += 7) {
        const uint8_t b = *p++;
        v |= uint64_t(b & 0x7f) << shift;
        if (!(b & 0x80))
            return true;
    }
    return false;
}

bool fullPread(int fd, void* buf, size_t n, uint64_t off)
{
    auto* p = static_cast<uint8_t*>(buf);
    while (n > 0) {
        const ssize_t r = ::pread(fd, p, n, off_t(off));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        p += r;
        n -= size_t(r);
        off += uint64_t(r);
    }
    return true;
}

} // namespace

// --- writer ------------------------------------------------------------------------------------

RecordingWriter::RecordingWriter(const std::string& path, const RecordingHeader& header) : m_header(header)
{
    try {
        m_file = std::make_unique<OutputFile>(path);
    } catch (const std::exception& e) {
        throw RecordingError(e.what());
    }
    m_header.events = 0;
    m_header.complete = 0;
    m_pending.reserve(kChunkEvents);
    if (!m_file->write(&m_header, sizeof m_header))
        throw RecordingError(m_file->error());
}

RecordingWriter::~RecordingWriter() = default;

const std::string& RecordingWriter::livePath() const
{
    return m_file->tempPath();
}

void RecordingWriter::writeChunk()
{
    if (m_pending.empty())
        return;
    ChunkHeader h;
    h.count = uint32_t(m_pending.size());
    h.t_min = UINT64_MAX;
    for (const Event& e : m_pending) {
        h.t_min = std::min(h.t_min, e.t0);
        h.t_max = std::max(h.t_max, e.t1);
    }
    m_buffer.resize(sizeof h);
    m_buffer.reserve(sizeof h + m_pending.size() * 16);
    uint64_t prev = h.t_min;
    for (const Event& e : m_pending) {
        m_buffer.push_back(uint8_t(e.kind));
        putVarint(m_buffer, zigzag(e.lane));
        putVarint(m_buffer, zigzag(int64_t(e.t0 - prev)));
        putVarint(m_buffer, zigzag(int64_t(e.t1 - e.t0)));
        putVarint(m_buffer, zigzag(e.batch));
        putVarint(m_buffer, zigzag(e.arg0));
        putVarint(m_buffer, zigzag(e.arg1));
        prev = e.t0;
    }
    h.payload_bytes = uint32_t(m_buffer.size() - sizeof h);
    h.checksum = fnv1a::hash32(m_buffer.data() + sizeof h, h.payload_bytes);
    std::memcpy(m_buffer.data(), &h, sizeof h);
    // One write per chunk: a reader sees it whole or not at all.
    if (m_error.empty() && !m_file->write(m_buffer.data(), m_buffer.size()))
        m_error = m_file->error();
    if (m_error.empty())
        m_events += m_pending.size();
    m_pending.clear();
}

void RecordingWriter::flush()
{
    writeChunk();
}

bool RecordingWriter::close(std::string* error, bool durable)
{
    writeChunk();
    // A recording streamed to a pipe or device cannot be rewritten at offset 0: its header keeps
    // complete = 0, and readers take its chunks as they come.
    if (m_error.empty() && !m_file->inPlace()) {
        m_header.events = m_events;
        m_header.complete = 1;
        if (pwrite(m_file->fd(), &m_header, sizeof m_header, 0) != ssize_t(sizeof m_header))
            m_error = "cannot write '" + m_file->path() + "': " + std::strerror(errno);
    }
    if (m_error.empty() && !m_file->commit(durable))
        m_error = m_file->error();
    if (error)
        *error = m_error;
    return m_error.empty();
}

// --- reader ------------------------------------------------------------------------------------

RecordingReader::RecordingReader(const std::string& path)
{
    m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (m_fd < 0)
        throw RecordingError("cannot open " + path + ": " + std::strerror(errno));
    struct stat st {};
    if (fstat(m_fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(m_fd);
        m_fd = -1;
        throw RecordingError(path + " is not a regular file");
    }
    if (!fullPread(m_fd, &m_header, sizeof m_header, 0) || std::memcmp(m_header.magic, RecordingHeader().magic, sizeof m_header.magic) != 0 ||
        m_header.header_bytes != sizeof(RecordingHeader) || m_header.num_workers > 1024) {
        ::close(m_fd);
        m_fd = -1;
        throw RecordingError(path + " is not a Loaderscope recording (or from another version)");
    }
    m_next = sizeof(RecordingHeader);
    refresh();
}

RecordingReader::~RecordingReader()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

size_t RecordingReader::refresh()
{
    size_t found = 0;
    struct stat st {};
    if (m_corrupt || fstat(m_fd, &st) != 0)
        return 0;
    const uint64_t size = uint64_t(st.st_size);
    m_fileBytes = size;
    while (m_next + sizeof(ChunkHeader) <= size) {
        ChunkHeader h;
        if (!fullPread(m_fd, &h, sizeof h, m_next))
            break;
        if (h.magic != ChunkHeader().magic || h.payload_bytes > kMaxChunkBytes || h.count == 0 ||
            uint64_t(h.count) > h.payload_bytes || h.t_max < h.t_min) {
            m_corrupt = true;
            break;
        }
        if (m_next + sizeof h + h.payload_bytes > size)
            break; // still being written
        m_chunks.push_back({m_next + sizeof h, h.count, h.payload_bytes, h.t_min, h.t_max, h.checksum});
        m_tMin = m_chunks.size() == 1 ? h.t_min : std::min(m_tMin, h.t_min);
        m_tMax = std::max(m_tMax, h.t_max);
        m_indexedEvents += h.count;
        m_next += sizeof h + h.payload_bytes;
        ++found;
    }
    m_indexedBytes = m_next;
    return found;
}

bool RecordingReader::decode(const Chunk& c, std::vector<uint8_t>& buf, const std::function<void(const Event&)>& sink) const
{
    buf.resize(c.bytes);
    if (!fullPread(m_fd, buf.data(), c.bytes, c.offset) || fnv1a::hash32(buf.data(), c.bytes) != c.checksum)
        return false;
    const uint8_t* p = buf.data();
    const uint8_t* end = p + c.bytes;
    uint64_t prev = c.t_min;
    for (uint32_t i = 0; i < c.count; ++i) {
        if (p >= end)
            return false;
        Event e;
        const uint8_t kind = *p++;
        uint64_t lane, dt, dur, batch, a0, a1;
        if (!getVarint(p, end, lane) || !getVarint(p, end, dt) || !getVarint(p, end, dur) ||
            !getVarint(p, end, batch) || !getVarint(p, end, a0) || !getVarint(p, end, a1))
            return false;
        if (kind == 0 || kind >= uint8_t(EventKind::Count))
            return false;
        e.kind = EventKind(kind);
        e.lane = int16_t(unzigzag(lane));
        e.t0 = prev + uint64_t(unzigzag(dt));
        e.t1 = e.t0 + uint64_t(unzigzag(dur));
        e.batch = unzigzag(batch);
        e.arg0 = unzigzag(a0);
        e.arg1 = unzigzag(a1);
        prev = e.t0;
        sink(e);
    }
    return true;
}

RecordingReader::Shortfall RecordingReader::shortfall() const
{
    Shortfall s;
    s.stoppedAt = m_next;
    s.fileBytes = std::max(m_fileBytes, m_next);
    s.eventsRead = m_indexedEvents;
    s.eventsExpected = m_header.complete ? m_header.events : 0;
    // A recording streamed to a pipe keeps complete = 0: without a count, only bytes past the
    // last whole chunk (or a bad chunk) tell that it was cut.
    s.truncated = m_corrupt || s.fileBytes > m_next || (m_header.complete && m_header.events != m_indexedEvents);
    return s;
}

std::string describeShortfall(const RecordingReader::Shortfall& s)
{
    std::string text = "reading stopped at byte " + std::to_string(s.stoppedAt) + " of " + std::to_string(s.fileBytes) +
                       ", after " + std::to_string(s.eventsRead) + " events";
    if (s.eventsExpected > 0)
        text += " (the header counts " + std::to_string(s.eventsExpected) + ")";
    return text;
}

void RecordingReader::read(uint64_t t0, uint64_t t1, const std::function<void(const Event&)>& sink,
                           const std::function<bool()>& cancel) const
{
    std::vector<uint8_t> buf;
    for (const Chunk& c : m_chunks) {
        if (c.t_max < t0 || c.t_min > t1)
            continue;
        if (cancel && cancel())
            return;
        if (!decode(c, buf, sink))
            throw RecordingError("the recording is corrupt at byte " + std::to_string(c.offset));
    }
}

} // namespace loaderscope

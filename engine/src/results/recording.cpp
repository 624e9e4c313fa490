// SPDX-License-Identifier: MIT
#include "loaderscope/results/recording.h"

#include "loaderscope/base/clock.h"
#include "loaderscope/base/input_file.h"

#include "base/fnv1a.h"

#include "loaderscope/base/output_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifndef LOADERSCOPE_NO_ZSTD
#include <zstd.h>
#endif

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

int recordingFormatVersion(const char* magic)
{
    if (std::memcmp(magic, kRecordingMagicV2, 5) != 0) // "LSREC"
        return -1;
    int v = 0;
    for (int i = 5; i < 8; ++i) {
        if (magic[i] < '0' || magic[i] > '9')
            return -1;
        v = v * 10 + (magic[i] - '0');
    }
    return v;
}

std::string describeOtherVersion(const std::string& path, int version)
{
    const std::string range = "this Loaderscope " LOADERSCOPE_VERSION " reads formats " + std::to_string(kOldestRecordingVersion) +
                              " to " + std::to_string(kNewestRecordingVersion);
    if (version > kNewestRecordingVersion)
        return path + " was written by a newer Loaderscope (recording format " + std::to_string(version) + "; " + range +
               "): open it with a newer Loaderscope, or upgrade this one";
    return path + " is in an old recording format (" + std::to_string(version) + ") that " + range +
           " no longer include";
}

bool zstdDecompress(int in, int out, std::string& error, uint64_t limit)
{
#ifdef LOADERSCOPE_NO_ZSTD
    // The probe built from its source package where zstd's headers were missing.
    (void)in;
    (void)out;
    (void)limit;
    error = "this build has no zstd: install zstd's headers (libzstd-dev) and reinstall loaderscope to read --zstd streams";
    return false;
#else
    ZSTD_DStream* ds = ZSTD_createDStream();
    if (!ds) {
        error = "out of memory";
        return false;
    }
    std::vector<uint8_t> inBuf(ZSTD_DStreamInSize()), outBuf(ZSTD_DStreamOutSize());
    size_t last = 0; // 0 after a whole frame
    uint64_t written = 0;
    bool ok = true;
    for (;;) {
        const ssize_t n = ::read(in, inBuf.data(), inBuf.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            error = std::strerror(errno);
            ok = false;
            break;
        }
        if (n == 0)
            break;
        ZSTD_inBuffer ib{inBuf.data(), size_t(n), 0};
        while (ib.pos < ib.size) {
            ZSTD_outBuffer ob{outBuf.data(), outBuf.size(), 0};
            last = ZSTD_decompressStream(ds, &ob, &ib);
            if (ZSTD_isError(last)) {
                error = ZSTD_getErrorName(last);
                ok = false;
                break;
            }
            if (limit && written + ob.pos > limit) {
                error = "it decompresses to more than " + std::to_string(limit) + " bytes";
                ok = false;
                break;
            }
            written += ob.pos;
            for (size_t done = 0; done < ob.pos;) {
                const ssize_t w = ::write(out, outBuf.data() + done, ob.pos - done);
                if (w < 0 && errno == EINTR)
                    continue;
                if (w <= 0) {
                    error = std::strerror(errno);
                    ZSTD_freeDStream(ds);
                    return false;
                }
                done += size_t(w);
            }
        }
        if (!ok)
            break;
    }
    ZSTD_freeDStream(ds);
    if (ok && last != 0) {
        error = "the compressed data ends inside a zstd frame";
        ok = false;
    }
    return ok;
#endif
}

namespace {

/// An unnamed temporary file for a decompressed recording: in $TMPDIR (or /tmp), else in memory.
int unnamedTempFile()
{
    const char* dir = std::getenv("TMPDIR");
    int fd = ::open(dir && *dir ? dir : "/tmp", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0)
        fd = memfd_create("loaderscope-recording", MFD_CLOEXEC);
    return fd;
}

} // namespace

const char* streamEndReasonName(uint32_t reason)
{
    switch (StreamEndReason(reason)) {
    case StreamEndReason::Finished: return "finished";
    case StreamEndReason::Failed: return "failed";
    case StreamEndReason::CreatorGone: return "creator_gone";
    case StreamEndReason::Interrupted: return "interrupted";
    case StreamEndReason::Damaged: return "damaged";
    }
    return "unknown";
}

std::string StreamInfo::field(const std::string& key) const
{
    for (const auto& [k, v] : fields)
        if (k == key)
            return v;
    return {};
}

// --- frames (shared by the file recording and the stream) -------------------------------------

void encodeEventChunk(const Event* events, size_t n, std::vector<uint8_t>& out)
{
    if (n == 0)
        return;
    ChunkHeader h;
    h.count = uint32_t(n);
    h.t_min = UINT64_MAX;
    for (size_t i = 0; i < n; ++i) {
        h.t_min = std::min(h.t_min, events[i].t0);
        h.t_max = std::max(h.t_max, events[i].t1);
    }
    const size_t start = out.size();
    out.resize(start + sizeof h);
    out.reserve(start + sizeof h + n * 16);
    uint64_t prev = h.t_min;
    for (size_t i = 0; i < n; ++i) {
        const Event& e = events[i];
        out.push_back(uint8_t(e.kind));
        putVarint(out, zigzag(e.lane));
        putVarint(out, zigzag(int64_t(e.t0 - prev)));
        putVarint(out, zigzag(int64_t(e.t1 - e.t0)));
        putVarint(out, zigzag(e.batch));
        putVarint(out, zigzag(e.arg0));
        putVarint(out, zigzag(e.arg1));
        prev = e.t0;
    }
    h.payload_bytes = uint32_t(out.size() - start - sizeof h);
    h.checksum = fnv1a::hash32(out.data() + start + sizeof h, h.payload_bytes);
    std::memcpy(out.data() + start, &h, sizeof h);
}

void encodeRecordFrame(uint32_t magic, uint64_t t, const void* payload, size_t bytes, std::vector<uint8_t>& out)
{
    ChunkHeader h;
    h.magic = magic;
    h.count = 1; // the record's layout version
    h.t_min = h.t_max = t;
    h.payload_bytes = uint32_t(bytes);
    h.checksum = fnv1a::hash32(static_cast<const uint8_t*>(payload), bytes);
    const size_t start = out.size();
    out.resize(start + sizeof h + bytes);
    std::memcpy(out.data() + start, &h, sizeof h);
    std::memcpy(out.data() + start + sizeof h, payload, bytes);
}

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
    m_buffer.clear();
    encodeEventChunk(m_pending.data(), m_pending.size(), m_buffer);
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

void RecordingWriter::describe(const std::string& json)
{
    if (json == m_described || json.size() > kMaxChunkBytes - sizeof(StreamJobRecord))
        return;
    writeChunk(); // the events before it come first in the file, as they came first
    std::vector<uint8_t> payload(sizeof(StreamJobRecord));
    const StreamJobRecord record;
    std::memcpy(payload.data(), &record, sizeof record);
    payload.insert(payload.end(), json.begin(), json.end());
    m_buffer.clear();
    encodeRecordFrame(kFrameJob, nowNs(), payload.data(), payload.size(), m_buffer);
    if (m_error.empty() && !m_file->write(m_buffer.data(), m_buffer.size()))
        m_error = m_file->error();
    m_described = json;
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
    // Never waits in the open (a FIFO nobody writes): regular files only (base/input_file.h).
    std::string openError;
    m_fd = openRegularInput(path, &openError, /*noFollow=*/true);
    if (m_fd < 0)
        throw RecordingError(openError);
    struct stat st {};
    fstat(m_fd, &st);
    // A stream saved with --zstd: its zstd frames decompress to the recording's bytes.
    static constexpr uint8_t kZstdMagic[4] = {0x28, 0xb5, 0x2f, 0xfd};
    uint8_t first[4] = {};
    if (fullPread(m_fd, first, sizeof first, 0) && std::memcmp(first, kZstdMagic, sizeof first) == 0) {
        const int tmp = unnamedTempFile();
        if (tmp < 0) {
            const int err = errno;
            ::close(m_fd);
            m_fd = -1;
            throw RecordingError("cannot decompress " + path + ": no temporary file: " + std::strerror(err));
        }
        // A hostile file (a "zstd bomb") must not fill the temporary folder: a recording compresses
        // about 2 to 1, so more than 32 times its size (and 256 MiB) is not one.
        const uint64_t limit = std::max<uint64_t>(uint64_t(256) << 20, uint64_t(st.st_size) * 32);
        std::string error;
        m_compressedCut = !zstdDecompress(m_fd, tmp, error, limit);
        ::close(m_fd);
        m_fd = tmp;
        m_compressed = true;
    }
    // A recording of another format version says which, before its header is judged by this
    // version's layout (a newer one may lay it out otherwise).
    if (char magic[8]; fullPread(m_fd, magic, sizeof magic, 0)) {
        const int other = recordingFormatVersion(magic);
        if (other > kNewestRecordingVersion || (other >= 0 && other < kOldestRecordingVersion)) {
            ::close(m_fd);
            m_fd = -1;
            throw RecordingError(describeOtherVersion(path, other));
        }
    }
    if (!fullPread(m_fd, &m_header, sizeof m_header, 0) || m_header.header_bytes != sizeof(RecordingHeader) ||
        m_header.num_workers > 1024) {
        ::close(m_fd);
        m_fd = -1;
        if (m_compressedCut)
            throw RecordingError(path + " is zstd data that ends (or is damaged) before a recording's header");
        throw RecordingError(path + " is not a Loaderscope recording (or from another version)");
    }
    if (std::memcmp(m_header.magic, kRecordingMagicV2, sizeof m_header.magic) == 0) {
        m_version = 2;
    } else if (std::memcmp(m_header.magic, kRecordingMagicV3, sizeof m_header.magic) == 0) {
        m_version = 3;
    } else if (std::memcmp(m_header.magic, kRecordingMagicV4, sizeof m_header.magic) == 0) {
        m_version = 4;
    } else {
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
        const bool events = h.magic == kFrameEvents;
        const bool record = m_version >= 3 && (h.magic == kFrameStreamInfo || h.magic == kFrameBeacon || h.magic == kFrameEnd ||
                                                h.magic == kFramePong || h.magic == kFrameJob);
        if ((!events && !record) || h.payload_bytes > kMaxChunkBytes || h.count == 0 ||
            uint64_t(h.count) > h.payload_bytes || h.t_max < h.t_min) {
            m_corrupt = true;
            break;
        }
        if (m_next + sizeof h + h.payload_bytes > size)
            break; // still being written
        if (record) {
            if (!indexRecord(h, m_next + sizeof h)) {
                m_corrupt = true;
                break;
            }
            m_next += sizeof h + h.payload_bytes;
            continue;
        }
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

bool RecordingReader::indexRecord(const ChunkHeader& h, uint64_t offset)
{
    std::vector<uint8_t> buf(h.payload_bytes);
    if (!fullPread(m_fd, buf.data(), buf.size(), offset) || fnv1a::hash32(buf.data(), buf.size()) != h.checksum ||
        buf.size() < sizeof(uint32_t))
        return false;
    uint32_t bytes = 0;
    std::memcpy(&bytes, buf.data(), sizeof bytes);
    if (bytes < sizeof(uint32_t) || bytes > buf.size())
        return false;
    // A record of a later layout carries more fields: take the ones known here.
    auto take = [&](auto& record) {
        std::memcpy(&record, buf.data(), std::min<size_t>(bytes, sizeof record));
        record.bytes = uint32_t(sizeof record);
    };
    switch (h.magic) {
    case kFrameStreamInfo: {
        StreamInfo info;
        take(info.record);
        const std::string text(reinterpret_cast<const char*>(buf.data()) + bytes, buf.size() - bytes);
        for (size_t pos = 0; pos < text.size();) {
            size_t eol = text.find('\n', pos);
            if (eol == std::string::npos)
                eol = text.size();
            const std::string line = text.substr(pos, eol - pos);
            if (const size_t eq = line.find('='); eq != std::string::npos)
                info.fields.emplace_back(line.substr(0, eq), line.substr(eq + 1));
            pos = eol + 1;
        }
        if (!m_info)
            m_info = std::move(info);
        return true;
    }
    case kFrameBeacon: {
        StreamBeacon b;
        take(b);
        m_beacons.push_back(b);
        return true;
    }
    case kFrameEnd: {
        StreamEnd e;
        take(e);
        m_end = e;
        return true;
    }
    case kFrameJob: {
        // The text after the fixed part (a later layout's longer fixed part is skipped by its size).
        m_job.assign(reinterpret_cast<const char*>(buf.data()) + bytes, buf.size() - bytes);
        ++m_jobRecords;
        return true;
    }
    case kFramePong: {
        StreamPong p;
        take(p);
        // A hostile stream answering without end must not grow memory without bound.
        if (m_pongs.size() < 65536)
            m_pongs.push_back(p);
        return true;
    }
    default:
        return false;
    }
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

bool RecordingReader::readChunks(size_t first, size_t last, const std::function<void(const Event&)>& sink) const
{
    std::vector<uint8_t> buf;
    for (size_t i = first; i < std::min(last, m_chunks.size()); ++i)
        if (!decode(m_chunks[i], buf, sink))
            return false;
    return true;
}

RecordingReader::Shortfall RecordingReader::shortfall() const
{
    Shortfall s;
    s.stoppedAt = m_next;
    s.fileBytes = std::max(m_fileBytes, m_next);
    s.eventsRead = m_indexedEvents;
    s.eventsExpected = m_header.complete ? m_header.events : m_end ? m_end->events : 0;
    // A recording streamed to a pipe keeps complete = 0: without a count, only bytes past the
    // last whole chunk (or a bad chunk) tell that it was cut. A stream counts its events in its
    // end record, and one without that record was cut (or its writer killed).
    s.noEnd = m_version == 3 && !m_end; // cut before its info record too (a header alone)
    s.compressedCut = m_compressedCut;
    s.truncated = m_corrupt || s.fileBytes > m_next || (m_header.complete && m_header.events != m_indexedEvents) ||
                  (!m_header.complete && m_end && m_end->events != m_indexedEvents) ||
                  s.noEnd || s.compressedCut;
    return s;
}

std::string describeShortfall(const RecordingReader::Shortfall& s)
{
    std::string text = "reading stopped at byte " + std::to_string(s.stoppedAt) + " of " + std::to_string(s.fileBytes) +
                       ", after " + std::to_string(s.eventsRead) + " events";
    if (s.eventsExpected > 0)
        text += " (the header counts " + std::to_string(s.eventsExpected) + ")";
    if (s.compressedCut)
        text += "; the compressed data ends inside a zstd frame (or is damaged, or decompresses to too much)";
    if (s.noEnd)
        text += "; the stream has no end record";
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

// SPDX-License-Identifier: MIT
// The recording of a run: every event, written to disk as the collector drains the rings, in
// self-describing chunks (compact varint records, the chunk's time range in its header), so
// memory stays bounded however long the run, a reader can follow the file while it grows, and any
// time range can be read back without reading the rest. Chrome traces are made from it.
//
// File: RecordingHeader, then chunks. Each chunk: ChunkHeader, then `payload_bytes` of records.
// A chunk is written with one write() call; a reader ignores a trailing partial chunk.
#pragma once

#include "loaderscope/events.h"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace loaderscope {

struct RecordingHeader
{
    char magic[8] = {'L', 'S', 'R', 'E', 'C', '0', '0', '2'};
    uint32_t header_bytes = sizeof(RecordingHeader);
    uint32_t num_workers = 0;
    uint64_t clock_origin_ns = 0;   ///< time zero for viewers (the segment's creation)
    uint32_t simulated_device = 1;  ///< 1 simulated GPU (or none), 0 CUDA
    int32_t engine_pid = 0;
    uint64_t events = 0;            ///< written at close; 0 while the run goes (count the chunks)
    uint32_t complete = 0;          ///< 1 once the writer closed it
    uint32_t source = 0;            ///< who recorded it: 0 the engine, 1 the probe in a PyTorch job
    uint32_t reserved[6] = {};
};
static_assert(sizeof(RecordingHeader) == 72);

struct ChunkHeader
{
    uint32_t magic = 0x4b4e4843; ///< "CHNK"
    uint32_t count = 0;          ///< events in the chunk
    uint64_t t_min = 0;          ///< earliest t0 of its events (CLOCK_MONOTONIC ns)
    uint64_t t_max = 0;          ///< latest t1
    uint32_t payload_bytes = 0;
    uint32_t checksum = 0;       ///< FNV-1a of the payload, 32 bits
};
static_assert(sizeof(ChunkHeader) == 32);

class OutputFile;

class RecordingError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/** Appends events in chunks. One thread (the collector) owns it. */
class RecordingWriter
{
public:
    static constexpr uint32_t kChunkEvents = 16384;

    /// Writes a temporary file next to `path` (livePath(); readers may follow it), renamed to
    /// `path` by close(): a link planted at `path` is replaced, never followed. Throws
    /// RecordingError.
    RecordingWriter(const std::string& path, const RecordingHeader& header);
    ~RecordingWriter();
    RecordingWriter(const RecordingWriter&) = delete;
    RecordingWriter& operator=(const RecordingWriter&) = delete;

    void add(const Event& e)
    {
        m_pending.push_back(e);
        if (m_pending.size() >= kChunkEvents)
            writeChunk();
    }
    /// Writes what is buffered as a (short) chunk, so a reader sees it.
    void flush();
    /// Flushes, records the total in the header, closes. False with `error` set on I/O failure
    /// (a full disk): the events written before it stay readable.
    /// `durable`: fsync before the rename (false after a stop signal: exit quickly).
    bool close(std::string* error, bool durable = true);
    uint64_t events() const { return m_events; }
    /// The probe learns how many worker lanes its loaders used as it goes: written at close().
    void setNumWorkers(uint32_t n) { m_header.num_workers = n; }
    const std::string& livePath() const;
    bool failed() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }

private:
    void writeChunk();

    std::unique_ptr<OutputFile> m_file;
    std::vector<Event> m_pending;
    std::vector<uint8_t> m_buffer;
    RecordingHeader m_header;
    uint64_t m_events = 0;
    std::string m_error;
};

/** Reads a recording (complete, or still being written). */
class RecordingReader
{
public:
    /// Throws RecordingError (not a recording, unreadable).
    explicit RecordingReader(const std::string& path);
    ~RecordingReader();
    RecordingReader(const RecordingReader&) = delete;
    RecordingReader& operator=(const RecordingReader&) = delete;

    const RecordingHeader& header() const { return m_header; }
    /// Indexes chunks appended since the last call (the writer may still be going). Returns how
    /// many new chunks were found. A corrupt chunk ends the index there (and is reported by
    /// corrupt()).
    size_t refresh();
    uint64_t indexedEvents() const { return m_indexedEvents; }
    size_t chunks() const { return m_chunks.size(); }
    /// Time range covered by the indexed chunks (0, 0 when empty).
    uint64_t tMin() const { return m_tMin; }
    uint64_t tMax() const { return m_tMax; }
    bool corrupt() const { return m_corrupt; }
    /// Events of every chunk overlapping [t0, t1] (whole chunks: the caller filters if needed),
    /// in file order. `cancel` (may be empty) is asked between chunks; true stops.
    void read(uint64_t t0, uint64_t t1, const std::function<void(const Event&)>& sink,
              const std::function<bool()>& cancel = {}) const;
    /// Every event, in file order.
    void readAll(const std::function<void(const Event&)>& sink, const std::function<bool()>& cancel = {}) const
    {
        read(0, UINT64_MAX, sink, cancel);
    }
    /// Bytes of the file indexed so far (progress).
    uint64_t indexedBytes() const { return m_indexedBytes; }

    /// Where reading stops short of the file: it ends inside a chunk (a copy cut short, a full
    /// disk), a chunk header makes no sense, or a closed recording holds fewer events than its
    /// header counts. A recording still being written also ends inside a chunk now and then: only
    /// readers of a finished file (a trace export, the run history) call that truncation.
    struct Shortfall
    {
        bool truncated = false;
        uint64_t stoppedAt = 0;      ///< byte offset after the last whole chunk
        uint64_t fileBytes = 0;      ///< the file's size when last indexed
        uint64_t eventsRead = 0;     ///< events in the whole chunks
        uint64_t eventsExpected = 0; ///< the header's count (a closed recording), else 0
    };
    Shortfall shortfall() const;

private:
    struct Chunk
    {
        uint64_t offset;
        uint32_t count;
        uint32_t bytes;
        uint64_t t_min;
        uint64_t t_max;
        uint32_t checksum;
    };
    bool decode(const Chunk& c, std::vector<uint8_t>& buf, const std::function<void(const Event&)>& sink) const;

    int m_fd = -1;
    RecordingHeader m_header;
    std::vector<Chunk> m_chunks;
    uint64_t m_next = 0;            ///< file offset of the next chunk to index
    uint64_t m_indexedEvents = 0;
    uint64_t m_indexedBytes = 0;
    uint64_t m_fileBytes = 0;       ///< the file's size at the last refresh()
    uint64_t m_tMin = 0, m_tMax = 0;
    bool m_corrupt = false;
};

/** "reading stopped at byte X of Y, after N events (the header counts M)": a Shortfall in words. */
std::string describeShortfall(const RecordingReader::Shortfall& s);

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// The recording of a run: every event, written to disk as the collector drains the rings, in
// self-describing chunks (compact varint records, the chunk's time range in its header), so
// memory stays bounded however long the run, a reader can follow the file while it grows, and any
// time range can be read back without reading the rest. Chrome traces are made from it.
//
// File: RecordingHeader, then chunks. Each chunk: ChunkHeader, then `payload_bytes` of records.
// A chunk is written with one write() call; a reader ignores a trailing partial chunk.
//
// Versions (the header's magic; docs/traces.md, section 2): LSREC002 holds event chunks only (what
// `run --events` wrote before version 4). LSREC003 is the stream of a live segment (`python3 -m
// loaderscope stream`, stream_writer.h): the same header and event chunks, and frames of more
// kinds framed like a chunk (a ChunkHeader whose magic names the kind): the stream's header record
// (StreamInfoRecord), clock beacons (StreamBeacon), the job's description (JOBD) and the end record
// (StreamEnd). LSREC004 is a file recording (`run --events`, the probe's --events, the app's
// history) that also holds JOBD records: what ran (an engine run's configuration, a job's
// DataLoader arguments), so an opened recording shows its own configuration. The reader reads all
// three, and a zstd-compressed stream (its frames decompress to the same bytes).
#pragma once

#include "loaderscope/base/events.h"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace loaderscope {

/// The magic of each version. A RecordingHeader is made with version 2's (a file recording).
inline constexpr char kRecordingMagicV2[8] = {'L', 'S', 'R', 'E', 'C', '0', '0', '2'};
inline constexpr char kRecordingMagicV3[8] = {'L', 'S', 'R', 'E', 'C', '0', '0', '3'};
inline constexpr char kRecordingMagicV4[8] = {'L', 'S', 'R', 'E', 'C', '0', '0', '4'};
/// The format versions this build reads (the streams of a newer probe are refused by name).
inline constexpr int kOldestRecordingVersion = 2;
inline constexpr int kNewestRecordingVersion = 4;
/// The format version in a header's magic ("LSREC" and three digits), or -1 when it is not one.
int recordingFormatVersion(const char* magic);
/// Why a recording of another format version cannot be read here, naming both versions and what
/// to do ("... was written by a newer Loaderscope (recording format 4; this Loaderscope 0.1.0 reads
/// formats 2 to 3): ...").
std::string describeOtherVersion(const std::string& path, int version);

struct RecordingHeader
{
    char magic[8] = {'L', 'S', 'R', 'E', 'C', '0', '0', '4'}; ///< a file recording (a stream's is version 3)
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

// --- version 3: the stream's records ---------------------------------------------------------
// Each is one frame: a ChunkHeader (magic: the kind below; count: the record's layout version, 1;
// t_min = t_max: its monotonic_ns; payload_bytes; checksum of the payload), then the record, a
// little-endian struct whose first word is its own size (`bytes`): a later version appends fields,
// and a reader takes the fields it knows. Clock pairs: CLOCK_REALTIME read between two
// CLOCK_MONOTONIC reads on the stream's host; monotonic_ns is their midpoint, pair_ns their
// distance (the pair's uncertainty). Every clock value (events too) carries LOADERSCOPE_CLOCK_OFFSET_NS when set.

inline constexpr uint32_t kFrameEvents = 0x4b4e4843;     ///< "CHNK": an event chunk
inline constexpr uint32_t kFrameStreamInfo = 0x4f464e49; ///< "INFO": the stream's header record
inline constexpr uint32_t kFrameBeacon = 0x43414542;     ///< "BEAC": a clock beacon
inline constexpr uint32_t kFrameEnd = 0x52444e45;        ///< "ENDR": the end record
inline constexpr uint32_t kFramePong = 0x474e4f50;       ///< "PONG": the answer to a clock ping
inline constexpr uint32_t kFrameJob = 0x44424f4a;        ///< "JOBD": a watched job's description, as it changes

/** The stream's header record (first frame), then `key=value` lines (UTF-8, one per line). */
struct StreamInfoRecord
{
    uint32_t bytes = sizeof(StreamInfoRecord);
    uint32_t source = 0;          ///< SegmentSource: 0 an engine run, 1 a watched PyTorch job
    uint64_t monotonic_ns = 0;    ///< the clock pair when the stream started
    int64_t realtime_ns = 0;
    uint64_t pair_ns = 0;
    int32_t pid = 0;              ///< the job's process (the segment's creator)
    int32_t rank = -1;            ///< torch.distributed rank when the stream started, -1 if none
    int32_t world_size = 0;
    uint32_t run_state = 0;       ///< RunState when the stream started
    uint64_t clock_origin_ns = 0; ///< the segment's creation (CLOCK_MONOTONIC)
    uint64_t start_unix_ns = 0;   ///< the segment's creation (CLOCK_REALTIME)
    uint32_t lanes = 0;           ///< worker lanes in the segment
    uint32_t event_ring_capacity = 0;
};
static_assert(sizeof(StreamInfoRecord) == 72);

/** A clock beacon, every 0.5 s, with what the stream carried and lost so far. */
struct StreamBeacon
{
    uint32_t bytes = sizeof(StreamBeacon);
    uint32_t run_state = 0;
    uint64_t monotonic_ns = 0;
    int64_t realtime_ns = 0;
    uint64_t pair_ns = 0;
    uint64_t seq = 0;             ///< 0, 1, 2...
    uint64_t events = 0;          ///< events in the chunks written before it
    uint64_t lost_ring = 0;       ///< overwritten in the rings before the stream read them
    uint64_t lost_stream = 0;     ///< read, then dropped: the consumer was too slow
    int32_t rank = -1;
    int32_t world_size = 0;
};
static_assert(sizeof(StreamBeacon) == 72);

/** The answer to a clock ping (`stream --pings`): the consumer wrote "PING <token>\n" to the
 *  stream's standard input; the stream read its clocks when the line arrived and answers at once.
 *  The consumer, knowing when it sent the line and when the answer came, estimates the offset
 *  between its clock and the stream host's (Cristian's method): within +- half the round trip. */
struct StreamPong
{
    uint32_t bytes = sizeof(StreamPong);
    uint32_t reserved = 0;
    uint64_t token = 0;           ///< the consumer's, as it sent it
    uint64_t monotonic_ns = 0;    ///< the stream host's clock pair when the ping was read
    int64_t realtime_ns = 0;
    uint64_t pair_ns = 0;
};
static_assert(sizeof(StreamPong) == 40);

/** Why a stream ended (StreamEnd::reason). */
enum class StreamEndReason : uint32_t {
    Finished = 1,     ///< the job ended (its run state Finished)
    Failed = 2,       ///< the job ended with an error (run state Failed)
    CreatorGone = 3,  ///< the job's process is gone without saying it ended (killed)
    Interrupted = 4,  ///< the stream itself was stopped (SIGINT)
    Damaged = 5,      ///< the segment was truncated under the stream
};
const char* streamEndReasonName(uint32_t reason);

/** The last frame of a stream that ended cleanly. */
struct StreamEnd
{
    uint32_t bytes = sizeof(StreamEnd);
    uint32_t reason = 0;          ///< StreamEndReason
    uint64_t monotonic_ns = 0;
    int64_t realtime_ns = 0;
    uint64_t pair_ns = 0;
    uint64_t events = 0;          ///< events in every chunk of the stream
    uint64_t lost_ring = 0;
    uint64_t lost_stream = 0;
    uint64_t beacons = 0;
    uint32_t run_state = 0;
    uint32_t reserved = 0;
};
static_assert(sizeof(StreamEnd) == 72);

/**
 * The fixed part of a JOBD record: the probe's description of its job (the segment's config
 * text, JSON) follows it. Written at a stream's start and whenever the job rewrites it (a new
 * DataLoader); the last one read is the job's description.
 */
struct StreamJobRecord
{
    uint32_t bytes = sizeof(StreamJobRecord);
    uint32_t reserved = 0;
};
static_assert(sizeof(StreamJobRecord) == 8);

/** A stream's header record as read: the fixed part and its key=value lines. */
struct StreamInfo
{
    StreamInfoRecord record;
    std::vector<std::pair<std::string, std::string>> fields; ///< host, boot_id, torch_version, ...
    std::string field(const std::string& key) const;
};

/// Appends one event chunk frame (ChunkHeader + varint records) for `n` events to `out`.
void encodeEventChunk(const Event* events, size_t n, std::vector<uint8_t>& out);
/// Appends one record frame of kind `magic` (kFrameStreamInfo...) holding `payload` to `out`.
void encodeRecordFrame(uint32_t magic, uint64_t t, const void* payload, size_t bytes, std::vector<uint8_t>& out);

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
    /// What ran, as a JOBD record (JSON: an engine run's {"source": "engine", "config": {...}},
    /// a probe's job description as its segment holds it), written now, after the events so far;
    /// the last one is the recording's. The same text again writes nothing.
    void describe(const std::string& json);
    const std::string& livePath() const;
    bool failed() const { return !m_error.empty(); }
    const std::string& error() const { return m_error; }

private:
    void writeChunk();

    std::unique_ptr<OutputFile> m_file;
    std::vector<Event> m_pending;
    std::vector<uint8_t> m_buffer;
    RecordingHeader m_header;
    std::string m_described; ///< the last describe()'s text
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
    /// 2 or 3 (the header's magic).
    int version() const { return m_version; }
    /// True when the file is a zstd-compressed stream: it was decompressed once, when opened, into
    /// an unnamed temporary file (refresh() then finds nothing new).
    bool compressed() const { return m_compressed; }
    /// A version 3 stream's records (none in a version 2 file).
    const std::optional<StreamInfo>& streamInfo() const { return m_info; }
    const std::vector<StreamBeacon>& beacons() const { return m_beacons; }
    const std::optional<StreamEnd>& streamEnd() const { return m_end; }
    const std::vector<StreamPong>& pongs() const { return m_pongs; }
    /// The job's description from the stream's last JOBD record (empty: none yet), and how many
    /// JOBD records were read (it changes when a new one came).
    const std::string& jobDescription() const { return m_job; }
    uint64_t jobDescriptions() const { return m_jobRecords; }
    /// Byte offset of event chunk i's ChunkHeader (in the decompressed bytes of a compressed one).
    uint64_t chunkOffset(size_t i) const { return m_chunks.at(i).offset - sizeof(ChunkHeader); }
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
    /// Events of chunks [first, chunks()) in file order (a live follower reads what refresh() found).
    /// False when a chunk's bytes do not match their checksum (it stops there).
    bool readChunks(size_t first, const std::function<void(const Event&)>& sink) const
    {
        return readChunks(first, m_chunks.size(), sink);
    }
    /// Chunks [first, last) only (a follower that takes a few at a time).
    bool readChunks(size_t first, size_t last, const std::function<void(const Event&)>& sink) const;
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
        bool noEnd = false;          ///< a stream (version 3) without its end record
        bool compressedCut = false;  ///< a compressed stream whose zstd data ends mid-frame (or is
                                     ///< damaged, or decompresses to more than 32 times its size)
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
    /// A version 3 record frame at `offset` (payload after its header): false when it is corrupt.
    bool indexRecord(const ChunkHeader& h, uint64_t offset);

    int m_fd = -1;
    int m_version = 2;
    bool m_compressed = false;
    bool m_compressedCut = false;
    std::optional<StreamInfo> m_info;
    std::vector<StreamBeacon> m_beacons;
    std::optional<StreamEnd> m_end;
    std::vector<StreamPong> m_pongs;
    std::string m_job;
    uint64_t m_jobRecords = 0;
    RecordingHeader m_header;
    std::vector<Chunk> m_chunks;
    uint64_t m_next = 0;            ///< file offset of the next chunk to index
    uint64_t m_indexedEvents = 0;
    uint64_t m_indexedBytes = 0;
    uint64_t m_fileBytes = 0;       ///< the file's size at the last refresh()
    uint64_t m_tMin = 0, m_tMax = 0;
    bool m_corrupt = false;
};

/// Decompresses the zstd frames read from descriptor `in` into `out` (a --zstd stream into its
/// recording). False with `error` set when the data ends inside a frame, is not zstd, or would
/// pass `limit` bytes (0: no limit): what came before is in `out` all the same.
bool zstdDecompress(int in, int out, std::string& error, uint64_t limit = 0);

/** "reading stopped at byte X of Y, after N events (the header counts M)": a Shortfall in words. */
std::string describeShortfall(const RecordingReader::Shortfall& s);

} // namespace loaderscope

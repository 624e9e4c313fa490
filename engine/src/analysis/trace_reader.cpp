// SPDX-License-Identifier: MIT
// Streaming import of PyTorch profiler traces. The decompressed JSON goes through one buffer of
// bounded size (one chunk plus the largest event allowed): TraceScanner finds the complete events
// in it, each run of them is parsed as one simdjson window, and the bytes are dropped. What stays
// is the event in progress (at most TraceImportLimits::max_event_bytes) and the kept spans, so a
// 2 GB trace is read in a few tens of MiB plus its spans. Speed: bench_import (tests/bench).
#include "loaderscope/analysis/profiler_import.h"

#include "trace_events.h"
#include "trace_flat.h"
#include "trace_scan.h"
#include "trace_source.h"
#include "trace_testing.h"

#include <simdjson.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <exception>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <new>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace loaderscope {

namespace {

using detail::traceError;

using Source = detail::TraceSource;
using MemorySource = detail::MemoryTraceSource;

bool isWhitespace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/**
 * The bytes between two event objects of traceEvents (or after '[' / before ']'): simdjson checks
 * them inside a window, this checks those between windows, which it never sees.
 */
struct Gap
{
    bool started = false;
    bool active = false;
    bool afterElement = false; ///< an event precedes the gap (else the array's '[')
    int commas = 0;
    uint64_t from = 0;

    void consume(const char* buf, uint64_t base, uint64_t to)
    {
        for (uint64_t at = from; at < to; ++at) {
            const char c = buf[at - base];
            if (c == ',') {
                if (++commas > 1 || !afterElement)
                    traceError(at, "',' without an event before it in traceEvents");
            } else if (!isWhitespace(c)) {
                traceError(at, "traceEvents holds something other than an event object");
            }
        }
        from = std::max(from, to);
    }
    void beforeElement(uint64_t at) const
    {
        if (afterElement && commas == 0)
            traceError(at, "',' missing between two events");
    }
};

int rankFrom(const std::string& info)
{
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (info.empty() || parser.parse(info).get(doc) != simdjson::SUCCESS)
        return -1;
    simdjson::dom::element rank;
    if (doc["rank"].get(rank) != simdjson::SUCCESS)
        return -1;
    int64_t r = -1;
    std::string_view s;
    if (rank.get_int64().get(r) == simdjson::SUCCESS) {
    } else if (rank.get_string().get(s) == simdjson::SUCCESS && !s.empty() && s.size() < 10 &&
               s.find_first_not_of("0123456789") == std::string_view::npos) {
        r = std::stoll(std::string(s));
    }
    return r >= 0 && r <= INT32_MAX ? int(r) : -1;
}

constexpr size_t kChunk = 1u << 20; // bytes read per round: the scanner's and simdjson's working set
std::atomic<uint64_t> s_pipelineFrom{8u << 20};

/**
 * Parses the windows the reading thread cuts. For inputs of more than a few MiB on a second thread
 * (the "window thread", the only one that touches the EventSink and the WindowParser until
 * finish()), while the reading thread reads and scans the next chunk; otherwise inline. Buffers
 * go round: the reading thread fills one, hands it over with its window, and takes a free one.
 * The window thread reads a window with the flat event reader (trace_flat.h) and hands its
 * events to the sink, or, when the flat reader cannot read it, walks it with simdjson. The two
 * threads share the work: while the window thread has a window waiting, the reading thread reads
 * the next one with the flat reader itself; once a window of a file needed simdjson, the reading
 * thread runs simdjson's stage 1 over the next ones (as it did before there was a flat reader).
 * Errors: the window thread's first one is kept and rethrown by finish(); it is always earlier in
 * the file than any error the reading thread finds later, so which error is reported never
 * depends on timing.
 */
class WindowStage
{
public:
    WindowStage(detail::EventSink& sink, bool async, size_t capacity) : m_sink(sink), m_async(async)
    {
        const size_t buffers = async ? 3 : 1;
        m_windows.resize(buffers);
        for (size_t i = 0; i < buffers; ++i) {
            m_buffers.emplace_back(new char[capacity]); // not value-initialised: untouched pages stay free
            m_parsers.push_back(std::make_unique<detail::WindowParser>());
            m_free.push_back(i);
        }
        if (async)
            m_thread = std::thread([this] { run(); });
    }
    ~WindowStage() { stop(false); }

    bool async() const { return m_async; }

    /** A free buffer (its index); in async mode waits for the window thread to give one back. */
    size_t acquire()
    {
        std::unique_lock lock(m_mutex);
        m_cv.wait(lock, [&] { return !m_free.empty() || m_error; });
        if (m_free.empty())
            rethrow(lock);
        const size_t b = m_free.back();
        m_free.pop_back();
        return b;
    }
    char* data(size_t buffer) { return m_buffers[buffer].get(); }
    /// Where the scanner puts the event ends of the window about to be submitted from `buffer`.
    std::vector<uint32_t>& eventEnds(size_t buffer) { return m_windows[buffer].ends; }

    /**
     * The window text at data(buffer)[offset, offset + length), its first byte at stream offset
     * `base`: indexed here (simdjson's stage 1, on the reading thread), its events walked on the
     * window thread (or here, inline).
     */
    void submit(size_t buffer, size_t offset, size_t length, uint64_t base)
    {
        Window& w = m_windows[buffer];
        w.data = data(buffer) + offset;
        w.length = length;
        w.base = base;
        w.indexed = w.flatRead = false;
        if (!w.ends.empty() && detail::flatReaderEnabled() && !m_flatFailed.load(std::memory_order_relaxed) &&
            m_async && backlog()) {
            w.flatRead = w.flat.read(w.data, w.length, w.ends);
            if (!w.flatRead)
                m_flatFailed.store(true, std::memory_order_relaxed);
        }
        if (w.ends.empty() || !detail::flatReaderEnabled() || m_flatFailed.load(std::memory_order_relaxed)) {
            w.ends.clear();
            m_parsers[buffer]->index(w.data, w.length, w.base);
            w.indexed = true;
        }
        if (!m_async) {
            walk(buffer);
            return;
        }
        std::lock_guard lock(m_mutex);
        m_jobs.push_back(buffer);
        m_cv.notify_all();
    }

    /** Async mode: a buffer that was acquired and not submitted goes back. */
    void release(size_t buffer)
    {
        std::lock_guard lock(m_mutex);
        m_free.push_back(buffer);
        m_cv.notify_all();
    }

    /** Waits for every submitted window; rethrows the window thread's error. */
    void finish() { stop(true); }

private:
    /**
     * The window's events into the sink: those the flat reader read, unless they would pass the
     * kept-span limit (simdjson's walk then stops at the event that does, and says where).
     */
    void walk(size_t buffer)
    {
        Window& w = m_windows[buffer];
        if (!w.indexed) {
            if ((w.flatRead || w.flat.read(w.data, w.length, w.ends)) && m_sink.hasRoom(w.flat.kept())) {
                for (const detail::RawEvent& e : w.flat.events())
                    m_sink.add(e);
                return;
            }
            m_flatFailed.store(true, std::memory_order_relaxed);
            m_parsers[buffer]->index(w.data, w.length, w.base);
        }
        m_parsers[buffer]->parse(m_sink);
    }

    /// The window thread has a window waiting (not started).
    bool backlog()
    {
        std::lock_guard lock(m_mutex);
        return !m_jobs.empty();
    }

    [[noreturn]] void rethrow(std::unique_lock<std::mutex>& lock)
    {
        const std::exception_ptr error = m_error;
        lock.unlock();
        std::rethrow_exception(error);
    }

    void run()
    {
        try {
            for (;;) {
                size_t job = 0;
                {
                    std::unique_lock lock(m_mutex);
                    m_cv.wait(lock, [&] { return !m_jobs.empty() || m_stop; });
                    if (m_jobs.empty() || m_abandon)
                        return;
                    job = m_jobs.front();
                    m_jobs.pop_front();
                }
                walk(job);
                std::lock_guard lock(m_mutex);
                m_free.push_back(job);
                m_cv.notify_all();
            }
        } catch (...) {
            std::lock_guard lock(m_mutex);
            m_error = std::current_exception();
            m_jobs.clear();
            m_cv.notify_all();
        }
    }

    /** Joins the window thread: after the queued windows (`drain`), or at once. */
    void stop(bool drain)
    {
        if (m_thread.joinable()) {
            {
                std::lock_guard lock(m_mutex);
                m_stop = true;
                m_abandon = !drain;
                m_cv.notify_all();
            }
            m_thread.join();
        }
        if (drain && m_error)
            std::rethrow_exception(m_error);
    }

    detail::EventSink& m_sink;
    const bool m_async;
    std::vector<std::unique_ptr<char[]>> m_buffers;
    std::vector<std::unique_ptr<detail::WindowParser>> m_parsers; // one per buffer
    /// The window submitted from each buffer: its text, and the events read by the flat reader.
    struct Window
    {
        const char* data = nullptr;
        size_t length = 0;
        uint64_t base = 0;
        std::vector<uint32_t> ends;
        detail::FlatWindow flat;
        bool indexed = false;  ///< simdjson's stage 1 ran on the reading thread: no flat reading
        bool flatRead = false; ///< the reading thread read it with the flat reader already
    };
    std::vector<Window> m_windows; // one per buffer
    /// A window needed simdjson: the reading thread indexes the next ones (set by the window thread).
    std::atomic<bool> m_flatFailed{false};
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::vector<size_t> m_free;
    std::deque<size_t> m_jobs;
    bool m_stop = false, m_abandon = false;
    std::exception_ptr m_error;
};

/**
 * One import: reads chunks into the current buffer, scans them, checks the bytes between windows,
 * and hands each window of complete events to the WindowStage; the event in progress moves on to
 * the next round's buffer. Used by one thread (the reading thread).
 */
class Reader
{
public:
    Reader(Source& src, const std::string& path, const TraceProgress& progress, const TraceImportLimits& limits)
        : m_src(src), m_path(path), m_progress(progress), m_limits(limits), m_scanner(limits), m_sink(m_out, limits),
          m_pad(detail::windowPadding()),
          m_tooLarge("an event larger than " + std::to_string(limits.max_event_bytes >> 20) + " MiB")
    {
        m_out.path = path;
        // Room for the largest event plus a chunk, or for the whole input when it is smaller.
        m_capacity = size_t(limits.max_event_bytes) + kChunk;
        const bool inMemory = dynamic_cast<MemorySource*>(&src) != nullptr;
        if (inMemory && src.diskTotal + 1 < m_capacity)
            m_capacity = size_t(src.diskTotal) + 1;
        m_capacity += m_pad + 64;
        // A second thread pays from a few MiB on; gzip files expand about tenfold.
        const uint64_t expands = src.compressed() ? 8 : 1;
        m_stage = std::make_unique<WindowStage>(m_sink, !inMemory && src.diskTotal * expands >= s_pipelineFrom.load(),
                                                m_capacity);
    }

    ProfilerTrace run()
    {
        try {
            m_bufIndex = m_stage->acquire();
            m_buf = m_stage->data(m_bufIndex);
            while (round()) {
            }
            if (m_stage->async())
                m_stage->release(m_bufIndex);
            m_scanner.finish(m_base + m_len);
        } catch (...) {
            // An error found by the window thread in a window already handed over is earlier in
            // the file than this one: it is the one to report (finish() throws it).
            if (!m_cancelled)
                m_stage->finish();
            throw;
        }
        m_stage->finish();
        return result();
    }

private:
    /** One chunk: read, scan, check, hand over. False at the end of the input. */
    bool round()
    {
        const size_t room = m_capacity - m_pad - 64 - m_len;
        if (room == 0)
            detail::traceLimit(m_scanner.openEvent() >= 0 ? uint64_t(m_scanner.openEvent()) : m_base, m_tooLarge);
        const size_t n = m_src.read(m_buf + m_len, std::min(kChunk, room));
        const uint64_t from = m_base + m_len;
        m_len += n;
        // simdjson may look at the padding after a window that ends with the data (a malformed
        // one, at least): it must read the same bytes every time, never what memory held before.
        std::memset(m_buf + m_len, ' ', m_pad + 64);
        if (m_progress && !m_progress(m_src.diskDone(), m_src.diskTotal)) {
            m_cancelled = true;
            throw TraceImportError("import of '" + m_path + "' cancelled", m_base + m_len);
        }
        m_scanner.scan(m_buf, m_base, from, m_base + m_len);
        const uint64_t end = m_base + m_len;
        const bool window = m_scanner.hasWindow();
        const uint64_t first = window ? m_scanner.windowFirst() : 0, last = window ? m_scanner.windowLast() : 0;
        if (window) // offsets from the window's '[' (the byte before its first event)
            m_scanner.windowEventEnds(first - 1, detail::FlatWindow::kMaxEvents, m_stage->eventEnds(m_bufIndex));
        checkGaps(end);
        if (m_scanner.openEvent() >= 0 && end - uint64_t(m_scanner.openEvent()) > m_limits.max_event_bytes)
            detail::traceLimit(uint64_t(m_scanner.openEvent()), m_tooLarge);
        // What the next round needs: the event in progress and one byte before it (a window's
        // '[' goes there), or nothing but that byte.
        uint64_t keep = m_scanner.openEvent() >= 0 ? uint64_t(m_scanner.openEvent()) : end;
        keep = keep > m_base ? keep - 1 : m_base;
        if (window)
            handOver(first, last, keep, end);
        else
            std::memmove(m_buf, m_buf + (keep - m_base), size_t(end - keep));
        m_len = size_t(end - keep);
        m_base = keep;
        return n > 0;
    }

    /** The bytes between events that no window holds, up to the event in progress. */
    void checkGaps(uint64_t end)
    {
        if (!m_gap.started && m_scanner.sawEvents()) {
            m_gap.started = m_gap.active = true;
            m_gap.from = uint64_t(m_scanner.eventsOpened()) + 1;
        }
        if (m_scanner.hasWindow()) {
            m_gap.consume(m_buf, m_base, m_scanner.windowFirst());
            m_gap.beforeElement(m_scanner.windowFirst());
            m_gap.from = m_scanner.windowLast() + 1;
            m_gap.afterElement = true;
            m_gap.commas = 0;
            m_scanner.takeWindow();
        }
        if (!m_gap.active)
            return;
        if (m_scanner.openEvent() >= 0) {
            m_gap.consume(m_buf, m_base, uint64_t(m_scanner.openEvent()));
        } else if (m_scanner.eventsClosed() >= 0) {
            m_gap.consume(m_buf, m_base, uint64_t(m_scanner.eventsClosed()));
            if (m_gap.commas > 0)
                traceError(uint64_t(m_scanner.eventsClosed()), "a trailing ',' before the end of traceEvents");
            m_gap.active = false;
        } else {
            m_gap.consume(m_buf, m_base, end);
        }
    }

    /**
     * The window [first, last] as one JSON array: the byte before its first event (',',
     * whitespace or the array's '[') becomes '[', the byte after its last one ']'. The bytes
     * from `keep` on go to the next round's buffer.
     */
    void handOver(uint64_t first, uint64_t last, uint64_t keep, uint64_t end)
    {
        char* open = m_buf + (first - 1 - m_base);
        char* close = m_buf + (last + 1 - m_base);
        const size_t tail = size_t(end - keep);
        if (m_stage->async()) {
            const size_t next = m_stage->acquire();
            std::memcpy(m_stage->data(next), m_buf + (keep - m_base), tail);
            *open = '[';
            *close = ']';
            m_stage->submit(m_bufIndex, size_t(open - m_buf), size_t(close - open) + 1, first - 1);
            m_bufIndex = next;
            m_buf = m_stage->data(next);
        } else {
            const char savedOpen = *open, savedClose = *close;
            *open = '[';
            *close = ']';
            m_stage->submit(m_bufIndex, size_t(open - m_buf), size_t(close - open) + 1, first - 1);
            *open = savedOpen;
            *close = savedClose;
            std::memmove(m_buf, m_buf + (keep - m_base), tail);
        }
    }

    ProfilerTrace result()
    {
        const uint64_t total = m_base + m_len;
        m_out.bytes_read = total;
        if (!m_scanner.sawEvents())
            throw TraceImportError("'" + m_path + "' has no traceEvents: not a Chrome/Kineto trace", total);
        if (m_out.events_seen == 0)
            throw TraceImportError("'" + m_path + "' holds no events: the profiler recorded nothing", total);
        m_out.format = m_scanner.bareArray() ? "legacy array" : "kineto";
        m_out.schema_version = m_scanner.schemaVersion();
        m_out.rank = rankFrom(m_scanner.distributedInfo());
        m_sink.finish();
        for (const std::string& note : m_scanner.notes())
            m_out.warnings.push_back(note);
        return std::move(m_out);
    }

    Source& m_src;
    const std::string m_path;
    const TraceProgress m_progress;
    const TraceImportLimits m_limits;
    ProfilerTrace m_out;
    detail::TraceScanner m_scanner;
    detail::EventSink m_sink;
    const size_t m_pad;
    const std::string m_tooLarge;
    size_t m_capacity = 0;
    std::unique_ptr<WindowStage> m_stage;
    size_t m_bufIndex = 0;
    char* m_buf = nullptr;
    uint64_t m_base = 0; // stream offset of m_buf[0]
    size_t m_len = 0;    // bytes in m_buf
    Gap m_gap;
    bool m_cancelled = false;
};

/** Every failure as a TraceImportError: the GUI and the CLI catch that one type. */
template <class F>
ProfilerTrace guarded(const std::string& path, F&& f)
{
    try {
        return f();
    } catch (const TraceImportError&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw TraceImportError("out of memory importing '" + path + "'", 0);
    } catch (const std::exception& e) {
        throw TraceImportError("cannot import '" + path + "': " + e.what(), 0);
    } catch (...) {
        throw TraceImportError("cannot import '" + path + "': unknown error", 0);
    }
}

} // namespace

uint64_t detail::setPipelineThreshold(uint64_t bytes)
{
    return s_pipelineFrom.exchange(bytes);
}

ProfilerTrace importProfilerTrace(const std::string& path, const TraceProgress& progress,
                                  const TraceImportLimits& limits)
{
    return guarded(path, [&] {
        std::unique_ptr<Source> src = detail::openTraceSource(path);
        return Reader(*src, path, progress, limits).run();
    });
}

ProfilerTrace importProfilerTraceBuffer(const char* data, size_t size, const TraceImportLimits& limits)
{
    return guarded("(memory)", [&] {
        MemorySource src(data, size);
        return Reader(src, "(memory)", {}, limits).run();
    });
}

} // namespace loaderscope

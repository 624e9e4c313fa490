// SPDX-License-Identifier: MIT
// Streaming import of PyTorch profiler traces. The JSON is read in 1 MiB chunks from a buffered
// (optionally gzip) stream by a SAX-style scanner, so a 1 GB trace is never held in memory: only
// the spans the loader analysis needs are kept, as 48-byte records. Measured by bench_import.
#include "loaderscope/profiler_import.h"
#include "loaderscope/ranks.h"

#include "loaderscope/run.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <sstream>
#include <streambuf>
#include <sys/stat.h>
#include <zlib.h>

namespace loaderscope {

namespace {

using nlohmann::json;

/** A read-only streambuf over a gzip or plain file (zlib's gzread passes plain files through). */
class FileBuf : public std::streambuf
{
public:
    FileBuf(const std::string& path, std::function<bool(uint64_t, uint64_t)> progress)
        : m_progress(std::move(progress)), m_buffer(1 << 20)
    {
        struct stat st {};
        if (stat(path.c_str(), &st) == 0)
            m_total = uint64_t(st.st_size);
        m_file = gzopen(path.c_str(), "rb");
        if (m_file)
            gzbuffer(m_file, 1 << 17);
    }
    ~FileBuf() override
    {
        if (m_file)
            gzclose(m_file);
    }
    bool ok() const { return m_file != nullptr; }
    uint64_t consumed() const { return m_consumed - uint64_t(egptr() - gptr()); }
    bool cancelled() const { return m_cancelled; }

protected:
    int_type underflow() override
    {
        if (gptr() < egptr())
            return traits_type::to_int_type(*gptr());
        const int n = gzread(m_file, m_buffer.data(), unsigned(m_buffer.size()));
        if (n <= 0)
            return traits_type::eof();
        m_consumed += uint64_t(n);
        setg(m_buffer.data(), m_buffer.data(), m_buffer.data() + n);
        if (m_progress && !m_progress(uint64_t(gzoffset(m_file)), m_total)) {
            m_cancelled = true;
            return traits_type::eof();
        }
        return traits_type::to_int_type(*gptr());
    }

private:
    gzFile m_file = nullptr;
    std::function<bool(uint64_t, uint64_t)> m_progress;
    std::vector<char> m_buffer;
    uint64_t m_total = 0;
    uint64_t m_consumed = 0;
    bool m_cancelled = false;
};

int64_t hashId(const std::string& s)
{
    uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : s)
        h = (h ^ c) * 1099511628211ULL;
    return int64_t(h >> 1);
}

bool startsWith(const std::string& s, const char* p)
{
    return s.rfind(p, 0) == 0;
}

bool endsWith(const std::string& s, const char* p)
{
    const size_t n = std::strlen(p);
    return s.size() >= n && s.compare(s.size() - n, n, p) == 0;
}

/**
 * Streams the trace byte by byte with a small state machine (strings, escapes, a stack of open
 * containers), so that structure errors and truncation are found at their byte offset. Each event
 * object of traceEvents is cut out; only events that can matter (their text names a step, the
 * DataLoader, a host-to-device copy or a kernel) are parsed, strictly, with nlohmann. Most of a
 * real trace (CPU ops, runtime calls) is skipped without building anything.
 */
class Scanner
{
public:
    explicit Scanner(ProfilerTrace& out) : m_out(out) {}

    void feed(const char* p, size_t n)
    {
        m_chunk = p;
        m_segment = 0; // a capture in progress continues from the start of this chunk
        for (size_t i = 0; i < n; ++i, ++m_offset) {
            const char c = p[i];
            m_pos = i;
            if (m_inString) {
                if (m_escape)
                    m_escape = false;
                else if (c == '\\')
                    m_escape = true;
                else if (c == '"') {
                    m_inString = false;
                    if (m_keyCapture) {
                        m_keyCapture = false;
                        m_lastString = m_token;
                    }
                } else if (static_cast<unsigned char>(c) < 0x20) {
                    fail("a control character inside a string");
                } else if (m_keyCapture) {
                    m_token.push_back(c);
                }
                continue;
            }
            switch (c) {
            case '"':
                m_inString = true;
                // strings at the top level: keys such as "traceEvents" and "distributedInfo"
                m_keyCapture = m_stack.size() == 1;
                m_token.clear();
                break;
            case ':':
                if (m_stack.size() == 1)
                    m_key = m_lastString;
                break;
            case '{':
            case '[':
                open(c);
                break;
            case '}':
            case ']':
                close(c);
                break;
            case ' ': case '\n': case '\r': case '\t': case ',':
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20)
                    fail("a control character");
                if (m_stack.empty())
                    fail("text outside the top-level object");
            }
        }
        if (m_capture) // the object continues in the next chunk
            m_text.append(p + m_segment, n - m_segment);
    }

    void finish()
    {
        if (m_inString || !m_stack.empty())
            fail("unexpected end of input (the trace is truncated)");
        if (!m_sawTop)
            fail("an empty file");
    }

    uint64_t offset() const { return m_offset; }

private:
    [[noreturn]] void fail(const std::string& what)
    {
        throw TraceImportError("malformed trace at byte " + std::to_string(m_offset) + ": " + what, m_offset);
    }

    void open(char c)
    {
        if (m_stack.empty()) {
            if (m_sawTop)
                fail("a second top-level value");
            m_sawTop = true;
            if (c == '[')
                m_eventDepth = 2; // the bare-array form: the events are its elements
        }
        m_stack.push_back(c);
        const size_t depth = m_stack.size();
        if (depth == 2 && m_stack[0] == '{' && c == '[' && m_key == "traceEvents")
            m_eventDepth = 3;
        if (depth == 2 && m_stack[0] == '{' && c == '{' && m_key == "distributedInfo")
            startCapture(c);
        if (m_eventDepth && depth == m_eventDepth && c == '{')
            startCapture(c);
    }

    void close(char c)
    {
        if (m_stack.empty() || (c == '}' && m_stack.back() != '{') || (c == ']' && m_stack.back() != '['))
            fail(std::string("'") + c + "' closes nothing that is open");
        const size_t depth = m_stack.size();
        m_stack.pop_back();
        if (m_capture && depth == m_captureDepth) {
            m_capture = false;
            m_text.append(m_chunk + m_segment, m_pos + 1 - m_segment);
            if (m_eventDepth && depth == m_eventDepth) {
                ++m_out.events_seen;
                event();
            } else {
                distributedInfo();
            }
        }
        if (m_eventDepth == 3 && depth == 2)
            m_eventDepth = 0; // traceEvents closed
    }

    void startCapture(char)
    {
        m_capture = true;
        m_captureDepth = m_stack.size();
        m_captureStart = m_offset;
        m_text.clear();
        m_segment = m_pos;
    }

    json parseCaptured()
    {
        try {
            return json::parse(m_text);
        } catch (const json::parse_error& e) {
            const uint64_t at = m_captureStart + (e.byte > 0 ? e.byte - 1 : 0);
            std::string what = e.what();
            if (auto p = what.find("syntax error"); p != std::string::npos)
                what = what.substr(p);
            throw TraceImportError("malformed trace at byte " + std::to_string(at) + ": " + what, at);
        } catch (const json::exception& e) {
            // e.g. a number too large for a double (found by fuzzing): no byte inside the
            // object is known, so the error points at the object's start.
            throw TraceImportError("malformed trace at byte " + std::to_string(m_captureStart) + ": " + e.what(),
                                   m_captureStart);
        }
    }

    void distributedInfo()
    {
        const json j = parseCaptured();
        if (j.contains("rank") && j["rank"].is_number_integer()) {
            const int64_t rank = j["rank"].get<int64_t>();
            if (rank >= 0 && rank <= std::numeric_limits<int>::max())
                m_out.rank = int(rank);
        }
    }

    void event()
    {
        const std::string& t = m_text;
        // Cheap filter on the raw text: most events cannot matter.
        const bool maybe = t.find("ProfilerStep#") != std::string::npos ||
                           t.find("enumerate(DataLoader)#") != std::string::npos ||
                           t.find("Memcpy HtoD") != std::string::npos || t.find("ernel\"") != std::string::npos;
        if (!maybe)
            return;
        EventFields f;
        parseEvent(f);
        if (f.ph != "X" || !f.hasTs || !f.hasDur)
            return;
        const std::string& name = f.name;
        const std::string& cat = f.cat;
        ProfiledSpan sp;
        if (startsWith(name, "ProfilerStep#") && cat != "gpu_user_annotation")
            sp.kind = ProfiledSpan::Step;
        else if (startsWith(name, "enumerate(DataLoader)#") && endsWith(name, ".__next__"))
            sp.kind = ProfiledSpan::DataWait;
        else if (startsWith(name, "Memcpy HtoD") && name.find("(Pinned -> Device)") != std::string::npos)
            sp.kind = ProfiledSpan::CopyPinned;
        else if (startsWith(name, "Memcpy HtoD") && name.find("(Pageable -> Device)") != std::string::npos)
            sp.kind = ProfiledSpan::CopyPageable;
        else if (cat == "kernel" || cat == "Kernel")
            sp.kind = ProfiledSpan::Kernel;
        else
            return;
        // Times are microseconds; Kineto counts from the Unix epoch (about 1.7e15 us today). Past
        // 4e15 us (the year 2096) nanoseconds would near int64's limit: no real trace, so dropped.
        constexpr double kMaxUs = 4.0e15;
        if (!std::isfinite(f.ts) || !std::isfinite(f.dur) || f.dur < 0 || std::fabs(f.ts) > kMaxUs || f.dur > kMaxUs)
            return;
        sp.t0 = int64_t(std::llround(f.ts * 1000.0));
        sp.t1 = sp.t0 + int64_t(std::llround(f.dur * 1000.0));
        sp.bytes = f.bytes > 0 && f.bytes < 1.8e19 ? uint64_t(f.bytes) : 0; // 1.8e19 < 2^64
        sp.pid = f.pid;
        sp.tid = f.tid;
        m_out.spans.push_back(sp);
    }

    /** The few fields the analysis reads, from one flat event object. */
    struct EventFields
    {
        std::string name, ph, cat;
        double ts = 0, dur = 0, bytes = -1;
        bool hasTs = false, hasDur = false;
        int64_t pid = 0, tid = 0;
    };

    /**
     * A strict little parser for one captured event (an object of strings, numbers, literals and
     * nested values): reads name/ph/cat/ts/dur/pid/tid and args.bytes, skips the rest. Errors
     * name the byte offset in the file.
     */
    void parseEvent(EventFields& f)
    {
        const char* p = m_text.data();
        const char* e = p + m_text.size();
        auto bad = [&](const char* what) {
            const uint64_t at = m_captureStart + uint64_t(p - m_text.data());
            throw TraceImportError("malformed trace at byte " + std::to_string(at) + ": " + what, at);
        };
        auto ws = [&] { while (p < e && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p; };
        auto str = [&](std::string* out) {
            if (p >= e || *p != '"')
                bad("a string was expected");
            ++p;
            while (p < e && *p != '"') {
                if (*p == '\\') {
                    if (++p >= e)
                        break;
                    if (out)
                        out->push_back(*p == 'n' ? '\n' : *p == 't' ? '\t' : *p);
                } else if (out) {
                    out->push_back(*p);
                }
                ++p;
            }
            if (p >= e)
                bad("an unterminated string");
            ++p;
        };
        auto num = [&](double* out) {
            char* end = nullptr;
            const double v = std::strtod(p, &end);
            if (end == p)
                bad("a number was expected");
            if (out)
                *out = v;
            p = end;
        };
        std::function<void()> skip = [&] {
            ws();
            if (p >= e)
                bad("a value was expected");
            if (*p == '"')
                str(nullptr);
            else if (*p == '{' || *p == '[') {
                const char closeCh = *p == '{' ? '}' : ']';
                ++p;
                ws();
                if (p < e && *p == closeCh) {
                    ++p;
                    return;
                }
                for (;;) {
                    if (closeCh == '}') {
                        ws();
                        str(nullptr);
                        ws();
                        if (p >= e || *p != ':')
                            bad("':' was expected");
                        ++p;
                    }
                    skip();
                    ws();
                    if (p < e && *p == ',') {
                        ++p;
                        continue;
                    }
                    if (p < e && *p == closeCh) {
                        ++p;
                        return;
                    }
                    bad("',' or a closing bracket was expected");
                }
            } else if (std::strncmp(p, "true", 4) == 0 || std::strncmp(p, "null", 4) == 0)
                p += 4;
            else if (std::strncmp(p, "false", 5) == 0)
                p += 5;
            else
                num(nullptr);
        };
        auto idValue = [&]() -> int64_t {
            ws();
            if (p < e && *p == '"') {
                std::string s;
                str(&s);
                return hashId(s);
            }
            double v = 0;
            num(&v);
            if (!(std::fabs(v) < 9.0e18)) // beyond int64 (or NaN): no pid or tid looks like this
                bad("a pid or tid out of range");
            return int64_t(v);
        };
        // One object, strictly: '{' "key" ':' value (',' "key" ':' value)* '}'. onMember reads
        // the value at p (or skips it) for the key it is given.
        auto members = [&](auto&& onMember) {
            ws();
            if (p >= e || *p != '{')
                bad("an object was expected");
            ++p;
            ws();
            if (p < e && *p == '}') {
                ++p;
                return;
            }
            for (;;) {
                ws();
                std::string key;
                str(&key);
                ws();
                if (p >= e || *p != ':')
                    bad("':' was expected");
                ++p;
                ws();
                onMember(key);
                ws();
                if (p < e && *p == ',') {
                    ++p;
                    continue;
                }
                if (p < e && *p == '}') {
                    ++p;
                    return;
                }
                bad("',' or '}' was expected");
            }
        };
        members([&](const std::string& key) {
            if (key == "name")
                str(&f.name);
            else if (key == "ph")
                str(&f.ph);
            else if (key == "cat")
                str(&f.cat);
            else if (key == "ts") {
                num(&f.ts);
                f.hasTs = true;
            } else if (key == "dur") {
                num(&f.dur);
                f.hasDur = true;
            } else if (key == "pid")
                f.pid = idValue();
            else if (key == "tid")
                f.tid = idValue();
            else if (key == "args" && p < e && *p == '{')
                members([&](const std::string& akey) {
                    if (akey == "bytes" && p < e && *p != '"' && *p != '{' && *p != '[')
                        num(&f.bytes);
                    else
                        skip();
                });
            else
                skip();
        });
    }

    ProfilerTrace& m_out;
    uint64_t m_offset = 0;
    std::vector<char> m_stack;
    bool m_inString = false, m_escape = false, m_sawTop = false;
    bool m_keyCapture = false;
    std::string m_token, m_lastString, m_key;
    size_t m_eventDepth = 0;
    bool m_capture = false;
    size_t m_captureDepth = 0;
    uint64_t m_captureStart = 0;
    std::string m_text;
    const char* m_chunk = nullptr;
    size_t m_pos = 0;      ///< index of the current byte in m_chunk
    size_t m_segment = 0;  ///< where the captured text starts in m_chunk
};

double pct(double f)
{
    return std::round(f * 100.0);
}

std::string pctString(double f)
{
    std::ostringstream os;
    os << int(pct(f)) << "%";
    return os.str();
}

} // namespace

ProfilerTrace importProfilerTrace(const std::string& path, const std::function<bool(uint64_t, uint64_t)>& progress)
{
    ProfilerTrace out;
    out.path = path;
    FileBuf buf(path, progress);
    if (!buf.ok())
        throw TraceImportError("cannot open trace '" + path + "': " + std::strerror(errno), 0);
    Scanner scanner(out);
    std::vector<char> chunk(1 << 20);
    for (;;) {
        const std::streamsize n = buf.sgetn(chunk.data(), std::streamsize(chunk.size()));
        if (n <= 0)
            break;
        scanner.feed(chunk.data(), size_t(n));
    }
    out.bytes_read = scanner.offset();
    if (buf.cancelled())
        throw TraceImportError("import of '" + path + "' cancelled", out.bytes_read);
    scanner.finish();
    if (out.events_seen == 0)
        throw TraceImportError("'" + path + "' has no traceEvents: not a Chrome/Kineto trace", out.bytes_read);
    return out;
}

ProfilerTrace importProfilerTraceBuffer(const char* data, size_t size)
{
    ProfilerTrace out;
    out.path = "(memory)";
    Scanner scanner(out);
    for (size_t at = 0; at < size; at += 1 << 20) // chunks, as from a file
        scanner.feed(data + at, std::min<size_t>(1 << 20, size - at));
    out.bytes_read = scanner.offset();
    scanner.finish();
    if (out.events_seen == 0)
        throw TraceImportError("no traceEvents: not a Chrome/Kineto trace", out.bytes_read);
    return out;
}

TraceAnalysis analyzeProfilerTrace(const ProfilerTrace& trace)
{
    TraceAnalysis a;
    std::vector<std::pair<int64_t, int64_t>> steps, waits;
    std::vector<DeviceSpan> device;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (const ProfiledSpan& s : trace.spans) {
        lo = std::min(lo, s.t0);
        hi = std::max(hi, s.t1);
        switch (s.kind) {
        case ProfiledSpan::Step: steps.emplace_back(s.t0, s.t1); break;
        case ProfiledSpan::DataWait: waits.emplace_back(s.t0, s.t1); break;
        case ProfiledSpan::Kernel:
            device.push_back({EventKind::Kernel, uint64_t(s.t0), uint64_t(s.t1), -1, -1, 0, false});
            ++a.kernels;
            break;
        default:
            device.push_back({EventKind::H2DCopy, uint64_t(s.t0), uint64_t(s.t1), -1, -1, s.bytes,
                              s.kind == ProfiledSpan::CopyPinned});
            (s.kind == ProfiledSpan::CopyPinned ? a.pinned_copies : a.pageable_copies)++;
        }
    }
    std::sort(steps.begin(), steps.end());
    std::sort(waits.begin(), waits.end());
    if (steps.empty() && lo < hi)
        steps.emplace_back(lo, hi); // no ProfilerStep: the whole trace is one window
    a.steps = int(steps.size());
    int64_t window0 = steps.empty() ? 0 : steps.front().first, window1 = steps.empty() ? 0 : steps.back().second;
    for (const auto& [s0, s1] : steps) {
        a.step_s += double(s1 - s0) * 1e-9;
        // the loader waits inside this step
        auto it = std::lower_bound(waits.begin(), waits.end(), std::make_pair(s0, INT64_MIN));
        if (it != waits.begin())
            --it;
        for (; it != waits.end() && it->first < s1; ++it) {
            const int64_t x0 = std::max(it->first, s0), x1 = std::min(it->second, s1);
            if (x1 > x0)
                a.data_wait_s += double(x1 - x0) * 1e-9;
        }
    }
    a.data_stall_fraction = a.step_s > 0 ? std::min(1.0, a.data_wait_s / a.step_s) : 0;
    // GPU figures over the steps' window, with the engine's own metric code.
    std::vector<DeviceSpan> inWindow;
    for (const DeviceSpan& d : device)
        if (int64_t(d.t1) > window0 && int64_t(d.t0) < window1)
            inWindow.push_back(d);
    const DeviceMetrics dm = deviceMetrics(inWindow);
    const double windowS = double(window1 - window0) * 1e-9;
    a.gpu_busy_fraction = windowS > 0 ? std::min(1.0, dm.kernel_s / windowS) : 0;
    if (dm.copy_s > 0) {
        a.overlap_fraction = dm.overlap_s / dm.copy_s;
        a.h2d_gbps = double(dm.bytes) / dm.copy_s * 1e-9;
    }
    a.verdict = a.steps == 0 ? "no steps found" : verdictFor(a.data_stall_fraction);

    // Recommendations: the knob, the direction, the evidence (sentences fixed for translation).
    if (a.data_stall_fraction > 0.05)
        a.recommendations.push_back("the loop waits " + pctString(a.data_stall_fraction) +
                                    " of its steps in DataLoader __next__: raise num_workers, or make each sample cheaper");
    if (a.pageable_copies > 0)
        a.recommendations.push_back(std::to_string(a.pageable_copies) + " of " +
                                    std::to_string(a.pageable_copies + a.pinned_copies) +
                                    " host-to-device copies are from pageable memory: set pin_memory=True");
    if (a.pinned_copies > 0 && a.pageable_copies == 0 && a.kernels > 0 && a.overlap_fraction >= 0 &&
        a.overlap_fraction < 0.2)
        a.recommendations.push_back("copies overlap kernels only " + pctString(a.overlap_fraction) +
                                    ": use non_blocking=True and issue the copies on a separate stream");
    if (a.steps > 0 && a.data_stall_fraction < 0.05)
        a.recommendations.push_back("not input-bound (the loop waits " + pctString(a.data_stall_fraction) +
                                    " for data): the training step is the bottleneck; more workers will not help");
    return a;
}

RankReport compareRanks(const std::vector<ProfilerTrace>& traces)
{
    RankReport r;
    for (const ProfilerTrace& t : traces)
        r.ranks.push_back(analyzeProfilerTrace(t));
    if (r.ranks.size() < 2)
        return r;
    std::vector<double> stalls;
    for (const auto& a : r.ranks)
        stalls.push_back(a.data_stall_fraction);
    if (const Straggler s = findStraggler(stalls); s.index >= 0) {
        r.straggler = s.index;
        const int rank = traces[size_t(s.index)].rank >= 0 ? traces[size_t(s.index)].rank : s.index;
        r.straggler_reason = "rank " + std::to_string(rank) + " waits " + pctString(s.stall) +
                             " of its steps for data; the other ranks " + pctString(s.others) + " (median)";
    }
    return r;
}

} // namespace loaderscope

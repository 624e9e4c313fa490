// SPDX-License-Identifier: MIT
// Streaming import of PyTorch profiler traces. The JSON is read through nlohmann's SAX interface
// from a buffered (optionally gzip) stream, so a 1 GB trace is never held in memory: only the
// spans the loader analysis needs are kept, as 48-byte records.
#include "loaderscope/profiler_import.h"

#include "loaderscope/run.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
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

/** Keeps the loader-relevant complete ("X") events; everything else is only counted. */
class Handler : public nlohmann::json_sax<json>
{
public:
    explicit Handler(ProfilerTrace& out) : m_out(out) {}

    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t v) override { return number(double(v)); }
    bool number_unsigned(number_unsigned_t v) override { return number(double(v)); }
    bool number_float(number_float_t v, const string_t&) override { return number(v); }
    bool binary(binary_t&) override { return true; }

    bool string(string_t& v) override
    {
        if (inEvent() && m_depth == m_eventDepth) {
            if (m_key == "name")
                m_name = std::move(v);
            else if (m_key == "ph")
                m_ph = std::move(v);
            else if (m_key == "cat")
                m_cat = std::move(v);
            else if (m_key == "pid")
                m_pid = hashId(v);
            else if (m_key == "tid")
                m_tid = hashId(v);
        }
        return true;
    }

    bool start_object(std::size_t) override
    {
        ++m_depth;
        if (m_depth == 1)
            m_topObject = true;
        if (m_eventsArray && m_depth == m_eventDepth)
            resetEvent();
        if (m_depth == 2 && m_topObject && m_key == "distributedInfo")
            m_inDistributed = true;
        return true;
    }

    bool key(string_t& k) override
    {
        if (m_depth == 1 || (inEvent() && (m_depth == m_eventDepth || m_depth == m_eventDepth + 1)) ||
            (m_inDistributed && m_depth == 2)) {
            if (inEvent() && m_depth == m_eventDepth + 1)
                m_argKey = k;
            else
                m_key = k;
        }
        return true;
    }

    bool end_object() override
    {
        if (inEvent() && m_depth == m_eventDepth) {
            ++m_out.events_seen;
            keep();
        }
        if (m_depth == 2)
            m_inDistributed = false;
        --m_depth;
        return true;
    }

    bool start_array(std::size_t) override
    {
        ++m_depth;
        if (m_depth == 1) { // the bare-array form: events are its elements
            m_eventsArray = true;
            m_eventDepth = 2;
        } else if (m_depth == 2 && m_topObject && m_key == "traceEvents") {
            m_eventsArray = true;
            m_eventDepth = 3;
        }
        return true;
    }

    bool end_array() override
    {
        if (m_eventsArray && m_depth == m_eventDepth - 1)
            m_eventsArray = false;
        --m_depth;
        return true;
    }

    bool parse_error(std::size_t position, const std::string& lastToken, const nlohmann::detail::exception& e) override
    {
        std::string what = e.what();
        if (auto p = what.find("syntax error"); p != std::string::npos)
            what = what.substr(p);
        throw TraceImportError("malformed trace at byte " + std::to_string(position) + " (near '" +
                                   lastToken.substr(0, 40) + "'): " + what,
                               uint64_t(position));
    }

private:
    bool inEvent() const { return m_eventsArray && m_depth >= m_eventDepth; }

    bool number(double v)
    {
        if (m_inDistributed && m_depth == 2 && m_key == "rank")
            m_out.rank = int(v);
        if (!inEvent())
            return true;
        if (m_depth == m_eventDepth) {
            if (m_key == "ts")
                m_ts = v;
            else if (m_key == "dur")
                m_dur = v;
            else if (m_key == "pid")
                m_pid = int64_t(v);
            else if (m_key == "tid")
                m_tid = int64_t(v);
        } else if (m_depth == m_eventDepth + 1 && m_key == "args" && m_argKey == "bytes") {
            m_bytes = v;
        }
        return true;
    }

    void resetEvent()
    {
        m_name.clear();
        m_ph.clear();
        m_cat.clear();
        m_key.clear();
        m_ts = m_dur = m_bytes = -1;
        m_pid = m_tid = 0;
    }

    void keep()
    {
        if (m_ph != "X" || m_ts < 0 || m_dur < 0 || !std::isfinite(m_ts) || !std::isfinite(m_dur))
            return;
        ProfiledSpan s;
        if (startsWith(m_name, "ProfilerStep#") && m_cat != "gpu_user_annotation")
            s.kind = ProfiledSpan::Step;
        else if (startsWith(m_name, "enumerate(DataLoader)#") && endsWith(m_name, ".__next__"))
            s.kind = ProfiledSpan::DataWait;
        else if (startsWith(m_name, "Memcpy HtoD") && m_name.find("(Pinned -> Device)") != std::string::npos)
            s.kind = ProfiledSpan::CopyPinned;
        else if (startsWith(m_name, "Memcpy HtoD") && m_name.find("(Pageable -> Device)") != std::string::npos)
            s.kind = ProfiledSpan::CopyPageable;
        else if (m_cat == "kernel" || m_cat == "Kernel")
            s.kind = ProfiledSpan::Kernel;
        else
            return;
        s.t0 = int64_t(std::llround(m_ts * 1000.0));
        s.t1 = s.t0 + int64_t(std::llround(m_dur * 1000.0));
        s.bytes = m_bytes > 0 ? uint64_t(m_bytes) : 0;
        s.pid = m_pid;
        s.tid = m_tid;
        m_out.spans.push_back(s);
    }

    ProfilerTrace& m_out;
    int m_depth = 0;
    int m_eventDepth = 3;
    bool m_topObject = false;
    bool m_eventsArray = false;
    bool m_inDistributed = false;
    std::string m_key, m_argKey, m_name, m_ph, m_cat;
    double m_ts = -1, m_dur = -1, m_bytes = -1;
    int64_t m_pid = 0, m_tid = 0;
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
    Handler handler(out);
    std::istreambuf_iterator<char> begin(&buf), end;
    const bool ok = json::sax_parse(begin, end, &handler, json::input_format_t::json, /*strict=*/true);
    out.bytes_read = buf.consumed();
    if (buf.cancelled())
        throw TraceImportError("import of '" + path + "' cancelled", out.bytes_read);
    if (!ok)
        throw TraceImportError("malformed trace '" + path + "'", out.bytes_read);
    if (out.events_seen == 0)
        throw TraceImportError("'" + path + "' has no traceEvents: not a Chrome/Kineto trace", out.bytes_read);
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
    const size_t worst = size_t(std::max_element(stalls.begin(), stalls.end()) - stalls.begin());
    std::vector<double> others;
    for (size_t i = 0; i < stalls.size(); ++i)
        if (i != worst)
            others.push_back(stalls[i]);
    std::sort(others.begin(), others.end());
    const double median = others[others.size() / 2];
    // It holds the others back when its loader wait stands out: input-bound and well above the rest.
    if (stalls[worst] > 0.05 && stalls[worst] > 1.5 * median + 0.02) {
        r.straggler = int(worst);
        const int rank = traces[worst].rank >= 0 ? traces[worst].rank : int(worst);
        r.straggler_reason = "rank " + std::to_string(rank) + " waits " + pctString(stalls[worst]) +
                             " of its steps for data; the other ranks " + pctString(median) + " (median)";
    }
    return r;
}

} // namespace loaderscope

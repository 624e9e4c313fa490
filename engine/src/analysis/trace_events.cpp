// SPDX-License-Identifier: MIT
// Event classification (docs/traces.md), and the choice of the window parser's build for this
// CPU (simdjson 3.0's On-Demand API has no runtime dispatch of its own: see trace_window.inc).
#include "trace_events.h"

#include "trace_scan.h"
#include "trace_testing.h"

#include <atomic>
#include <cmath>
#include <cstring>

namespace loaderscope::detail {

namespace {

bool startsWith(std::string_view s, std::string_view p)
{
    return s.size() >= p.size() && std::memcmp(s.data(), p.data(), p.size()) == 0;
}

bool endsWith(std::string_view s, std::string_view p)
{
    return s.size() >= p.size() && std::memcmp(s.data() + s.size() - p.size(), p.data(), p.size()) == 0;
}

bool equalsNoCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if ((a[i] | 0x20) != (b[i] | 0x20))
            return false;
    return true;
}

std::atomic<bool> s_forceFallback{false};

const char* kKindNames[5] = {"ProfilerStep", "DataLoader __next__", "pinned host-to-device copy",
                             "pageable host-to-device copy", "kernel"};

} // namespace

void windowError(uint64_t offset, const char* what, const char* detail, bool limit)
{
    const std::string message = detail ? std::string(what) + " (" + detail + ")" : std::string(what);
    if (limit)
        traceLimit(offset, message);
    traceError(offset, message);
}

EventSink::EventSink(ProfilerTrace& out, const TraceImportLimits& limits) : m_out(out), m_limits(limits) {}

int EventSink::classify(std::string_view name, std::string_view cat)
{
    // Names first (a step or a loader wait may be filed under cpu_op, user_annotation or, in
    // torch 1.8, Operator), then the GPU categories in both spellings: kernel/Kernel,
    // gpu_memcpy/Memcpy, gpu_memset/Memset.
    if (!name.empty()) {
        switch (name[0]) {
        case 'P':
            if (startsWith(name, "ProfilerStep#") && cat != "gpu_user_annotation")
                return ProfiledSpan::Step;
            break;
        case 'e':
            // DataLoader.__iter__'s iterator records f"enumerate(DataLoader)#{type(self).__name__}.__next__"
            // (subclassed iterators show their own class); torchdata pipes "enumerate(DataPipe)#<Pipe>".
            if (startsWith(name, "enumerate(DataLoader)#") && endsWith(name, ".__next__"))
                return ProfiledSpan::DataWait;
            if (startsWith(name, "enumerate(DataPipe)#"))
                return ProfiledSpan::DataWait;
            break;
        case 'M':
            if (startsWith(name, "Memcpy HtoD")) {
                if (name.find("(Pinned -> Device)") != std::string_view::npos)
                    return ProfiledSpan::CopyPinned;
                if (name.find("(Pageable -> Device)") != std::string_view::npos)
                    return ProfiledSpan::CopyPageable;
                return kGpuOther;
            }
            if (startsWith(name, "Memcpy ") || startsWith(name, "Memset "))
                return kGpuOther;
            break;
        default:
            break;
        }
    }
    if (cat.size() == 6 && equalsNoCase(cat, "kernel"))
        return ProfiledSpan::Kernel;
    if (cat == "gpu_memcpy" || cat == "Memcpy" || cat == "gpu_memset" || cat == "Memset")
        return kGpuOther;
    return kOther;
}

TraceThread* EventSink::thread(const RawEvent& e)
{
    const ThreadKey key{e.pid, e.tid};
    CacheEntry& cached = m_cache[ThreadKeyHash()(key) % 16];
    if (cached.index != SIZE_MAX && key == cached.key)
        return &m_out.threads[cached.index];
    auto it = m_threadIndex.find(key);
    size_t index = 0;
    if (it != m_threadIndex.end()) {
        index = it->second;
    } else {
        if (m_threadIndex.size() >= m_limits.max_threads) {
            m_threadsFull = true;
            return nullptr;
        }
        index = m_out.threads.size();
        TraceThread t;
        t.pid = e.pid;
        t.tid = e.tid;
        t.name.assign(e.tidText.substr(0, 200));
        t.process.assign(e.pidText.substr(0, 200));
        t.t0 = INT64_MAX;
        t.t1 = INT64_MIN;
        m_out.threads.push_back(std::move(t));
        m_threadIndex.emplace(key, index);
    }
    cached = {key, index};
    return &m_out.threads[index];
}

void EventSink::metadata(const RawEvent& e)
{
    // thread_name and process_name name the lanes (Kineto: "stream 7", "python", "GPU 0").
    if (e.argName.empty() || e.badId)
        return;
    if (e.name == "thread_name") {
        TraceThread* t = thread(e);
        if (t)
            t->name.assign(e.argName.substr(0, 200));
    } else if (e.name == "process_name" && m_processNames.size() < 4096) {
        m_processNames[e.pid].assign(e.argName.substr(0, 200));
    }
}

bool EventSink::add(const RawEvent& e)
{
    ++m_out.events_seen;
    if (e.ph.size() != 1)
        return true;
    if (e.ph[0] == 'M') {
        metadata(e);
        return true;
    }
    if (e.ph[0] != 'X')
        return true; // instants, counters, flows: nothing the loader analysis reads
    int cls = e.cls != kUnclassified ? e.cls : classify(e.name, e.cat);
    // The legacy profiler (use_cuda=True) writes each op's device time under pid "CUDA functions",
    // without a category: GPU activity, counted as kernels.
    if (cls == kOther && e.pidText == "CUDA functions")
        cls = ProfiledSpan::Kernel;
    if (cls == kGpuOther || cls >= ProfiledSpan::CopyPinned)
        ++m_out.gpu_events;
    // Times are microseconds. Kineto counts from its base time (torch 1.8-1.x: from the Unix epoch,
    // about 1.7e15 us). Past 4e15 us nanoseconds would near int64's limit: refused, as are negative
    // or missing durations (counted and reported, never silently dropped).
    constexpr int64_t kMaxNs = 4000000000000000000LL;
    const bool valid = e.hasTs && e.hasDur && !e.badId && e.tsNs >= -kMaxNs && e.tsNs <= kMaxNs && e.durNs >= 0 &&
                       e.durNs <= kMaxNs;
    if (!valid) {
        if (cls >= 0)
            ++m_out.refused[cls];
        else if (e.badId)
            ++m_badIds;
        return true;
    }
    const int64_t t0 = e.tsNs;
    const int64_t t1 = t0 + e.durNs;
    if (TraceThread* t = thread(e)) {
        ++t->events;
        t->t0 = std::min(t->t0, t0);
        t->t1 = std::max(t->t1, t1);
    }
    if (cls < 0)
        return true;
    if (m_out.spans.size() >= m_limits.max_kept_spans) {
        m_limitMessage = "more than " + std::to_string(m_limits.max_kept_spans) +
                         " steps, loader waits, copies and kernels: over the import limit";
        return false;
    }
    ProfiledSpan sp;
    sp.kind = ProfiledSpan::Kind(cls);
    sp.t0 = t0;
    sp.t1 = t1;
    sp.bytes = e.bytes > 0 && e.bytes < 1.8e19 ? uint64_t(e.bytes) : 0; // 1.8e19 < 2^64
    sp.pid = e.pid;
    sp.tid = e.tid;
    m_out.spans.push_back(sp);
    return true;
}

void EventSink::finish()
{
    for (TraceThread& t : m_out.threads) {
        if (t.events == 0)
            t.t0 = t.t1 = 0; // named by metadata only
        if (auto it = m_processNames.find(t.pid); it != m_processNames.end())
            t.process = it->second;
    }
    for (int k = 0; k < 5; ++k)
        if (m_out.refused[k] > 0)
            m_out.warnings.push_back(std::to_string(m_out.refused[k]) + " " + kKindNames[k] +
                                     " spans refused: negative, missing or out-of-range times");
    if (m_badIds > 0)
        m_out.warnings.push_back(std::to_string(m_badIds) + " events with a pid or tid that is not an integer or a string: ignored");
    if (m_threadsFull)
        m_out.warnings.push_back("more than " + std::to_string(m_limits.max_threads) + " threads: the rest are not listed");
}

// ---------------------------------------------------------------------------------------------
// The window parser: one build of trace_window.inc per CPU family (trace_window_<family>.cpp).

namespace window_fallback {
void* create();
void destroy(void* slot);
void index(void* slot, const char* data, size_t len, uint64_t base);
void parse(void* slot, EventSink& sink);
} // namespace window_fallback
#if defined(__x86_64__)
namespace window_haswell {
void* create();
void destroy(void* slot);
void index(void* slot, const char* data, size_t len, uint64_t base);
void parse(void* slot, EventSink& sink);
} // namespace window_haswell
namespace window_icelake {
void* create();
void destroy(void* slot);
void index(void* slot, const char* data, size_t len, uint64_t base);
void parse(void* slot, EventSink& sink);
} // namespace window_icelake
#endif
const char* activeImplementation();

struct WindowParser::Impl
{
    std::string name;
    void* slot = nullptr;
    void (*index)(void*, const char*, size_t, uint64_t) = nullptr;
    void (*parse)(void*, EventSink&) = nullptr;
    void (*destroy)(void*) = nullptr;
};

WindowParser::WindowParser() : m_impl(std::make_unique<Impl>())
{
    // simdjson's own choice for this CPU (its runtime detection), or the portable one in tests.
    const std::string active = s_forceFallback ? "fallback" : activeImplementation();
    Impl& i = *m_impl;
#if defined(__x86_64__)
    if (active == "icelake") {
        i = {"icelake", window_icelake::create(), window_icelake::index, window_icelake::parse, window_icelake::destroy};
        return;
    }
    if (active == "haswell") {
        i = {"haswell", window_haswell::create(), window_haswell::index, window_haswell::parse, window_haswell::destroy};
        return;
    }
#endif
    i = {"fallback", window_fallback::create(), window_fallback::index, window_fallback::parse, window_fallback::destroy};
}

WindowParser::~WindowParser()
{
    if (m_impl && m_impl->slot)
        m_impl->destroy(m_impl->slot);
}

void WindowParser::index(const char* data, size_t len, uint64_t base)
{
    m_impl->index(m_impl->slot, data, len, base);
}

void WindowParser::parse(EventSink& sink)
{
    m_impl->parse(m_impl->slot, sink);
}

const char* WindowParser::implementation() const
{
    return m_impl->name.c_str();
}


void forceFallbackParser(bool on)
{
    s_forceFallback = on;
}

const char* windowParserImplementation()
{
    return s_forceFallback ? "fallback" : activeImplementation();
}

} // namespace loaderscope::detail

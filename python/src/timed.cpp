// SPDX-License-Identifier: MIT
// The timing proxies' per-sample part, and the collate's, as three Python types made here, by
// PyType_FromSpec, through CPython functions of the stable ABI whose addresses _recorder.py hands
// over (no Python header, no libpython: the library stays one build for every CPython). A
// fetcher's `dataset[index]`, `next(dataset_iter)` and `collate_fn(data)` then run no Python frame
// and no ctypes call of the probe: the interpreter calls mp_subscript / tp_iternext / tp_call
// below, which read the clock, call the wrapped object and keep the sample's times in the
// thread's FetchRecorder (written a batch at a time; the collate's span at once). After a
// sample's own sleep (a cold core) the Python wrapper cost about 3.5 us a sample and its batch's
// list of tuples 1.3 more; this costs well under one. The Python collate wrapper cost about 13 us
// a batch there (issue 45).
//
// Only on a CPython with a GIL, whose object header (the stable ABI's PyObject: a reference count
// and a type pointer, 16 bytes) _recorder.py has checked: every function here runs with the GIL
// held, which is also what keeps the stack watch's flushLate() and fetchNow() apart from them.
// loaderscope/_proxies.py subclasses these types in Python (attribute forwarding, len, repr),
// and keeps the pure-Python proxies for any CPython where the types cannot be made.
#include "capi_box.h"
#include "recorder.h"

#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <sys/types.h>

using namespace lsprobe;

namespace {

using PyObj = void; // a PyObject*, never looked into beyond the header below

/// The stable ABI's object header on a CPython with a GIL (no Py_TRACE_REFS): what the limited
/// API's own Py_TYPE reads. _recorder.py checks object.__basicsize__ before handing anything over.
struct Header
{
    ssize_t refcnt;
    void* type;
};

/// One timing proxy: the wrapped dataset (or iterator) and the recorder of the thread it times.
struct Timed
{
    Header head;
    PyObj* wrapped;                         ///< a strong reference, NULL until bound
    std::shared_ptr<FetchRecorder>* rec;    ///< its own copy of the box (capi_box.h), NULL until bound
    FetchRecorder* recorder;                ///< *rec's object: one load less a sample than through the box
    // The collate proxy's only (TimedCollate):
    int batched;             ///< its samples are len(data) (auto-collation), else 1
    uint32_t tick;           ///< calls until the next measured one (0 before the first: measured)
    uint64_t costNs;         ///< its own CPU, as last measured
};

// The CPython functions and objects, in lsp_timed_types's order.
struct Api
{
    PyObj* (*typeFromSpec)(void*);
    PyObj* (*getItem)(PyObj*, PyObj*);
    PyObj* (*iterNext)(PyObj*);
    void (*incRef)(PyObj*);
    void (*decRef)(PyObj*);
    void* (*typeGetSlot)(PyObj*, int);
    void (*gcUnTrack)(PyObj*);
    void (*errSetString)(PyObj*, const char*);
    PyObj* (*errOccurred)();
    void (*errClear)();
    long long (*asLongLong)(PyObj*);
    PyObj* (*call)(PyObj*, PyObj*, PyObj*);  ///< PyObject_Call
    ssize_t (*size)(PyObj*);                 ///< PyObject_Size
    PyObj* (*tupleGetItem)(PyObj*, ssize_t); ///< PyTuple_GetItem (borrowed)
    PyObj* runtimeError; ///< the PyExc_RuntimeError object
    PyObj* longType;     ///< int (id(int))
};
constexpr int kApiEntries = 16;
Api g_api;

// CPython's stable values (typeslots.h, object.h, structmember.h: unchanged from 3.2 to 3.13).
constexpr int kSlotMpSubscript = 5, kSlotTpCall = 50, kSlotTpClear = 51, kSlotTpDealloc = 52, kSlotTpDoc = 56, kSlotTpIter = 62,
              kSlotTpIterNext = 63, kSlotTpTraverse = 71, kSlotTpMembers = 72, kSlotTpFree = 74;
constexpr unsigned kFlagBaseType = 1u << 10, kFlagHaveGc = 1u << 14, kFlagVersionTag = 1u << 18;
constexpr int kMemberObject = 6, kMemberReadOnly = 1; // T_OBJECT (None when NULL), READONLY

struct Slot
{
    int slot;
    void* fn;
};
struct Spec
{
    const char* name;
    int basicsize;
    int itemsize;
    unsigned flags;
    Slot* slots;
};
struct Member
{
    const char* name;
    int type;
    ssize_t offset;
    int flags;
    const char* doc;
};

/// A sample's index as its Fetch span carries it: an int (exactly) within int64, else -1.
int64_t sampleIndex(PyObj* key)
{
    if (static_cast<Header*>(key)->type != g_api.longType)
        return -1;
    const long long v = g_api.asLongLong(key);
    if (v == -1 && g_api.errOccurred()) { // beyond int64
        g_api.errClear();
        return -1;
    }
    return v;
}

/// The probe's own CPU in two measured intervals, [c0, c1] and [c2, c3] (thread CPU ns), less the
/// one clock read's own cost each holds (the end of one read, the start of the next), read once
/// more here, just after c3; and that read's cost (ns), for the caller to count its reads once.
/// Call it right after c3.
std::pair<uint64_t, uint64_t> ownNsLessReads(uint64_t c0, uint64_t c1, uint64_t c2, uint64_t c3)
{
    const uint64_t read = threadCpuNs() - c3;
    const uint64_t parts = (c1 - c0) + (c3 - c2);
    return {parts > 2 * read ? parts - 2 * read : 0, read};
}

/// Times one fetch: `fetch` calls the wrapped object. On 1 sample in kWrapEvery the probe's parts
/// are measured with the thread's CPU clock, as _recorder.FetchRecorder.measured_fetch does for the
/// Python proxies (an empty interval taken out of each measured one, the reads counted once).
template <typename Call>
PyObj* timed(PyObj* self, int64_t index, Call&& fetch)
{
    Timed* t = static_cast<Timed*>(self);
    if (!t->wrapped || !t->recorder) {
        g_api.errSetString(g_api.runtimeError, "loaderscope: a timing proxy used before it was bound");
        return nullptr;
    }
    FetchRecorder& r = *t->recorder; // bound once (lsp_timed_bind): alive as long as the proxy
    PyObj* wrapped = t->wrapped;  // the caller's reference to the proxy keeps this one too
    if (!r.measureThisOne()) {
        const FetchRecorder::Fetch f{ls::nowNs(), index};
        const FetchRecorder::Fetch outer = r.fetchBegins(f);
        PyObj* out = fetch(wrapped);
        if (r.fetchEnds(f, ls::nowNs(), out != nullptr, outer))
            r.flush();
        return out;
    }
    const uint64_t c0 = threadCpuNs();
    const FetchRecorder::Fetch f{ls::nowNs(), index};
    const FetchRecorder::Fetch outer = r.fetchBegins(f);
    const uint64_t c1 = threadCpuNs();
    PyObj* out = fetch(wrapped);
    const uint64_t c2 = threadCpuNs();
    const bool due = r.fetchEnds(f, ls::nowNs(), out != nullptr, outer);
    const auto [own, read] = ownNsLessReads(c0, c1, c2, threadCpuNs());
    r.addWrapNs(own * kWrapEvery + 5 * read);
    if (due)
        r.flush(); // counts its own CPU, once
    return out;
}

PyObj* subscript(PyObj* self, PyObj* key)
{
    return timed(self, sampleIndex(key), [key](PyObj* w) { return g_api.getItem(w, key); });
}

/// An iterable's samples carry no index. NULL with no error set is the end (PyIter_Next has
/// already cleared a StopIteration): `next()` raises StopIteration as it would have.
PyObj* iterNext(PyObj* self)
{
    return timed(self, -1, [](PyObj* w) { return g_api.iterNext(w); });
}

/// A collate's samples: len(data) for a batch (auto-collation), else 1; 1 where data has no len.
int64_t collatedSamples(const Timed* t, PyObj* args)
{
    if (!t->batched || g_api.size(args) != 1)
        return 1;
    const ssize_t n = g_api.size(g_api.tupleGetItem(args, 0));
    if (n < 0) {
        g_api.errClear();
        return 1;
    }
    return n;
}

/// The collate_fn's call, timed (Collate span, arg0 = samples; the samples waiting written before
/// it, after its end is read). Its own CPU is measured on 1 call in kCollateMeasureEvery and
/// counted at that on the others, as _proxies.PyTimedCollate does: measuring each would cost as
/// much again. The wrapped function's result or error passes through unchanged.
PyObj* collateCall(PyObj* self, PyObj* args, PyObj* kwargs)
{
    Timed* t = static_cast<Timed*>(self);
    if (!t->wrapped || !t->recorder) {
        g_api.errSetString(g_api.runtimeError, "loaderscope: a timing proxy used before it was bound");
        return nullptr;
    }
    FetchRecorder& r = *t->recorder;
    if (t->tick > 1) {
        --t->tick;
        const uint64_t t0 = ls::nowNs();
        PyObj* out = g_api.call(t->wrapped, args, kwargs);
        if (out)
            r.collated(t0, collatedSamples(t, args));
        r.addWrapNs(t->costNs);
        return out;
    }
    t->tick = kCollateMeasureEvery;
    r.flush(); // the samples first: their write counts itself, outside what is measured here
    const uint64_t c0 = threadCpuNs();
    const uint64_t t0 = ls::nowNs();
    const uint64_t c1 = threadCpuNs();
    PyObj* out = g_api.call(t->wrapped, args, kwargs);
    const uint64_t c2 = threadCpuNs();
    if (out)
        r.collated(t0, collatedSamples(t, args));
    const auto [own, read] = ownNsLessReads(c0, c1, c2, threadCpuNs());
    t->costNs = own;
    r.addWrapNs(own + 5 * read);
    return out;
}

PyObj* iterSelf(PyObj* self)
{
    g_api.incRef(self);
    return self;
}

int traverse(PyObj* self, int (*visit)(PyObj*, void*), void* arg)
{
    Timed* t = static_cast<Timed*>(self);
    if (int r = visit(static_cast<PyObj*>(t->head.type), arg)) // a heap type's instance holds its type
        return r;
    return t->wrapped ? visit(t->wrapped, arg) : 0;
}

int clear(PyObj* self)
{
    Timed* t = static_cast<Timed*>(self);
    if (PyObj* w = t->wrapped) {
        t->wrapped = nullptr;
        g_api.decRef(w);
    }
    return 0;
}

void dealloc(PyObj* self)
{
    Timed* t = static_cast<Timed*>(self);
    PyObj* type = static_cast<PyObj*>(t->head.type);
    g_api.gcUnTrack(self);
    clear(self);
    t->recorder = nullptr;
    delete t->rec;
    t->rec = nullptr;
    auto free = reinterpret_cast<void (*)(PyObj*)>(g_api.typeGetSlot(type, kSlotTpFree));
    free(self);
    g_api.decRef(type);
}

Member g_members[] = {
    {"wrapped", kMemberObject, offsetof(Timed, wrapped), kMemberReadOnly, "the object timed"},
    {nullptr, 0, 0, 0, nullptr},
};

enum class Kind { Mapping, Iterator, Call };

PyObj* makeType(const char* name, const char* doc, Kind kind)
{
    Slot slots[8];
    int n = 0;
    switch (kind) {
    case Kind::Mapping:
        slots[n++] = {kSlotMpSubscript, reinterpret_cast<void*>(&subscript)};
        break;
    case Kind::Iterator:
        slots[n++] = {kSlotTpIterNext, reinterpret_cast<void*>(&iterNext)};
        slots[n++] = {kSlotTpIter, reinterpret_cast<void*>(&iterSelf)};
        break;
    case Kind::Call:
        slots[n++] = {kSlotTpCall, reinterpret_cast<void*>(&collateCall)};
        break;
    }
    slots[n++] = {kSlotTpDealloc, reinterpret_cast<void*>(&dealloc)};
    slots[n++] = {kSlotTpTraverse, reinterpret_cast<void*>(&traverse)};
    slots[n++] = {kSlotTpClear, reinterpret_cast<void*>(&clear)};
    slots[n++] = {kSlotTpMembers, g_members};
    slots[n++] = {kSlotTpDoc, const_cast<char*>(doc)};
    slots[n] = {0, nullptr};
    Spec spec{name, int(sizeof(Timed)), 0, kFlagVersionTag | kFlagBaseType | kFlagHaveGc, slots};
    return g_api.typeFromSpec(&spec); // copies what it needs from the spec and the slots
}

} // namespace

/// Makes the three proxy types: `api`, kApiEntries addresses in Api's order; `types` receives the
/// dataset's (mp_subscript), the iterator's (tp_iternext) and the collate_fn's (tp_call), new
/// references, or NULLs with a Python error set. 1 when all were made, 0 when not (a missing
/// entry: nothing set).
LSP_API int lsp_timed_types(void* const* api, int entries, void** types)
{
    types[0] = types[1] = types[2] = nullptr;
    if (!api || entries != kApiEntries)
        return 0;
    for (int i = 0; i < kApiEntries; ++i)
        if (!api[i])
            return 0;
    void* const* a = api;
    g_api.typeFromSpec = reinterpret_cast<PyObj* (*)(void*)>(a[0]);
    g_api.getItem = reinterpret_cast<PyObj* (*)(PyObj*, PyObj*)>(a[1]);
    g_api.iterNext = reinterpret_cast<PyObj* (*)(PyObj*)>(a[2]);
    g_api.incRef = reinterpret_cast<void (*)(PyObj*)>(a[3]);
    g_api.decRef = reinterpret_cast<void (*)(PyObj*)>(a[4]);
    g_api.typeGetSlot = reinterpret_cast<void* (*)(PyObj*, int)>(a[5]);
    g_api.gcUnTrack = reinterpret_cast<void (*)(PyObj*)>(a[6]);
    g_api.errSetString = reinterpret_cast<void (*)(PyObj*, const char*)>(a[7]);
    g_api.errOccurred = reinterpret_cast<PyObj* (*)()>(a[8]);
    g_api.errClear = reinterpret_cast<void (*)()>(a[9]);
    g_api.asLongLong = reinterpret_cast<long long (*)(PyObj*)>(a[10]);
    g_api.call = reinterpret_cast<PyObj* (*)(PyObj*, PyObj*, PyObj*)>(a[11]);
    g_api.size = reinterpret_cast<ssize_t (*)(PyObj*)>(a[12]);
    g_api.tupleGetItem = reinterpret_cast<PyObj* (*)(PyObj*, ssize_t)>(a[13]);
    g_api.runtimeError = a[14];
    g_api.longType = a[15];
    types[0] = makeType("loaderscope._native.TimedGetItem", "A dataset's samples, each timed (C).", Kind::Mapping);
    types[1] = types[0] ? makeType("loaderscope._native.TimedNext", "An iterator's samples, each timed (C).", Kind::Iterator) : nullptr;
    types[2] = types[1] ? makeType("loaderscope._native.TimedCall", "A collate_fn's calls, each timed (C).", Kind::Call) : nullptr;
    return types[0] && types[1] && types[2] ? 1 : 0;
}

/// Binds a proxy made from one of those types (a PyObject*, with the GIL held) to the object it
/// times and to a recorder (an lsp_recorder_new box). 1 when bound; 0 when it already was (never
/// bound twice: a fetch of another thread, the GIL released, may be using the first ones) or out
/// of memory.
LSP_API int lsp_timed_bind(void* self, void* wrapped, void* recorder)
{
    Timed* t = static_cast<Timed*>(self);
    if (t->rec || t->wrapped)
        return 0;
    t->rec = new (std::nothrow) std::shared_ptr<FetchRecorder>(ref<FetchRecorder>(recorder));
    if (!t->rec)
        return 0;
    t->recorder = t->rec->get();
    g_api.incRef(wrapped);
    t->wrapped = wrapped;
    return 1;
}

/// lsp_timed_bind for a collate proxy (the third type): `batched`, its samples are len(data).
LSP_API int lsp_timed_bind_collate(void* self, void* wrapped, void* recorder, int batched)
{
    Timed* t = static_cast<Timed*>(self);
    const int bound = lsp_timed_bind(self, wrapped, recorder);
    if (bound)
        t->batched = batched != 0;
    return bound;
}

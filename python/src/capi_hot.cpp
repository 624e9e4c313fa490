// SPDX-License-Identifier: MIT
// libloaderscope_probe.so's calls made a batch or a sample at a time (capi.cpp has the rest and
// the conventions): writing events, the fetch recorder, the main thread's clocks, and the
// CPython functions that let the library read a Python list itself (recorder.h). All are called
// through _native.py's PyDLL handle, with the GIL held; none blocks or throws.
#include "capi_box.h"
#include "recorder.h"
#include "worker_tally.h"

#include <cstdint>

using namespace lsprobe;

// --- writers ------------------------------------------------------------------------------------

LSP_API void lsp_writer_span(void* w, int kind, uint64_t t0, uint64_t t1, int64_t batch, int64_t arg0, int64_t arg1, int lane)
{
    ref<Writer>(w)->span(kind, t0, t1, batch, arg0, arg1, lane);
}
/// A span from t0 until now; returns now (the caller's next t0).
LSP_API uint64_t lsp_writer_until_now(void* w, int kind, uint64_t t0, int64_t batch, int64_t arg0, int64_t arg1)
{
    return ref<Writer>(w)->until_now(kind, t0, batch, arg0, arg1);
}


// --- a worker's tasks (worker_tally.h) ---------------------------------------------------------

/// Task `task` arrived: 1 when a ProbeCost is due (the caller writes it: lsp_worker_take_own_ns).
LSP_API int lsp_worker_task(void* w, int64_t task) { return ref<WorkerTally>(w)->task(task) ? 1 : 0; }
/// The task's result leaves; `delivered` 0: it made no batch.
LSP_API void lsp_worker_result(void* w, int delivered) { ref<WorkerTally>(w)->result(delivered != 0); }

// --- the fetch recorder (one per worker thread) ------------------------------------------------

/// clocks: NULL, or 2 to receive the thread's CPU ns and run-queue ns read as the batch began.
LSP_API void lsp_recorder_begin_batch(void* r, int64_t key, uint64_t* clocks)
{
    FetchRecorder& f = *ref<FetchRecorder>(r);
    f.begin_batch(key);
    if (clocks) {
        clocks[0] = f.begin_clocks().first;
        clocks[1] = f.begin_clocks().second;
    }
}
/// clocks: NULL, or 2 to receive the thread's CPU ns and run-queue ns read as the batch ended.
LSP_API int64_t lsp_recorder_end_batch(void* r, int delivered, uint64_t* clocks)
{
    FetchRecorder& f = *ref<FetchRecorder>(r);
    const int64_t samples = f.end_batch(delivered != 0);
    if (clocks) {
        clocks[0] = f.end_clocks().first;
        clocks[1] = f.end_clocks().second;
    }
    return samples;
}
/// `packed`: n triples of little-endian int64 (Python's struct "<q"), any alignment.
LSP_API void lsp_recorder_fetched_list(void* r, const void* packed, uint64_t n)
{
    if (packed)
        ref<FetchRecorder>(r)->fetchedList(packed, n);
}
/// `list`: a Python list of (t0, t1, index) tuples (a PyObject*, with the GIL held), emptied: the
/// samples written, or -1 without lsp_set_python_api (then the caller packs them for the call above).
LSP_API int64_t lsp_recorder_fetched_tuples(void* r, void* list) { return ref<FetchRecorder>(r)->fetchedTuples(list); }
/// `list`: a Python list of (kind, t0, t1, batch, arg0, arg1, lane) tuples (recorder.h).
LSP_API int64_t lsp_writer_tuples(void* w, void* list) { return writeTuples(*ref<Writer>(w), list); }
/// The main thread's clocks after a batch arrives: like lsp_session_cpu_marks without the
/// process's and the probe threads' clocks (out[2] and out[3] left as they are): three reads
/// less, the others' CPU taken once a step.
LSP_API void lsp_thread_marks(uint64_t* out)
{
    out[0] = threadCpuNs();
    out[1] = runDelayNs();
    out[4] = threadCpuNs();
}
/// `functions`: 6 addresses, in setPythonApi's order (recorder.h). 1 when taken, 0 when not.
LSP_API int lsp_set_python_api(void* const* functions) { return setPythonApi(functions) ? 1 : 0; }
LSP_API void lsp_recorder_fetched_many(void* r, uint64_t t0, uint64_t t1, const int64_t* indices, uint64_t n)
{
    ref<FetchRecorder>(r)->fetchedMany(t0, t1, indices, n);
}
LSP_API void lsp_recorder_collated(void* r, uint64_t t0, int64_t samples) { ref<FetchRecorder>(r)->collated(t0, samples); }
/// The samples waiting in the recorder (the C proxies'), written now; their write's CPU is counted.
LSP_API void lsp_recorder_flush(void* r) { ref<FetchRecorder>(r)->flush(); }
/// The stack watch's: the samples waiting, written if kFlushNs has passed since the last write.
LSP_API void lsp_recorder_flush_late(void* r) { ref<FetchRecorder>(r)->flushLate(); }
LSP_API uint64_t lsp_recorder_pending(void* r) { return ref<FetchRecorder>(r)->pending(); }
/// The fetch in progress in the C proxies: its start (CLOCK_MONOTONIC ns; 0: none), its sample's
/// index into *index.
LSP_API uint64_t lsp_recorder_fetch_now(void* r, int64_t* index)
{
    const FetchRecorder::Fetch f = ref<FetchRecorder>(r)->fetchNow();
    *index = f.index;
    return f.t0;
}
/// The probe's CPU (ns) in the C proxies and the recorder's writes since the last call.
LSP_API uint64_t lsp_recorder_take_wrap_ns(void* r) { return ref<FetchRecorder>(r)->takeWrapNs(); }
LSP_API uint64_t lsp_recorder_samples_seen(void* r) { return ref<FetchRecorder>(r)->samples_seen(); }
LSP_API uint32_t lsp_recorder_every(void* r) { return ref<FetchRecorder>(r)->every(); }
/// The batch key of the current task (-1: none yet).
LSP_API int64_t lsp_recorder_batch(void* r) { return ref<FetchRecorder>(r)->batch(); }


// SPDX-License-Identifier: MIT
// The CUDA backend: non-blocking copy and compute streams, K device buffers in rotation, events for
// every copy and kernel mapped to host CLOCK_MONOTONIC through reference events re-anchored every
// few seconds, and a step kernel that does real work on the batch for step_us.
// Every CUDA call goes through check() (or, in teardown, ignore()): the first error ends the run as
// a DeviceError (exit 3) naming the call and the CUDA error. Used from the engine's main thread only.
#include "cuda_backend.h"
#include "cuda_errors.h"

#include "loaderscope/base/clock.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

namespace loaderscope::cuda {

namespace {

constexpr uint64_t kReanchorNs = 5'000'000'000ULL; ///< float-ms elapsed times lose precision: re-anchor every 5 s
constexpr int kAnchorTries = 5;                     ///< brackets per anchor; the tightest is kept

__device__ __forceinline__ unsigned long long globalTimer()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

/// The training step: reads the whole batch once, then computes until step_ns have passed.
__global__ void stepKernel(const unsigned long long* __restrict__ data, unsigned long long words,
                           unsigned long long stepNs, unsigned long long* sink)
{
    const unsigned long long start = globalTimer();
    const unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    unsigned long long acc = 0;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < words; i += stride)
        acc += data[i];
    while (globalTimer() - start < stepNs)
        acc = acc * 6364136223846793005ULL + 1442695040888963407ULL;
    if (acc == 0x5eed)
        atomicAdd(sink, 1ULL); // never true in practice; keeps the work observable
}

/// A reference event and the host time it maps to (the midpoint of its tightest bracket).
struct Anchor
{
    cudaEvent_t ref = nullptr;
    uint64_t host_ns = 0;
    uint64_t bracket_ns = 0; ///< host after - host before: the mapping's error is within +/- half
};

class CudaBackend final : public DeviceBackend
{
public:
    explicit CudaBackend(const DeviceParams& p) : m_p(p), m_check("CUDA", p.fault) {}

    /// Creates everything, warms up, anchors the clocks. Throws DeviceError.
    void init()
    {
        check(m_check, cudaSetDevice(0), "cudaSetDevice");
        cudaDeviceProp prop{};
        check(m_check, cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
        m_name = prop.name;
        int copyEngines = 0;
        check(m_check, cudaDeviceGetAttribute(&copyEngines, cudaDevAttrAsyncEngineCount, 0),
              "cudaDeviceGetAttribute(cudaDevAttrAsyncEngineCount)");
        m_copyEngines = copyEngines;
        m_sms = std::max(1, prop.multiProcessorCount);
        check(m_check, cudaStreamCreateWithFlags(&m_computeS, cudaStreamNonBlocking), "cudaStreamCreateWithFlags(compute)");
        if (m_p.copy_stream)
            check(m_check, cudaStreamCreateWithFlags(&m_copyS, cudaStreamNonBlocking), "cudaStreamCreateWithFlags(copy)");
        else
            m_copyS = m_computeS; // one stream, as a plain PyTorch loop
        check(m_check, cudaStreamCreateWithFlags(&m_refS, cudaStreamNonBlocking), "cudaStreamCreateWithFlags(reference)");
        m_bufferBytes = std::max<uint64_t>(m_p.max_batch_bytes, 8);
        for (int b = 0; b < kDeviceBuffers; ++b) {
            void* d = nullptr;
            check(m_check, cudaMalloc(&d, m_bufferBytes), "cudaMalloc(device buffer)");
            m_buffers.push_back(static_cast<uint8_t*>(d));
            cudaEvent_t e = nullptr;
            check(m_check, cudaEventCreateWithFlags(&e, cudaEventBlockingSync), "cudaEventCreateWithFlags(kernel done)");
            m_kernelDone.push_back(e);
        }
        check(m_check, cudaMalloc(&m_sink, sizeof(unsigned long long)), "cudaMalloc(sink)");
        check(m_check, cudaMemsetAsync(m_sink, 0, sizeof(unsigned long long), m_computeS), "cudaMemsetAsync(sink)");
        warmUp();
        if (m_p.peak_h2d_bytes) {
            // Measured here, in the run's own process and context, so the GPU check compares the
            // run's copies with a plain copy made under the same conditions.
            m_peak = measurePeakH2D(m_p.peak_h2d_bytes, 20);
            if (m_peak.best_gbps < 0)
                throw std::runtime_error("plain-copy peak (LOADERSCOPE_PEAK_H2D_MIB): " + m_peak.error);
        }
        reanchor();
    }

    ~CudaBackend() override
    {
        ignore(cudaDeviceSynchronize());
        for (auto& op : m_pending)
            recycle(op);
        for (auto& a : m_anchors)
            m_eventPool.push_back(a.ref);
        for (auto e : m_eventPool)
            ignore(cudaEventDestroy(e));
        for (auto* b : m_buffers)
            ignore(cudaFree(b));
        for (auto e : m_kernelDone)
            ignore(cudaEventDestroy(e));
        if (m_sink)
            ignore(cudaFree(m_sink));
        if (m_copyS && m_copyS != m_computeS)
            ignore(cudaStreamDestroy(m_copyS));
        if (m_computeS)
            ignore(cudaStreamDestroy(m_computeS));
        if (m_refS)
            ignore(cudaStreamDestroy(m_refS));
    }

    std::string name() const override { return "cuda"; }
    std::string description() const override
    {
        std::string d = "CUDA device 0: " + m_name + " (" + std::to_string(m_copyEngines) + " copy engines, " +
                        std::to_string(m_sms) + " SMs)";
        if (m_peak.best_gbps > 0)
            d += "; plain-copy pinned H2D peak " + std::to_string(m_peak.best_gbps) + " GB/s in this process";
        if (m_maxBracketNs)
            d += "; clock anchor bracket " + std::to_string(m_maxBracketNs) + " ns";
        return d;
    }

    SubmitResult submit(const DeviceBatch& batch, uint64_t) override
    {
        const std::string ctx = deviceBatchContext(batch);
        m_check.throwIfBroken();
        if (nowNs() - m_anchors.back().host_ns > kReanchorNs)
            reanchor();
        SubmitResult r;
        const size_t b = size_t(m_submitted % kDeviceBuffers);
        if (m_submitted >= kDeviceBuffers) {
            // K batches in flight: the host waits for kernel i-K, whose buffer we reuse.
            if (!eventDone(m_kernelDone[b], "cudaEventQuery(kernel i-K done)", ctx)) {
                check(m_check, cudaEventSynchronize(m_kernelDone[b]), "cudaEventSynchronize(kernel i-K done)", ctx);
                r.buffer_wait_until = nowNs();
            }
            check(m_check, cudaStreamWaitEvent(m_copyS, m_kernelDone[b], 0), "cudaStreamWaitEvent(copy after kernel i-K)", ctx);
        }
        const bool blockingCopy = !batch.pinned || !m_p.non_blocking;
        if (blockingCopy && !streamIdle(m_copyS, ctx)) {
            // The driver synchronises with the stream before staging a pageable copy, and a
            // synchronous copy waits for all before it: with one stream, for the previous kernel.
            // Wait for that first - the host waits for the GPU - so the copy call is timed alone.
            check(m_check, cudaStreamSynchronize(m_copyS), "cudaStreamSynchronize(before a blocking copy)", ctx);
            r.buffer_wait_until = nowNs();
        }
        Op op;
        op.batch = batch;
        op.anchor = m_anchorBase + m_anchors.size() - 1;
        try {
            for (cudaEvent_t* e : {&op.copyStart, &op.copyEnd, &op.kernelStart, &op.kernelEnd})
                *e = takeEvent(ctx);
            // Each start event is recorded immediately before its command, on the stream the
            // command runs on: it is stamped when the stream reaches it (after the previous copy,
            // kernel or the awaited event), so a span holds no host work beyond one API call.
            check(m_check, cudaEventRecord(op.copyStart, m_copyS), "cudaEventRecord(copy start)", ctx);
            const uint64_t before = nowNs();
            check(m_check, withFault(m_check, DeviceCall::Copy, [&] {
                      return cudaMemcpyAsync(m_buffers[b], batch.data, batch.bytes, cudaMemcpyHostToDevice, m_copyS);
                  }), "cudaMemcpyAsync", ctx);
            check(m_check, cudaEventRecord(op.copyEnd, m_copyS), "cudaEventRecord(copy end)", ctx);
            if (batch.pinned && !m_p.non_blocking)
                check(m_check, cudaStreamSynchronize(m_copyS), "cudaStreamSynchronize(synchronous copy)", ctx); // .to(device) without non_blocking
            if (blockingCopy) {
                // Pageable: the call itself returned only after the driver staged the data.
                r.copy_block_from = before;
                r.copy_block_until = nowNs();
                r.copy_block = batch.pinned ? HostBlock::SyncCopy : HostBlock::PageableStaging;
            }
            check(m_check, cudaStreamWaitEvent(m_computeS, op.copyEnd, 0), "cudaStreamWaitEvent(kernel after copy)", ctx);
            check(m_check, cudaEventRecord(op.kernelStart, m_computeS), "cudaEventRecord(kernel start)", ctx);
            launchStep(m_buffers[b], batch.bytes / 8, uint64_t(m_p.step_us * 1000.0));
            check(m_check, launchError(DeviceCall::Launch), "stepKernel launch (cudaGetLastError)", ctx);
            check(m_check, cudaEventRecord(op.kernelEnd, m_computeS), "cudaEventRecord(kernel end)", ctx);
            check(m_check, cudaEventRecord(m_kernelDone[b], m_computeS), "cudaEventRecord(kernel done)", ctx);
        } catch (...) {
            // The run ends; destroying an event whose work is pending is allowed.
            for (cudaEvent_t e : {op.copyStart, op.copyEnd, op.kernelStart, op.kernelEnd})
                if (e)
                    ignore(cudaEventDestroy(e));
            throw;
        }
        ++m_submitted;
        m_pending.push_back(op);
        return r;
    }

    std::vector<DeviceSpan> poll(uint64_t) override
    {
        std::vector<DeviceSpan> out;
        if (m_pending.empty())
            return out;
        m_check.throwIfBroken();
        for (auto it = m_pending.begin(); it != m_pending.end();) {
            Op& op = *it;
            const std::string ctx = deviceBatchContext(op.batch);
            if (!op.copyReported) {
                if (!eventDone(op.copyEnd, "cudaEventQuery(copy end)", ctx)) {
                    ++it;
                    continue;
                }
                out.push_back(span(op, EventKind::H2DCopy, op.copyStart, op.copyEnd, ctx));
                op.copyReported = true;
            }
            if (!eventDone(op.kernelEnd, "cudaEventQuery(kernel end)", ctx)) {
                ++it; // later copies may have finished while this kernel runs: look at them too
                continue;
            }
            out.push_back(span(op, EventKind::Kernel, op.kernelStart, op.kernelEnd, ctx));
            recycle(op);
            it = m_pending.erase(it);
        }
        trimAnchors();
        std::stable_sort(out.begin(), out.end(), [](const DeviceSpan& a, const DeviceSpan& b) { return a.t1 < b.t1; });
        return out;
    }

    uint64_t drainTime() override
    {
        // Synchronise even after a latched error: a real fault returns its error here, and after
        // an injected one the device is healthy and its copies must end before the slots go.
        check(m_check, cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        m_check.throwIfBroken();
        return nowNs();
    }

    uint8_t* allocPinned(uint64_t bytes) override
    {
        void* p = nullptr;
        check(m_check, cudaHostAlloc(&p, std::max<uint64_t>(bytes, 1), cudaHostAllocDefault), "cudaHostAlloc",
              "pin_memory staging buffer, " + std::to_string(bytes) + " bytes");
        return static_cast<uint8_t*>(p);
    }
    void freePinned(uint8_t* p) override { ignore(cudaFreeHost(p)); }
    void registerPinned(uint8_t* p, uint64_t bytes) override
    {
        const std::string ctx = "the batch-slot section, " + std::to_string(bytes) + " bytes";
        m_check.throwIfBroken();
        check(m_check, withFault(m_check, DeviceCall::Register, [&] { return cudaHostRegister(p, bytes, cudaHostRegisterDefault); }),
              "cudaHostRegister", ctx);
    }
    void unregisterPinned(uint8_t* p) override { ignore(cudaHostUnregister(p)); }
    DeviceFigures figures() const override { return {m_maxBracketNs, std::max(0.0, m_peak.best_gbps)}; }

private:
    struct Op
    {
        DeviceBatch batch;
        uint64_t anchor = 0; ///< id of the anchor current at submission (m_anchorBase + index)
        cudaEvent_t copyStart = nullptr, copyEnd = nullptr, kernelStart = nullptr, kernelEnd = nullptr;
        bool copyReported = false;
    };

    void launchStep(uint8_t* buffer, uint64_t words, uint64_t stepNs)
    {
        stepKernel<<<m_sms, 256, 0, m_computeS>>>(reinterpret_cast<const unsigned long long*>(buffer), words, stepNs, m_sink);
    }

    /// The launch's error (cudaGetLastError, which also clears it), or the injected one.
    cudaError_t launchError(DeviceCall c)
    {
        const cudaError_t e = cudaGetLastError();
        if (const DeviceFailure* f = m_check.injected(c))
            return cudaError_t(f->code);
        return e;
    }

    /// One launch, its launch error, a pinned copy, an event pair and a sync: the module is loaded
    /// (CUDA loads kernels lazily, on first launch) and the copy and timing paths are set up before
    /// the first timed batch, and a missing kernel image or a bad driver fails the start, where
    /// device.backend "auto" can still fall back to the simulator.
    void warmUp()
    {
        launchStep(m_buffers[0], 0, 0);
        check(m_check, launchError(DeviceCall::Warmup), "stepKernel warm-up launch (cudaGetLastError)");
        const uint64_t bytes = std::min<uint64_t>(4096, m_bufferBytes);
        void* pinned = nullptr;
        check(m_check, cudaHostAlloc(&pinned, bytes, cudaHostAllocDefault), "cudaHostAlloc(warm-up)");
        std::memset(pinned, 0x5a, bytes);
        cudaEvent_t e0 = nullptr, e1 = nullptr;
        try {
            check(m_check, cudaEventCreate(&e0), "cudaEventCreate(warm-up)");
            check(m_check, cudaEventCreate(&e1), "cudaEventCreate(warm-up)");
            check(m_check, cudaEventRecord(e0, m_copyS), "cudaEventRecord(warm-up)");
            check(m_check, cudaMemcpyAsync(m_buffers[0], pinned, bytes, cudaMemcpyHostToDevice, m_copyS), "cudaMemcpyAsync(warm-up)");
            check(m_check, cudaEventRecord(e1, m_copyS), "cudaEventRecord(warm-up)");
            check(m_check, cudaDeviceSynchronize(), "cudaDeviceSynchronize(warm-up)");
            float ms = 0;
            check(m_check, cudaEventElapsedTime(&ms, e0, e1), "cudaEventElapsedTime(warm-up)");
        } catch (...) {
            ignore(cudaEventDestroy(e0));
            ignore(cudaEventDestroy(e1));
            ignore(cudaFreeHost(pinned));
            throw;
        }
        ignore(cudaEventDestroy(e0));
        ignore(cudaEventDestroy(e1));
        ignore(cudaFreeHost(pinned));
    }

    /// cudaEventQuery: true when done, false when not yet (cudaErrorNotReady is no error); throws on an error.
    bool eventDone(cudaEvent_t e, const char* call, const std::string& ctx)
    {
        const cudaError_t q = withFault(m_check, DeviceCall::EventQuery, [&] { return cudaEventQuery(e); });
        if (q == cudaErrorNotReady) {
            clearNotReady();
            return false;
        }
        check(m_check, q, call, ctx);
        return true;
    }

    bool streamIdle(cudaStream_t s, const std::string& ctx)
    {
        const cudaError_t q = cudaStreamQuery(s);
        if (q == cudaErrorNotReady) {
            clearNotReady();
            return false;
        }
        check(m_check, q, "cudaStreamQuery", ctx);
        return true;
    }

    /// A "not ready" answer may be kept as the thread's last error; clear it so the next launch
    /// check (cudaGetLastError) reads the launch's own error only.
    void clearNotReady()
    {
        const cudaError_t last = cudaGetLastError();
        if (last != cudaErrorNotReady)
            check(m_check, last, "cudaGetLastError(after a query)");
    }

    cudaEvent_t takeEvent(const std::string& ctx)
    {
        if (!m_eventPool.empty()) {
            cudaEvent_t e = m_eventPool.back();
            m_eventPool.pop_back();
            return e;
        }
        cudaEvent_t e = nullptr; // timing enabled: no cudaEventDisableTiming
        check(m_check, cudaEventCreate(&e), "cudaEventCreate", ctx);
        return e;
    }

    void recycle(Op& op)
    {
        for (cudaEvent_t* e : {&op.copyStart, &op.copyEnd, &op.kernelStart, &op.kernelEnd}) {
            if (*e)
                m_eventPool.push_back(*e); // re-recorded before reuse; its last work is done
            *e = nullptr;
        }
    }

    /// The tightest of five (host before, event, host after) brackets; its midpoint anchors.
    void reanchor()
    {
        Anchor best;
        best.bracket_ns = UINT64_MAX;
        for (int i = 0; i < kAnchorTries; ++i) {
            cudaEvent_t e = takeEvent("reference event");
            const uint64_t t0 = nowNs();
            check(m_check, cudaEventRecord(e, m_refS), "cudaEventRecord(reference)");
            check(m_check, cudaEventSynchronize(e), "cudaEventSynchronize(reference)");
            const uint64_t t1 = nowNs();
            if (t1 - t0 < best.bracket_ns) {
                if (best.ref)
                    m_eventPool.push_back(best.ref);
                best = {e, t0 + (t1 - t0) / 2, t1 - t0};
            } else {
                m_eventPool.push_back(e);
            }
        }
        m_maxBracketNs = std::max(m_maxBracketNs, best.bracket_ns);
        m_anchors.push_back(best);
    }

    /// Anchors no pending op refers to go back to the pool (the newest stays): a long run keeps a
    /// few anchors, not one per re-anchor.
    void trimAnchors()
    {
        uint64_t oldestUsed = m_anchorBase + m_anchors.size() - 1;
        for (const Op& op : m_pending)
            oldestUsed = std::min(oldestUsed, op.anchor);
        while (m_anchorBase < oldestUsed) {
            m_eventPool.push_back(m_anchors.front().ref);
            m_anchors.pop_front();
            ++m_anchorBase;
        }
    }

    uint64_t toHost(const Op& op, cudaEvent_t e, const std::string& ctx)
    {
        const Anchor& a = m_anchors[size_t(op.anchor - m_anchorBase)];
        float ms = 0;
        check(m_check, cudaEventElapsedTime(&ms, a.ref, e), "cudaEventElapsedTime", ctx);
        return uint64_t(int64_t(a.host_ns) + int64_t(double(ms) * 1e6));
    }

    DeviceSpan span(const Op& op, EventKind kind, cudaEvent_t start, cudaEvent_t end, const std::string& ctx)
    {
        return {kind, toHost(op, start, ctx), toHost(op, end, ctx), op.batch.task_idx, op.batch.id, op.batch.bytes,
                op.batch.pinned};
    }

    DeviceParams m_p;
    DeviceChecker m_check;
    std::string m_name;
    int m_copyEngines = 0;
    int m_sms = 1;
    cudaStream_t m_copyS = nullptr, m_computeS = nullptr, m_refS = nullptr;
    std::vector<uint8_t*> m_buffers; ///< kDeviceBuffers device buffers of m_bufferBytes each
    uint64_t m_bufferBytes = 0;
    std::vector<cudaEvent_t> m_kernelDone;
    unsigned long long* m_sink = nullptr;
    std::deque<Anchor> m_anchors;   ///< anchors pending ops still refer to, and the newest
    uint64_t m_anchorBase = 0;      ///< id of m_anchors.front()
    uint64_t m_maxBracketNs = 0;
    std::vector<cudaEvent_t> m_eventPool; ///< idle timing events, reused (no create per batch)
    std::deque<Op> m_pending;
    int64_t m_submitted = 0;
    PeakH2D m_peak;
};

} // namespace

std::unique_ptr<DeviceBackend> makeBackend(const DeviceParams& params, std::string* error)
{
    auto b = std::make_unique<CudaBackend>(params);
    try {
        b->init();
    } catch (const std::exception& e) {
        if (error)
            *error = e.what();
        return nullptr;
    }
    return b;
}

KernelImage kernelImage()
{
    KernelImage k;
    cudaFuncAttributes a{};
    const cudaError_t e = cudaFuncGetAttributes(&a, stepKernel);
    if (e != cudaSuccess) {
        k.error = std::string(cudaGetErrorName(e)) + " (" + std::to_string(int(e)) + "): " + cudaGetErrorString(e);
        return k;
    }
    k.ok = true;
    k.binary_version = a.binaryVersion;
    k.ptx_version = a.ptxVersion;
    return k;
}

} // namespace loaderscope::cuda

// SPDX-License-Identifier: MIT
// The CUDA backend: non-blocking copy and compute streams, K device buffers in rotation, events for
// every copy and kernel mapped to host CLOCK_MONOTONIC through reference events re-anchored every
// few seconds, and a step kernel that does real work on the batch for step_us.
// Used from the engine's main thread only.
#include "cuda_backend.h"

#include "loaderscope/clock.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

namespace loaderscope::cuda {

namespace {

std::string describe(cudaError_t e)
{
    const std::string code = " (error " + std::to_string(int(e)) + ")";
    switch (e) {
    case cudaErrorInsufficientDriver: return "no CUDA driver, or a driver too old for CUDA 13" + code;
    case cudaErrorNoDevice: return "no CUDA device" + code;
    case cudaErrorInitializationError: return "CUDA initialisation failed" + code;
    case cudaErrorDevicesUnavailable: return "CUDA devices busy or unavailable" + code;
    case cudaErrorSystemDriverMismatch: return "CUDA driver and kernel module mismatch" + code;
    case cudaErrorCompatNotSupportedOnDevice: return "CUDA compatibility package not supported" + code;
    default: return std::string(cudaGetErrorString(e)) + code;
    }
}

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

struct Anchor
{
    cudaEvent_t ref = nullptr;
    uint64_t host_ns = 0;
};

class CudaBackend final : public DeviceBackend
{
public:
    CudaBackend(const DeviceParams& p) : m_p(p) {}

    bool init(std::string* error)
    {
        auto check = [&](cudaError_t e, const char* what) {
            if (e != cudaSuccess && error)
                *error = std::string(what) + ": " + describe(e);
            return e == cudaSuccess;
        };
        if (!check(cudaSetDevice(0), "cudaSetDevice"))
            return false;
        cudaDeviceProp prop{};
        cudaGetDeviceProperties(&prop, 0);
        m_name = prop.name;
        int copyEngines = 0;
        cudaDeviceGetAttribute(&copyEngines, cudaDevAttrAsyncEngineCount, 0);
        m_copyEngines = copyEngines;
        m_sms = std::max(1, prop.multiProcessorCount);
        if (!check(cudaStreamCreateWithFlags(&m_computeS, cudaStreamNonBlocking), "cudaStreamCreate"))
            return false;
        if (m_p.copy_stream) {
            if (!check(cudaStreamCreateWithFlags(&m_copyS, cudaStreamNonBlocking), "cudaStreamCreate"))
                return false;
        } else {
            m_copyS = m_computeS; // one stream, as a plain PyTorch loop
        }
        if (!check(cudaStreamCreateWithFlags(&m_refS, cudaStreamNonBlocking), "cudaStreamCreate"))
            return false;
        const uint64_t bytes = std::max<uint64_t>(m_p.max_batch_bytes, 8);
        for (int b = 0; b < kDeviceBuffers; ++b) {
            void* d = nullptr;
            if (!check(cudaMalloc(&d, bytes), "cudaMalloc"))
                return false;
            m_buffers.push_back(static_cast<uint8_t*>(d));
            cudaEvent_t e;
            cudaEventCreateWithFlags(&e, cudaEventBlockingSync);
            m_kernelDone.push_back(e);
        }
        if (!check(cudaMalloc(&m_sink, sizeof(unsigned long long)), "cudaMalloc"))
            return false;
        reanchor();
        return true;
    }

    ~CudaBackend() override
    {
        cudaDeviceSynchronize();
        for (auto& op : m_pending)
            destroy(op);
        for (auto* b : m_buffers)
            cudaFree(b);
        for (auto e : m_kernelDone)
            cudaEventDestroy(e);
        for (auto& a : m_anchors)
            cudaEventDestroy(a.ref);
        if (m_sink)
            cudaFree(m_sink);
        if (m_copyS && m_copyS != m_computeS)
            cudaStreamDestroy(m_copyS);
        if (m_computeS)
            cudaStreamDestroy(m_computeS);
        if (m_refS)
            cudaStreamDestroy(m_refS);
    }

    std::string name() const override { return "cuda"; }
    std::string description() const override
    {
        return "CUDA device 0: " + m_name + " (" + std::to_string(m_copyEngines) + " copy engines, " +
               std::to_string(m_sms) + " SMs)";
    }

    SubmitResult submit(const DeviceBatch& batch, uint64_t hostNow) override
    {
        SubmitResult r;
        if (nowNs() - m_anchors.back().host_ns > 5'000'000'000ULL)
            reanchor(); // float-ms elapsed times lose precision: re-anchor every 5 s
        const size_t b = size_t(m_submitted % kDeviceBuffers);
        if (m_submitted >= kDeviceBuffers) {
            // K batches in flight: the host waits for kernel i-K, whose buffer we reuse.
            if (cudaEventQuery(m_kernelDone[b]) == cudaErrorNotReady) {
                cudaEventSynchronize(m_kernelDone[b]);
                r.buffer_wait_until = nowNs();
            }
            cudaStreamWaitEvent(m_copyS, m_kernelDone[b], 0);
        }
        ++m_submitted;
        Op op;
        op.batch = batch;
        op.anchor = m_anchors.size() - 1;
        for (cudaEvent_t* e : {&op.copyStart, &op.copyEnd, &op.kernelStart, &op.kernelEnd})
            cudaEventCreate(e);
        cudaEventRecord(op.copyStart, m_copyS);
        const uint64_t before = nowNs();
        cudaMemcpyAsync(m_buffers[b], batch.data, batch.bytes, cudaMemcpyHostToDevice, m_copyS);
        cudaEventRecord(op.copyEnd, m_copyS);
        if (batch.pinned && !m_p.non_blocking) {
            cudaStreamSynchronize(m_copyS); // .to(device) without non_blocking
            r.copy_block_until = nowNs();
            r.copy_block = HostBlock::SyncCopy;
        } else if (!batch.pinned) {
            // Pageable: the call itself returned only after the driver staged the data.
            const uint64_t after = nowNs();
            if (after - before > 2000) {
                r.copy_block_until = after;
                r.copy_block = HostBlock::PageableStaging;
            }
        }
        cudaStreamWaitEvent(m_computeS, op.copyEnd, 0);
        cudaEventRecord(op.kernelStart, m_computeS);
        const unsigned long long words = batch.bytes / 8;
        stepKernel<<<m_sms, 256, 0, m_computeS>>>(reinterpret_cast<const unsigned long long*>(m_buffers[b]),
                                                    words, (unsigned long long)(m_p.step_us * 1000.0), m_sink);
        cudaEventRecord(op.kernelEnd, m_computeS);
        cudaEventRecord(m_kernelDone[b], m_computeS);
        m_pending.push_back(op);
        (void)hostNow;
        return r;
    }

    std::vector<DeviceSpan> poll(uint64_t) override
    {
        std::vector<DeviceSpan> out;
        while (!m_pending.empty()) {
            Op& op = m_pending.front();
            if (!op.copyReported) {
                if (cudaEventQuery(op.copyEnd) != cudaSuccess)
                    break;
                out.push_back({EventKind::H2DCopy, toHost(op, op.copyStart), toHost(op, op.copyEnd),
                               op.batch.task_idx, op.batch.id, op.batch.bytes, op.batch.pinned});
                op.copyReported = true;
            }
            if (cudaEventQuery(op.kernelEnd) != cudaSuccess) {
                // Later copies may have finished while this kernel runs: report them too, in order.
                for (size_t i = 1; i < m_pending.size(); ++i) {
                    Op& next = m_pending[i];
                    if (next.copyReported || cudaEventQuery(next.copyEnd) != cudaSuccess)
                        break;
                    out.push_back({EventKind::H2DCopy, toHost(next, next.copyStart), toHost(next, next.copyEnd),
                                   next.batch.task_idx, next.batch.id, next.batch.bytes, next.batch.pinned});
                    next.copyReported = true;
                }
                break;
            }
            out.push_back({EventKind::Kernel, toHost(op, op.kernelStart), toHost(op, op.kernelEnd),
                           op.batch.task_idx, op.batch.id, op.batch.bytes, op.batch.pinned});
            destroy(op);
            m_pending.pop_front();
        }
        return out;
    }

    uint64_t drainTime() override
    {
        cudaDeviceSynchronize();
        return nowNs();
    }

    uint8_t* allocPinned(uint64_t bytes) override
    {
        void* p = nullptr;
        if (cudaHostAlloc(&p, std::max<uint64_t>(bytes, 1), cudaHostAllocDefault) != cudaSuccess)
            return nullptr;
        return static_cast<uint8_t*>(p);
    }
    void freePinned(uint8_t* p) override { cudaFreeHost(p); }
    bool registerPinned(uint8_t* p, uint64_t bytes, std::string* error) override
    {
        const cudaError_t e = cudaHostRegister(p, bytes, cudaHostRegisterDefault);
        if (e != cudaSuccess && error)
            *error = "cudaHostRegister of the batch slots failed: " + describe(e);
        return e == cudaSuccess;
    }
    void unregisterPinned(uint8_t* p) override { cudaHostUnregister(p); }

private:
    struct Op
    {
        DeviceBatch batch;
        size_t anchor = 0;
        cudaEvent_t copyStart = nullptr, copyEnd = nullptr, kernelStart = nullptr, kernelEnd = nullptr;
        bool copyReported = false;
    };

    static void destroy(Op& op)
    {
        for (cudaEvent_t e : {op.copyStart, op.copyEnd, op.kernelStart, op.kernelEnd})
            if (e)
                cudaEventDestroy(e);
    }

    void reanchor()
    {
        // The tightest of five (host before, event, host after) brackets; its midpoint anchors.
        Anchor best;
        uint64_t bestWidth = UINT64_MAX;
        for (int i = 0; i < 5; ++i) {
            cudaEvent_t e;
            cudaEventCreate(&e);
            const uint64_t t0 = nowNs();
            cudaEventRecord(e, m_refS);
            cudaEventSynchronize(e);
            const uint64_t t1 = nowNs();
            if (t1 - t0 < bestWidth) {
                if (best.ref)
                    cudaEventDestroy(best.ref);
                best = {e, t0 + (t1 - t0) / 2};
                bestWidth = t1 - t0;
            } else {
                cudaEventDestroy(e);
            }
        }
        m_anchors.push_back(best);
    }

    uint64_t toHost(const Op& op, cudaEvent_t e) const
    {
        const Anchor& a = m_anchors[op.anchor];
        float ms = 0;
        cudaEventElapsedTime(&ms, a.ref, e);
        return uint64_t(int64_t(a.host_ns) + int64_t(double(ms) * 1e6));
    }

    DeviceParams m_p;
    std::string m_name;
    int m_copyEngines = 0;
    int m_sms = 1;
    cudaStream_t m_copyS = nullptr, m_computeS = nullptr, m_refS = nullptr;
    std::vector<uint8_t*> m_buffers;
    std::vector<cudaEvent_t> m_kernelDone;
    unsigned long long* m_sink = nullptr;
    std::vector<Anchor> m_anchors;
    std::deque<Op> m_pending;
    int64_t m_submitted = 0;
};

} // namespace

CudaProbe probe()
{
    CudaProbe p;
    p.compiled = true;
    int count = 0; // left unwritten when there is no driver
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        p.error = int(e);
        p.message = describe(e);
        return p;
    }
    if (count < 1) {
        p.error = int(cudaErrorNoDevice);
        p.message = describe(cudaErrorNoDevice);
        return p;
    }
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, 0);
    p.usable = true;
    p.message = std::string(prop.name) + " (compute capability " + std::to_string(prop.major) + "." +
                std::to_string(prop.minor) + ")";
    return p;
}

std::unique_ptr<DeviceBackend> makeBackend(const DeviceParams& params, std::string* error)
{
    auto b = std::make_unique<CudaBackend>(params);
    if (!b->init(error))
        return nullptr;
    return b;
}

double measurePeakH2D(uint64_t bytes, int repeats, std::string* error)
{
    void* host = nullptr;
    void* dev = nullptr;
    if (cudaHostAlloc(&host, bytes, cudaHostAllocDefault) != cudaSuccess || cudaMalloc(&dev, bytes) != cudaSuccess) {
        if (error)
            *error = "allocation failed";
        return -1;
    }
    cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice); // warm-up
    double best = 0;
    for (int i = 0; i < repeats; ++i) {
        const uint64_t t0 = nowNs();
        cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice);
        const uint64_t t1 = nowNs();
        best = std::max(best, double(bytes) / double(t1 - t0));
    }
    cudaFree(dev);
    cudaFreeHost(host);
    return best; // bytes per ns = GB/s
}

} // namespace loaderscope::cuda

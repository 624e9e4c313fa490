// SPDX-License-Identifier: MIT
// What this machine's GPU is, apart from running a loader on it (cuda_backend.cu): whether a
// device answers, and the peak pinned host-to-device bandwidth that the copy model is measured
// against.
#include "cuda_backend.h"
#include "cuda_errors.h"

#include "loaderscope/base/clock.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace loaderscope::cuda {

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
    if (const cudaError_t pe = cudaGetDeviceProperties(&prop, 0); pe != cudaSuccess) {
        p.error = int(pe);
        p.message = "cudaGetDeviceProperties: " + describe(pe);
        return p;
    }
    p.usable = true;
    p.message = std::string(prop.name) + " (compute capability " + std::to_string(prop.major) + "." +
                std::to_string(prop.minor) + ")";
    return p;
}

PeakH2D measurePeakH2D(uint64_t bytes, int repeats)
{
    PeakH2D p;
    p.bytes = bytes;
    p.repeats = repeats;
    DeviceChecker checker("CUDA", {});
    struct Resources // released on every path, a failed cudaMalloc too
    {
        void* host = nullptr;
        void* dev = nullptr;
        cudaStream_t stream = nullptr;
        cudaEvent_t e0 = nullptr, e1 = nullptr;
        ~Resources()
        {
            if (stream)
                ignore(cudaStreamSynchronize(stream));
            if (e0)
                ignore(cudaEventDestroy(e0));
            if (e1)
                ignore(cudaEventDestroy(e1));
            if (stream)
                ignore(cudaStreamDestroy(stream));
            if (dev)
                ignore(cudaFree(dev));
            if (host)
                ignore(cudaFreeHost(host));
        }
    } r;
    const std::string ctx = std::to_string(bytes) + " bytes";
    try {
        check(checker, cudaHostAlloc(&r.host, bytes, cudaHostAllocDefault), "cudaHostAlloc", ctx);
        std::memset(r.host, 0x5a, bytes); // touched, and not zeros
        check(checker, cudaMalloc(&r.dev, bytes), "cudaMalloc", ctx);
        check(checker, cudaStreamCreateWithFlags(&r.stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags", ctx);
        check(checker, cudaEventCreate(&r.e0), "cudaEventCreate", ctx);
        check(checker, cudaEventCreate(&r.e1), "cudaEventCreate", ctx);
        check(checker, cudaMemcpyAsync(r.dev, r.host, bytes, cudaMemcpyHostToDevice, r.stream), "cudaMemcpyAsync(warm-up)", ctx);
        check(checker, cudaStreamSynchronize(r.stream), "cudaStreamSynchronize(warm-up)", ctx);
        std::vector<double> gbps;
        for (int i = 0; i < repeats; ++i) {
            check(checker, cudaEventRecord(r.e0, r.stream), "cudaEventRecord", ctx);
            check(checker, cudaMemcpyAsync(r.dev, r.host, bytes, cudaMemcpyHostToDevice, r.stream), "cudaMemcpyAsync", ctx);
            check(checker, cudaEventRecord(r.e1, r.stream), "cudaEventRecord", ctx);
            check(checker, cudaEventSynchronize(r.e1), "cudaEventSynchronize", ctx);
            float ms = 0;
            check(checker, cudaEventElapsedTime(&ms, r.e0, r.e1), "cudaEventElapsedTime", ctx);
            if (!(ms > 0))
                throw std::runtime_error("cudaEventElapsedTime gave " + std::to_string(ms) + " ms for a " + ctx + " copy");
            gbps.push_back(double(bytes) / (double(ms) * 1e6)); // bytes per ns = GB/s
        }
        if (gbps.empty())
            throw std::runtime_error("no repeats");
        std::sort(gbps.begin(), gbps.end());
        p.best_gbps = gbps.back();
        p.median_gbps = gbps[gbps.size() / 2];
    } catch (const std::exception& e) {
        p.error = e.what();
        p.best_gbps = p.median_gbps = -1;
    }
    return p;
}

} // namespace loaderscope::cuda

// SPDX-License-Identifier: MIT
// The simulated GPU and backend selection. The CUDA backend lives in src/cuda/ (nvcc only).
#include "loaderscope/device/device.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <sstream>

#ifdef LOADERSCOPE_HAVE_CUDA
#include "cuda/cuda_backend.h"
#endif

namespace loaderscope {

DeviceParams DeviceParams::fromConfig(const Config& c)
{
    DeviceParams p;
    p.step_us = c.train.step_us;
    p.non_blocking = c.train.non_blocking;
    p.copy_stream = c.train.copy_stream;
    p.h2d_gbps_pinned = c.device.h2d_gbps_pinned;
    p.h2d_gbps_pageable = c.device.h2d_gbps_pageable;
    p.max_batch_bytes = c.slotPayloadBytes();
    p.fault = FaultSpec::fromEnvironment();
    if (const char* mib = std::getenv("LOADERSCOPE_PEAK_H2D_MIB"); mib && *mib) {
        // Measurement switch of tests/gpu/check.sh: the plain-copy peak in the run's own process.
        uint64_t n = 0;
        const char* end = mib + std::strlen(mib);
        if (std::from_chars(mib, end, n).ptr != end || n == 0 || n > (64u << 10))
            throw std::invalid_argument(std::string("LOADERSCOPE_PEAK_H2D_MIB=") + mib +
                                        ": expected a size in MiB from 1 to 65536");
        p.peak_h2d_bytes = n << 20;
    }
    return p;
}

// --- errors and the test-only fault injection -----------------------------------------------------

namespace {

struct FaultName
{
    DeviceCall call;
    const char* name;
};
constexpr FaultName kFaultNames[] = {
    {DeviceCall::Launch, "launch"},
    {DeviceCall::Copy, "copy"},
    {DeviceCall::Register, "register"},
    {DeviceCall::EventQuery, "event_query"},
    {DeviceCall::Warmup, "warmup"},
};

} // namespace

FaultSpec FaultSpec::fromEnvironment()
{
    const char* v = std::getenv("LOADERSCOPE_FAULT");
    return v && *v ? parse(v) : FaultSpec{};
}

FaultSpec FaultSpec::parse(std::string_view value)
{
    FaultSpec f;
    f.text = std::string(value);
    const size_t at = value.find('@');
    const std::string_view kind = value.substr(0, at);
    for (const auto& n : kFaultNames)
        if (kind == n.name)
            f.call = n.call;
    bool ok = f.call != DeviceCall::None;
    if (ok && at != std::string_view::npos) {
        const std::string_view nth = value.substr(at + 1);
        const auto [ptr, ec] = std::from_chars(nth.data(), nth.data() + nth.size(), f.nth);
        ok = ec == std::errc() && ptr == nth.data() + nth.size() && f.nth >= 1;
    }
    if (!ok)
        throw std::invalid_argument("LOADERSCOPE_FAULT=" + f.text + ": not a fault (test-only switch: "
                                    "launch, copy, register, event_query or warmup, optionally @N for the N-th call)");
    return f;
}

DeviceFailure FaultSpec::injectedFailure(DeviceCall call)
{
    // What each call returns when it really fails this way on a GPU. The codes are cudaError_t
    // values (cuda_backend.cu checks them against the runtime's headers at compile time).
    switch (call) {
    case DeviceCall::Launch:
    case DeviceCall::Warmup: // no SASS for this GPU and no PTX the driver can compile
        return {209, "cudaErrorNoKernelImageForDevice", "no kernel image is available for execution on the device", false};
    case DeviceCall::Copy: // a DMA fault: the context is broken from then on
        return {700, "cudaErrorIllegalAddress", "an illegal memory access was encountered", true};
    case DeviceCall::Register: // the pages cannot be locked
        return {2, "cudaErrorMemoryAllocation", "out of memory", false};
    case DeviceCall::EventQuery: // a kernel faulted; the query reports it
        return {719, "cudaErrorLaunchFailure", "unspecified launch failure", true};
    case DeviceCall::None:
        break;
    }
    return {};
}

DeviceChecker::DeviceChecker(std::string deviceLabel, FaultSpec fault)
    : m_label(std::move(deviceLabel)), m_fault(std::move(fault))
{
    if (m_fault.call != DeviceCall::None)
        m_injectedFailure = FaultSpec::injectedFailure(m_fault.call);
}

const DeviceFailure* DeviceChecker::injected(DeviceCall call)
{
    const int64_t n = ++m_calls[size_t(call)];
    if (call == DeviceCall::None || call != m_fault.call || n != m_fault.nth)
        return nullptr;
    m_injectionPending = true;
    return &m_injectedFailure;
}

void DeviceChecker::throwIfBroken() const
{
    if (m_sticky)
        throw *m_sticky; // the first error, unchanged: every later call of a broken context fails with it
}

void DeviceChecker::fail(const DeviceFailure& failure, std::string_view call, std::string_view context)
{
    const bool injected = m_injectionPending;
    m_injectionPending = false;
    DeviceError e(message(failure, call, context, injected), std::string(call), failure);
    if (m_first.empty())
        m_first = e.what();
    if (failure.sticky && !m_sticky)
        m_sticky = std::make_unique<DeviceError>(e);
    throw e;
}

std::string DeviceChecker::message(const DeviceFailure& f, std::string_view call, std::string_view context,
                                   bool injected) const
{
    std::ostringstream os;
    os << m_label << " error in " << call;
    if (!context.empty())
        os << " (" << context << ")";
    os << ": " << f.name << " (" << f.code << "): " << f.text;
    if (injected)
        os << " [injected by the test-only LOADERSCOPE_FAULT=" << m_fault.text << "]";
    return os.str();
}

// --- SimBackend --------------------------------------------------------------------------------

SimBackend::SimBackend(const DeviceParams& params)
    : m_p(params), m_check("simulated GPU", params.fault), m_bufferFree(size_t(kDeviceBuffers), 0)
{
}

std::string SimBackend::description() const
{
    std::ostringstream os;
    os << "simulated GPU (a model, not a device): one copy engine at " << m_p.h2d_gbps_pinned
       << " GB/s pinned, " << m_p.h2d_gbps_pageable << " GB/s pageable (host-staged), one compute "
       << "engine, " << kDeviceBuffers << " device buffers";
    return os.str();
}

std::string deviceBatchContext(const DeviceBatch& b)
{
    return "batch " + std::to_string(b.id) + ", " + std::to_string(b.bytes) + " bytes, " +
           (b.pinned ? "pinned" : "pageable");
}

SubmitResult SimBackend::submit(const DeviceBatch& batch, uint64_t hostNow)
{
    const std::string context = deviceBatchContext(batch);
    m_check.throwIfBroken();
    SubmitResult r;
    const size_t b = size_t(m_submitted % kDeviceBuffers);
    ++m_submitted;
    // Stream order: a separate copy stream, or the one stream shared with the kernels.
    const uint64_t streamTail = m_p.copy_stream ? m_copyStreamTail : m_computeStreamTail;
    // The host waits for the GPU before the copy call: the loop keeps at most K batches in flight
    // (kernel i-K frees the buffer), and a copy call that blocks the host (pageable, or pinned
    // without non_blocking) first waits for the work already on its stream - with one stream, the
    // previous kernel. That wait is the GPU's, booked as such; the copy is timed alone after it.
    const bool blockingCopy = !batch.pinned || !m_p.non_blocking;
    const uint64_t gpuWait = blockingCopy ? std::max(m_bufferFree[b], streamTail) : m_bufferFree[b];
    uint64_t host = hostNow;
    if (gpuWait > host) {
        host = gpuWait;
        r.buffer_wait_until = host;
    }
    if (const DeviceFailure* f = m_check.injected(DeviceCall::Copy))
        m_check.fail(*f, "cudaMemcpyAsync", context);
    const double gbps = batch.pinned ? m_p.h2d_gbps_pinned : m_p.h2d_gbps_pageable;
    const uint64_t duration = uint64_t(double(batch.bytes) / gbps); // bytes / (GB/s) = ns
    const uint64_t start = std::max({host, m_copyEngineFree, streamTail, m_bufferFree[b]});
    const uint64_t end = start + duration;
    m_copyEngineFree = end;
    if (m_p.copy_stream)
        m_copyStreamTail = end;
    if (blockingCopy) {
        // pageable: staged by the host through a bounce buffer; pinned: a synchronous copy
        r.copy_block_from = host;
        r.copy_block_until = end;
        r.copy_block = batch.pinned ? HostBlock::SyncCopy : HostBlock::PageableStaging;
    }
    if (const DeviceFailure* f = m_check.injected(DeviceCall::Launch))
        m_check.fail(*f, "stepKernel launch (cudaGetLastError)", context);
    // The kernel waits for its copy's event (or simply follows it on the one stream).
    const uint64_t kStart = std::max(end, m_computeStreamTail);
    const uint64_t kEnd = kStart + uint64_t(m_p.step_us * 1000.0);
    m_computeStreamTail = kEnd;
    m_bufferFree[b] = kEnd;
    m_pending.push_back({EventKind::H2DCopy, start, end, batch.task_idx, batch.id, batch.bytes, batch.pinned});
    m_pending.push_back({EventKind::Kernel, kStart, kEnd, batch.task_idx, batch.id, batch.bytes, batch.pinned});
    return r;
}

std::vector<DeviceSpan> SimBackend::poll(uint64_t hostNow)
{
    std::vector<DeviceSpan> done;
    if (m_pending.empty())
        return done;
    // The CUDA backend queries the pending events here; the simulator counts one query per poll().
    m_check.throwIfBroken();
    if (const DeviceFailure* f = m_check.injected(DeviceCall::EventQuery))
        m_check.fail(*f, "cudaEventQuery", "finished copies and kernels");
    auto it = std::stable_partition(m_pending.begin(), m_pending.end(),
                                    [hostNow](const DeviceSpan& s) { return s.t1 > hostNow; });
    done.assign(it, m_pending.end());
    m_pending.erase(it, m_pending.end());
    std::stable_sort(done.begin(), done.end(), [](const DeviceSpan& a, const DeviceSpan& b) { return a.t1 < b.t1; });
    return done;
}

uint64_t SimBackend::drainTime()
{
    m_check.throwIfBroken();
    uint64_t t = std::max(m_copyEngineFree, m_computeStreamTail);
    for (const auto& s : m_pending)
        t = std::max(t, s.t1);
    return t;
}

uint8_t* SimBackend::allocPinned(uint64_t bytes)
{
    // Plain memory standing in for page-locked memory; touched now so the first copy into it
    // does not pay page faults that real pinned memory would not.
    auto* p = static_cast<uint8_t*>(std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096));
    if (p)
        std::memset(p, 0, bytes);
    return p;
}

void SimBackend::freePinned(uint8_t* p)
{
    std::free(p);
}

void SimBackend::registerPinned(uint8_t*, uint64_t bytes)
{
    // Nothing to lock on a model; the checked path (and the injected failure) is the CUDA backend's.
    const std::string context = "the batch-slot section, " + std::to_string(bytes) + " bytes";
    m_check.throwIfBroken();
    if (const DeviceFailure* f = m_check.injected(DeviceCall::Register))
        m_check.fail(*f, "cudaHostRegister", context);
}

// --- selection ---------------------------------------------------------------------------------

CudaProbe probeCuda()
{
#ifdef LOADERSCOPE_HAVE_CUDA
    return cuda::probe();
#else
    CudaProbe p;
    p.compiled = false;
    p.message = "built without CUDA support (no nvcc at build time)";
    return p;
#endif
}

BackendChoice chooseBackend(DeviceConfig::Backend requested, const CudaProbe& probe, bool forceSim)
{
    BackendChoice c;
    if (requested == DeviceConfig::Backend::Sim) {
        c.kind = BackendChoice::Sim;
        c.reason = "simulated GPU requested (device.backend \"sim\")";
        return c;
    }
    const bool cudaRequested = requested == DeviceConfig::Backend::Cuda;
    std::string why;
    if (forceSim)
        why = "LOADERSCOPE_FORCE_SIM is set";
    else if (!probe.compiled || !probe.usable)
        why = probe.message;
    if (why.empty()) {
        c.kind = BackendChoice::Cuda;
        c.reason = "CUDA device: " + probe.message;
        return c;
    }
    if (cudaRequested) {
        c.kind = BackendChoice::Error;
        c.reason = "device.backend \"cuda\" needs a usable CUDA device: " + why;
        return c;
    }
    c.kind = BackendChoice::Sim;
    c.reason = "simulated GPU: " + why;
    return c;
}

PeakH2D measurePeakH2D(uint64_t bytes, int repeats)
{
#ifdef LOADERSCOPE_HAVE_CUDA
    return cuda::measurePeakH2D(bytes, repeats);
#else
    PeakH2D p;
    p.bytes = bytes;
    p.repeats = repeats;
    p.error = "built without CUDA support";
    return p;
#endif
}

KernelImage cudaKernelImage()
{
#ifdef LOADERSCOPE_HAVE_CUDA
    return cuda::kernelImage();
#else
    KernelImage k;
    k.error = "built without CUDA support";
    return k;
#endif
}

std::unique_ptr<DeviceBackend> makeCudaBackend(const DeviceParams& params, std::string* error)
{
#ifdef LOADERSCOPE_HAVE_CUDA
    return cuda::makeBackend(params, error);
#else
    (void)params;
    if (error)
        *error = "built without CUDA support";
    return nullptr;
#endif
}

} // namespace loaderscope

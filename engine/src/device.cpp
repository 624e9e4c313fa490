// SPDX-License-Identifier: MIT
// The simulated GPU and backend selection. The CUDA backend lives in src/cuda/ (nvcc only).
#include "loaderscope/device.h"

#include <algorithm>
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
    return p;
}

// --- SimBackend --------------------------------------------------------------------------------

SimBackend::SimBackend(const DeviceParams& params)
    : m_p(params), m_bufferFree(size_t(kDeviceBuffers), 0)
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

SubmitResult SimBackend::submit(const DeviceBatch& batch, uint64_t hostNow)
{
    SubmitResult r;
    const size_t b = size_t(m_submitted % kDeviceBuffers);
    ++m_submitted;
    uint64_t host = hostNow;
    // The loop keeps at most K batches in flight: the host waits for kernel i-K.
    if (m_bufferFree[b] > host) {
        host = m_bufferFree[b];
        r.buffer_wait_until = host;
    }
    const double gbps = batch.pinned ? m_p.h2d_gbps_pinned : m_p.h2d_gbps_pageable;
    const uint64_t duration = uint64_t(double(batch.bytes) / gbps); // bytes / (GB/s) = ns
    // Stream order: a separate copy stream, or the one stream shared with the kernels.
    const uint64_t streamTail = m_p.copy_stream ? m_copyStreamTail : m_computeStreamTail;
    const uint64_t start = std::max({host, m_copyEngineFree, streamTail, m_bufferFree[b]});
    const uint64_t end = start + duration;
    m_copyEngineFree = end;
    if (m_p.copy_stream)
        m_copyStreamTail = end;
    if (!batch.pinned) {
        r.copy_block_until = end; // staged by the host through a bounce buffer
        r.copy_block = HostBlock::PageableStaging;
    } else if (!m_p.non_blocking) {
        r.copy_block_until = end;
        r.copy_block = HostBlock::SyncCopy;
    }
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
    auto it = std::stable_partition(m_pending.begin(), m_pending.end(),
                                    [hostNow](const DeviceSpan& s) { return s.t1 > hostNow; });
    done.assign(it, m_pending.end());
    m_pending.erase(it, m_pending.end());
    std::stable_sort(done.begin(), done.end(), [](const DeviceSpan& a, const DeviceSpan& b) { return a.t1 < b.t1; });
    return done;
}

uint64_t SimBackend::drainTime()
{
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

double measurePeakH2DGbps(uint64_t bytes, int repeats, std::string* error)
{
#ifdef LOADERSCOPE_HAVE_CUDA
    return cuda::measurePeakH2D(bytes, repeats, error);
#else
    (void)bytes;
    (void)repeats;
    if (error)
        *error = "built without CUDA support";
    return -1;
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

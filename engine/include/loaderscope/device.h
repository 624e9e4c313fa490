// SPDX-License-Identifier: MIT
// The device side of the training loop: host-to-device copies and the step kernel, on a real CUDA
// device or on a simulated one (a model of a device, named as such everywhere).
#pragma once

#include "loaderscope/config.h"
#include "loaderscope/events.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace loaderscope {

/** Number of device input buffers in rotation: copy i+1 can overlap kernel i. */
constexpr int kDeviceBuffers = 2;

/** One batch submitted to the device. */
struct DeviceBatch
{
    int64_t id = -1;           ///< the loop's running batch number (release key)
    int64_t task_idx = -1;     ///< for the timeline
    const uint8_t* data = nullptr;
    uint64_t bytes = 0;
    bool pinned = false;       ///< source is page-locked (pin_memory true or "shared")
};

/** A finished device operation, in host CLOCK_MONOTONIC ns. */
struct DeviceSpan
{
    EventKind kind = EventKind::H2DCopy; ///< H2DCopy or Kernel
    uint64_t t0 = 0;
    uint64_t t1 = 0;
    int64_t task_idx = -1;
    int64_t batch_id = -1;
    uint64_t bytes = 0;
    bool pinned = false;
};

/** Why the host thread was blocked (HostBlocked span arg0). */
enum class HostBlock : int {
    DeviceBuffers = 1,   ///< K batches in flight: waiting for kernel i-K to free its buffer
    PageableStaging = 2, ///< pageable source: the driver stages it, the host waits for the copy
    SyncCopy = 3,        ///< pinned but non_blocking false: a synchronous copy
};

/** What the host thread must do after issuing a batch: nothing, or wait (two phases). */
struct SubmitResult
{
    uint64_t buffer_wait_until = 0; ///< host waits for a free device buffer until then (0: no wait)
    uint64_t copy_block_until = 0;  ///< host blocked by the copy itself until then (0: returned at once)
    HostBlock copy_block = HostBlock::PageableStaging;
};

/**
 * Issues copies and kernels for the training loop. Used from the engine's main thread only.
 * submit() issues batch i's H2D copy and its step kernel (the kernel waits for the copy); the
 * host is blocked only where a real loop would be. poll() returns finished operations; a batch's
 * memory may be reused once its copy is in copyFinished().
 */
class DeviceBackend
{
public:
    virtual ~DeviceBackend() = default;
    virtual std::string name() const = 0;           ///< "sim" or "cuda"
    virtual std::string description() const = 0;    ///< e.g. "simulated GPU (model ...)"
    virtual SubmitResult submit(const DeviceBatch& batch, uint64_t hostNow) = 0;
    /// Finished copies and kernels up to `hostNow`, in completion order.
    virtual std::vector<DeviceSpan> poll(uint64_t hostNow) = 0;
    /// Time by which everything issued so far is finished (the end-of-loop synchronize).
    virtual uint64_t drainTime() = 0;
    /// Page-locked host memory for pin_memory staging buffers (cudaHostAlloc, or plain memory on
    /// the simulator). Returns nullptr on failure.
    virtual uint8_t* allocPinned(uint64_t bytes) = 0;
    virtual void freePinned(uint8_t* p) = 0;
    /// pin_memory "shared": registers the batch-slot section as page-locked (cudaHostRegister).
    virtual bool registerPinned(uint8_t* p, uint64_t bytes, std::string* error) = 0;
    virtual void unregisterPinned(uint8_t* p) = 0;
};

/** Device parameters that both backends need. */
struct DeviceParams
{
    double step_us = 2000;
    bool non_blocking = true;
    bool copy_stream = true;
    double h2d_gbps_pinned = 25.0;     ///< simulator only
    double h2d_gbps_pageable = 10.0;   ///< simulator only
    uint64_t max_batch_bytes = 0;      ///< size of each device buffer

    static DeviceParams fromConfig(const Config& c);
};

/**
 * The simulated GPU: one copy engine and one compute engine modelled in time.
 * - a copy takes bytes / bandwidth (pinned or pageable GB/s) and occupies the copy engine;
 * - a pageable source is staged by the host: the host thread is blocked until the copy ends;
 * - a pinned copy with non_blocking returns at once; without non_blocking it is a synchronous
 *   cudaMemcpy (host blocked until done);
 * - copy_stream true: copies on their own stream, the kernel waits for its copy's event, so copy
 *   i+1 overlaps kernel i; false: one stream, so the GPU runs copy and kernel one after the other;
 * - kDeviceBuffers input buffers: copy i waits (on the device) for kernel i-K to release its
 *   buffer, and the host waits when K batches are in flight.
 * The clock is injectable, so the model is deterministic under test.
 */
class SimBackend final : public DeviceBackend
{
public:
    explicit SimBackend(const DeviceParams& params);
    std::string name() const override { return "sim"; }
    std::string description() const override;
    SubmitResult submit(const DeviceBatch& batch, uint64_t hostNow) override;
    std::vector<DeviceSpan> poll(uint64_t hostNow) override;
    uint64_t drainTime() override;
    uint8_t* allocPinned(uint64_t bytes) override;
    void freePinned(uint8_t* p) override;
    bool registerPinned(uint8_t*, uint64_t, std::string*) override { return true; }
    void unregisterPinned(uint8_t*) override {}

private:
    DeviceParams m_p;
    uint64_t m_copyEngineFree = 0;   ///< when the copy engine is idle again
    uint64_t m_copyStreamTail = 0;   ///< last op on the copy stream
    uint64_t m_computeStreamTail = 0;
    std::vector<uint64_t> m_bufferFree; ///< per device buffer: when its last kernel ends
    int64_t m_submitted = 0;
    std::vector<DeviceSpan> m_pending;  ///< issued, reported by poll() once finished
};

/** What `device.backend` resolved to, and why. */
struct BackendChoice
{
    enum Kind { Sim, Cuda, Error } kind = Sim;
    std::string reason;   ///< e.g. "no CUDA driver (error 35)"
};

/** The result of probing the CUDA runtime. */
struct CudaProbe
{
    bool compiled = false;   ///< built with nvcc
    bool usable = false;
    int error = 0;           ///< cudaError_t of the failing call
    std::string message;     ///< "no CUDA driver (error 35)", or the device name when usable
};

/** Probes the CUDA runtime (initialises it: call after the zygote fork). */
CudaProbe probeCuda();
/** Pure decision: requested backend + probe + LOADERSCOPE_FORCE_SIM -> backend and reason. */
BackendChoice chooseBackend(DeviceConfig::Backend requested, const CudaProbe& probe, bool forceSim);
/** Plain cudaMemcpy pinned H2D peak in GB/s (the GPU check's baseline); < 0 with `error` set. */
double measurePeakH2DGbps(uint64_t bytes, int repeats, std::string* error);
/** The CUDA backend (only when compiled with CUDA; nullptr otherwise or on failure). */
std::unique_ptr<DeviceBackend> makeCudaBackend(const DeviceParams& params, std::string* error);

} // namespace loaderscope

// SPDX-License-Identifier: MIT
// The device side of the training loop: host-to-device copies and the step kernel, on a real CUDA
// device or on a simulated one (a model of a device, named as such everywhere).
#pragma once

#include "loaderscope/config/config.h"
#include "loaderscope/base/events.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
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

/** "batch 7, 8388608 bytes, pageable": which batch a failed device call was for. */
std::string deviceBatchContext(const DeviceBatch& b);

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

/**
 * What the host thread must do after issuing a batch: nothing, or wait (two phases). A copy call
 * that blocks the host (pageable, or pinned without non_blocking) first waits for the work already
 * on its stream (with one stream: the previous kernel) - booked as waiting for the GPU, in
 * buffer_wait_until - and only then is the copy itself timed, from copy_block_from.
 */
struct SubmitResult
{
    uint64_t buffer_wait_until = 0; ///< host waits for the GPU (a free buffer, the stream's previous work) until then (0: no wait)
    uint64_t copy_block_from = 0;   ///< the blocking copy call started then (0: when the GPU wait ended)
    uint64_t copy_block_until = 0;  ///< host blocked by the copy itself until then (0: returned at once)
    HostBlock copy_block = HostBlock::PageableStaging;
};

/** The device calls that can fail in the training loop (and the one in the CUDA backend's start). */
enum class DeviceCall : int {
    None = 0,
    Launch,     ///< the step kernel's launch (cudaGetLastError after it)
    Copy,       ///< cudaMemcpyAsync of a batch
    Register,   ///< cudaHostRegister of the batch slots (pin_memory "shared")
    EventQuery, ///< cudaEventQuery / cudaEventElapsedTime of finished work
    Warmup,     ///< the warm-up launch in the CUDA backend's start (the simulator has none)
};

/** A failed device call's error, as the CUDA runtime names it. */
struct DeviceFailure
{
    int code = 0;          ///< cudaError_t value
    std::string name;      ///< cudaGetErrorName, e.g. "cudaErrorIllegalAddress"
    std::string text;      ///< cudaGetErrorString
    bool sticky = false;   ///< the context is broken: every later call fails with this error
};

/**
 * A device call failed: the run ends with the engine's runtime error (exit code 3; a failed
 * cudaHostRegister is turned into exit code 2 by the run). The message names the device, the call,
 * the CUDA error name and code, e.g. "CUDA error in cudaMemcpyAsync (batch 7, 8388608 bytes):
 * cudaErrorIllegalAddress (700): an illegal memory access was encountered".
 */
class DeviceError : public std::runtime_error
{
public:
    DeviceError(const std::string& message, std::string call, DeviceFailure failure)
        : std::runtime_error(message), m_call(std::move(call)), m_failure(std::move(failure))
    {
    }
    const std::string& call() const { return m_call; }
    const DeviceFailure& failure() const { return m_failure; }

private:
    std::string m_call;
    DeviceFailure m_failure;
};

/**
 * TEST-ONLY fault injection: LOADERSCOPE_FAULT=KIND[@N] (KIND: launch, copy, register,
 * event_query, warmup) makes the N-th call of that kind (default: the first) fail with a realistic
 * CUDA error, in the CUDA backend and in the simulator alike, through the same checked path
 * (DeviceChecker) a real error takes. It exists so the error paths are tested on machines without
 * a GPU (tests/tst_device_faults.cpp); a real run never sets it. The simulator counts one event
 * query per poll(); "warmup" only exists in the CUDA backend's start.
 */
struct FaultSpec
{
    DeviceCall call = DeviceCall::None;
    int64_t nth = 1;
    std::string text;  ///< the variable's value, for messages

    /// Parses LOADERSCOPE_FAULT; none when unset or empty. Throws std::invalid_argument when malformed.
    static FaultSpec fromEnvironment();
    static FaultSpec parse(std::string_view value);
    /// The error an injected failure of this call reports (the same table for both backends).
    static DeviceFailure injectedFailure(DeviceCall call);
};

/**
 * The one checked path of every device call, shared by both backends (one instance per backend,
 * used from the engine's main thread only): turns a failure into DeviceError, latches a sticky one
 * (after it every call fails, as in a broken CUDA context), and counts calls for the fault
 * injection.
 */
class DeviceChecker
{
public:
    DeviceChecker(std::string deviceLabel, FaultSpec fault);
    /// Test-only: the injected failure for this call of `call` (counted per kind), or none.
    const DeviceFailure* injected(DeviceCall call);
    /// Throws the latched sticky error, if any (a broken device runs nothing more): called before
    /// each batch's, poll's and drain's calls.
    void throwIfBroken() const;
    /// Throws DeviceError for `failure` (latching it when sticky).
    [[noreturn]] void fail(const DeviceFailure& failure, std::string_view call, std::string_view context = {});
    /// The first error of the run, for messages about later failures ("" while none).
    const std::string& firstError() const { return m_first; }

private:
    std::string message(const DeviceFailure& f, std::string_view call, std::string_view context, bool injected) const;

    std::string m_label;
    FaultSpec m_fault;
    int64_t m_calls[8] = {};          ///< per DeviceCall: calls made so far
    DeviceFailure m_injectedFailure;
    bool m_injectionPending = false;  ///< injected() fired: the next fail() is the injected error
    std::string m_first;
    std::unique_ptr<DeviceError> m_sticky;
};

/** Figures of the device's own timing, for the run's report. */
struct DeviceFigures
{
    /// Widest (host before, event, host after) bracket of the reference events that map device
    /// times to the host clock: each span's host time is known to within +/- half of it (0: simulated).
    uint64_t timing_bracket_ns = 0;
    /// Plain cudaMemcpy pinned H2D peak measured in this process before the run (LOADERSCOPE_PEAK_H2D_MIB); 0: not measured.
    double peak_h2d_gbps = 0;
};

/**
 * Issues copies and kernels for the training loop. Used from the engine's main thread only.
 * submit() issues batch i's H2D copy and its step kernel (the kernel waits for the copy); the
 * host is blocked only where a real loop would be. poll() returns finished operations; a batch's
 * memory may be reused once poll() has returned its copy.
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
    /// the simulator). Returns nullptr when out of memory; throws DeviceError on a device failure.
    virtual uint8_t* allocPinned(uint64_t bytes) = 0;
    /// Teardown: never throws.
    virtual void freePinned(uint8_t* p) = 0;
    /// pin_memory "shared": registers the batch-slot section as page-locked (cudaHostRegister).
    /// Throws DeviceError on failure.
    virtual void registerPinned(uint8_t* p, uint64_t bytes) = 0;
    /// Teardown (before the section is unmapped): never throws.
    virtual void unregisterPinned(uint8_t* p) = 0;
    virtual DeviceFigures figures() const { return {}; }
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
    FaultSpec fault;                   ///< test-only (LOADERSCOPE_FAULT)
    /// CUDA only: measure the plain cudaMemcpy H2D peak over this many bytes at start (0: no).
    uint64_t peak_h2d_bytes = 0;

    /// From the config and the environment (LOADERSCOPE_FAULT, LOADERSCOPE_PEAK_H2D_MIB).
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
 * The clock is injectable, so the model is deterministic under test. Its error path is the CUDA
 * backend's (DeviceChecker); only the test-only fault injection makes its calls fail.
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
    void registerPinned(uint8_t* p, uint64_t bytes) override;
    void unregisterPinned(uint8_t*) override {}

private:
    DeviceParams m_p;
    DeviceChecker m_check;
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
/** A plain-copy H2D peak: every copy timed with events, after a warm-up copy. */
struct PeakH2D
{
    double best_gbps = -1;    ///< < 0 on error, with `error` set
    double median_gbps = -1;
    uint64_t bytes = 0;
    int repeats = 0;
    std::string error;
};
/** Plain cudaMemcpy pinned H2D peak (the GPU check's baseline); every call checked, nothing leaked. */
PeakH2D measurePeakH2D(uint64_t bytes, int repeats);

/** Which code the step kernel runs on device 0 (cudaFuncGetAttributes), for cuda-info. */
struct KernelImage
{
    bool ok = false;
    int binary_version = 0;   ///< SASS architecture, e.g. 90 (sm_90); JIT from PTX gives the device's
    int ptx_version = 0;      ///< PTX the image was compiled from
    std::string error;        ///< e.g. "cudaErrorNoKernelImageForDevice (209): ..."
};
KernelImage cudaKernelImage();
/** The CUDA backend (only when compiled with CUDA; nullptr otherwise or on failure). */
std::unique_ptr<DeviceBackend> makeCudaBackend(const DeviceParams& params, std::string* error);

} // namespace loaderscope

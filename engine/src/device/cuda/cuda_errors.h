// SPDX-License-Identifier: MIT
#pragma once
// CUDA errors in the engine's terms: their words, which ones leave the context unusable, the
// checked call every CUDA call goes through (or ignore(), in teardown), and the injected faults of
// the tests. Shared by the backend (cuda_backend.cu) and the machine's probe (cuda_machine.cu).

#include "loaderscope/device/device.h"

#include <cuda_runtime.h>

#include <string>
#include <string_view>

namespace loaderscope::cuda {

// The injected failures (FaultSpec::injectedFailure) use these cudaError_t values.
static_assert(int(cudaErrorNoKernelImageForDevice) == 209);
static_assert(int(cudaErrorIllegalAddress) == 700);
static_assert(int(cudaErrorMemoryAllocation) == 2);
static_assert(int(cudaErrorLaunchFailure) == 719);


inline std::string describe(cudaError_t e)
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

/// Errors after which the context is unusable: every later call returns them.
inline bool isSticky(cudaError_t e)
{
    switch (e) {
    case cudaErrorECCUncorrectable:
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchTimeout:
    case cudaErrorAssert:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorLaunchFailure:
    case cudaErrorUnknown:
        return true;
    default:
        return false;
    }
}

inline DeviceFailure failureOf(cudaError_t e)
{
    return {int(e), cudaGetErrorName(e), cudaGetErrorString(e), isSticky(e)};
}

/// The checked helper: every CUDA call's result goes through here (or through ignore()).
inline void check(DeviceChecker& checker, cudaError_t e, std::string_view call, std::string_view context = {})
{
    if (e != cudaSuccess)
        checker.fail(failureOf(e), call, context);
}

/// Teardown only: the run's outcome is decided, and after a sticky fault every call fails anyway.
inline void ignore(cudaError_t) {}

/// Test-only: the injected error for this call of `c`, or the real call's result.
template <class Call>
cudaError_t withFault(DeviceChecker& checker, DeviceCall c, Call&& call)
{
    if (const DeviceFailure* f = checker.injected(c))
        return cudaError_t(f->code);
    return call();
}

} // namespace loaderscope::cuda

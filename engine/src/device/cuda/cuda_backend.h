// SPDX-License-Identifier: MIT
// Plain C++ entry points of the CUDA backend; only the .cu files (and cuda_errors.h) include CUDA headers.
#pragma once

#include "loaderscope/device/device.h"

#include <memory>
#include <string>

namespace loaderscope::cuda {

CudaProbe probe();
std::unique_ptr<DeviceBackend> makeBackend(const DeviceParams& params, std::string* error);

/** Plain cudaMemcpyAsync H2D peak from pinned memory, each copy timed with events (the GPU check's baseline). */
PeakH2D measurePeakH2D(uint64_t bytes, int repeats);
/** The step kernel's image on device 0 (cudaFuncGetAttributes). */
KernelImage kernelImage();

} // namespace loaderscope::cuda

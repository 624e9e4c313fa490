// SPDX-License-Identifier: MIT
// Plain C++ entry points of the CUDA backend; only cuda_backend.cu includes CUDA headers.
#pragma once

#include "loaderscope/device.h"

#include <memory>
#include <string>

namespace loaderscope::cuda {

CudaProbe probe();
std::unique_ptr<DeviceBackend> makeBackend(const DeviceParams& params, std::string* error);

/** Plain cudaMemcpy H2D peak from pinned memory, GB/s (the GPU check's baseline); <0 on error. */
double measurePeakH2D(uint64_t bytes, int repeats, std::string* error);

} // namespace loaderscope::cuda

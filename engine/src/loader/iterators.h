// SPDX-License-Identifier: MIT
// The two loader iterators behind makeLoaderIter (loader.h), as in dataloader.py:
// _SingleProcessDataLoaderIter (num_workers == 0) and _MultiProcessingDataLoaderIter.
#pragma once

#include "loaderscope/loader/loader.h"

#include <atomic>
#include <memory>

namespace loaderscope {

class Zygote;

std::unique_ptr<DataLoaderIter> makeSingleProcessIter(const Config& config, Segment& segment, EventWriter& mainEvents,
                                                      DeviceBackend& device, Generator& global);
std::unique_ptr<DataLoaderIter> makeMultiProcessIter(const Config& config, Segment& segment, Zygote* zygote,
                                                     EventWriter& mainEvents, DeviceBackend& device,
                                                     Generator& global, const std::atomic<int>& stopSignal);

} // namespace loaderscope

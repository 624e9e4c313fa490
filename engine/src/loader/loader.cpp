// SPDX-License-Identifier: MIT
// makeLoaderIter (loader.h): iter(loader) picks the iterator as dataloader.py's _get_iterator does.
#include "loaderscope/loader/loader.h"

#include "iterators.h"

namespace loaderscope {

std::unique_ptr<DataLoaderIter> makeLoaderIter(const Config& config, Segment& segment, Zygote* zygote,
                                               EventWriter& mainEvents, DeviceBackend& device,
                                               Generator& global, const std::atomic<int>& stopSignal)
{
    if (config.loader.num_workers == 0)
        return makeSingleProcessIter(config, segment, mainEvents, device, global);
    return makeMultiProcessIter(config, segment, zygote, mainEvents, device, global, stopSignal);
}

} // namespace loaderscope

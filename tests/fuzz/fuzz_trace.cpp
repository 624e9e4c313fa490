// SPDX-License-Identifier: MIT
#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    fuzz::trace(data, size);
    return 0;
}

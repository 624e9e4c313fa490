// SPDX-License-Identifier: MIT
// What capi.cpp and capi_hot.cpp share: how a function is exported, and the opaque pointers.
#pragma once

#include <memory>

#define LSP_API extern "C" __attribute__((visibility("default")))

namespace lsprobe {

/// An object handed to Python: a heap std::shared_ptr<T> (capi.cpp's boxed()), so a writer keeps
/// its segment mapped for as long as it lives.
template <class T>
std::shared_ptr<T>& ref(void* box)
{
    return *static_cast<std::shared_ptr<T>*>(box);
}

} // namespace lsprobe

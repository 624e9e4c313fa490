// SPDX-License-Identifier: MIT
// The newest glibc the probe's library needs decides the wheel's platform tag (manylinux_2_X):
// what would raise it without need is kept out here.
#include "loaderscope/base/clock.h"

#include <cstdint>
#include <sys/random.h>

// libstdc++.a's std::random_device (linked in with its copy-on-write string instantiations; the
// probe never makes one) refers to arc4random, new in glibc 2.36. This definition, hidden inside
// the library, takes that reference: the library then needs glibc 2.34 at most.
extern "C" __attribute__((visibility("hidden"))) uint32_t arc4random(void) noexcept
{
    uint32_t v = 0;
    if (getrandom(&v, sizeof v, 0) != ssize_t(sizeof v))
        v = uint32_t(loaderscope::nowNs() * 2654435761u);
    return v;
}

// SPDX-License-Identifier: MIT
// The window parser's builds (trace_window_<family>.cpp): everything they use besides simdjson,
// included before any target pragma so that no shared inline code is compiled for a wider CPU.
#pragma once

// Everything the window parser uses besides simdjson, included before any target pragma.
#include "trace_events.h"
#include "trace_flat.h"
#include "trace_scan.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cfloat>
#include <cinttypes>
#include <climits>
#include <cmath>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iomanip>
#include <iterator>
#include <limits>
#include <memory>
#include <mutex>
#include <ostream>
#include <ranges>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

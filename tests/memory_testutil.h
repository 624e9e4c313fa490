// SPDX-License-Identifier: MIT
// What the memory tests (tst_memory, tst_memory_runs) share.
#pragma once

#include "loaderscope/analysis/advice.h"

#include <QString>

namespace memtest {

constexpr qint64 kMiB = 1 << 20;

/// The advice about memory (copy-on-read, a worker's memory, /dev/shm slots).
inline bool isMemoryAdvice(const QString& id)
{
    using namespace loaderscope;
    return id == QLatin1String(advice_id::kCopyOnRead) || id == QLatin1String(advice_id::kWorkerMemory) ||
           id == QLatin1String(advice_id::kShmSlots);
}

} // namespace memtest

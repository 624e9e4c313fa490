// SPDX-License-Identifier: MIT
// Chrome trace export (trace_export.cpp): a recording written as a Perfetto / chrome://tracing file.
#pragma once

#include <functional>
#include <string>

namespace loaderscope {

class RecordingReader;

/**
 * Writes a Chrome trace (Perfetto / chrome://tracing) from a recording, streaming; the tracks are
 * named from the recording itself (its header and the workers' pids). False with `error` on I/O
 * failure or when `cancel` (may be empty) returned true.
 */
bool writeChromeTrace(const RecordingReader& recording, const std::string& path, std::string* error,
                      const std::function<bool()>& cancel = {});

} // namespace loaderscope

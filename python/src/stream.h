// SPDX-License-Identifier: MIT
// `python3 -m loaderscope stream SEGMENT`: a live segment's events written to a descriptor (standard
// output) as a recording stream (format version 3: recording.h, stream_writer.h), until the job
// ends. It reads the rings like any other reader: never slows the job.
#pragma once

#include <pybind11/pybind11.h>

namespace lsprobe {

/** Registers stream_segment() with the module. */
void registerStream(pybind11::module_& m);

} // namespace lsprobe

// SPDX-License-Identifier: MIT
// The probe's outputs, made by the engine's own code: the summary JSON (metrics, verdict, advice),
// the Chrome trace and the app's event file, plus the "observed" object and the model fit.
#pragma once

#include <pybind11/pybind11.h>

namespace lsprobe {

void registerOutputs(pybind11::module_& m);

} // namespace lsprobe

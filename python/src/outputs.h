// SPDX-License-Identifier: MIT
// The probe's outputs, made by the engine's own code: the summary JSON (metrics, verdict, advice),
// the Chrome trace and the app's event file, plus the "observed" object and the model fit.
#pragma once

#include <string>

namespace lsprobe {

class Session;

/// Stops the session's collector; returns its summary JSON (the engine's RunSummary, plus the
/// probe's keys) and writes it where a path is given, and the Chrome trace from the closed
/// recording. Throws std::runtime_error naming what could not be written.
std::string writeOutputs(Session& s, const std::string& metaJson, const std::string& summaryPath,
                         const std::string& tracePath, const std::string& recordingPath);

/// Writes the file's bytes to an output path by the output rule (devices and FIFOs in place).
/// Throws std::runtime_error naming the path.
void copyToOutput(const std::string& from, const std::string& to);

/// What a recording says of its slowest samples (`python3 -m loaderscope slow`), read in one
/// streaming pass: {"path", "events", "events_lost", "truncated", "damage", "stall_added_s",
/// "files_note", "figures"} with "figures" the summary JSON's figures (its distributions and
/// slowest_samples among them). Throws RecordingError when it is not a readable recording.
std::string recordingSlowest(const std::string& path);

} // namespace lsprobe

// SPDX-License-Identifier: MIT
// Input files (a config, a question bank, a summary, a recording), by one rule: no input is
// waited on or read without a bound.
// - The open never blocks: O_NONBLOCK, so a FIFO that no process writes is opened at once and
//   seen for what it is (fstat) instead of hanging the open.
// - A whole-file read (readInputFile) takes at most `maxBytes`: /dev/zero or a 2 GB file is
//   refused after maxBytes + 1 bytes, with its size when it has one. A pipe or FIFO with a
//   writer (`--config <(make_config)`) is read as its writer writes, until its end or until it has
//   been silent for `quietMs`; one with no writer is refused at once.
// - A recording is read in place (pread), so openRegularInput takes regular files only.
#pragma once

#include <cstdint>
#include <string>

namespace loaderscope {

/// Reads the whole input at `path` into *text, by the rule above. False with *error in words
/// naming `what` (a noun: "config file") and the path: "config file X is 2.0 MiB: larger than the
/// 1.0 MiB a config file may have", "config file X is a FIFO that no process writes to".
/// Why an input was refused, for callers that say it in their own words (the app translates).
struct InputFailure
{
    enum class Kind { None, CannotOpen, NotAFile, TooLarge, NoWriter, Quiet, CannotRead };
    Kind kind = Kind::None;
    int err = 0;           ///< errno, for CannotOpen and CannotRead
    std::string node;      ///< what the path is, for NotAFile ("a directory")
};

bool readInputFile(const std::string& path, uint64_t maxBytes, const std::string& what, std::string* text,
                   std::string* error, int quietMs = 10000, InputFailure* failure = nullptr);

/// Opens a regular file for reading (O_CLOEXEC, blocking reads) without ever blocking in the open;
/// -1 with *error naming the path and what it is when it is not a regular file.
int openRegularInput(const std::string& path, std::string* error, bool noFollow = false);

} // namespace loaderscope
